using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>
/// A word of the compression function as <see cref="WordKernel{T, TWord}"/> runs it: a vector whose lanes are
/// independent hashes (the lane kernels of BLAKE2bp/BLAKE2sp and many-message hashing).
/// </summary>
internal interface IWord<T> : IBlake2Ops<T> where T : struct
{
    int Rounds { get; }
    T IV(int i);
    T FromUInt32(uint value);

    /// <summary>Whether the counter wrapped (for lanes, which always count alike, lane 0 decides).</summary>
    bool LessThan(T a, T b);

    /// <summary>
    /// Reads one block per lane (side by side in memory), transposed so that word i holds word i of every lane's
    /// block.
    /// </summary>
    void LoadMessage(ref byte input, ref Message16<T> message);
}

/// <summary>
/// A machine word as the states and the row kernels use it around the compression function: the counter, the
/// parameter block, the IV and the digest's byte order, and the descriptor of the variant it is the word of.
/// (The portable compression itself is generated: Scalar.cs.)
/// </summary>
internal interface IScalarWord<T> : IBlake2Variant where T : struct
{
    T Add(T a, T b);
    T Xor(T a, T b);
    bool LessThan(T a, T b);
    T FromUInt32(uint value);
    T IV(int i);
    T AllOnes { get; }
    T Load(ref byte block, int wordIndex);
    void Store(System.Span<byte> destination, T value);
}

/// <summary>A block's 16 message words, as <see cref="WordKernel{T, TWord}"/> reads them (only through refs).</summary>
[StructLayout(LayoutKind.Sequential)]
internal struct Message16<T> where T : struct
{
#pragma warning disable CS0169 // reached through a ref to the first word
    private T _w0, _w1, _w2, _w3, _w4, _w5, _w6, _w7, _w8, _w9, _w10, _w11, _w12, _w13, _w14, _w15;
#pragma warning restore CS0169

    /// <summary>Word 0; word i is <c>Unsafe.Add(ref First(ref m), i)</c>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ref T First(ref Message16<T> message) => ref Unsafe.As<Message16<T>, T>(ref message);
}

/// <summary>SIGMA for words of type <typeparamref name="T"/>, in 4-byte units: word index x (size of T / 4).</summary>
/// <remarks>
/// A message word is then one load addressed [message + entry * 4], with no shift or lea per word, for every word
/// size up to 64 bytes (15 x 16 still fits a byte). A static readonly field of a generic class instantiated over a
/// struct is a constant to the tier-1 JIT.
/// </remarks>
internal static class WordSchedule<T> where T : struct
{
    public static readonly byte[] Offsets = Scale(Unsafe.SizeOf<T>() / 4);

    private static byte[] Scale(int factor)
    {
        byte[] table = Blake2Constants.Sigma.ToArray();
        for (int i = 0; i < table.Length; i++)
            table[i] = (byte)(table[i] * factor);
        return table;
    }
}

