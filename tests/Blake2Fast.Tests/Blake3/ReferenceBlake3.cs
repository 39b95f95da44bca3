using System;
using System.Collections.Generic;
using System.Text;
using Blake2Fast.Tests.Reference;
using static Blake2Fast.Tests.Reference.Blake3Reference;

namespace Blake2Fast.Tests.Blake3Suite;

/// <summary>
/// BLAKE3 written from the paper, for the differential tests: the tree built recursively (left subtree = the largest
/// power of two of chunks that leaves at least one byte to the right), plain loops. Its compression function, IV and
/// flags are the test project's reference ones (<see cref="Blake3Reference"/>, anchored to the official vectors by
/// ReferenceVectorTests); this file adds the chunks, the tree and the extended output. Slow and obviously correct;
/// it shares nothing with the library.
/// </summary>
internal static class ReferenceBlake3
{
    /// <summary>The IV (BLAKE2s's), the key of the unkeyed modes: <see cref="Blake3Reference.IV"/>.</summary>
    public static readonly uint[] IV = Blake3Reference.IV;

    public static byte[] Hash(byte[] input, int outputLength) => Run(IV, 0, input, outputLength);

    public static byte[] KeyedHash_(byte[] key, byte[] input, int outputLength) => Run(Words(key, 0), KeyedHash, input, outputLength);

    public static byte[] DeriveKey(string context, byte[] material, int outputLength)
    {
        byte[] contextKey = Run(IV, DeriveKeyContext, Encoding.UTF8.GetBytes(context), 32);
        return Run(Words(contextKey, 0), DeriveKeyMaterial, material, outputLength);
    }

    /// <summary>The chaining value of a whole 1 KiB chunk with index <paramref name="index"/> (not the root).</summary>
    public static uint[] ChunkChainingValue(uint[] key, uint mode, byte[] chunk, ulong index) =>
        Chunk(key, mode, chunk, 0, 1024, index).ChainingValue();

    /// <summary>The chaining value of a parent node whose block is <paramref name="block"/> (two child CVs; not the root).</summary>
    public static uint[] ParentChainingValue(uint[] key, uint mode, byte[] block) =>
        new Node(key, Words(block, 0, 16), 0, 64, mode | Parent).ChainingValue();

    /// <summary>One compression's next chaining value (the first 8 output words), for the kernel tests.</summary>
    public static uint[] ChainingValue(uint[] cv, uint[] block, ulong counter, uint blockLength, uint flags) =>
        ChainingValue(Compress(cv, block, counter, blockLength, flags));

    /// <summary>One compression's 16 extended-output words: v[i] ^ v[i + 8], then v[i + 8] ^ cv[i].</summary>
    public static uint[] OutputWords(uint[] cv, uint[] block, ulong counter, uint blockLength, uint flags) =>
        Compress(cv, block, counter, blockLength, flags);

    /// <summary>The reference compression (<see cref="Blake3Reference.Compress"/>, its 16 output words) of a block held as words.</summary>
    private static uint[] Compress(uint[] cv, uint[] block, ulong counter, uint blockLength, uint flags)
    {
        var bytes = new byte[64];
        for (int i = 0; i < 64; i++)
            bytes[i] = (byte)(block[i / 4] >> (8 * (i % 4)));
        return Blake3Reference.Compress(cv, bytes, counter, blockLength, flags);
    }

    /// <summary>The next chaining value: the first 8 of a compression's output words.</summary>
    private static uint[] ChainingValue(uint[] output) => output[..8];

    private static uint[] Words(byte[] bytes, int offset, int count = 8)
    {
        var words = new uint[count];
        for (int i = 0; i < count; i++)
            words[i] = (uint)(bytes[offset + 4 * i] | bytes[offset + 4 * i + 1] << 8 | bytes[offset + 4 * i + 2] << 16 | bytes[offset + 4 * i + 3] << 24);
        return words;
    }

    /// <summary>A node not yet compressed: its input CV, block, counter, length and flags (the root gets ROOT later).</summary>
    private sealed record Node(uint[] Cv, uint[] Block, ulong Counter, uint BlockLength, uint Flags)
    {
        public uint[] ChainingValue() => ReferenceBlake3.ChainingValue(Compress(Cv, Block, Counter, BlockLength, Flags));
    }

    /// <summary>A chunk (up to 1024 bytes, index <paramref name="index"/>): all blocks but the last compressed, the last as a node.</summary>
    private static Node Chunk(uint[] key, uint mode, byte[] input, int start, int length, ulong index)
    {
        uint[] cv = key;
        int blocks = Math.Max(1, (length + 63) / 64);
        for (int b = 0; b < blocks; b++)
        {
            var bytes = new byte[64];
            int n = Math.Min(64, length - 64 * b);
            Array.Copy(input, start + 64 * b, bytes, 0, n);
            uint flags = mode | (b == 0 ? ChunkStart : 0) | (b == blocks - 1 ? ChunkEnd : 0);
            var node = new Node(cv, Words(bytes, 0, 16), index, (uint)n, flags);
            if (b == blocks - 1)
                return node;
            cv = node.ChainingValue();
        }
        throw new InvalidOperationException("unreachable");
    }

    /// <summary>The subtree over input[start..start+length), whose first chunk has index <paramref name="firstChunk"/>.</summary>
    private static Node Subtree(uint[] key, uint mode, byte[] input, int start, int length, ulong firstChunk)
    {
        if (length <= 1024)
            return Chunk(key, mode, input, start, length, firstChunk);
        int leftChunks = 1;
        while (2 * leftChunks * 1024 < length)
            leftChunks *= 2;
        Node left = Subtree(key, mode, input, start, leftChunks * 1024, firstChunk);
        Node right = Subtree(key, mode, input, start + leftChunks * 1024, length - leftChunks * 1024, firstChunk + (ulong)leftChunks);
        var block = new uint[16];
        Array.Copy(left.ChainingValue(), 0, block, 0, 8);
        Array.Copy(right.ChainingValue(), 0, block, 8, 8);
        return new Node(key, block, 0, 64, mode | Parent);
    }

    private static byte[] Run(uint[] key, uint mode, byte[] input, int outputLength)
    {
        Node root = Subtree(key, mode, input, 0, input.Length, 0);
        var output = new List<byte>();
        for (ulong t = 0; output.Count < outputLength; t++)
        {
            uint[] words = Compress(root.Cv, root.Block, t, root.BlockLength, root.Flags | Root);
            for (int i = 0; i < 16; i++)
            {
                uint word = words[i];
                for (int b = 0; b < 4; b++)
                    output.Add((byte)(word >> (8 * b)));
            }
        }
        return output.GetRange(0, outputLength).ToArray();
    }
}
