using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;

namespace Blake2Fast.Families.Blake3.Bao;

/// <summary>
/// Extracts slices. A slice is the header and the nodes met when seeking to the start and reading the requested bytes,
/// in pre-order; which nodes those are depends on the length in the header alone, so the extractor reads the header,
/// plans the byte ranges to copy, and copies them (from the combined encoding, or parents from the outboard and chunks
/// from the data). It verifies nothing: the slice decoder does.
/// </summary>
internal static class BaoSlicer
{
    /// <summary>A run of bytes to copy: from the data (outboard chunks) or the tree, at an offset from its start.</summary>
    internal readonly struct Segment
    {
        public Segment(bool fromData, long offset, long count)
        {
            FromData = fromData;
            Offset = offset;
            Count = count;
        }

        public bool FromData { get; }
        public long Offset { get; }
        public long Count { get; }
    }

    /// <summary>
    /// The ranges of a slice of (<paramref name="start"/>, <paramref name="length"/>) of an input of
    /// <paramref name="contentLength"/> bytes, after the header: a length of 0 counts as 1, a start at or past the end
    /// gives the final chunk, and the range is capped at the end (permissive bounds, as the reference).
    /// </summary>
    public static List<Segment> Plan(long contentLength, long start, long length, bool outboard, long leafLength = BaoTree.ChunkLength,
        int headerLength = BaoTree.HeaderLength, bool postOrder = false)
    {
        if (length == 0)
            length = 1;
        long end = start + Math.Min(length, long.MaxValue - start);
        if (start >= contentLength)
            start = contentLength > 0 ? contentLength - 1 : 0;
        var segments = new List<Segment>();
        new Walker(segments, contentLength, start, end, outboard, leafLength, postOrder).Walk(0, contentLength, headerLength);
        return segments;
    }

    /// <summary>The tree walked in pre-order (the slice's order), offsets in the source's order (pre or post).</summary>
    private readonly struct Walker(List<Segment> segments, long contentLength, long start, long end, bool outboard, long leafLength, bool postOrder)
    {
        private long Size(long length) => BaoTree.ParentsLength(length, leafLength) + (outboard ? 0 : length);

        /// <summary>The subtree of <paramref name="subtreeLength"/> bytes at <paramref name="subtreeStart"/>, whose bytes in the source start at <paramref name="offset"/>.</summary>
        public void Walk(long subtreeStart, long subtreeLength, long offset)
        {
            long subtreeEnd = subtreeStart + subtreeLength;
            if (contentLength > 0 && (subtreeEnd <= start || end <= subtreeStart))
                return; // not met: skipped by the seek, or after the requested bytes
            if (subtreeLength <= leafLength)
            {
                Add(segments, outboard, outboard ? subtreeStart : offset, subtreeLength);
                return;
            }
            Add(segments, false, postOrder ? offset + Size(subtreeLength) - BaoTree.ParentLength : offset, BaoTree.ParentLength);
            long left = BaoTree.LeftLength(subtreeLength);
            long leftOffset = postOrder ? offset : offset + BaoTree.ParentLength;
            Walk(subtreeStart, left, leftOffset);
            Walk(subtreeStart + left, subtreeLength - left, leftOffset + Size(left));
        }
    }

    private static void Add(List<Segment> segments, bool fromData, long offset, long count)
    {
        if (count == 0)
            return;
        int last = segments.Count - 1;
        if (last >= 0 && segments[last].FromData == fromData && segments[last].Offset + segments[last].Count == offset)
            segments[last] = new Segment(fromData, segments[last].Offset, segments[last].Count + count); // contiguous: one copy
        else
            segments.Add(new Segment(fromData, offset, count));
    }

    /// <summary>The content length in a header, refused past <see cref="BaoTree.MaxLength"/>.</summary>
    public static long ParseHeader(ReadOnlySpan<byte> header)
    {
        ulong length = BinaryPrimitives.ReadUInt64LittleEndian(header);
        if (length > BaoTree.MaxLength)
            throw Blake2Fast.BaoVerificationException.Header(length);
        return (long)length;
    }

