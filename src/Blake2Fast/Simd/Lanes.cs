#if NET8_0_OR_GREATER
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Families.Blake2.Kernels;

namespace Blake2Fast.Simd;

/// <summary>
/// The vector arithmetic and message transposition of one lane layout (N hashes side by side). The variant's
/// constants (rounds, IV) come from its descriptor (<see cref="IBlake2Variant"/>), not from here.
/// </summary>
internal interface ILaneOps<TVec> : IBlake2Ops<TVec> where TVec : struct
{
    TVec Broadcast(ulong value);
    ulong Lane0(TVec x);

    /// <summary>Reads one block per lane (lane k's block at <c>k * blockSize</c>) and transposes them into words.</summary>
    void Transpose(ref byte input, ref Message16<TVec> message);
}

/// <summary>
/// A vector used as a word of <see cref="WordKernel{T, TWord}"/>: lane k of every word belongs to hash k, so
/// the scalar algorithm, unchanged, runs N hashes at once. Every G is a vertical vector operation: no shuffles.
/// </summary>
internal readonly struct LaneWord<TVec, TOps, TVariant> : IWord<TVec>
    where TVec : struct
    where TOps : struct, ILaneOps<TVec>
    where TVariant : struct, IBlake2Variant
{
    // Read in the round loop's condition: inlined always, or the JIT, out of inlining budget in the lane loops, calls it.
    public int Rounds
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => default(TVariant).Rounds;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public TVec IV(int i) => default(TOps).Broadcast(default(TVariant).InitialValue(i));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public TVec FromUInt32(uint value) => default(TOps).Broadcast(value);

    // In bulk every lane compresses the same blocks, so their counters are equal.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool LessThan(TVec a, TVec b) => default(TOps).Lane0(a) < default(TOps).Lane0(b);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void LoadMessage(ref byte input, ref Message16<TVec> message) => default(TOps).Transpose(ref input, ref message);

    [MethodImpl(MethodImplOptions.AggressiveInlining)] public TVec Add(TVec a, TVec b) => default(TOps).Add(a, b);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public TVec Xor(TVec a, TVec b) => default(TOps).Xor(a, b);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public TVec RotR1(TVec x) => default(TOps).RotR1(x);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public TVec RotR2(TVec x) => default(TOps).RotR2(x);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public TVec RotR3(TVec x) => default(TOps).RotR3(x);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public TVec RotR4(TVec x) => default(TOps).RotR4(x);
}

/// <summary>
/// The shuffles a lane transpose is made of, for one register width. A 512-bit row holds two lanes' 32 bytes
/// (low and high half); the unpacks work within 128-bit chunks, so on such rows the 256-bit transpose runs
/// unchanged for both halves at once, and only the last step, the join of 128-bit chunks, differs.
/// </summary>
internal interface ITransposeOps<TVec> where TVec : struct
{
    /// <summary>32 bytes at <paramref name="low"/> (and, for 512-bit rows, 32 at <paramref name="high"/> above them).</summary>
    TVec Row(ref byte row, nint low, nint high);
    TVec UnpackLow32(TVec a, TVec b);
    TVec UnpackHigh32(TVec a, TVec b);
    TVec UnpackLow64(TVec a, TVec b);
    TVec UnpackHigh64(TVec a, TVec b);

    /// <summary>Chunk 0 of a, chunk 0 of b (and chunks 2 of a and b in the high half).</summary>
    TVec JoinLow(TVec a, TVec b);

    /// <summary>Chunk 1 of a, chunk 1 of b (and chunks 3 of a and b in the high half).</summary>
    TVec JoinHigh(TVec a, TVec b);

    /// <summary>
    /// The lane whose 32 bytes fill row <paramref name="i"/>'s low half, of a transpose of <paramref name="rows"/> rows
    /// (<see cref="LaneTranspose.Words64"/> 4, <see cref="LaneTranspose.Words32"/> 8); the high half's lane is
    /// <see cref="HighStep"/> above it (256-bit rows have no high half). The joins decide it.
    /// </summary>
    int Lane(int i, int rows);

