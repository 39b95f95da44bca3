#if NET8_0_OR_GREATER
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Cores;

/// <summary>The vector arithmetic and message transposition of one lane layout (N hashes side by side).</summary>
internal interface ILaneOps<TVec> : IBlake2Ops<TVec> where TVec : struct
{
    int Rounds { get; }
    TVec Broadcast(ulong value);
    ulong Lane0(TVec x);

    /// <summary>Reads one block per lane (lane k's block at <c>k * blockSize</c>) and transposes them into words.</summary>
    void Transpose(ref byte input, ref Message16<TVec> message);
}

/// <summary>
/// A vector used as a word of <see cref="WordCore{T, TWord}"/>: lane k of every word belongs to hash k, so
/// the scalar algorithm, unchanged, runs N hashes at once. Every G is a vertical vector operation: no shuffles.
/// </summary>
internal readonly struct LaneWord<TVec, TOps> : IWord<TVec>
    where TVec : struct
    where TOps : struct, ILaneOps<TVec>
{
    public int Rounds => default(TOps).Rounds;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public TVec IV(int i) => default(TOps).Broadcast(default(TOps).Rounds == 12 ? Blake2Constants.IVB(i) : Blake2Constants.IVS(i));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public TVec FromUInt32(uint value) => default(TOps).Broadcast(value);

    // In bulk every lane compresses the same blocks, so their counters are equal.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool LessThan(TVec a, TVec b) => default(TOps).Lane0(a) < default(TOps).Lane0(b);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void LoadMessage(ref byte input, ref Message16<TVec> message) => default(TOps).Transpose(ref input, ref message);

    [MethodImpl(MethodImplOptions.AggressiveInlining)] public TVec Add(TVec a, TVec b) => default(TOps).Add(a, b);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public TVec Xor(TVec a, TVec b) => default(TOps).Xor(a, b);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public TVec Rot1(TVec x) => default(TOps).Rot1(x);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public TVec Rot2(TVec x) => default(TOps).Rot2(x);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public TVec Rot3(TVec x) => default(TOps).Rot3(x);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public TVec Rot4(TVec x) => default(TOps).Rot4(x);
}

