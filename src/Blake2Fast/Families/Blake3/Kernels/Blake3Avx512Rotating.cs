#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Internal;
using Blake2Fast.Simd;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// 17 chunks in the 16 AVX-512 lanes over 17 block steps: the 17th chunk's block t runs in lane t at step t, and lane
/// t's own blocks from t on run a step later. Every lane computes 17 blocks, 272 in all, the work of 17 chunks with
/// no lane idle; the 17th chunk's chaining value moves up one lane a step and the lane it leaves gets its own back
/// from the step before (one two-source permute per word). Woven as a 128-bit row instead
/// (<see cref="Blake3LanesPlusRow{TVec, TOps, TRow, TRowOps, TWoven}"/>), that chunk costs its row operations' issue
/// slots (45 a round where the lanes spend 112 for 16 chunks), which the lanes' issue-bound rounds cannot spare;
/// rotated, the 17th chunk's work is spread as one more block step over lanes that would otherwise idle.
/// </summary>
internal static unsafe partial class Blake3Avx512
{
    private const int ChunkBlocks = 16, BlockBytes = 64;

    /// <summary>Groups of 17 chunks (16 blocks each) as above; the <see cref="HashMany"/> contract otherwise.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void HashManyRotating(
        ref byte input, nuint groups, nuint stride, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output)
    {
        Ops o = default;
        byte* space = stackalloc byte[CacheLine.Space<Blake3MessagePair<Vector512<uint>>>()];
        ref Vector512<uint> first = ref Unsafe.As<Blake3MessagePair<Vector512<uint>>, Vector512<uint>>(ref CacheLine.Align<Blake3MessagePair<Vector512<uint>>>(space));
        // Each step's chaining values before the 17th chunk's move: lane t - 1's own is taken back from there.
        byte* saveSpace = stackalloc byte[2 * 8 * 64 + 63];
        Vector512<uint>* saved = (Vector512<uint>*)(((nuint)saveSpace + 63) & ~(nuint)63), previous = saved + 8;
        nint other = Unsafe.SizeOf<Blake3Message<Vector512<uint>>>() / Unsafe.SizeOf<Vector512<uint>>();
        nint* offsets = stackalloc nint[Lanes];
        uint* last = stackalloc uint[8];
        nint laneStride = (nint)stride;
        for (; groups != 0; groups--)
        {
            Blake3LaneKernel<Vector512<uint>, Ops>.Counters(counter, incrementCounter, out Vector512<uint> t0, out Vector512<uint> t1);
            ulong extra = incrementCounter ? counter + Lanes : counter;
            Vector512<uint> extraLow = Vector512.Create((uint)extra), extraHigh = Vector512.Create((uint)(extra >> 32));
            Vector512<uint> h0 = o.Broadcast(key), h1 = o.Broadcast(Unsafe.Add(ref key, 1));
            Vector512<uint> h2 = o.Broadcast(Unsafe.Add(ref key, 2)), h3 = o.Broadcast(Unsafe.Add(ref key, 3));
            Vector512<uint> h4 = o.Broadcast(Unsafe.Add(ref key, 4)), h5 = o.Broadcast(Unsafe.Add(ref key, 5));
            Vector512<uint> h6 = o.Broadcast(Unsafe.Add(ref key, 6)), h7 = o.Broadcast(Unsafe.Add(ref key, 7));
            // Row offsets from the step's block in each input: lane k's own chunk, lane 0 on the 17th at step 0.
            for (int k = 1; k < Lanes; k++)
                offsets[k] = k * laneStride;
            offsets[0] = Lanes * laneStride;
            LoadRowsAt(ref input, offsets, 0, ref first);
            for (int t = 0; t <= ChunkBlocks; t++)
            {
                nint current = (t & 1) * other;
                ref Vector512<uint> m = ref Unsafe.Add(ref first, current);
                // Lane t: the 17th chunk's CV from lane t - 1 (at step 0, the key all lanes start from); lane t - 1: its own CV back.
                Vector512<uint> here = Vector512.Equals(o.Indices, Vector512.Create((uint)t));
                Vector512<uint> before = Vector512.Equals(o.Indices, Vector512.Create((uint)(t - 1)));
                saved[0] = h0; saved[1] = h1; saved[2] = h2; saved[3] = h3; saved[4] = h4; saved[5] = h5; saved[6] = h6; saved[7] = h7;
                if (t > 0)
                {
                    // One two-source permute per word: lane t takes lane t - 1's new value, lane t - 1 its saved one.
                    Vector512<uint> pick = Vector512.ConditionalSelect(before, o.Indices + Vector512.Create(16u), Vector512.ConditionalSelect(here, o.Indices - Vector512<uint>.One, o.Indices));
                    h0 = Avx512F.PermuteVar16x32x2(h0, pick, previous[0]); h1 = Avx512F.PermuteVar16x32x2(h1, pick, previous[1]);
                    h2 = Avx512F.PermuteVar16x32x2(h2, pick, previous[2]); h3 = Avx512F.PermuteVar16x32x2(h3, pick, previous[3]);
                    h4 = Avx512F.PermuteVar16x32x2(h4, pick, previous[4]); h5 = Avx512F.PermuteVar16x32x2(h5, pick, previous[5]);
                    h6 = Avx512F.PermuteVar16x32x2(h6, pick, previous[6]); h7 = Avx512F.PermuteVar16x32x2(h7, pick, previous[7]);
                }
                if (t == ChunkBlocks)
                {
                    // The 17th chunk's CV, lane 15 before its own came back (written after every block is read).
                    for (int i = 0; i < 8; i++)
                        last[i] = saved[i].GetElement(Lanes - 1);
                }
                Vector512<uint>* swap = saved;
                saved = previous;
                previous = swap;

                // The next step's message, transposed into the other buffer while this step's rounds run (as
                // Blake3LaneKernel.Loop does). After the moves, not before them: placed first, the transpose's loads
                // compete with the moves' permutes for the same ports. Only two offsets change a step: lane t falls a block
                // behind (-64 from the next step's block), lane t + 1 takes the 17th chunk.
                if (t != ChunkBlocks)
                {
                    offsets[t] = t * laneStride - BlockBytes;
                    if (t + 1 != Lanes)
                        offsets[t + 1] = Lanes * laneStride;
                    LoadRowsAt(ref input, offsets, t + 1, ref Unsafe.Add(ref first, other - current));
                }

                // Flags: every lane starts at step 0 (lane 0 on the 17th chunk), lane 0 its own at step 1; the 17th
                // chunk ends in lane 15 at step 15, every lane's own at step 16.
                Vector512<uint> blockFlags = Vector512.Create(flags);
                if (t == 0)
                    blockFlags |= Vector512.Create(flagsStart);
                else if (t == 1)
                    blockFlags |= Vector512.Create(flagsStart) & before;
                else if (t == ChunkBlocks - 1)
                    blockFlags |= Vector512.Create(flagsEnd) & here;
                else if (t == ChunkBlocks)
                    blockFlags |= Vector512.Create(flagsEnd);

                Vector512<uint> v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
                Vector512<uint> v8 = o.Broadcast(Blake2Constants.IVs0), v9 = o.Broadcast(Blake2Constants.IVs1);
                Vector512<uint> v10 = o.Broadcast(Blake2Constants.IVs2), v11 = o.Broadcast(Blake2Constants.IVs3);
                Vector512<uint> v12 = Vector512.ConditionalSelect(here, extraLow, t0), v13 = Vector512.ConditionalSelect(here, extraHigh, t1);
                Vector512<uint> v14 = o.Broadcast(Blake3LaneKernel<Vector512<uint>, Ops>.BlockLength), v15 = blockFlags;
                Rounds(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m);
                h0 = v0 ^ v8; h1 = v1 ^ v9; h2 = v2 ^ v10; h3 = v3 ^ v11;
                h4 = v4 ^ v12; h5 = v5 ^ v13; h6 = v6 ^ v14; h7 = v7 ^ v15;
            }

            o.StoreChains(ref output, h0, h1, h2, h3, h4, h5, h6, h7);
            for (int i = 0; i < 8; i++)
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref output, 32 * Lanes + 4 * i), BitConverter.IsLittleEndian ? last[i] : System.Buffers.Binary.BinaryPrimitives.ReverseEndianness(last[i]));
            input = ref Unsafe.Add(ref input, laneStride * (Lanes + 1));
            output = ref Unsafe.Add(ref output, 32 * (Lanes + 1));
            if (incrementCounter)
                counter += Lanes + 1;
        }
    }

    /// <summary>
    /// The transpose of <see cref="Ops.LoadMessage"/> at step <paramref name="t"/>, lane k's row at
    /// <c>offsets[k]</c> from block t: its own block t (k &gt; t) or t - 1 (k &lt; t, a step behind), lane t the 17th
    /// chunk's block t. Read from the table, a row address is one load; worked out per row (a compare and branch per
    /// address, the JIT emits no conditional move there), about ten scalar instructions each, 32 a step.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LoadRowsAt(ref byte input, nint* offsets, int t, ref Vector512<uint> words)
    {
        ref Vector512<ulong> w = ref Unsafe.As<Vector512<uint>, Vector512<ulong>>(ref words);
        Half(ref input, offsets, t, ref w, 0);
        Half(ref input, offsets, t, ref w, 1);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        static void Half(ref byte input, nint* offsets, int t, ref Vector512<ulong> w, int g)
        {
            ref byte at = ref Unsafe.Add(ref input, 32 * g + BlockBytes * t);
            Vector512<ulong> r0 = Row(ref at, offsets, 0), r1 = Row(ref at, offsets, 1), r2 = Row(ref at, offsets, 2), r3 = Row(ref at, offsets, 3);
            Vector512<ulong> r4 = Row(ref at, offsets, 4), r5 = Row(ref at, offsets, 5), r6 = Row(ref at, offsets, 6), r7 = Row(ref at, offsets, 7);
            LaneTranspose.Words32x8<Vector512<ulong>, Transpose512>(ref r0, ref r1, ref r2, ref r3, ref r4, ref r5, ref r6, ref r7);
            ref Vector512<ulong> o = ref Unsafe.Add(ref w, 8 * g);
            o = r0; Unsafe.Add(ref o, 1) = r1; Unsafe.Add(ref o, 2) = r2; Unsafe.Add(ref o, 3) = r3;
            Unsafe.Add(ref o, 4) = r4; Unsafe.Add(ref o, 5) = r5; Unsafe.Add(ref o, 6) = r6; Unsafe.Add(ref o, 7) = r7;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        static Vector512<ulong> Row(ref byte at, nint* offsets, int i)
        {
            Transpose512 x = default;
            int a = x.Lane(i, 8), b = a + x.HighStep(8);
            return x.Row(ref at, offsets[a], offsets[b]);
        }
    }
}
#endif
