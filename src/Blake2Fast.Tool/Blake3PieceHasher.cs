using System;
using System.Collections.Generic;

namespace Blake2Fast.Tool;

/// <summary>
/// A BLAKE3 file hash that may take some of its pieces as chaining values hashed elsewhere (a large file's slices, on
/// other threads): the pieces are stacked in order, the bytes after them are hashed here in pieces as large as the
/// tree allows at their offset, and the digest is merged from all of them. With no piece stacked it is the library's
/// plain incremental hash.
/// </summary>
internal sealed class Blake3PieceHasher
{
    private readonly int _digestLength;
    private readonly List<SubtreePiece> _pieces = new();
    private Blake3HashState _current;

    // The bytes [_offset, _offset + _length) in _current.
    private long _offset;
    private long _length;

    public Blake3PieceHasher(Blake3Mode mode, int digestLength)
    {
        Mode = mode;
        _digestLength = digestLength;
        _current = Blake3.CreateIncrementalHasher(digestLength, mode);
    }

    /// <summary>The mode pieces hashed elsewhere must use.</summary>
    public Blake3Mode Mode { get; }

    /// <summary>
    /// Hashes bytes at <paramref name="offset"/> of an input in <paramref name="mode"/> into their subtree's chaining
    /// value <paramref name="cv"/> (32 bytes), on any thread. The bytes must be a whole subtree (a power of two of chunks
    /// fitting its offset).
    /// </summary>
    public static void HashPiece(Blake3Mode mode, ReadOnlySpan<byte> input, long offset, Span<byte> cv)
    {
        Blake3HashState state = Blake3.CreateIncrementalHasher(mode);
        state.SetInputOffset(offset);
        state.Update(input);
        state.FinishSubtree(cv);
    }

    /// <summary>Stacks the chaining value of the next <paramref name="length"/> bytes, hashed elsewhere; only before any bytes are added here.</summary>
    public void AddPiece(ReadOnlySpan<byte> cv, long length)
    {
        if (_length != 0)
        {
            throw new InvalidOperationException("Pieces are stacked before the bytes hashed here.");
        }

        _pieces.Add(new SubtreePiece(_offset, length, cv.ToArray()));
        _offset += length;
        _current = Blake3.CreateIncrementalHasher(_digestLength, Mode);
        _current.SetInputOffset(_offset);
    }

    public void Update(ReadOnlySpan<byte> input)
    {
        if (_offset == 0)
        {
            _current.Update(input);
            _length += input.Length;
            return;
        }

        while (!input.IsEmpty)
        {
            long room = Blake3Subtrees.MaxSubtreeLength(_offset) - _length;
            if (room == 0)
            {
                // The piece is as large as its offset allows and more bytes follow: it is a whole subtree.
                FinishPiece(last: false);
                continue;
            }

            int take = (int)Math.Min(room, input.Length);
            _current.Update(input.Slice(0, take));
            _length += take;
            input = input.Slice(take);
        }
    }

    /// <summary>Writes the digest, exactly <c>output.Length</c> bytes.</summary>
    public void Finish(Span<byte> output)
    {
        if (_pieces.Count == 0)
        {
            _current.Finish(output);
            return;
        }

        if (_length != 0)
        {
            FinishPiece(last: true);
        }

        Blake3Pieces.MergeRoot(_pieces, _offset, Mode, output);
    }

    /// <summary>Stacks the piece in <c>_current</c>; unless it is the <paramref name="last"/>, the next starts after it.</summary>
    private void FinishPiece(bool last)
    {
        byte[] cv = new byte[Blake3Subtrees.ChainingValueLength];
        _current.FinishSubtree(cv);
        _pieces.Add(new SubtreePiece(_offset, _length, cv));
        _offset += _length;
        _length = 0;
        if (!last)
        {
            _current = Blake3.CreateIncrementalHasher(_digestLength, Mode);
            _current.SetInputOffset(_offset);
        }
    }
}
