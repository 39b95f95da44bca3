using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Cores;
using Blake2Fast.Internal;

namespace Blake2Fast.State;

/// <summary>Lifecycle of a hash state. Zero is what a <see langword="default"/> struct holds: not initialized.</summary>
[Flags]
internal enum StateFlags : byte
{
    Initialized = 1,
    LastNode = 2,
    Finished = 4,
}

/// <summary>Storage for BLAKE2b's chain (12 words) and block buffer, inline in the state.</summary>
[StructLayout(LayoutKind.Sequential)]
internal unsafe struct Blake2bStorage
{
    public fixed ulong Chain[12];
    public fixed byte Buffer[128];
}

/// <summary>Storage for BLAKE2s's chain (12 words) and block buffer, inline in the state.</summary>
[StructLayout(LayoutKind.Sequential)]
internal unsafe struct Blake2sStorage
{
    public fixed uint Chain[12];
    public fixed byte Buffer[64];
}

/// <summary>
/// The lifecycle and storage of an incremental hash, shared by the public state types, which wrap it.
/// </summary>
/// <remarks>
/// The storage is a type parameter so each algorithm keeps exactly its own chain and buffer inline: the
/// whole state is one flat value, so copying it snapshots the hash and nothing is ever allocated.
/// </remarks>
[StructLayout(LayoutKind.Sequential)]
internal struct Blake2State<T, TWord, TCompressor, TStorage>
    where T : unmanaged
    where TWord : struct, IScalarWord<T>
    where TCompressor : struct, ICompressor<T>
    where TStorage : unmanaged
{
    private TStorage _storage;
    private int _bufferLength;
    private byte _digestLength;
    private Blake2Core _core;
    private StateFlags _flags;

    public Blake2State(in Blake2Parameters parameters, Blake2Core core, uint xofLength = 0)
    {
        _storage = default;
        _digestLength = (byte)Blake2Engine<T, TWord, TCompressor>.Initialize(ref Chain, ref Buffer, out _bufferLength, parameters, xofLength);
        _core = core;
        _flags = StateFlags.Initialized | (parameters.LastNode ? StateFlags.LastNode : 0);
    }

    public readonly int DigestLength => _digestLength;
    public readonly Blake2Core Core => _core;
    public readonly bool IsFinished => (_flags & StateFlags.Finished) != 0;

    /// <summary>The chain words h0..h7, t0, t1, f0, f1 (for tests that observe clearing and counters).</summary>
    [UnscopedRef]
    public ref T Chain => ref Unsafe.As<TStorage, T>(ref _storage);

    [UnscopedRef]
    public ref byte Buffer => ref Unsafe.Add(ref Unsafe.As<TStorage, byte>(ref _storage), 12 * Unsafe.SizeOf<T>());

    public readonly int BufferLength => _bufferLength;

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

    public void Update(ReadOnlySpan<byte> input)
    {
        ThrowIfNotUsable();
        Blake2Engine<T, TWord, TCompressor>.Update(_core, ref Chain, ref Buffer, ref _bufferLength, input);
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
        Blake2Engine<T, TWord, TCompressor>.Finish(_core, ref Chain, ref Buffer, _bufferLength, (_flags & StateFlags.LastNode) != 0, output.Slice(0, _digestLength));
        Blake2Engine<T, TWord, TCompressor>.Clear(ref Chain, ref Buffer);
        _bufferLength = 0;
        _flags |= StateFlags.Finished;
    }
}
