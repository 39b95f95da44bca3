#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Simd;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>Four BLAKE2b hashes side by side on AVX2 (the 4 leaves of BLAKE2bp, or 4 messages).</summary>
internal static class Blake2bLanesAvx2
{
    public static bool IsSupported => Avx2.IsSupported && BitConverter.IsLittleEndian;

    /// <summary>Compresses superblocks of 4 x 128 bytes (lane k's block at k * 128) into 4 lane chains.</summary>
    public static void Compress(ref ulong laneChain, ref byte input, nuint superblocks, uint increment = 128) =>
        WordKernel<Vector256<ulong>, LaneWord<Vector256<ulong>, Ops, Blake2bWord>>.Compress(ref Unsafe.As<ulong, Vector256<ulong>>(ref laneChain), ref input, superblocks, increment);

    private readonly struct Ops : ILaneOps<Vector256<ulong>>
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> Broadcast(ulong value) => Vector256.Create(value);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public ulong Lane0(Vector256<ulong> x) => x.ToScalar();
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public void Transpose(ref byte input, ref Message16<Vector256<ulong>> message) => LaneTranspose.Words64<Vector256<ulong>, Transpose256>(ref input, 128, ref Message16<Vector256<ulong>>.First(ref message));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> Add(Vector256<ulong> a, Vector256<ulong> b) => Avx2.Add(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> Xor(Vector256<ulong> a, Vector256<ulong> b) => Avx2.Xor(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> RotR1(Vector256<ulong> x) => Avx2Rotate.R32(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> RotR2(Vector256<ulong> x) => Avx2Rotate.R24(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> RotR3(Vector256<ulong> x) => Avx2Rotate.R16(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> RotR4(Vector256<ulong> x) => Avx2Rotate.R63(x);
    }
}
#endif