/// <summary>Transposes of blocks into lane words, built from AVX2 unpacks and 128-bit lane permutes.</summary>
internal static class LaneTranspose
{
    /// <summary>4 lanes of 128-byte blocks (stride <paramref name="stride"/>) into 16 words of 4 x 64 bits.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Words64x4(ref byte input, nint stride, ref Vector256<ulong> words)
    {
        for (int g = 0; g < 4; g++)
        {
            // Rows: words 4g..4g+3 of lanes 0..3; a 4x4 transpose turns them into words of 4 lanes.
            Vector256<ulong> r0 = Vector256.LoadUnsafe(ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref input, g * 32)));
            Vector256<ulong> r1 = Vector256.LoadUnsafe(ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref input, stride + g * 32)));
            Vector256<ulong> r2 = Vector256.LoadUnsafe(ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref input, 2 * stride + g * 32)));
            Vector256<ulong> r3 = Vector256.LoadUnsafe(ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref input, 3 * stride + g * 32)));
            Vector256<ulong> t0 = Avx2.UnpackLow(r0, r1), t1 = Avx2.UnpackHigh(r0, r1);
            Vector256<ulong> t2 = Avx2.UnpackLow(r2, r3), t3 = Avx2.UnpackHigh(r2, r3);
            Unsafe.Add(ref words, 4 * g) = Avx2.Permute2x128(t0, t2, 0x20);
            Unsafe.Add(ref words, 4 * g + 1) = Avx2.Permute2x128(t1, t3, 0x20);
            Unsafe.Add(ref words, 4 * g + 2) = Avx2.Permute2x128(t0, t2, 0x31);
            Unsafe.Add(ref words, 4 * g + 3) = Avx2.Permute2x128(t1, t3, 0x31);
        }
    }

    /// <summary>8 lanes of 128-byte blocks (stride <paramref name="stride"/>) into 16 words of 8 x 64 bits.</summary>
    /// <remarks>
    /// The 4-lane transpose on rows that hold lane k in the low half and lane k + 4 in the high half: the unpacks
    /// work within 128-bit chunks, so only the last step changes, a two-source permute in place of vperm2i128.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Words64x8(ref byte input, nint stride, ref Vector512<ulong> words)
    {
        Vector512<ulong> evenChunks = Vector512.Create(0ul, 1, 8, 9, 4, 5, 12, 13);
        Vector512<ulong> oddChunks = Vector512.Create(2ul, 3, 10, 11, 6, 7, 14, 15);
        for (int g = 0; g < 4; g++)
        {
            ref byte row = ref Unsafe.Add(ref input, g * 32);
            Vector512<ulong> r0 = Vector512.Create(Row64(ref row, 0), Row64(ref row, 4 * stride));
            Vector512<ulong> r1 = Vector512.Create(Row64(ref row, stride), Row64(ref row, 5 * stride));
            Vector512<ulong> r2 = Vector512.Create(Row64(ref row, 2 * stride), Row64(ref row, 6 * stride));
            Vector512<ulong> r3 = Vector512.Create(Row64(ref row, 3 * stride), Row64(ref row, 7 * stride));
            Vector512<ulong> t0 = Avx512F.UnpackLow(r0, r1), t1 = Avx512F.UnpackHigh(r0, r1);
            Vector512<ulong> t2 = Avx512F.UnpackLow(r2, r3), t3 = Avx512F.UnpackHigh(r2, r3);
            ref Vector512<ulong> w = ref Unsafe.Add(ref words, 4 * g);
            w = Avx512F.PermuteVar8x64x2(t0, evenChunks, t2);
            Unsafe.Add(ref w, 1) = Avx512F.PermuteVar8x64x2(t1, evenChunks, t3);
            Unsafe.Add(ref w, 2) = Avx512F.PermuteVar8x64x2(t0, oddChunks, t2);
            Unsafe.Add(ref w, 3) = Avx512F.PermuteVar8x64x2(t1, oddChunks, t3);
        }
    }

    /// <summary>16 lanes of 64-byte blocks (stride <paramref name="stride"/>) into 16 words of 16 x 32 bits.</summary>
    /// <remarks>The 8-lane transpose on rows holding lanes k and k + 8, joined as in <see cref="Words64x8"/>.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Words32x16(ref byte input, nint stride, ref Vector512<uint> words)
    {
        Vector512<ulong> evenChunks = Vector512.Create(0ul, 1, 8, 9, 4, 5, 12, 13);
        Vector512<ulong> oddChunks = Vector512.Create(2ul, 3, 10, 11, 6, 7, 14, 15);
        for (int g = 0; g < 2; g++)
        {
            ref byte row = ref Unsafe.Add(ref input, g * 32);
            Vector512<uint> r0 = Vector512.Create(Row64(ref row, 0), Row64(ref row, 8 * stride)).AsUInt32();
            Vector512<uint> r1 = Vector512.Create(Row64(ref row, stride), Row64(ref row, 9 * stride)).AsUInt32();
            Vector512<uint> r2 = Vector512.Create(Row64(ref row, 2 * stride), Row64(ref row, 10 * stride)).AsUInt32();
            Vector512<uint> r3 = Vector512.Create(Row64(ref row, 3 * stride), Row64(ref row, 11 * stride)).AsUInt32();
            Vector512<uint> r4 = Vector512.Create(Row64(ref row, 4 * stride), Row64(ref row, 12 * stride)).AsUInt32();
            Vector512<uint> r5 = Vector512.Create(Row64(ref row, 5 * stride), Row64(ref row, 13 * stride)).AsUInt32();
            Vector512<uint> r6 = Vector512.Create(Row64(ref row, 6 * stride), Row64(ref row, 14 * stride)).AsUInt32();
            Vector512<uint> r7 = Vector512.Create(Row64(ref row, 7 * stride), Row64(ref row, 15 * stride)).AsUInt32();
            Vector512<ulong> t0 = Avx512F.UnpackLow(r0, r1).AsUInt64(), t1 = Avx512F.UnpackHigh(r0, r1).AsUInt64();
            Vector512<ulong> t2 = Avx512F.UnpackLow(r2, r3).AsUInt64(), t3 = Avx512F.UnpackHigh(r2, r3).AsUInt64();
            Vector512<ulong> t4 = Avx512F.UnpackLow(r4, r5).AsUInt64(), t5 = Avx512F.UnpackHigh(r4, r5).AsUInt64();
            Vector512<ulong> t6 = Avx512F.UnpackLow(r6, r7).AsUInt64(), t7 = Avx512F.UnpackHigh(r6, r7).AsUInt64();
            Vector512<ulong> u0 = Avx512F.UnpackLow(t0, t2), u1 = Avx512F.UnpackHigh(t0, t2);
            Vector512<ulong> u2 = Avx512F.UnpackLow(t1, t3), u3 = Avx512F.UnpackHigh(t1, t3);
            Vector512<ulong> u4 = Avx512F.UnpackLow(t4, t6), u5 = Avx512F.UnpackHigh(t4, t6);
            Vector512<ulong> u6 = Avx512F.UnpackLow(t5, t7), u7 = Avx512F.UnpackHigh(t5, t7);
            ref Vector512<uint> w = ref Unsafe.Add(ref words, 8 * g);
            w = Avx512F.PermuteVar8x64x2(u0, evenChunks, u4).AsUInt32();
            Unsafe.Add(ref w, 1) = Avx512F.PermuteVar8x64x2(u1, evenChunks, u5).AsUInt32();
            Unsafe.Add(ref w, 2) = Avx512F.PermuteVar8x64x2(u2, evenChunks, u6).AsUInt32();
            Unsafe.Add(ref w, 3) = Avx512F.PermuteVar8x64x2(u3, evenChunks, u7).AsUInt32();
            Unsafe.Add(ref w, 4) = Avx512F.PermuteVar8x64x2(u0, oddChunks, u4).AsUInt32();
            Unsafe.Add(ref w, 5) = Avx512F.PermuteVar8x64x2(u1, oddChunks, u5).AsUInt32();
            Unsafe.Add(ref w, 6) = Avx512F.PermuteVar8x64x2(u2, oddChunks, u6).AsUInt32();
            Unsafe.Add(ref w, 7) = Avx512F.PermuteVar8x64x2(u3, oddChunks, u7).AsUInt32();
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> Row64(ref byte row, nint offset) => Vector256.LoadUnsafe(ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref row, offset)));

    /// <summary>8 lanes of 64-byte blocks (stride <paramref name="stride"/>) into 16 words of 8 x 32 bits.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Words32x8(ref byte input, nint stride, ref Vector256<uint> words)
    {
        for (int g = 0; g < 2; g++)
        {
            ref byte row = ref Unsafe.Add(ref input, g * 32);
            Vector256<uint> r0 = Vector256.LoadUnsafe(ref Unsafe.As<byte, uint>(ref row));
            Vector256<uint> r1 = Vector256.LoadUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref row, stride)));
            Vector256<uint> r2 = Vector256.LoadUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref row, 2 * stride)));
            Vector256<uint> r3 = Vector256.LoadUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref row, 3 * stride)));
            Vector256<uint> r4 = Vector256.LoadUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref row, 4 * stride)));
            Vector256<uint> r5 = Vector256.LoadUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref row, 5 * stride)));
            Vector256<uint> r6 = Vector256.LoadUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref row, 6 * stride)));
            Vector256<uint> r7 = Vector256.LoadUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref row, 7 * stride)));
            // 8x8 transpose: pairs of 32-bit words, then pairs of 64-bit words, then 128-bit halves.
            Vector256<uint> t0 = Avx2.UnpackLow(r0, r1), t1 = Avx2.UnpackHigh(r0, r1);
            Vector256<uint> t2 = Avx2.UnpackLow(r2, r3), t3 = Avx2.UnpackHigh(r2, r3);
            Vector256<uint> t4 = Avx2.UnpackLow(r4, r5), t5 = Avx2.UnpackHigh(r4, r5);
            Vector256<uint> t6 = Avx2.UnpackLow(r6, r7), t7 = Avx2.UnpackHigh(r6, r7);
            Vector256<uint> u0 = Avx2.UnpackLow(t0.AsUInt64(), t2.AsUInt64()).AsUInt32();
            Vector256<uint> u1 = Avx2.UnpackHigh(t0.AsUInt64(), t2.AsUInt64()).AsUInt32();
            Vector256<uint> u2 = Avx2.UnpackLow(t1.AsUInt64(), t3.AsUInt64()).AsUInt32();
            Vector256<uint> u3 = Avx2.UnpackHigh(t1.AsUInt64(), t3.AsUInt64()).AsUInt32();
            Vector256<uint> u4 = Avx2.UnpackLow(t4.AsUInt64(), t6.AsUInt64()).AsUInt32();
            Vector256<uint> u5 = Avx2.UnpackHigh(t4.AsUInt64(), t6.AsUInt64()).AsUInt32();
            Vector256<uint> u6 = Avx2.UnpackLow(t5.AsUInt64(), t7.AsUInt64()).AsUInt32();
            Vector256<uint> u7 = Avx2.UnpackHigh(t5.AsUInt64(), t7.AsUInt64()).AsUInt32();
            ref Vector256<uint> w = ref Unsafe.Add(ref words, 8 * g);
            w = Avx2.Permute2x128(u0, u4, 0x20);
            Unsafe.Add(ref w, 1) = Avx2.Permute2x128(u1, u5, 0x20);
            Unsafe.Add(ref w, 2) = Avx2.Permute2x128(u2, u6, 0x20);
            Unsafe.Add(ref w, 3) = Avx2.Permute2x128(u3, u7, 0x20);
            Unsafe.Add(ref w, 4) = Avx2.Permute2x128(u0, u4, 0x31);
            Unsafe.Add(ref w, 5) = Avx2.Permute2x128(u1, u5, 0x31);
            Unsafe.Add(ref w, 6) = Avx2.Permute2x128(u2, u6, 0x31);
            Unsafe.Add(ref w, 7) = Avx2.Permute2x128(u3, u7, 0x31);
        }
    }
}
#endif
