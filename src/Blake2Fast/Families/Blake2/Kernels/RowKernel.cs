#if NET8_0_OR_GREATER
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>
/// A SIMD kernel in the row layout: the 16-word working vector is four rows a, b, c, d of four words each, so
/// one vector operation runs the four column G functions (or the four diagonal ones) at once.
/// </summary>
internal interface IRowOps<T, TVec> : IBlake2Ops<TVec>
    where T : unmanaged
    where TVec : struct
{
    int Rounds { get; }
    TVec LoadRow(ref T source);
    void StoreRow(ref T destination, TVec row);
    TVec IVLow { get; }
    TVec IVHigh { get; }
    TVec Row(T w0, T w1, T w2, T w3);

    /// <summary>(w3, w0, w1, w2).</summary>
    TVec LanesRight1(TVec x);

    /// <summary>(w1, w2, w3, w0).</summary>
    TVec LanesLeft1(TVec x);

    /// <summary>(w2, w3, w0, w1).</summary>
    TVec LanesSwap(TVec x);

    /// <summary>
    /// The message words of round <paramref name="round"/> in lane order: x0/y0 for the column step,
    /// x1/y1 for the diagonal step (whose lanes are G7, G4, G5, G6; see <see cref="RowKernel{T, TWord, TVec, TOps}"/>).
    /// </summary>
    void Schedule(ref byte block, int round, out TVec x0, out TVec y0, out TVec x1, out TVec y1);
}

/// <summary>The compression loop of every row-layout kernel, written once.</summary>
internal static class RowKernel<T, TWord, TVec, TOps>
    where T : unmanaged
    where TWord : struct, IScalarWord<T>
    where TVec : struct
    where TOps : struct, IRowOps<T, TVec>
{
    // Inlined into each kernel's entry point, which is NoInlining: a caller that inlined every kernel would carry all
    // their locals, zeroed on every call, and small inputs would pay for it. The entry points are
    // AggressiveOptimization (why: docs/cores.md, "Kernels compiled fully optimized"). The schedule is read from constant data (RowSchedule), so code compiled
    // before any class is initialized, or ahead of time, reads it at a fixed address with no initialization check.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Compress(ref T chain, ref byte input, nuint blocks, uint increment)
    {
        TOps o = default;
        TWord w = default;
        T inc = w.FromUInt32(increment), one = w.FromUInt32(1);
        T t0 = Unsafe.Add(ref chain, 8), t1 = Unsafe.Add(ref chain, 9);
        T f0 = Unsafe.Add(ref chain, 10), f1 = Unsafe.Add(ref chain, 11);
        TVec h0 = o.LoadRow(ref chain), h1 = o.LoadRow(ref Unsafe.Add(ref chain, 4));
        int blockSize = 16 * Unsafe.SizeOf<T>();
        do
        {
            t0 = w.Add(t0, inc);
            if (w.LessThan(t0, inc))
                t1 = w.Add(t1, one);

            TVec a = h0, b = h1, c = o.IVLow;
            TVec d = o.Xor(o.IVHigh, o.Row(t0, t1, f0, f1));
            for (int r = 0; r < o.Rounds; r++)
            {
                o.Schedule(ref input, r, out TVec x0, out TVec y0, out TVec x1, out TVec y1);
                Blake2Mix.G<TVec, TOps>(ref a, ref b, ref c, ref d, x0, y0);

                // Diagonalize by turning a, c and d rather than b: b is the last row G writes, so leaving it in
                // place keeps every lane shuffle off the critical path (a, d, c are ready earlier).
                // Lane j then runs the diagonal G that contains b's word j: G7, G4, G5, G6.
                a = o.LanesRight1(a);
                d = o.LanesSwap(d);
                c = o.LanesLeft1(c);
                Blake2Mix.G<TVec, TOps>(ref a, ref b, ref c, ref d, x1, y1);
                a = o.LanesLeft1(a);
                d = o.LanesSwap(d);
                c = o.LanesRight1(c);
            }

            h0 = o.Xor(h0, o.Xor(a, c));
            h1 = o.Xor(h1, o.Xor(b, d));
            input = ref Unsafe.Add(ref input, blockSize);
        }
        while (--blocks != 0);

        o.StoreRow(ref chain, h0);
        o.StoreRow(ref Unsafe.Add(ref chain, 4), h1);
        Unsafe.Add(ref chain, 8) = t0;
        Unsafe.Add(ref chain, 9) = t1;
    }
}

/// <summary>
/// For kernels that build message vectors from memory: the schedule as byte offsets of the message words in lane
/// order, 16 per round (x0, y0, x1, y1 with 4 lanes each), for 64-bit (b) or 32-bit (s) words.
/// </summary>
internal static class RowSchedule
{
    /// <summary>Per round, the byte offsets of the 64-bit message words in lane order (generated from SIGMA).</summary>
    public static System.ReadOnlySpan<byte> OffsetsB => Blake2Constants.RowOffsetsB;

    /// <summary>The same for 32-bit words.</summary>
    public static System.ReadOnlySpan<byte> OffsetsS => Blake2Constants.RowOffsetsS;

    /// <summary>
    /// Round <paramref name="round"/>'s message vectors for 64-bit rows, read from the block with plain loads.
    /// On AVX-512 too: two-source permutes (vpermt2q) of the block held in registers would compete with the lane
    /// turns for the shuffle unit, while loads go to the idle load ports.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Words64(ref byte block, int round, out Vector256<ulong> x0, out Vector256<ulong> y0, out Vector256<ulong> x1, out Vector256<ulong> y1)
    {
        ref byte offsets = ref Unsafe.Add(ref MemoryMarshal.GetReference(OffsetsB), round * 16);
        x0 = Load4x64(ref block, ref offsets);
        y0 = Load4x64(ref block, ref Unsafe.Add(ref offsets, 4));
        x1 = Load4x64(ref block, ref Unsafe.Add(ref offsets, 8));
        y1 = Load4x64(ref block, ref Unsafe.Add(ref offsets, 12));
    }

    /// <summary>Round <paramref name="round"/>'s message vectors for 32-bit rows (BLAKE2s), read with plain loads.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Words32(ref byte block, int round, out Vector128<uint> x0, out Vector128<uint> y0, out Vector128<uint> x1, out Vector128<uint> y1)
    {
        ref byte offsets = ref Unsafe.Add(ref MemoryMarshal.GetReference(OffsetsS), round * 16);
        x0 = Load4x32(ref block, ref offsets);
        y0 = Load4x32(ref block, ref Unsafe.Add(ref offsets, 4));
        x1 = Load4x32(ref block, ref Unsafe.Add(ref offsets, 8));
        y1 = Load4x32(ref block, ref Unsafe.Add(ref offsets, 12));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> Load4x64(ref byte block, ref byte offsets) =>
        Vector256.Create(Load2x64(ref block, ref offsets), Load2x64(ref block, ref Unsafe.Add(ref offsets, 2)));

    /// <summary>Two message words (at the schedule's next two byte offsets) in one 128-bit vector.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> Load2x64(ref byte block, ref byte offsets) => Vector128.Create(
        Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref block, offsets)),
        Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref block, Unsafe.Add(ref offsets, 1))));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Load4x32(ref byte block, ref byte offsets) => Vector128.Create(
        Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, offsets)),
        Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, Unsafe.Add(ref offsets, 1))),
        Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, Unsafe.Add(ref offsets, 2))),
        Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, Unsafe.Add(ref offsets, 3))));
}
#endif
