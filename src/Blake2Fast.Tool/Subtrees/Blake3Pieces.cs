using System;
using System.Collections.Generic;
using System.Globalization;

namespace Blake2Fast.Tool.Subtrees;

/// <summary>One piece of a BLAKE3 input: its byte range and the chaining value of that subtree.</summary>
internal readonly record struct SubtreePiece(long Offset, long Length, byte[] ChainingValue)
{
    public long End => Offset + Length;

    /// <summary>The range as the subtree lines write it: <c>OFFSET+LENGTH</c>.</summary>
    public override string ToString() => Blake3Pieces.Range(Offset, Length);
}

/// <summary>
/// BLAKE3's tree for pieces hashed apart (<c>--subtree</c> and <c>--merge</c>), on the
/// library's public subtree API: which byte ranges are subtrees of a file, and how their chaining values merge into
/// the root.
/// </summary>
internal static class Blake3Pieces
{
    private const long Chunk = Blake3Subtrees.ChunkLength;

    /// <summary>A byte range as the tool writes it: <c>OFFSET+LENGTH</c>.</summary>
    public static string Range(long offset, long length) =>
        offset.ToString(CultureInfo.InvariantCulture) + "+" + length.ToString(CultureInfo.InvariantCulture);

    /// <summary>
    /// What keeps bytes [<paramref name="offset"/>, +<paramref name="length"/>) from being a subtree of a file of
    /// <paramref name="size"/> bytes whose chaining value merges into its hash; null when nothing does. A piece other
    /// than the last is a whole subtree (a power of two of chunks); every piece fits the largest subtree at its offset;
    /// the whole file is the root, which has no chaining value.
    /// </summary>
    public static string? Problem(long offset, long length, long size)
    {
        string range = Range(offset, length);
        if (offset < 0 || length <= 0)
        {
            return "range " + range + " is empty";
        }

        if (offset % Chunk != 0)
        {
            return "range " + range + " starts at " + offset + ", not a multiple of BLAKE3's 1024-byte chunk";
        }

        if (length > size - offset)
        {
            return "range " + range + " ends past the end of the file (" + size + " bytes)";
        }

        if (offset == 0 && length == size)
        {
            return "range " + range + " is the whole file, the root of its tree, which has no chaining value: hash the file without --subtree";
        }

        long largest = Blake3Subtrees.MaxSubtreeLength(offset);
        if (length > largest)
        {
            return "range " + range + " is longer than the largest subtree at offset " + offset + " (" + largest + " bytes)";
        }

        if (offset + length < size && (length % Chunk != 0 || !IsPowerOfTwo(length / Chunk)))
        {
            return "range " + range + " is not the file's last piece, so it must be a power of two of 1024-byte chunks";
        }

        return null;
    }

    /// <summary>
    /// Merges <paramref name="pieces"/>, which tile a file of <paramref name="size"/> bytes in order (at least two,
    /// each passing <see cref="Problem"/>), into its hash in <paramref name="mode"/>, filling all of
    /// <paramref name="digest"/>.
    /// </summary>
    public static void MergeRoot(IReadOnlyList<SubtreePiece> pieces, long size, Blake3Mode mode, Span<byte> digest)
    {
        if (pieces.Count < 2 || pieces[0].Offset != 0 || pieces[pieces.Count - 1].End != size)
        {
            throw new InvalidOperationException("The pieces do not tile the input: " + pieces.Count + " pieces for " + size + " bytes.");
        }

        int split = SplitIndex(pieces, 0, pieces.Count, 0, size);
        Span<byte> left = stackalloc byte[Blake3Subtrees.ChainingValueLength];
        Span<byte> right = stackalloc byte[Blake3Subtrees.ChainingValueLength];
        Merge(pieces, 0, split, mode, left);
        Merge(pieces, split, pieces.Count, mode, right);
        Blake3Subtrees.MergeRoot(left, right, mode, digest);
    }

    /// <summary>The chaining value of the subtree that pieces [<paramref name="first"/>, <paramref name="end"/>) make.</summary>
    private static void Merge(IReadOnlyList<SubtreePiece> pieces, int first, int end, Blake3Mode mode, Span<byte> cv)
    {
        if (end - first == 1)
        {
            pieces[first].ChainingValue.CopyTo(cv);
            return;
        }

        long offset = pieces[first].Offset;
        int split = SplitIndex(pieces, first, end, offset, pieces[end - 1].End);
        Span<byte> left = stackalloc byte[Blake3Subtrees.ChainingValueLength];
        Span<byte> right = stackalloc byte[Blake3Subtrees.ChainingValueLength];
        Merge(pieces, first, split, mode, left);
        Merge(pieces, split, end, mode, right);
        Blake3Subtrees.MergeParent(left, right, mode, cv);
    }

    /// <summary>The first piece of the right subtree of bytes [<paramref name="start"/>, <paramref name="stop"/>).</summary>
    private static int SplitIndex(IReadOnlyList<SubtreePiece> pieces, int first, int end, long start, long stop)
    {
        long boundary = start + Blake3Subtrees.LeftSubtreeLength(stop - start);
        for (int i = first + 1; i < end; i++)
        {
            if (pieces[i].Offset == boundary)
            {
                return i;
            }
        }

        // Only pieces that are not subtrees (which Problem refuses) can straddle a boundary of the tree.
        throw new InvalidOperationException("No piece starts at the tree's boundary " + boundary + " between bytes " + start + " and " + stop + ".");
    }

    private static bool IsPowerOfTwo(long value) => value > 0 && (value & (value - 1)) == 0;
}
