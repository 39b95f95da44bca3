using System;
using System.Text;
using Blake2Fast.Tests.Reference;

namespace Blake2Fast.Tests.Oracle;

// A deliberately plain reference implementation of BLAKE2b and BLAKE2s, written from RFC 7693 (sections 2.1-2.8
// and the pseudocode of section 3.3) and the parameter block of the BLAKE2 paper (section 2.8).
//
// It is the oracle of the differential tests, so it shares nothing with the library under test: it uses nothing
// from Blake2Fast, no SIMD, no unsafe code, no spans tricks. Its compression function F, IV and SIGMA are the
// test project's readable ones (Reference/Blake2bReference.cs, Reference/Blake2sReference.cs), anchored to the
// official vectors by ReferenceVectorTests; this file adds the parameter block, the key block, the padding and
// the counter, with explicit little-endian byte arithmetic, exactly as RFC 7693 section 3.3 describes. It is
// slow and meant to be obviously right.
//
// Beyond the RFC, it can start the byte counter t at any value (as if that many bytes had been hashed before,
// with the chaining value of a fresh state), which lets the tests drive the library's counter across the carry
// from the low word into the high word without hashing 2^64 bytes.

/// <summary>Every field of the BLAKE2 parameter block, plus the key and the last-node flag (plain data).</summary>
public sealed class ReferenceParameters
{
    /// <summary>Digest length in bytes (nn): 1..64 for BLAKE2b, 1..32 for BLAKE2s.</summary>
    public int DigestLength { get; set; }

    /// <summary>The key (kk = its length): 0..64 bytes for BLAKE2b, 0..32 for BLAKE2s.</summary>
    public byte[] Key { get; set; } = Array.Empty<byte>();

    /// <summary>Salt, at most 16 (BLAKE2b) or 8 (BLAKE2s) bytes; shorter values are zero-padded on the right.</summary>
    public byte[] Salt { get; set; } = Array.Empty<byte>();

    /// <summary>Personalization, at most 16 (BLAKE2b) or 8 (BLAKE2s) bytes; zero-padded on the right.</summary>
    public byte[] Personalization { get; set; } = Array.Empty<byte>();

    public byte Fanout { get; set; } = 1;
    public byte Depth { get; set; } = 1;
    public uint LeafLength { get; set; }

    /// <summary>Node offset: 64 bits for BLAKE2b, 48 bits for BLAKE2s.</summary>
    public ulong NodeOffset { get; set; }

    public byte NodeDepth { get; set; }
    public byte InnerLength { get; set; }

    /// <summary>When set, the final compression also inverts v[15] (the f1 flag is all ones).</summary>
    public bool LastNode { get; set; }

    public override string ToString()
    {
        var text = new StringBuilder();
        text.Append("digestLength=").Append(DigestLength);
        text.Append(" key=[").Append(Key.Length).Append("]").Append(ToHex(Key));
        text.Append(" salt=[").Append(Salt.Length).Append("]").Append(ToHex(Salt));
        text.Append(" personalization=[").Append(Personalization.Length).Append("]").Append(ToHex(Personalization));
        text.Append(" fanout=").Append(Fanout);
        text.Append(" depth=").Append(Depth);
        text.Append(" leafLength=").Append(LeafLength);
        text.Append(" nodeOffset=0x").Append(NodeOffset.ToString("x", System.Globalization.CultureInfo.InvariantCulture));
        text.Append(" nodeDepth=").Append(NodeDepth);
        text.Append(" innerLength=").Append(InnerLength);
        text.Append(" lastNode=").Append(LastNode);
        return text.ToString();
    }

    private static string ToHex(byte[] bytes)
    {
        var text = new StringBuilder();
        foreach (byte b in bytes)
            text.Append(b.ToString("x2", System.Globalization.CultureInfo.InvariantCulture));
        return text.ToString();
    }
}

/// <summary>Reference BLAKE2b: w = 64 bits, r = 12 rounds, bb = 128-byte blocks, rotations 32, 24, 16, 63.</summary>
public static class ReferenceBlake2b
{
    public const int BlockBytes = 128;
    public const int MaxDigestBytes = 64;
    public const int MaxKeyBytes = 64;
    public const int SaltBytes = 16;
    public const int PersonalizationBytes = 16;

    /// <summary>BLAKE2b of the whole <paramref name="message"/>, the byte counter starting at zero.</summary>
    public static byte[] Hash(ReferenceParameters parameters, byte[] message) => Hash(parameters, message, 0, 0);

