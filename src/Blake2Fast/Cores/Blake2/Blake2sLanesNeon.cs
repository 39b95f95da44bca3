#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;

namespace Blake2Fast.Cores;

/// <summary>
/// Four BLAKE2s hashes side by side on ARM64 AdvSIMD (4 messages, or BLAKE2sp's 8 leaves as two groups of 4). The
/// variant's constants and rotations come from its descriptor, <see cref="Blake2sWord"/>.
/// </summary>
internal static class Blake2sLanesNeon
{
    public static bool IsSupported => AdvSimd.Arm64.IsSupported && BitConverter.IsLittleEndian;

    /// <summary>Compresses superblocks of 4 x 64 bytes (lane k's block at k * 64) into 4 lane chains.</summary>
    public static void Compress4(ref uint laneChain, ref byte input, nuint superblocks, uint increment) =>
        WordCore<Vector128<uint>, LaneWord<Vector128<uint>, Ops, Blake2sWord>>.Compress(ref Unsafe.As<uint, Vector128<uint>>(ref laneChain), ref input, superblocks, increment);

    /// <summary>
    /// Compresses superblocks of 8 x 64 bytes into 8 lane chains (word w of lane k at <c>8 * w + k</c>): lanes 0-3,
    /// then lanes 4-7, each group's chains gathered once and compressed one superblock half at a time.
    /// </summary>
    public static void Compress8(ref uint laneChain, ref byte input, nuint superblocks, uint increment)
    {
        Unsafe.SkipInit(out Chains12 half);
        ref Vector128<uint> chain = ref Unsafe.As<Chains12, Vector128<uint>>(ref half);
        for (int h = 0; h < 2; h++)
        {
            for (int w = 0; w < 12; w++)
                Unsafe.Add(ref chain, w) = Vector128.LoadUnsafe(ref laneChain, (nuint)(8 * w + 4 * h));
            for (nuint s = 0; s < superblocks; s++)
                Compress4(ref Unsafe.As<Vector128<uint>, uint>(ref chain), ref Unsafe.Add(ref input, (nint)s * 512 + 256 * h), 1, increment);
            for (int w = 0; w < 12; w++)
                Unsafe.Add(ref chain, w).StoreUnsafe(ref laneChain, (nuint)(8 * w + 4 * h));
        }
    }

    /// <summary>Twelve chain words (h[8], t0, t1, f0, f1) of one group of 4 lanes.</summary>
    [StructLayout(LayoutKind.Sequential)]
    private struct Chains12
    {
#pragma warning disable CS0169 // reached through a ref to the first word
        private Vector128<uint> _w0, _w1, _w2, _w3, _w4, _w5, _w6, _w7, _w8, _w9, _w10, _w11;
#pragma warning restore CS0169
    }

    private readonly struct Ops : ILaneOps<Vector128<uint>>
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Broadcast(ulong value) => Vector128.Create((uint)value);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public ulong Lane0(Vector128<uint> x) => x.ToScalar();
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public void Transpose(ref byte input, ref Message16<Vector128<uint>> message) => NeonTranspose.Blocks32x4(ref input, 64, ref Message16<Vector128<uint>>.First(ref message));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Add(Vector128<uint> a, Vector128<uint> b) => AdvSimd.Add(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Xor(Vector128<uint> a, Vector128<uint> b) => AdvSimd.Xor(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR1(Vector128<uint> x) => NeonRotate.Right(x, default(Blake2sWord).Rotation(1));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR2(Vector128<uint> x) => NeonRotate.Right(x, default(Blake2sWord).Rotation(2));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR3(Vector128<uint> x) => NeonRotate.Right(x, default(Blake2sWord).Rotation(3));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR4(Vector128<uint> x) => NeonRotate.Right(x, default(Blake2sWord).Rotation(4));
    }
}
#endif
