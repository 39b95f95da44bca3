using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Diagnostics;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Families.Blake3.Bao;

/// <summary>
/// Encodes a stream in bounded memory: one run of 1 MiB in, its nodes out, and a stack of at most 54 CVs. With the
/// length known (an input and an output that can seek), each run's nodes go straight to their place in pre-order
/// (<see cref="EncodeKnownLengthAsync"/>). Otherwise the pre-order layout, which depends on the length, is not known
/// until the end: the nodes are first written in post-order (left, right, parent: each node as soon as its subtree is
/// done) after 8 bytes kept for the header, into the output itself when it can be read, written and sought, else into
/// a temporary file; then the header is written, the tree is flipped into pre-order in place (<see cref="BaoFlip"/>),
/// and a temporary file is copied to the output. Chunk-group outboards (leaves of a group) take the same paths, and a
/// post-order one is written straight through.
/// </summary>
internal sealed class BaoStreamEncoder : IDisposable
{
    private const int RunLength = BaoLevels.MaxChunks * BaoTree.ChunkLength;

    private readonly Stream _work;
    private readonly bool _outboard;
    private readonly BaoLevels _levels = new(BaoLevels.MaxChunks);
    private byte[]? _input = ArrayPool<byte>.Shared.Rent(RunLength);
    private byte[]? _post = ArrayPool<byte>.Shared.Rent(RunLength + BaoLevels.MaxChunks * BaoTree.ParentLength);

    // Completed subtrees, left to right: their CVs and sizes in chunks. Equal neighbours merge at once (a complete
    // aligned subtree followed by its equal sibling is always a node), so sizes strictly fall to the right.
    private readonly byte[] _stack = new byte[64 * BaoTree.HashLength];
    private readonly long[] _stackChunks = new long[64];
    private readonly long[] _stackFirst = new long[64]; // the first chunk of each (known-length encoding only)
    private int _depth;
    private readonly byte[] _lastParent = new byte[BaoTree.ParentLength]; // the last node written: the root, if nothing follows it
    private long _chunks;
    private long _length;
    private int _postUsed; // the most of the post-order buffer used: what Dispose clears

    private readonly int _leafChunks; // 1 for Bao; a chunk group's chunks for a group outboard

    private BaoStreamEncoder(Stream work, bool outboard, int leafChunks)
    {
        _work = work;
        _outboard = outboard;
        _leafChunks = leafChunks;
    }

    /// <summary>
    /// Writes the chunk-group outboard of all of <paramref name="input"/> into <paramref name="output"/>: in
    /// post-order straight through (each parent as soon as its subtree is done, so any writable stream will do), in
    /// pre-order through the same post-order and flip as <see cref="EncodeAsync"/>, without a header.
    /// </summary>
    public static async Task<byte[]> EncodeGroupsAsync(Stream input, Stream output, int groupChunks, bool postOrder, bool useAsync, CancellationToken cancellationToken)
    {
        var hash = new byte[BaoTree.HashLength];
        if (postOrder)
        {
            using var encoder = new BaoStreamEncoder(output, true, groupChunks);
            await encoder.RunAsync(input, hash, useAsync, cancellationToken).ConfigureAwait(false);
            return hash;
        }
        bool inPlace = output.CanSeek && output.CanRead && output.CanWrite;
        Stream work = inPlace ? output : NewTemporaryFile(useAsync);
        try
        {
            long start = inPlace ? output.Position : 0;
            long length;
            using (var encoder = new BaoStreamEncoder(work, true, groupChunks))
            {
                await encoder.RunAsync(input, hash, useAsync, cancellationToken).ConfigureAwait(false);
                length = encoder._length;
            }
            long leafLength = (long)groupChunks * BaoTree.ChunkLength;
            using (var flip = new BaoFlip(work, start, length, true, leafLength))
                await flip.RunAsync(useAsync, cancellationToken).ConfigureAwait(false);
            await FinishOutputAsync(work, output, inPlace, start + BaoTree.ParentsLength(length, leafLength), useAsync, cancellationToken).ConfigureAwait(false);
            return hash;
        }
        finally
        {
            if (!inPlace)
                work.Dispose();
        }
    }

