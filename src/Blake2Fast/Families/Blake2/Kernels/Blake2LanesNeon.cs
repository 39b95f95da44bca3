#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Simd;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>
/// Two BLAKE2b hashes side by side on ARM64 AdvSIMD (2 messages, or BLAKE2bp's 4 leaves as two groups of 2); the
/// code is <see cref="NeonLanes{T, TWord, TVariant}"/>'s, shared with <see cref="Blake2sLanesNeon"/>.
/// </summary>
internal static class Blake2bLanesNeon
{
    // X86Base first, a constant to the JIT: on x64 the ARM intrinsics' types are then never loaded, which a process's
    // first hash (this table's support tests) would otherwise wait for.
    public static bool IsSupported => !X86Base.IsSupported && AdvSimd.Arm64.IsSupported && BitConverter.IsLittleEndian;

    /// <summary>Compresses superblocks of 2 x 128 bytes (lane k's block at k * 128) into 2 lane chains.</summary>
    public static void Compress2(ref ulong laneChain, ref byte input, nuint superblocks, uint increment) =>
        NeonLanes<ulong, NeonWord64, Blake2bWord>.Compress(ref laneChain, ref input, superblocks, increment);

    /// <summary>Compresses superblocks of 4 x 128 bytes into 4 lane chains (word w of lane k at <c>4 * w + k</c>).</summary>
    public static void Compress4(ref ulong laneChain, ref byte input, nuint superblocks, uint increment) =>
        NeonLanes<ulong, NeonWord64, Blake2bWord>.CompressTwoGroups(ref laneChain, ref input, superblocks, increment);
}

/// <summary>
/// Four BLAKE2s hashes side by side on ARM64 AdvSIMD (4 messages, or BLAKE2sp's 8 leaves as two groups of 4); the
/// code is <see cref="NeonLanes{T, TWord, TVariant}"/>'s, shared with <see cref="Blake2bLanesNeon"/>.
/// </summary>
internal static class Blake2sLanesNeon
{
    // X86Base first, a constant to the JIT: on x64 the ARM intrinsics' types are then never loaded, which a process's
    // first hash (this table's support tests) would otherwise wait for.
    public static bool IsSupported => !X86Base.IsSupported && AdvSimd.Arm64.IsSupported && BitConverter.IsLittleEndian;

    /// <summary>Compresses superblocks of 4 x 64 bytes (lane k's block at k * 64) into 4 lane chains.</summary>
    public static void Compress4(ref uint laneChain, ref byte input, nuint superblocks, uint increment) =>
        NeonLanes<uint, NeonWord32, Blake2sWord>.Compress(ref laneChain, ref input, superblocks, increment);

    /// <summary>Compresses superblocks of 8 x 64 bytes into 8 lane chains (word w of lane k at <c>8 * w + k</c>).</summary>
    public static void Compress8(ref uint laneChain, ref byte input, nuint superblocks, uint increment) =>
        NeonLanes<uint, NeonWord32, Blake2sWord>.CompressTwoGroups(ref laneChain, ref input, superblocks, increment);
}

