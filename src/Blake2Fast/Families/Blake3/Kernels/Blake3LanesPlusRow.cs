#if NET8_0_OR_GREATER
using System.Runtime.CompilerServices;
using Blake2Fast.Families.Blake2.Kernels;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// A lane kernel's seven rounds with one row-layout compression woven in (rows a..d and message x0..y1 as
/// <see cref="Blake3RowKernel{TVec, TOps}.LoadMessage"/> gives it): <c>RoundsWithRow</c>, written out by the build
/// (<c>[UnrolledBlake3Lanes(..., withRow: true)]</c>).
/// </summary>
internal interface IBlake3WovenRounds<TVec, TRow>
    where TVec : struct
    where TRow : struct
{
    void Rounds(ref TVec v0, ref TVec v1, ref TVec v2, ref TVec v3, ref TVec v4, ref TVec v5, ref TVec v6, ref TVec v7,
        ref TVec v8, ref TVec v9, ref TVec v10, ref TVec v11, ref TVec v12, ref TVec v13, ref TVec v14, ref TVec v15, ref TVec m,
        ref TRow a, ref TRow b, ref TRow c, ref TRow d, TRow x0, TRow y0, TRow x1, TRow y1);
}

/// <summary>
/// The <c>HashMany</c> contract (see <see cref="Blake3Avx512.HashMany"/>) for groups of a lane kernel's lanes plus a
/// row kernel's inputs: the lanes take the first inputs of each group, the row the rest, in the same rounds. For the
/// input after a run of full groups (16 KiB + 1 KiB): alone, its 16 dependent compressions take about as long as the
/// 16 lanes' blocks (one latency-bound chain); woven in, they run in the gaps of the lanes' throughput-bound work.
/// </summary>
/// <remarks>
/// A loop apart from <see cref="Blake3LaneKernel{TVec, TOps}"/>'s, not a switch inside it: the JIT inlines the dead
/// branch's calls before it drops the branch, and the woven rounds' inlinees then exhaust the plain loop's inlining
/// budget (its rotations and stores become calls).
/// </remarks>
internal static unsafe class Blake3LanesPlusRow<TVec, TOps, TRow, TRowOps, TWoven>
    where TVec : struct
    where TOps : struct, IBlake3LaneOps<TVec>
    where TRow : struct
    where TRowOps : struct, IBlake3RowOps<TRow>
    where TWoven : struct, IBlake3WovenRounds<TVec, TRow>
{
    private const int BlockLength = 64;

    /// <summary>The contract of the kernels' <c>HashMany</c>, groups of the lanes plus the row's inputs.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void HashMany(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output)
    {
        byte* space = stackalloc byte[Internal.CacheLine.Space<Blake3Message<TVec>>()];
        Loop(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output, ref Internal.CacheLine.Align<Blake3Message<TVec>>(space), 0);
    }

    /// <summary>
    /// As <see cref="HashMany"/>, but the row starts at the lanes' last input, which it hashes again (writing the same
    /// chaining value): groups of the lanes plus the row's inputs less one. A row of four then takes a rest of three
    /// with no input past the group.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void HashManyFromLastLane(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output)
    {
        byte* space = stackalloc byte[Internal.CacheLine.Space<Blake3Message<TVec>>()];
        Loop(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output, ref Internal.CacheLine.Align<Blake3Message<TVec>>(space), 1);
    }

    // As Blake3LaneKernel.Loop (the message in the caller's frame, fully optimized at once), plus the row.
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void Loop(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output, ref Blake3Message<TVec> message, int overlap)
    {
        TOps o = default;
        TRowOps ro = default;
        // Inputs per group: the lanes', then the row's (from the lanes' last ones where it overlaps them).
        int lanes = Blake3LaneKernel<TVec, TOps>.Lanes, rowStart = lanes - overlap, inputs = rowStart + ro.Inputs;
        ref TVec m = ref Unsafe.As<Blake3Message<TVec>, TVec>(ref message);
        nint laneStride = (nint)stride;
        nuint last = blocks - 1;
        TRow rowKey0 = ro.Broadcast(ref key), rowKey1 = ro.Broadcast(ref Unsafe.Add(ref key, 4));
        for (; groups != 0; groups--)
        {
            Blake3LaneKernel<TVec, TOps>.Counters(counter, incrementCounter, out TVec t0, out TVec t1);
            TRow rowCounters = ro.Counters(incrementCounter ? counter + (ulong)rowStart : counter, incrementCounter ? 1UL : 0);

            TVec h0 = o.Broadcast(key), h1 = o.Broadcast(Unsafe.Add(ref key, 1));
            TVec h2 = o.Broadcast(Unsafe.Add(ref key, 2)), h3 = o.Broadcast(Unsafe.Add(ref key, 3));
            TVec h4 = o.Broadcast(Unsafe.Add(ref key, 4)), h5 = o.Broadcast(Unsafe.Add(ref key, 5));
            TVec h6 = o.Broadcast(Unsafe.Add(ref key, 6)), h7 = o.Broadcast(Unsafe.Add(ref key, 7));
            TRow rowH0 = rowKey0, rowH1 = rowKey1;

            ref byte block = ref input;
            for (nuint j = 0; j < blocks; j++)
            {
                uint blockFlags = flags | (j == 0 ? flagsStart : 0) | (j == last ? flagsEnd : 0);
                Blake3Prefetch.Inputs(ref block, laneStride, lanes, inputs);
                o.LoadMessage(ref block, laneStride, ref m);
                Blake3RowKernel<TRow, TRowOps>.LoadMessage(ref Unsafe.Add(ref block, laneStride * rowStart), laneStride,
                    out TRow x0, out TRow y0, out TRow x1, out TRow y1);

                TVec v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
                TVec v8 = o.Broadcast(Blake2Constants.IVs0), v9 = o.Broadcast(Blake2Constants.IVs1);
                TVec v10 = o.Broadcast(Blake2Constants.IVs2), v11 = o.Broadcast(Blake2Constants.IVs3);
                TVec v12 = t0, v13 = t1, v14 = o.Broadcast(BlockLength), v15 = o.Broadcast(blockFlags);
                TRow ra = rowH0, rb = rowH1, rc = ro.IV, rd = ro.Row3(rowCounters, BlockLength | (ulong)blockFlags << 32);

                default(TWoven).Rounds(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11,
                    ref v12, ref v13, ref v14, ref v15, ref m, ref ra, ref rb, ref rc, ref rd, x0, y0, x1, y1);

                h0 = o.Xor(v0, v8); h1 = o.Xor(v1, v9); h2 = o.Xor(v2, v10); h3 = o.Xor(v3, v11);
                h4 = o.Xor(v4, v12); h5 = o.Xor(v5, v13); h6 = o.Xor(v6, v14); h7 = o.Xor(v7, v15);
                rowH0 = ro.Xor(ra, rc);
                rowH1 = ro.Xor(rb, rd);
                block = ref Unsafe.Add(ref block, BlockLength);
            }

            o.StoreChains(ref output, h0, h1, h2, h3, h4, h5, h6, h7);
            // After the lanes' chains: an overlapped input's chain is written twice, the same both times.
            ro.Store(ref Unsafe.Add(ref output, 32 * rowStart), rowH0, rowH1);
            input = ref Unsafe.Add(ref input, laneStride * inputs);
            output = ref Unsafe.Add(ref output, 32 * inputs);
            if (incrementCounter)
                counter += (ulong)inputs;
        }
    }
}
#endif