    /// <summary>
    /// BLAKE2b of the whole <paramref name="message"/>, with the 128-bit byte counter t starting at
    /// (<paramref name="counterHigh"/> * 2^64 + <paramref name="counterLow"/>) instead of zero, as if that many
    /// bytes had been hashed before while the chaining value stayed the initial one.
    /// </summary>
    public static byte[] Hash(ReferenceParameters parameters, byte[] message, ulong counterLow, ulong counterHigh)
    {
        byte[] parameterBlock = ParameterBlock(parameters);

        // h[0..7] := IV[0..7] xor the parameter block (for the default parameters this is the RFC's
        // h[0] := h[0] ^ 0x01010000 ^ (kk << 8) ^ nn).
        var h = new ulong[8];
        for (int i = 0; i < 8; i++)
            h[i] = Blake2bReference.IV[i] ^ ReadWord(parameterBlock, 8 * i);

        // The data d: the key padded with zeros to a full block (only if there is a key), then the message,
        // padded with zeros to a whole number of blocks; at least one block (the empty message).
        int keyLength = parameters.Key.Length;
        int keyBlockLength = keyLength > 0 ? BlockBytes : 0;
        int dataLength = keyBlockLength + message.Length;
        int blockCount = Math.Max(1, (dataLength + BlockBytes - 1) / BlockBytes);
        var data = new byte[blockCount * BlockBytes];
        Array.Copy(parameters.Key, 0, data, 0, keyLength);
        Array.Copy(message, 0, data, keyBlockLength, message.Length);

        UInt128 start = new UInt128(counterHigh, counterLow);
        var block = new byte[BlockBytes];

        // Every block but the last: the counter counts the bytes so far, including this full block.
        for (int i = 0; i < blockCount - 1; i++)
        {
            Array.Copy(data, i * BlockBytes, block, 0, BlockBytes);
            Compress(h, block, start + (UInt128)((ulong)(i + 1) * BlockBytes), finalBlock: false, lastNode: false);
        }

        // The last block: the counter is the total byte count (key block included), the final flag is set.
        Array.Copy(data, (blockCount - 1) * BlockBytes, block, 0, BlockBytes);
        Compress(h, block, start + (UInt128)(ulong)dataLength, finalBlock: true, lastNode: parameters.LastNode);

        // The first nn bytes of h in little-endian order.
        var full = new byte[8 * 8];
        for (int i = 0; i < 8; i++)
            WriteWord(full, 8 * i, h[i]);
        var digest = new byte[parameters.DigestLength];
        Array.Copy(full, digest, parameters.DigestLength);
        return digest;
    }

    /// <summary>The 64-byte parameter block (BLAKE2 paper, section 2.8, table for BLAKE2b).</summary>
    public static byte[] ParameterBlock(ReferenceParameters p)
    {
        if (p.DigestLength < 1 || p.DigestLength > MaxDigestBytes)
            throw new ArgumentOutOfRangeException(nameof(p), "digest length");
        if (p.Key.Length > MaxKeyBytes || p.Salt.Length > SaltBytes || p.Personalization.Length > PersonalizationBytes)
            throw new ArgumentOutOfRangeException(nameof(p), "key, salt or personalization too long");
        if (p.InnerLength > MaxDigestBytes)
            throw new ArgumentOutOfRangeException(nameof(p), "inner length");

        var block = new byte[64];
        block[0] = (byte)p.DigestLength;          // digest length
        block[1] = (byte)p.Key.Length;            // key length
        block[2] = p.Fanout;                      // fanout
        block[3] = p.Depth;                       // depth
        for (int i = 0; i < 4; i++)               // leaf length, 4 bytes little-endian
            block[4 + i] = (byte)(p.LeafLength >> (8 * i));
        for (int i = 0; i < 8; i++)               // node offset, 8 bytes little-endian
            block[8 + i] = (byte)(p.NodeOffset >> (8 * i));
        block[16] = p.NodeDepth;                  // node depth
        block[17] = p.InnerLength;                // inner length
        // bytes 18..31 are reserved (zero)
        Array.Copy(p.Salt, 0, block, 32, p.Salt.Length);                        // salt, bytes 32..47
        Array.Copy(p.Personalization, 0, block, 48, p.Personalization.Length);  // personalization, bytes 48..63
        return block;
    }

    /// <summary>
    /// The compression function F (RFC 7693 section 3.2), the test project's reference one: t split into its two
    /// words, the flags as all-ones words.
    /// </summary>
    private static void Compress(ulong[] h, byte[] block, UInt128 t, bool finalBlock, bool lastNode) =>
        Blake2bReference.Compress(h, block, (ulong)t, (ulong)(t >> 64), finalBlock ? ulong.MaxValue : 0, lastNode ? ulong.MaxValue : 0);

    private static ulong ReadWord(byte[] bytes, int offset)
    {
        ulong word = 0;
        for (int i = 7; i >= 0; i--)
            word = (word << 8) | bytes[offset + i];
        return word;
    }

    private static void WriteWord(byte[] bytes, int offset, ulong word)
    {
        for (int i = 0; i < 8; i++)
            bytes[offset + i] = (byte)(word >> (8 * i));
    }
}

/// <summary>Reference BLAKE2s: w = 32 bits, r = 10 rounds, bb = 64-byte blocks, rotations 16, 12, 8, 7.</summary>
public static class ReferenceBlake2s
{
    public const int BlockBytes = 64;
    public const int MaxDigestBytes = 32;
    public const int MaxKeyBytes = 32;
    public const int SaltBytes = 8;
    public const int PersonalizationBytes = 8;

