#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Simd;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// BLAKE3 on AVX-512: 16 inputs (chunks or parents) side by side in 512-bit registers, every rotation one
/// vprord; all 16 state words stay in registers (32 zmm).
/// </summary>
[UnrolledBlake3Lanes("Vector512<uint>", "Avx512F.RotateRight({0}, {1})")]
[WovenBlake3Row("Vector128<uint>", "Avx512F.VL.RotateRight({0}, {1})", "Sse2.Shuffle({0}, {1})",
    "Sse.Shuffle({0}.AsSingle(), {1}.AsSingle(), {2}).AsUInt32()", "Sse41.Blend({0}.AsSingle(), {1}.AsSingle(), {2}).AsUInt32()")]
[WovenBlake3Row("Vector256<uint>", "Avx512F.VL.RotateRight({0}, {1})", "Avx2.Shuffle({0}, {1})",
    "Avx.Shuffle({0}.AsSingle(), {1}.AsSingle(), {2}).AsUInt32()", "Avx2.Blend({0}, {1}, {2} | {2} << 4)")]
[WovenBlake3Row("Vector512<uint>", "Avx512F.RotateRight({0}, {1})", "Avx512F.Shuffle({0}, {1})",
    "Avx512F.Shuffle({0}.AsSingle(), {1}.AsSingle(), {2}).AsUInt32()", "default(Blake3RowAvx512.Ops).Blend({0}, {1}, {2})")]
internal static partial class Blake3Avx512
{
    // Only AVX-512 F instructions are used. Vector512.IsHardwareAccelerated is deliberately not required: it is
    // the runtime's preference for its own wide loops (off on CPUs that downclock, or with a preferred width of
    // 256), not whether these instructions run; which kernel to prefer is the kernel table's choice.
    public static bool IsSupported => Avx512F.IsSupported && BitConverter.IsLittleEndian;

    /// <summary>Whether <see cref="HashManyPlusOne"/> runs (its row rotates with AVX-512 VL's vprord).</summary>
    public static bool PlusOneIsSupported => IsSupported && Avx512F.VL.IsSupported && Blake3RowSse41.IsSupported;

    /// <summary>Whether <see cref="HashManyPlusTwo"/> runs.</summary>
    public static bool PlusTwoIsSupported => IsSupported && Avx512F.VL.IsSupported && Blake3RowAvx2.IsSupported;

    public const int Lanes = 16;

    /// <summary>
    /// Hashes <c>groups * 16</c> inputs of <paramref name="blocks"/> full 64-byte blocks each; input i at
    /// <c>input + i * stride</c>, its chaining value (8 words, little-endian) to <c>output + 32 * i</c>.
    /// </summary>
    /// <remarks>
    /// <paramref name="output"/> may be <paramref name="input"/> itself (with a stride of at least 32: a tree
    /// reduced in place): a group reads all its blocks before it writes, and its outputs end below the next group's
    /// inputs. No alignment is needed.
    /// </remarks>
    /// <param name="input">The first input (any alignment).</param>
    /// <param name="groups">How many groups of <see cref="Lanes"/> inputs.</param>
    /// <param name="stride">Bytes from one input to the next (0: every input is the same bytes).</param>
    /// <param name="blocks">Full 64-byte blocks per input.</param>
    /// <param name="key">The starting chaining value, 8 words.</param>
    /// <param name="counter">Input 0's counter t.</param>
    /// <param name="incrementCounter">Whether input i's counter is <c>counter + i</c> (chunks) or all are equal (parents).</param>
    /// <param name="flags">Flags of every compression.</param>
    /// <param name="flagsStart">Flags added on each input's first block.</param>
    /// <param name="flagsEnd">Flags added on each input's last block.</param>
    /// <param name="output">32 bytes per input.</param>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void HashMany(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output) =>
        Blake3LaneKernel<Vector512<uint>, Ops>.HashMany(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);

    /// <summary>Full chunks, each one's whole lines also written to its place in an encoding (<c>Blake3LaneKernel.HashChunksWritingLines</c>).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int HashChunksWritingLines(ref byte input, ref nint sources, nuint groups, ref uint key, ulong counter, ref byte output, ref byte copyTo, ref nint positions) =>
        Blake3LaneKernel<Vector512<uint>, Ops>.HashChunksWritingLines(ref input, ref sources, groups, ref key, counter, ref output, ref copyTo, ref positions);

    /// <summary>
    /// The <see cref="HashMany"/> contract for groups of 17 inputs; <c>Blake3Batches</c> runs the last full group and
    /// one more input on it. Chunks rotate the 17th through the 16 lanes over 17 block steps (<see cref="HashManyRotating"/>),
    /// so no lane idles and 17 chunks cost close to 17/16 of 16, where 16 then 1 would pay a whole group for the last
    /// chunk. Other block counts (parents) take the 17th in an SSE4.1 row woven into the same rounds (Woven128, written
    /// by the build), the row's dependency chain running in the gaps of the lanes' throughput-bound work.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void HashManyPlusOne(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output)
    {
        if (blocks == ChunkBlocks)
            HashManyRotating(ref input, groups, stride, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);
        else
            Blake3LanesPlusRow<Vector512<uint>, Ops, Vector128<uint>, Blake3RowSse41.Ops, Woven128>.HashMany(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);
    }

