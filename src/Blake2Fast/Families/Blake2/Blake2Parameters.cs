using System;
using System.Diagnostics;
using Blake2Fast.Internal;

namespace Blake2Fast;

/// <summary>
/// The full BLAKE2 parameter block (RFC 7693 section 2.5 and the BLAKE2 paper section 2.8): digest length, key,
/// salt, personalization and the tree-hashing parameters. Used with <see cref="Blake2b"/> and <see cref="Blake2s"/>.
/// </summary>
/// <remarks>
/// <para>This is a <see langword="ref struct"/> so that the key, salt and personalization can be given as spans
/// without copying or allocating. <see langword="default"/> describes plain sequential hashing with the
/// algorithm's full digest length, no key, zero salt and personalization, fanout 1 and depth 1.</para>
/// <para>A salt or personalization shorter than its field (16 bytes for BLAKE2b, 8 for BLAKE2s) is padded with
/// zeros on the right. Limits that depend on the algorithm are checked when the parameters are used, and an
/// <see cref="ArgumentException"/> then names the offending property.</para>
/// </remarks>
public ref struct Blake2Parameters
{
    private int _digestLength;
    // Stored XOR-ed with their sequential defaults (1) so that default(Blake2Parameters) means fanout 1, depth 1.
    private byte _fanoutXor1;
    private byte _depthXor1;

    /// <summary>The digest length in bytes: 1..64 for BLAKE2b, 1..32 for BLAKE2s. Left unset, the algorithm's full length.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is less than 1.</exception>
    public int DigestLength
    {
        readonly get => _digestLength;
        set
        {
            if (value < 1)
                ThrowHelper.DigestLengthOutOfRange(nameof(DigestLength), value, 64);
            _digestLength = value;
        }
    }

    /// <summary>The key for keyed hashing (MAC mode): at most 64 bytes for BLAKE2b, 32 for BLAKE2s.</summary>
    /// <remarks>
    /// This is the raw parameter block, so an empty (or null) key means an unkeyed hash, without an error; the keyed
    /// overloads (<c>Keyed.HashData</c>, <c>CreateHMAC</c>, <c>ComputeHash(key, ...)</c>) refuse an empty key instead.
    /// </remarks>
    public ReadOnlySpan<byte> Key { readonly get; set; }

    /// <summary>The salt: at most 16 bytes for BLAKE2b, 8 for BLAKE2s; zero-padded on the right.</summary>
    public ReadOnlySpan<byte> Salt { readonly get; set; }

    /// <summary>The personalization: at most 16 bytes for BLAKE2b, 8 for BLAKE2s; zero-padded on the right.</summary>
    public ReadOnlySpan<byte> Personalization { readonly get; set; }

    /// <summary>Tree fanout, 0..255 (0 means unlimited). Default 1 (sequential hashing).</summary>
    public byte Fanout
    {
        readonly get => (byte)(_fanoutXor1 ^ 1);
        set => _fanoutXor1 = (byte)(value ^ 1);
    }

    /// <summary>Maximal tree depth, 0..255. Default 1 (sequential hashing).</summary>
    public byte Depth
    {
        readonly get => (byte)(_depthXor1 ^ 1);
        set => _depthXor1 = (byte)(value ^ 1);
    }

    /// <summary>Leaf maximal byte length (0 for unlimited or sequential).</summary>
    public uint LeafLength { readonly get; set; }

    /// <summary>Node offset: 64 bits for BLAKE2b, 48 bits (below 2^48) for BLAKE2s.</summary>
    public ulong NodeOffset { readonly get; set; }

    /// <summary>Node depth, 0 for leaves and for sequential hashing.</summary>
    public byte NodeDepth { readonly get; set; }

    /// <summary>Inner hash byte length: at most 64 for BLAKE2b, 32 for BLAKE2s; 0 for sequential hashing.</summary>
    public byte InnerLength { readonly get; set; }

    /// <summary>Marks the last node of a tree level; sets the second finalization flag when the hash is finished.</summary>
    /// <remarks>This flag is not part of the parameter block itself, so it does not change the initial state.</remarks>
    public bool LastNode { readonly get; set; }

    /// <summary>
    /// The checks of the simple overloads' digest length and key, with the names those overloads give them: what their
    /// public doors call (the generated states, the HashAlgorithm wrapper) before they pass the values down.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    internal static void CheckSimple(int digestLength, ReadOnlySpan<byte> key, int maxLength)
    {
        if (digestLength < 1 || digestLength > maxLength)
            ThrowHelper.DigestLengthOutOfRange(nameof(digestLength), digestLength, maxLength);
        if (key.Length > maxLength)
            ThrowHelper.TooLong(nameof(key), maxLength);
    }

    /// <summary>
    /// For plain sequential hashing (only a digest length and a key, the usual case) the parameter block is one
    /// non-zero word, so a state starts from it without building the 64-byte block: a measurable share of the cost
    /// of hashing a few bytes.
    /// </summary>
    /// <returns>Parameter word 0 (digest length, key length, fanout 1, depth 1), or 0 if other parameters are set.</returns>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    internal readonly uint SequentialWord0(int wordSize, uint xofLength, out int digestLength)
    {
        int maxLength = 8 * wordSize;
        digestLength = _digestLength == 0 ? maxLength : _digestLength;
        if ((_fanoutXor1 | _depthXor1 | NodeDepth | InnerLength) != 0 || (LeafLength | xofLength) != 0 || NodeOffset != 0
            || !Salt.IsEmpty || !Personalization.IsEmpty || digestLength > maxLength || Key.Length > maxLength)
            return 0; // WriteBlock builds it (the public door has checked it)
        return 0x0101_0000u | (uint)Key.Length << 8 | (uint)digestLength;
    }

    /// <summary>
    /// Checks the parameters against an algorithm whose words are <paramref name="wordSize"/> bytes (8 for
    /// BLAKE2b, 4 for BLAKE2s), naming the offending property: what the public doors that take a parameter block
    /// call before they pass it down (the states below only assert, in <see cref="WriteBlock"/>).
    /// </summary>
    /// <returns>The digest length in bytes.</returns>
    internal readonly int Validate(int wordSize, uint xofLength = 0)
    {
        int maxLength = 8 * wordSize;
        int fieldLength = 2 * wordSize;
        int digestLength = _digestLength == 0 ? maxLength : _digestLength;
        if (digestLength > maxLength)
            ThrowHelper.DigestLengthOutOfRange(nameof(DigestLength), digestLength, maxLength);
        if (Key.Length > maxLength)
            ThrowHelper.TooLong(nameof(Key), maxLength);
        if (Salt.Length > fieldLength)
            ThrowHelper.TooLong(nameof(Salt), fieldLength);
        if (Personalization.Length > fieldLength)
            ThrowHelper.TooLong(nameof(Personalization), fieldLength);
        if (InnerLength > maxLength)
            ThrowHelper.InnerLengthOutOfRange(nameof(InnerLength), InnerLength, maxLength);

        // BLAKE2b: node offset bytes 8..15; BLAKE2s: bytes 8..13, so its offset must fit in 48 bits.
        // BLAKE2X keeps its output length in the top of that field (bytes 12..15 / 12..13).
        int nodeOffsetBytes = wordSize == 8 ? 8 : 6;
        int nodeOffsetBits = xofLength != 0 ? 32 : nodeOffsetBytes * 8;
        if (nodeOffsetBits < 64 && (NodeOffset >> nodeOffsetBits) != 0)
            ThrowHelper.NodeOffsetOutOfRange(nameof(NodeOffset), nodeOffsetBits);
        return digestLength;
    }

    /// <summary>
    /// Writes the parameter block (8 words) of parameters <see cref="Validate"/> has accepted into
    /// <paramref name="block"/>.
    /// </summary>
    /// <returns>The digest length in bytes.</returns>
    internal readonly int WriteBlock(Span<byte> block, int wordSize, uint xofLength = 0)
    {
        int maxLength = 8 * wordSize;
        int fieldLength = 2 * wordSize;
        int digestLength = _digestLength == 0 ? maxLength : _digestLength;
        int nodeOffsetBytes = wordSize == 8 ? 8 : 6;
        int nodeOffsetBits = xofLength != 0 ? 32 : nodeOffsetBytes * 8;
        // Checked and named at the public door (Validate); here, asserts only.
        Debug.Assert(digestLength <= maxLength && Key.Length <= maxLength && InnerLength <= maxLength);
        Debug.Assert(Salt.Length <= fieldLength && Personalization.Length <= fieldLength);
        Debug.Assert(nodeOffsetBits == 64 || (NodeOffset >> nodeOffsetBits) == 0);

        block.Slice(0, maxLength).Clear();
        block[0] = (byte)digestLength;
        block[1] = (byte)Key.Length;
        block[2] = Fanout;
        block[3] = Depth;
        LittleEndian.WriteUInt32(block.Slice(4), LeafLength);
        ulong offset = NodeOffset;
        for (int i = 0; i < nodeOffsetBytes; i++, offset >>= 8)
            block[8 + i] = (byte)offset;
        if (xofLength != 0)
        {
            if (wordSize == 8)
                LittleEndian.WriteUInt32(block.Slice(12), xofLength);
            else
            {
                block[12] = (byte)xofLength;
                block[13] = (byte)(xofLength >> 8);
            }
        }
        block[8 + nodeOffsetBytes] = NodeDepth;
        block[9 + nodeOffsetBytes] = InnerLength;
        // Most hashes have neither; skipping the empty copies is measurable on tiny inputs.
        if (!Salt.IsEmpty)
            Salt.CopyTo(block.Slice(4 * wordSize));
        if (!Personalization.IsEmpty)
            Personalization.CopyTo(block.Slice(6 * wordSize));
        return digestLength;
    }
}