    /// <summary>See <see cref="Lane"/>.</summary>
    int HighStep(int rows);
}

internal readonly struct Transpose256 : ITransposeOps<Vector256<ulong>>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Vector256<ulong> Row(ref byte row, nint low, nint high) => Vector256.LoadUnsafe(ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref row, low)));
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> UnpackLow32(Vector256<ulong> a, Vector256<ulong> b) => Avx2.UnpackLow(a.AsUInt32(), b.AsUInt32()).AsUInt64();
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> UnpackHigh32(Vector256<ulong> a, Vector256<ulong> b) => Avx2.UnpackHigh(a.AsUInt32(), b.AsUInt32()).AsUInt64();
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> UnpackLow64(Vector256<ulong> a, Vector256<ulong> b) => Avx2.UnpackLow(a, b);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> UnpackHigh64(Vector256<ulong> a, Vector256<ulong> b) => Avx2.UnpackHigh(a, b);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> JoinLow(Vector256<ulong> a, Vector256<ulong> b) => Avx2.Permute2x128(a, b, 0x20);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<ulong> JoinHigh(Vector256<ulong> a, Vector256<ulong> b) => Avx2.Permute2x128(a, b, 0x31);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public int Lane(int i, int rows) => i;
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public int HighStep(int rows) => 0;
}

/// <summary>
/// The 512-bit transpose. Rows are one 256-bit load and one vinserti64x4 from memory (<c>Vector512.Create(lower,
/// upper)</c> compiles, .NET 10, to two inserts into a stack temporary). The joins are vshufi64x2, which takes two
/// 128-bit chunks of a, then two of b (a0 a2 b0 b2), so rows pair lanes i and i + rows/2 (the second half of the
/// rows: i + rows/2 and i + rows) for the words to come out in lane order. A two-source vpermt2q would keep the
/// natural pairs, but its index vectors are loop invariants the JIT holds in two registers for the whole loop, and
/// a kernel whose 16 state and 16 message words fill all 32 then spills message words (BLAKE3's 16 lanes would
/// reload some every block).
/// </summary>
internal readonly struct Transpose512 : ITransposeOps<Vector512<ulong>>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Vector512<ulong> Row(ref byte row, nint low, nint high) => Avx512F.InsertVector256(
        Vector256.LoadUnsafe(ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref row, low))).ToVector512Unsafe(),
        Vector256.LoadUnsafe(ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref row, high))), 1);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<ulong> UnpackLow32(Vector512<ulong> a, Vector512<ulong> b) => Avx512F.UnpackLow(a.AsUInt32(), b.AsUInt32()).AsUInt64();
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<ulong> UnpackHigh32(Vector512<ulong> a, Vector512<ulong> b) => Avx512F.UnpackHigh(a.AsUInt32(), b.AsUInt32()).AsUInt64();
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<ulong> UnpackLow64(Vector512<ulong> a, Vector512<ulong> b) => Avx512F.UnpackLow(a, b);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<ulong> UnpackHigh64(Vector512<ulong> a, Vector512<ulong> b) => Avx512F.UnpackHigh(a, b);
    /// <summary>Chunks 0 and 2 of a, then 0 and 2 of b.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<ulong> JoinLow(Vector512<ulong> a, Vector512<ulong> b) => Avx512F.Shuffle4x128(a, b, 0b10_00_10_00);
    /// <summary>Chunks 1 and 3 of a, then 1 and 3 of b.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<ulong> JoinHigh(Vector512<ulong> a, Vector512<ulong> b) => Avx512F.Shuffle4x128(a, b, 0b11_01_11_01);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public int Lane(int i, int rows) => i < rows / 2 ? i : i + rows / 2;
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public int HighStep(int rows) => rows / 2;

    /// <summary>
    /// After <see cref="LaneTranspose.Words32x8"/> backwards, row k holds chunks (lane k words 0-3, lane k + 8 words 0-3,
    /// lane k words 4-7, lane k + 8 words 4-7); this puts each lane's 32 bytes in one half (k low, k + 8 high).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<ulong> HalvesByLane(Vector512<ulong> row) => Avx512F.Shuffle4x128(row, row, 0b11_01_10_00);
}

