using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;
using static Blake2Fast.Cores.Blake2Constants;

namespace Blake2Fast.Cores;

/// <summary>
/// A word of the compression function as <see cref="WordCore{T, TWord, TMsg}"/> runs it: a machine word (the
/// scalar cores), or a vector whose lanes are independent hashes (the lane cores of BLAKE2bp/BLAKE2sp and
/// many-message hashing), so one loop serves both.
/// </summary>
internal interface IWord<T, TMsg> : IBlake2Ops<T>
    where T : struct
    where TMsg : struct
{
    int Rounds { get; }
    T AllOnes { get; }
    T IV(int i);
    T FromUInt32(uint value);

    /// <summary>Whether the counter wrapped (for lanes, which always count alike, lane 0 decides).</summary>
    bool LessThan(T a, T b);

    /// <summary>Reads one 16-word block (for lanes: one block per lane, side by side in memory).</summary>
    void LoadMessage(ref byte input, ref TMsg message);

    /// <summary>The schedule SIGMA in whatever unit <see cref="Scheduled"/> takes.</summary>
    byte[] Schedule { get; }

    T Scheduled(ref byte input, ref TMsg message, nint entry);
}

/// <summary>A machine word: what the state needs beyond the compression function.</summary>
internal interface IScalarWord<T> : IWord<T, NoMessage> where T : struct
{
    T Load(ref byte block, int wordIndex);
    void Store(System.Span<byte> destination, T value);
}

/// <summary>The message form of cores that read message words straight from the block.</summary>
internal struct NoMessage
{
}

/// <summary>
/// The compression loop over 16 words, written once: with machine words it is the portable core (general-purpose
/// registers, any CPU, any endianness); with vector words it runs one hash per lane. The chain (h[8], t0, t1,
/// f0, f1) is passed as a ref to its first word.
/// </summary>
internal static class WordCore<T, TWord, TMsg>
    where T : struct
    where TWord : struct, IWord<T, TMsg>
    where TMsg : struct
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static T M(ref byte block, ref TMsg message, ref byte schedule, int i) => default(TWord).Scheduled(ref block, ref message, Unsafe.Add(ref schedule, i));

    /// <summary>
    /// Compresses <paramref name="blocks"/> consecutive blocks (16 words each), adding <paramref name="increment"/>
    /// to the counter before each: a full block's size, or the real byte count for the final block.
    /// </summary>
    // The message buffer m is the caller's: through a parameter the JIT keeps its address in a register and folds
    // each scheduled read into one load, where a local's address would be rebuilt before every read.
    // NoInlining and tiered like RowCore's entry points (see the note there).
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Compress(ref T chain, ref byte input, nuint blocks, uint increment, ref TMsg m)
    {
        TWord w = default;
        ref byte sigma0 = ref w.Schedule[0];
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
                Blake2Mix.G4<T, TWord>(
                    ref v0, ref v4, ref v8, ref v12, ref v1, ref v5, ref v9, ref v13,
                    ref v2, ref v6, ref v10, ref v14, ref v3, ref v7, ref v11, ref v15,
                    M(ref input, ref m, ref s, 0), M(ref input, ref m, ref s, 1), M(ref input, ref m, ref s, 2), M(ref input, ref m, ref s, 3),
                    M(ref input, ref m, ref s, 4), M(ref input, ref m, ref s, 5), M(ref input, ref m, ref s, 6), M(ref input, ref m, ref s, 7));
                Blake2Mix.G4<T, TWord>(
                    ref v0, ref v5, ref v10, ref v15, ref v1, ref v6, ref v11, ref v12,
                    ref v2, ref v7, ref v8, ref v13, ref v3, ref v4, ref v9, ref v14,
                    M(ref input, ref m, ref s, 8), M(ref input, ref m, ref s, 9), M(ref input, ref m, ref s, 10), M(ref input, ref m, ref s, 11),
                    M(ref input, ref m, ref s, 12), M(ref input, ref m, ref s, 13), M(ref input, ref m, ref s, 14), M(ref input, ref m, ref s, 15));
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