/// <summary>
/// The lane kernels' compression loop over 16 vector words, written once: each lane runs its own hash. The chain
/// (h[8], t0, t1, f0, f1, in lane layout) is passed as a ref to its first word.
/// </summary>
internal static unsafe class WordKernel<T, TWord>
    where T : struct
    where TWord : struct, IWord<T>
{
    /// <summary>Message word <c>schedule[i]</c> (an offset in 4-byte units, see <see cref="WordSchedule{T}"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static T M(ref uint message, ref byte schedule, int i) =>
        Unsafe.As<uint, T>(ref Unsafe.Add(ref message, (nint)Unsafe.Add(ref schedule, i)));

    /// <summary>
    /// Four independent G functions (a column or diagonal step) taking message words schedule[0..7], written
    /// step by step: each step of all four before the next, so the out-of-order core sees four independent chains
    /// side by side. Each message word is read where it is added: one load, no register held for it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G4(
        ref T a0, ref T b0, ref T c0, ref T d0, ref T a1, ref T b1, ref T c1, ref T d1,
        ref T a2, ref T b2, ref T c2, ref T d2, ref T a3, ref T b3, ref T c3, ref T d3,
        ref uint m, ref byte s)
    {
        TWord o = default;
        a0 = o.Add(o.Add(a0, M(ref m, ref s, 0)), b0); a1 = o.Add(o.Add(a1, M(ref m, ref s, 2)), b1);
        a2 = o.Add(o.Add(a2, M(ref m, ref s, 4)), b2); a3 = o.Add(o.Add(a3, M(ref m, ref s, 6)), b3);
        d0 = o.RotR1(o.Xor(d0, a0)); d1 = o.RotR1(o.Xor(d1, a1)); d2 = o.RotR1(o.Xor(d2, a2)); d3 = o.RotR1(o.Xor(d3, a3));
        c0 = o.Add(c0, d0); c1 = o.Add(c1, d1); c2 = o.Add(c2, d2); c3 = o.Add(c3, d3);
        b0 = o.RotR2(o.Xor(b0, c0)); b1 = o.RotR2(o.Xor(b1, c1)); b2 = o.RotR2(o.Xor(b2, c2)); b3 = o.RotR2(o.Xor(b3, c3));
        a0 = o.Add(o.Add(a0, M(ref m, ref s, 1)), b0); a1 = o.Add(o.Add(a1, M(ref m, ref s, 3)), b1);
        a2 = o.Add(o.Add(a2, M(ref m, ref s, 5)), b2); a3 = o.Add(o.Add(a3, M(ref m, ref s, 7)), b3);
        d0 = o.RotR3(o.Xor(d0, a0)); d1 = o.RotR3(o.Xor(d1, a1)); d2 = o.RotR3(o.Xor(d2, a2)); d3 = o.RotR3(o.Xor(d3, a3));
        c0 = o.Add(c0, d0); c1 = o.Add(c1, d1); c2 = o.Add(c2, d2); c3 = o.Add(c3, d3);
        b0 = o.RotR4(o.Xor(b0, c0)); b1 = o.RotR4(o.Xor(b1, c1)); b2 = o.RotR4(o.Xor(b2, c2)); b3 = o.RotR4(o.Xor(b3, c3));
    }

    /// <summary>
    /// Compresses <paramref name="blocks"/> consecutive blocks (16 words each), adding <paramref name="increment"/>
    /// to the counter before each: a full block's size, or the real byte count for the final block.
    /// </summary>
    // NoInlining and tiered like RowKernel's entry points (see the note there).
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Compress(ref T chain, ref byte input, nuint blocks, uint increment)
    {
        byte* space = stackalloc byte[CacheLine.Space<Message16<T>>()];
        Loop(ref chain, ref input, blocks, increment, ref CacheLine.Align<Message16<T>>(space));
    }

    // The message buffer m lives in the caller's frame, on a cache line: through a parameter the JIT keeps its address in a
    // register and folds each scheduled read into one load, where a local's address would be rebuilt before
    // every read.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Loop(ref T chain, ref byte input, nuint blocks, uint increment, ref Message16<T> m)
    {
        TWord w = default;
        ref byte sigma0 = ref WordSchedule<T>.Offsets[0];
        ref uint words = ref Unsafe.As<T, uint>(ref Message16<T>.First(ref m));
        ref T h = ref chain;
        T inc = w.FromUInt32(increment), one = w.FromUInt32(1);
        T t0 = Unsafe.Add(ref h, 8), t1 = Unsafe.Add(ref h, 9);
        int blockSize = 16 * Unsafe.SizeOf<T>();
        do
        {
            // The counter is two words: carry the low word's overflow into the high one.
            t0 = w.Add(t0, inc);
            if (w.LessThan(t0, inc))
                t1 = w.Add(t1, one);

            w.LoadMessage(ref input, ref m);
            T v0 = h, v1 = Unsafe.Add(ref h, 1), v2 = Unsafe.Add(ref h, 2), v3 = Unsafe.Add(ref h, 3);
            T v4 = Unsafe.Add(ref h, 4), v5 = Unsafe.Add(ref h, 5), v6 = Unsafe.Add(ref h, 6), v7 = Unsafe.Add(ref h, 7);
            T v8 = w.IV(0), v9 = w.IV(1), v10 = w.IV(2), v11 = w.IV(3);
            T v12 = w.Xor(w.IV(4), t0), v13 = w.Xor(w.IV(5), t1);
            T v14 = w.Xor(w.IV(6), Unsafe.Add(ref h, 10)), v15 = w.Xor(w.IV(7), Unsafe.Add(ref h, 11));

            // One round, looped: the schedule's byte is one extra load per message word, which the load ports
            // absorb, and the body stays small enough for every G to inline.
            for (int r = 0; r < w.Rounds; r++)
            {
                ref byte s = ref Unsafe.Add(ref sigma0, r * 16);
                G4(ref v0, ref v4, ref v8, ref v12, ref v1, ref v5, ref v9, ref v13,
                    ref v2, ref v6, ref v10, ref v14, ref v3, ref v7, ref v11, ref v15, ref words, ref s);
                G4(ref v0, ref v5, ref v10, ref v15, ref v1, ref v6, ref v11, ref v12,
                    ref v2, ref v7, ref v8, ref v13, ref v3, ref v4, ref v9, ref v14, ref words, ref Unsafe.Add(ref s, 8));
            }

            h = w.Xor(h, w.Xor(v0, v8));
            Unsafe.Add(ref h, 1) = w.Xor(Unsafe.Add(ref h, 1), w.Xor(v1, v9));
            Unsafe.Add(ref h, 2) = w.Xor(Unsafe.Add(ref h, 2), w.Xor(v2, v10));
            Unsafe.Add(ref h, 3) = w.Xor(Unsafe.Add(ref h, 3), w.Xor(v3, v11));
            Unsafe.Add(ref h, 4) = w.Xor(Unsafe.Add(ref h, 4), w.Xor(v4, v12));
            Unsafe.Add(ref h, 5) = w.Xor(Unsafe.Add(ref h, 5), w.Xor(v5, v13));
            Unsafe.Add(ref h, 6) = w.Xor(Unsafe.Add(ref h, 6), w.Xor(v6, v14));
            Unsafe.Add(ref h, 7) = w.Xor(Unsafe.Add(ref h, 7), w.Xor(v7, v15));
            input = ref Unsafe.Add(ref input, blockSize);
        }
        while (--blocks != 0);
        Unsafe.Add(ref h, 8) = t0;
        Unsafe.Add(ref h, 9) = t1;
    }
}
