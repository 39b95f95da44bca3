#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Cores;

/// <summary>
/// BLAKE3's single-block compression on SSE4.1, in the row layout of the BLAKE2s row cores: the 4x4 state as four
/// 128-bit rows, so one vector operation runs the four column G (then the four diagonal ones). For what has no
/// sibling to share lanes with: a lone chunk, the root, parents merged one at a time, extended output blocks.
/// </summary>
/// <remarks>
/// One compression is a single dependency chain, so the time is its latency: rotations by 16 and 8 are byte
/// shuffles and by 12 and 7 shift-shift-or, or one vprord each where AVX-512 VL is present. BLAKE3's message
/// permutation is the same every round, so the message stays in four registers in the order the round consumes
/// it, and one fixed network of 11 shuffles (off the critical path) gives the next round's order.
/// </remarks>
internal static class Blake3RowSse41
{
    public static bool IsSupported => Sse41.IsSupported && BitConverter.IsLittleEndian;

    /// <summary>One input at a time, as the portable kernel.</summary>
    public const int Lanes = 1;

    /// <summary>The contract of <see cref="Blake3Portable.HashMany"/>, one input at a time.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void HashMany(ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter,
        bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, ref byte output)
    {
        Vector128<uint> k0 = Vector128.LoadUnsafe(ref key), k1 = Vector128.LoadUnsafe(ref Unsafe.Add(ref key, 4));
        for (nuint i = 0; i < groups; i++)
        {
            Vector128<uint> h0 = k0, h1 = k1;
            Blocks(ref h0, ref h1, ref Unsafe.Add(ref input, (nint)(i * stride)), blocks, counter + (incrementCounter ? i : 0), flags, flagsStart, flagsEnd);
            ref uint o = ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref output, (nint)(32 * i)));
            h0.StoreUnsafe(ref o);
            h1.StoreUnsafe(ref Unsafe.Add(ref o, 4));
        }
    }

    /// <summary>The contract of <see cref="Blake3Portable.Compress"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Compress(ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags)
    {
        Vector128<uint> h0 = Vector128.LoadUnsafe(ref cv), h1 = Vector128.LoadUnsafe(ref Unsafe.Add(ref cv, 4));
        Vector128<uint> a = h0, b = h1, c, d;
        Rounds(ref a, ref b, out c, out d, ref block, Row3(counter, blockLength, flags));
        Sse2.Xor(a, c).StoreUnsafe(ref cv);
        Sse2.Xor(b, d).StoreUnsafe(ref Unsafe.Add(ref cv, 4));
    }

    /// <summary>The contract of <see cref="Blake3Portable.CompressXof"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void CompressXof(ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output)
    {
        Vector128<uint> h0 = Vector128.LoadUnsafe(ref cv), h1 = Vector128.LoadUnsafe(ref Unsafe.Add(ref cv, 4));
        Vector128<uint> a = h0, b = h1, c, d;
        Rounds(ref a, ref b, out c, out d, ref block, Row3(counter, blockLength, flags));
        ref uint o = ref Unsafe.As<byte, uint>(ref output);
        Sse2.Xor(a, c).StoreUnsafe(ref o);
        Sse2.Xor(b, d).StoreUnsafe(ref Unsafe.Add(ref o, 4));
        Sse2.Xor(c, h0).StoreUnsafe(ref Unsafe.Add(ref o, 8));
        Sse2.Xor(d, h1).StoreUnsafe(ref Unsafe.Add(ref o, 12));
    }

    /// <summary>The contract of <see cref="Blake3Portable.CompressBlocks"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void CompressBlocks(ref uint cv, ref byte input, nuint blocks, ulong counter, uint flags, uint flagsStart, uint flagsEnd)
    {
        Vector128<uint> h0 = Vector128.LoadUnsafe(ref cv), h1 = Vector128.LoadUnsafe(ref Unsafe.Add(ref cv, 4));
        Blocks(ref h0, ref h1, ref input, blocks, counter, flags, flagsStart, flagsEnd);
        h0.StoreUnsafe(ref cv);
        h1.StoreUnsafe(ref Unsafe.Add(ref cv, 4));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Blocks(ref Vector128<uint> h0, ref Vector128<uint> h1, ref byte input, nuint blocks, ulong counter,
        uint flags, uint flagsStart, uint flagsEnd)
    {
        uint f = flags | flagsStart;
        do
        {
            if (blocks == 1)
                f |= flagsEnd;
            Vector128<uint> a = h0, b = h1, c, d;
            Rounds(ref a, ref b, out c, out d, ref input, Row3(counter, 64, f));
            h0 = Sse2.Xor(a, c);
            h1 = Sse2.Xor(b, d);
            f = flags;
            input = ref Unsafe.Add(ref input, 64);
        }
        while (--blocks != 0);
    }

    /// <summary>The state's last row: counter (low, high), block length, flags; two inserts rather than four.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Row3(ulong counter, uint blockLength, uint flags) =>
        Vector128.Create(counter, blockLength | ((ulong)flags << 32)).AsUInt32();

    /// <summary>
    /// The seven rounds on rows a, b (the chaining value in) and c, d (set here from the IV and row 3), unrolled.
    /// The message vectors are in lane order: x0 = s0,s2,s4,s6 and y0 = s1,s3,s5,s7 for the columns; x1 = s14,s8,s10,s12
    /// and y1 = s15,s9,s11,s13 for the diagonals, whose lane j runs the G that holds b's word j (G7, G4, G5, G6).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Rounds(ref Vector128<uint> a, ref Vector128<uint> b, out Vector128<uint> c, out Vector128<uint> d, ref byte block, Vector128<uint> row3)
    {
        c = Vector128.Create(0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au);
        d = row3;
        Vector128<float> m0 = Vector128.LoadUnsafe(ref block).AsSingle();
        Vector128<float> m1 = Vector128.LoadUnsafe(ref Unsafe.Add(ref block, 16)).AsSingle();
        Vector128<float> m2 = Vector128.LoadUnsafe(ref Unsafe.Add(ref block, 32)).AsSingle();
        Vector128<float> m3 = Vector128.LoadUnsafe(ref Unsafe.Add(ref block, 48)).AsSingle();
        Vector128<uint> x0 = Sse.Shuffle(m0, m1, 0b10_00_10_00).AsUInt32(); // w0 w2 w4 w6
        Vector128<uint> y0 = Sse.Shuffle(m0, m1, 0b11_01_11_01).AsUInt32(); // w1 w3 w5 w7
        Vector128<uint> x1 = Sse2.Shuffle(Sse.Shuffle(m2, m3, 0b10_00_10_00).AsUInt32(), 0b10_01_00_11); // w14 w8 w10 w12
        Vector128<uint> y1 = Sse2.Shuffle(Sse.Shuffle(m2, m3, 0b11_01_11_01).AsUInt32(), 0b10_01_00_11); // w15 w9 w11 w13

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
    private static void Round(ref Vector128<uint> a, ref Vector128<uint> b, ref Vector128<uint> c, ref Vector128<uint> d,
        Vector128<uint> x0, Vector128<uint> y0, Vector128<uint> x1, Vector128<uint> y1)
    {
        G(ref a, ref b, ref c, ref d, x0, y0);
        // Diagonalize by turning a, c and d, not b: b is G's last result, so the turns stay off the critical path.
        a = Sse2.Shuffle(a, 0b_10_01_00_11);
        d = Sse2.Shuffle(d, 0b_01_00_11_10);
        c = Sse2.Shuffle(c, 0b_00_11_10_01);
        G(ref a, ref b, ref c, ref d, x1, y1);
        a = Sse2.Shuffle(a, 0b_00_11_10_01);
        d = Sse2.Shuffle(d, 0b_01_00_11_10);
        c = Sse2.Shuffle(c, 0b_10_01_00_11);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G(ref Vector128<uint> a, ref Vector128<uint> b, ref Vector128<uint> c, ref Vector128<uint> d, Vector128<uint> x, Vector128<uint> y)
    {
        // a + x first: only one add waits on b, the critical path.
        a = Sse2.Add(Sse2.Add(a, x), b);
        d = Rot16(Sse2.Xor(d, a));
        c = Sse2.Add(c, d);
        b = Rot12(Sse2.Xor(b, c));
        a = Sse2.Add(Sse2.Add(a, y), b);
        d = Rot8(Sse2.Xor(d, a));
        c = Sse2.Add(c, d);
        b = Rot7(Sse2.Xor(b, c));
    }

    /// <summary>
    /// The next round's message vectors from this round's: next word i is this round's word P[i] (P = 2, 6, 3, 10, 7,
    /// 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8), so x0' = x0[1] y0[1] y0[3] x0[2], y0' = x0[3] x1[2] x0[0] y1[3],
    /// x1' = y1[0] y0[0] x1[3] y1[1], y1' = x1[1] y1[2] y0[2] x1[0] (vector[lane]).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Permute(ref Vector128<uint> x0, ref Vector128<uint> y0, ref Vector128<uint> x1, ref Vector128<uint> y1)
    {
        Vector128<float> fx0 = x0.AsSingle(), fy0 = y0.AsSingle(), fx1 = x1.AsSingle(), fy1 = y1.AsSingle();
        // x0[1] x0[2] y0[1] y0[3], then lanes 0 2 3 1.
        Vector128<uint> nx0 = Sse2.Shuffle(Sse.Shuffle(fx0, fy0, 0b11_01_10_01).AsUInt32(), 0b01_11_10_00);
        // x0[3] x0[0] x1[2] y1[3] (y1 blended into lane 3), then lanes 0 2 1 3.
        Vector128<uint> ny0 = Sse2.Shuffle(Sse41.Blend(Sse.Shuffle(fx0, fx1, 0b10_10_00_11), fy1, 0b1000).AsUInt32(), 0b11_01_10_00);
        // y1[0] y1[1] y0[0] x1[3], then lanes 0 2 3 1.
        Vector128<uint> nx1 = Sse2.Shuffle(Sse41.Blend(Sse.Shuffle(fy1, fy0, 0b00_00_01_00), fx1, 0b1000).AsUInt32(), 0b01_11_10_00);
        // x1[1] x1[0] y0[2] y1[2], then lanes 0 3 2 1.
        Vector128<uint> ny1 = Sse2.Shuffle(Sse41.Blend(Sse.Shuffle(fx1, fy1, 0b10_10_00_01), fy0, 0b0100).AsUInt32(), 0b01_10_11_00);
        x0 = nx0;
        y0 = ny0;
        x1 = nx1;
        y1 = ny1;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Rot16(Vector128<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 16)
        : Ssse3.Shuffle(x.AsByte(), Vector128.Create((byte)2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13)).AsUInt32();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Rot12(Vector128<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 12)
        : Sse2.Or(Sse2.ShiftRightLogical(x, 12), Sse2.ShiftLeftLogical(x, 20));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Rot8(Vector128<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 8)
        : Ssse3.Shuffle(x.AsByte(), Vector128.Create((byte)1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12)).AsUInt32();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Rot7(Vector128<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 7)
        : Sse2.Or(Sse2.ShiftRightLogical(x, 7), Sse2.ShiftLeftLogical(x, 25));
}
#endif
