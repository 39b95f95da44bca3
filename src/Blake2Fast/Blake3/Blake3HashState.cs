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
/// CPU has them; the last chunk and block are held back until more input arrives or the hash is finished.</para>
/// <para>A <see langword="default"/> instance is not usable, and a finished state refuses further use; both throw
/// <see cref="InvalidOperationException"/>. Finishing clears the key material held in the state.</para>
/// </remarks>
[StructLayout(LayoutKind.Sequential)]
public unsafe partial struct Blake3HashState : IIncrementalState
{
    private const int ChunkLength = 1024;
    private const int BlockLength = 64;
    private const int MaxDepth = 54; // 2^54 chunks of 1 KiB: 2^64 bytes
    private const int MaxSubtree = 64; // chunks hashed into one subtree per kernel round (scratch: 3 KiB of stack)

    private const byte Live = 1, Finished = 2;

    // Fixed buffers inside private structs: a fixed field of a public struct would make its generated buffer type public.
    private Words _key;
    private Words _chunkCv;
    private Block _block;
    private CvStack _stack;
    private ulong _chunkCounter; // chunks completed before the current one: its index
    private int _blockLength; // bytes in _block
    private int _blocksCompressed; // blocks of the current chunk already compressed
    private int _stackLength;
    private uint _flags; // the mode: 0, KeyedHash or DeriveKeyMaterial
    private int _digestLength;
    private Blake2Core _core;
    private byte _status;

    private Blake3HashState(ref uint key, uint flags, int digestLength, Blake2Core core)
    {
        for (int i = 0; i < 8; i++)
            _key.W[i] = _chunkCv.W[i] = Unsafe.Add(ref key, i);
        _flags = flags;
        _digestLength = digestLength;
        _core = core;
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
    internal static Blake3HashState Create(int digestLength, ReadOnlySpan<byte> key, Blake2Core core)
    {
        DigestLengthOf(digestLength, key);
        Words words;
        ReadWords(key.IsEmpty ? IV : key, ref words.W[0]);
        return new Blake3HashState(ref words.W[0], key.IsEmpty ? 0 : KeyedHash, digestLength, core);
    }

    /// <summary>The state behind the static class's overloads: validates and names <c>digestLength</c> and <c>key</c>.</summary>
    internal static Blake3HashState Create(int digestLength, ReadOnlySpan<byte> key) => Create(digestLength, key, Blake3.Core);

    /// <summary>A key-derivation state: the context string hashed into the key, then the material hashed under it.</summary>
    internal static Blake3HashState CreateDeriveKey(string context, int digestLength, Blake2Core core)
    {
        if (context is null)
            throw new ArgumentNullException(nameof(context));
        if (digestLength < 1)
            ThrowHelper.DigestLengthOutOfRange("length", digestLength, int.MaxValue);
        Words iv;
        ReadWords(IV, ref iv.W[0]);
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
        Words words;
        ReadWords(new ReadOnlySpan<byte>(contextKey, 32), ref words.W[0]);
        new Span<byte>(contextKey, 32).Clear();
        return new Blake3HashState(ref words.W[0], DeriveKeyMaterial, digestLength, core);
    }

    /// <summary>Validates and names <c>digestLength</c> and <c>key</c>; returns the digest length.</summary>
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
        Hash(digestLength, key, input, output, outputName, Blake3.Core);

    internal static void Hash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output, string outputName, Blake2Core core)
    {
        DigestLengthOf(digestLength, key);
        if (output.Length < digestLength)
            ThrowHelper.DestinationTooSmall(outputName, digestLength);
        Words words;
        ReadWords(key.IsEmpty ? IV : key, ref words.W[0]);
        uint flags = key.IsEmpty ? 0 : KeyedHash;
        if (input.Length <= ChunkLength)
        {
            // One chunk, the root: no chunk stack, no state.
            HashOneChunk(ref words.W[0], input, flags, output.Slice(0, digestLength));
            words = default;
            return;
        }
        var state = new Blake3HashState(ref words.W[0], flags, digestLength, core);
        words = default;
        state.Update(input);
        state.Finish(output.Slice(0, digestLength));
    }

