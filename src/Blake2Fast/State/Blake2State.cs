using System;
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
        _storage = default;
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
}
