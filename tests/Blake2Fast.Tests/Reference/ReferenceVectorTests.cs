using System;
using System.Buffers.Binary;
using System.Linq;
using System.Text;
using System.Text.Json;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Reference;

/// <summary>
/// The reference compressions anchored to the specifications, not only to the kernels: each, with the least padding
/// and counting written here, gives the published digests (RFC 7693 appendices A and B and the official BLAKE2
/// known answers; the official BLAKE3 vectors, extended output included; the BLAKE specification's and decred's
/// BLAKE-256/224 vectors).
/// </summary>
public class ReferenceVectorTests
{
    [Fact]
    public void Blake2b_Abc_IsRfc7693AppendixA()
    {
        Assert.Equal("ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923",
            Hex.Encode(Blake2(wide: true, Array.Empty<byte>(), Encoding.ASCII.GetBytes("abc"), 64)));
    }

    [Fact]
    public void Blake2s_Abc_IsRfc7693AppendixB()
    {
        Assert.Equal("508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982",
            Hex.Encode(Blake2(wide: false, Array.Empty<byte>(), Encoding.ASCII.GetBytes("abc"), 32)));
    }

    [Fact]
    public void Blake2_OfficialKnownAnswers()
    {
        using JsonDocument document = TestDataFiles.Load("blake2-kat.json");
        int checkedCount = 0;
        foreach (JsonElement entry in document.RootElement.EnumerateArray())
        {
            int wordBytes = entry.GetProperty("hash").GetString() switch { "blake2b" => 8, "blake2s" => 4, _ => 0 };
            if (wordBytes == 0)
                continue;
            byte[] key = Hex.Decode(entry.GetProperty("key").GetString()!), input = Hex.Decode(entry.GetProperty("in").GetString()!);
            Assert.Equal(entry.GetProperty("out").GetString(), Hex.Encode(Blake2(wordBytes == 8, key, input, 8 * wordBytes)));
            checkedCount++;
        }
        Assert.Equal(1024, checkedCount); // 256 lengths, keyed and not, of each
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(64)]
    [InlineData(1023)]
    [InlineData(1024)]
    [InlineData(1025)]
    [InlineData(2048)]
    public void Blake3_OfficialVectors(int inputLength)
    {
        using JsonDocument document = TestDataFiles.Load("blake3-test-vectors.json");
        JsonElement vectors = document.RootElement.GetProperty("cases").EnumerateArray().Single(c => c.GetProperty("input_len").GetInt32() == inputLength);
        byte[] input = Enumerable.Range(0, inputLength).Select(i => (byte)(i % 251)).ToArray();
        byte[] key = Encoding.ASCII.GetBytes(document.RootElement.GetProperty("key").GetString()!);
        byte[] context = Encoding.ASCII.GetBytes(document.RootElement.GetProperty("context_string").GetString()!);
        string hash = vectors.GetProperty("hash").GetString()!;
        int outputLength = hash.Length / 2; // 131 bytes: three extended-output blocks

        Assert.Equal(hash, Hex.Encode(Blake3(Blake3Reference.IV, 0, input, outputLength)));
        Assert.Equal(vectors.GetProperty("keyed_hash").GetString(), Hex.Encode(Blake3(Words(key), Blake3Reference.KeyedHash, input, outputLength)));
        byte[] contextKey = Blake3(Blake3Reference.IV, Blake3Reference.DeriveKeyContext, context, 32);
        Assert.Equal(vectors.GetProperty("derive_key").GetString(), Hex.Encode(Blake3(Words(contextKey), Blake3Reference.DeriveKeyMaterial, input, outputLength)));
    }

    [Fact]
    public void Blake256And224_SpecificationAndDecredVectors()
    {
        using JsonDocument document = TestDataFiles.Load("blake256-vectors.json");
        int checkedCount = 0;
        foreach (JsonElement entry in document.RootElement.GetProperty("hash").EnumerateArray())
        {
            byte[] input = Hex.Decode(entry.GetProperty("in").GetString()!), salt = Hex.Decode(entry.GetProperty("salt").GetString()!);
            string name = entry.GetProperty("name").GetString()!;
            Assert.True(Hex.Encode(Blake256(input, salt, is256: true)) == entry.GetProperty("blake256").GetString(), $"BLAKE-256 of '{name}'");
            Assert.True(Hex.Encode(Blake256(input, salt, is256: false)) == entry.GetProperty("blake224").GetString(), $"BLAKE-224 of '{name}'");
            checkedCount++;
        }
        Assert.True(checkedCount >= 10);
    }

    // RFC 7693 section 3.3: the key padded to a block, then the message padded with zeros; t counts the bytes so far,
    // the last block only its own; f0 set on the last block.
    private static byte[] Blake2(bool wide, byte[] key, byte[] message, int digestLength)
    {
        int blockBytes = wide ? 128 : 64;
        byte[] data = key.Length > 0 ? new byte[blockBytes].Concat(message).ToArray() : message;
        key.CopyTo(data, 0);
        int blocks = Math.Max(1, (data.Length + blockBytes - 1) / blockBytes);
        Array.Resize(ref data, blocks * blockBytes);
        ulong total = (ulong)((key.Length > 0 ? blockBytes : 0) + message.Length);
        ulong parameters = 0x01010000UL ^ ((ulong)key.Length << 8) ^ (ulong)digestLength;
        if (wide)
        {
            ulong[] h = (ulong[])Blake2bReference.IV.Clone();
            h[0] ^= parameters;
            for (int i = 0; i < blocks; i++)
                Blake2bReference.Compress(h, data.AsSpan(i * blockBytes, blockBytes), i < blocks - 1 ? (ulong)(i + 1) * 128 : total, 0, i < blocks - 1 ? 0 : ulong.MaxValue, 0);
            var digest = new byte[64];
            for (int i = 0; i < 8; i++)
                BinaryPrimitives.WriteUInt64LittleEndian(digest.AsSpan(8 * i), h[i]);
            return digest[..digestLength];
        }
        uint[] hs = (uint[])Blake2sReference.IV.Clone();
        hs[0] ^= (uint)parameters;
        for (int i = 0; i < blocks; i++)
            Blake2sReference.Compress(hs, data.AsSpan(i * blockBytes, blockBytes), i < blocks - 1 ? (uint)(i + 1) * 64 : (uint)total, 0, i < blocks - 1 ? 0 : uint.MaxValue, 0);
        return Bytes(hs)[..digestLength];
    }