    private static FileStream NewTemporaryFile(bool useAsync) =>
        new(Path.GetTempFileName(), FileMode.Create, FileAccess.ReadWrite, FileShare.None, 4096,
            FileOptions.DeleteOnClose | (useAsync ? FileOptions.Asynchronous : FileOptions.None));

    /// <summary>Leaves the output after the encoding, or copies the temporary file holding it to the output.</summary>
    private static async Task FinishOutputAsync(Stream work, Stream output, bool inPlace, long end, bool useAsync, CancellationToken cancellationToken)
    {
        if (inPlace)
        {
            work.Position = end;
            return;
        }
        work.Position = 0;
        if (useAsync)
            await work.CopyToAsync(output, 81920, cancellationToken).ConfigureAwait(false);
        else
            work.CopyTo(output);
    }

    /// <summary>Encodes all of <paramref name="input"/> (from its position) into <paramref name="output"/> (at its position); returns the root hash.</summary>
    public static byte[] Encode(Stream input, Stream output, bool outboard) =>
        EncodeAsync(input, output, outboard, false, default).GetAwaiter().GetResult();

    /// <summary>The work of <see cref="Encode"/>; with <paramref name="useAsync"/>, the streams' asynchronous calls.</summary>
    public static async Task<byte[]> EncodeAsync(Stream input, Stream output, bool outboard, bool useAsync, CancellationToken cancellationToken)
    {
        if (input.CanSeek && output.CanSeek)
        {
            // The length is known: every node's place in pre-order is too, so it is written there at once.
            long length = input.Length - input.Position;
            if (length >= 0 && length <= BaoTree.MaxLength)
                return await EncodeKnownLengthAsync(input, output, outboard, length, useAsync, cancellationToken).ConfigureAwait(false);
        }
        bool inPlace = output.CanSeek && output.CanRead && output.CanWrite;
        Stream work = inPlace ? output : NewTemporaryFile(useAsync);
        try
        {
            long start = inPlace ? output.Position : 0;
            var hash = new byte[BaoTree.HashLength];
            using (var encoder = new BaoStreamEncoder(work, outboard, 1))
            {
                await encoder.WriteAsync(new byte[BaoTree.HeaderLength], useAsync, cancellationToken).ConfigureAwait(false);
                await encoder.RunAsync(input, hash, useAsync, cancellationToken).ConfigureAwait(false);
                long length = encoder._length;
                work.Position = start;
                var header = new byte[BaoTree.HeaderLength];
                BinaryPrimitives.WriteUInt64LittleEndian(header, (ulong)length);
                await encoder.WriteAsync(header, useAsync, cancellationToken).ConfigureAwait(false);
                using (var flip = new BaoFlip(work, start + BaoTree.HeaderLength, length, outboard, BaoTree.ChunkLength))
                    await flip.RunAsync(useAsync, cancellationToken).ConfigureAwait(false);
                long end = start + BaoTree.HeaderLength + BaoTree.EncodedLength(length, outboard);
                await FinishOutputAsync(work, output, inPlace, end, useAsync, cancellationToken).ConfigureAwait(false);
            }
            return hash;
        }
        finally
        {
            if (!inPlace)
                work.Dispose();
        }
    }

