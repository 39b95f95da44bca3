using System;
using System.Buffers.Binary;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Tree;
using Blake2Fast.Internal;
using Blake2Fast.State;
using static Blake2Fast.Families.Blake3.Kernels.Blake3Flags;

namespace Blake2Fast;

// Saving a hash in progress and resuming it.
public unsafe partial struct Blake3HashState
{
    // ---- saving and resuming ----

    // In the shared envelope (State/SavedStateEnvelope.cs, SavedStateKind.Blake3), the header holds the mode flags, the blocks
    // compressed in the current chunk, the bytes in the block, the stacked CVs, whether the state hashes a subtree
    // (0 or 1), a zero byte and the digest length (u32); the body, the chunk counter (u64), the key words, the chunk's
    // CV, the block's bytes, the stacked CVs and, for a subtree, its first chunk (u64). A whole input's blob is the
    // same as before subtrees existed, so blobs saved earlier restore, and older readers refuse a subtree's.
    private const int SavedFixedLength = 8 + 32 + 32;
    private const string OutOfRange = "The saved state holds values out of range.";
    private const SavedStateKind SavedKind = SavedStateKind.Blake3;

    /// <summary>The number of bytes <see cref="SaveState"/> writes for this state as it is now.</summary>
    public readonly int SavedStateLength => SavedStateEnvelope.Length(_tree.SavedLength);

    /// <summary>
    /// Saves the hash in progress to <paramref name="destination"/> (<see cref="SavedStateLength"/> bytes, no
    /// allocation), to be resumed with <see cref="RestoreState"/> later, in another process or on another machine.
    /// </summary>
    /// <param name="destination">Receives the saved state.</param>
    /// <param name="includeKeyedState">
    /// Must be <see langword="true"/> to save a keyed hash or a key derivation: the saved bytes hold the key (or the
    /// context key) and material-derived chaining values, so whoever holds them can finish the MAC or the derived key
    /// of what was hashed so far, and of any extension. Store such a blob as you would the key.
    /// </param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short; nothing is written.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or finished, or keyed without <paramref name="includeKeyedState"/>.</exception>
    public readonly int SaveState(Span<byte> destination, bool includeKeyedState = false)
    {
        if (_status != Live)
            ThrowUnusable();
        if (_tree.Flags != 0 && !includeKeyedState)
            throw new InvalidOperationException("The state of a keyed hash or key derivation holds key-derived material; pass includeKeyedState: true to save it anyway.");
        int length = SavedStateLength;
        if (destination.Length < length)
            ThrowHelper.DestinationTooSmall(nameof(destination), length);
        Span<byte> blob = SavedStateEnvelope.Begin(destination, _tree.SavedLength, SavedKind);
        blob[6] = (byte)_tree.Flags;
        blob[7] = (byte)_tree.BlocksCompressed;
        blob[8] = (byte)_tree.BlockLengthHeld;
        blob[9] = (byte)_tree.StackLength;
        blob[10] = (byte)(_tree.FirstChunk != 0 ? 1 : 0);
        BinaryPrimitives.WriteUInt32LittleEndian(blob.Slice(12), (uint)_digestLength);
        _tree.Save(blob.Slice(SavedStateEnvelope.HeaderLength));
        SavedStateEnvelope.Seal(blob);
        return blob.Length;
    }

    /// <summary>Resumes a hash saved with <see cref="SaveState"/>.</summary>
    /// <remarks>The saved bytes carry a format version and a checksum: a truncated, damaged or foreign blob is refused, never resumed into a wrong hash.</remarks>
    /// <exception cref="ArgumentException"><paramref name="savedState"/> is not a valid saved BLAKE3 state.</exception>
    public static Blake3HashState RestoreState(ReadOnlySpan<byte> savedState)
    {
        ReadOnlySpan<byte> blob = savedState;
        const string name = nameof(savedState);
        SavedStateEnvelope.Open(blob, SavedKind, SavedFixedLength, name);
        int blocksCompressed = blob[7], blockLength = blob[8], stackLength = blob[9];
        int subtree = blob[10] == 1 ? 8 : 0;
        ReadOnlySpan<byte> body = SavedStateEnvelope.Verify(blob, SavedFixedLength + blockLength + 32 * stackLength + subtree, name);
        // The checksum rules out damage; these checks rule out blobs made by something other than SaveState.
        ulong chunkCounter = BinaryPrimitives.ReadUInt64LittleEndian(body);
        uint flags = blob[6];
        uint digestLength = BinaryPrimitives.ReadUInt32LittleEndian(blob.Slice(12));
        ulong firstChunk = subtree != 0 ? BinaryPrimitives.ReadUInt64LittleEndian(body.Slice(body.Length - 8)) : 0;
        if ((flags != 0 && flags != KeyedHash && flags != DeriveKeyMaterial) || digestLength < 1 || digestLength > int.MaxValue
            || blob[10] > 1 || (subtree != 0 && (firstChunk == 0 || firstChunk > long.MaxValue / ChunkLength))
            || !Blake3Tree.IsValid(chunkCounter, blocksCompressed, blockLength, stackLength, firstChunk) || blob[11] != 0)
            throw new ArgumentException(OutOfRange, name);
        return new Blake3HashState
        {
            _tree = Blake3Tree.Restore(body, flags, blocksCompressed, blockLength, stackLength, firstChunk, InstructionSets.DefaultBlake3),
            _digestLength = (int)digestLength,
            _status = Live,
        };
    }
}
