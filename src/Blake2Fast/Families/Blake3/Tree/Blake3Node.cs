using System;
using System.Runtime.CompilerServices;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Kernels;
using Blake2Fast.Internal;
using static Blake2Fast.Families.Blake3.Kernels.Blake3Flags;

namespace Blake2Fast.Families.Blake3.Tree;

/// <summary>
/// A BLAKE3 node whose last compression is still to be done: its input chaining value, its (last) block, and the
/// counter and flags of that compression. Done without ROOT, it gives the node's chaining value; done with ROOT and
/// the output block's index as counter, the root's extended output. The tree finishes into one, a merge of two
/// chaining values is one, and the public output reader wraps one.
/// </summary>
internal unsafe struct Blake3Node
{
    private Blake3Words _cv;
    private Blake3BlockBytes _block;
    private ulong _counter; // the chunk's index for a chunk node, 0 for a parent
    private uint _blockLength;
    private uint _flags; // never 0 in a node made by the constructor: a chunk has CHUNK_END, a parent PARENT
    private InstructionSet _instructionSet;

    /// <summary>A node of <paramref name="blockLength"/> bytes at <paramref name="block"/>, zero-padded here.</summary>
    public Blake3Node(ref uint cv, ref byte block, int blockLength, ulong counter, uint flags, InstructionSet instructionSet)
    {
        for (int i = 0; i < 8; i++)
            _cv.W[i] = Unsafe.Add(ref cv, i);
        Unsafe.CopyBlockUnaligned(ref _block.B[0], ref block, (uint)blockLength);
        ZeroBytes.Clear(ref _block.B[blockLength], 64 - blockLength);
        _counter = counter;
        _blockLength = (uint)blockLength;
        _flags = flags & ~Root;
        _instructionSet = instructionSet;
    }

    /// <summary>
    /// The parent of two 32-byte chaining values under <paramref name="key"/> in the mode <paramref name="modeFlags"/>
    /// names (0, KEYED_HASH or DERIVE_KEY_MATERIAL).
    /// </summary>
    public static Blake3Node Parent(ref uint key, uint modeFlags, InstructionSet instructionSet, ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        Unsafe.SkipInit(out Blake3BlockBytes block);
        left.Slice(0, 32).CopyTo(new Span<byte>(Unsafe.AsPointer(ref block.B[0]), 32));
        right.Slice(0, 32).CopyTo(new Span<byte>(Unsafe.AsPointer(ref block.B[32]), 32));
        var node = new Blake3Node(ref key, ref block.B[0], 64, 0, modeFlags | Blake3Flags.Parent, instructionSet);
        block = default;
        return node;
    }

    /// <summary>Whether this node was made by the constructor (not default, not cleared).</summary>
    public readonly bool IsSet => _flags != 0;

    /// <summary>The node's chaining value (its non-root output) into the 32 bytes at <paramref name="cv"/>.</summary>
    public readonly void WriteChainingValue(Span<byte> cv)
    {
        Blake3Words words = _cv;
        Blake3BlockBytes block = _block;
        Blake3Block.Compress(_instructionSet, ref words.W[0], ref block.B[0], _counter, _blockLength, _flags);
        Blake3Words.Write(ref words.W[0], ref cv.Slice(0, 32)[0]);
        words = default;
        block = default;
    }

    /// <summary>
    /// The node's root output from byte <paramref name="position"/> on into all of <paramref name="destination"/>:
    /// each 64-byte output block is one compression with ROOT and the block's index as counter.
    /// </summary>
    public readonly void WriteRoot(long position, Span<byte> destination)
    {
        Blake3Words cv = _cv;
        Blake3BlockBytes block = _block;
        WriteRoot(_instructionSet, ref cv.W[0], ref block.B[0], _blockLength, _flags, position, destination);
        cv = default;
        block = default;
    }

    /// <summary>
    /// The root output of the node with input chaining value <paramref name="cv"/> and block <paramref name="block"/>
    /// (both scratch: they may be overwritten), for callers that hold the node's parts already.
    /// </summary>
    public static void WriteRoot(InstructionSet instructionSet, ref uint cv, ref byte block, uint blockLength, uint flags, long position, Span<byte> destination)
    {
        flags |= Root;
        if (position == 0 && destination.Length <= 32)
        {
            // The usual digest: the root's chaining value is the output, one plain compression.
            Blake3Block.Compress(instructionSet, ref cv, ref block, 0, blockLength, flags);
            Blake3Words.Write(ref cv, ref block);
            new ReadOnlySpan<byte>(Unsafe.AsPointer(ref block), destination.Length).CopyTo(destination);
            return;
        }
        WriteRootBlocks(instructionSet, ref cv, ref block, blockLength, flags, position, destination);
    }

    // Apart from the usual digest above: a method with a loop and stackalloc is compiled fully optimized at its first
    // call, which a first hash would wait for.
    private static void WriteRootBlocks(InstructionSet instructionSet, ref uint cv, ref byte block, uint blockLength, uint flags, long position, Span<byte> destination)
    {
        byte* buffer = stackalloc byte[64];
        while (!destination.IsEmpty)
        {
            ulong counter = (ulong)position / 64;
            int offset = (int)(position % 64);
            if (offset == 0 && destination.Length >= 64)
            {
                Blake3Block.CompressXof(instructionSet, ref cv, ref block, counter, blockLength, flags, ref destination[0]);
                destination = destination.Slice(64);
                position += 64;
                continue;
            }
            Blake3Block.CompressXof(instructionSet, ref cv, ref block, counter, blockLength, flags, ref *buffer);
            int take = Math.Min(64 - offset, destination.Length);
            new ReadOnlySpan<byte>(buffer + offset, take).CopyTo(destination);
            destination = destination.Slice(take);
            position += take;
        }
        new Span<byte>(buffer, 64).Clear();
    }

    /// <summary>Wipes the node; <see cref="IsSet"/> is false afterwards.</summary>
    public void Clear() => this = default;
}
