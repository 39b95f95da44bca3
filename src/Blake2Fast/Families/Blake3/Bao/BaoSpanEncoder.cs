using System;
using System.Buffers.Binary;
using System.Diagnostics;

namespace Blake2Fast.Families.Blake3.Bao;

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
        EncodeSubtree(input, 0, input.Length, tree, outboard, levels, true, hash, 1, false);
    }

    /// <summary>
    /// Writes the outboard of <paramref name="input"/> for chunk groups of <paramref name="groupChunks"/> chunks (a
    /// power of two up to 1024): only the parents above the groups, <see cref="BaoTree.ParentsLength"/> bytes, in
    /// pre-order or post-order, without a header; the root hash into <paramref name="hash"/>.
    /// </summary>
    public static void EncodeGroups(ReadOnlySpan<byte> input, Span<byte> output, int groupChunks, bool postOrder, Span<byte> hash)
    {
        Debug.Assert(groupChunks >= 1 && groupChunks <= BaoLevels.MaxChunks && (groupChunks & (groupChunks - 1)) == 0);
        using var levels = new BaoLevels((int)Math.Min(BaoTree.ChunkCount(input.Length), BaoLevels.MaxChunks));
        if (input.Length <= (long)groupChunks * BaoTree.ChunkLength)
        {
            // One group: no parents; its top is the root.
            BaoTree.LeafCv(input, 0, true, levels, hash);
            return;
        }
        EncodeSubtree(input, 0, input.Length, output, true, levels, true, hash, groupChunks, postOrder);
    }

    /// <summary>Bytes of a subtree of <paramref name="length"/> bytes in an encoding with leaves of <paramref name="leafChunks"/> chunks.</summary>
    private static int Size(long length, bool outboard, int leafChunks) =>
        (int)(BaoTree.ParentsLength(length, (long)leafChunks * BaoTree.ChunkLength) + (outboard ? 0 : length));

    /// <summary>
    /// The subtree of <paramref name="length"/> bytes (more than one leaf) at <paramref name="start"/> into
    /// <paramref name="tree"/>, in pre-order or post-order; its CV (or the root hash) into <paramref name="cv"/>.
    /// </summary>
    private static void EncodeSubtree(ReadOnlySpan<byte> input, int start, int length, Span<byte> tree, bool outboard, BaoLevels levels, bool root, Span<byte> cv,
        int leafChunks, bool postOrder)
    {
        long chunks = BaoTree.ChunkCount(length);
        if (chunks <= BaoLevels.MaxChunks)
        {
            ReadOnlySpan<byte> run = input.Slice(start, length);
            if (outboard || postOrder || !levels.TryEncode(run, start / BaoTree.ChunkLength, tree))
            {
                levels.Hash(run, start / BaoTree.ChunkLength);
                if (postOrder)
                    WritePostOrder(levels, run, 0, (int)chunks, tree, outboard, leafChunks);
                else
                    WritePreOrder(levels, run, 0, (int)chunks, tree, outboard, leafChunks);
            }
            if (root)
            {
                // The root has more than one leaf here: its node is the run's top pair.
                int left = (int)BaoTree.HighestPowerOfTwo(chunks - 1);
                Span<byte> top = stackalloc byte[BaoTree.ParentLength];
                levels.Cv(0, left).CopyTo(top);
                levels.Cv(left, (int)chunks - left).CopyTo(top.Slice(BaoTree.HashLength));
                BaoTree.ParentCv(top, true, cv);
            }
            else
            {
                levels.Top.CopyTo(cv);
            }
            return;
        }
        int leftLength = (int)BaoTree.LeftLength(length);
        int leftSize = Size(leftLength, outboard, leafChunks), rightSize = Size(length - leftLength, outboard, leafChunks);
        // Pre-order: node, left, right. Post-order: left, right, node.
        int nodeAt = postOrder ? leftSize + rightSize : 0, leftAt = postOrder ? 0 : BaoTree.ParentLength;
        Span<byte> node = tree.Slice(nodeAt, BaoTree.ParentLength);
        EncodeSubtree(input, start, leftLength, tree.Slice(leftAt), outboard, levels, false, node, leafChunks, postOrder);
        EncodeSubtree(input, start + leftLength, length - leftLength, tree.Slice(leftAt + leftSize), outboard, levels, false, node.Slice(BaoTree.HashLength),
            leafChunks, postOrder);
        BaoTree.ParentCv(node, root, cv);
    }

    /// <summary>
    /// The run's nodes from its chunk <paramref name="start"/> (<paramref name="chunks"/> chunks, a node of its tree)
    /// in pre-order into <paramref name="tree"/>; returns the bytes written.
    /// </summary>
    internal static int WritePreOrder(BaoLevels levels, ReadOnlySpan<byte> run, int start, int chunks, Span<byte> tree, bool outboard, int leafChunks = 1)
    {
        if (chunks <= leafChunks)
            return WriteLeaf(run, start, chunks, tree, outboard);
        int left = (int)BaoTree.HighestPowerOfTwo(chunks - 1);
        levels.Cv(start, left).CopyTo(tree);
        levels.Cv(start + left, chunks - left).CopyTo(tree.Slice(BaoTree.HashLength));
        int at = BaoTree.ParentLength;
        at += WritePreOrder(levels, run, start, left, tree.Slice(at), outboard, leafChunks);
        at += WritePreOrder(levels, run, start + left, chunks - left, tree.Slice(at), outboard, leafChunks);
        return at;
    }

    /// <summary>A leaf (a chunk, or a group of chunks): its bytes in a combined encoding, nothing in an outboard one.</summary>
    private static int WriteLeaf(ReadOnlySpan<byte> run, int start, int chunks, Span<byte> tree, bool outboard)
    {
        if (outboard)
            return 0;
        int from = start * BaoTree.ChunkLength;
        ReadOnlySpan<byte> leaf = run.Slice(from, Math.Min(chunks * BaoTree.ChunkLength, run.Length - from));
        leaf.CopyTo(tree);
        return leaf.Length;
    }

    /// <summary>
    /// The run's nodes in post-order (left, right, parent) into <paramref name="tree"/>; returns the bytes written.
    /// The last parent written is the run's top node.
    /// </summary>
    internal static int WritePostOrder(BaoLevels levels, ReadOnlySpan<byte> run, int start, int chunks, Span<byte> tree, bool outboard, int leafChunks = 1)
    {
        if (chunks <= leafChunks)
            return WriteLeaf(run, start, chunks, tree, outboard);
        int left = (int)BaoTree.HighestPowerOfTwo(chunks - 1);
        int at = WritePostOrder(levels, run, start, left, tree, outboard, leafChunks);
        at += WritePostOrder(levels, run, start + left, chunks - left, tree.Slice(at), outboard, leafChunks);
        levels.Cv(start, left).CopyTo(tree.Slice(at));
        levels.Cv(start + left, chunks - left).CopyTo(tree.Slice(at + BaoTree.HashLength));
        return at + BaoTree.ParentLength;
    }
}
