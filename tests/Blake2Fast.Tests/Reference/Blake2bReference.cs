using System;
using System.Buffers.Binary;

namespace Blake2Fast.Tests.Reference;

// RFC 7693: section 3.2 (the compression function F), 3.1 (the mixing function G), 2.1 (w = 64, r = 12, rotations
// 32, 24, 16, 63), 2.6 (IV), 2.7 (SIGMA). f1, not in the RFC, is the BLAKE2 paper's last-node flag (tree hashing).

/// <summary>BLAKE2b's compression function, written from the specification: every BLAKE2b kernel is tested against it.</summary>
internal static class Blake2bReference
{
    public static readonly ulong[] IV =
    {
        0x6A09E667F3BCC908, 0xBB67AE8584CAA73B, 0x3C6EF372FE94F82B, 0xA54FF53A5F1D36F1,
        0x510E527FADE682D1, 0x9B05688C2B3E6C1F, 0x1F83D9ABFB41BD6B, 0x5BE0CD19137E2179,
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

    /// <summary>F(h, m, t, f): <paramref name="h"/> (8 words) updated in place from one 128-byte block.</summary>
    /// <param name="t0">The byte counter's low word; <paramref name="t1"/> its high word.</param>
    /// <param name="f0">All ones on the last block, else 0; <paramref name="f1"/> all ones on a tree's last node.</param>
    public static void Compress(ulong[] h, ReadOnlySpan<byte> block, ulong t0, ulong t1, ulong f0, ulong f1)
    {
        var m = new ulong[16];
        for (int i = 0; i < 16; i++)
            m[i] = BinaryPrimitives.ReadUInt64LittleEndian(block.Slice(8 * i, 8));
        var v = new ulong[16];
        for (int i = 0; i < 8; i++)
        {
            v[i] = h[i];
            v[i + 8] = IV[i];
        }
        v[12] ^= t0;
        v[13] ^= t1;
        v[14] ^= f0;
        v[15] ^= f1;
        for (int round = 0; round < 12; round++)
        {
            int s = round % 10;
            G(v, 0, 4, 8, 12, m[Sigma[s, 0]], m[Sigma[s, 1]]);
            G(v, 1, 5, 9, 13, m[Sigma[s, 2]], m[Sigma[s, 3]]);
            G(v, 2, 6, 10, 14, m[Sigma[s, 4]], m[Sigma[s, 5]]);
            G(v, 3, 7, 11, 15, m[Sigma[s, 6]], m[Sigma[s, 7]]);
            G(v, 0, 5, 10, 15, m[Sigma[s, 8]], m[Sigma[s, 9]]);
            G(v, 1, 6, 11, 12, m[Sigma[s, 10]], m[Sigma[s, 11]]);
            G(v, 2, 7, 8, 13, m[Sigma[s, 12]], m[Sigma[s, 13]]);
            G(v, 3, 4, 9, 14, m[Sigma[s, 14]], m[Sigma[s, 15]]);
        }
        for (int i = 0; i < 8; i++)
            h[i] ^= v[i] ^ v[i + 8];
    }

    private static void G(ulong[] v, int a, int b, int c, int d, ulong x, ulong y)
    {
        v[a] = v[a] + v[b] + x;
        v[d] = RotateRight(v[d] ^ v[a], 32);
        v[c] = v[c] + v[d];
        v[b] = RotateRight(v[b] ^ v[c], 24);
        v[a] = v[a] + v[b] + y;
        v[d] = RotateRight(v[d] ^ v[a], 16);
        v[c] = v[c] + v[d];
        v[b] = RotateRight(v[b] ^ v[c], 63);
    }

    private static ulong RotateRight(ulong x, int n) => (x >> n) | (x << (64 - n));
}
