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
    /// Merges <paramref name="pieces"/>, which tile a file of <paramref name="size"/> bytes (each passing
    /// <see cref="Problem"/>, which words the tool's errors), into its hash in <paramref name="mode"/>, filling all of
    /// <paramref name="digest"/>: the library's merge of a whole set, which checks the tiling and the tree's shape again.
    /// </summary>
    public static void MergeRoot(IReadOnlyList<SubtreePiece> pieces, long size, Blake3Mode mode, Span<byte> digest)
    {
        var subtrees = new Blake3Subtree[pieces.Count];
        for (int i = 0; i < subtrees.Length; i++)
        {
            subtrees[i] = new Blake3Subtree(pieces[i].Offset, pieces[i].Length, pieces[i].ChainingValue);
        }

        Blake3Subtrees.MergeRoot(subtrees, size, mode, digest);
    }

    private static bool IsPowerOfTwo(long value) => value > 0 && (value & (value - 1)) == 0;
}
