using System;
using System.Buffers;
using System.Diagnostics;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Families.Blake3.Bao;

/// <summary>
/// Turns a tree written in post-order (left, right, parent) into pre-order (parent, left, right) in place, in
/// bounded memory, working from the end backwards: the post-order read backwards meets each parent before its
/// subtrees (right, then left), and the pre-order written backwards ends each subtree (right, then left) before its
/// parent. A parent waits on a stack (54 at most) until its subtrees are written. Nothing unread is overwritten: a
/// chunk's pre-order offset is at or after its post-order offset (pre-order adds its ancestors before it), and a
/// parent is written after its whole subtree has been read, at or after where that subtree started in post-order.
/// Reads and writes go through 1 MiB buffers, so the stream sees a few large calls per MiB.
/// </summary>
internal sealed class BaoFlip : IDisposable
{
    private const int BufferLength = 1 << 20;

    private readonly Stream _stream;
    private readonly long _treeStart;
    private readonly long _length;
    private readonly bool _outboard;
    private readonly long _leafLength; // 1024 for Bao; a chunk group's bytes for a group outboard
    private byte[]? _read = ArrayPool<byte>.Shared.Rent(BufferLength);
    private byte[]? _write = ArrayPool<byte>.Shared.Rent(BufferLength);
    private readonly byte[] _chunk = new byte[BaoTree.ChunkLength];
    private readonly byte[] _parents = new byte[64 * BaoTree.ParentLength];
    private long _readStart; // the read buffer holds [_readStart, _readPos) still to be taken
    private long _readPos;
    private long _writeEnd; // the write buffer holds [_writeEnd - _writeFill, _writeEnd), at its end
    private int _writeFill;
    private int _readUsed, _writeUsed; // the most of each buffer used: what Dispose clears

    public BaoFlip(Stream stream, long treeStart, long length, bool outboard, long leafLength)
    {
        Debug.Assert(outboard || leafLength == BaoTree.ChunkLength, "groups are outboard only");
        _leafLength = leafLength;
        _stream = stream;
        _treeStart = treeStart;
        _length = length;
        _outboard = outboard;
    }

    public async Task RunAsync(bool useAsync, CancellationToken cancellationToken)
    {
        _readStart = _readPos = _writeEnd = _treeStart + BaoTree.ParentsLength(_length, _leafLength) + (_outboard ? 0 : _length);
        if (_length <= _leafLength)
            return; // one leaf: nothing moves

        // Work items, last first: a subtree to move (its length) or a waiting parent to write (~slot).
        var work = new long[2 * 64 + 2];
        int top = 0, parents = 0;
        work[top++] = _length;
        while (top > 0)
        {
            long item = work[--top];
            if (item < 0)
            {
                int slot = (int)~item;
                await PutAsync(_parents, slot * BaoTree.ParentLength, BaoTree.ParentLength, useAsync, cancellationToken).ConfigureAwait(false);
                parents--;
                continue;
            }
            if (item <= _leafLength)
            {
                if (!_outboard)
                {
                    await TakeAsync(_chunk, 0, (int)item, useAsync, cancellationToken).ConfigureAwait(false);
                    await PutAsync(_chunk, 0, (int)item, useAsync, cancellationToken).ConfigureAwait(false);
                }
                continue;
            }
            // A parent: read now (it ends its subtree in post-order), written after both subtrees.
            await TakeAsync(_parents, parents * BaoTree.ParentLength, BaoTree.ParentLength, useAsync, cancellationToken).ConfigureAwait(false);
            long left = BaoTree.LeftLength(item);
            work[top++] = ~(long)parents++;
            work[top++] = left;
            work[top++] = item - left; // the right subtree comes first, backwards
        }
        await FlushAsync(useAsync, cancellationToken).ConfigureAwait(false);
        Debug.Assert(_readPos == _treeStart && _writeEnd == _treeStart);
    }

    /// <summary>Takes the <paramref name="count"/> bytes just below the read cursor into <paramref name="destination"/>.</summary>
    private async Task TakeAsync(byte[] destination, int offset, int count, bool useAsync, CancellationToken cancellationToken)
    {
        while (count > 0)
        {
            if (_readPos == _readStart)
            {
                long start = Math.Max(_treeStart, _readPos - BufferLength);
                int length = (int)(_readPos - start);
                _stream.Position = start;
                int read = await BaoStreamEncoder.ReadFullAsync(_stream, _read!, length, useAsync, cancellationToken).ConfigureAwait(false);
                if (read != length)
                    throw new EndOfStreamException("The encoding being written was shortened by someone else.");
                _readStart = start;
                _readUsed = Math.Max(_readUsed, length);
            }
            int take = (int)Math.Min(count, _readPos - _readStart);
            Buffer.BlockCopy(_read!, (int)(_readPos - take - _readStart), destination, offset + count - take, take);
            _readPos -= take;
            count -= take;
        }
    }

    /// <summary>Puts <paramref name="count"/> bytes just below the write cursor.</summary>
    private async Task PutAsync(byte[] source, int offset, int count, bool useAsync, CancellationToken cancellationToken)
    {
        if (BufferLength - _writeFill < count)
            await FlushAsync(useAsync, cancellationToken).ConfigureAwait(false);
        _writeFill += count;
        _writeUsed = Math.Max(_writeUsed, _writeFill);
        Buffer.BlockCopy(source, offset, _write!, BufferLength - _writeFill, count);
    }

    private async Task FlushAsync(bool useAsync, CancellationToken cancellationToken)
    {
        if (_writeFill == 0)
            return;
        _stream.Position = _writeEnd - _writeFill;
        if (useAsync)
            await _stream.WriteAsync(_write!, BufferLength - _writeFill, _writeFill, cancellationToken).ConfigureAwait(false);
        else
            _stream.Write(_write!, BufferLength - _writeFill, _writeFill);
        _writeEnd -= _writeFill;
        _writeFill = 0;
    }

    public void Dispose()
    {
        if (_read is { } read)
        {
            Array.Clear(read, 0, _readUsed); // only what was used: clearing 2 MiB would cost more than a small encoding
            ArrayPool<byte>.Shared.Return(read);
            _read = null;
        }
        if (_write is { } write)
        {
            Array.Clear(write, BufferLength - _writeUsed, _writeUsed);
            ArrayPool<byte>.Shared.Return(write);
            _write = null;
        }
    }
}