    /// <summary>BLAKE2s of the whole <paramref name="message"/>, the byte counter starting at zero.</summary>
    public static byte[] Hash(ReferenceParameters parameters, byte[] message) => Hash(parameters, message, 0, 0);

    /// <summary>
    /// BLAKE2s of the whole <paramref name="message"/>, with the 64-bit byte counter t starting at
    /// (<paramref name="counterHigh"/> * 2^32 + <paramref name="counterLow"/>) instead of zero.
    /// </summary>
    public static byte[] Hash(ReferenceParameters parameters, byte[] message, uint counterLow, uint counterHigh)
    {
        byte[] parameterBlock = ParameterBlock(parameters);

        var h = new uint[8];
        for (int i = 0; i < 8; i++)
            h[i] = Blake2sReference.IV[i] ^ ReadWord(parameterBlock, 4 * i);

        int keyLength = parameters.Key.Length;
        int keyBlockLength = keyLength > 0 ? BlockBytes : 0;
        int dataLength = keyBlockLength + message.Length;
        int blockCount = Math.Max(1, (dataLength + BlockBytes - 1) / BlockBytes);
        var data = new byte[blockCount * BlockBytes];
        Array.Copy(parameters.Key, 0, data, 0, keyLength);
        Array.Copy(message, 0, data, keyBlockLength, message.Length);

        ulong start = ((ulong)counterHigh << 32) | counterLow;
        var block = new byte[BlockBytes];

        for (int i = 0; i < blockCount - 1; i++)
        {
            Array.Copy(data, i * BlockBytes, block, 0, BlockBytes);
            Compress(h, block, start + (ulong)(i + 1) * BlockBytes, finalBlock: false, lastNode: false);
        }

        Array.Copy(data, (blockCount - 1) * BlockBytes, block, 0, BlockBytes);
        Compress(h, block, start + (ulong)dataLength, finalBlock: true, lastNode: parameters.LastNode);

        var full = new byte[8 * 4];
        for (int i = 0; i < 8; i++)
            WriteWord(full, 4 * i, h[i]);
        var digest = new byte[parameters.DigestLength];
        Array.Copy(full, digest, parameters.DigestLength);
        return digest;
    }

    /// <summary>The 32-byte parameter block (BLAKE2 paper, section 2.8, table for BLAKE2s).</summary>
    public static byte[] ParameterBlock(ReferenceParameters p)
    {
        if (p.DigestLength < 1 || p.DigestLength > MaxDigestBytes)
            throw new ArgumentOutOfRangeException(nameof(p), "digest length");
        if (p.Key.Length > MaxKeyBytes || p.Salt.Length > SaltBytes || p.Personalization.Length > PersonalizationBytes)
            throw new ArgumentOutOfRangeException(nameof(p), "key, salt or personalization too long");
        if (p.InnerLength > MaxDigestBytes)
            throw new ArgumentOutOfRangeException(nameof(p), "inner length");
        if (p.NodeOffset >= (1UL << 48))
            throw new ArgumentOutOfRangeException(nameof(p), "node offset (48 bits)");

        var block = new byte[32];
        block[0] = (byte)p.DigestLength;          // digest length
        block[1] = (byte)p.Key.Length;            // key length
        block[2] = p.Fanout;                      // fanout
        block[3] = p.Depth;                       // depth
        for (int i = 0; i < 4; i++)               // leaf length, 4 bytes little-endian
            block[4 + i] = (byte)(p.LeafLength >> (8 * i));
        for (int i = 0; i < 6; i++)               // node offset, 6 bytes (48 bits) little-endian
            block[8 + i] = (byte)(p.NodeOffset >> (8 * i));
        block[14] = p.NodeDepth;                  // node depth
        block[15] = p.InnerLength;                // inner length
        Array.Copy(p.Salt, 0, block, 16, p.Salt.Length);                        // salt, bytes 16..23
        Array.Copy(p.Personalization, 0, block, 24, p.Personalization.Length);  // personalization, bytes 24..31
        return block;
    }

    /// <summary>The compression function F (RFC 7693 section 3.2), the test project's reference one.</summary>
    private static void Compress(uint[] h, byte[] block, ulong t, bool finalBlock, bool lastNode) =>
        Blake2sReference.Compress(h, block, (uint)t, (uint)(t >> 32), finalBlock ? uint.MaxValue : 0, lastNode ? uint.MaxValue : 0);

    private static uint ReadWord(byte[] bytes, int offset) =>
        (uint)bytes[offset] | ((uint)bytes[offset + 1] << 8) | ((uint)bytes[offset + 2] << 16) | ((uint)bytes[offset + 3] << 24);

    private static void WriteWord(byte[] bytes, int offset, uint word)
    {
        for (int i = 0; i < 4; i++)
            bytes[offset + i] = (byte)(word >> (8 * i));
    }
}
