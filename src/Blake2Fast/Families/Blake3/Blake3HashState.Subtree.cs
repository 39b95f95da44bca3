using System;
using static Blake2Fast.Families.Blake3.Kernels.Blake3Flags;

namespace Blake2Fast;

// Hashing one piece of a larger input (the advanced layer: Blake3Subtrees, docs/blake3-subtrees.md).
public unsafe partial struct Blake3HashState
{
    // ---- subtrees (the advanced layer: Blake3Subtrees, docs/blake3-subtrees.md) ----

    /// <summary>
    /// The offset in the whole input at which this state's input starts: 0 unless set with <see cref="SetInputOffset"/>.
    /// A state with a non-zero offset hashes a subtree, finished with <see cref="FinishSubtree(Span{byte})"/>.
    /// </summary>
    public readonly long InputOffset => (long)_tree.FirstChunk * ChunkLength;

    /// <summary>
    /// Makes this state hash a piece of a larger input that starts at <paramref name="offset"/> (Rust's
    /// <c>set_input_offset</c>). Call it before any input; the piece may then hold at most
    /// <see cref="Blake3Subtrees.MaxSubtreeLength"/>(<paramref name="offset"/>) bytes, and is finished with
    /// <see cref="FinishSubtree(Span{byte})"/> into its chaining value, which <see cref="Blake3Subtrees"/> merges.
    /// </summary>
    /// <param name="offset">A multiple of <see cref="Blake3Subtrees.ChunkLength"/> (1024); 0 restores the whole-input state.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative.</exception>
    /// <exception cref="ArgumentException"><paramref name="offset"/> is not a multiple of 1024.</exception>
    /// <exception cref="InvalidOperationException">The state already holds input, or is <see langword="default"/> or finished.</exception>
    public void SetInputOffset(long offset)
    {
        if (_status != Live)
            ThrowUnusable();
        Blake3Subtrees.RequireOffset(offset, nameof(offset));
        if (_tree.BytesAdded != 0 || _tree.StackLength != 0)
            throw new InvalidOperationException($"The input offset is set before any input, and this BLAKE3 state already holds {_tree.BytesAdded} bytes: create a new state for the piece.");
        _tree.StartAt((ulong)offset / ChunkLength);
    }

    /// <summary>
    /// Finishes this piece of a larger input into its 32-byte chaining value (Rust's <c>finalize_non_root</c>), for
    /// <see cref="Blake3Subtrees.MergeParent(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Blake3Mode, Span{byte})"/> and <see cref="Blake3Subtrees.MergeRoot(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Blake3Mode, Span{byte})"/>.
    /// The state cannot be used afterwards.
    /// </summary>
    /// <remarks>
    /// A piece at offset 0 is always followed by more input, so it must be a whole subtree: a power of two of chunks
    /// (1024, 2048, 4096, ... bytes; <see cref="Blake3Subtrees.LeftSubtreeLength"/> gives the one to use). An input of
    /// at most 1024 bytes has no pieces: hash it whole with <see cref="Finish()"/>.
    /// </remarks>
    /// <param name="chainingValue">Receives the chaining value: exactly <see cref="Blake3Subtrees.ChainingValueLength"/> (32) bytes.</param>
    /// <exception cref="ArgumentException"><paramref name="chainingValue"/> is not exactly 32 bytes long; the state is unchanged.</exception>
    /// <exception cref="InvalidOperationException">
    /// The state holds no input, or at offset 0 holds what cannot be a subtree (see the remarks), or is
    /// <see langword="default"/> or finished; the state is unchanged.
    /// </exception>
    public void FinishSubtree(Span<byte> chainingValue)
    {
        if (_status != Live)
            ThrowUnusable();
        if (chainingValue.Length != Blake3Subtrees.ChainingValueLength)
            throw new ArgumentException($"A BLAKE3 chaining value is exactly {Blake3Subtrees.ChainingValueLength} bytes long; the destination has {chainingValue.Length}.", nameof(chainingValue));
        ulong added = _tree.BytesAdded;
        if (added == 0 && _tree.StackLength == 0)
            throw new InvalidOperationException("This BLAKE3 subtree holds no input, and an empty subtree has no chaining value.");
        if (_tree.FirstChunk == 0 && (added % ChunkLength != 0 || (added / ChunkLength & (added / ChunkLength - 1)) != 0))
            throw new InvalidOperationException(
                $"A BLAKE3 subtree at input offset 0 is followed by more input, so it is a power of two of 1024-byte chunks ({nameof(Blake3Subtrees)}.{nameof(Blake3Subtrees.LeftSubtreeLength)}), but this one holds {added} bytes. "
                + $"An input of at most 1024 bytes has no subtrees: hash it whole with {nameof(Finish)}.");
        _tree.WriteChainingValue(chainingValue);
        Clear();
    }

    /// <summary>Finishes this piece of a larger input and returns its 32-byte chaining value, as <see cref="FinishSubtree(Span{byte})"/> does.</summary>
    /// <exception cref="InvalidOperationException">As for <see cref="FinishSubtree(Span{byte})"/>.</exception>
    public byte[] FinishSubtree()
    {
        byte[] chainingValue = new byte[Blake3Subtrees.ChainingValueLength];
        FinishSubtree(chainingValue);
        return chainingValue;
    }

    /// <summary>Bytes a subtree state may still take before it reaches the largest subtree at its offset.</summary>
    private readonly ulong SubtreeRoomLeft => (_tree.FirstChunk & (~_tree.FirstChunk + 1)) * ChunkLength - _tree.BytesAdded;

    private readonly void ThrowSubtreeFull(long length, string paramName)
    {
        throw new ArgumentException(
            $"The BLAKE3 subtree at input offset {InputOffset} holds at most {Blake3Subtrees.MaxSubtreeLength(InputOffset)} bytes ({nameof(Blake3Subtrees)}.{nameof(Blake3Subtrees.MaxSubtreeLength)}); "
            + $"it has {_tree.BytesAdded}, and {length} more would pass its end. Nothing was added.", paramName);
    }

    /// <summary>Refuses to finish a subtree state as a whole input, naming what to call instead.</summary>
    private readonly void RequireWholeInput()
    {
        if (_tree.FirstChunk != 0)
            throw new InvalidOperationException(
                $"This BLAKE3 state hashes a piece at input offset {InputOffset}, which is never the root: finish it with {nameof(FinishSubtree)}, and merge the chaining values with {nameof(Blake3Subtrees)}.{nameof(Blake3Subtrees.MergeRoot)}.");
    }
}
