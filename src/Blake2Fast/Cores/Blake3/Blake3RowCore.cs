#if NET8_0_OR_GREATER
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Cores;

/// <summary>
/// The vector operations of a BLAKE3 row kernel. Every 128-bit lane of a vector is one input's row (four words), so
/// a 128-bit vector compresses one input, a 256-bit one two side by side, a 512-bit one four: word shuffles stay
/// inside 128-bit lanes and cost the same at every width. Rot16..Rot7 are G's right-rotations.
/// </summary>
internal interface IBlake3RowOps<TVec> where TVec : struct
{
    /// <summary>Inputs side by side: 1, 2 or 4.</summary>
    int Inputs { get; }
    TVec Add(TVec a, TVec b);
    TVec Xor(TVec a, TVec b);
    TVec Rot16(TVec x);
    TVec Rot12(TVec x);
    TVec Rot8(TVec x);
    TVec Rot7(TVec x);

    /// <summary>Each lane's words reordered (pshufd).</summary>
    TVec Words(TVec x, [ConstantExpected] byte control);

    /// <summary>Two words of <paramref name="a"/>, then two of <paramref name="b"/> (shufps).</summary>
    TVec Pick(TVec a, TVec b, [ConstantExpected] byte control);

    /// <summary>Each lane's words 0, 1, 2 from <paramref name="a"/>, word 3 from <paramref name="b"/>.</summary>
    TVec BlendWord3(TVec a, TVec b);

    /// <summary>Each lane's words 0, 1, 3 from <paramref name="a"/>, word 2 from <paramref name="b"/>.</summary>
    TVec BlendWord2(TVec a, TVec b);

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
internal static class Blake3RowCore<TVec, TOps>
    where TVec : struct
    where TOps : struct, IBlake3RowOps<TVec>
{
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
    public static void RoundsOn(ref TVec a, ref TVec b, ref TVec c, ref TVec d, TVec x0, TVec y0, TVec x1, TVec y1)
    {
        Round(ref a, ref b, ref c, ref d, x0, y0, x1, y1);
        Permute(ref x0, ref y0, ref x1, ref y1);
        Round(ref a, ref b, ref c, ref d, x0, y0, x1, y1);
        Permute(ref x0, ref y0, ref x1, ref y1);
        Round(ref a, ref b, ref c, ref d, x0, y0, x1, y1);
        Permute(ref x0, ref y0, ref x1, ref y1);
        Round(ref a, ref b, ref c, ref d, x0, y0, x1, y1);
        Permute(ref x0, ref y0, ref x1, ref y1);
        Round(ref a, ref b, ref c, ref d, x0, y0, x1, y1);
        Permute(ref x0, ref y0, ref x1, ref y1);
        Round(ref a, ref b, ref c, ref d, x0, y0, x1, y1);
        Permute(ref x0, ref y0, ref x1, ref y1);
        Round(ref a, ref b, ref c, ref d, x0, y0, x1, y1);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(ref TVec a, ref TVec b, ref TVec c, ref TVec d, TVec x0, TVec y0, TVec x1, TVec y1)
    {
        GFirst(ref a, ref b, ref c, ref d, x0);
        GSecond(ref a, ref b, ref c, ref d, y0);
        Diagonalize(ref a, ref c, ref d);
        GFirst(ref a, ref b, ref c, ref d, x1);
        GSecond(ref a, ref b, ref c, ref d, y1);
        Undiagonalize(ref a, ref c, ref d);
    }

    /// <summary>
    /// A block's message in the order the first round takes it: x0 = w0,w2,w4,w6 and y0 = w1,w3,w5,w7 for the columns;
    /// x1 = w14,w8,w10,w12 and y1 = w15,w9,w11,w13 for the diagonals, whose lane j runs the G that holds b's word j
    /// (G7, G4, G5, G6). The same step pieces (<see cref="GFirst"/> to <see cref="Permute"/>) make up a round here and in
    /// the lane kernels that run a row beside their lanes (<c>RoundsWithRow</c>, written out by the build).
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

    /// <summary>G's first half (rotations 16 and 12) on four columns or diagonals at once. a + x first: only one add waits on b, the critical path.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void GFirst(ref TVec a, ref TVec b, ref TVec c, ref TVec d, TVec x)
    {
        TOps o = default;
        a = o.Add(o.Add(a, x), b);
        d = o.Rot16(o.Xor(d, a));
        c = o.Add(c, d);
        b = o.Rot12(o.Xor(b, c));
    }

    /// <summary>G's second half (rotations 8 and 7).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void GSecond(ref TVec a, ref TVec b, ref TVec c, ref TVec d, TVec y)
    {
        TOps o = default;
        a = o.Add(o.Add(a, y), b);
        d = o.Rot8(o.Xor(d, a));
        c = o.Add(c, d);
        b = o.Rot7(o.Xor(b, c));
    }

    /// <summary>Diagonals into columns by turning a, c and d, not b: b is G's last result, so the turns stay off the critical path.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Diagonalize(ref TVec a, ref TVec c, ref TVec d)
    {
        TOps o = default;
        a = o.Words(a, 0b_10_01_00_11);
        d = o.Words(d, 0b_01_00_11_10);
        c = o.Words(c, 0b_00_11_10_01);
    }

    /// <summary>The turns of <see cref="Diagonalize"/> undone.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Undiagonalize(ref TVec a, ref TVec c, ref TVec d)
    {
        TOps o = default;
        a = o.Words(a, 0b_00_11_10_01);
        d = o.Words(d, 0b_01_00_11_10);
        c = o.Words(c, 0b_10_01_00_11);
    }

    /// <summary>
    /// The next round's message vectors from this round's: next word i is this round's word P[i] (P = 2, 6, 3, 10, 7,
    /// 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8), so x0' = x0[1] y0[1] y0[3] x0[2], y0' = x0[3] x1[2] x0[0] y1[3],
    /// x1' = y1[0] y0[0] x1[3] y1[1], y1' = x1[1] y1[2] y0[2] x1[0] (vector[word]).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Permute(ref TVec x0, ref TVec y0, ref TVec x1, ref TVec y1)
    {
        TOps o = default;
        // x0[1] x0[2] y0[1] y0[3], then words 0 2 3 1.
        TVec nx0 = o.Words(o.Pick(x0, y0, 0b11_01_10_01), 0b01_11_10_00);
        // x0[3] x0[0] x1[2] y1[3] (y1 blended into word 3), then words 0 2 1 3.
        TVec ny0 = o.Words(o.BlendWord3(o.Pick(x0, x1, 0b10_10_00_11), y1), 0b11_01_10_00);
        // y1[0] y1[1] y0[0] x1[3], then words 0 2 3 1.
        TVec nx1 = o.Words(o.BlendWord3(o.Pick(y1, y0, 0b00_00_01_00), x1), 0b01_11_10_00);
        // x1[1] x1[0] y0[2] y1[2], then words 0 3 2 1.
        TVec ny1 = o.Words(o.BlendWord2(o.Pick(x1, y1, 0b10_10_00_01), y0), 0b01_10_11_00);
        x0 = nx0;
        y0 = ny0;
        x1 = nx1;
        y1 = ny1;
    }
}
#endif
