using System;
using System.Buffers.Binary;

namespace Blake2Fast.Tests.Reference;

// The BLAKE submission to the SHA-3 competition (Aumasson, Henzen, Meier, Phan; version 1.3), section 2.1: the
// constants (2.1.1) and BLAKE-256's compression function (2.1.2: initialization, 14 rounds of G, finalization).
// Words are big-endian; the permutations SIGMA are BLAKE2's (round r uses row r mod 10).

/// <summary>BLAKE-256's (and BLAKE-224's) compression function, written from the specification: every BLAKE-256 kernel is tested against it.</summary>
internal static class Blake256Reference
{
    private static readonly uint[] C =
    {
        0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344, 0xA4093822, 0x299F31D0, 0x082EFA98, 0xEC4E6C89,
        0x452821E6, 0x38D01377, 0xBE5466CF, 0x34E90C6C, 0xC0AC29B7, 0xC97C50DD, 0x3F84D5B5, 0xB5470917,
    };

    private static readonly int[,] Sigma =
    {
        { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
        { 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
        { 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4 },
        { 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8 },
        { 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13 },
        { 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9 },
        { 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11 },
        { 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10 },
        { 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5 },
        { 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0 },
    };

    /// <summary>h := compress(h, m, s, t): <paramref name="h"/> (8 words) updated in place from one 64-byte block.</summary>
    /// <param name="s">The salt, 4 words (zero when unsalted).</param>
    /// <param name="t0">The counter of message bits so far, low word; <paramref name="t1"/> its high word.</param>
    public static void Compress(uint[] h, uint[] s, ReadOnlySpan<byte> block, uint t0, uint t1)
    {
        var m = new uint[16];
        for (int i = 0; i < 16; i++)
            m[i] = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(4 * i, 4));
        uint[] v =
        {
            h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7],
            s[0] ^ C[0], s[1] ^ C[1], s[2] ^ C[2], s[3] ^ C[3], t0 ^ C[4], t0 ^ C[5], t1 ^ C[6], t1 ^ C[7],
        };
        for (int round = 0; round < 14; round++)
        {
            int r = round % 10;
            G(v, m, r, 0, 0, 4, 8, 12);
            G(v, m, r, 1, 1, 5, 9, 13);
            G(v, m, r, 2, 2, 6, 10, 14);
            G(v, m, r, 3, 3, 7, 11, 15);
            G(v, m, r, 4, 0, 5, 10, 15);
            G(v, m, r, 5, 1, 6, 11, 12);
            G(v, m, r, 6, 2, 7, 8, 13);
            G(v, m, r, 7, 3, 4, 9, 14);
        }
        for (int i = 0; i < 8; i++)
            h[i] ^= s[i % 4] ^ v[i] ^ v[i + 8];
    }

    /// <summary>G_i of round r: the message words and the constants meet crossed, as the specification's G.</summary>
    private static void G(uint[] v, uint[] m, int r, int i, int a, int b, int c, int d)
    {
        int x = Sigma[r, 2 * i], y = Sigma[r, 2 * i + 1];
        v[a] = v[a] + v[b] + (m[x] ^ C[y]);
        v[d] = RotateRight(v[d] ^ v[a], 16);
        v[c] = v[c] + v[d];
        v[b] = RotateRight(v[b] ^ v[c], 12);
        v[a] = v[a] + v[b] + (m[y] ^ C[x]);
        v[d] = RotateRight(v[d] ^ v[a], 8);
        v[c] = v[c] + v[d];
        v[b] = RotateRight(v[b] ^ v[c], 7);
    }

    private static uint RotateRight(uint x, int n) => (x >> n) | (x << (32 - n));
}
