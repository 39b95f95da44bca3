using System;
using System.Runtime.CompilerServices;
using Blake2Fast.Cores;
using Blake2Fast.State;
using Blake2Fast.Internal;
using static Blake2Fast.Cores.Blake3Flags;

namespace Blake2Fast;

/// <summary>
/// BLAKE3's extended output: an endless stream (up to 2^63 - 1 bytes here) read in pieces of any size, and seekable.
/// Get one from <see cref="Blake3HashState.FinishXof"/>.
/// </summary>
/// <remarks>
/// <para>Output byte i is the same however the output is read: <c>Read</c> continues from <see cref="Position"/>,
/// and setting <see cref="Position"/> jumps anywhere at no cost (each 64-byte output block is one compression of
/// the root node with the block's index as counter). The first 32 bytes are the standard digest.</para>
/// <para>A value type of about 120 bytes that allocates nothing. It holds the root node, which for a keyed hash
/// is key-derived: <see cref="Clear"/> wipes it. A <see langword="default"/> or cleared reader throws
/// <see cref="InvalidOperationException"/>.</para>
/// </remarks>
public unsafe struct Blake3OutputReader
{
    private Blake3Tree.Words _cv;
    private Blake3Tree.Block _block;
    private uint _blockLength;
    private uint _flags; // ROOT is set in every usable reader
    private long _position;
    private InstructionSet _core;

    internal Blake3OutputReader(ref uint cv, ref byte block, int blockLength, uint flags, InstructionSet core)
    {
        for (int i = 0; i < 8; i++)
            _cv.W[i] = Unsafe.Add(ref cv, i);
        // Zero padding past the block's length, as the compression requires.
        Unsafe.CopyBlockUnaligned(ref _block.B[0], ref block, (uint)blockLength);
        Unsafe.InitBlockUnaligned(ref _block.B[blockLength], 0, (uint)(64 - blockLength));
        _blockLength = (uint)blockLength;
        _flags = flags | Root;
        _position = 0;
        _core = core;
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
        if ((_flags & Root) == 0)
            throw new InvalidOperationException("The BLAKE3 output reader is not usable: it is default or cleared. Get one from Blake3HashState.FinishXof.");
        if (destination.Length > long.MaxValue - _position)
            ThrowHelper.ReadPastEnd(nameof(destination), long.MaxValue - _position);
        byte* buffer = stackalloc byte[64];
        while (!destination.IsEmpty)
        {
            ulong counter = (ulong)_position / 64;
            int offset = (int)(_position % 64);
            if (offset == 0 && destination.Length >= 64)
            {
                Blake3Block.CompressXof(_core, ref _cv.W[0], ref _block.B[0], counter, _blockLength, _flags, ref destination[0]);
                destination = destination.Slice(64);
                _position += 64;
                continue;
            }
            Blake3Block.CompressXof(_core, ref _cv.W[0], ref _block.B[0], counter, _blockLength, _flags, ref *buffer);
            int take = Math.Min(64 - offset, destination.Length);
            new ReadOnlySpan<byte>(buffer + offset, take).CopyTo(destination);
            destination = destination.Slice(take);
            _position += take;
        }
        new Span<byte>(buffer, 64).Clear();
    }

    /// <summary>Wipes the root node; the reader cannot be read afterwards.</summary>
    public void Clear() => this = default;
}
