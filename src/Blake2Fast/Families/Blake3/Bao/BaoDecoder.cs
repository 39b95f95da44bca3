using System;
using System.Buffers;
using System.Buffers.Binary;
using System.IO;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Families.Blake3.Bao;

namespace Blake2Fast;

/// <summary>
/// A read-only <see cref="Stream"/> over a Bao encoding that returns only bytes verified against the 32-byte root
/// hash (the BLAKE3 hash of the original input): a combined encoding, an outboard encoding with the original data, or
/// a slice (<see cref="ForSlice"/>). Each chunk is checked, with the parent nodes above it, before any of its bytes
/// is returned.
/// </summary>
/// <remarks>
/// <para>On the first node that does not verify, or an encoding that ends early, a read (or seek) throws
/// <see cref="BaoVerificationException"/> (an <see cref="IOException"/>) naming the input offset; the bytes returned
/// before it are the original input's. A read that meets the failure after verifying some bytes returns those, and
/// the next read throws, so that a copy writes every verified byte before it stops.</para>
/// <para>The length header is not trusted: <see cref="Length"/>, a seek relative to the end, a seek past the end
/// and the end of the stream are only reported after the final chunk has been verified, as the Bao specification
/// requires (an empty input's one empty chunk included).</para>
/// <para>Seeking needs seekable underlying streams (a combined encoding, or both the outboard and the data); a seek
/// verifies the parents on the path to the new position and the chunk there. Bytes after the encoding are never read.
/// Not thread-safe, as streams are not.</para>
/// <para>Chunk groups (bao-tree's outboards and slices, <see cref="ForChunkGroups"/>, <see cref="ForGroupSlice"/>) are
/// verified a group at a time.</para>
/// </remarks>
public sealed class BaoDecoder : Stream
{
    private const int Combined = 0, Outboard = 1, Slice = 2;

    private readonly Stream _tree; // the encoding, the outboard or the slice
    private readonly Stream? _data; // the original input of an outboard encoding
    private readonly int _kind;
    private readonly bool _leaveOpen;
    private readonly byte[] _hash = new byte[BaoTree.HashLength];
    private readonly long _treeBase, _dataBase; // the streams' positions at the start (when they can seek)
    private long _treePos, _dataPos; // where the streams are, relative to those
    private long _length = -1; // from the header, trusted only once _lengthVerified
    private bool _lengthVerified;
    private long _position;
    private bool _disposed;
    private ExceptionDispatchInfo? _failure;

    // The verified bytes that hold (or last held) the position: one chunk, or a whole subtree read in bulk.
    private readonly byte[] _chunk = new byte[BaoTree.ChunkLength];
    private byte[] _current;
    private long _chunkStart = -1;
    private int _chunkLength;

    // Reading on from the start of a subtree of up to BulkChunks chunks, the decoder reads it whole and verifies it
    // at once: its chunks side by side on the lane kernels (BaoLevels), then each parent node compared with the CVs
    // computed, and the top with the CV expected. Allocated at the first such read.
    private const int BulkChunks = 256;
    private byte[]? _bulk; // the subtree's input bytes
    private byte[]? _bulkEncoded; // its encoding (combined) or its parents (outboard)
    // A subtree read in bulk that failed past its start: its bytes before the failing node are served, and this is
    // thrown when a read reaches the node (the stream may not be able to read the subtree again).
    private BaoVerificationException? _bulkFailure;
    private long _bulkFailureEnd;
    private BaoLevels? _levels;

    // A read of a combined encoding that has room for a whole subtree gathers its chunks straight into the caller's
    // buffer, verifies them there and returns them without a further copy (cleared again if they do not verify):
    // _direct is the room left in the current read (empty between reads), _directBytes what the last subtree put there.
    private const int MinDirect = 16 * BaoTree.ChunkLength;
    private Memory<byte> _direct;
    private int _directBytes;

    // Chunk groups (bao-tree): leaves of _leafLength bytes (1024: plain Bao), parents in post-order or pre-order, and
    // for a group outboard no header (its length is given, and verified like a header's).
    private readonly long _leafLength = BaoTree.ChunkLength;
    private readonly bool _postOrder;
    private readonly int _headerLength = BaoTree.HeaderLength;
    private readonly byte[]? _leaf;

    // Right subtrees met on the way down to the current chunk, not yet read: start, length, encoded offset, expected CV.
    private readonly long[] _pendingStart = new long[64];
    private readonly long[] _pendingLength = new long[64];
    private readonly long[] _pendingOffset = new long[64];
    private readonly byte[] _pendingCv = new byte[64 * BaoTree.HashLength];
    private int _pending;

    private readonly byte[] _node = new byte[BaoTree.ParentLength];
    private readonly byte[] _expected = new byte[BaoTree.HashLength];
    private readonly byte[] _computed = new byte[BaoTree.HashLength];

