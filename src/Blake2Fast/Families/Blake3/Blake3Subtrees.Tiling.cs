using System;
using System.Buffers;
using System.Collections.Generic;
using Blake2Fast.Families.Blake3.Tree;

namespace Blake2Fast;

// Merging a whole set of pieces into the root: the pieces are checked to tile the input in the tree's shape before
// anything is merged, since a merge in the wrong shape gives a wrong hash and no error.
public static partial class Blake3Subtrees
{
    /// <summary>
    /// Merges every piece of an input of <paramref name="inputLength"/> bytes, given in any order, into its hash in
    /// <paramref name="mode"/>, filling all of <paramref name="digest"/>: the tree's merges
    /// (<see cref="MergeParent(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Blake3Mode, Span{byte})"/> and
    /// <see cref="MergeRoot(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Blake3Mode, Span{byte})"/>) done for you, in its shape.
    /// </summary>
    /// <param name="subtrees">
    /// The pieces, at least two, in any order. Together they cover the input exactly once: no gap, no overlap, the
    /// first at offset 0, the last ending at <paramref name="inputLength"/>. Each is a subtree of the input: it starts
    /// at a multiple of 1024, holds at most <see cref="MaxSubtreeLength"/>(its offset) bytes, and, unless it is the
    /// last, a power of two of 1024-byte chunks.
    /// </param>
    /// <param name="inputLength">The whole input's length: more than 1024 bytes (an input of one chunk has no pieces).</param>
    /// <param name="mode">The mode every piece was hashed in.</param>
    /// <param name="digest">Receives the hash: any length, the first 32 bytes being the standard digest.</param>
    /// <exception cref="ArgumentException">
    /// The pieces do not tile the input in the tree's shape, or a chaining value is not 32 bytes long (the message
    /// names the piece); nothing is written.
    /// </exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputLength"/> is 1024 or less.</exception>
    public static void MergeRoot(ReadOnlySpan<Blake3Subtree> subtrees, long inputLength, Blake3Mode mode, Span<byte> digest)
    {
        Blake3Node root = RootOf(subtrees, inputLength, mode);
        root.WriteRoot(0, digest);
        root.Clear();
    }

    /// <summary>
    /// Merges every piece of an input of <paramref name="inputLength"/> bytes, given in any order, into its hash of
    /// <paramref name="digestLength"/> bytes, as <see cref="MergeRoot(ReadOnlySpan{Blake3Subtree}, long, Blake3Mode, Span{byte})"/> does.
    /// </summary>
    /// <param name="subtrees">The pieces, as for <see cref="MergeRoot(ReadOnlySpan{Blake3Subtree}, long, Blake3Mode, Span{byte})"/>.</param>
    /// <param name="inputLength">The whole input's length: more than 1024 bytes.</param>
    /// <param name="mode">The mode every piece was hashed in.</param>
    /// <param name="digestLength">The hash's length in bytes: 32 (the standard digest) unless given; at least 1.</param>
    /// <returns>The hash.</returns>
    /// <exception cref="ArgumentException">As for <see cref="MergeRoot(ReadOnlySpan{Blake3Subtree}, long, Blake3Mode, Span{byte})"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputLength"/> is 1024 or less, or <paramref name="digestLength"/> is less than 1.</exception>
    public static byte[] MergeRoot(ReadOnlySpan<Blake3Subtree> subtrees, long inputLength, Blake3Mode mode, int digestLength = 32)
    {
        if (digestLength < 1)
            throw new ArgumentOutOfRangeException(nameof(digestLength), digestLength, "The digest length must be at least 1 byte.");
        Blake3Node root = RootOf(subtrees, inputLength, mode);
        byte[] digest = new byte[digestLength];
        root.WriteRoot(0, digest);
        root.Clear();
        return digest;
    }

    /// <summary>
    /// Merges every piece of an input of <paramref name="inputLength"/> bytes, given in any order, into a reader of its
    /// extended output, as <see cref="MergeRootXof(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Blake3Mode)"/> does for two.
    /// </summary>
    /// <param name="subtrees">The pieces, as for <see cref="MergeRoot(ReadOnlySpan{Blake3Subtree}, long, Blake3Mode, Span{byte})"/>.</param>
    /// <param name="inputLength">The whole input's length: more than 1024 bytes.</param>
    /// <param name="mode">The mode every piece was hashed in.</param>
    /// <returns>The reader, at position 0. For a keyed mode it holds key-derived material: clear it with <see cref="Blake3OutputReader.Clear"/>.</returns>
    /// <exception cref="ArgumentException">As for <see cref="MergeRoot(ReadOnlySpan{Blake3Subtree}, long, Blake3Mode, Span{byte})"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputLength"/> is 1024 or less.</exception>
    public static Blake3OutputReader MergeRootXof(ReadOnlySpan<Blake3Subtree> subtrees, long inputLength, Blake3Mode mode) =>
        new(RootOf(subtrees, inputLength, mode));

