using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using Blake2Fast.Cores;
using Blake2Fast.Internal;
using Blake2Fast.Interop;
using Blake2Fast.State;
using static Blake2Fast.Cores.Blake3Flags;

namespace Blake2Fast;

/// <summary>
/// An incremental BLAKE3 hash: create it with <see cref="Blake3.CreateIncrementalHasher()"/> (keyed:
/// <see cref="Blake3.CreateIncrementalHasher(ReadOnlySpan{byte})"/>, key derivation:
/// <see cref="Blake3.CreateDeriveKeyHasher(string)"/>), feed it with <see cref="Update(ReadOnlySpan{byte})"/>, and read
/// the digest with <see cref="Finish()"/>, or any amount of output with <see cref="Finish(Span{byte})"/> or
/// <see cref="FinishXof"/>.
/// </summary>
/// <remarks>
/// <para>A value type of about 1.9 KB (the chaining-value stack of a 2^64-byte input lives inside it) that allocates
/// nothing. Copying it snapshots the hash in progress; pass it by <see langword="ref"/> to share one hash.</para>
/// <para>Whole 1 KiB chunks are hashed straight from the caller's memory, many side by side in SIMD lanes where the
/// CPU has them, each as soon as it is complete; only the first chunk (which may be the whole input, the root) and
/// the last block of the chunk in progress wait for more input or the end.</para>
/// <para>A <see langword="default"/> instance is not usable, and a finished state refuses further use; both throw
/// <see cref="InvalidOperationException"/>. Finishing clears the key material held in the state.</para>
/// </remarks>
[StructLayout(LayoutKind.Sequential)]
public unsafe partial struct Blake3HashState : IIncrementalState
{
    private const int ChunkLength = Blake3Tree.ChunkLength;
    private const int BlockLength = Blake3Tree.BlockLength;

    private const byte Live = 1, Finished = 2;

    private Blake3Tree _tree;
    private int _digestLength;
    private byte _status;

    private Blake3HashState(ref uint key, uint flags, int digestLength, InstructionSet core)
    {
        _tree = new Blake3Tree(ref key, flags, core);
        _digestLength = digestLength;
        _status = Live;
    }

    // ---- creation (the static class's overloads reach BLAKE3 through these) ----

    /// <summary>The standard IV, the key of unkeyed hashing.</summary>
    private static ReadOnlySpan<byte> IV => new byte[]
    {
        0x67, 0xE6, 0x09, 0x6A, 0x85, 0xAE, 0x67, 0xBB, 0x72, 0xF3, 0x6E, 0x3C, 0x3A, 0xF5, 0x4F, 0xA5,
        0x7F, 0x52, 0x0E, 0x51, 0x8C, 0x68, 0x05, 0x9B, 0xAB, 0xD9, 0x83, 0x1F, 0x19, 0xCD, 0xE0, 0x5B,
    };

    /// <summary>A state on <paramref name="core"/>: unkeyed for an empty <paramref name="key"/>, else keyed (exactly 32 bytes).</summary>
    internal static Blake3HashState Create(int digestLength, ReadOnlySpan<byte> key, InstructionSet core)
    {
        DigestLengthOf(digestLength, key);
        Blake3Tree.Words words;
        Blake3Tree.ReadWords(key.IsEmpty ? IV : key, ref words.W[0]);
        return new Blake3HashState(ref words.W[0], key.IsEmpty ? 0 : KeyedHash, digestLength, core);
    }

    /// <summary>The state behind the static class's overloads: validates and names <c>digestLength</c> and <c>key</c>.</summary>
    internal static Blake3HashState Create(int digestLength, ReadOnlySpan<byte> key) => Create(digestLength, key, InstructionSets.DefaultBlake3);