    // A slice: the requested range, and whether its first chunk has been verified yet.
    private readonly long _sliceEnd;
    private readonly bool _sliceOutputs;
    private bool _sliceStarted;

    /// <summary>Decodes a combined encoding (<see cref="Bao.Encode(ReadOnlySpan{byte}, out byte[])"/>) read from <paramref name="encoded"/> at its position.</summary>
    /// <param name="encoded">The combined encoding: the 8-byte length header, then the tree.</param>
    /// <param name="hash">The 32-byte root hash the input must have (its BLAKE3 hash), from a trusted source.</param>
    /// <param name="leaveOpen">Whether disposing the decoder leaves <paramref name="encoded"/> open.</param>
    /// <exception cref="ArgumentNullException"><paramref name="encoded"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes, or <paramref name="encoded"/> cannot be read.</exception>
    public BaoDecoder(Stream encoded, ReadOnlySpan<byte> hash, bool leaveOpen = false)
        : this(encoded, null, hash, Combined, leaveOpen, nameof(encoded))
    {
    }

    /// <summary>
    /// Decodes an outboard encoding (<see cref="Bao.EncodeOutboard(ReadOnlySpan{byte}, out byte[])"/>) read from
    /// <paramref name="outboard"/>, with the original input read from <paramref name="data"/>, both at their positions.
    /// </summary>
    /// <param name="outboard">The outboard encoding: the 8-byte length header, then the parent nodes.</param>
    /// <param name="data">The original input, which the outboard encoding verifies.</param>
    /// <param name="hash">The 32-byte root hash the input must have (its BLAKE3 hash), from a trusted source.</param>
    /// <param name="leaveOpen">Whether disposing the decoder leaves both streams open.</param>
    /// <exception cref="ArgumentNullException"><paramref name="outboard"/> or <paramref name="data"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes, or a stream cannot be read.</exception>
    public BaoDecoder(Stream outboard, Stream data, ReadOnlySpan<byte> hash, bool leaveOpen = false)
        : this(outboard, data ?? throw new ArgumentNullException(nameof(data)), hash, Outboard, leaveOpen, nameof(outboard))
    {
    }

    private BaoDecoder(Stream tree, Stream? data, ReadOnlySpan<byte> hash, int kind, bool leaveOpen, string treeName, long sliceStart = 0, long sliceLength = 0,
        int chunkGroupLog = 0, bool postOrder = false, long groupOutboardLength = -1)
    {
        if (tree is null)
            throw new ArgumentNullException(treeName);
        if (!tree.CanRead)
            throw new ArgumentException("The stream must be readable.", treeName);
        if (data is { CanRead: false })
            throw new ArgumentException("The stream must be readable.", nameof(data));
        if (hash.Length != BaoTree.HashLength)
            throw new ArgumentException($"The root hash must be exactly {BaoTree.HashLength} bytes (Bao.Encode returns it; it is the input's Blake3.HashData), not {hash.Length}.", nameof(hash));
        _tree = tree;
        _data = data;
        _current = _chunk;
        if (chunkGroupLog > 0)
        {
            _leafLength = (long)BaoTree.ChunkLength << chunkGroupLog;
            _leaf = new byte[_leafLength];
            _levels = new BaoLevels(1 << chunkGroupLog);
        }
        _postOrder = postOrder;
        if (groupOutboardLength >= 0)
        {
            _headerLength = 0;
            _length = groupOutboardLength;
        }
        _kind = kind;
        _leaveOpen = leaveOpen;
        hash.CopyTo(_hash);
        _treeBase = kind != Slice && tree.CanSeek ? tree.Position : 0;
        _dataBase = data is { CanSeek: true } ? data.Position : 0;
        if (kind == Slice)
        {
            _position = sliceStart;
            _sliceOutputs = sliceLength != 0; // a length of 0 still verifies the chunk at the start
            _sliceEnd = sliceStart + Math.Max(1, Math.Min(sliceLength, long.MaxValue - sliceStart));
        }
    }

    /// <summary>
    /// Decodes a slice (<see cref="Bao.ExtractSlice(Stream, Stream, long, long)"/>) read from <paramref name="slice"/>:
    /// the stream returns the verified input bytes from <paramref name="start"/> for <paramref name="length"/> bytes,
    /// fewer where the input ends first, then ends. It cannot seek.
    /// </summary>
    /// <param name="slice">The slice, as extracted.</param>
    /// <param name="hash">The 32-byte root hash of the whole input, from a trusted source.</param>
    /// <param name="start">The input offset the slice was extracted for.</param>
    /// <param name="length">The byte count the slice was extracted for (0: the chunk at <paramref name="start"/> is verified, nothing is returned).</param>
    /// <param name="leaveOpen">Whether disposing the decoder leaves <paramref name="slice"/> open.</param>
    /// <returns>The decoding stream.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="slice"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes, or <paramref name="slice"/> cannot be read.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="length"/> is negative.</exception>
    public static BaoDecoder ForSlice(Stream slice, ReadOnlySpan<byte> hash, long start, long length, bool leaveOpen = false)
    {
        if (start < 0)
            throw new ArgumentOutOfRangeException(nameof(start), start, "The slice's start must not be negative.");
        if (length < 0)
            throw new ArgumentOutOfRangeException(nameof(length), length, "The slice's length must not be negative.");
        return new BaoDecoder(slice, null, hash, Slice, leaveOpen, nameof(slice), start, length);
    }

