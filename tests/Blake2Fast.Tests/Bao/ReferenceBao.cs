using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Blake2Fast.Tests.Reference;

namespace Blake2Fast.Tests.BaoSuite;

/// <summary>
/// Bao written from its specification, plainly and recursively, over the test project's reference BLAKE3 compression
/// (<see cref="Blake3Reference"/>): slow, obviously correct, and sharing nothing with the library. Also lists the
/// nodes of an encoding with their offsets, so tests can tell which input bytes a corrupted byte guards.
/// </summary>
internal static class ReferenceBao
{
    private const uint ChunkStart = 1, ChunkEnd = 2, Parent = 4, Root = 8;

    public static byte[] ChunkCv(ReadOnlySpan<byte> chunk, ulong index, bool root)
    {
        uint[] cv = Blake3Reference.IV.ToArray();
        int blocks = Math.Max(1, (chunk.Length + 63) / 64);
        for (int b = 0; b < blocks; b++)
        {
            var block = new byte[64];
            int length = Math.Min(64, chunk.Length - 64 * b);
            chunk.Slice(64 * b, length).CopyTo(block);
            bool last = b == blocks - 1;
            uint flags = (b == 0 ? ChunkStart : 0) | (last ? ChunkEnd : 0) | (last && root ? Root : 0);
            cv = Blake3Reference.Compress(cv, block, index, (uint)length, flags)[..8];
        }
        return Bytes(cv);
    }

    public static byte[] ParentCv(ReadOnlySpan<byte> node, bool root) =>
        Bytes(Blake3Reference.Compress(Blake3Reference.IV, node, 0, 64, Parent | (root ? Root : 0))[..8]);

    private static byte[] Bytes(uint[] words) => words.SelectMany(BitConverter.GetBytes).ToArray();

    public static long LeftLength(long length)
    {
        long chunks = (length - 1) / 1024, power = 1;
        while (power * 2 <= chunks)
            power *= 2;
        return power * 1024;
    }

    /// <summary>The encoding (combined or outboard) and the root hash.</summary>
    public static (byte[] Encoded, byte[] Hash) Encode(byte[] input, bool outboard)
    {
        var tree = new MemoryStream();
        byte[] hash = Subtree(input, 0, input.Length, true, outboard, tree);
        return (BitConverter.GetBytes((ulong)input.Length).Concat(tree.ToArray()).ToArray(), hash);
    }

    private static byte[] Subtree(byte[] input, long start, long length, bool root, bool outboard, MemoryStream tree)
    {
        if (length <= 1024)
        {
            if (!outboard)
                tree.Write(input, (int)start, (int)length);
            return ChunkCv(input.AsSpan((int)start, (int)length), (ulong)(start / 1024), root);
        }
        long at = tree.Position;
        tree.Write(new byte[64]);
        long left = LeftLength(length);
        byte[] leftCv = Subtree(input, start, left, false, outboard, tree);
        byte[] rightCv = Subtree(input, start + left, length - left, false, outboard, tree);
        byte[] node = leftCv.Concat(rightCv).ToArray();
        long end = tree.Position;
        tree.Position = at;
        tree.Write(node);
        tree.Position = end;
        return ParentCv(node, root);
    }

    /// <summary>A node of an encoding: where it is, how long, whether a chunk, and the input range of its subtree.</summary>
    public readonly record struct Node(long EncodedOffset, long Size, bool IsChunk, long InputStart, long InputLength);

    /// <summary>Every node of the encoding of an input of <paramref name="length"/> bytes, in pre-order.</summary>
    public static List<Node> Layout(long length, bool outboard)
    {
        var nodes = new List<Node>();
        long offset = 8;
        void Walk(long start, long size)
        {
            if (size <= 1024)
            {
                nodes.Add(new Node(offset, outboard ? 0 : size, true, start, size));
                offset += outboard ? 0 : size;
                return;
            }
            nodes.Add(new Node(offset, 64, false, start, size));
            offset += 64;
            long left = LeftLength(size);
            Walk(start, left);
            Walk(start + left, size - left);
        }
        Walk(0, length);
        return nodes;
    }

    /// <summary>The slice of (start, count), extracted from the combined encoding as the specification says.</summary>
    public static byte[] Slice(byte[] encoded, long start, long count)
    {
        long length = (long)BitConverter.ToUInt64(encoded, 0);
        if (count == 0)
            count = 1;
        long end = count > long.MaxValue - start ? long.MaxValue : start + count; // Python's integers do not overflow
        if (start >= length)
            start = length > 0 ? length - 1 : 0;
        var output = new MemoryStream();
        output.Write(encoded, 0, 8);
        foreach (Node node in Layout(length, false))
        {
            if (length > 0 && (node.InputStart + node.InputLength <= start || end <= node.InputStart))
                continue;
            output.Write(encoded, (int)node.EncodedOffset, (int)node.Size);
        }
        return output.ToArray();
    }

    /// <summary>
    /// The chunk-group outboard (bao-tree): the parents of Bao's outboard whose subtree spans more than one group of
    /// 2^<paramref name="groupLog"/> chunks, in pre-order or post-order, no header.
    /// </summary>
    public static byte[] GroupOutboard(byte[] input, int groupLog, bool postOrder)
    {
        long group = 1024L << groupLog;
        byte[] outboard = Encode(input, true).Encoded;
        var kept = Layout(input.Length, true).Where(n => !n.IsChunk && n.InputLength > group).ToList();
        var output = new MemoryStream();
        void Post(long start, long size)
        {
            if (size <= group)
                return;
            long left = LeftLength(size);
            Post(start, left);
            Post(start + left, size - left);
            Node node = kept.Single(n => n.InputStart == start && n.InputLength == size);
            output.Write(outboard, (int)node.EncodedOffset, 64);
        }
        if (postOrder)
            Post(0, input.Length);
        else
            foreach (Node node in kept)
                output.Write(outboard, (int)node.EncodedOffset, 64);
        return output.ToArray();
    }
}
