using System;
using System.Collections.Generic;

namespace Blake2Fast.Tests.Blake256Family;

/// <summary>
/// BLAKE-256 and BLAKE-224 written plainly from the BLAKE submission to the SHA-3 competition (version 1.3, sections
/// 2.1 and 2.2): the message padded bit by bit, loops over rounds and G functions, a table for the schedule. Slow and
/// obvious on purpose; it shares no code with the library.
/// </summary>
internal static class ReferenceBlake256
{
    private static readonly uint[] IV256 = { 0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19 };
    private static readonly uint[] IV224 = { 0xC1059ED8, 0x367CD507, 0x3070DD17, 0xF70E5939, 0xFFC00B31, 0x68581511, 0x64F98FA7, 0xBEFA4FA4 };

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

    public static byte[] Blake256(byte[] message, byte[]? salt = null) => Hash(message, salt, is256: true);

    public static byte[] Blake224(byte[] message, byte[]? salt = null) => Hash(message, salt, is256: false);

    /// <param name="message">The message.</param>
    /// <param name="salt">16 bytes, or <see langword="null"/> for none (all zero).</param>
    /// <param name="is256">BLAKE-256, or BLAKE-224.</param>
    /// <param name="startBits">
    /// For the counter-carry tests: a multiple of 512 bits taken as already hashed before <paramref name="message"/>
    /// (the chain still the initial value), so the counters and the length field start there.
    /// </param>
    public static byte[] Hash(byte[] message, byte[]? salt, bool is256, long startBits = 0)
    {
        if (startBits % 512 != 0)
            throw new ArgumentException("whole blocks only", nameof(startBits));
        if (salt is not null && salt.Length != 16)
            throw new ArgumentException("salt must be 16 bytes", nameof(salt));
        uint[] s = new uint[4];
        for (int i = 0; i < 4 && salt is not null; i++)
            s[i] = Word(salt, 4 * i);

        // Padding, bit by bit: the message, a 1, zeros until 447 mod 512, a final 1 (BLAKE-256) or 0 (BLAKE-224),
        // then the length in bits as a 64-bit big-endian number.
        long messageBits = (long)message.Length * 8;
        long length = startBits + messageBits;
        var bits = new List<bool>();
        foreach (byte b in message)
            for (int i = 7; i >= 0; i--)
                bits.Add(((b >> i) & 1) == 1);
        bits.Add(true);
        while (bits.Count % 512 != 447)
            bits.Add(false);
        bits.Add(is256);
        for (int i = 63; i >= 0; i--)
            bits.Add(((length >> i) & 1) == 1);

        byte[] padded = new byte[bits.Count / 8];
        for (int i = 0; i < bits.Count; i++)
            if (bits[i])
                padded[i / 8] |= (byte)(0x80 >> (i % 8));

        uint[] h = (uint[])(is256 ? IV256 : IV224).Clone();
        int blocks = padded.Length / 64;
        for (int block = 0; block < blocks; block++)
        {
            // The counter: message bits up to the end of this block, or 0 if the block holds none.
            long before = (long)block * 512;
            long counter = messageBits > before ? startBits + Math.Min(messageBits, before + 512) : 0;
            uint[] m = new uint[16];
            for (int i = 0; i < 16; i++)
                m[i] = Word(padded, block * 64 + 4 * i);
            h = Compress(h, m, s, counter);
        }

        byte[] digest = new byte[is256 ? 32 : 28];
        for (int i = 0; i < digest.Length; i++)
            digest[i] = (byte)(h[i / 4] >> (24 - 8 * (i % 4)));
        return digest;
    }

    private static uint Word(byte[] bytes, int offset) =>
        ((uint)bytes[offset] << 24) | ((uint)bytes[offset + 1] << 16) | ((uint)bytes[offset + 2] << 8) | bytes[offset + 3];

    private static uint[] Compress(uint[] h, uint[] m, uint[] s, long counter)
    {
        uint t0 = (uint)counter, t1 = (uint)(counter >> 32);
        uint[] v =
        {
            h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7],
            s[0] ^ C[0], s[1] ^ C[1], s[2] ^ C[2], s[3] ^ C[3],
            t0 ^ C[4], t0 ^ C[5], t1 ^ C[6], t1 ^ C[7],
        };
        for (int r = 0; r < 14; r++)
        {
            int row = r % 10;
            G(v, m, row, 0, 0, 4, 8, 12);
            G(v, m, row, 1, 1, 5, 9, 13);
            G(v, m, row, 2, 2, 6, 10, 14);
            G(v, m, row, 3, 3, 7, 11, 15);
            G(v, m, row, 4, 0, 5, 10, 15);
            G(v, m, row, 5, 1, 6, 11, 12);
            G(v, m, row, 6, 2, 7, 8, 13);
            G(v, m, row, 7, 3, 4, 9, 14);
        }
        uint[] result = new uint[8];
        for (int i = 0; i < 8; i++)
            result[i] = h[i] ^ s[i % 4] ^ v[i] ^ v[i + 8];
        return result;
    }

    private static void G(uint[] v, uint[] m, int row, int i, int a, int b, int c, int d)
    {
        int x = Sigma[row, 2 * i], y = Sigma[row, 2 * i + 1];
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