    /// <summary>
    /// Encodes an input of a known <paramref name="length"/> straight into pre-order: each 1 MiB run's nodes are one
    /// contiguous stretch of the encoding (a run is a subtree), written at its place; the parents above the runs, one
    /// per MiB, are written at theirs as the runs they join complete. One pass over the input, one over the output.
    /// </summary>
    private static async Task<byte[]> EncodeKnownLengthAsync(Stream input, Stream output, bool outboard, long length, bool useAsync, CancellationToken cancellationToken)
    {
        var hash = new byte[BaoTree.HashLength];
        long start = output.Position;
        using var encoder = new BaoStreamEncoder(output, outboard, 1);
        var header = new byte[BaoTree.HeaderLength];
        BinaryPrimitives.WriteUInt64LittleEndian(header, (ulong)length);
        await encoder.WriteAsync(header, useAsync, cancellationToken).ConfigureAwait(false);
        byte[] buffer = encoder._input!;
        long end = start + BaoTree.HeaderLength + BaoTree.EncodedLength(length, outboard);
        if (length <= BaoTree.ChunkLength)
        {
            // One chunk, the root.
            await encoder.ReadRunAsync(input, (int)length, useAsync, cancellationToken).ConfigureAwait(false);
            if (!outboard)
                await encoder.WriteAsync(new ArraySegment<byte>(buffer, 0, (int)length), useAsync, cancellationToken).ConfigureAwait(false);
            BaoTree.ChunkCv(new ReadOnlySpan<byte>(buffer, 0, (int)length), 0, true, hash);
            return hash;
        }
        for (long runStart = 0; runStart < length; runStart += RunLength)
        {
            int runLength = (int)Math.Min(RunLength, length - runStart);
            await encoder.ReadRunAsync(input, runLength, useAsync, cancellationToken).ConfigureAwait(false);
            var run = new ReadOnlySpan<byte>(buffer, 0, runLength);
            encoder._levels.Hash(run, runStart / BaoTree.ChunkLength);
            int chunks = encoder._levels.Chunks;
            int written = BaoSpanEncoder.WritePreOrder(encoder._levels, run, 0, chunks, encoder._post, outboard);
            encoder._postUsed = Math.Max(encoder._postUsed, written);
            if (runLength == length)
            {
                // One run holds the whole input: its top node, written first, is the root.
                BaoTree.ParentCv(new ReadOnlySpan<byte>(encoder._post, 0, BaoTree.ParentLength), true, hash);
            }
            output.Position = start + NodeOffset(length, runStart, runLength, outboard);
            await encoder.WriteAsync(new ArraySegment<byte>(encoder._post!, 0, written), useAsync, cancellationToken).ConfigureAwait(false);
            encoder._levels.Top.CopyTo(new Span<byte>(encoder._stack, encoder._depth * BaoTree.HashLength, BaoTree.HashLength));
            encoder._stackFirst[encoder._depth] = runStart / BaoTree.ChunkLength;
            encoder._stackChunks[encoder._depth++] = chunks;
            // Equal neighbours are a node whatever follows; the rest merge at the end, from the right. After the last
            // run, the merge that leaves one subtree is the root (a power of two of runs, 2 MiB, 4 MiB, ...).
            bool last = runStart + runLength == length;
            while (encoder._depth >= 2 && encoder._stackChunks[encoder._depth - 1] == encoder._stackChunks[encoder._depth - 2])
                await encoder.MergeKnownAsync(start, length, runStart + runLength, last && encoder._depth == 2, hash, useAsync, cancellationToken).ConfigureAwait(false);
        }
        while (encoder._depth > 1)
            await encoder.MergeKnownAsync(start, length, length, encoder._depth == 2, hash, useAsync, cancellationToken).ConfigureAwait(false);
        output.Position = end;
        return hash;
    }

