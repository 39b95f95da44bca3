#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Simd;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>
/// BLAKE2b hashes side by side on AVX-512: 4 lanes in 256-bit registers (BLAKE2bp's leaves) or 8 lanes in
/// 512-bit registers (many messages), every rotation one vprorq.
/// </summary>
internal static class Blake2bLanesAvx512
{
    public static bool IsSupported => Avx512F.VL.IsSupported && BitConverter.IsLittleEndian;

    /// <summary>Compresses superblocks of 4 x 128 bytes into 4 lane chains.</summary>
    public static void Compress4(ref ulong laneChain, ref byte input, nuint superblocks, uint increment = 128) =>
        WordKernel<Vector256<ulong>, LaneWord<Vector256<ulong>, Ops4, Blake2bWord>>.Compress(ref Unsafe.As<ulong, Vector256<ulong>>(ref laneChain), ref input, superblocks, increment);

    /// <summary>Compresses superblocks of 8 x 128 bytes into 8 lane chains.</summary>
    public static void Compress8(ref ulong laneChain, ref byte input, nuint superblocks, uint increment = 128) =>
        WordKernel<Vector512<ulong>, LaneWord<Vector512<ulong>, Ops8, Blake2bWord>>.Compress(ref Unsafe.As<ulong, Vector512<ulong>>(ref laneChain), ref input, superblocks, increment);

    private readonly struct Ops4 : ILaneOps<Vector256<ulong>>
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> Broadcast(ulong value) => Vector256.Create(value);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public ulong Lane0(Vector256<ulong> x) => x.ToScalar();
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public void Transpose(ref byte input, ref Message16<Vector256<ulong>> message) => LaneTranspose.Words64<Vector256<ulong>, Transpose256>(ref input, 128, ref Message16<Vector256<ulong>>.First(ref message));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> Add(Vector256<ulong> a, Vector256<ulong> b) => Avx2.Add(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> Xor(Vector256<ulong> a, Vector256<ulong> b) => Avx2.Xor(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> RotR1(Vector256<ulong> x) => Avx512F.VL.RotateRight(x, 32);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> RotR2(Vector256<ulong> x) => Avx512F.VL.RotateRight(x, 24);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> RotR3(Vector256<ulong> x) => Avx512F.VL.RotateRight(x, 16);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> RotR4(Vector256<ulong> x) => Avx512F.VL.RotateRight(x, 63);
    }

    private readonly struct Ops8 : ILaneOps<Vector512<ulong>>
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<ulong> Broadcast(ulong value) => Vector512.Create(value);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public ulong Lane0(Vector512<ulong> x) => x.ToScalar();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Transpose(ref byte input, ref Message16<Vector512<ulong>> message) => LaneTranspose.Words64<Vector512<ulong>, Transpose512>(ref input, 128, ref Message16<Vector512<ulong>>.First(ref message));

        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<ulong> Add(Vector512<ulong> a, Vector512<ulong> b) => Avx512F.Add(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<ulong> Xor(Vector512<ulong> a, Vector512<ulong> b) => Avx512F.Xor(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<ulong> RotR1(Vector512<ulong> x) => Avx512F.RotateRight(x, 32);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<ulong> RotR2(Vector512<ulong> x) => Avx512F.RotateRight(x, 24);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<ulong> RotR3(Vector512<ulong> x) => Avx512F.RotateRight(x, 16);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<ulong> RotR4(Vector512<ulong> x) => Avx512F.RotateRight(x, 63);
    }
}
#endif
