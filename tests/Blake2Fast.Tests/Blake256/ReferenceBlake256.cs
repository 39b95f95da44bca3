using System;
using System.Collections.Generic;
using Blake2Fast.Tests.Reference;

namespace Blake2Fast.Tests.Blake256Family;

/// <summary>
/// BLAKE-256 and BLAKE-224 written plainly from the BLAKE submission to the SHA-3 competition (version 1.3, sections
/// 2.1 and 2.2): the initial values, the salt, the message padded bit by bit and the counters. Its compression function
/// is the test project's reference one (<see cref="Blake256Reference"/>, anchored to the official vectors by
/// ReferenceVectorTests). Slow and obvious on purpose; it shares no code with the library.
/// </summary>
internal static class ReferenceBlake256
{
    private static readonly uint[] IV256 = { 0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19 };
    private static readonly uint[] IV224 = { 0xC1059ED8, 0x367CD507, 0x3070DD17, 0xF70E5939, 0xFFC00B31, 0x68581511, 0x64F98FA7, 0xBEFA4FA4 };

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
            Blake256Reference.Compress(h, s, padded.AsSpan(block * 64, 64), (uint)counter, (uint)(counter >> 32));
        }

        byte[] digest = new byte[is256 ? 32 : 28];
        for (int i = 0; i < digest.Length; i++)
            digest[i] = (byte)(h[i / 4] >> (24 - 8 * (i % 4)));
        return digest;
    }

    private static uint Word(byte[] bytes, int offset) =>
        ((uint)bytes[offset] << 24) | ((uint)bytes[offset + 1] << 16) | ((uint)bytes[offset + 2] << 8) | bytes[offset + 3];
}