    /// <summary>
    /// Extracts from streams (each read from its position on; sought where it can, else read forward). For a
    /// chunk-group outboard, <paramref name="groupLength"/> is the input's length (the outboard has no header), else -1.
    /// </summary>
    public static void Extract(Stream tree, Stream? data, Stream output, long start, long length, long groupLength = -1, long leafLength = BaoTree.ChunkLength,
        bool postOrder = false)
    {
        long treeBase = tree.CanSeek ? tree.Position : 0, dataBase = data is { CanSeek: true } ? data.Position : 0;
        long treePos = 0, dataPos = 0;
        var buffer = new byte[81920];
        long contentLength;
        if (groupLength < 0)
        {
            int got = BaoStreamEncoder.ReadFullAsync(tree, buffer, BaoTree.HeaderLength, false, default).GetAwaiter().GetResult();
            if (got < BaoTree.HeaderLength)
                throw new EndOfStreamException("The encoding ends within its 8-byte length header.");
            treePos = BaoTree.HeaderLength;
            contentLength = ParseHeader(buffer);
        }
        else
        {
            contentLength = groupLength;
            BinaryPrimitives.WriteUInt64LittleEndian(buffer, (ulong)groupLength);
        }
        output.Write(buffer, 0, BaoTree.HeaderLength);
        foreach (Segment segment in Plan(contentLength, start, length, data is not null, leafLength, groupLength < 0 ? BaoTree.HeaderLength : 0, postOrder))
        {
            Stream from = segment.FromData ? data! : tree;
            ref long pos = ref segment.FromData ? ref dataPos : ref treePos;
            pos = Skip(from, segment.FromData ? dataBase : treeBase, pos, segment.Offset, buffer);
            for (long left = segment.Count; left > 0;)
            {
                int n = from.Read(buffer, 0, (int)Math.Min(buffer.Length, left));
                if (n == 0)
                    throw new EndOfStreamException($"The {(segment.FromData ? "data" : "encoding")} ends before offset {segment.Offset + segment.Count}, which its length header implies.");
                output.Write(buffer, 0, n);
                left -= n;
                pos += n;
            }
        }
    }

    private static long Skip(Stream stream, long streamBase, long current, long offset, byte[] buffer)
    {
        if (offset == current)
            return current;
        if (stream.CanSeek)
        {
            stream.Position = Math.Min(streamBase + offset, stream.Length); // past the end: the read that follows reports it
            return offset;
        }
        if (offset < current)
            throw new NotSupportedException("A post-order outboard is read out of order: its stream must be able to seek.");
        while (current < offset)
        {
            int n = stream.Read(buffer, 0, (int)Math.Min(buffer.Length, offset - current));
            if (n == 0)
                throw new EndOfStreamException($"The stream ends before offset {offset}, which its length header implies.");
            current += n;
        }
        return current;
    }

    /// <summary>Extracts from memory: the combined encoding (or outboard) in <paramref name="tree"/>, an outboard's data in <paramref name="data"/>.</summary>
    public static byte[] Extract(ReadOnlySpan<byte> tree, ReadOnlySpan<byte> data, bool outboard, long start, long length, long leafLength = BaoTree.ChunkLength,
        bool groups = false, bool postOrder = false)
    {
        long contentLength;
        if (groups)
        {
            contentLength = data.Length; // a group outboard has no header: the data tells the length
        }
        else
        {
            if (tree.Length < BaoTree.HeaderLength)
                throw new EndOfStreamException("The encoding ends within its 8-byte length header.");
            contentLength = ParseHeader(tree);
        }
        List<Segment> segments = Plan(contentLength, start, length, outboard, leafLength, groups ? 0 : BaoTree.HeaderLength, postOrder);
        long total = BaoTree.HeaderLength;
        foreach (Segment segment in segments)
        {
            ReadOnlySpan<byte> from = segment.FromData ? data : tree;
            if (segment.Offset + segment.Count > from.Length)
                throw new EndOfStreamException($"The {(segment.FromData ? "data" : "encoding")} ends before offset {segment.Offset + segment.Count}, which its length header implies.");
            total += segment.Count;
        }
        var slice = new byte[total];
        BinaryPrimitives.WriteUInt64LittleEndian(slice, (ulong)contentLength);
        int at = BaoTree.HeaderLength;
        foreach (Segment segment in segments)
        {
            ReadOnlySpan<byte> from = segment.FromData ? data : tree;
            from.Slice((int)segment.Offset, (int)segment.Count).CopyTo(slice.AsSpan(at));
            at += (int)segment.Count;
        }
        return slice;
    }
}
