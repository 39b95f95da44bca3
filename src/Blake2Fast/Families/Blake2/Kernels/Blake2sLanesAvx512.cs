#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Simd;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>
/// BLAKE2s hashes side by side on AVX-512: 8 lanes in 256-bit registers (BLAKE2sp's leaves) or 16 lanes in
/// 512-bit registers (many messages), every rotation one vprord.
/// </summary>
internal static class Blake2sLanesAvx512
{
    public static bool IsSupported => Avx512F.VL.IsSupported && BitConverter.IsLittleEndian;

    /// <summary>Compresses superblocks of 8 x 64 bytes into 8 lane chains.</summary>
    public static void Compress8(ref uint laneChain, ref byte input, nuint superblocks, uint increment = 64) =>
        WordKernel<Vector256<uint>, LaneWord<Vector256<uint>, Ops8, Blake2sWord>>.Compress(ref Unsafe.As<uint, Vector256<uint>>(ref laneChain), ref input, superblocks, increment);

    /// <summary>Compresses superblocks of 16 x 64 bytes into 16 lane chains.</summary>
    public static void Compress16(ref uint laneChain, ref byte input, nuint superblocks, uint increment = 64) =>
        WordKernel<Vector512<uint>, LaneWord<Vector512<uint>, Ops16, Blake2sWord>>.Compress(ref Unsafe.As<uint, Vector512<uint>>(ref laneChain), ref input, superblocks, increment);

    private readonly struct Ops8 : ILaneOps<Vector256<uint>>
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Broadcast(ulong value) => Vector256.Create((uint)value);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public ulong Lane0(Vector256<uint> x) => x.ToScalar();
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public void Transpose(ref byte input, ref Message16<Vector256<uint>> message) => LaneTranspose.Words32Pieces(ref input, 64, ref Message16<Vector256<uint>>.First(ref message));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Add(Vector256<uint> a, Vector256<uint> b) => Avx2.Add(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Xor(Vector256<uint> a, Vector256<uint> b) => Avx2.Xor(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> RotR1(Vector256<uint> x) => Avx512F.VL.RotateRight(x, 16);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> RotR2(Vector256<uint> x) => Avx512F.VL.RotateRight(x, 12);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> RotR3(Vector256<uint> x) => Avx512F.VL.RotateRight(x, 8);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> RotR4(Vector256<uint> x) => Avx512F.VL.RotateRight(x, 7);
    }

    private readonly struct Ops16 : ILaneOps<Vector512<uint>>
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> Broadcast(ulong value) => Vector512.Create((uint)value);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public ulong Lane0(Vector512<uint> x) => x.ToScalar();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Transpose(ref byte input, ref Message16<Vector512<uint>> message) => LaneTranspose.Words32<Vector512<ulong>, Transpose512>(ref input, 64, ref Unsafe.As<Vector512<uint>, Vector512<ulong>>(ref Message16<Vector512<uint>>.First(ref message)));

        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> Add(Vector512<uint> a, Vector512<uint> b) => Avx512F.Add(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> Xor(Vector512<uint> a, Vector512<uint> b) => Avx512F.Xor(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> RotR1(Vector512<uint> x) => Avx512F.RotateRight(x, 16);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> RotR2(Vector512<uint> x) => Avx512F.RotateRight(x, 12);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> RotR3(Vector512<uint> x) => Avx512F.RotateRight(x, 8);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> RotR4(Vector512<uint> x) => Avx512F.RotateRight(x, 7);
    }
}
#endif
