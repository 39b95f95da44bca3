using System;
using System.Buffers.Binary;
#if NET6_0_OR_GREATER
using System.IO;
using Microsoft.Win32.SafeHandles;
#endif
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
/// <para>To hash one piece of a larger input (on another thread, process or machine), give the state the piece's
/// offset with <see cref="SetInputOffset"/> and finish it with <see cref="FinishSubtree()"/>; <see cref="Blake3Subtrees"/>
/// merges the pieces.</para>
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

    private Blake3HashState(ref uint key, uint flags, int digestLength, InstructionSet instructionSet)
    {
        _tree = new Blake3Tree(ref key, flags, instructionSet);
        _digestLength = digestLength;
        _status = Live;
    }

    // ---- creation (the static class's overloads reach BLAKE3 through these) ----

    /// <summary>A state on <paramref name="instructionSet"/>: unkeyed for an empty <paramref name="key"/>, else keyed (exactly 32 bytes).</summary>
    internal static Blake3HashState Create(int digestLength, ReadOnlySpan<byte> key, InstructionSet instructionSet)
    {
        DigestLengthOf(digestLength, key);
        Unsafe.SkipInit(out Blake3Words words);
        Blake3Words.Read(key.IsEmpty ? Blake3Mode.IV : key, ref words.W[0]);
        return new Blake3HashState(ref words.W[0], key.IsEmpty ? 0 : KeyedHash, digestLength, instructionSet);
    }

    /// <summary>The state behind the static class's overloads: validates and names <c>digestLength</c> and <c>key</c>.</summary>
    internal static Blake3HashState Create(int digestLength, ReadOnlySpan<byte> key) => Create(digestLength, key, InstructionSets.DefaultBlake3);

    /// <summary>A key-derivation state: the context string hashed into the key, then the material hashed under it.</summary>
    internal static Blake3HashState CreateDeriveKey(string context, int digestLength, InstructionSet instructionSet)
    {
        if (context is null)
            throw new ArgumentNullException(nameof(context));
        if (digestLength < 1)
            ThrowHelper.DigestLengthOutOfRange("length", digestLength, int.MaxValue);
        byte* contextKey = stackalloc byte[32];
        HashContext(context, new Span<byte>(contextKey, 32), instructionSet);
        Unsafe.SkipInit(out Blake3Words words);
        Blake3Words.Read(new ReadOnlySpan<byte>(contextKey, 32), ref words.W[0]);
        new Span<byte>(contextKey, 32).Clear();
        return new Blake3HashState(ref words.W[0], DeriveKeyMaterial, digestLength, instructionSet);
    }

    /// <summary>A state in <paramref name="mode"/> (validated where it was made).</summary>
    internal static Blake3HashState Create(int digestLength, in Blake3Mode mode)
    {
        if (digestLength < 1)
            ThrowHelper.DigestLengthOutOfRange(nameof(digestLength), digestLength, int.MaxValue);
        mode.KeyWords(out Blake3Words words);
        var state = new Blake3HashState(ref words.W[0], mode.Flags, digestLength, InstructionSets.DefaultBlake3);
        words = default;
        return state;
    }

    /// <summary>The context key of key derivation: <paramref name="context"/> as UTF-8, hashed in the context mode, into 32 bytes.</summary>
    internal static void HashContext(string context, Span<byte> contextKey, InstructionSet instructionSet)
    {
        Unsafe.SkipInit(out Blake3Words iv);
        Blake3Words.Read(Blake3Mode.IV, ref iv.W[0]);
        var contextState = new Blake3HashState(ref iv.W[0], DeriveKeyContext, 32, instructionSet);
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
        contextState.Finish(contextKey.Slice(0, 32));
        new Span<byte>(utf8, 3 * 128).Clear();
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
    /// <remarks>
    /// A process's first hashes (until the row kernels are compiled in the background, <see cref="Blake3Warmup"/>) run
    /// tiered code, cheap to compile; later ones a copy compiled fully optimized at its first call, where tiering would
    /// take hundreds of milliseconds to get.
    /// </remarks>
    internal static void Hash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output, string outputName)
    {
        if (Blake3Warmup.RowsCompiled)
            HashOptimized(digestLength, key, input, output, outputName);
        else
            HashTiered(digestLength, key, input, output, outputName);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void HashTiered(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output, string outputName) =>
        Hash(digestLength, key, input, output, outputName, InstructionSets.DefaultBlake3);

#if NET8_0_OR_GREATER
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
#else
    [MethodImpl(MethodImplOptions.NoInlining)] // netstandard's runtimes: no warm-up either
#endif
    private static void HashOptimized(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output, string outputName) =>
        Hash(digestLength, key, input, output, outputName, InstructionSets.DefaultBlake3);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Hash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output, string outputName, InstructionSet instructionSet)
    {
        DigestLengthOf(digestLength, key);
        if (output.Length < digestLength)
            ThrowHelper.DestinationTooSmall(outputName, digestLength);
        Unsafe.SkipInit(out Blake3Words words);
        Blake3Words.Read(key.IsEmpty ? Blake3Mode.IV : key, ref words.W[0]);
        uint flags = key.IsEmpty ? 0 : KeyedHash;
        if (input.Length <= ChunkLength)
        {
            // One chunk, the root: no chunk stack, no state.
            HashOneChunk(ref words.W[0], input, flags, output.Slice(0, digestLength), instructionSet);
            words = default;
            return;
        }
        Blake3Tree.Hash(ref words.W[0], flags, instructionSet, input, output.Slice(0, digestLength));
        words = default;
    }

    internal static byte[] Hash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input)
    {
        byte[] digest = new byte[DigestLengthOf(digestLength, key)];
        Hash(digestLength, key, input, digest, "output");
        return digest;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void HashOneChunk(ref uint key, ReadOnlySpan<byte> input, uint flags, Span<byte> output, InstructionSet instructionSet)
    {
        Blake3Words cv = Unsafe.As<uint, Blake3Words>(ref key);
        uint start = ChunkStart;
        int full = (input.Length - 1) / BlockLength; // every block but the last, which is the root's
        if (full > 0)
        {
            Blake3Block.CompressBlocks(instructionSet, ref cv.W[0], ref MemoryMarshal.GetReference(input), (nuint)full, 0, flags, start, 0);
            start = 0;
        }
        ReadOnlySpan<byte> last = input.Slice(full * BlockLength);
        if (output.Length > 32)
        {
            var root = new Blake3Node(ref cv.W[0], ref MemoryMarshal.GetReference(last), last.Length, 0, flags | start | ChunkEnd, instructionSet);
            root.WriteRoot(0, output);
            root.Clear();
            cv = default;
            return;
        }
        // Up to 32 bytes (the usual digest): the root's chaining value is the output, one plain compression, straight
        // from the input when its last block is whole.
        Unsafe.SkipInit(out Blake3BlockBytes block);
        if (last.Length == BlockLength)
        {
            Blake3Block.Compress(instructionSet, ref cv.W[0], ref MemoryMarshal.GetReference(last), 0, BlockLength, flags | start | ChunkEnd | Root);
        }
        else
        {
            LastBlock.CopyPadded64(last, ref block.B[0]);
            Blake3Block.Compress(instructionSet, ref cv.W[0], ref block.B[0], 0, (uint)last.Length, flags | start | ChunkEnd | Root);
        }
        if (output.Length == 32)
        {
            Blake3Words.Write(ref cv.W[0], ref MemoryMarshal.GetReference(output));
        }
        else
        {
            Blake3Words.Write(ref cv.W[0], ref block.B[0]);
            new ReadOnlySpan<byte>(Unsafe.AsPointer(ref block.B[0]), output.Length).CopyTo(output);
        }
        cv = default;
        block = default;
    }

    // ---- the public surface ----

    /// <summary>The length in bytes of the digest that <see cref="Finish()"/> returns (32 unless created with another).</summary>
    public readonly int DigestLength => _digestLength;

    /// <summary>Adds <paramref name="input"/> to the data being hashed.</summary>
    /// <exception cref="ArgumentException">The state hashes a subtree (<see cref="SetInputOffset"/>) and <paramref name="input"/> would make it longer than the largest subtree at its offset; nothing is added.</exception>
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
    /// The most threads to use; -1 (the default) for one per processor. The input is cut into aligned slices of 256 KiB
    /// to 1 MiB, at least one per thread where it is large enough; an input too small for two slices is hashed on the
    /// calling thread alone.
    /// </param>
    /// <remarks>
    /// Allocates a little per call for the thread pool's work items (nothing on the calling thread alone). The same
    /// engine hashes a file with <c>UpdateParallel(SafeFileHandle, long, long, int)</c> (.NET 8 and later).
    /// </remarks>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or less than -1.</exception>
    /// <exception cref="ArgumentException">The state hashes a subtree and <paramref name="input"/> would make it longer than the largest subtree at its offset; nothing is added.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public void UpdateParallel(ReadOnlySpan<byte> input, int maxDegreeOfParallelism = -1) => Update(input, Parallelism(maxDegreeOfParallelism));

#if NET6_0_OR_GREATER
    /// <summary>
    /// Adds <paramref name="length"/> bytes of <paramref name="file"/>, from <paramref name="fileOffset"/> on, read and
    /// hashed on several threads of the thread pool: each thread reads the next free slice of up to 1 MiB with
    /// <see cref="RandomAccess.Read(SafeFileHandle, Span{byte}, long)"/> into a buffer of its own and hashes it there,
    /// so the copy out of the operating system's cache is spread over the cores like the hashing. The hash is the same
    /// as with <see cref="Update(ReadOnlySpan{byte})"/> of those bytes. For large files (a few MiB and up); the file's
    /// position, if it has one, is neither used nor moved.
    /// </summary>
    /// <param name="file">A handle to a file that can be read at an offset (not a pipe or a socket), opened for reading.</param>
    /// <param name="fileOffset">Where in the file the bytes to add start.</param>
    /// <param name="length">How many bytes to add.</param>
    /// <param name="maxDegreeOfParallelism">
    /// The most threads to use; -1 (the default) for one per processor. Ranges too small to split (under two slices of
    /// 256 KiB) are read and hashed on the calling thread alone.
    /// </param>
    /// <returns>
    /// The bytes added: <paramref name="length"/>, or fewer if the file ended first (it is shorter, or was truncated
    /// meanwhile). The state then holds exactly the bytes before the file's end (past the first slice that came back
    /// short, the file is read on the calling thread) and stays usable.
    /// </returns>
    /// <remarks>
    /// Rents its read buffers (one slice per thread) from <see cref="System.Buffers.ArrayPool{T}.Shared"/> and clears
    /// them on return; allocates a little per call for the thread pool's work items. A file that changes while it is
    /// read (other than by growing or shrinking at its end) gives the hash of whatever each read saw.
    /// </remarks>
    /// <exception cref="ArgumentNullException"><paramref name="file"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException">
    /// <paramref name="fileOffset"/> or <paramref name="length"/> is negative, their sum passes <see cref="long.MaxValue"/>,
    /// or <paramref name="maxDegreeOfParallelism"/> is 0 or less than -1; nothing is read.
    /// </exception>
    /// <exception cref="ArgumentException">
    /// <paramref name="file"/> is an invalid handle, or the state hashes a subtree (<see cref="SetInputOffset"/>) and
    /// <paramref name="length"/> bytes would make it longer than the largest subtree at its offset; nothing is read.
    /// </exception>
    /// <exception cref="ObjectDisposedException"><paramref name="file"/> is closed; nothing is read.</exception>
    /// <exception cref="NotSupportedException"><paramref name="file"/> cannot be read at an offset (a pipe or a socket); nothing is read.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    /// <exception cref="IOException">
    /// A read failed (the exception of <see cref="RandomAccess.Read(SafeFileHandle, Span{byte}, long)"/>, not wrapped in
    /// an <see cref="AggregateException"/>; so is <see cref="UnauthorizedAccessException"/>). Part of the range may have
    /// been added, so the state is cleared and refuses further use, as a finished state does.
    /// </exception>
    public long UpdateParallel(SafeFileHandle file, long fileOffset, long length, int maxDegreeOfParallelism = -1)
    {
        if (file is null)
            throw new ArgumentNullException(nameof(file));
        if (fileOffset < 0)
            throw new ArgumentOutOfRangeException(nameof(fileOffset), fileOffset, "A file offset is 0 or more.");
        if (length < 0 || length > long.MaxValue - fileOffset)
            throw new ArgumentOutOfRangeException(nameof(length), length, "The length is 0 or more, and the range ends at long.MaxValue at the most.");
        int parallelism = Parallelism(maxDegreeOfParallelism);
        if (_status != Live)
            ThrowUnusable();
        if (_tree.FirstChunk != 0 && (ulong)length > SubtreeRoomLeft)
            ThrowSubtreeFull(length, nameof(length));
        if (file.IsInvalid)
            throw new ArgumentException("The file handle is invalid.", nameof(file));
        // Refuses a closed handle (ObjectDisposedException) and one that cannot be read at an offset (NotSupportedException) before anything is read.
        RandomAccess.GetLength(file);
        try
        {
            return Blake3Parallel.HashFile(ref _tree, file, fileOffset, length, parallelism);
        }
        catch
        {
            Clear();
            throw;
        }
    }
#endif

    /// <summary>The threads <c>maxDegreeOfParallelism</c> asks for, validated and named.</summary>
    private static int Parallelism(int maxDegreeOfParallelism)
    {
        if (maxDegreeOfParallelism == 0 || maxDegreeOfParallelism < -1)
            throw new ArgumentOutOfRangeException(nameof(maxDegreeOfParallelism), maxDegreeOfParallelism, "Use -1 (one thread per processor) or a positive count.");
        return maxDegreeOfParallelism == -1 ? Environment.ProcessorCount : maxDegreeOfParallelism;
    }

    private void Update(ReadOnlySpan<byte> input, int parallelism)
    {
        if (_status != Live)
            ThrowUnusable();
        if (_tree.FirstChunk != 0 && (ulong)input.Length > SubtreeRoomLeft)
            ThrowSubtreeFull(input.Length, nameof(input));
        _tree.Update(input, parallelism);
    }

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
    /// <see cref="Blake3Subtrees.MergeParent"/> and <see cref="Blake3Subtrees.MergeRoot(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Blake3Mode, Span{byte})"/>.
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

    /// <summary>Finishes the hash and returns the digest (<see cref="DigestLength"/> bytes); the state cannot be used afterwards.</summary>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished, or hashes a subtree (<see cref="InputOffset"/> is not 0: use <see cref="FinishSubtree()"/>).</exception>
    public byte[] Finish()
    {
        if (_status != Live)
            ThrowUnusable();
        RequireWholeInput();
        byte[] digest = new byte[_digestLength];
        Finish(digest);
        return digest;
    }

    /// <summary>
    /// Finishes the hash and fills all of <paramref name="output"/> with output: any length, the first 32 bytes being
    /// the standard digest (BLAKE3's output of any length is a prefix of its longer outputs).
    /// </summary>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished, or hashes a subtree (<see cref="InputOffset"/> is not 0: use <see cref="FinishSubtree(Span{byte})"/>).</exception>
    public void Finish(Span<byte> output)
    {
        if (_status != Live)
            ThrowUnusable();
        RequireWholeInput();
        _tree.WriteRoot(output);
        Clear();
    }

    /// <summary>Finishes the hash if <paramref name="output"/> can hold <see cref="DigestLength"/> bytes, and writes them to its start.</summary>
    /// <param name="output">Receives the digest in its first <see cref="DigestLength"/> bytes.</param>
    /// <param name="bytesWritten"><see cref="DigestLength"/> on success, otherwise 0.</param>
    /// <returns><see langword="false"/>, with nothing written and the state still usable, if <paramref name="output"/> is too short.</returns>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished, or hashes a subtree (<see cref="InputOffset"/> is not 0: use <see cref="FinishSubtree(Span{byte})"/>).</exception>
    public bool TryFinish(Span<byte> output, out int bytesWritten)
    {
        if (_status != Live)
            ThrowUnusable();
        RequireWholeInput();
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
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished, or hashes a subtree (<see cref="InputOffset"/> is not 0: use <see cref="FinishSubtree(Span{byte})"/>).</exception>
    public Blake3OutputReader FinishXof()
    {
        if (_status != Live)
            ThrowUnusable();
        RequireWholeInput();
        var reader = new Blake3OutputReader(_tree.Root());
        Clear();
        return reader;
    }

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
        Span<byte> blob = SavedStateEnvelope.Begin(destination, _tree.SavedLength, SavedKind, nameof(destination));
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
        RequireWholeInput();
        Finish(output.Slice(0, _digestLength));
    }
}