/// <summary>
/// BLAKE2 lanes in one 128-bit AdvSIMD register per word, for either word size: <typeparamref name="T"/> is the word
/// (ulong: 2 BLAKE2b lanes; uint: 4 BLAKE2s lanes), <typeparamref name="TWord"/> the few instructions that differ
/// with it (<see cref="INeonWord{T}"/>), <typeparamref name="TVariant"/> the variant's descriptor, which gives the
/// rotation amounts. All three are value types, so the JIT compiles each instantiation apart with every call inlined:
/// the code is the one two hand-written kernels compiled to.
/// </summary>
internal static class NeonLanes<T, TWord, TVariant>
    where T : unmanaged
    where TWord : struct, INeonWord<T>
    where TVariant : struct, IBlake2Variant
{
    /// <summary>Lanes per register: 2 of BLAKE2b, 4 of BLAKE2s. A lane's block is 16 words, so a group's blocks fill 256 bytes.</summary>
    private static int Lanes => Vector128<T>.Count;

    /// <summary>Compresses superblocks of one block per lane (lane k's at <c>k * blockSize</c>) into one group of lane chains.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)] // into the entry points the kernel table holds: no forwarding frame
    public static void Compress(ref T laneChain, ref byte input, nuint superblocks, uint increment) =>
        WordKernel<Vector128<T>, LaneWord<Vector128<T>, Ops, TVariant>>.Compress(ref Unsafe.As<T, Vector128<T>>(ref laneChain), ref input, superblocks, increment);

    /// <summary>
    /// Compresses superblocks of two groups' blocks (512 bytes) into two groups of lane chains (word w of lane k at
    /// <c>2 * Lanes * w + k</c>): the first group, then the second, each group's chains gathered once into registers'
    /// worth of words and compressed one superblock half at a time.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void CompressTwoGroups(ref T laneChain, ref byte input, nuint superblocks, uint increment)
    {
        Unsafe.SkipInit(out Chains12 half);
        ref Vector128<T> chain = ref Unsafe.As<Chains12, Vector128<T>>(ref half);
        for (int h = 0; h < 2; h++)
        {
            for (int w = 0; w < 12; w++)
                Unsafe.Add(ref chain, w) = Vector128.LoadUnsafe(ref laneChain, (nuint)(2 * Lanes * w + Lanes * h));
            for (nuint s = 0; s < superblocks; s++)
                Compress(ref Unsafe.As<Vector128<T>, T>(ref chain), ref Unsafe.Add(ref input, (nint)s * 512 + 256 * h), 1, increment);
            for (int w = 0; w < 12; w++)
                Unsafe.Add(ref chain, w).StoreUnsafe(ref laneChain, (nuint)(2 * Lanes * w + Lanes * h));
        }
    }

    /// <summary>Twelve chain words (h[8], t0, t1, f0, f1) of one group of lanes.</summary>
    [StructLayout(LayoutKind.Sequential)]
    private struct Chains12
    {
#pragma warning disable CS0169 // reached through a ref to the first word
        private Vector128<T> _w0, _w1, _w2, _w3, _w4, _w5, _w6, _w7, _w8, _w9, _w10, _w11;
#pragma warning restore CS0169
    }

    private readonly struct Ops : ILaneOps<Vector128<T>>
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<T> Broadcast(ulong value) => default(TWord).Broadcast(value);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public ulong Lane0(Vector128<T> x) => default(TWord).Lane0(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public void Transpose(ref byte input, ref Message16<Vector128<T>> message) => default(TWord).Transpose(ref input, ref Message16<Vector128<T>>.First(ref message));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<T> Add(Vector128<T> a, Vector128<T> b) => a + b;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<T> Xor(Vector128<T> a, Vector128<T> b) => a ^ b;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<T> RotR1(Vector128<T> x) => default(TWord).RotateRight(x, default(TVariant).Rotation(1));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<T> RotR2(Vector128<T> x) => default(TWord).RotateRight(x, default(TVariant).Rotation(2));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<T> RotR3(Vector128<T> x) => default(TWord).RotateRight(x, default(TVariant).Rotation(3));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<T> RotR4(Vector128<T> x) => default(TWord).RotateRight(x, default(TVariant).Rotation(4));
    }
}

/// <summary>What differs between the word sizes of <see cref="NeonLanes{T, TWord, TVariant}"/>: the instructions, not the algorithm.</summary>
internal interface INeonWord<T> where T : unmanaged
{
    Vector128<T> Broadcast(ulong value);
    ulong Lane0(Vector128<T> x);

    /// <summary>One block per lane (lane k's at <c>k * blockSize</c>) into 16 words of every lane.</summary>
    void Transpose(ref byte input, ref Vector128<T> words);

    Vector128<T> RotateRight(Vector128<T> x, int n);
}

/// <summary>64-bit words, 2 lanes: BLAKE2b.</summary>
internal readonly struct NeonWord64 : INeonWord<ulong>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<ulong> Broadcast(ulong value) => Vector128.Create(value);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public ulong Lane0(Vector128<ulong> x) => x.ToScalar();
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public void Transpose(ref byte input, ref Vector128<ulong> words) => NeonTranspose.Blocks64x2(ref input, ref words);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<ulong> RotateRight(Vector128<ulong> x, int n) => NeonRotate.Right(x, n);
}

/// <summary>32-bit words, 4 lanes: BLAKE2s.</summary>
internal readonly struct NeonWord32 : INeonWord<uint>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Broadcast(ulong value) => Vector128.Create((uint)value);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public ulong Lane0(Vector128<uint> x) => x.ToScalar();
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public void Transpose(ref byte input, ref Vector128<uint> words) => NeonTranspose.Blocks32x4(ref input, 64, ref words);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotateRight(Vector128<uint> x, int n) => NeonRotate.Right(x, n);
}
#endif