    private static Blake3Node RootOf(ReadOnlySpan<Blake3Subtree> subtrees, long inputLength, in Blake3Mode mode)
    {
        if (inputLength <= ChunkLength)
            throw new ArgumentOutOfRangeException(nameof(inputLength), inputLength,
                "An input of at most 1024 bytes is one chunk, the root itself, with no pieces: hash it whole with Blake3.HashData(mode, source).");
        Blake3Subtree[]? sorted = null;
        try
        {
            ReadOnlySpan<Blake3Subtree> pieces = subtrees;
            if (!InOrder(subtrees))
            {
                sorted = ArrayPool<Blake3Subtree>.Shared.Rent(subtrees.Length);
                subtrees.CopyTo(sorted);
                Array.Sort(sorted, 0, subtrees.Length, ByOffset.Instance);
                pieces = sorted.AsSpan(0, subtrees.Length);
            }
            RequireTiling(pieces, inputLength);
            int split = SplitIndex(pieces, 0, pieces.Length, 0, inputLength);
            Span<byte> left = stackalloc byte[ChainingValueLength];
            Span<byte> right = stackalloc byte[ChainingValueLength];
            Merge(pieces.Slice(0, split), mode, left);
            Merge(pieces.Slice(split), mode, right);
            Blake3Node root = Parent(left, right, mode);
            left.Clear();
            right.Clear();
            return root;
        }
        finally
        {
            if (sorted is not null)
            {
                Array.Clear(sorted, 0, subtrees.Length); // references to the caller's chaining values
                ArrayPool<Blake3Subtree>.Shared.Return(sorted);
            }
        }
    }

    /// <summary>The chaining value of the subtree the consecutive <paramref name="pieces"/> make (checked to be one).</summary>
    private static void Merge(ReadOnlySpan<Blake3Subtree> pieces, in Blake3Mode mode, Span<byte> cv)
    {
        if (pieces.Length == 1)
        {
            pieces[0].ChainingValue.Span.CopyTo(cv);
            return;
        }
        long start = pieces[0].InputOffset;
        int split = SplitIndex(pieces, 0, pieces.Length, start, pieces[pieces.Length - 1].InputOffset + pieces[pieces.Length - 1].Length);
        Span<byte> left = stackalloc byte[ChainingValueLength];
        Span<byte> right = stackalloc byte[ChainingValueLength];
        Merge(pieces.Slice(0, split), mode, left);
        Merge(pieces.Slice(split), mode, right);
        MergeParent(left, right, mode, cv);
        left.Clear();
        right.Clear();
    }

    /// <summary>The index of the first piece of the right subtree of bytes [<paramref name="start"/>, <paramref name="stop"/>).</summary>
    private static int SplitIndex(ReadOnlySpan<Blake3Subtree> pieces, int first, int end, long start, long stop)
    {
        long boundary = start + LeftSubtreeLength(stop - start);
        for (int i = first + 1; i < end; i++)
        {
            if (pieces[i].InputOffset == boundary)
                return i;
        }
        // Unreachable for pieces RequireTiling accepts (an aligned power of two never straddles the tree's splits),
        // and kept so that a wrong shape can only ever be an exception.
        throw new ArgumentException($"No piece starts at byte {boundary}, where the tree splits bytes {start} to {stop}: the pieces do not follow the tree's shape.", "subtrees");
    }

    /// <summary>Refuses pieces that do not tile [0, <paramref name="inputLength"/>) in order as subtrees, naming the first wrong one.</summary>
    private static void RequireTiling(ReadOnlySpan<Blake3Subtree> pieces, long inputLength)
    {
        const string Name = "subtrees";
        if (pieces.Length < 2)
            throw new ArgumentException($"An input of more than 1024 bytes merges from at least two pieces; {pieces.Length} given. A single piece covering the input is its root: hash it whole with Blake3.HashData(mode, source).", Name);
        long expected = 0;
        for (int i = 0; i < pieces.Length; i++)
        {
            Blake3Subtree piece = pieces[i];
            if (piece.ChainingValue.Length != ChainingValueLength)
                throw new ArgumentException($"Piece {piece}: a BLAKE3 chaining value is exactly {ChainingValueLength} bytes long (from {FromWhere}); this one has {piece.ChainingValue.Length}.", Name);
            if (piece.Length <= 0)
                throw new ArgumentException($"Piece {piece} is empty: every piece holds at least one byte.", Name);
            if (piece.InputOffset != expected)
                throw new ArgumentException(piece.InputOffset > expected
                    ? $"The pieces leave bytes {expected} to {piece.InputOffset} uncovered (the next piece is {piece}): each piece starts where the one before ends."
                    : $"Piece {piece} overlaps the piece before it, which ends at byte {expected}: each piece starts where the one before ends.", Name);
            if (piece.InputOffset % ChunkLength != 0)
                throw new ArgumentException($"Piece {piece} starts at byte {piece.InputOffset}, not a multiple of BLAKE3's 1024-byte chunk.", Name);
            long end = piece.InputOffset + piece.Length;
            if (end > inputLength || end < 0)
                throw new ArgumentException($"Piece {piece} ends past the input's {inputLength} bytes.", Name);
            long largest = MaxSubtreeLength(piece.InputOffset);
            if (piece.Length > largest)
                throw new ArgumentException($"Piece {piece} is longer than the largest subtree at its offset ({nameof(MaxSubtreeLength)}: {largest} bytes).", Name);
            bool last = i == pieces.Length - 1;
            long chunks = piece.Length / ChunkLength;
            if (!last && (piece.Length % ChunkLength != 0 || (chunks & (chunks - 1)) != 0))
                throw new ArgumentException($"Piece {piece} is not the input's last, so it must be a power of two of 1024-byte chunks; it holds {piece.Length} bytes.", Name);
            if (last && end != inputLength)
                throw new ArgumentException($"The pieces end at byte {end}, and the input has {inputLength}: bytes {end} to {inputLength} are uncovered.", Name);
            expected = end;
        }
    }

    private static bool InOrder(ReadOnlySpan<Blake3Subtree> pieces)
    {
        for (int i = 1; i < pieces.Length; i++)
        {
            if (pieces[i].InputOffset < pieces[i - 1].InputOffset)
                return false;
        }
        return true;
    }

    private sealed class ByOffset : IComparer<Blake3Subtree>
    {
        public static readonly ByOffset Instance = new();

        public int Compare(Blake3Subtree x, Blake3Subtree y) => x.InputOffset.CompareTo(y.InputOffset);
    }
}