    /// <summary>
    /// Decodes an input with a chunk-group outboard (<see cref="Bao.EncodeGroupOutboard(ReadOnlySpan{byte}, int, bool, out byte[])"/>,
    /// bao-tree's format): each group of 2^<paramref name="chunkGroupLog"/> chunks of <paramref name="data"/> is read
    /// whole and verified as one subtree, then returned.
    /// </summary>
    /// <param name="outboard">The group outboard (parents above the groups, no header), from its position.</param>
    /// <param name="data">The original input, from its position.</param>
    /// <param name="hash">The 32-byte root hash (the input's BLAKE3 hash), from a trusted source.</param>
    /// <param name="length">The input's length, which the outboard does not hold; it is verified with the final group before the stream reports it.</param>
    /// <param name="chunkGroupLog">The group size as a power of two of chunks, 0 to 10 (4: 16 KiB, as iroh).</param>
    /// <param name="postOrder">Whether the outboard is in post-order (left, right, node) rather than pre-order.</param>
    /// <param name="leaveOpen">Whether disposing the decoder leaves both streams open.</param>
    /// <returns>The decoding stream.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="outboard"/> or <paramref name="data"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes, or a stream cannot be read.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative or past 2^62, or <paramref name="chunkGroupLog"/> is outside 0 to 10.</exception>
    public static BaoDecoder ForChunkGroups(Stream outboard, Stream data, ReadOnlySpan<byte> hash, long length, int chunkGroupLog, bool postOrder = false, bool leaveOpen = false)
    {
        if (length < 0 || length > BaoTree.MaxLength)
            throw new ArgumentOutOfRangeException(nameof(length), length, "The input length must be between 0 and 2^62 bytes.");
        CheckGroupLog(chunkGroupLog);
        return new BaoDecoder(outboard, data ?? throw new ArgumentNullException(nameof(data)), hash, Outboard, leaveOpen, nameof(outboard), 0, 0, chunkGroupLog,
            postOrder, length);
    }

    /// <summary>
    /// Decodes a chunk-group slice (<see cref="Bao.ExtractGroupSlice(ReadOnlySpan{byte}, ReadOnlySpan{byte}, int, bool, long, long)"/>):
    /// as <see cref="ForSlice"/>, with each group of 2^<paramref name="chunkGroupLog"/> chunks verified whole.
    /// </summary>
    /// <param name="slice">The slice, as extracted.</param>
    /// <param name="hash">The 32-byte root hash of the whole input, from a trusted source.</param>
    /// <param name="start">The input offset the slice was extracted for.</param>
    /// <param name="length">The byte count the slice was extracted for.</param>
    /// <param name="chunkGroupLog">The group size as a power of two of chunks, 0 to 10.</param>
    /// <param name="leaveOpen">Whether disposing the decoder leaves <paramref name="slice"/> open.</param>
    /// <returns>The decoding stream.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="slice"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes, or <paramref name="slice"/> cannot be read.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="length"/> is negative, or <paramref name="chunkGroupLog"/> is outside 0 to 10.</exception>
    public static BaoDecoder ForGroupSlice(Stream slice, ReadOnlySpan<byte> hash, long start, long length, int chunkGroupLog, bool leaveOpen = false)
    {
        if (start < 0)
            throw new ArgumentOutOfRangeException(nameof(start), start, "The slice's start must not be negative.");
        if (length < 0)
            throw new ArgumentOutOfRangeException(nameof(length), length, "The slice's length must not be negative.");
        CheckGroupLog(chunkGroupLog);
        return new BaoDecoder(slice, null, hash, Slice, leaveOpen, nameof(slice), start, length, chunkGroupLog);
    }

    internal static void CheckGroupLog(int chunkGroupLog)
    {
        if (chunkGroupLog < 0 || chunkGroupLog > 10)
            throw new ArgumentOutOfRangeException(nameof(chunkGroupLog), chunkGroupLog, "The chunk group must be 2^0 to 2^10 chunks (chunkGroupLog 0 to 10; iroh uses 4, 16 KiB).");
    }

    /// <inheritdoc/>
    public override bool CanRead => !_disposed;

    /// <summary>Whether the decoder can seek: the underlying streams can, and it is not a slice.</summary>
    public override bool CanSeek => !_disposed && _kind != Slice && _tree.CanSeek && (_data is null || _data.CanSeek);

    /// <inheritdoc/>
    public override bool CanWrite => false;

