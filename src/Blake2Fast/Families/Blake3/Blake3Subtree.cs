using System;

namespace Blake2Fast;

/// <summary>
/// One piece of a BLAKE3 input hashed apart: where it starts, how long it is and its chaining value (from
/// <see cref="Blake3HashState.FinishSubtree()"/>), for <see cref="Blake3Subtrees.MergeRoot(ReadOnlySpan{Blake3Subtree}, long, Blake3Mode, Span{byte})"/>.
/// </summary>
/// <remarks>A value that holds what it is given; the merge checks it (the chaining value must be 32 bytes).</remarks>
public readonly struct Blake3Subtree
{
    /// <summary>Describes a piece of <paramref name="length"/> bytes at <paramref name="inputOffset"/> with its chaining value.</summary>
    /// <param name="inputOffset">Where the piece starts in the input (the offset its state was given with <see cref="Blake3HashState.SetInputOffset"/>).</param>
    /// <param name="length">How many bytes of input the piece holds.</param>
    /// <param name="chainingValue">The piece's 32-byte chaining value. Not copied: keep it unchanged until the merge.</param>
    public Blake3Subtree(long inputOffset, long length, ReadOnlyMemory<byte> chainingValue)
    {
        InputOffset = inputOffset;
        Length = length;
        ChainingValue = chainingValue;
    }

    /// <summary>Where the piece starts in the input, in bytes.</summary>
    public long InputOffset { get; }

    /// <summary>How many bytes of input the piece holds.</summary>
    public long Length { get; }

    /// <summary>The piece's chaining value: 32 bytes.</summary>
    public ReadOnlyMemory<byte> ChainingValue { get; }

    /// <summary>The piece as the docs and the tool write it: <c>OFFSET+LENGTH</c>.</summary>
    public override string ToString() => $"{InputOffset}+{Length}";
}
