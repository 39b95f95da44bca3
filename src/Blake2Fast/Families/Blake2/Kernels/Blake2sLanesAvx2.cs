#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Simd;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>Eight BLAKE2s hashes side by side on AVX2 (the 8 leaves of BLAKE2sp, or 8 messages).</summary>
internal static class Blake2sLanesAvx2
{
    public static bool IsSupported => Avx2.IsSupported && BitConverter.IsLittleEndian;

    /// <summary>Compresses superblocks of 8 x 64 bytes (lane k's block at k * 64) into 8 lane chains.</summary>
    public static void Compress(ref uint laneChain, ref byte input, nuint superblocks, uint increment = 64) =>
        WordKernel<Vector256<uint>, LaneWord<Vector256<uint>, Ops, Blake2sWord>>.Compress(ref Unsafe.As<uint, Vector256<uint>>(ref laneChain), ref input, superblocks, increment);

    private readonly struct Ops : ILaneOps<Vector256<uint>>
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Broadcast(ulong value) => Vector256.Create((uint)value);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public ulong Lane0(Vector256<uint> x) => x.ToScalar();
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public void Transpose(ref byte input, ref Message16<Vector256<uint>> message) => LaneTranspose.Words32Pieces(ref input, 64, ref Message16<Vector256<uint>>.First(ref message));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Add(Vector256<uint> a, Vector256<uint> b) => Avx2.Add(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Xor(Vector256<uint> a, Vector256<uint> b) => Avx2.Xor(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> RotR1(Vector256<uint> x) => Avx2Rotate.R16(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> RotR2(Vector256<uint> x) => Avx2Rotate.R12(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> RotR3(Vector256<uint> x) => Avx2Rotate.R8(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> RotR4(Vector256<uint> x) => Avx2Rotate.R7(x);
    }
}
#endif
