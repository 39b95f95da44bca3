using System;
using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Cores;
using Blake2Fast.Internal;

namespace Blake2Fast.State;

/// <summary>
/// The lifecycle and storage of an incremental hash, shared by the public state types, which wrap it.
/// </summary>
/// <remarks>
/// The storage is a type parameter so each algorithm keeps exactly its own chain and buffer inline: the
/// whole state is one flat value, so copying it snapshots the hash and nothing is ever allocated.
/// </remarks>
[StructLayout(LayoutKind.Sequential)]
internal struct Blake2State<T, TEngine, TStorage>
    where T : unmanaged
    where TEngine : struct, IHashEngine<TStorage>
    where TStorage : unmanaged
{
    private TStorage _storage;
    private int _bufferLength;
    private byte _digestLength;
    private byte _keyLength;
    private Blake2Core _core;
    private StateFlags _flags;

    public Blake2State(in Blake2Parameters parameters, Blake2Core core, uint xofLength = 0)
    {
        Unsafe.SkipInit(out _storage); // Initialize writes every chain word and the whole buffer
        _digestLength = (byte)default(TEngine).Initialize(ref _storage, out _bufferLength, parameters, xofLength);
        _keyLength = (byte)parameters.Key.Length;
        _core = core;
        _flags = StateFlags.Initialized | (parameters.LastNode ? StateFlags.LastNode : 0);
    }

    public readonly int DigestLength => _digestLength;
    public readonly Blake2Core Core => _core;
    public readonly bool IsFinished => (_flags & StateFlags.Finished) != 0;

    /// <summary>The chain words h0..h7, t0, t1, f0, f1 (lane layout for the parallel modes), for tests.</summary>
    [UnscopedRef]
    public ref T Chain => ref Unsafe.As<TStorage, T>(ref _storage);

    [UnscopedRef]
    public ref byte Buffer => ref Unsafe.Add(ref Unsafe.As<TStorage, byte>(ref _storage), default(TEngine).ChainBytes);

    public readonly int BufferLength => _bufferLength;

    /// <summary>Test hook: starts the byte counter at an arbitrary value (to reach the low word's carry).</summary>
    public void SetCounter(T low, T high)
    {
        Unsafe.Add(ref Chain, 8) = low;
        Unsafe.Add(ref Chain, 9) = high;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly void ThrowIfNotUsable()
    {
        if ((_flags & (StateFlags.Initialized | StateFlags.Finished)) != StateFlags.Initialized)
        {
            if (_flags == 0)
                ThrowHelper.StateNotInitialized();
            ThrowHelper.StateFinished();
        }
    }

    /// <summary>One-shot hashing without a state (see <see cref="IHashEngine{TStorage}.Hash"/>).</summary>
    public static void Hash(in Blake2Parameters parameters, Blake2Core core, ReadOnlySpan<byte> input, Span<byte> output, string outputName) =>
        default(TEngine).Hash(core, parameters, input, output, outputName);

    public void Update(ReadOnlySpan<byte> input)
    {
        ThrowIfNotUsable();
        default(TEngine).Update(_core, ref _storage, ref _bufferLength, input);
    }

    public byte[] Finish()
    {
        ThrowIfNotUsable();
        byte[] digest = new byte[_digestLength];
        FinishCore(digest);
        return digest;
    }

    public void Finish(Span<byte> output, string paramName)
    {
        ThrowIfNotUsable();
        if (output.Length < _digestLength)
            ThrowHelper.DestinationTooSmall(paramName, _digestLength);
        FinishCore(output);
    }

    public bool TryFinish(Span<byte> output, out int bytesWritten)
    {
        ThrowIfNotUsable();
        if (output.Length < _digestLength)
        {
            bytesWritten = 0;
            return false;
        }
        FinishCore(output);
        bytesWritten = _digestLength;
        return true;
    }

    private void FinishCore(Span<byte> output)
    {
        default(TEngine).Finish(_core, ref _storage, _bufferLength, _keyLength, (_flags & StateFlags.LastNode) != 0, output.Slice(0, _digestLength));
        _storage = default; // the chain and buffer hold key-derived material
        _bufferLength = 0;
        _flags |= StateFlags.Finished;
    }

    // ---- saved states ----
    // Layout, little-endian: "B2FS", version 1, kind, digest length, key length, flags (bit 0: last node),
    // 3 zero bytes, buffer length (u32), the chain words, the buffered bytes, then a 16-byte BLAKE2s checksum
    // (personalized "B2FState") of everything before it, so a damaged blob is refused rather than resumed.
    private const int SavedHeaderLength = 16;
    private const int SavedChecksumLength = 16;
    private const byte SavedVersion = 1;

    public readonly int SavedLength => SavedHeaderLength + default(TEngine).ChainBytes + _bufferLength + SavedChecksumLength;

    public int Save(Span<byte> destination, bool includeKeyedState, string destinationName)
    {
        ThrowIfNotUsable();
        if (_keyLength != 0 && !includeKeyedState)
            throw new InvalidOperationException("The state of a keyed hash holds key-derived material (or the key itself); pass includeKeyedState: true to save it anyway.");
        int length = SavedLength;
        if (destination.Length < length)
            ThrowHelper.DestinationTooSmall(destinationName, length);

        Span<byte> blob = destination.Slice(0, length);
        blob.Slice(0, SavedHeaderLength).Clear();
        blob[0] = (byte)'B';
        blob[1] = (byte)'2';
        blob[2] = (byte)'F';
        blob[3] = (byte)'S';
        blob[4] = SavedVersion;
        blob[5] = default(TEngine).Kind;
        blob[6] = _digestLength;
        blob[7] = _keyLength;
        blob[8] = (byte)((_flags & StateFlags.LastNode) != 0 ? 1 : 0);
        LittleEndian.WriteUInt32(blob.Slice(12), (uint)_bufferLength);
        int chainBytes = default(TEngine).ChainBytes, wordSize = Unsafe.SizeOf<T>();
        ref byte chain = ref Unsafe.As<TStorage, byte>(ref _storage);
        for (int i = 0; i < chainBytes; i += wordSize)
        {
            if (wordSize == 8)
                LittleEndian.WriteUInt64(blob.Slice(SavedHeaderLength + i), Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref chain, i)));
            else
                LittleEndian.WriteUInt32(blob.Slice(SavedHeaderLength + i), Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref chain, i)));
        }
        for (int i = 0; i < _bufferLength; i++)
            blob[SavedHeaderLength + chainBytes + i] = Unsafe.Add(ref Buffer, i);
        Checksum(blob.Slice(0, length - SavedChecksumLength), blob.Slice(length - SavedChecksumLength));
        return length;
    }

    public static Blake2State<T, TEngine, TStorage> Restore(ReadOnlySpan<byte> blob, Blake2Core core, int maxDigestLength, string paramName)
    {
        TEngine engine = default;
        int chainBytes = engine.ChainBytes, wordSize = Unsafe.SizeOf<T>();
        if (blob.Length < SavedHeaderLength + chainBytes + SavedChecksumLength
            || blob[0] != 'B' || blob[1] != '2' || blob[2] != 'F' || blob[3] != 'S')
            throw new ArgumentException("This is not a saved Blake2Fast hash state.", paramName);
        if (blob[4] != SavedVersion)
            throw new ArgumentException($"This saved state has format version {blob[4]}; this library reads version {SavedVersion}.", paramName);
        if (blob[5] != engine.Kind)
            throw new ArgumentException("This saved state belongs to another BLAKE2 algorithm.", paramName);
        uint bufferLength = BinaryPrimitives.ReadUInt32LittleEndian(blob.Slice(12));
        if (bufferLength > (uint)engine.BufferCapacity || blob.Length != SavedHeaderLength + chainBytes + (int)bufferLength + SavedChecksumLength)
            throw new ArgumentException("The saved state is truncated or has the wrong length.", paramName);
        Span<byte> expected = stackalloc byte[SavedChecksumLength];
        Checksum(blob.Slice(0, blob.Length - SavedChecksumLength), expected);
        if (!expected.SequenceEqual(blob.Slice(blob.Length - SavedChecksumLength)))
            throw new ArgumentException("The saved state is corrupted (its checksum does not match).", paramName);
        // The checksum rules out damage; these checks rule out blobs made by something other than Save.
        if (blob[6] < 1 || blob[6] > maxDigestLength || blob[7] > maxDigestLength || (blob[8] & ~1) != 0 || blob[9] != 0 || blob[10] != 0 || blob[11] != 0)
            throw new ArgumentException("The saved state holds parameters out of range.", paramName);

        var state = new Blake2State<T, TEngine, TStorage>
        {
            _digestLength = blob[6],
            _keyLength = blob[7],
            _bufferLength = (int)bufferLength,
            _core = core,
            _flags = StateFlags.Initialized | ((blob[8] & 1) != 0 ? StateFlags.LastNode : 0),
        };
        ref byte chain = ref Unsafe.As<TStorage, byte>(ref state._storage);
        for (int i = 0; i < chainBytes; i += wordSize)
        {
            ReadOnlySpan<byte> word = blob.Slice(SavedHeaderLength + i);
            if (wordSize == 8)
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref chain, i), BinaryPrimitives.ReadUInt64LittleEndian(word));
            else
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref chain, i), BinaryPrimitives.ReadUInt32LittleEndian(word));
        }
        for (int i = 0; i < (int)bufferLength; i++)
            Unsafe.Add(ref state.Buffer, i) = blob[SavedHeaderLength + chainBytes + i];
        return state;
    }

    private static void Checksum(ReadOnlySpan<byte> data, Span<byte> checksum)
    {
        var parameters = new Blake2Parameters { DigestLength = SavedChecksumLength, Personalization = "B2FState"u8 };
        Blake2s.Hash(parameters, data, checksum, Blake2Core.Scalar);
    }
}