    /// <summary>A key-derivation state: the context string hashed into the key, then the material hashed under it.</summary>
    internal static Blake3HashState CreateDeriveKey(string context, int digestLength, InstructionSet core)
    {
        if (context is null)
            throw new ArgumentNullException(nameof(context));
        if (digestLength < 1)
            ThrowHelper.DigestLengthOutOfRange("length", digestLength, int.MaxValue);
        Blake3Tree.Words iv;
        Blake3Tree.ReadWords(IV, ref iv.W[0]);
        var contextState = new Blake3HashState(ref iv.W[0], DeriveKeyContext, 32, core);
        // The context as UTF-8, a piece at a time through a stack buffer: no allocation for any length.
        byte* utf8 = stackalloc byte[3 * 128];
        fixed (char* chars = context)
        {
            for (int i = 0; i < context.Length;)
            {
                int n = Math.Min(128, context.Length - i);
                if (n < context.Length - i && char.IsHighSurrogate(chars[i + n - 1]))
                    n--; // never split a surrogate pair between pieces
                int bytes = Encoding.UTF8.GetBytes(chars + i, n, utf8, 3 * 128);
                contextState.Update(new ReadOnlySpan<byte>(utf8, bytes));
                i += n;
            }
        }
        Blake3OutputReader root = contextState.FinishXof();
        byte* contextKey = stackalloc byte[32];
        root.Read(new Span<byte>(contextKey, 32));
        Blake3Tree.Words words;
        Blake3Tree.ReadWords(new ReadOnlySpan<byte>(contextKey, 32), ref words.W[0]);
        new Span<byte>(contextKey, 32).Clear();
        return new Blake3HashState(ref words.W[0], DeriveKeyMaterial, digestLength, core);
    }

    /// <summary>Validates and names <c>digestLength</c> and <c>key</c>; returns the digest length.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int DigestLengthOf(int digestLength, ReadOnlySpan<byte> key)
    {
        if (digestLength < 1)
            ThrowHelper.DigestLengthOutOfRange(nameof(digestLength), digestLength, int.MaxValue);
        if (!key.IsEmpty)
            RequireKey(key);
        return digestLength;
    }

    /// <summary>Refuses a key that is not exactly 32 bytes, naming <c>key</c>; the keyed overloads pass their key through this.</summary>
    internal static ReadOnlySpan<byte> RequireKey(ReadOnlySpan<byte> key)
    {
        if (key.Length != 32)
            throw new ArgumentException("A BLAKE3 key must be exactly 32 bytes long.", nameof(key));
        return key;
    }