    /// <summary>The input's length, once the final chunk has been verified (this verifies it first: a read and a seek of the underlying streams).</summary>
    /// <exception cref="NotSupportedException">The decoder cannot seek.</exception>
    /// <exception cref="BaoVerificationException">The final chunk or a parent above it does not verify.</exception>
    public override long Length
    {
        get
        {
            ThrowIfNotSeekable();
            VerifyLengthAsync(false, default).GetAwaiter().GetResult();
            return _length;
        }
    }

    /// <summary>The position in the original input.</summary>
    /// <exception cref="NotSupportedException">Setting it when the decoder cannot seek.</exception>
    public override long Position
    {
        get => _position;
        set => Seek(value, SeekOrigin.Begin);
    }

    /// <inheritdoc/>
    public override void Flush()
    {
    }

    /// <summary>Moves to a position in the original input, verifying the nodes on the path to it and the chunk there (the final chunk for a position at or past the end).</summary>
    /// <exception cref="NotSupportedException">The decoder cannot seek.</exception>
    /// <exception cref="IOException">The new position would be negative.</exception>
    /// <exception cref="BaoVerificationException">A node on the path does not verify.</exception>
    public override long Seek(long offset, SeekOrigin origin)
    {
        ThrowIfNotSeekable();
        long target;
        switch (origin)
        {
            case SeekOrigin.Begin:
                target = offset;
                break;
            case SeekOrigin.Current:
                target = _position + offset;
                break;
            case SeekOrigin.End:
                // Relative to the end: the length must be verified before it shows in the result.
                VerifyLengthAsync(false, default).GetAwaiter().GetResult();
                target = _length + offset;
                break;
            default:
                throw new ArgumentException($"Unknown SeekOrigin {origin}.", nameof(origin));
        }
        if (target < 0)
            throw new IOException("An attempt was made to move the position before the beginning of the stream.");
        _position = target;
        EnsureAsync(false, default).GetAwaiter().GetResult();
        return _position;
    }

    /// <summary>Not supported: the decoder is read-only.</summary>
    /// <exception cref="NotSupportedException">Always.</exception>
    public override void SetLength(long value) => throw new NotSupportedException("A BaoDecoder is read-only.");

    /// <summary>Not supported: the decoder is read-only.</summary>
    /// <exception cref="NotSupportedException">Always.</exception>
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException("A BaoDecoder is read-only.");

    /// <summary>Reads verified bytes of the original input; 0 at its end (once the final chunk is verified).</summary>
    /// <exception cref="BaoVerificationException">The next bytes do not verify.</exception>
    public override int Read(byte[] buffer, int offset, int count)
    {
        CheckBuffer(buffer, offset, count);
        return ReadCoreAsync(new Memory<byte>(buffer, offset, count), false, default).GetAwaiter().GetResult();
    }

    /// <summary>Reads verified bytes of the original input asynchronously; 0 at its end.</summary>
    /// <exception cref="BaoVerificationException">The next bytes do not verify.</exception>
    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        CheckBuffer(buffer, offset, count);
        return ReadCoreAsync(new Memory<byte>(buffer, offset, count), true, cancellationToken);
    }

#if !NETSTANDARD2_0
    /// <summary>Reads verified bytes of the original input; 0 at its end (once the final chunk is verified).</summary>
    /// <exception cref="BaoVerificationException">The next bytes do not verify.</exception>
    public override int Read(Span<byte> buffer)
    {
        int limit = Limit(buffer.Length), total = 0;
        if (_kind == Slice && !_sliceStarted)
            StartSliceAsync(false, default).GetAwaiter().GetResult();
        try
        {
            while (total < limit && EnsureAsync(false, default).GetAwaiter().GetResult())
                total += CopyOut(buffer.Slice(total, limit - total));
        }
        catch (BaoVerificationException) when (total > 0)
        {
            // The bytes verified before the failure go out first; the next read reports it (see EnsureAsync).
        }
        return total;
    }

    /// <summary>Reads verified bytes of the original input asynchronously; 0 at its end.</summary>
    /// <exception cref="BaoVerificationException">The next bytes do not verify.</exception>
    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        new(ReadCoreAsync(buffer, true, cancellationToken));