    internal static byte[] Hash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input)
    {
        byte[] digest = new byte[DigestLengthOf(digestLength, key)];
        Hash(digestLength, key, input, digest, "output");
        return digest;
    }

    private static void HashOneChunk(ref uint key, ReadOnlySpan<byte> input, uint flags, Span<byte> output)
    {
        Words cv;
        for (int i = 0; i < 8; i++)
            cv.W[i] = Unsafe.Add(ref key, i);
        uint start = ChunkStart;
        int full = (input.Length - 1) / BlockLength; // every block but the last, which is the root's
        if (full > 0)
        {
            Blake3Portable.CompressBlocks(ref cv.W[0], ref MemoryMarshal.GetReference(input), (nuint)full, 0, flags, start, 0);
            start = 0;
        }
        ReadOnlySpan<byte> last = input.Slice(full * BlockLength);
        if (output.Length > 32)
        {
            var reader = new Blake3OutputReader(ref cv.W[0], ref MemoryMarshal.GetReference(last), last.Length, flags | start | ChunkEnd);
            reader.Read(output);
            reader.Clear();
            return;
        }
        // Up to 32 bytes (the usual digest): the root's chaining value is the output, one plain compression.
        Block block;
        Unsafe.InitBlockUnaligned(ref block.B[last.Length], 0, (uint)(BlockLength - last.Length));
        if (!last.IsEmpty)
            Unsafe.CopyBlockUnaligned(ref block.B[0], ref MemoryMarshal.GetReference(last), (uint)last.Length);
        Blake3Portable.Compress(ref cv.W[0], ref block.B[0], 0, (uint)last.Length, flags | start | ChunkEnd | Root);
        if (output.Length == 32)
        {
            WriteWords(ref cv.W[0], ref MemoryMarshal.GetReference(output));
        }
        else
        {
            WriteWords(ref cv.W[0], ref block.B[0]);
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
        ref byte source = ref MemoryMarshal.GetReference(input);
        int length = input.Length, position = 0;
        while (true)
        {
            if (_blockLength == BlockLength)
            {
                if (position == length)
                    return; // a full block is held back: it may be the last of the input
                if (_blocksCompressed == ChunkLength / BlockLength - 1)
                {
                    FinishChunk();
                }
                else
                {
                    Blake3Portable.Compress(ref _chunkCv.W[0], ref _block.B[0], _chunkCounter, BlockLength, _flags | (_blocksCompressed == 0 ? ChunkStart : 0));
                    _blocksCompressed++;
                }
                _blockLength = 0;
            }
            int remaining = length - position;
            if (remaining == 0)
                return;
            if (_blockLength == 0)
            {
                if (_blocksCompressed == 0 && remaining > ChunkLength)
                {
                    // At a chunk boundary with more than a chunk to go: whole chunks, many at once, from the input.
                    position += HashSubtrees(ref Unsafe.Add(ref source, position), remaining, parallelism);
                    continue;
                }
                // Whole blocks straight from the input, never the chunk's last nor the input's last (held back).
                int direct = Math.Min((remaining - 1) / BlockLength, ChunkLength / BlockLength - 1 - _blocksCompressed);
                if (direct > 0)
                {
                    Blake3Portable.CompressBlocks(ref _chunkCv.W[0], ref Unsafe.Add(ref source, position), (nuint)direct, _chunkCounter, _flags,
                        _blocksCompressed == 0 ? ChunkStart : 0, 0);
                    _blocksCompressed += direct;
                    position += direct * BlockLength;
                    remaining -= direct * BlockLength;
                }
            }
            int take = Math.Min(BlockLength - _blockLength, remaining);
            Unsafe.CopyBlockUnaligned(ref _block.B[_blockLength], ref Unsafe.Add(ref source, position), (uint)take);
            _blockLength += take;
            position += take;
        }
    }

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
        Blake3OutputReader reader = FinishXof();
        reader.Read(output);
        reader.Clear();
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
        // The root: the current chunk's output, folded into the stacked subtrees from the top.
        for (int i = _blockLength; i < BlockLength; i++)
            _block.B[i] = 0;
        uint flags = _flags | ChunkEnd | (_blocksCompressed == 0 ? ChunkStart : 0);
        Blake3OutputReader reader;
        if (_stackLength == 0)
        {
            reader = new Blake3OutputReader(ref _chunkCv.W[0], ref _block.B[0], _blockLength, flags);
        }
        else
        {
            Words cv;
            Blake3Portable.Compress(ref _chunkCv.W[0], ref _block.B[0], _chunkCounter, (uint)_blockLength, flags);
            for (int i = 0; i < 8; i++)
                cv.W[i] = _chunkCv.W[i];
            byte* parent = stackalloc byte[BlockLength];
            for (int level = _stackLength - 1; ; level--)
            {
                Unsafe.CopyBlockUnaligned(ref *parent, ref _stack.B[32 * level], 32);
                WriteWords(ref cv.W[0], ref parent[32]);
                for (int i = 0; i < 8; i++)
                    cv.W[i] = _key.W[i];
                if (level == 0)
                    break;
                Blake3Portable.Compress(ref cv.W[0], ref *parent, 0, BlockLength, _flags | Parent);
            }
            reader = new Blake3OutputReader(ref cv.W[0], ref *parent, BlockLength, _flags | Parent);
            new Span<byte>(parent, BlockLength).Clear();
            cv = default;
        }
        Clear();
        return reader;
    }

    // ---- saving and resuming ----

    // In the shared envelope (State/SavedStateEnvelope.cs, kind 0x30), the header holds the mode flags, the blocks
    // compressed in the current chunk, the bytes in the block, the stacked CVs, 2 zero bytes and the digest length
    // (u32); the body, the chunk counter (u64), the key words, the chunk's CV, the block's bytes and the stacked CVs.
    private const int SavedFixedLength = 8 + 32 + 32;
    private const byte SavedKind = 0x30;

    /// <summary>The number of bytes <see cref="SaveState"/> writes for this state as it is now.</summary>
    public readonly int SavedStateLength => SavedStateEnvelope.Length(SavedFixedLength + _blockLength + 32 * _stackLength);

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
        if (_flags != 0 && !includeKeyedState)
            throw new InvalidOperationException("The state of a keyed hash or key derivation holds key-derived material; pass includeKeyedState: true to save it anyway.");
        Span<byte> blob = SavedStateEnvelope.Begin(destination, SavedFixedLength + _blockLength + 32 * _stackLength, SavedKind, nameof(destination));
        blob[6] = (byte)_flags;
        blob[7] = (byte)_blocksCompressed;
        blob[8] = (byte)_blockLength;
        blob[9] = (byte)_stackLength;
        BinaryPrimitives.WriteUInt32LittleEndian(blob.Slice(12), (uint)_digestLength);
        Span<byte> body = blob.Slice(SavedStateEnvelope.HeaderLength);
        BinaryPrimitives.WriteUInt64LittleEndian(body, _chunkCounter);
        for (int i = 0; i < 8; i++)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(body.Slice(8 + 4 * i), _key.W[i]);
            BinaryPrimitives.WriteUInt32LittleEndian(body.Slice(40 + 4 * i), _chunkCv.W[i]);
        }
        int at = SavedFixedLength;
        for (int i = 0; i < _blockLength; i++)
            body[at++] = _block.B[i];
        for (int i = 0; i < 32 * _stackLength; i++)
            body[at++] = _stack.B[i];
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
        if ((flags != 0 && flags != KeyedHash && flags != DeriveKeyMaterial) || blocksCompressed > ChunkLength / BlockLength - 1
            || blockLength > BlockLength || stackLength > MaxDepth || stackLength != PopCount(chunkCounter) || digestLength < 1 || digestLength > int.MaxValue
            || (blockLength == 0 && (blocksCompressed != 0 || chunkCounter != 0)) || blob[10] != 0 || blob[11] != 0)
            throw new ArgumentException("The saved state holds values out of range.", name);

        Words key;
        ReadWords(body.Slice(8), ref key.W[0]);
        var state = new Blake3HashState(ref key.W[0], flags, (int)digestLength, Blake3.Core);
        key = default;
        ReadWords(body.Slice(40), ref state._chunkCv.W[0]);
        state._chunkCounter = chunkCounter;
        state._blocksCompressed = blocksCompressed;
        state._blockLength = blockLength;
        state._stackLength = stackLength;
        int at = SavedFixedLength;
        for (int i = 0; i < blockLength; i++)
            state._block.B[i] = body[at++];
        for (int i = 0; i < 32 * stackLength; i++)
            state._stack.B[i] = body[at++];
        return state;
    }

    // ---- the tree ----

    /// <summary>Compresses the held-back last block of a full chunk (more input has arrived) and stacks the chunk's CV.</summary>
    private void FinishChunk()
    {
        Blake3Portable.Compress(ref _chunkCv.W[0], ref _block.B[0], _chunkCounter, BlockLength, _flags | ChunkEnd);
        byte* cv = stackalloc byte[32];
        WriteWords(ref _chunkCv.W[0], ref *cv);
        Push(cv, 1);
        for (int i = 0; i < 8; i++)
            _chunkCv.W[i] = _key.W[i];
        _blocksCompressed = 0;
    }

    /// <summary>
    /// Hashes whole chunks of <paramref name="input"/> (from a chunk boundary), leaving 1 to 1024 bytes for the chunk
    /// state: each round is a power-of-two run of chunks aligned to its size, reduced to one CV with the lane kernels
    /// (chunks, then each level of parents) and stacked as one subtree. Returns the bytes consumed.
    /// </summary>
    private int HashSubtrees(ref byte input, int length, int parallelism)
    {
        byte* cv = stackalloc byte[32];
        int chunks = (length - 1) / ChunkLength, consumed = 0;
        bool split = parallelism > 1 && chunks >= 2 * ParallelGrain;
        fixed (byte* start = &input)
        fixed (uint* key = &_key.W[0])
        {
            while (chunks > 0)
            {
                // The largest power-of-two run of chunks that fits and is aligned to its size, so it is one subtree of
                // the tree: up to MaxSubtree chunks on this thread, or, with threads to use, as large as fits.
                int n = 1;
                while (n * 2 <= chunks && (split || n * 2 <= MaxSubtree) && (_chunkCounter & (ulong)(n * 2 - 1)) == 0)
                    n *= 2;
                if (split && n >= 2 * ParallelGrain)
                    ParallelSubtree(start + consumed, n, _chunkCounter, key, _flags, _core, parallelism, cv);
                else
                    Subtree(start + consumed, n, _chunkCounter, key, _flags, _core, cv);
                Push(cv, n);
                consumed += n * ChunkLength;
                chunks -= n;
            }
        }
        return consumed;
    }

    /// <summary>Chunks per thread, at the least (256 KiB): below that, a thread's start costs more than it saves.</summary>
    private const int ParallelGrain = 256;

    /// <summary>
    /// The CV of the subtree of <paramref name="chunks"/> chunks (a power of two) at <paramref name="input"/>: its halves'
    /// halves ... on up to <paramref name="parallelism"/> threads of at least <see cref="ParallelGrain"/> chunks each,
    /// then their CVs merged here. Static and by pointer: a worker cannot reach a struct's <c>this</c>.
    /// </summary>
    private static void ParallelSubtree(byte* input, int chunks, ulong counter, uint* key, uint flags, Blake2Core core, int parallelism, byte* cv)
    {
        int parts = 1;
        while (parts * 2 <= parallelism && chunks / (parts * 2) >= ParallelGrain)
            parts *= 2;
        int per = chunks / parts;
        byte* cvs = stackalloc byte[parts * 32];
        System.Threading.Tasks.Parallel.For(0, parts, new System.Threading.Tasks.ParallelOptions { MaxDegreeOfParallelism = parts },
            i => Subtree(input + (long)i * per * ChunkLength, per, counter + (ulong)(i * per), key, flags, core, cvs + i * 32));
        for (int m = parts; m > 1; m >>= 1)
            Blake3Kernels.HashMany(core, ref *cvs, (nuint)(m / 2), BlockLength, 1, ref *key, 0, false, flags | Parent, 0, 0, ref *cvs);
        Unsafe.CopyBlockUnaligned(cv, cvs, 32);
    }

    /// <summary>The CV of a subtree of <paramref name="chunks"/> chunks (a power of two), on the calling thread.</summary>
    private static void Subtree(byte* input, int chunks, ulong counter, uint* key, uint flags, Blake2Core core, byte* cv)
    {
        if (chunks > MaxSubtree)
        {
            // Halves, recursively: the two CVs side by side are their parent's block.
            byte* pair = stackalloc byte[64];
            int half = chunks / 2;
            Subtree(input, half, counter, key, flags, core, pair);
            Subtree(input + (long)half * ChunkLength, half, counter + (ulong)half, key, flags, core, pair + 32);
            Blake3Kernels.HashMany(core, ref *pair, 1, BlockLength, 1, ref *key, 0, false, flags | Parent, 0, 0, ref *cv);
            return;
        }
        byte* cvs = stackalloc byte[MaxSubtree * 32];
        Blake3Kernels.HashMany(core, ref *input, (nuint)chunks, ChunkLength, ChunkLength / BlockLength, ref *key, counter, true, flags, ChunkStart, ChunkEnd, ref *cvs);
        for (int m = chunks; m > 1; m >>= 1)
            Blake3Kernels.HashMany(core, ref *cvs, (nuint)(m / 2), BlockLength, 1, ref *key, 0, false, flags | Parent, 0, 0, ref *cvs);
        Unsafe.CopyBlockUnaligned(cv, cvs, 32);
    }

    /// <summary>
    /// Stacks the CV of a completed subtree of <paramref name="chunks"/> chunks and merges what is now complete: the
    /// stack keeps one CV per set bit of the chunk count. More input is known to follow, so no merge here is the root.
    /// </summary>
    private void Push(byte* cv, int chunks)
    {
        Unsafe.CopyBlockUnaligned(ref _stack.B[32 * _stackLength], ref *cv, 32);
        _stackLength++;
        _chunkCounter += (ulong)chunks;
        int keep = PopCount(_chunkCounter);
        Words parent;
        while (_stackLength > keep)
        {
            // The two top CVs lie side by side: they are the parent's block as they stand.
            for (int i = 0; i < 8; i++)
                parent.W[i] = _key.W[i];
            ref byte block = ref _stack.B[32 * (_stackLength - 2)];
            Blake3Portable.Compress(ref parent.W[0], ref block, 0, BlockLength, _flags | Parent);
            WriteWords(ref parent.W[0], ref block);
            _stackLength--;
        }
    }

    private static int PopCount(ulong value)
    {
#if NETSTANDARD2_0 || NETSTANDARD2_1
        int count = 0;
        for (; value != 0; value &= value - 1)
            count++;
        return count;
#else
        return System.Numerics.BitOperations.PopCount(value);
#endif
    }

    /// <summary>Clears the key material and marks the state finished.</summary>
    private void Clear()
    {
        int used = _stackLength * 32;
        for (int i = 0; i < 8; i++)
            _key.W[i] = _chunkCv.W[i] = 0;
        Unsafe.InitBlockUnaligned(ref _block.B[0], 0, BlockLength);
        if (used > 0)
            Unsafe.InitBlockUnaligned(ref _stack.B[0], 0, (uint)used);
        _stackLength = 0;
        _status = Finished;
    }

    private static void ThrowUnusable()
    {
        throw new InvalidOperationException(
            "The BLAKE3 state is not usable: it is default (create it with Blake3.CreateIncrementalHasher) or already finished.");
    }

    // ---- words ----

    internal static void ReadWords(ReadOnlySpan<byte> bytes, ref uint words)
    {
        for (int i = 0; i < 8; i++)
            Unsafe.Add(ref words, i) = BinaryPrimitives.ReadUInt32LittleEndian(bytes.Slice(4 * i));
    }

    internal static void WriteWords(ref uint words, ref byte bytes)
    {
        for (int i = 0; i < 8; i++)
        {
            uint word = Unsafe.Add(ref words, i);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref bytes, 4 * i), BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word));
        }
    }

    /// <summary>Eight words: a key or chaining value.</summary>
    internal struct Words
    {
        public fixed uint W[8];
    }

    /// <summary>One 64-byte block.</summary>
    internal struct Block
    {
        public fixed byte B[BlockLength];
    }

    /// <summary>The chaining values of the completed subtrees, one per set bit of the chunk count, 32 bytes each.</summary>
    private struct CvStack
    {
        public fixed byte B[MaxDepth * 32];
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