/// <summary>
/// Blocks into lane words: lane k's block at <c>k * stride</c>; word i of the result holds word i of every
/// lane's block. 4 or 8 lanes of 64-bit words, 8 or 16 lanes of 32-bit words.
/// </summary>
internal static unsafe class LaneTranspose
{
    /// <summary>64-bit words: 4x4 transposes of 32-byte rows (two unpacks, one join).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Words64<TVec, TOps>(ref byte input, nint stride, ref TVec words)
        where TVec : struct
        where TOps : struct, ITransposeOps<TVec>
    {
        TOps o = default;
        for (int g = 0; g < 4; g++)
        {
            // Rows: words 4g..4g+3 of 4 lanes (and of 4 more in the high halves; which ones, Lane says).
            ref byte row = ref Unsafe.Add(ref input, g * 32);
            TVec r0 = Row<TVec, TOps>(ref row, 0, 4, stride), r1 = Row<TVec, TOps>(ref row, 1, 4, stride);
            TVec r2 = Row<TVec, TOps>(ref row, 2, 4, stride), r3 = Row<TVec, TOps>(ref row, 3, 4, stride);
            TVec t0 = o.UnpackLow64(r0, r1), t1 = o.UnpackHigh64(r0, r1);
            TVec t2 = o.UnpackLow64(r2, r3), t3 = o.UnpackHigh64(r2, r3);
            ref TVec w = ref Unsafe.Add(ref words, 4 * g);
            w = o.JoinLow(t0, t2);
            Unsafe.Add(ref w, 1) = o.JoinLow(t1, t3);
            Unsafe.Add(ref w, 2) = o.JoinHigh(t0, t2);
            Unsafe.Add(ref w, 3) = o.JoinHigh(t1, t3);
        }
    }

    /// <summary>
    /// 32-bit words: 8x8 transposes (pairs of 32-bit words, then of 64-bit words, then the join). With
    /// <paramref name="prefetch"/> above 0 (x86), each lane's input that many bytes ahead is prefetched too.
    /// </summary>
    /// <remarks>
    /// The two halves are two inlined calls with a constant half, not a loop (the JIT keeps a loop of two): the first
    /// half's rows then carry the prefetches, each one lea from its row's load address, where a prefetch loop of its
    /// own costs a multiply, a compare and a branch per lane.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static unsafe void Words32<TVec, TOps>(ref byte input, nint stride, ref TVec words, int prefetch = 0)
        where TVec : struct
        where TOps : struct, ITransposeOps<TVec>
    {
        // A null pointer, a constant once inlined, folds the choice in Row away.
        Words32Half<TVec, TOps>(ref input, stride, ref words, 0, prefetch, null);
        Words32Half<TVec, TOps>(ref input, stride, ref words, 1, 0, null);
    }

    /// <summary><see cref="Words32{TVec, TOps}"/> with lane k's block at <c>input + offsets[k]</c> (blocks in no order, as a Bao encoding holds its chunks).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static unsafe void Words32At<TVec, TOps>(ref byte input, nint* offsets, ref TVec words, int prefetch = 0)
        where TVec : struct
        where TOps : struct, ITransposeOps<TVec>
    {
        Words32Half<TVec, TOps>(ref input, 0, ref words, 0, prefetch, offsets);
        Words32Half<TVec, TOps>(ref input, 0, ref words, 1, 0, offsets);
    }

