#if NET8_0_OR_GREATER
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Simd;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// The vector arithmetic and data movement of one BLAKE3 lane kernel: a vector of N 32-bit lanes, lane k an
/// independent input (a chunk or a parent node). RotR1..RotR4 are G's rotations 16, 12, 8, 7.
/// </summary>
internal interface IBlake3LaneOps<TVec> : IBlake2Ops<TVec> where TVec : struct
{
    TVec Broadcast(uint value);

    /// <summary>
    /// Whether the rotations need a 17th register (a scratch for shift-shift-or, a byte-shuffle mask) while only 16
    /// vector registers exist (no EVEX, so no vprord either): G4 then parks one state word in memory around each
    /// group of four rotations (see <c>RotateB</c>, <c>RotateD</c>).
    /// </summary>
    bool ParkForRotations { get; }

    /// <summary>Lane k holds k.</summary>
    TVec Indices { get; }

    TVec Subtract(TVec a, TVec b);

    /// <summary>Unsigned a &lt; b per lane: all ones where true.</summary>
    TVec LessThan(TVec a, TVec b);

    /// <summary>
    /// Reads one 64-byte block per lane (lane k's at <c>k * stride</c>) into 16 words: word i holds word i of
    /// every lane's block; on x86 it also prefetches each lane's input <see cref="Blake3Prefetch.Distance"/> ahead.
    /// </summary>
    void LoadMessage(ref byte input, nint stride, ref TVec words);

    /// <summary>
    /// Runs the seven rounds written out by the build (<c>UnrolledBlake3Lanes</c>) and returns true, or returns false
    /// for a kernel without them, whose caller then loops over the rounds with a schedule lookup per message word.
    /// </summary>
    bool UnrolledRounds(ref TVec v0, ref TVec v1, ref TVec v2, ref TVec v3, ref TVec v4, ref TVec v5, ref TVec v6, ref TVec v7, ref TVec v8, ref TVec v9, ref TVec v10, ref TVec v11, ref TVec v12, ref TVec v13, ref TVec v14, ref TVec v15, ref TVec message);

    /// <summary>Writes lane k's chaining value (word i in <c>h[i]</c>) as 32 little-endian bytes at <c>32 * k</c>.</summary>
    void StoreChains(ref byte output, TVec h0, TVec h1, TVec h2, TVec h3, TVec h4, TVec h5, TVec h6, TVec h7);
}