    /// <summary>Writes, at its place, the parent of the top two stacked subtrees (which end at byte <paramref name="subtreeEnd"/>) and stacks its CV.</summary>
    private async Task MergeKnownAsync(long start, long length, long subtreeEnd, bool root, byte[] hash, bool useAsync, CancellationToken cancellationToken)
    {
        long chunks = _stackChunks[_depth - 2] + _stackChunks[_depth - 1];
        long subtreeStart = _stackFirst[_depth - 2] * BaoTree.ChunkLength; // the top subtree ends where the input read so far does
        int left = (_depth - 2) * BaoTree.HashLength;
        Buffer.BlockCopy(_stack, left, _lastParent, 0, BaoTree.ParentLength);
        _work.Position = start + NodeOffset(length, subtreeStart, subtreeEnd - subtreeStart, _outboard);
        await WriteAsync(_lastParent, useAsync, cancellationToken).ConfigureAwait(false);
        BaoTree.ParentCv(_lastParent, root, root ? hash.AsSpan() : new Span<byte>(_stack, left, BaoTree.HashLength));
        _stackChunks[_depth - 2] = chunks;
        _depth--;
    }

    /// <summary>
    /// Where the node of the subtree of <paramref name="subtreeLength"/> bytes at byte <paramref name="subtreeStart"/>
    /// begins in the pre-order encoding of an input of <paramref name="length"/> bytes: down from the root, a parent's
    /// 64 bytes, then the left subtree's whole encoding when the path goes right.
    /// </summary>
    internal static long NodeOffset(long length, long subtreeStart, long subtreeLength, bool outboard)
    {
        long offset = BaoTree.HeaderLength, start = 0, size = length;
        while (start != subtreeStart || size != subtreeLength)
        {
            Debug.Assert(size > subtreeLength, "the subtree is a node of the tree");
            long left = BaoTree.LeftLength(size);
            offset += BaoTree.ParentLength;
            if (subtreeStart < start + left)
            {
                size = left;
            }
            else
            {
                offset += BaoTree.EncodedLength(left, outboard);
                start += left;
                size -= left;
            }
        }
        return offset;
    }

    /// <summary>Reads exactly <paramref name="count"/> bytes into the run buffer: the input must hold the length it had at the start.</summary>
    private async Task ReadRunAsync(Stream input, int count, bool useAsync, CancellationToken cancellationToken)
    {
        int read = await ReadFullAsync(input, _input!, count, useAsync, cancellationToken).ConfigureAwait(false);
        _length += read;
        if (read < count)
            throw new EndOfStreamException("The input became shorter while it was encoded (its length was read at the start).");
    }

    private async Task RunAsync(Stream input, byte[] hash, bool useAsync, CancellationToken cancellationToken)
    {
        byte[] buffer = _input!;
        while (true)
        {
            int read = await ReadFullAsync(input, buffer, RunLength, useAsync, cancellationToken).ConfigureAwait(false);
            _length += read;
            if (read == RunLength)
            {
                // A whole run is a complete subtree whatever follows; if nothing does, Finish makes it the root.
                await AddRunAsync(read, useAsync, cancellationToken).ConfigureAwait(false);
                continue;
            }
            await FinishAsync(read, hash, useAsync, cancellationToken).ConfigureAwait(false);
            return;
        }
    }

