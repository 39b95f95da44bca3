using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
#if NET6_0_OR_GREATER
using System.IO;
using Microsoft.Win32.SafeHandles;
#endif
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Tree;
using Blake2Fast.Internal;
using Blake2Fast.Interop;
using static Blake2Fast.Families.Blake3.Kernels.Blake3Flags;

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
        Blake3Words.Read(key.IsEmpty ? Blake3Words.IV : key, ref words.W[0]);
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
        Blake3Words.Read(Blake3Words.IV, ref iv.W[0]);
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

    // ---- the public surface ----

    /// <summary>The length in bytes of the digest that <see cref="Finish()"/> returns (32 unless created with another).</summary>
    public readonly int DigestLength => _digestLength;

    /// <summary>Adds <paramref name="input"/> to the data being hashed.</summary>
    /// <exception cref="ArgumentException">The state hashes a subtree (<see cref="SetInputOffset"/>) and <paramref name="input"/> would make it longer than the largest subtree at its offset; nothing is added.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public void Update(ReadOnlySpan<byte> input) => Update(input, parallelism: 1);

    private void Update(ReadOnlySpan<byte> input, int parallelism)
    {
        if (_status != Live)
            ThrowUnusable();
        if (_tree.FirstChunk != 0 && (ulong)input.Length > SubtreeRoomLeft)
            ThrowSubtreeFull(input.Length, nameof(input));
        _tree.Update(input, parallelism);
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
