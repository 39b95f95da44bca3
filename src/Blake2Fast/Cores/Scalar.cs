using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;
using static Blake2Fast.Cores.Blake2Constants;

namespace Blake2Fast.Cores;

/// <summary>What the portable core and the state need to know of a word size beyond G's arithmetic.</summary>
internal interface IScalarWord<T> : IBlake2Ops<T> where T : struct
{
    int Rounds { get; }
    T AllOnes { get; }
    T IV(int i);
    T FromUInt32(uint value);
    bool LessThan(T a, T b);
    T Load(ref byte block, int wordIndex);
    T LoadAt(ref byte block, nint byteOffset);
    byte[] SigmaOffsets { get; }
    void Store(System.Span<byte> destination, T value);
}

/// <summary>
/// The portable compression core, for BLAKE2b (64-bit words) and BLAKE2s (32-bit words): general-purpose
/// registers, any CPU, any endianness. The chain (h[8], t0, t1, f0, f1) is passed as a ref to its first word.
/// </summary>
internal static class Scalar<T, TWord>
    where T : struct
    where TWord : struct, IScalarWord<T>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static T M(ref byte block, ref byte offsets, int i) => default(TWord).LoadAt(ref block, Unsafe.Add(ref offsets, i));

    /// <summary>
    /// Compresses <paramref name="blocks"/> consecutive blocks (16 words each), adding <paramref name="increment"/>
    /// to the counter before each: a full block's size, or the real byte count for the final block.
    /// </summary>
    public static void Compress(ref T chain, ref byte input, nuint blocks, uint increment)
    {
        TWord w = default;
        // The schedule as byte offsets of the message words: one movzx and one load per word, no index arithmetic.
        ref byte sigma0 = ref w.SigmaOffsets[0];
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
                Blake2Mix.G<T, TWord>(ref v0, ref v4, ref v8, ref v12, M(ref input, ref s, 0), M(ref input, ref s, 1));
                Blake2Mix.G<T, TWord>(ref v1, ref v5, ref v9, ref v13, M(ref input, ref s, 2), M(ref input, ref s, 3));
                Blake2Mix.G<T, TWord>(ref v2, ref v6, ref v10, ref v14, M(ref input, ref s, 4), M(ref input, ref s, 5));
                Blake2Mix.G<T, TWord>(ref v3, ref v7, ref v11, ref v15, M(ref input, ref s, 6), M(ref input, ref s, 7));
                Blake2Mix.G<T, TWord>(ref v0, ref v5, ref v10, ref v15, M(ref input, ref s, 8), M(ref input, ref s, 9));
                Blake2Mix.G<T, TWord>(ref v1, ref v6, ref v11, ref v12, M(ref input, ref s, 10), M(ref input, ref s, 11));
                Blake2Mix.G<T, TWord>(ref v2, ref v7, ref v8, ref v13, M(ref input, ref s, 12), M(ref input, ref s, 13));
                Blake2Mix.G<T, TWord>(ref v3, ref v4, ref v9, ref v14, M(ref input, ref s, 14), M(ref input, ref s, 15));
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

/// <summary>BLAKE2b's 64-bit words: 12 rounds, rotations 32, 24, 16, 63.</summary>
internal readonly struct Blake2bWord : IScalarWord<ulong>
{
    // The JIT turns (x >> n) | (x << 64 - n) into a single ror.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Add(ulong a, ulong b) => a + b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Xor(ulong a, ulong b) => a ^ b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Rot1(ulong x) => (x >> 32) | (x << 32);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Rot2(ulong x) => (x >> 24) | (x << 40);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Rot3(ulong x) => (x >> 16) | (x << 48);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Rot4(ulong x) => (x >> 63) | (x << 1);
    public int Rounds => 12;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong FromUInt32(uint value) => value;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool LessThan(ulong a, ulong b) => a < b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Load(ref byte block, int wordIndex) => LittleEndian.ReadUInt64(ref block, wordIndex * 8);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong LoadAt(ref byte block, nint byteOffset) => LittleEndian.ReadUInt64(ref block, byteOffset);
    public byte[] SigmaOffsets => Blake2Constants.SigmaOffsets64;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Store(System.Span<byte> destination, ulong value) => LittleEndian.WriteUInt64(destination, value);
    public ulong AllOnes => ulong.MaxValue;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong IV(int i) => i switch
    {
        0 => IVb0, 1 => IVb1, 2 => IVb2, 3 => IVb3, 4 => IVb4, 5 => IVb5, 6 => IVb6, _ => IVb7,
    };
}

/// <summary>BLAKE2s's 32-bit words: 10 rounds, rotations 16, 12, 8, 7.</summary>
internal readonly struct Blake2sWord : IScalarWord<uint>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Add(uint a, uint b) => a + b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Xor(uint a, uint b) => a ^ b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Rot1(uint x) => (x >> 16) | (x << 16);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Rot2(uint x) => (x >> 12) | (x << 20);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Rot3(uint x) => (x >> 8) | (x << 24);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Rot4(uint x) => (x >> 7) | (x << 25);
    public int Rounds => 10;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint FromUInt32(uint value) => value;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool LessThan(uint a, uint b) => a < b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Load(ref byte block, int wordIndex) => LittleEndian.ReadUInt32(ref block, wordIndex * 4);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint LoadAt(ref byte block, nint byteOffset) => LittleEndian.ReadUInt32(ref block, byteOffset);
    public byte[] SigmaOffsets => Blake2Constants.SigmaOffsets32;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Store(System.Span<byte> destination, uint value) => LittleEndian.WriteUInt32(destination, value);
    public uint AllOnes => uint.MaxValue;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint IV(int i) => i switch
    {
        0 => IVs0, 1 => IVs1, 2 => IVs2, 3 => IVs3, 4 => IVs4, 5 => IVs5, 6 => IVs6, _ => IVs7,
    };
}