    /// <summary>Hashes the run of <paramref name="length"/> bytes in the input buffer and writes its nodes in post-order.</summary>
    private async Task AddRunAsync(int length, bool useAsync, CancellationToken cancellationToken)
    {
        ReadOnlySpan<byte> run = new ReadOnlySpan<byte>(_input, 0, length);
        _levels.Hash(run, _chunks);
        int chunks = _levels.Chunks;
        int written = BaoSpanEncoder.WritePostOrder(_levels, run, 0, chunks, _post, _outboard, _leafChunks);
        _postUsed = Math.Max(_postUsed, written);
        if (chunks > _leafChunks)
            Buffer.BlockCopy(_post!, written - BaoTree.ParentLength, _lastParent, 0, BaoTree.ParentLength);
        _levels.Top.CopyTo(new Span<byte>(_stack, _depth * BaoTree.HashLength, BaoTree.HashLength));
        _stackChunks[_depth++] = chunks;
        _chunks += chunks;
        await WriteAsync(new ArraySegment<byte>(_post!, 0, written), useAsync, cancellationToken).ConfigureAwait(false);
        if (length == RunLength)
        {
            // Merge equal neighbours now: each such parent follows its right subtree in post-order.
            while (_depth >= 2 && _stackChunks[_depth - 1] == _stackChunks[_depth - 2])
                await MergeTopAsync(false, null, useAsync, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Writes the parent of the top two stacked CVs and stacks its CV (or, as root, writes the hash).</summary>
    private async Task MergeTopAsync(bool root, byte[]? hash, bool useAsync, CancellationToken cancellationToken)
    {
        int left = (_depth - 2) * BaoTree.HashLength;
        Buffer.BlockCopy(_stack, left, _lastParent, 0, BaoTree.ParentLength); // the two CVs side by side are the node
        await WriteAsync(_lastParent, useAsync, cancellationToken).ConfigureAwait(false);
        BaoTree.ParentCv(_lastParent, root, root ? hash.AsSpan() : new Span<byte>(_stack, left, BaoTree.HashLength));
        _stackChunks[_depth - 2] += _stackChunks[_depth - 1];
        _depth--;
    }

    private async Task FinishAsync(int tail, byte[] hash, bool useAsync, CancellationToken cancellationToken)
    {
        if (_length <= (long)_leafChunks * BaoTree.ChunkLength)
        {
            // One leaf (a chunk, perhaps empty, or a group): it is the root. A group of 1024 chunks was already added
            // as a run, with no parents to write; its bytes are still in the buffer.
            int leaf = (int)_length;
            if (!_outboard)
                await WriteAsync(new ArraySegment<byte>(_input!, 0, leaf), useAsync, cancellationToken).ConfigureAwait(false);
            BaoTree.LeafCv(new ReadOnlySpan<byte>(_input, 0, leaf), 0, true, _levels, hash);
            return;
        }
        if (tail > 0)
            await AddRunAsync(tail, useAsync, cancellationToken).ConfigureAwait(false);
        if (_depth == 1)
        {
            // One run of more than one chunk holds the whole input: its top node, written last, is the root.
            BaoTree.ParentCv(_lastParent, true, hash);
            return;
        }
        // The stacked subtrees merge from the right; the last merge is the root.
        while (_depth > 1)
            await MergeTopAsync(_depth == 2, hash, useAsync, cancellationToken).ConfigureAwait(false);
    }

    private Task WriteAsync(byte[] bytes, bool useAsync, CancellationToken cancellationToken) =>
        WriteAsync(new ArraySegment<byte>(bytes), useAsync, cancellationToken);

    private Task WriteAsync(ArraySegment<byte> bytes, bool useAsync, CancellationToken cancellationToken)
    {
        if (useAsync)
            return _work.WriteAsync(bytes.Array!, bytes.Offset, bytes.Count, cancellationToken);
        _work.Write(bytes.Array!, bytes.Offset, bytes.Count);
        return Task.CompletedTask;
    }

    /// <summary>Reads until <paramref name="count"/> bytes or the end; returns the bytes read.</summary>
    internal static async Task<int> ReadFullAsync(Stream stream, byte[] buffer, int count, bool useAsync, CancellationToken cancellationToken)
    {
        int total = 0;
        while (total < count)
        {
            int n = useAsync
                ? await stream.ReadAsync(buffer, total, count - total, cancellationToken).ConfigureAwait(false)
                : stream.Read(buffer, total, count - total);
            if (n == 0)
                break;
            total += n;
        }
        return total;
    }

    public void Dispose()
    {
        _levels.Dispose();
        if (_input is { } input)
        {
            Array.Clear(input, 0, (int)Math.Min(_length, RunLength)); // only what was used
            ArrayPool<byte>.Shared.Return(input);
            _input = null;
        }
        if (_post is { } post)
        {
            Array.Clear(post, 0, _postUsed);
            ArrayPool<byte>.Shared.Return(post);
            _post = null;
        }
    }
}