    // BLAKE3 for inputs of up to two chunks: one chunk is the root; two are a parent's children (the specification's
    // section 2.5), and the root's output blocks are its compression with the output counter 0, 1, 2, ... (section 2.6).
    private static byte[] Blake3(uint[] key, uint mode, byte[] input, int outputLength)
    {
        Assert.True(input.Length <= 2048);
        (uint[] cv, byte[] block, uint blockLength, ulong counter, uint flags) root;
        if (input.Length <= 1024)
        {
            root = LastBlock(key, mode, input, 0);
        }
        else
        {
            (uint[] cv0, byte[] b0, uint l0, ulong c0, uint f0) = LastBlock(key, mode, input.AsSpan(0, 1024).ToArray(), 0);
            (uint[] cv1, byte[] b1, uint l1, ulong c1, uint f1) = LastBlock(key, mode, input.AsSpan(1024).ToArray(), 1);
            byte[] parent = Bytes(Blake3Reference.Compress(cv0, b0, c0, l0, f0)[..8]).Concat(Bytes(Blake3Reference.Compress(cv1, b1, c1, l1, f1)[..8])).ToArray();
            root = (key, parent, 64, 0, mode | Blake3Reference.Parent);
        }
        byte[] output = Enumerable.Range(0, (outputLength + 63) / 64)
            .SelectMany(i => Bytes(Blake3Reference.Compress(root.cv, root.block, (ulong)i, root.blockLength, root.flags | Blake3Reference.Root))).ToArray();
        return output[..outputLength];
    }

    /// <summary>A chunk's blocks but its last compressed; the last one's inputs returned (it may be the root).</summary>
    private static (uint[], byte[], uint, ulong, uint) LastBlock(uint[] key, uint mode, byte[] chunk, ulong index)
    {
        int blocks = Math.Max(1, (chunk.Length + 63) / 64);
        uint[] cv = key;
        for (int b = 0; b < blocks - 1; b++)
            cv = Blake3Reference.Compress(cv, chunk.AsSpan(64 * b, 64), index, 64, mode | (b == 0 ? Blake3Reference.ChunkStart : 0))[..8];
        byte[] last = new byte[64];
        chunk.AsSpan(64 * (blocks - 1)).CopyTo(last);
        uint flags = mode | Blake3Reference.ChunkEnd | (blocks == 1 ? Blake3Reference.ChunkStart : 0);
        return (cv, last, (uint)(chunk.Length - 64 * (blocks - 1)), index, flags);
    }

    // The BLAKE submission, section 2.1.3: a 1 bit, zeros, a 1 bit (BLAKE-256; 0 for BLAKE-224), the length in bits as
    // 64 bits big-endian; t counts the message bits up to the end of each block, 0 for a block that holds none.
    private static byte[] Blake256(byte[] message, byte[] salt, bool is256)
    {
        int length = message.Length + 9;
        byte[] padded = new byte[(length + 63) / 64 * 64];
        message.CopyTo(padded, 0);
        padded[message.Length] = 0x80;
        padded[^9] |= (byte)(is256 ? 1 : 0);
        ulong bits = 8UL * (ulong)message.Length;
        BinaryPrimitives.WriteUInt64BigEndian(padded.AsSpan(padded.Length - 8), bits);
        uint[] s = new uint[4];
        for (int i = 0; i < 4 && salt.Length == 16; i++)
            s[i] = BinaryPrimitives.ReadUInt32BigEndian(salt.AsSpan(4 * i));
        uint[] h = is256
            ? new uint[] { 0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19 }
            : new uint[] { 0xC1059ED8, 0x367CD507, 0x3070DD17, 0xF70E5939, 0xFFC00B31, 0x68581511, 0x64F98FA7, 0xBEFA4FA4 };
        for (int i = 0; i < padded.Length / 64; i++)
        {
            ulong t = 512UL * (ulong)i < bits ? Math.Min(512UL * (ulong)(i + 1), bits) : 0;
            Blake256Reference.Compress(h, s, padded.AsSpan(64 * i, 64), (uint)t, (uint)(t >> 32));
        }
        byte[] digest = new byte[32];
        for (int i = 0; i < 8; i++)
            BinaryPrimitives.WriteUInt32BigEndian(digest.AsSpan(4 * i), h[i]);
        return digest[..(is256 ? 32 : 28)];
    }

    private static uint[] Words(byte[] bytes) => Enumerable.Range(0, bytes.Length / 4).Select(i => BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(4 * i))).ToArray();

    private static byte[] Bytes(uint[] words) => words.SelectMany(w => { var b = new byte[4]; BinaryPrimitives.WriteUInt32LittleEndian(b, w); return b; }).ToArray();
}
