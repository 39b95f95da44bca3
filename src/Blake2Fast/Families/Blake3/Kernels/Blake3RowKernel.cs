#if NET8_0_OR_GREATER
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// The vector operations of a BLAKE3 row kernel. Every 128-bit lane of a vector is one input's row (four words), so
/// a 128-bit vector compresses one input, a 256-bit one two side by side, a 512-bit one four: word shuffles stay
/// inside 128-bit lanes and cost the same at every width.
/// </summary>
internal interface IBlake3RowOps<TVec> where TVec : struct
{
    /// <summary>Inputs side by side: 1, 2 or 4.</summary>
    int Inputs { get; }

    TVec Xor(TVec a, TVec b);

    /// <summary>Each lane's words reordered (pshufd).</summary>
    TVec Words(TVec x, [ConstantExpected] byte control);

    /// <summary>Two words of <paramref name="a"/>, then two of <paramref name="b"/> (shufps).</summary>
    TVec Pick(TVec a, TVec b, [ConstantExpected] byte control);

    /// <summary>
    /// The seven rounds on rows a..d, the message as <see cref="Blake3RowKernel{TVec, TOps}.LoadMessage"/> gives it: the
    /// kernel's <c>RowRounds</c>, written out by the build (<c>[UnrolledBlake3Row]</c>) from the one description of
    /// the round, which the lane kernels weave in too.
    /// </summary>
    void Rounds(ref TVec a, ref TVec b, ref TVec c, ref TVec d, TVec x0, TVec y0, TVec x1, TVec y1);

    /// <summary>BLAKE3's first four IV words in every lane.</summary>
    TVec IV { get; }

    /// <summary>Four words at <paramref name="key"/> in every lane.</summary>
    TVec Broadcast(ref uint key);

    /// <summary>16 bytes of each input: input i at <c>input + i * stride</c>.</summary>
    TVec Load(ref byte input, nint stride);

    /// <summary>Input i's counter, <paramref name="counter"/> + i * <paramref name="step"/>, as the low 64 bits of lane i.</summary>
    TVec Counters(ulong counter, ulong step);

    /// <summary>The state's last row: each lane's counter, then <paramref name="lengthAndFlags"/> (block length low, flags high).</summary>
    TVec Row3(TVec counters, ulong lengthAndFlags);

    /// <summary>Input i's chaining value (lane i of <paramref name="h0"/>, then of <paramref name="h1"/>) to <c>output + 32 * i</c>.</summary>
    void Store(ref byte output, TVec h0, TVec h1);
}

/// <summary>
/// BLAKE3's compression in the row layout, written once for every width (see <see cref="IBlake3RowOps{TVec}"/>).
/// One compression is a single dependency chain, so its time is that chain's latency, the same at every width:
/// two or four inputs side by side cost about what one costs.
/// </summary>
/// <remarks>
/// BLAKE3's message permutation is the same every round, so the message stays in four registers in the order the
/// round consumes it, and one fixed network of 11 shuffles (off the critical path) gives the next round's order.
/// </remarks>
internal static class Blake3RowKernel<TVec, TOps>
    where TVec : struct
    where TOps : struct, IBlake3RowOps<TVec>
{
    // The kernels' entry points that inline this (and the single-block compressions) are AggressiveOptimization:
    // docs/cores.md, "Kernels compiled fully optimized".
    /// <summary>The contract of <see cref="Blake3Portable.HashMany"/>, <c>Inputs</c> inputs per group.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void HashMany(ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter,
        bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, ref byte output)
    {
        TOps o = default;
        nuint inputs = (nuint)o.Inputs;
        TVec k0 = o.Broadcast(ref key), k1 = o.Broadcast(ref Unsafe.Add(ref key, 4));
        ulong step = incrementCounter ? 1UL : 0;
        for (nuint g = 0; g < groups; g++)
        {
            ref byte block = ref Unsafe.Add(ref input, (nint)(g * inputs * stride));
            TVec counters = o.Counters(counter + step * g * inputs, step);
            TVec h0 = k0, h1 = k1;
            uint f = flags | flagsStart;
            nuint left = blocks;
            do
            {
                if (left == 1)
                    f |= flagsEnd;
                TVec a = h0, b = h1;
                Rounds(ref a, ref b, out TVec c, out TVec d, ref block, (nint)stride, o.Row3(counters, 64 | (ulong)f << 32));
                h0 = o.Xor(a, c);
                h1 = o.Xor(b, d);
                f = flags;
                block = ref Unsafe.Add(ref block, 64);
            }
            while (--left != 0);
            o.Store(ref Unsafe.Add(ref output, (nint)(32 * g * inputs)), h0, h1);
        }
    }

    /// <summary>
    /// The seven rounds on rows a, b (the chaining value in) and c, d (set here from the IV and <paramref name="row3"/>),
    /// unrolled.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Rounds(ref TVec a, ref TVec b, out TVec c, out TVec d, ref byte block, nint stride, TVec row3)
    {
        TOps o = default;
        c = o.IV;
        d = row3;
        LoadMessage(ref block, stride, out TVec x0, out TVec y0, out TVec x1, out TVec y1);
        RoundsOn(ref a, ref b, ref c, ref d, x0, y0, x1, y1);
    }

    /// <summary>The seven rounds on rows a..d, the message as <see cref="LoadMessage"/> gives it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void RoundsOn(ref TVec a, ref TVec b, ref TVec c, ref TVec d, TVec x0, TVec y0, TVec x1, TVec y1) =>
        default(TOps).Rounds(ref a, ref b, ref c, ref d, x0, y0, x1, y1);

    /// <summary>
    /// A block's message in the order the first round takes it: x0 = w0,w2,w4,w6 and y0 = w1,w3,w5,w7 for the columns;
    /// x1 = w14,w8,w10,w12 and y1 = w15,w9,w11,w13 for the diagonals, whose lane j runs the G that holds b's word j
    /// (G7, G4, G5, G6).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadMessage(ref byte block, nint stride, out TVec x0, out TVec y0, out TVec x1, out TVec y1)
    {
        TOps o = default;
        TVec m0 = o.Load(ref block, stride);
        TVec m1 = o.Load(ref Unsafe.Add(ref block, 16), stride);
        TVec m2 = o.Load(ref Unsafe.Add(ref block, 32), stride);
        TVec m3 = o.Load(ref Unsafe.Add(ref block, 48), stride);
        x0 = o.Pick(m0, m1, 0b10_00_10_00); // w0 w2 w4 w6
        y0 = o.Pick(m0, m1, 0b11_01_11_01); // w1 w3 w5 w7
        x1 = o.Words(o.Pick(m2, m3, 0b10_00_10_00), 0b10_01_00_11); // w14 w8 w10 w12
        y1 = o.Words(o.Pick(m2, m3, 0b11_01_11_01), 0b10_01_00_11); // w15 w9 w11 w13
    }
}
#endif