    /// <summary>Groups of 18: the 17th and 18th side by side in an AVX2 row (one per 128-bit lane, at about the cost of one).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void HashManyPlusTwo(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output) =>
        Blake3LanesPlusRow<Vector512<uint>, Ops, Vector256<uint>, Blake3RowAvx2.Ops, Woven256>.HashMany(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);

    /// <summary>Groups of 19: an AVX-512 row of four from the 16th input, which the lanes hash too (no input past the group).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void HashManyPlusThree(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output) =>
        Blake3LanesPlusRow<Vector512<uint>, Ops, Vector512<uint>, Blake3RowAvx512.Ops, Woven512>.HashManyFromLastLane(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);

    /// <summary>Groups of 20: four more in an AVX-512 row (one per 128-bit lane).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void HashManyPlusFour(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output) =>
        Blake3LanesPlusRow<Vector512<uint>, Ops, Vector512<uint>, Blake3RowAvx512.Ops, Woven512>.HashMany(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);

    private readonly struct Ops : IBlake3LaneOps<Vector512<uint>>
    {
        public Vector512<uint> Indices => Vector512.Create(0u, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        // The rounds as the build writes them out (32 registers: the 16 state vectors never leave them).
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool UnrolledRounds(ref Vector512<uint> v0, ref Vector512<uint> v1, ref Vector512<uint> v2, ref Vector512<uint> v3, ref Vector512<uint> v4, ref Vector512<uint> v5, ref Vector512<uint> v6, ref Vector512<uint> v7, ref Vector512<uint> v8, ref Vector512<uint> v9, ref Vector512<uint> v10, ref Vector512<uint> v11, ref Vector512<uint> v12, ref Vector512<uint> v13, ref Vector512<uint> v14, ref Vector512<uint> v15, ref Vector512<uint> message)
        {
            Rounds(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref message);
            return true;
        }
        public bool ParkForRotations => false;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> Broadcast(uint value) => Vector512.Create(value);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> Subtract(Vector512<uint> a, Vector512<uint> b) => Avx512F.Subtract(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> LessThan(Vector512<uint> a, Vector512<uint> b) => Vector512.LessThan(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> Add(Vector512<uint> a, Vector512<uint> b) => Avx512F.Add(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> Xor(Vector512<uint> a, Vector512<uint> b) => Avx512F.Xor(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> RotR1(Vector512<uint> x) => Avx512F.RotateRight(x, 16);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> RotR2(Vector512<uint> x) => Avx512F.RotateRight(x, 12);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> RotR3(Vector512<uint> x) => Avx512F.RotateRight(x, 8);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> RotR4(Vector512<uint> x) => Avx512F.RotateRight(x, 7);

        // Rows of 2 x 32 bytes (lanes k and k + 4, see Transpose512) through three shuffle stages: 48
        // shuffles per 16 blocks, against 784 vector operations of the rounds, and no register held for them.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void LoadMessage(ref byte input, nint stride, ref Vector512<uint> words) =>
            LaneTranspose.Words32<Vector512<ulong>, Transpose512>(ref input, stride, ref Unsafe.As<Vector512<uint>, Vector512<ulong>>(ref words), Blake3Prefetch.Distance);

        // The same transpose backwards, and one more shuffle a row: row k then holds lane k's chain in its low half
        // and lane k + 8's in its high half.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreChains(ref byte output, Vector512<uint> h0, Vector512<uint> h1, Vector512<uint> h2, Vector512<uint> h3, Vector512<uint> h4, Vector512<uint> h5, Vector512<uint> h6, Vector512<uint> h7)
        {
            Vector512<ulong> r0 = h0.AsUInt64(), r1 = h1.AsUInt64(), r2 = h2.AsUInt64(), r3 = h3.AsUInt64();
            Vector512<ulong> r4 = h4.AsUInt64(), r5 = h5.AsUInt64(), r6 = h6.AsUInt64(), r7 = h7.AsUInt64();
            LaneTranspose.Words32x8<Vector512<ulong>, Transpose512>(ref r0, ref r1, ref r2, ref r3, ref r4, ref r5, ref r6, ref r7);
            Store(ref output, 0, r0); Store(ref output, 1, r1); Store(ref output, 2, r2); Store(ref output, 3, r3);
            Store(ref output, 4, r4); Store(ref output, 5, r5); Store(ref output, 6, r6); Store(ref output, 7, r7);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void Store(ref byte output, int k, Vector512<ulong> row)
        {
            row = Transpose512.HalvesByLane(row);
            row.GetLower().StoreUnsafe(ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref output, 32 * k)));
            row.GetUpper().StoreUnsafe(ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref output, 32 * (k + 8))));
        }
    }
}
#endif
