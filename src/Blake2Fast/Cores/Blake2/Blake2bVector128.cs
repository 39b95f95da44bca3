#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using static Blake2Fast.Cores.Blake2Constants;

namespace Blake2Fast.Cores;

/// <summary>
/// BLAKE2b on the runtime's cross-platform 128-bit vectors (<see cref="InstructionSet.Vector128"/>, WebAssembly's
/// SIMD): each row of four 64-bit words is a pair of 128-bit vectors, as in <see cref="Blake2bSse41"/>; a lane turn
/// takes the word pair that straddles the two vectors.
/// </summary>
internal static class Blake2bVector128
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated && BitConverter.IsLittleEndian;

    // Never inlined into its callers; fully optimized at once where a JIT compiles (see RowKernel).
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void Compress(ref ulong chain, ref byte input, nuint blocks, uint increment) =>
        RowKernel<ulong, Blake2bWord, Blake2bSse41.Pair, Ops>.Compress(ref chain, ref input, blocks, increment);

    private readonly struct Ops : IRowOps<ulong, Blake2bSse41.Pair>
    {
        public int Rounds => 12;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Blake2bSse41.Pair Add(Blake2bSse41.Pair a, Blake2bSse41.Pair b) => new(a.Low + b.Low, a.High + b.High);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Blake2bSse41.Pair Xor(Blake2bSse41.Pair a, Blake2bSse41.Pair b) => new(a.Low ^ b.Low, a.High ^ b.High);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Blake2bSse41.Pair RotR1(Blake2bSse41.Pair x) => new(Vector128Rotate.Right32(x.Low), Vector128Rotate.Right32(x.High));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Blake2bSse41.Pair RotR2(Blake2bSse41.Pair x) => new(Vector128Rotate.Right24(x.Low), Vector128Rotate.Right24(x.High));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Blake2bSse41.Pair RotR3(Blake2bSse41.Pair x) => new(Vector128Rotate.Right16(x.Low), Vector128Rotate.Right16(x.High));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Blake2bSse41.Pair RotR4(Blake2bSse41.Pair x) => new(Vector128Rotate.Right63(x.Low), Vector128Rotate.Right63(x.High));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Blake2bSse41.Pair LoadRow(ref ulong source) => new(Vector128.LoadUnsafe(ref source), Vector128.LoadUnsafe(ref source, 2));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreRow(ref ulong destination, Blake2bSse41.Pair row)
        {
            row.Low.StoreUnsafe(ref destination);
            row.High.StoreUnsafe(ref destination, 2);
        }

        public Blake2bSse41.Pair IVLow => new(Vector128.Create(IVb0, IVb1), Vector128.Create(IVb2, IVb3));
        public Blake2bSse41.Pair IVHigh => new(Vector128.Create(IVb4, IVb5), Vector128.Create(IVb6, IVb7));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Blake2bSse41.Pair Row(ulong w0, ulong w1, ulong w2, ulong w3) => new(Vector128.Create(w0, w1), Vector128.Create(w2, w3));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Blake2bSse41.Pair LanesRight1(Blake2bSse41.Pair x) => new(Straddle(x.High, x.Low), Straddle(x.Low, x.High));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Blake2bSse41.Pair LanesLeft1(Blake2bSse41.Pair x) => new(Straddle(x.Low, x.High), Straddle(x.High, x.Low));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Blake2bSse41.Pair LanesSwap(Blake2bSse41.Pair x) => new(x.High, x.Low);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Schedule(ref byte block, int round, out Blake2bSse41.Pair x0, out Blake2bSse41.Pair y0, out Blake2bSse41.Pair x1, out Blake2bSse41.Pair y1)
        {
            ref byte offsets = ref Unsafe.Add(ref MemoryMarshal.GetReference(RowSchedule.OffsetsB), round * 16);
            x0 = Gather(ref block, ref offsets);
            y0 = Gather(ref block, ref Unsafe.Add(ref offsets, 4));
            x1 = Gather(ref block, ref Unsafe.Add(ref offsets, 8));
            y1 = Gather(ref block, ref Unsafe.Add(ref offsets, 12));
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Blake2bSse41.Pair Gather(ref byte block, ref byte offsets) =>
            new(RowSchedule.Load2x64(ref block, ref offsets), RowSchedule.Load2x64(ref block, ref Unsafe.Add(ref offsets, 2)));

        /// <summary>(low.w1, high.w0): two element reads and a build (the API has no two-source shuffle).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<ulong> Straddle(Vector128<ulong> low, Vector128<ulong> high) => Vector128.Create(low.GetElement(1), high.GetElement(0));
    }
}
#endif