#endif

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        if (disposing && !_disposed)
        {
            _disposed = true;
            Array.Clear(_chunk, 0, _chunk.Length);
            if (_bulk is not null)
            {
                Array.Clear(_bulk, 0, BulkChunks * BaoTree.ChunkLength);
                ArrayPool<byte>.Shared.Return(_bulk);
                ArrayPool<byte>.Shared.Return(_bulkEncoded!); // encoded bytes: what the caller's stream held anyway
                _bulk = _bulkEncoded = null;
            }
            if (_leaf is not null)
                Array.Clear(_leaf, 0, _leaf.Length);
            _levels?.Dispose();
            if (!_leaveOpen)
            {
                _tree.Dispose();
                _data?.Dispose();
            }
        }
        base.Dispose(disposing);
    }

    private async Task<int> ReadCoreAsync(Memory<byte> buffer, bool useAsync, CancellationToken cancellationToken)
    {
        ThrowIfDisposed();
        int limit = Limit(buffer.Length), total = 0;
        if (_kind == Slice && !_sliceStarted)
            await StartSliceAsync(useAsync, cancellationToken).ConfigureAwait(false);
        bool direct = _kind == Combined && _leaf is null && !_postOrder;
        try
        {
            while (total < limit)
            {
                _direct = direct ? buffer.Slice(total, limit - total) : default;
                if (!await EnsureAsync(useAsync, cancellationToken).ConfigureAwait(false))
                    break;
                if (_directBytes > 0)
                {
                    // Verified in place.
                    total += _directBytes;
                    _position += _directBytes;
                    _directBytes = 0;
                }
                else
                {
                    total += CopyOut(buffer.Span.Slice(total, limit - total));
                }
            }
        }
        catch (BaoVerificationException) when (total > 0)
        {
            // The bytes verified before the failure go out first; the next read reports it (see EnsureAsync).
        }
        finally
        {
            _direct = default; // the caller's memory is not held past the call
        }
        return total;
    }

    /// <summary>The bytes a read may return: all asked for, but a slice stops at its end.</summary>
    private int Limit(int requested)
    {
        ThrowIfDisposed();
        if (_kind != Slice)
            return requested;
        return _sliceOutputs ? (int)Math.Max(0, Math.Min(requested, _sliceEnd - _position)) : 0;
    }

    /// <summary>A slice's first read verifies the chunk at its start (the final chunk if it starts at or past the end), even for a length of 0.</summary>
    private async Task StartSliceAsync(bool useAsync, CancellationToken cancellationToken)
    {
        await EnsureAsync(useAsync, cancellationToken).ConfigureAwait(false);
        _sliceStarted = true;
    }

    /// <summary>Copies verified bytes from the current chunk at the position; returns how many.</summary>
    private int CopyOut(Span<byte> destination)
    {
        int from = (int)(_position - _chunkStart);
        int n = Math.Min(destination.Length, _chunkLength - from);
        new ReadOnlySpan<byte>(_current, from, n).CopyTo(destination);
        _position += n;
        return n;
    }

    /// <summary>
    /// Makes the current chunk the verified one holding the position and returns true, or, at or past the end,
    /// verifies the final chunk and returns false.
    /// </summary>
    private async Task<bool> EnsureAsync(bool useAsync, CancellationToken cancellationToken)
    {
        // A stream that cannot seek cannot be read again: after a failure every read reports that failure.
        _failure?.Throw();
        try
        {
            return await EnsureOnceAsync(useAsync, cancellationToken).ConfigureAwait(false);
        }
        catch (BaoVerificationException e) when (!CanSeek)
        {
            _failure = ExceptionDispatchInfo.Capture(e);
            throw;
        }
    }

    private async Task<bool> EnsureOnceAsync(bool useAsync, CancellationToken cancellationToken)
    {
        if (_length < 0)
            await ReadHeaderAsync(useAsync, cancellationToken).ConfigureAwait(false);
        if (_chunkStart >= 0 && _position >= _chunkStart && _position < _chunkStart + _chunkLength)
            return true;
        if (_bulkFailure is not null && _position >= _bulkFailure.Position && _position < _bulkFailureEnd)
            throw _bulkFailure;
        if (_position >= _length)
        {
            await VerifyLengthAsync(useAsync, cancellationToken).ConfigureAwait(false);
            return false;
        }
        await LocateAsync(_position, useAsync, cancellationToken).ConfigureAwait(false);
        return true;
    }

    private async Task VerifyLengthAsync(bool useAsync, CancellationToken cancellationToken)
    {
        if (_length < 0)
            await ReadHeaderAsync(useAsync, cancellationToken).ConfigureAwait(false);
        if (!_lengthVerified)
            await LocateAsync(Math.Max(0, _length - 1), useAsync, cancellationToken).ConfigureAwait(false);
    }

    private async Task ReadHeaderAsync(bool useAsync, CancellationToken cancellationToken)
    {
        await ReadTreeAsync(0, _node, BaoTree.HeaderLength, 0, useAsync, cancellationToken).ConfigureAwait(false);
        ulong length = BinaryPrimitives.ReadUInt64LittleEndian(_node);
        if (length > BaoTree.MaxLength)
            throw BaoVerificationException.Header(length);
        _length = (long)length;
    }

    /// <summary>
    /// Reads and verifies the nodes from the root (or from a pending right subtree that holds
    /// <paramref name="target"/>) down to the chunk holding it, then that chunk.
    /// </summary>
    private async Task LocateAsync(long target, bool useAsync, CancellationToken cancellationToken)
    {
        bool outboard = _kind == Outboard;
        long start, length, offset;
        bool root;
        int top = _pending - 1;
        if (top >= 0 && target >= _pendingStart[top] && target - _pendingStart[top] < _pendingLength[top])
        {
            // Reading on (or a short seek forward): the next subtree was promised by a parent already verified.
            start = _pendingStart[top];
            length = _pendingLength[top];
            offset = _pendingOffset[top];
            Buffer.BlockCopy(_pendingCv, top * BaoTree.HashLength, _expected, 0, BaoTree.HashLength);
            _pending--;
            root = false;
        }
        else
        {
            if (_kind == Slice && _sliceStarted)
                throw new InvalidOperationException("A slice decoder reads forward only.");
            _pending = 0;
            start = 0;
            length = _length;
            offset = _headerLength;
            Buffer.BlockCopy(_hash, 0, _expected, 0, BaoTree.HashLength);
            root = true;
        }
        _chunkStart = -1;
        while (length > _leafLength)
        {
            if (_leaf is null && !_postOrder && start == target && length <= BulkLimit && (_kind != Slice || (_sliceOutputs && start + length <= _sliceEnd)))
            {
                // Reading on from a subtree's start: all of it at once (for a slice, only a subtree it holds whole).
                await ReadBulkAsync(start, (int)length, offset, root, useAsync, cancellationToken).ConfigureAwait(false);
                return;
            }
            long encodedOffset = _treePos;
            // Offsets are those of the subtree's first byte: pre-order puts its node there, post-order at its end.
            long nodeOffset = _postOrder ? offset + Size(length) - BaoTree.ParentLength : offset;
            await ReadTreeAsync(nodeOffset, _node, BaoTree.ParentLength, start, useAsync, cancellationToken).ConfigureAwait(false);
            BaoTree.ParentCv(_node, root, _computed);
            if (!BaoTree.CvEquals(_computed, _expected))
                throw BaoVerificationException.Parent(start, _kind == Slice ? encodedOffset : nodeOffset);
            long left = BaoTree.LeftLength(length);
            long leftOffset = _postOrder ? offset : offset + BaoTree.ParentLength;
            long rightOffset = leftOffset + Size(left);
            if (target - start < left)
            {
                _pendingStart[_pending] = start + left;
                _pendingLength[_pending] = length - left;
                _pendingOffset[_pending] = rightOffset;
                Buffer.BlockCopy(_node, BaoTree.HashLength, _pendingCv, _pending * BaoTree.HashLength, BaoTree.HashLength);
                _pending++;
                Buffer.BlockCopy(_node, 0, _expected, 0, BaoTree.HashLength);
                length = left;
                offset = leftOffset;
            }
            else
            {
                Buffer.BlockCopy(_node, BaoTree.HashLength, _expected, 0, BaoTree.HashLength);
                start += left;
                length -= left;
                offset = rightOffset;
            }
            root = false;
        }

        int count = (int)length;
        long chunkOffset = _kind == Slice ? _treePos : outboard ? start : offset;
        byte[] leaf = _leaf ?? _chunk;
        if (outboard)
            await ReadDataAsync(start, leaf, count, useAsync, cancellationToken).ConfigureAwait(false);
        else
            await ReadTreeAsync(offset, leaf, count, start, useAsync, cancellationToken).ConfigureAwait(false);
        if (_leaf is null)
            BaoTree.ChunkCv(new ReadOnlySpan<byte>(leaf, 0, count), (ulong)(start / BaoTree.ChunkLength), root, _computed);
        else
            BaoTree.LeafCv(new ReadOnlySpan<byte>(leaf, 0, count), start / BaoTree.ChunkLength, root, _levels!, _computed);
        if (!BaoTree.CvEquals(_computed, _expected))
        {
            Array.Clear(leaf, 0, count);
            throw BaoVerificationException.Chunk(start, chunkOffset);
        }
        _current = leaf;
        _chunkStart = start;
        _chunkLength = count;
        if (start + count == _length)
            _lengthVerified = true;
    }

    /// <summary>
    /// The largest subtree read whole: <see cref="BulkChunks"/> chunks, or, when the caller's read has room for a
    /// subtree of at least <see cref="MinDirect"/> bytes but not for that, the largest that fits (verified in place).
    /// </summary>
    private long BulkLimit => _direct.Length >= MinDirect ? Math.Min(BulkChunks * BaoTree.ChunkLength, _direct.Length) : BulkChunks * BaoTree.ChunkLength;

    /// <summary>
    /// Reads the subtree of <paramref name="length"/> bytes (more than one chunk) at <paramref name="start"/>, whose
    /// encoding is at <paramref name="offset"/>, and verifies it against <see cref="_expected"/> as a whole.
    /// </summary>
    private async Task ReadBulkAsync(long start, int length, long offset, bool root, bool useAsync, CancellationToken cancellationToken)
    {
        bool outboard = _kind == Outboard;
        // Pooled: a decoder per request would otherwise allocate half a MiB on the large object heap each time.
        _bulk ??= ArrayPool<byte>.Shared.Rent(BulkChunks * BaoTree.ChunkLength);
        _bulkEncoded ??= ArrayPool<byte>.Shared.Rent((int)BaoTree.EncodedLength(BulkChunks * BaoTree.ChunkLength, outboard));
        _levels ??= new BaoLevels(BulkChunks);
        int encodedLength = (int)BaoTree.EncodedLength(length, outboard);
        long encodedOffset = _kind == Slice ? _treePos : offset;
        await ReadTreeAsync(offset, _bulkEncoded, encodedLength, start, useAsync, cancellationToken).ConfigureAwait(false);
        if (outboard)
            await ReadDataAsync(start, _bulk, length, useAsync, cancellationToken).ConfigureAwait(false);
        int chunks = (int)BaoTree.ChunkCount(length);
        bool direct = !outboard && _direct.Length >= length;
        // Into the caller's buffer, the chunks' lines are written while they are hashed; into the decoder's own, which
        // is read back at once, they are gathered first (the line writer's stores bypass the caches).
        if (!direct || !_levels.TryDecode(new ReadOnlySpan<byte>(_bulkEncoded, 0, encodedLength), start / BaoTree.ChunkLength, _direct.Span.Slice(0, length)))
        {
            if (!outboard)
            {
                int at = 0;
                Gather(0, chunks, length, direct ? _direct.Span : _bulk, ref at);
            }
            _levels.Hash(direct ? _direct.Span.Slice(0, length) : new ReadOnlySpan<byte>(_bulk, 0, length), start / BaoTree.ChunkLength);
        }
        int position = 0;
        bool valid = Matches(0, chunks, length, ref position);
        if (root)
        {
            BaoTree.ParentCv(new ReadOnlySpan<byte>(_bulkEncoded, 0, BaoTree.ParentLength), true, _computed);
            valid &= BaoTree.CvEquals(_computed, _expected);
        }
        else
        {
            valid &= BaoTree.CvEquals(_levels.Top, _expected);
        }
        if (direct)
        {
            if (valid)
            {
                _directBytes = length;
                _chunkStart = -1; // nothing kept: a read back into this subtree locates it again
                if (start + length == _length)
                    _lengthVerified = true;
                return;
            }
            // Out of the caller's buffer, which gets nothing unverified; the failure is handled as for a bulk read.
            _direct.Span.Slice(0, length).CopyTo(_bulk);
            _direct.Span.Slice(0, length).Clear();
        }
        if (!valid)
        {
            // Something differs: find the first node a reader in order would have refused, and name it.
            int at = 0;
            Buffer.BlockCopy(_expected, 0, _computed, 0, BaoTree.HashLength);
            BaoVerificationException error = FirstFailure(0, chunks, length, start, encodedOffset, root, _computed, ref at)!;
            int verified = (int)(error.Position - start);
            Array.Clear(_bulk, verified, length - verified);
            if (verified <= 0)
                throw error;
            // A reader in order would have accepted every node before the failing one: serve those bytes.
            _bulkFailure = error;
            _bulkFailureEnd = start + length;
            _current = _bulk;
            _chunkStart = start;
            _chunkLength = verified;
            return;
        }
        _current = _bulk;
        _chunkStart = start;
        _chunkLength = length;
        if (start + length == _length)
            _lengthVerified = true;
    }

    /// <summary>Copies the chunks of a combined encoding's subtree (pre-order at <paramref name="at"/>) into <paramref name="destination"/>.</summary>
    private void Gather(int first, int chunks, int length, Span<byte> destination, ref int at)
    {
        if (chunks == 1)
        {
            int size = Math.Min(BaoTree.ChunkLength, length - first * BaoTree.ChunkLength);
            new ReadOnlySpan<byte>(_bulkEncoded, at, size).CopyTo(destination.Slice(first * BaoTree.ChunkLength));
            at += size;
            return;
        }
        int left = (int)BaoTree.HighestPowerOfTwo(chunks - 1);
        at += BaoTree.ParentLength;
        Gather(first, left, length, destination, ref at);
        Gather(first + left, chunks - left, length, destination, ref at);
    }

    /// <summary>Whether every parent node of the subtree (pre-order at <paramref name="at"/>) is the pair of CVs computed below it.</summary>
    private bool Matches(int first, int chunks, int length, ref int at)
    {
        if (chunks == 1)
        {
            if (_kind != Outboard)
                at += Math.Min(BaoTree.ChunkLength, length - first * BaoTree.ChunkLength);
            return true;
        }
        int left = (int)BaoTree.HighestPowerOfTwo(chunks - 1);
        var node = new ReadOnlySpan<byte>(_bulkEncoded, at, BaoTree.ParentLength);
        bool same = node.Slice(0, BaoTree.HashLength).SequenceEqual(_levels!.Cv(first, left))
            & node.Slice(BaoTree.HashLength).SequenceEqual(_levels.Cv(first + left, chunks - left));
        at += BaoTree.ParentLength;
        same &= Matches(first, left, length, ref at);
        return same & Matches(first + left, chunks - left, length, ref at);
    }

    /// <summary>The error of the first node, in reading order, that does not verify against <paramref name="expected"/>; null if none.</summary>
    private BaoVerificationException? FirstFailure(int first, int chunks, int length, long start, long encodedOffset, bool root, byte[] expected, ref int at)
    {
        long position = start + (long)first * BaoTree.ChunkLength;
        var computed = new byte[BaoTree.HashLength];
        if (chunks == 1)
        {
            int size = Math.Min(BaoTree.ChunkLength, length - first * BaoTree.ChunkLength);
            BaoTree.ChunkCv(new ReadOnlySpan<byte>(_bulk, first * BaoTree.ChunkLength, size), (ulong)(position / BaoTree.ChunkLength), root, computed);
            long chunkOffset = _kind == Outboard ? position : encodedOffset + at;
            if (_kind != Outboard)
                at += size;
            return BaoTree.CvEquals(computed, expected) ? null : BaoVerificationException.Chunk(position, chunkOffset);
        }
        var node = new byte[BaoTree.ParentLength];
        Buffer.BlockCopy(_bulkEncoded!, at, node, 0, BaoTree.ParentLength);
        BaoTree.ParentCv(node, root, computed);
        if (!BaoTree.CvEquals(computed, expected))
            return BaoVerificationException.Parent(position, encodedOffset + at);
        at += BaoTree.ParentLength;
        int left = (int)BaoTree.HighestPowerOfTwo(chunks - 1);
        return FirstFailure(first, left, length, start, encodedOffset, false, node.AsSpan(0, BaoTree.HashLength).ToArray(), ref at)
            ?? FirstFailure(first + left, chunks - left, length, start, encodedOffset, false, node.AsSpan(BaoTree.HashLength).ToArray(), ref at);
    }

    /// <summary>Bytes of a subtree of <paramref name="length"/> input bytes in the tree stream: its parents, and its chunks in a combined encoding or slice.</summary>
    private long Size(long length) => BaoTree.ParentsLength(length, _leafLength) + (_kind == Outboard ? 0 : length);

    /// <summary>Reads <paramref name="count"/> bytes of the encoding (or outboard) at <paramref name="offset"/> from its start; a slice is read in order, as it comes.</summary>
    private async Task ReadTreeAsync(long offset, byte[] buffer, int count, long position, bool useAsync, CancellationToken cancellationToken)
    {
        if (_kind != Slice)
            _treePos = MoveTo(_tree, _treeBase, _treePos, offset);
        int read = await BaoStreamEncoder.ReadFullAsync(_tree, buffer, count, useAsync, cancellationToken).ConfigureAwait(false);
        _treePos += read;
        if (read < count)
            throw BaoVerificationException.Truncated(position, _treePos);
    }

    private async Task ReadDataAsync(long offset, byte[] buffer, int count, bool useAsync, CancellationToken cancellationToken)
    {
        _dataPos = MoveTo(_data!, _dataBase, _dataPos, offset);
        int read = await BaoStreamEncoder.ReadFullAsync(_data!, buffer, count, useAsync, cancellationToken).ConfigureAwait(false);
        _dataPos += read;
        if (read < count)
            throw BaoVerificationException.Truncated(offset, offset + read);
    }

    /// <summary>
    /// Brings <paramref name="stream"/> to <paramref name="offset"/>. A stream that cannot seek is only ever read in
    /// order (the decoder cannot seek then, and a post-order outboard read out of order is refused).
    /// </summary>
    private static long MoveTo(Stream stream, long streamBase, long current, long offset)
    {
        if (offset == current)
            return current;
        if (!stream.CanSeek)
            throw new NotSupportedException("The stream cannot seek, and this encoding is not read in order here (a post-order outboard needs a stream that can seek).");
        // Past the end (a length header too large): the read that follows finds nothing and reports the early end;
        // some streams refuse such a position outright.
        stream.Position = Math.Min(streamBase + offset, stream.Length);
        return offset;
    }

    private void ThrowIfNotSeekable()
    {
        ThrowIfDisposed();
        if (!CanSeek)
            throw new NotSupportedException(_kind == Slice ? "A slice decoder cannot seek." : "The underlying stream(s) cannot seek.");
    }

    private void ThrowIfDisposed()
    {
        if (_disposed)
            throw new ObjectDisposedException(nameof(BaoDecoder));
    }

    private static void CheckBuffer(byte[] buffer, int offset, int count)
    {
        if (buffer is null)
            throw new ArgumentNullException(nameof(buffer));
        if (offset < 0 || offset > buffer.Length)
            throw new ArgumentOutOfRangeException(nameof(offset), offset, "The offset must be within the buffer.");
        if (count < 0 || count > buffer.Length - offset)
            throw new ArgumentOutOfRangeException(nameof(count), count, "The count must fit in the buffer after the offset.");
    }
}
