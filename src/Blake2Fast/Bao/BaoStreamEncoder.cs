using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Diagnostics;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.BaoCodec;

/// <summary>
/// Encodes a stream of unknown length in bounded memory. The pre-order layout depends on the length, so the nodes
/// are first written in post-order (left, right, parent: each node as soon as its subtree is done) after 8 bytes
/// kept for the header, into the output itself when it can be read, written and sought, else into a temporary file;
/// then the header is written and the tree is flipped into pre-order in place (<see cref="BaoFlip"/>), and a
/// temporary file is copied to the output. Memory: one run of 1 MiB in, its post-order out, and a stack of at most
/// 54 CVs.
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
