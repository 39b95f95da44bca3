#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;

namespace Blake2Fast.Cores;

/// <summary>
/// Two BLAKE2b hashes side by side on ARM64 AdvSIMD (2 messages, or BLAKE2bp's 4 leaves as two groups of 2). The
/// variant's constants and rotations come from its descriptor, <see cref="Blake2bWord"/>.
/// </summary>
internal static class Blake2bLanesNeon
{
    public static bool IsSupported => AdvSimd.Arm64.IsSupported && BitConverter.IsLittleEndian;

    /// <summary>Compresses superblocks of 2 x 128 bytes (lane k's block at k * 128) into 2 lane chains.</summary>
    public static void Compress2(ref ulong laneChain, ref byte input, nuint superblocks, uint increment) =>
        WordCore<Vector128<ulong>, LaneWord<Vector128<ulong>, Ops, Blake2bWord>>.Compress(ref Unsafe.As<ulong, Vector128<ulong>>(ref laneChain), ref input, superblocks, increment);

    /// <summary>
    /// Compresses superblocks of 4 x 128 bytes into 4 lane chains (word w of lane k at <c>4 * w + k</c>): lanes 0-1,
    /// then lanes 2-3, each group's chains gathered once and compressed one superblock half at a time.
    /// </summary>
    public static void Compress4(ref ulong laneChain, ref byte input, nuint superblocks, uint increment)
    {
        Unsafe.SkipInit(out Chains12 half);
        ref Vector128<ulong> chain = ref Unsafe.As<Chains12, Vector128<ulong>>(ref half);
        for (int h = 0; h < 2; h++)
        {
            for (int w = 0; w < 12; w++)
                Unsafe.Add(ref chain, w) = Vector128.LoadUnsafe(ref laneChain, (nuint)(4 * w + 2 * h));
            for (nuint s = 0; s < superblocks; s++)
                Compress2(ref Unsafe.As<Vector128<ulong>, ulong>(ref chain), ref Unsafe.Add(ref input, (nint)s * 512 + 256 * h), 1, increment);
            for (int w = 0; w < 12; w++)
                Unsafe.Add(ref chain, w).StoreUnsafe(ref laneChain, (nuint)(4 * w + 2 * h));
        }
    }

    /// <summary>Twelve chain words (h[8], t0, t1, f0, f1) of one group of 2 lanes.</summary>
    [StructLayout(LayoutKind.Sequential)]
    private struct Chains12
    {
#pragma warning disable CS0169 // reached through a ref to the first word
        private Vector128<ulong> _w0, _w1, _w2, _w3, _w4, _w5, _w6, _w7, _w8, _w9, _w10, _w11;
#pragma warning restore CS0169
    }

    private readonly struct Ops : ILaneOps<Vector128<ulong>>
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<ulong> Broadcast(ulong value) => Vector128.Create(value);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public ulong Lane0(Vector128<ulong> x) => x.ToScalar();
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public void Transpose(ref byte input, ref Message16<Vector128<ulong>> message) => NeonTranspose.Blocks64x2(ref input, ref Message16<Vector128<ulong>>.First(ref message));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<ulong> Add(Vector128<ulong> a, Vector128<ulong> b) => AdvSimd.Add(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<ulong> Xor(Vector128<ulong> a, Vector128<ulong> b) => AdvSimd.Xor(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<ulong> RotR1(Vector128<ulong> x) => NeonRotate.Right(x, default(Blake2bWord).Rotation(1));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<ulong> RotR2(Vector128<ulong> x) => NeonRotate.Right(x, default(Blake2bWord).Rotation(2));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<ulong> RotR3(Vector128<ulong> x) => NeonRotate.Right(x, default(Blake2bWord).Rotation(3));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<ulong> RotR4(Vector128<ulong> x) => NeonRotate.Right(x, default(Blake2bWord).Rotation(4));
    }
}
#endif
