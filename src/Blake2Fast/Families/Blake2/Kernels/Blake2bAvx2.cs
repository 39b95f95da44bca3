#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Simd;
using static Blake2Fast.Families.Blake2.Kernels.Blake2Constants;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>
/// BLAKE2b on AVX2: rows in 256-bit registers; rotations by 32 as a dword shuffle, by 24 and 16 as byte
/// shuffles, by 63 as add-shift-or; message vectors gathered from the block with ordinary loads.
/// </summary>
internal static class Blake2bAvx2
{
    public static bool IsSupported => Avx2.IsSupported && BitConverter.IsLittleEndian;

    // Never inlined into its callers; fully optimized at once (see RowKernel).
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void Compress(ref ulong chain, ref byte input, nuint blocks, uint increment) =>
        RowKernel<ulong, Blake2bWord, Vector256<ulong>, Ops>.Compress(ref chain, ref input, blocks, increment);

    private readonly struct Ops : IRowOps<ulong, Vector256<ulong>>
    {
        public int Rounds => 12;
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<ulong> Add(Vector256<ulong> a, Vector256<ulong> b) => Avx2.Add(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<ulong> Xor(Vector256<ulong> a, Vector256<ulong> b) => Avx2.Xor(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<ulong> RotR1(Vector256<ulong> x) => Avx2Rotate.R32(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<ulong> RotR2(Vector256<ulong> x) => Avx2Rotate.R24(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<ulong> RotR3(Vector256<ulong> x) => Avx2Rotate.R16(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<ulong> RotR4(Vector256<ulong> x) => Avx2Rotate.R63(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<ulong> LoadRow(ref ulong source) => Vector256.LoadUnsafe(ref source);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreRow(ref ulong destination, Vector256<ulong> row) => row.StoreUnsafe(ref destination);
        public Vector256<ulong> IVLow => Vector256.Create(IVb0, IVb1, IVb2, IVb3);
        public Vector256<ulong> IVHigh => Vector256.Create(IVb4, IVb5, IVb6, IVb7);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<ulong> Row(ulong w0, ulong w1, ulong w2, ulong w3) => Vector256.Create(w0, w1, w2, w3);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<ulong> LanesRight1(Vector256<ulong> x) => Avx2.Permute4x64(x, 0b_10_01_00_11);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<ulong> LanesLeft1(Vector256<ulong> x) => Avx2.Permute4x64(x, 0b_00_11_10_01);
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<ulong> LanesSwap(Vector256<ulong> x) => Avx2.Permute4x64(x, 0b_01_00_11_10);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Schedule(ref byte block, int round, out Vector256<ulong> x0, out Vector256<ulong> y0, out Vector256<ulong> x1, out Vector256<ulong> y1) =>
            RowSchedule.Words64(ref block, round, out x0, out y0, out x1, out y1);
    }
}
#endif
