using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Dispatch;
using Blake2Fast.Internal;
using Blake2Fast.State;

namespace Blake2Fast.Families.Blake2.State;

/// <summary>
/// The lifecycle and storage of an incremental hash, shared by the public state types, which wrap it.
/// </summary>
/// <remarks>
/// The storage is a type parameter so each algorithm keeps exactly its own chain and buffer inline: the
/// whole state is one flat value, so copying it snapshots the hash and nothing is ever allocated.
/// </remarks>
[StructLayout(LayoutKind.Sequential)]
internal struct Blake2State<T, TEngine, TStorage> : IFixedDigestState
    where T : unmanaged
    where TEngine : struct, IHashEngine<TStorage>
    where TStorage : unmanaged
{
    private TStorage _storage;
    private int _bufferLength;
    private byte _digestLength;
    private byte _keyLength;
    private InstructionSet _instructionSet;
    private StateFlags _flags;

    public Blake2State(in Blake2Parameters parameters, InstructionSet instructionSet, uint xofLength = 0)
    {
        Unsafe.SkipInit(out _storage); // Initialize writes every chain word and the whole buffer
        _digestLength = (byte)default(TEngine).Initialize(ref _storage, out _bufferLength, parameters, xofLength);
        _keyLength = (byte)parameters.Key.Length;
        _instructionSet = instructionSet;
        _flags = StateFlags.Initialized | (parameters.LastNode ? StateFlags.LastNode : 0);
    }

    public readonly int DigestLength => _digestLength;
    public readonly InstructionSet InstructionSet => _instructionSet;
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
                ThrowHelper.StateNotInitialized(PublicNames.State(default(TEngine).Kind)!, PublicNames.Factory(default(TEngine).Kind));
            ThrowHelper.StateFinished();
        }
    }

    /// <summary>One-shot hashing without a state (see <see cref="IHashEngine{TStorage}.Hash(InstructionSet, in Blake2Parameters, ReadOnlySpan{byte}, Span{byte}, string)"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)] // a forwarder: no frame of its own
    public static void Hash(in Blake2Parameters parameters, InstructionSet instructionSet, ReadOnlySpan<byte> input, Span<byte> output, string outputName) =>
        default(TEngine).Hash(instructionSet, parameters, input, output, outputName);

    public void Update(ReadOnlySpan<byte> input)
    {
        ThrowIfNotUsable();
        default(TEngine).Update(_instructionSet, ref _storage, ref _bufferLength, input);
    }

    public byte[] Finish() => FixedDigest.Finish(ref this);

    public void Finish(Span<byte> output) => FixedDigest.Finish(ref this, output);

    public bool TryFinish(Span<byte> output, out int bytesWritten) => FixedDigest.TryFinish(ref this, output, out bytesWritten);

    public void FinishCore(Span<byte> output)
    {
        default(TEngine).Finish(_instructionSet, ref _storage, _bufferLength, _keyLength, (_flags & StateFlags.LastNode) != 0, output.Slice(0, _digestLength));
        _storage = default; // the chain and buffer hold key-derived material
        _bufferLength = 0;
        _flags |= StateFlags.Finished;
    }

    // ---- saved states ----
    // In the shared envelope (SavedStateEnvelope), the header holds the digest length, the key length, the flags (bit 0:
    // last node), 3 zero bytes and the buffer length (u32); the body, the chain words then the buffered bytes.
    public readonly int SavedLength => SavedStateEnvelope.Length(default(TEngine).ChainBytes + _bufferLength);

    /// <summary>The state's own refusals of a save, before the public SaveState checks its destination.</summary>
    public readonly void ThrowIfNotSavable(bool includeKeyedState)
    {
        ThrowIfNotUsable();
        if (_keyLength != 0 && !includeKeyedState)
            throw new InvalidOperationException("The state of a keyed hash holds key-derived material (or the key itself); pass includeKeyedState: true to save it anyway.");
    }

    /// <summary>Writes the saved state; the public SaveState has called <see cref="ThrowIfNotSavable"/> and checked the destination's length.</summary>
    public int Save(Span<byte> destination)
    {
        Debug.Assert((_flags & (StateFlags.Initialized | StateFlags.Finished)) == StateFlags.Initialized);
        int chainBytes = default(TEngine).ChainBytes, wordSize = Unsafe.SizeOf<T>();
        Span<byte> blob = SavedStateEnvelope.Begin(destination, chainBytes + _bufferLength, default(TEngine).Kind);
        blob[6] = _digestLength;
        blob[7] = _keyLength;
        blob[8] = (byte)((_flags & StateFlags.LastNode) != 0 ? 1 : 0);
        LittleEndian.WriteUInt32(blob.Slice(12), (uint)_bufferLength);
        Span<byte> body = blob.Slice(SavedStateEnvelope.HeaderLength);
        ref byte chain = ref Unsafe.As<TStorage, byte>(ref _storage);
        for (int i = 0; i < chainBytes; i += wordSize)
        {
            if (wordSize == 8)
                LittleEndian.WriteUInt64(body.Slice(i), Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref chain, i)));
            else
                LittleEndian.WriteUInt32(body.Slice(i), Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref chain, i)));
        }
        for (int i = 0; i < _bufferLength; i++)
            body[chainBytes + i] = Unsafe.Add(ref Buffer, i);
        SavedStateEnvelope.Seal(blob);
        return blob.Length;
    }

    public static Blake2State<T, TEngine, TStorage> Restore(ReadOnlySpan<byte> blob, InstructionSet instructionSet, int maxDigestLength, string paramName)
    {
        TEngine engine = default;
        int chainBytes = engine.ChainBytes, wordSize = Unsafe.SizeOf<T>();
        SavedStateEnvelope.Open(blob, engine.Kind, chainBytes, paramName);
        uint bufferLength = BinaryPrimitives.ReadUInt32LittleEndian(blob.Slice(12));
        if (bufferLength > (uint)engine.BufferCapacity)
            throw new ArgumentException("The saved state is truncated or has the wrong length.", paramName);
        ReadOnlySpan<byte> body = SavedStateEnvelope.Verify(blob, chainBytes + (int)bufferLength, paramName);
        // The checksum rules out damage; these checks rule out blobs made by something other than Save.
        if (blob[6] < 1 || blob[6] > maxDigestLength || blob[7] > maxDigestLength || (blob[8] & ~1) != 0 || blob[9] != 0 || blob[10] != 0 || blob[11] != 0)
            throw new ArgumentException("The saved state holds parameters out of range.", paramName);

        var state = new Blake2State<T, TEngine, TStorage>
        {
            _digestLength = blob[6],
            _keyLength = blob[7],
            _bufferLength = (int)bufferLength,
            _instructionSet = instructionSet,
            _flags = StateFlags.Initialized | ((blob[8] & 1) != 0 ? StateFlags.LastNode : 0),
        };
        ref byte chain = ref Unsafe.As<TStorage, byte>(ref state._storage);
        for (int i = 0; i < chainBytes; i += wordSize)
        {
            ReadOnlySpan<byte> word = body.Slice(i);
            if (wordSize == 8)
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref chain, i), BinaryPrimitives.ReadUInt64LittleEndian(word));
            else
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref chain, i), BinaryPrimitives.ReadUInt32LittleEndian(word));
        }
        for (int i = 0; i < (int)bufferLength; i++)
            Unsafe.Add(ref state.Buffer, i) = body[chainBytes + i];
        return state;
    }
}