    /// <summary>Words 8g..8g+7: rows of 8 lanes (and of 8 more in the high halves; which ones, Lane says).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe void Words32Half<TVec, TOps>(ref byte input, nint stride, ref TVec words, int g, int prefetch, nint* offsets)
        where TVec : struct
        where TOps : struct, ITransposeOps<TVec>
    {
        ref byte row = ref Unsafe.Add(ref input, g * 32);
        TVec r0, r1, r2, r3, r4, r5, r6, r7;
        if (offsets == null)
        {
            r0 = Row<TVec, TOps>(ref row, 0, 8, stride, prefetch); r1 = Row<TVec, TOps>(ref row, 1, 8, stride, prefetch);
            r2 = Row<TVec, TOps>(ref row, 2, 8, stride, prefetch); r3 = Row<TVec, TOps>(ref row, 3, 8, stride, prefetch);
            r4 = Row<TVec, TOps>(ref row, 4, 8, stride, prefetch); r5 = Row<TVec, TOps>(ref row, 5, 8, stride, prefetch);
            r6 = Row<TVec, TOps>(ref row, 6, 8, stride, prefetch); r7 = Row<TVec, TOps>(ref row, 7, 8, stride, prefetch);
        }
        else
        {
            r0 = RowAt<TVec, TOps>(ref row, 0, 8, offsets, prefetch); r1 = RowAt<TVec, TOps>(ref row, 1, 8, offsets, prefetch);
            r2 = RowAt<TVec, TOps>(ref row, 2, 8, offsets, prefetch); r3 = RowAt<TVec, TOps>(ref row, 3, 8, offsets, prefetch);
            r4 = RowAt<TVec, TOps>(ref row, 4, 8, offsets, prefetch); r5 = RowAt<TVec, TOps>(ref row, 5, 8, offsets, prefetch);
            r6 = RowAt<TVec, TOps>(ref row, 6, 8, offsets, prefetch); r7 = RowAt<TVec, TOps>(ref row, 7, 8, offsets, prefetch);
        }
        Words32x8<TVec, TOps>(ref r0, ref r1, ref r2, ref r3, ref r4, ref r5, ref r6, ref r7);
        ref TVec w = ref Unsafe.Add(ref words, 8 * g);
        w = r0;
        Unsafe.Add(ref w, 1) = r1;
        Unsafe.Add(ref w, 2) = r2;
        Unsafe.Add(ref w, 3) = r3;
        Unsafe.Add(ref w, 4) = r4;
        Unsafe.Add(ref w, 5) = r5;
        Unsafe.Add(ref w, 6) = r6;
        Unsafe.Add(ref w, 7) = r7;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe TVec Row<TVec, TOps>(ref byte row, int i, int rows, nint stride, int prefetch = 0)
        where TVec : struct
        where TOps : struct, ITransposeOps<TVec>
    {
        TOps o = default;
        int lane = o.Lane(i, rows);
        if (prefetch > 0 && Sse.IsSupported)
        {
            Sse.Prefetch0(Unsafe.AsPointer(ref Unsafe.Add(ref row, lane * stride + prefetch)));
            if (o.HighStep(rows) != 0)
                Sse.Prefetch0(Unsafe.AsPointer(ref Unsafe.Add(ref row, (lane + o.HighStep(rows)) * stride + prefetch)));
        }
        return o.Row(ref row, lane * stride, (lane + o.HighStep(rows)) * stride);
    }

    /// <summary><see cref="Row"/> with lane k's block at <c>offsets[k]</c>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe TVec RowAt<TVec, TOps>(ref byte row, int i, int rows, nint* offsets, int prefetch)
        where TVec : struct
        where TOps : struct, ITransposeOps<TVec>
    {
        TOps o = default;
        int lane = o.Lane(i, rows);
        nint low = offsets[lane], high = offsets[lane + o.HighStep(rows)];
        if (prefetch > 0 && Sse.IsSupported)
        {
            Sse.Prefetch0(Unsafe.AsPointer(ref Unsafe.Add(ref row, low + prefetch)));
            if (o.HighStep(rows) != 0)
                Sse.Prefetch0(Unsafe.AsPointer(ref Unsafe.Add(ref row, high + prefetch)));
        }
        return o.Row(ref row, low, high);
    }

    /// <summary>
    /// 32-bit words of 8 lanes in 256-bit registers (AVX2), from rows of two 16-byte pieces: lane i's in the low half,
    /// lane i + 4's in the high half (one load, one vinserti128 from memory). A 4x4 transpose within each half then
    /// leaves every word in lane order, so the third stage of <see cref="Words32{TVec, TOps}"/> on 32-byte rows (a
    /// vperm2i128 a word, a cross-lane shuffle that issues on a single port on some CPUs) is not needed; the official
    /// BLAKE3 assembly's 8-lane code loads its rows the same way. With <paramref name="prefetch"/> above 0, the first
    /// group's rows prefetch their lanes that far ahead.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Words32Pieces(ref byte input, nint stride, ref Vector256<uint> words, int prefetch = 0)
    {
        Words32Pieces(ref input, stride, ref words, 0, prefetch);
        Words32Pieces(ref input, stride, ref words, 1, 0);
        Words32Pieces(ref input, stride, ref words, 2, 0);
        Words32Pieces(ref input, stride, ref words, 3, 0);
    }

    /// <summary>Words 4q..4q+3 of the 8 lanes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Words32Pieces(ref byte input, nint stride, ref Vector256<uint> words, int q, int prefetch)
    {
        ref byte at = ref Unsafe.Add(ref input, 16 * q);
        Vector256<uint> r0 = Pieces(ref at, stride, 0, prefetch), r1 = Pieces(ref at, stride, 1, prefetch);
        Vector256<uint> r2 = Pieces(ref at, stride, 2, prefetch), r3 = Pieces(ref at, stride, 3, prefetch);
        Vector256<uint> t0 = Avx2.UnpackLow(r0, r1), t1 = Avx2.UnpackHigh(r0, r1), t2 = Avx2.UnpackLow(r2, r3), t3 = Avx2.UnpackHigh(r2, r3);
        ref Vector256<uint> w = ref Unsafe.Add(ref words, 4 * q);
        w = Avx2.UnpackLow(t0.AsUInt64(), t2.AsUInt64()).AsUInt32();
        Unsafe.Add(ref w, 1) = Avx2.UnpackHigh(t0.AsUInt64(), t2.AsUInt64()).AsUInt32();
        Unsafe.Add(ref w, 2) = Avx2.UnpackLow(t1.AsUInt64(), t3.AsUInt64()).AsUInt32();
        Unsafe.Add(ref w, 3) = Avx2.UnpackHigh(t1.AsUInt64(), t3.AsUInt64()).AsUInt32();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe Vector256<uint> Pieces(ref byte at, nint stride, int i, int prefetch)
    {
        ref byte low = ref Unsafe.Add(ref at, i * stride), high = ref Unsafe.Add(ref at, (i + 4) * stride);
        if (prefetch > 0 && Sse.IsSupported)
        {
            Sse.Prefetch0(Unsafe.AsPointer(ref Unsafe.Add(ref low, prefetch)));
            Sse.Prefetch0(Unsafe.AsPointer(ref Unsafe.Add(ref high, prefetch)));
        }
        return Avx2.InsertVector128(Vector128.LoadUnsafe(ref Unsafe.As<byte, uint>(ref low)).ToVector256Unsafe(),
            Vector128.LoadUnsafe(ref Unsafe.As<byte, uint>(ref high)), 1);
    }

    /// <summary>
    /// An 8x8 transpose of 32-bit words in 256-bit rows (in 512-bit rows: two at once, one per half): on return
    /// r_k holds what was word k of every row.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Words32x8<TVec, TT>(
        ref TVec r0, ref TVec r1, ref TVec r2, ref TVec r3, ref TVec r4, ref TVec r5, ref TVec r6, ref TVec r7)
        where TVec : struct
        where TT : struct, ITransposeOps<TVec>
    {
        TT o = default;
        TVec t0 = o.UnpackLow32(r0, r1), t1 = o.UnpackHigh32(r0, r1);
        TVec t2 = o.UnpackLow32(r2, r3), t3 = o.UnpackHigh32(r2, r3);
        TVec t4 = o.UnpackLow32(r4, r5), t5 = o.UnpackHigh32(r4, r5);
        TVec t6 = o.UnpackLow32(r6, r7), t7 = o.UnpackHigh32(r6, r7);
        TVec u0 = o.UnpackLow64(t0, t2), u1 = o.UnpackHigh64(t0, t2);
        TVec u2 = o.UnpackLow64(t1, t3), u3 = o.UnpackHigh64(t1, t3);
        TVec u4 = o.UnpackLow64(t4, t6), u5 = o.UnpackHigh64(t4, t6);
        TVec u6 = o.UnpackLow64(t5, t7), u7 = o.UnpackHigh64(t5, t7);
        r0 = o.JoinLow(u0, u4); r1 = o.JoinLow(u1, u5); r2 = o.JoinLow(u2, u6); r3 = o.JoinLow(u3, u7);
        r4 = o.JoinHigh(u0, u4); r5 = o.JoinHigh(u1, u5); r6 = o.JoinHigh(u2, u6); r7 = o.JoinHigh(u3, u7);
    }
}

/// <summary>Lane transposes on ARM64 AdvSIMD: 128-bit rows, TRN1/TRN2 on 32- and 64-bit elements.</summary>
internal static class NeonTranspose
{
    /// <summary>A 4x4 transpose of 32-bit words: on return r_k holds what was word k of every row.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Words32x4(ref Vector128<uint> r0, ref Vector128<uint> r1, ref Vector128<uint> r2, ref Vector128<uint> r3)
    {
        // Pairs of rows swap odd and even words, then pairs of pairs swap odd and even halves.
        Vector128<ulong> t0 = AdvSimd.Arm64.TransposeEven(r0, r1).AsUInt64(), t1 = AdvSimd.Arm64.TransposeOdd(r0, r1).AsUInt64();
        Vector128<ulong> t2 = AdvSimd.Arm64.TransposeEven(r2, r3).AsUInt64(), t3 = AdvSimd.Arm64.TransposeOdd(r2, r3).AsUInt64();
        r0 = AdvSimd.Arm64.TransposeEven(t0, t2).AsUInt32();
        r1 = AdvSimd.Arm64.TransposeEven(t1, t3).AsUInt32();
        r2 = AdvSimd.Arm64.TransposeOdd(t0, t2).AsUInt32();
        r3 = AdvSimd.Arm64.TransposeOdd(t1, t3).AsUInt32();
    }

