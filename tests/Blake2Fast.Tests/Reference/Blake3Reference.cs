using System;
using System.Buffers.Binary;

namespace Blake2Fast.Tests.Reference;

// The BLAKE3 specification (O'Connor, Aumasson, Neves, Wilcox-O'Hearn, 2020), section 2.2: the compression function,
// its IV (BLAKE2s's), flags and message permutation; G as BLAKE2s's (rotations 16, 12, 8, 7), 7 rounds, no SIGMA table.

/// <summary>BLAKE3's compression function, written from the specification: every BLAKE3 kernel is tested against it.</summary>
internal static class Blake3Reference
{
    public const uint ChunkStart = 1, ChunkEnd = 2, Parent = 4, Root = 8, KeyedHash = 16, DeriveKeyContext = 32, DeriveKeyMaterial = 64;

    public static readonly uint[] IV =
    {
        0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19,
    };

    /// <summary>The message permutation applied between rounds: word i of the next round is word Permutation[i] of this one.</summary>
    private static readonly int[] Permutation = { 2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8 };

    /// <summary>
    /// The 16 output words of one compression: words 0..7 are the next chaining value, all 16 an extended-output
    /// block (the root's, with <paramref name="counter"/> the output block's index).
    /// </summary>
    /// <param name="cv">The input chaining value h, 8 words.</param>
    /// <param name="block">64 bytes, read as 16 little-endian words.</param>
    /// <param name="counter">t: the chunk index (0 for parents), or the output block's index.</param>
    /// <param name="blockLength">b: the bytes of <paramref name="block"/> in use.</param>
    /// <param name="flags">d: the domain flags (<see cref="ChunkStart"/>, ...).</param>
    public static uint[] Compress(uint[] cv, ReadOnlySpan<byte> block, ulong counter, uint blockLength, uint flags)
    {
        var m = new uint[16];
        for (int i = 0; i < 16; i++)
            m[i] = BinaryPrimitives.ReadUInt32LittleEndian(block.Slice(4 * i, 4));
        uint[] v =
        {
            cv[0], cv[1], cv[2], cv[3], cv[4], cv[5], cv[6], cv[7],
            IV[0], IV[1], IV[2], IV[3], (uint)counter, (uint)(counter >> 32), blockLength, flags,
        };
        for (int round = 0; round < 7; round++)
        {
            G(v, 0, 4, 8, 12, m[0], m[1]);
            G(v, 1, 5, 9, 13, m[2], m[3]);
            G(v, 2, 6, 10, 14, m[4], m[5]);
            G(v, 3, 7, 11, 15, m[6], m[7]);
            G(v, 0, 5, 10, 15, m[8], m[9]);
            G(v, 1, 6, 11, 12, m[10], m[11]);
            G(v, 2, 7, 8, 13, m[12], m[13]);
            G(v, 3, 4, 9, 14, m[14], m[15]);
            var permuted = new uint[16];
            for (int i = 0; i < 16; i++)
                permuted[i] = m[Permutation[i]];
            m = permuted;
        }
        var output = new uint[16];
        for (int i = 0; i < 8; i++)
        {
            output[i] = v[i] ^ v[i + 8];
            output[i + 8] = v[i + 8] ^ cv[i];
        }
        return output;
    }

    private static void G(uint[] v, int a, int b, int c, int d, uint x, uint y)
    {
        v[a] = v[a] + v[b] + x;
        v[d] = RotateRight(v[d] ^ v[a], 16);
        v[c] = v[c] + v[d];
        v[b] = RotateRight(v[b] ^ v[c], 12);
        v[a] = v[a] + v[b] + y;
        v[d] = RotateRight(v[d] ^ v[a], 8);
        v[c] = v[c] + v[d];
        v[b] = RotateRight(v[b] ^ v[c], 7);
    }

    private static uint RotateRight(uint x, int n) => (x >> n) | (x << (32 - n));
}