/// <summary>
/// BLAKE3's compression run N inputs at a time, written once for every vector width: lane k of every state word
/// belongs to input k, so each G is a handful of vertical vector instructions and nothing moves across lanes
/// except when the message is transposed in and the chaining values out.
/// </summary>
/// <remarks>
/// What the JIT is relied on to do (checked in the disassembly): inline G4 and Round with their ref arguments, so
/// the 16 state words are enregistered locals (with 16 registers only thanks to the parking in RotateB/RotateD);
/// address each message word as one memory operand of its add, indexed by a schedule byte.
/// </remarks>
internal static unsafe class Blake3LaneKernel<TVec, TOps>
    where TVec : struct
    where TOps : struct, IBlake3LaneOps<TVec>
{
    public const int BlockLength = 64;

    /// <summary>Lanes per vector (32-bit words).</summary>
    public static int Lanes => Unsafe.SizeOf<TVec>() / 4;

    /// <summary>
    /// The message word each G step reads, round by round: BLAKE3 permutes the message between rounds
    /// ([2,6,3,10,7,0,4,13,1,11,12,5,9,14,15,8]); reading word s_r[i] in round r instead of moving words gives
    /// the same values (s_0 = identity, s_r[i] = s_{r-1}[P[i]]). Entries are in 4-byte units (word index x
    /// lanes), so a read is one load addressed [message + entry * 4] for every vector width (15 x 16 fits a byte).
    /// Its address is loaded once per call, outside the loops.
    /// </summary>
    private static readonly byte[] Schedule = BuildSchedule();

    private static byte[] BuildSchedule()
    {
        ReadOnlySpan<byte> permutation = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];
        byte[] schedule = new byte[7 * 16];
        for (int i = 0; i < 16; i++)
            schedule[i] = (byte)i;
        for (int r = 1; r < 7; r++)
        {
            for (int i = 0; i < 16; i++)
                schedule[16 * r + i] = schedule[16 * (r - 1) + permutation[i]];
        }
        for (int i = 0; i < schedule.Length; i++)
            schedule[i] = (byte)(schedule[i] * Lanes);
        return schedule;
    }

    /// <summary>Message word <c>s[i]</c> of the current round's schedule.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TVec M(ref uint m, ref byte s, int i) => Unsafe.As<uint, TVec>(ref Unsafe.Add(ref m, (nint)Unsafe.Add(ref s, i)));

    /// <summary>
    /// Four independent G functions (a column or a diagonal step) taking the message words s[0..7], step by step
    /// across the four, so the out-of-order core sees four independent chains side by side.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G4(
        ref TVec a0, ref TVec b0, ref TVec c0, ref TVec d0, ref TVec a1, ref TVec b1, ref TVec c1, ref TVec d1,
        ref TVec a2, ref TVec b2, ref TVec c2, ref TVec d2, ref TVec a3, ref TVec b3, ref TVec c3, ref TVec d3,
        ref uint m, ref byte s)
    {
        TOps o = default;
        a0 = o.Add(o.Add(a0, M(ref m, ref s, 0)), b0); a1 = o.Add(o.Add(a1, M(ref m, ref s, 2)), b1);
        a2 = o.Add(o.Add(a2, M(ref m, ref s, 4)), b2); a3 = o.Add(o.Add(a3, M(ref m, ref s, 6)), b3);
        RotateD(ref d0, ref a0, ref d1, ref a1, ref d2, ref a2, ref d3, ref a3, ref c3, ref m, rot16: true);
        c0 = o.Add(c0, d0); c1 = o.Add(c1, d1); c2 = o.Add(c2, d2); c3 = o.Add(c3, d3);
        RotateB(ref b0, ref c0, ref b1, ref c1, ref b2, ref c2, ref b3, ref c3, ref d3, ref m, rot12: true);
        a0 = o.Add(o.Add(a0, M(ref m, ref s, 1)), b0); a1 = o.Add(o.Add(a1, M(ref m, ref s, 3)), b1);
        a2 = o.Add(o.Add(a2, M(ref m, ref s, 5)), b2); a3 = o.Add(o.Add(a3, M(ref m, ref s, 7)), b3);
        RotateD(ref d0, ref a0, ref d1, ref a1, ref d2, ref a2, ref d3, ref a3, ref c3, ref m, rot16: false);
        c0 = o.Add(c0, d0); c1 = o.Add(c1, d1); c2 = o.Add(c2, d2); c3 = o.Add(c3, d3);
        RotateB(ref b0, ref c0, ref b1, ref c1, ref b2, ref c2, ref b3, ref c3, ref d3, ref m, rot12: false);
    }

    /// <summary>
    /// b_i = (b_i ^ c_i) rotated by 12 or 7. With 16 registers all holding state, each shift-shift-or rotation
    /// needs a 17th and the JIT's allocator spills and reloads around every one (4 memory operations each); parking
    /// d3, which none of the four touches, for the group costs one store and one load and frees a register.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RotateB(
        ref TVec b0, ref TVec c0, ref TVec b1, ref TVec c1, ref TVec b2, ref TVec c2, ref TVec b3, ref TVec c3,
        ref TVec d3, ref uint m, bool rot12)
    {
        TOps o = default;
        ref TVec parked = ref Unsafe.As<uint, TVec>(ref Unsafe.Add(ref m, 16 * Lanes));
        if (o.ParkForRotations)
            parked = d3;
        if (rot12)
        {
            b0 = o.RotR2(o.Xor(b0, c0)); b1 = o.RotR2(o.Xor(b1, c1)); b2 = o.RotR2(o.Xor(b2, c2)); b3 = o.RotR2(o.Xor(b3, c3));
        }
        else
        {
            b0 = o.RotR4(o.Xor(b0, c0)); b1 = o.RotR4(o.Xor(b1, c1)); b2 = o.RotR4(o.Xor(b2, c2)); b3 = o.RotR4(o.Xor(b3, c3));
        }
        if (o.ParkForRotations)
            d3 = parked;
    }

    /// <summary>
    /// d_i = (d_i ^ a_i) rotated by 16 or 8: byte shuffles whose mask needs a register just the same (else the JIT
    /// rebuilds it on the stack every time); c3 is parked meanwhile, as d3 is in <see cref="RotateB"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RotateD(
        ref TVec d0, ref TVec a0, ref TVec d1, ref TVec a1, ref TVec d2, ref TVec a2, ref TVec d3, ref TVec a3,
        ref TVec c3, ref uint m, bool rot16)
    {
        TOps o = default;
        ref TVec parked = ref Unsafe.As<uint, TVec>(ref Unsafe.Add(ref m, 16 * Lanes));
        if (o.ParkForRotations)
            parked = c3;
        if (rot16)
        {
            d0 = o.RotR1(o.Xor(d0, a0)); d1 = o.RotR1(o.Xor(d1, a1)); d2 = o.RotR1(o.Xor(d2, a2)); d3 = o.RotR1(o.Xor(d3, a3));
        }
        else
        {
            d0 = o.RotR3(o.Xor(d0, a0)); d1 = o.RotR3(o.Xor(d1, a1)); d2 = o.RotR3(o.Xor(d2, a2)); d3 = o.RotR3(o.Xor(d3, a3));
        }
        if (o.ParkForRotations)
            c3 = parked;
    }

    /// <summary>One round: the column step (schedule entries 0..7), then the diagonal step (8..15).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(
        ref TVec v0, ref TVec v1, ref TVec v2, ref TVec v3, ref TVec v4, ref TVec v5, ref TVec v6, ref TVec v7,
        ref TVec v8, ref TVec v9, ref TVec v10, ref TVec v11, ref TVec v12, ref TVec v13, ref TVec v14, ref TVec v15,
        ref uint m, ref byte s)
    {
        G4(ref v0, ref v4, ref v8, ref v12, ref v1, ref v5, ref v9, ref v13,
            ref v2, ref v6, ref v10, ref v14, ref v3, ref v7, ref v11, ref v15, ref m, ref s);
        G4(ref v0, ref v5, ref v10, ref v15, ref v1, ref v6, ref v11, ref v12,
            ref v2, ref v7, ref v8, ref v13, ref v3, ref v4, ref v9, ref v14, ref m, ref Unsafe.Add(ref s, 8));
    }

    /// <summary>
    /// The transposed block of every lane's chunk, lane k's at <c>block + sources[k]</c> (the gathering kernel is AVX-512
    /// only: <see cref="HashChunksWritingLines"/>).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Gather(ref byte block, ref Lines lines, ref TVec words) =>
        LaneTranspose.Words32At<Vector512<ulong>, Transpose512>(ref block, lines.Sources, ref Unsafe.As<TVec, Vector512<ulong>>(ref words), Blake3Prefetch.Distance);

    /// <summary>
    /// Lane k's counter words: <paramref name="counter"/> + k when counting, else <paramref name="counter"/>. The low
    /// words add k; a lane whose low word wrapped (now below the base) carries one into its high word (subtracting the
    /// all-ones compare mask).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Counters(ulong counter, bool incrementCounter, out TVec t0, out TVec t1)
    {
        TOps o = default;
        uint baseLow = (uint)counter;
        t0 = incrementCounter ? o.Add(o.Broadcast(baseLow), o.Indices) : o.Broadcast(baseLow);
        t1 = o.Subtract(o.Broadcast((uint)(counter >> 32)), o.LessThan(t0, o.Broadcast(baseLow)));
    }

    /// <summary>The contract of the kernels' <c>HashMany</c> (see <see cref="Blake3Avx512.HashMany"/>).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void HashMany(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output)
    {
        byte* space = stackalloc byte[Internal.CacheLine.Space<Blake3MessagePair<TVec>>()];
        Loop<NoCopy>(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output,
            ref Internal.CacheLine.Align<Blake3MessagePair<TVec>>(space), ref Unsafe.NullRef<Lines>());
    }

    /// <summary>
    /// <see cref="HashMany"/> for <c>groups * Lanes</c> full chunks that also writes each chunk's whole 64-byte lines to
    /// its place at <c>copyTo + positions[i]</c> (positions multiples of 64): every line with one non-temporal store as
    /// soon as its bytes are loaded, so the stores run in the gaps of the rounds and no line is read for ownership.
    /// Chunk i is read at <c>input + 1024 * i</c>, or, with <paramref name="sources"/> (not a null ref), at
    /// <c>input + sources[i]</c> (the transpose reads each lane's rows from there). The bytes before a chunk's first
    /// line boundary and after its last (64 in all, on lines a neighbour shares) are the caller's. AVX-512 F only (the
    /// stores are 512-bit).
    /// </summary>
    /// <returns>The bytes of each chunk before its first line boundary in the destination (1 to 64).</returns>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int HashChunksWritingLines(ref byte input, ref nint sources, nuint groups, ref uint key, ulong counter, ref byte output, ref byte copyTo, ref nint positions)
    {
        Debug.Assert(Unsafe.SizeOf<TVec>() == 64 && Avx512F.IsSupported);
        nint head = ((-(nint)Unsafe.AsPointer(ref copyTo) - 1) & 63) + 1;
        byte* space = stackalloc byte[Internal.CacheLine.Space<Blake3MessagePair<TVec>>()];
        ref Blake3MessagePair<TVec> messages = ref Internal.CacheLine.Align<Blake3MessagePair<TVec>>(space);
        var lines = new Lines
        {
            CopyTo = (byte*)Unsafe.AsPointer(ref copyTo),
            Positions = (nint*)Unsafe.AsPointer(ref positions),
            Head = head,
            Sources = (nint*)Unsafe.AsPointer(ref sources),
        };
        if (Unsafe.IsNullRef(ref sources))
        {
            Loop<WriteLines>(ref input, groups, ChunkLength, ChunkLength / BlockLength, ref key, counter, true, 0, Blake3Flags.ChunkStart, Blake3Flags.ChunkEnd,
                ref output, ref messages, ref lines);
        }
        else
        {
            Loop<GatherAndWriteLines>(ref input, groups, ChunkLength, ChunkLength / BlockLength, ref key, counter, true, 0, Blake3Flags.ChunkStart, Blake3Flags.ChunkEnd,
                ref output, ref messages, ref lines);
        }
        // Before the caller unpins the destination (a GC's copy would not see stores still in write-combining buffers).
        Sse.StoreFence();
        return (int)head;
    }

    private const int ChunkLength = 1024;

    /// <summary>
    /// Where <see cref="HashChunksWritingLines"/> reads and writes (pinned by its caller): one argument, so the
    /// hashing-only loop carries one unused ref.
    /// </summary>
    private struct Lines
    {
        public byte* CopyTo;
        public nint* Positions;
        public nint Head;
        public nint* Sources;
    }

    // What Loop does besides hashing, as a type argument tested with typeof (folded while the JIT imports the loop, so
    // the hashing-only loop has no trace of the rest and takes no longer to compile).
    private readonly struct NoCopy;

    private readonly struct WriteLines;

    private readonly struct GatherAndWriteLines;

    // The transposed message lives in the caller's frame and arrives as a parameter: the JIT then keeps its address
    // in a register and every scheduled read is one memory operand, where a local's address is rebuilt per read.
    // AggressiveOptimization: docs/cores.md, "Kernels compiled fully optimized".
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void Loop<TCopy>(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output, ref Blake3MessagePair<TVec> messages,
        ref Lines lines)
        where TCopy : struct
    {
        TOps o = default;
        ref TVec first = ref Unsafe.As<Blake3MessagePair<TVec>, TVec>(ref messages);
        nint other = Unsafe.SizeOf<Blake3Message<TVec>>() / Unsafe.SizeOf<TVec>();
        ref byte schedule = ref Schedule[0];
        nint laneStride = (nint)stride;
        nuint last = blocks - 1;
        for (; groups != 0; groups--)
        {
            Counters(counter, incrementCounter, out TVec t0, out TVec t1);

            TVec h0 = o.Broadcast(key), h1 = o.Broadcast(Unsafe.Add(ref key, 1));
            TVec h2 = o.Broadcast(Unsafe.Add(ref key, 2)), h3 = o.Broadcast(Unsafe.Add(ref key, 3));
            TVec h4 = o.Broadcast(Unsafe.Add(ref key, 4)), h5 = o.Broadcast(Unsafe.Add(ref key, 5));
            TVec h6 = o.Broadcast(Unsafe.Add(ref key, 6)), h7 = o.Broadcast(Unsafe.Add(ref key, 7));

            ref byte block = ref input;
            // typeof, not a property of TCopy: the importer folds it, so each instantiation inlines one transpose per
            // site. Behind a property the dead one was imported too, the JIT's inlining budget ran out, and the
            // hashing-only loop's rounds became calls (three times slower); its first compilation took longer too.
            if (blocks != 0)
            {
                if (typeof(TCopy) == typeof(GatherAndWriteLines))
                    Gather(ref block, ref lines, ref first);
                else
                    o.LoadMessage(ref block, laneStride, ref first);
            }
            for (nuint j = 0; j < blocks; j++)
            {
                uint blockFlags = flags | (j == 0 ? flagsStart : 0) | (j == last ? flagsEnd : 0);
                // The next block is transposed into the other buffer before this block's rounds, so its loads and
                // shuffles run in the gaps of the rounds instead of between two blocks' rounds, where each block's
                // first add waited for loads, three shuffle stages and a store to load forward.
                nint current = (nint)(j & 1) * other;
                ref TVec m = ref Unsafe.Add(ref first, current);
                if (j != last)
                {
                    if (typeof(TCopy) == typeof(GatherAndWriteLines))
                        Gather(ref Unsafe.Add(ref block, BlockLength), ref lines, ref Unsafe.Add(ref first, other - current));
                    else
                        o.LoadMessage(ref Unsafe.Add(ref block, BlockLength), laneStride, ref Unsafe.Add(ref first, other - current));
                }
                ref uint words = ref Unsafe.As<TVec, uint>(ref m);
                if (typeof(TCopy) != typeof(NoCopy) && j != 0)
                {
                    // Each lane's line that ends in this block (blocks j - 1 and j are in L1 by now).
                    nint at = lines.Head + ((nint)j - 1) * BlockLength;
                    for (int k = 0; k < Lanes; k++)
                    {
                        nint source = (typeof(TCopy) == typeof(GatherAndWriteLines) ? lines.Sources[k] : k * laneStride) + at;
                        Avx512F.StoreAlignedNonTemporal(lines.CopyTo + lines.Positions[k] + at, Vector512.LoadUnsafe(ref Unsafe.Add(ref input, source)));
                    }
                }

                TVec v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
                TVec v8 = o.Broadcast(Blake2Constants.IVs0), v9 = o.Broadcast(Blake2Constants.IVs1);
                TVec v10 = o.Broadcast(Blake2Constants.IVs2), v11 = o.Broadcast(Blake2Constants.IVs3);
                TVec v12 = t0, v13 = t1, v14 = o.Broadcast(BlockLength), v15 = o.Broadcast(blockFlags);

                if (!o.UnrolledRounds(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m))
                {
                    // The rounds looped where Ops are the only way to the instructions: written out seven times in Ops
                    // calls, the method has over a thousand inlinees and the JIT's inlining budget runs out (Add, Xor and
                    // the rotations become calls and every state word lives in memory). One schedule byte per message
                    // word is the price.
                    for (int r = 0; r < 7; r++)
                    {
                        Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
                            ref words, ref Unsafe.Add(ref schedule, 16 * r));
                    }
                }

                // BLAKE3 keeps no feed-forward of the old chaining value: the new one is the two halves XOR-ed.
                h0 = o.Xor(v0, v8); h1 = o.Xor(v1, v9); h2 = o.Xor(v2, v10); h3 = o.Xor(v3, v11);
                h4 = o.Xor(v4, v12); h5 = o.Xor(v5, v13); h6 = o.Xor(v6, v14); h7 = o.Xor(v7, v15);
                block = ref Unsafe.Add(ref block, BlockLength);
            }

            o.StoreChains(ref output, h0, h1, h2, h3, h4, h5, h6, h7);
            if (typeof(TCopy) != typeof(GatherAndWriteLines))
                input = ref Unsafe.Add(ref input, laneStride * Lanes);
            output = ref Unsafe.Add(ref output, 32 * Lanes);
            if (typeof(TCopy) != typeof(NoCopy))
                lines.Positions += Lanes;
            if (typeof(TCopy) == typeof(GatherAndWriteLines))
                lines.Sources += Lanes;
            if (incrementCounter)
                counter += (ulong)Lanes;
        }
    }
}

