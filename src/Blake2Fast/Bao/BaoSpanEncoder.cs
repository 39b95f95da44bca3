using System;
using System.Buffers.Binary;
using System.Diagnostics;

namespace Blake2Fast.BaoCodec;

/// <summary>
/// Encodes an input held in memory straight into pre-order: each parent's 64 bytes are left free, its subtrees are
/// written after them, and the parent is filled in from their CVs. Subtrees of up to 1024 chunks are hashed as one
/// run (<see cref="BaoLevels"/>); the parents above them are single compressions, one per 1 MiB.
/// </summary>
internal static class BaoSpanEncoder
{
    /// <summary>
    /// Writes the encoding of <paramref name="input"/> (combined, or outboard: without the chunks) into the first
    /// <see cref="BaoTree.EncodedLength"/> + 8 bytes of <paramref name="output"/>, and the root hash into <paramref name="hash"/>.
    /// </summary>
    public static void Encode(ReadOnlySpan<byte> input, Span<byte> output, bool outboard, Span<byte> hash)
    {
        Debug.Assert(output.Length >= BaoTree.HeaderLength + BaoTree.EncodedLength(input.Length, outboard) && hash.Length >= BaoTree.HashLength);
        BinaryPrimitives.WriteUInt64LittleEndian(output, (ulong)input.Length);
        Span<byte> tree = output.Slice(BaoTree.HeaderLength);
        if (input.Length <= BaoTree.ChunkLength)
        {
            // One chunk, the root: no parents.
            if (!outboard)
                input.CopyTo(tree);
            BaoTree.ChunkCv(input, 0, true, hash);
            return;
        }
        using var levels = new BaoLevels((int)Math.Min(BaoTree.ChunkCount(input.Length), BaoLevels.MaxChunks));
        EncodeSubtree(input, 0, input.Length, tree, outboard, levels, true, hash);
    }

    /// <summary>The subtree of <paramref name="length"/> bytes at <paramref name="start"/> into <paramref name="tree"/>; its CV (or the root hash) into <paramref name="cv"/>.</summary>
    private static void EncodeSubtree(ReadOnlySpan<byte> input, int start, int length, Span<byte> tree, bool outboard, BaoLevels levels, bool root, Span<byte> cv)
    {
        long chunks = BaoTree.ChunkCount(length);
        if (chunks <= BaoLevels.MaxChunks)
        {
            ReadOnlySpan<byte> run = input.Slice(start, length);
            levels.Hash(run, start / BaoTree.ChunkLength);
            WritePreOrder(levels, run, 0, (int)chunks, tree, outboard);
            if (root)
                BaoTree.ParentCv(tree, true, cv); // the root has more than one chunk here: its node leads the run
            else
                levels.Top.CopyTo(cv);
            return;
        }
        int left = (int)BaoTree.LeftLength(length);
        Span<byte> node = tree.Slice(0, BaoTree.ParentLength);
        EncodeSubtree(input, start, left, tree.Slice(BaoTree.ParentLength), outboard, levels, false, node);
        EncodeSubtree(input, start + left, length - left, tree.Slice(BaoTree.ParentLength + (int)BaoTree.EncodedLength(left, outboard)), outboard, levels,
            false, node.Slice(BaoTree.HashLength));
        BaoTree.ParentCv(node, root, cv);
    }

    /// <summary>
    /// The run's nodes from its chunk <paramref name="start"/> (<paramref name="chunks"/> chunks, a node of its tree)
    /// in pre-order into <paramref name="tree"/>; returns the bytes written.
    /// </summary>
    internal static int WritePreOrder(BaoLevels levels, ReadOnlySpan<byte> run, int start, int chunks, Span<byte> tree, bool outboard)
    {
        if (chunks == 1)
        {
            if (outboard)
                return 0;
            int from = start * BaoTree.ChunkLength;
            ReadOnlySpan<byte> chunk = run.Slice(from, Math.Min(BaoTree.ChunkLength, run.Length - from));
            chunk.CopyTo(tree);
            return chunk.Length;
        }
        int left = (int)BaoTree.HighestPowerOfTwo(chunks - 1);
        levels.Cv(start, left).CopyTo(tree);
        levels.Cv(start + left, chunks - left).CopyTo(tree.Slice(BaoTree.HashLength));
        int at = BaoTree.ParentLength;
        at += WritePreOrder(levels, run, start, left, tree.Slice(at), outboard);
        at += WritePreOrder(levels, run, start + left, chunks - left, tree.Slice(at), outboard);
        return at;
    }

    /// <summary>
    /// The run's nodes in post-order (left, right, parent) into <paramref name="tree"/>; returns the bytes written.
    /// The last parent written is the run's top node.
    /// </summary>
    internal static int WritePostOrder(BaoLevels levels, ReadOnlySpan<byte> run, int start, int chunks, Span<byte> tree, bool outboard)
    {
        if (chunks == 1)
        {
            if (outboard)
                return 0;
            int from = start * BaoTree.ChunkLength;
            ReadOnlySpan<byte> chunk = run.Slice(from, Math.Min(BaoTree.ChunkLength, run.Length - from));
            chunk.CopyTo(tree);
            return chunk.Length;
        }
        int left = (int)BaoTree.HighestPowerOfTwo(chunks - 1);
        int at = WritePostOrder(levels, run, start, left, tree, outboard);
        at += WritePostOrder(levels, run, start + left, chunks - left, tree.Slice(at), outboard);
        levels.Cv(start, left).CopyTo(tree.Slice(at));
        levels.Cv(start + left, chunks - left).CopyTo(tree.Slice(at + BaoTree.HashLength));
        return at + BaoTree.ParentLength;
    }
}
