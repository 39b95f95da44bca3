using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using Blake2Fast.Dispatch;
using static Blake2Fast.Families.Blake2.Kernels.Blake2Constants;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>
/// BLAKE2b's and BLAKE2s's compression (the kernel contract of <see cref="KernelTable"/>: chain h0..h7, t0, t1, f0, f1;
/// <c>blocks</c> blocks, the counter advanced by <c>increment</c> before each) with the rounds and the G function in
/// loops over index tables, both variants in one body over 64-bit words: a few hundred bytes of IL, compiled in a
/// fraction of what a vector kernel costs. A process's first blocks run here (<see cref="KernelSet{T}.StartingOn"/>);
/// past <see cref="Budget"/> blocks, or on a longer run, the job's own kernel is compiled and takes over its entry.
/// </summary>
internal static unsafe class Blake2Compact
{
    /// <summary>Blocks this code runs before the job's own kernel takes over: a first hash of up to 1 KiB stays here.</summary>
    public const int Budget = 16;

    private static int s_blocksB, s_blocksS;

    /// <summary>BLAKE2b's form.</summary>
    [MethodImpl(MethodImplOptions.NoOptimization)]
    public static void Compress(ref ulong chain, ref byte input, nuint blocks, uint increment)
    {
        if (blocks > Budget || (s_blocksB += (int)blocks) > Budget)
        {
            KernelTable.Blake2b.TakeOver(ref chain, ref input, blocks, increment);
            return;
        }
        fixed (ulong* h = &chain)
        fixed (byte* start = &input)
            Run(h, start, blocks, increment, wide: true);
    }

    /// <summary>BLAKE2s's form.</summary>
    [MethodImpl(MethodImplOptions.NoOptimization)]
    public static void Compress(ref uint chain, ref byte input, nuint blocks, uint increment)
    {
        if (blocks > Budget || (s_blocksS += (int)blocks) > Budget)
        {
            KernelTable.Blake2s.TakeOver(ref chain, ref input, blocks, increment);
            return;
        }
        Words h;
        fixed (uint* narrow = &chain)
        fixed (byte* start = &input)
        {
            for (int i = 0; i < 12; i++)
                h.W[i] = narrow[i];
            Run(h.W, start, blocks, increment, wide: false);
            for (int i = 0; i < 12; i++)
                narrow[i] = (uint)h.W[i];
        }
    }

    // Scratch in struct locals, not stackalloc: the JIT compiles a method with a loop and stackalloc fully optimized at
    // once (on-stack replacement cannot move such a frame), which is the cost this class exists to avoid. And
    // NoOptimization (as tier 0, but never on-stack replacement nor tier 1): see Blake3Compact.
    private struct Words
    {
        public fixed ulong W[16];
    }

    /// <summary>
    /// The compression of BLAKE2b (<paramref name="wide"/>) or BLAKE2s (their rounds, rotations and IV as the word
    /// structs declare them, read as constants: no interface call, no getter, nothing more for a first call to
    /// compile) over 64-bit words; 32-bit words are held in them, every sum and rotation masked to 32 bits.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoOptimization)]
    private static void Run(ulong* h, byte* block, nuint blocks, uint increment, bool wide)
    {
        Words state, message, iv;
        ulong* v = state.W, m = message.W, k = iv.W;
        int wordBytes, rounds, r1, r2, r3, r4;
        if (wide)
        {
            wordBytes = sizeof(ulong);
            rounds = Blake2bWord.RoundCount;
            r1 = Blake2bWord.R1; r2 = Blake2bWord.R2; r3 = Blake2bWord.R3; r4 = Blake2bWord.R4;
            k[0] = IVb0; k[1] = IVb1; k[2] = IVb2; k[3] = IVb3; k[4] = IVb4; k[5] = IVb5; k[6] = IVb6; k[7] = IVb7;
        }
        else
        {
            wordBytes = sizeof(uint);
            rounds = Blake2sWord.RoundCount;
            r1 = Blake2sWord.R1; r2 = Blake2sWord.R2; r3 = Blake2sWord.R3; r4 = Blake2sWord.R4;
            k[0] = IVs0; k[1] = IVs1; k[2] = IVs2; k[3] = IVs3; k[4] = IVs4; k[5] = IVs5; k[6] = IVs6; k[7] = IVs7;
        }
        int bits = 8 * wordBytes;
        ulong mask = wide ? ulong.MaxValue : uint.MaxValue;
        ReadOnlySpan<byte> mix = Blake2Constants.Mix, sigma = Blake2Constants.Sigma;
        ulong t0 = h[8], t1 = h[9];
        for (nuint n = 0; n < blocks; n++, block += 16 * wordBytes)
        {
            // The counter is two words: the low word's overflow carries into the high one.
            t0 = (t0 + increment) & mask;
            if (t0 < increment)
                t1 = (t1 + 1) & mask;
            for (int i = 0; i < 16; i++)
                m[i] = wide ? BinaryPrimitives.ReadUInt64LittleEndian(new ReadOnlySpan<byte>(block + 8 * i, 8)) : BinaryPrimitives.ReadUInt32LittleEndian(new ReadOnlySpan<byte>(block + 4 * i, 4));
            for (int i = 0; i < 8; i++)
            {
                v[i] = h[i];
                v[i + 8] = k[i];
            }
            v[12] ^= t0;
            v[13] ^= t1;
            v[14] ^= h[10];
            v[15] ^= h[11];
            for (int round = 0; round < rounds; round++)
            {
                ReadOnlySpan<byte> s = sigma.Slice(16 * round, 16);
                for (int g = 0; g < 8; g++)
                {
                    int a = mix[4 * g], b = mix[4 * g + 1], c = mix[4 * g + 2], d = mix[4 * g + 3];
                    v[a] = (v[a] + v[b] + m[s[2 * g]]) & mask;
                    v[d] = Rotate(v[d] ^ v[a], r1, bits, mask);
                    v[c] = (v[c] + v[d]) & mask;
                    v[b] = Rotate(v[b] ^ v[c], r2, bits, mask);
                    v[a] = (v[a] + v[b] + m[s[2 * g + 1]]) & mask;
                    v[d] = Rotate(v[d] ^ v[a], r3, bits, mask);
                    v[c] = (v[c] + v[d]) & mask;
                    v[b] = Rotate(v[b] ^ v[c], r4, bits, mask);
                }
            }
            for (int i = 0; i < 8; i++)
                h[i] ^= v[i] ^ v[i + 8];
        }
        h[8] = t0;
        h[9] = t1;
    }

    private static ulong Rotate(ulong x, int n, int bits, ulong mask) => ((x >> n) | (x << (bits - n))) & mask;
}
