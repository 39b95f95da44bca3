#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using static Blake2Fast.Families.Blake2.Kernels.Blake2Constants;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>
/// BLAKE2s on AVX-512 (F + VL): the SSE4.1 row layout with every rotation one vprord. The message schedule stays
/// plain loads: a permute of the block held in a 512-bit register (one vpermd per round) would take the shuffle unit
/// the row turns need, where loads go to otherwise idle load ports.
/// </summary>
internal static class Blake2sAvx512
{
    public static bool IsSupported => Avx512F.VL.IsSupported && BitConverter.IsLittleEndian;

    // Never inlined into its callers; fully optimized at once (see RowKernel).
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void Compress(ref uint chain, ref byte input, nuint blocks, uint increment) =>
        RowKernel<uint, Blake2sWord, Vector128<uint>, Ops>.Compress(ref chain, ref input, blocks, increment);

    private readonly struct Ops : IRowOps<uint, Vector128<uint>>
    {
        public int Rounds => 10;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> Add(Vector128<uint> a, Vector128<uint> b) => Sse2.Add(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> Xor(Vector128<uint> a, Vector128<uint> b) => Sse2.Xor(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> RotR1(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 16);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> RotR2(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 12);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> RotR3(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 8);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> RotR4(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 7);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> LoadRow(ref uint source) => Vector128.LoadUnsafe(ref source);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreRow(ref uint destination, Vector128<uint> row) => row.StoreUnsafe(ref destination);
        public Vector128<uint> IVLow => Vector128.Create(IVs0, IVs1, IVs2, IVs3);
        public Vector128<uint> IVHigh => Vector128.Create(IVs4, IVs5, IVs6, IVs7);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> Row(uint w0, uint w1, uint w2, uint w3) => Vector128.Create(w0, w1, w2, w3);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> LanesRight1(Vector128<uint> x) => Sse2.Shuffle(x, 0b_10_01_00_11);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> LanesLeft1(Vector128<uint> x) => Sse2.Shuffle(x, 0b_00_11_10_01);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> LanesSwap(Vector128<uint> x) => Sse2.Shuffle(x, 0b_01_00_11_10);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Schedule(ref byte block, int round, out Vector128<uint> x0, out Vector128<uint> y0, out Vector128<uint> x1, out Vector128<uint> y1) =>
            RowSchedule.Words32(ref block, round, out x0, out y0, out x1, out y1);
    }
}
#endif
