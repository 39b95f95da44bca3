#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Internal;

namespace Blake2Fast.Cores;

/// <summary>
/// 17 chunks in the 16 AVX-512 lanes over 17 block steps: the 17th chunk's block t runs in lane t at step t, and lane
/// t's own blocks from t on run a step later. Every lane computes 17 blocks, 272 in all, the work of 17 chunks with
/// no lane idle; the 17th chunk's chaining value moves up one lane a step (valignd) and the lane it leaves gets its
/// own back from the step before. Woven as a 128-bit row instead (<see cref="Blake3LanesPlusRow{TVec, TOps, TRow, TRowOps, TWoven}"/>),
/// that chunk costs its row operations' issue slots (45 a round where the lanes spend 112 for 16 chunks), which on
/// Zen 4 took 17 chunks to 2,640 ns against 2,240 for 16; rotated, 2,550 (the ideal 17/16 is 2,380; the rest is
/// the moves and each step's 16 row addresses, then read from a table). On Emerald Rapids, with the addresses worked
/// out in the row loads: 1.12x the time of 16 chunks (woven: 1.33x).
/// </summary>
internal static unsafe partial class Blake3Avx512
{
    private const int ChunkBlocks = 16;

    /// <summary>Groups of 17 chunks (16 blocks each) as above; the <see cref="HashMany"/> contract otherwise.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void HashManyRotating(
        ref byte input, nuint groups, nuint stride, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output)
    {
        Ops o = default;
        byte* space = stackalloc byte[CacheLine.Space<Blake3Message<Vector512<uint>>>()];
        ref Vector512<uint> m = ref Unsafe.As<Blake3Message<Vector512<uint>>, Vector512<uint>>(ref CacheLine.Align<Blake3Message<Vector512<uint>>>(space));
        // Each step's chaining values before the 17th chunk's move: lane t - 1's own is taken back from there.
        byte* saveSpace = stackalloc byte[2 * 8 * 64 + 63];
        Vector512<uint>* saved = (Vector512<uint>*)(((nuint)saveSpace + 63) & ~(nuint)63), previous = saved + 8;
        uint* last = stackalloc uint[8];
        nint laneStride = (nint)stride;
        for (; groups != 0; groups--)
        {
            Blake3LaneCore<Vector512<uint>, Ops>.Counters(counter, incrementCounter, out Vector512<uint> t0, out Vector512<uint> t1);
            ulong extra = incrementCounter ? counter + Lanes : counter;
            Vector512<uint> extraLow = Vector512.Create((uint)extra), extraHigh = Vector512.Create((uint)(extra >> 32));
            Vector512<uint> h0 = o.Broadcast(key), h1 = o.Broadcast(Unsafe.Add(ref key, 1));
            Vector512<uint> h2 = o.Broadcast(Unsafe.Add(ref key, 2)), h3 = o.Broadcast(Unsafe.Add(ref key, 3));
            Vector512<uint> h4 = o.Broadcast(Unsafe.Add(ref key, 4)), h5 = o.Broadcast(Unsafe.Add(ref key, 5));
            Vector512<uint> h6 = o.Broadcast(Unsafe.Add(ref key, 6)), h7 = o.Broadcast(Unsafe.Add(ref key, 7));
            for (int t = 0; t <= ChunkBlocks; t++)
            {
                // Lane t: the 17th chunk's CV from lane t - 1 (at step 0, the key all lanes start from); lane t - 1: its own CV back.
                Vector512<uint> here = Vector512.Equals(o.Indices, Vector512.Create((uint)t));
                Vector512<uint> before = Vector512.Equals(o.Indices, Vector512.Create((uint)(t - 1)));
                saved[0] = h0; saved[1] = h1; saved[2] = h2; saved[3] = h3; saved[4] = h4; saved[5] = h5; saved[6] = h6; saved[7] = h7;
                if (t > 0)
                {
                    h0 = Vector512.ConditionalSelect(before, previous[0], Vector512.ConditionalSelect(here, Avx512F.AlignRight32(h0, h0, 15), h0));
                    h1 = Vector512.ConditionalSelect(before, previous[1], Vector512.ConditionalSelect(here, Avx512F.AlignRight32(h1, h1, 15), h1));
                    h2 = Vector512.ConditionalSelect(before, previous[2], Vector512.ConditionalSelect(here, Avx512F.AlignRight32(h2, h2, 15), h2));
                    h3 = Vector512.ConditionalSelect(before, previous[3], Vector512.ConditionalSelect(here, Avx512F.AlignRight32(h3, h3, 15), h3));
                    h4 = Vector512.ConditionalSelect(before, previous[4], Vector512.ConditionalSelect(here, Avx512F.AlignRight32(h4, h4, 15), h4));
                    h5 = Vector512.ConditionalSelect(before, previous[5], Vector512.ConditionalSelect(here, Avx512F.AlignRight32(h5, h5, 15), h5));
                    h6 = Vector512.ConditionalSelect(before, previous[6], Vector512.ConditionalSelect(here, Avx512F.AlignRight32(h6, h6, 15), h6));
                    h7 = Vector512.ConditionalSelect(before, previous[7], Vector512.ConditionalSelect(here, Avx512F.AlignRight32(h7, h7, 15), h7));
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

                LoadRowsAt(ref input, laneStride, t, ref m);

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
                Vector512<uint> v14 = o.Broadcast(Blake3LaneCore<Vector512<uint>, Ops>.BlockLength), v15 = blockFlags;
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
    /// The transpose of <see cref="Ops.LoadMessage"/> at step <paramref name="t"/>: lane k's own block t (k &gt; t) or
    /// t - 1 (k &lt; t, a step behind), lane t the 17th chunk's block t. Each row's offset is worked out where it is
    /// loaded (k is a constant there: a compare, a shift and a conditional move): a table of offsets filled each step
    /// took 17 chunks to 1.21x the time of 16, against 1.12x (Emerald Rapids).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LoadRowsAt(ref byte input, nint stride, int t, ref Vector512<uint> words)
    {
        ref Vector512<ulong> w = ref Unsafe.As<Vector512<uint>, Vector512<ulong>>(ref words);
        Half(ref input, stride, t, ref w, 0);
        Half(ref input, stride, t, ref w, 1);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        static void Half(ref byte input, nint stride, int t, ref Vector512<ulong> w, int g)
        {
            ref byte at = ref Unsafe.Add(ref input, 32 * g + 64 * t);
            nint extra = Lanes * stride;
            Vector512<ulong> r0 = Row(ref at, stride, t, extra, 0), r1 = Row(ref at, stride, t, extra, 1), r2 = Row(ref at, stride, t, extra, 2), r3 = Row(ref at, stride, t, extra, 3);
            Vector512<ulong> r4 = Row(ref at, stride, t, extra, 4), r5 = Row(ref at, stride, t, extra, 5), r6 = Row(ref at, stride, t, extra, 6), r7 = Row(ref at, stride, t, extra, 7);
            LaneTranspose.Words32x8<Vector512<ulong>, Transpose512>(ref r0, ref r1, ref r2, ref r3, ref r4, ref r5, ref r6, ref r7);
            ref Vector512<ulong> o = ref Unsafe.Add(ref w, 8 * g);
            o = r0; Unsafe.Add(ref o, 1) = r1; Unsafe.Add(ref o, 2) = r2; Unsafe.Add(ref o, 3) = r3;
            Unsafe.Add(ref o, 4) = r4; Unsafe.Add(ref o, 5) = r5; Unsafe.Add(ref o, 6) = r6; Unsafe.Add(ref o, 7) = r7;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        static Vector512<ulong> Row(ref byte at, nint stride, int t, nint extra, int i)
        {
            Transpose512 x = default;
            int a = x.Lane(i, 8), b = a + x.HighStep(8);
            return x.Row(ref at, Off(stride, t, extra, a), Off(stride, t, extra, b));
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        static nint Off(nint stride, int t, nint extra, int k) => k == t ? extra : k * stride - ((k - t) >> 31 & 64);
    }
}
#endif
