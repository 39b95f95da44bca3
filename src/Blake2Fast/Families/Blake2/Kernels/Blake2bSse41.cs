#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using static Blake2Fast.Families.Blake2.Kernels.Blake2Constants;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>
/// BLAKE2b on SSE4.1 (SSSE3 byte shuffles and alignr): each row of four 64-bit words is a pair of 128-bit
/// registers; lane turns are palignr across the pair.
/// </summary>
internal static class Blake2bSse41
{
    public static bool IsSupported => Sse41.IsSupported && BitConverter.IsLittleEndian;

    // Never inlined into its callers; fully optimized at once (see RowKernel).
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void Compress(ref ulong chain, ref byte input, nuint blocks, uint increment) =>
        RowKernel<ulong, Blake2bWord, Pair, Ops>.Compress(ref chain, ref input, blocks, increment);

    /// <summary>Four 64-bit words: Low = (w0, w1), High = (w2, w3).</summary>
    internal struct Pair
    {
        public Vector128<ulong> Low, High;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Pair(Vector128<ulong> low, Vector128<ulong> high)
        {
            Low = low;
            High = high;
        }
    }

    private readonly struct Ops : IRowOps<ulong, Pair>
    {
        public int Rounds => 12;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Pair Add(Pair a, Pair b) => new(Sse2.Add(a.Low, b.Low), Sse2.Add(a.High, b.High));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Pair Xor(Pair a, Pair b) => new(Sse2.Xor(a.Low, b.Low), Sse2.Xor(a.High, b.High));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Pair RotR1(Pair x) => new(Rot32(x.Low), Rot32(x.High));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Pair RotR2(Pair x) => new(Rot24(x.Low), Rot24(x.High));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Pair RotR3(Pair x) => new(Rot16(x.Low), Rot16(x.High));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Pair RotR4(Pair x) => new(Rot63(x.Low), Rot63(x.High));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Pair LoadRow(ref ulong source) => new(Vector128.LoadUnsafe(ref source), Vector128.LoadUnsafe(ref source, 2));

        public void StoreRow(ref ulong destination, Pair row)
        {
            row.Low.StoreUnsafe(ref destination);
            row.High.StoreUnsafe(ref destination, 2);
        }

        public Pair IVLow => new(Vector128.Create(IVb0, IVb1), Vector128.Create(IVb2, IVb3));
        public Pair IVHigh => new(Vector128.Create(IVb4, IVb5), Vector128.Create(IVb6, IVb7));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Pair Row(ulong w0, ulong w1, ulong w2, ulong w3) => new(Vector128.Create(w0, w1), Vector128.Create(w2, w3));

        // palignr(hi, lo, 8) = (lo.w1, hi.w0): the word pair that straddles the two registers.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Pair LanesRight1(Pair x) => new(Straddle(x.High, x.Low), Straddle(x.Low, x.High));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Pair LanesLeft1(Pair x) => new(Straddle(x.Low, x.High), Straddle(x.High, x.Low));
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Pair LanesSwap(Pair x) => new(x.High, x.Low);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Schedule(ref byte block, int round, out Pair x0, out Pair y0, out Pair x1, out Pair y1)
        {
            ref byte offsets = ref Unsafe.Add(ref MemoryMarshal.GetReference(RowSchedule.OffsetsB), round * 16);
            x0 = Gather(ref block, ref offsets);
            y0 = Gather(ref block, ref Unsafe.Add(ref offsets, 4));
            x1 = Gather(ref block, ref Unsafe.Add(ref offsets, 8));
            y1 = Gather(ref block, ref Unsafe.Add(ref offsets, 12));
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Pair Gather(ref byte block, ref byte offsets) =>
            new(RowSchedule.Load2x64(ref block, ref offsets), RowSchedule.Load2x64(ref block, ref Unsafe.Add(ref offsets, 2)));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<ulong> Straddle(Vector128<ulong> low, Vector128<ulong> high) => Ssse3.AlignRight(high.AsByte(), low.AsByte(), 8).AsUInt64();
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<ulong> Rot32(Vector128<ulong> x) => Sse2.Shuffle(x.AsUInt32(), 0b_10_11_00_01).AsUInt64();
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<ulong> Rot24(Vector128<ulong> x) => Ssse3.Shuffle(x.AsByte(), Vector128.Create((byte)3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10)).AsUInt64();
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<ulong> Rot16(Vector128<ulong> x) => Ssse3.Shuffle(x.AsByte(), Vector128.Create((byte)2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9)).AsUInt64();
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<ulong> Rot63(Vector128<ulong> x) => Sse2.Or(Sse2.Add(x, x), Sse2.ShiftRightLogical(x, 63));
    }
}
#endif