    /// <summary>
    /// One 64-byte block per lane (lane k's at <c>k * stride</c>, 4 lanes) into 16 words: word i holds word i of
    /// every lane's block.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Blocks32x4(ref byte input, nint stride, ref Vector128<uint> words)
    {
        for (int g = 0; g < 4; g++)
        {
            ref byte row = ref Unsafe.Add(ref input, 16 * g);
            Vector128<uint> r0 = Vector128.LoadUnsafe(ref Unsafe.As<byte, uint>(ref row));
            Vector128<uint> r1 = Vector128.LoadUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref row, stride)));
            Vector128<uint> r2 = Vector128.LoadUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref row, 2 * stride)));
            Vector128<uint> r3 = Vector128.LoadUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref row, 3 * stride)));
            Words32x4(ref r0, ref r1, ref r2, ref r3);
            ref Vector128<uint> w = ref Unsafe.Add(ref words, 4 * g);
            w = r0;
            Unsafe.Add(ref w, 1) = r1;
            Unsafe.Add(ref w, 2) = r2;
            Unsafe.Add(ref w, 3) = r3;
        }
    }

    /// <summary>One 128-byte block per lane (lane k's at <c>k * 128</c>, 2 lanes) into 16 words of 2 lanes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Blocks64x2(ref byte input, ref Vector128<ulong> words)
    {
        for (int g = 0; g < 8; g++)
        {
            Vector128<ulong> r0 = Vector128.LoadUnsafe(ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref input, 16 * g)));
            Vector128<ulong> r1 = Vector128.LoadUnsafe(ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref input, 128 + 16 * g)));
            Unsafe.Add(ref words, 2 * g) = AdvSimd.Arm64.TransposeEven(r0, r1);
            Unsafe.Add(ref words, 2 * g + 1) = AdvSimd.Arm64.TransposeOdd(r0, r1);
        }
    }
}
#endif
