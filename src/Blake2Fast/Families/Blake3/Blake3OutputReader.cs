using System;
using Blake2Fast.Families.Blake3.Tree;
using Blake2Fast.Internal;

namespace Blake2Fast;

/// <summary>
/// BLAKE3's extended output: an endless stream (up to 2^63 - 1 bytes here) read in pieces of any size, and seekable.
/// Get one from <see cref="Blake3HashState.FinishXof"/> or <see cref="Blake3Subtrees.MergeRootXof(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Blake3Mode)"/>.
/// </summary>
/// <remarks>
/// <para>Output byte i is the same however the output is read: <c>Read</c> continues from <see cref="Position"/>,
/// and setting <see cref="Position"/> jumps anywhere at no cost (each 64-byte output block is one compression of
/// the root node with the block's index as counter). The first 32 bytes are the standard digest.</para>
/// <para>A value type of about 120 bytes that allocates nothing. It holds the root node, which for a keyed hash
/// is key-derived: <see cref="Clear"/> wipes it. A <see langword="default"/> or cleared reader throws
/// <see cref="InvalidOperationException"/>.</para>
/// </remarks>
public struct Blake3OutputReader
{
    private Blake3Node _root;
    private long _position;

    internal Blake3OutputReader(in Blake3Node root)
    {
        _root = root;
        _position = 0;
    }

    /// <summary>The offset in the output of the next byte <see cref="Read"/> writes. Set it to seek.</summary>
    /// <exception cref="ArgumentOutOfRangeException">Set to a negative value.</exception>
    public long Position
    {
        readonly get => _position;
        set
        {
            if (value < 0)
                throw new ArgumentOutOfRangeException(nameof(value), value, "The output position cannot be negative.");
            _position = value;
        }
    }

    /// <summary>Fills <paramref name="destination"/> with the output from <see cref="Position"/> on, and advances it.</summary>
    /// <exception cref="InvalidOperationException">The reader is <see langword="default"/> or cleared.</exception>
    /// <exception cref="ArgumentException">The read would pass byte 2^63 - 1 of the output; nothing is written.</exception>
    public void Read(Span<byte> destination)
    {
        if (!_root.IsSet)
            throw new InvalidOperationException(
                $"The BLAKE3 output reader is not usable: it is default or cleared. Get one from {nameof(Blake3HashState)}.{nameof(Blake3HashState.FinishXof)} or {nameof(Blake3Subtrees)}.{nameof(Blake3Subtrees.MergeRootXof)}.");
        if (destination.Length > long.MaxValue - _position)
            ThrowHelper.ReadPastEnd(nameof(destination), long.MaxValue - _position);
        _root.WriteRoot(_position, destination);
        _position += destination.Length;
    }

    /// <summary>Wipes the root node; the reader cannot be read afterwards.</summary>
    public void Clear() => this = default;
}