    /// <summary>One-shot hashing into <c>output</c> (too short: an exception naming <c>outputName</c>, nothing written).</summary>
    internal static void Hash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output, string outputName) =>
        Hash(digestLength, key, input, output, outputName, InstructionSets.DefaultBlake3);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Hash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output, string outputName, InstructionSet core)
    {
        DigestLengthOf(digestLength, key);
        if (output.Length < digestLength)
            ThrowHelper.DestinationTooSmall(outputName, digestLength);
        Blake3Tree.Words words;
        Blake3Tree.ReadWords(key.IsEmpty ? IV : key, ref words.W[0]);
        uint flags = key.IsEmpty ? 0 : KeyedHash;
        if (input.Length <= ChunkLength)
        {
            // One chunk, the root: no chunk stack, no state.
            HashOneChunk(ref words.W[0], input, flags, output.Slice(0, digestLength), core);
            words = default;
            return;
        }
        Blake3Tree.Hash(ref words.W[0], flags, core, input, output.Slice(0, digestLength));
        words = default;
    }

    internal static byte[] Hash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input)
    {
        byte[] digest = new byte[DigestLengthOf(digestLength, key)];
        Hash(digestLength, key, input, digest, "output");
        return digest;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void HashOneChunk(ref uint key, ReadOnlySpan<byte> input, uint flags, Span<byte> output, InstructionSet core)
    {
        Blake3Tree.Words cv = Unsafe.As<uint, Blake3Tree.Words>(ref key);
        uint start = ChunkStart;
        int full = (input.Length - 1) / BlockLength; // every block but the last, which is the root's
        if (full > 0)
        {
            Blake3Block.CompressBlocks(core, ref cv.W[0], ref MemoryMarshal.GetReference(input), (nuint)full, 0, flags, start, 0);
            start = 0;
        }
        ReadOnlySpan<byte> last = input.Slice(full * BlockLength);
        if (output.Length > 32)
        {
            var reader = new Blake3OutputReader(ref cv.W[0], ref MemoryMarshal.GetReference(last), last.Length, flags | start | ChunkEnd, core);
            reader.Read(output);
            reader.Clear();
            return;
        }
        // Up to 32 bytes (the usual digest): the root's chaining value is the output, one plain compression, straight
        // from the input when its last block is whole.
        Blake3Tree.Block block;
        if (last.Length == BlockLength)
        {
            Blake3Block.Compress(core, ref cv.W[0], ref MemoryMarshal.GetReference(last), 0, BlockLength, flags | start | ChunkEnd | Root);
        }
        else
        {
            LastBlock.CopyPadded64(last, ref block.B[0]);
            Blake3Block.Compress(core, ref cv.W[0], ref block.B[0], 0, (uint)last.Length, flags | start | ChunkEnd | Root);
        }
        if (output.Length == 32)
        {
            Blake3Tree.WriteWords(ref cv.W[0], ref MemoryMarshal.GetReference(output));
        }
        else
        {
            Blake3Tree.WriteWords(ref cv.W[0], ref block.B[0]);
            new ReadOnlySpan<byte>(Unsafe.AsPointer(ref block.B[0]), output.Length).CopyTo(output);
        }
        cv = default;
        block = default;
    }

    // ---- the public surface ----

    /// <summary>The length in bytes of the digest that <see cref="Finish()"/> returns (32 unless created with another).</summary>
    public readonly int DigestLength => _digestLength;

    /// <summary>Adds <paramref name="input"/> to the data being hashed.</summary>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public void Update(ReadOnlySpan<byte> input) => Update(input, parallelism: 1);

    /// <summary>
    /// Adds <paramref name="input"/> as <see cref="Update(ReadOnlySpan{byte})"/> does, hashing its whole chunks on
    /// several threads of the thread pool: for large inputs in memory (a few MiB and up), where every core's SIMD lanes
    /// add up. The hash is the same as with <see cref="Update(ReadOnlySpan{byte})"/>. Never the default: a server
    /// that hashes many inputs at once is better off with one core per input.
    /// </summary>
    /// <param name="input">The data to add; it must not change until the call returns.</param>
    /// <param name="maxDegreeOfParallelism">
    /// The most threads to use; -1 (the default) for one per processor. Inputs too small to split (under 256 KiB of
    /// whole chunks per thread) are hashed on the calling thread alone.
    /// </param>
    /// <remarks>Allocates a little per call for the thread pool's work items (nothing on the calling thread alone).</remarks>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or less than -1.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public void UpdateParallel(ReadOnlySpan<byte> input, int maxDegreeOfParallelism = -1)
    {
        if (maxDegreeOfParallelism == 0 || maxDegreeOfParallelism < -1)
            throw new ArgumentOutOfRangeException(nameof(maxDegreeOfParallelism), maxDegreeOfParallelism, "Use -1 (one thread per processor) or a positive count.");
        Update(input, maxDegreeOfParallelism == -1 ? Environment.ProcessorCount : maxDegreeOfParallelism);
    }

    private void Update(ReadOnlySpan<byte> input, int parallelism)
    {
        if (_status != Live)
            ThrowUnusable();
        _tree.Update(input, parallelism);
    }

    /// <summary>
    /// For b2fsum, which reads a large file in slices on several threads and hashes each where it was read: the CV of
    /// one slice (<see cref="Blake3Tree.SubtreeCv"/>), computed on a copy of this state by any thread.
    /// </summary>
    internal readonly void HashSubtree(ReadOnlySpan<byte> input, ulong firstChunk, Span<byte> cv)
    {
        if (_status != Live)
            ThrowUnusable();
        _tree.SubtreeCv(input, firstChunk, cv);
    }

    /// <summary>For b2fsum: stacks a slice's CV in order (<see cref="Blake3Tree.PushSubtree"/>; more input must follow the first).</summary>
    internal void AddSubtree(ReadOnlySpan<byte> cv, int chunks)
    {
        if (_status != Live)
            ThrowUnusable();
        _tree.PushSubtree(cv, chunks);
    }

    /// <summary>The chunks hashed or stacked so far: where the next subtree starts.</summary>
    internal readonly ulong ChunkCounter => _tree.ChunkCounter;

    /// <summary>Finishes the hash and returns the digest (<see cref="DigestLength"/> bytes); the state cannot be used afterwards.</summary>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public byte[] Finish()
    {
        if (_status != Live)
            ThrowUnusable();
        byte[] digest = new byte[_digestLength];
        Finish(digest);
        return digest;
    }

    /// <summary>
    /// Finishes the hash and fills all of <paramref name="output"/> with output: any length, the first 32 bytes being
    /// the standard digest (BLAKE3's output of any length is a prefix of its longer outputs).
    /// </summary>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public void Finish(Span<byte> output)
    {
        if (_status != Live)
            ThrowUnusable();
        _tree.WriteRoot(output);
        Clear();
    }

    /// <summary>Finishes the hash if <paramref name="output"/> can hold <see cref="DigestLength"/> bytes, and writes them to its start.</summary>
    /// <param name="output">Receives the digest in its first <see cref="DigestLength"/> bytes.</param>
    /// <param name="bytesWritten"><see cref="DigestLength"/> on success, otherwise 0.</param>
    /// <returns><see langword="false"/>, with nothing written and the state still usable, if <paramref name="output"/> is too short.</returns>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public bool TryFinish(Span<byte> output, out int bytesWritten)
    {
        if (_status != Live)
            ThrowUnusable();
        if (output.Length < _digestLength)
        {
            bytesWritten = 0;
            return false;
        }
        Finish(output.Slice(0, _digestLength));
        bytesWritten = _digestLength;
        return true;
    }

    /// <summary>
    /// Finishes the hash and returns a reader of its extended output, which reads any amount in pieces and can seek
    /// (<see cref="Blake3OutputReader.Position"/>). The state cannot be used afterwards.
    /// </summary>
    /// <remarks>The reader holds the root node, from which a keyed hash's output can be extended; clear it with <see cref="Blake3OutputReader.Clear"/>.</remarks>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public Blake3OutputReader FinishXof()
    {
        if (_status != Live)
            ThrowUnusable();
        Blake3OutputReader reader = _tree.Root();
        Clear();
        return reader;
    }

    // ---- saving and resuming ----

    // In the shared envelope (State/SavedStateEnvelope.cs, kind 0x30), the header holds the mode flags, the blocks
    // compressed in the current chunk, the bytes in the block, the stacked CVs, 2 zero bytes and the digest length
    // (u32); the body, the chunk counter (u64), the key words, the chunk's CV, the block's bytes and the stacked CVs.
    private const int SavedFixedLength = 8 + 32 + 32;
    private const string OutOfRange = "The saved state holds values out of range.";
    private const byte SavedKind = 0x30;

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
        Span<byte> blob = SavedStateEnvelope.Begin(destination, _tree.SavedLength, SavedKind, nameof(destination));
        blob[6] = (byte)_tree.Flags;
        blob[7] = (byte)_tree.BlocksCompressed;
        blob[8] = (byte)_tree.BlockLengthHeld;
        blob[9] = (byte)_tree.StackLength;
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
        ReadOnlySpan<byte> body = SavedStateEnvelope.Verify(blob, SavedFixedLength + blockLength + 32 * stackLength, name);
        // The checksum rules out damage; these checks rule out blobs made by something other than SaveState.
        ulong chunkCounter = BinaryPrimitives.ReadUInt64LittleEndian(body);
        uint flags = blob[6];
        uint digestLength = BinaryPrimitives.ReadUInt32LittleEndian(blob.Slice(12));
        if ((flags != 0 && flags != KeyedHash && flags != DeriveKeyMaterial) || digestLength < 1 || digestLength > int.MaxValue
            || !Blake3Tree.IsValid(chunkCounter, blocksCompressed, blockLength, stackLength) || blob[10] != 0 || blob[11] != 0)
            throw new ArgumentException(OutOfRange, name);
        return new Blake3HashState
        {
            _tree = Blake3Tree.Restore(body, flags, blocksCompressed, blockLength, stackLength, InstructionSets.DefaultBlake3),
            _digestLength = (int)digestLength,
            _status = Live,
        };
    }

    /// <summary>Clears the key material and marks the state finished.</summary>
    private void Clear()
    {
        _tree.Clear();
        _status = Finished;
    }

    private static void ThrowUnusable()
    {
        throw new InvalidOperationException(
            "The BLAKE3 state is not usable: it is default (create it with Blake3.CreateIncrementalHasher) or already finished.");
    }

    // ---- the HashAlgorithm wrapper's view ----

    string IIncrementalState.AlgorithmName => "BLAKE3";

    int IIncrementalState.MaxDigestLength => int.MaxValue;

    void IIncrementalState.Reset(int digestLength, ReadOnlySpan<byte> key) => this = Create(digestLength, key);

    void IIncrementalState.Finish(Span<byte> output)
    {
        if (_status != Live)
            ThrowUnusable();
        Finish(output.Slice(0, _digestLength));
    }
}