/// <summary>
/// Each input's block a few ahead: beyond the caches, 16 streams 1 KiB apart are more than the hardware prefetcher
/// follows (the official assembly prefetches too). Past an input's last block it touches the next input's start, or
/// bytes past the end of the whole input: harmless, as a prefetch never faults.
/// </summary>
internal static unsafe class Blake3Prefetch
{
    /// <summary>
    /// Three blocks ahead, as the official assembly: far enough for the line to arrive before the rounds reach it,
    /// near enough not to evict lines still to be read.
    /// </summary>
    public const int Distance = 3 * 64;

    /// <summary>The input at <paramref name="block"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void One(ref byte block)
    {
        if (System.Runtime.Intrinsics.X86.Sse.IsSupported)
            System.Runtime.Intrinsics.X86.Sse.Prefetch0(Unsafe.AsPointer(ref Unsafe.Add(ref block, Distance)));
    }

    /// <summary>Inputs <paramref name="from"/> to <paramref name="to"/> (exclusive), input k at <c>k * stride</c>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Inputs(ref byte block, nint stride, int from, int to)
    {
        if (System.Runtime.Intrinsics.X86.Sse.IsSupported)
        {
            for (int k = from; k < to; k++)
                System.Runtime.Intrinsics.X86.Sse.Prefetch0(Unsafe.AsPointer(ref Unsafe.Add(ref block, k * stride + Distance)));
        }
    }
}

/// <summary>
/// A block's 16 transposed message words and one scratch word (see <c>RotateB</c>), read through refs; on the stack at a
/// cache line (<see cref="Internal.CacheLine"/>), as the transpose stores each block's words and round one loads them.
/// </summary>
[StructLayout(LayoutKind.Sequential)]
internal struct Blake3Message<T> where T : struct
{
#pragma warning disable CS0169 // reached through a ref to the first word
    private T _w0, _w1, _w2, _w3, _w4, _w5, _w6, _w7, _w8, _w9, _w10, _w11, _w12, _w13, _w14, _w15, _scratch;
#pragma warning restore CS0169
}

/// <summary>Two blocks' messages: the kernel's rounds read one while the next block is transposed into the other.</summary>
[StructLayout(LayoutKind.Sequential)]
internal struct Blake3MessagePair<T> where T : struct
{
#pragma warning disable CS0169 // reached through a ref to the first word
    private Blake3Message<T> _a, _b;
#pragma warning restore CS0169
}

#endif
