using System;
using System.Buffers.Binary;

namespace Blake2Fast.Cores;

/// <summary>
/// BLAKE3's single-block compressions (the contracts of <see cref="Blake3Portable.Compress"/>,
/// <see cref="Blake3Portable.CompressXof"/> and <see cref="Blake3Portable.CompressBlocks"/>) with the rounds and the
/// G function in loops over index tables: a few hundred bytes of IL that the JIT compiles at tier 0 in a fraction of
/// what the unrolled kernels cost. <see cref="Blake3Block"/> runs them only while the row kernel compiles in the
/// background (<see cref="Blake3Warmup"/>), so their speed does not matter: a fresh process's first small hash does.
/// </summary>
internal static unsafe class Blake3Compact
{
    /// <summary>The state words each G of a round mixes: four columns, then four diagonals.</summary>
    private static ReadOnlySpan<byte> Mix => [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0, 5, 10, 15, 1, 6, 11, 12, 2, 7, 8, 13, 3, 4, 9, 14];

    /// <summary>BLAKE3's message permutation, applied after every round.</summary>
    private static ReadOnlySpan<byte> Permutation => [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];

    public static void Compress(ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags)
    {
        uint* v = stackalloc uint[16];
        fixed (uint* h = &cv)
        fixed (byte* b = &block)
        {
            State(v, h, b, counter, blockLength, flags);
            for (int i = 0; i < 8; i++)
                h[i] = v[i] ^ v[i + 8];
        }
    }

    public static void CompressXof(ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output)
    {
        uint* v = stackalloc uint[16];
        fixed (uint* h = &cv)
        fixed (byte* b = &block)
        fixed (byte* o = &output)
        {
            State(v, h, b, counter, blockLength, flags);
            for (int i = 0; i < 8; i++)
            {
                Write(o + 4 * i, v[i] ^ v[i + 8]);
                Write(o + 32 + 4 * i, v[i + 8] ^ h[i]);
            }
        }
    }

    public static void CompressBlocks(ref uint cv, ref byte input, nuint blocks, ulong counter, uint flags, uint flagsStart, uint flagsEnd)
    {
        uint* v = stackalloc uint[16];
        fixed (uint* h = &cv)
        fixed (byte* start = &input)
        {
            for (nuint n = 0; n < blocks; n++)
            {
                uint f = flags | (n == 0 ? flagsStart : 0) | (n == blocks - 1 ? flagsEnd : 0);
                State(v, h, start + 64 * n, counter, 64, f);
                for (int i = 0; i < 8; i++)
                    h[i] = v[i] ^ v[i + 8];
            }
        }
    }

    /// <summary>The 16 state words after the seven rounds over the block at <paramref name="block"/>.</summary>
    private static void State(uint* v, uint* cv, byte* block, ulong counter, uint blockLength, uint flags)
    {
        uint* m = stackalloc uint[16];
        uint* permuted = stackalloc uint[16];
        for (int i = 0; i < 16; i++)
        {
            uint word = ((uint*)block)[i];
            m[i] = BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word);
        }
        for (int i = 0; i < 8; i++)
            v[i] = cv[i];
        v[8] = 0x6A09E667u;
        v[9] = 0xBB67AE85u;
        v[10] = 0x3C6EF372u;
        v[11] = 0xA54FF53Au;
        v[12] = (uint)counter;
        v[13] = (uint)(counter >> 32);
        v[14] = blockLength;
        v[15] = flags;
        ReadOnlySpan<byte> mix = Mix, permutation = Permutation;
        for (int round = 0; round < 7; round++)
        {
            for (int g = 0; g < 8; g++)
            {
                int a = mix[4 * g], b = mix[4 * g + 1], c = mix[4 * g + 2], d = mix[4 * g + 3];
                v[a] += v[b] + m[2 * g];
                v[d] = Rotate(v[d] ^ v[a], 16);
                v[c] += v[d];
                v[b] = Rotate(v[b] ^ v[c], 12);
                v[a] += v[b] + m[2 * g + 1];
                v[d] = Rotate(v[d] ^ v[a], 8);
                v[c] += v[d];
                v[b] = Rotate(v[b] ^ v[c], 7);
            }
            for (int i = 0; i < 16; i++)
                permuted[i] = m[permutation[i]];
            for (int i = 0; i < 16; i++)
                m[i] = permuted[i];
        }
    }

    private static uint Rotate(uint x, int n) => (x >> n) | (x << (32 - n));

    private static void Write(byte* p, uint value) => *(uint*)p = BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
}
