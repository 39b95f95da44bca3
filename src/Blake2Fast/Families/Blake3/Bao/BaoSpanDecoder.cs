using System;
using System.Buffers.Binary;
using System.Diagnostics;

namespace Blake2Fast.Families.Blake3.Bao;

/// <summary>
/// Decodes a whole combined encoding held in memory without a stream between: each run of up to 256 chunks is
/// gathered straight from the encoding into the output, hashed there on the lanes (<see cref="BaoLevels"/>), and its
/// parents compared with the CVs computed; the parents above the runs are checked on the way down from the root.
/// Any failure only returns false: the caller then decodes through <see cref="BaoDecoder"/>, which names the first
/// node that fails in reading order.
/// </summary>
internal static class BaoSpanDecoder
{
    /// <summary>
    /// Chunks gathered and hashed at a time: 256 KiB, which stays in a level-2 cache between the two; where the chunk
    /// kernel writes the output's lines as it hashes (<see cref="BaoLevels.TryDecode"/>), nothing is read twice, and
    /// runs are as long as the encoders'.
    /// </summary>
    private static int RunChunks => BaoLevels.WritesLines ? BaoLevels.MaxChunks : 256;

    /// <summary>
    /// The input's length as the header claims it (not verified), or -1 when the encoding is too short to hold an
    /// input of that length (the decoder then names where it ends).
    /// </summary>
    public static long ClaimedLength(ReadOnlySpan<byte> encoded)
    {
        if (encoded.Length < BaoTree.HeaderLength)
            return -1;
        ulong header = BinaryPrimitives.ReadUInt64LittleEndian(encoded);
        if (header > (ulong)encoded.Length)
            return -1; // the input is never longer than its encoding
        long length = (long)header;
        return encoded.Length - BaoTree.HeaderLength < BaoTree.EncodedLength(length, false) ? -1 : length;
    }

    /// <summary>
    /// Writes the input of <paramref name="length"/> bytes (<see cref="ClaimedLength"/>) into <paramref name="output"/>
    /// and returns true when every node verifies; else clears what it wrote and returns false.
    /// </summary>
    public static bool TryDecode(ReadOnlySpan<byte> encoded, ReadOnlySpan<byte> hash, long length, Span<byte> output)
    {
        Debug.Assert(hash.Length == BaoTree.HashLength && length == ClaimedLength(encoded) && length >= 0 && output.Length >= length);
        ReadOnlySpan<byte> tree = encoded.Slice(BaoTree.HeaderLength, (int)BaoTree.EncodedLength(length, false));
        output = output.Slice(0, (int)length);
        Span<byte> cv = stackalloc byte[BaoTree.HashLength];
        if (length <= BaoTree.ChunkLength)
        {
            BaoTree.ChunkCv(tree, 0, true, cv);
            if (!BaoTree.CvEquals(cv, hash))
                return false;
            tree.CopyTo(output);
            return true;
        }
        int runChunks = RunChunks; // once: the levels are sized for it
        using var levels = new BaoLevels((int)Math.Min(BaoTree.ChunkCount(length), runChunks));
        if (Verify(tree, 0, (int)length, output, levels, runChunks, true, hash))
            return true;
        output.Clear(); // nothing unverified outlives the call
        return false;
    }

    /// <summary>Whether the subtree of <paramref name="length"/> bytes (more than one chunk) at <paramref name="start"/>, encoded in <paramref name="tree"/>, has the CV <paramref name="expected"/>; its bytes go to <paramref name="output"/>.</summary>
    private static bool Verify(ReadOnlySpan<byte> tree, int start, int length, Span<byte> output, BaoLevels levels, int runChunks, bool root, ReadOnlySpan<byte> expected)
    {
        long chunks = BaoTree.ChunkCount(length);
        Span<byte> cv = stackalloc byte[BaoTree.HashLength];
        if (chunks <= runChunks)
        {
            Span<byte> run = output.Slice(start, length);
            int at = 0;
            if (!levels.TryDecode(tree, start / BaoTree.ChunkLength, run))
            {
                Gather(tree, 0, (int)chunks, run, ref at);
                levels.Hash(run, start / BaoTree.ChunkLength);
            }
            at = 0;
            bool same = Matches(tree, levels, 0, (int)chunks, length, ref at);
            if (root)
            {
                // More than one chunk: the root is the run's top node, the encoding's first.
                BaoTree.ParentCv(tree, true, cv);
                return same & BaoTree.CvEquals(cv, expected);
            }
            return same & BaoTree.CvEquals(levels.Top, expected);
        }
        // Above the runs: the node first, then what it promises.
        ReadOnlySpan<byte> node = tree.Slice(0, BaoTree.ParentLength);
        BaoTree.ParentCv(node, root, cv);
        if (!BaoTree.CvEquals(cv, expected))
            return false;
        int left = (int)BaoTree.LeftLength(length);
        int leftSize = (int)BaoTree.EncodedLength(left, false);
        return Verify(tree.Slice(BaoTree.ParentLength, leftSize), start, left, output, levels, runChunks, false, node.Slice(0, BaoTree.HashLength))
            && Verify(tree.Slice(BaoTree.ParentLength + leftSize), start + left, length - left, output, levels, runChunks, false, node.Slice(BaoTree.HashLength));
    }

    /// <summary>Copies the chunks of the run's pre-order encoding (from <paramref name="at"/>) to their places in <paramref name="run"/>.</summary>
    private static void Gather(ReadOnlySpan<byte> tree, int first, int chunks, Span<byte> run, ref int at)
    {
        if (chunks == 1)
        {
            int size = Math.Min(BaoTree.ChunkLength, run.Length - first * BaoTree.ChunkLength);
            tree.Slice(at, size).CopyTo(run.Slice(first * BaoTree.ChunkLength));
            at += size;
            return;
        }
        int left = (int)BaoTree.HighestPowerOfTwo(chunks - 1);
        at += BaoTree.ParentLength;
        Gather(tree, first, left, run, ref at);
        Gather(tree, first + left, chunks - left, run, ref at);
    }

    /// <summary>Whether every parent of the run's pre-order encoding (from <paramref name="at"/>) is the pair of CVs computed below it.</summary>
    private static bool Matches(ReadOnlySpan<byte> tree, BaoLevels levels, int first, int chunks, int length, ref int at)
    {
        if (chunks == 1)
        {
            at += Math.Min(BaoTree.ChunkLength, length - first * BaoTree.ChunkLength);
            return true;
        }
        int left = (int)BaoTree.HighestPowerOfTwo(chunks - 1);
        ReadOnlySpan<byte> node = tree.Slice(at, BaoTree.ParentLength);
        bool same = node.Slice(0, BaoTree.HashLength).SequenceEqual(levels.Cv(first, left))
            & node.Slice(BaoTree.HashLength).SequenceEqual(levels.Cv(first + left, chunks - left));
        at += BaoTree.ParentLength;
        same &= Matches(tree, levels, first, left, length, ref at);
        return same & Matches(tree, levels, first + left, chunks - left, length, ref at);
    }
}
