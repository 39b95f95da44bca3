using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Internal;

namespace Blake2Fast.Families.Blake2.State;

/// <summary>
/// BLAKE2X (the BLAKE2X paper): H0 is BLAKE2 of the input with the XOF length in its parameter block; output
/// block i is BLAKE2 of H0 with node offset i, leaf and inner length the full digest size, fanout and depth 0.
/// Shared by BLAKE2Xb and BLAKE2Xs; output is produced lazily, one block at a time, into the caller's spans.
/// </summary>
internal struct Blake2XofState<T, TWord, TCompressor, TStorage>
    where T : unmanaged
    where TWord : struct, IScalarWord<T>
    where TCompressor : struct, ICompressor<T>
    where TStorage : unmanaged
{
    private Blake2State<T, SequentialEngine<T, TWord, TCompressor, TStorage>, TStorage> _inner;
    private Block _h0;
    private Block _block;      // the current output block
    private long _position;    // output bytes read so far
    private uint _xofLength;   // declared length, or the all-ones "unknown" value
    private bool _reading;

    [StructLayout(LayoutKind.Sequential, Size = 64)]
    private struct Block
    {
        private long _first;
    }

    private static int MaxLength => 8 * Unsafe.SizeOf<T>();

    /// <summary>The field's all-ones value: 2^32 - 1 for BLAKE2Xb, 2^16 - 1 for BLAKE2Xs.</summary>
    public static uint Unknown => Unsafe.SizeOf<T>() == 8 ? uint.MaxValue : ushort.MaxValue;

    public Blake2XofState(long outputLength, ReadOnlySpan<byte> key, InstructionSet instructionSet)
    {
        // Checked and named at the public door (the generated state's constructor).
        Debug.Assert(outputLength == -1 || (outputLength >= 1 && outputLength < Unknown));
        Debug.Assert(key.Length <= MaxLength);
        _xofLength = outputLength == -1 ? Unknown : (uint)outputLength;
        _inner = new(new Blake2Parameters { Key = key }, instructionSet, _xofLength);
        _h0 = default;
        _block = default;
        _position = 0;
        _reading = false;
    }

    public readonly long OutputLength => _xofLength == Unknown ? -1 : _xofLength;

    public readonly long BytesRemaining => _xofLength == Unknown ? long.MaxValue : _xofLength - _position;

    // A default state's inner BLAKE2 state would name Blake2b or Blake2s; name the XOF's own factory instead.
    private readonly void ThrowIfDefault()
    {
        if (_xofLength == 0)
        {
            if (Unsafe.SizeOf<T>() == 8)
                ThrowHelper.StateNotInitialized(nameof(Blake2XbHashState), nameof(Blake2Xb) + "." + nameof(Blake2Xb.CreateIncrementalHasher));
            ThrowHelper.StateNotInitialized(nameof(Blake2XsHashState), nameof(Blake2Xs) + "." + nameof(Blake2Xs.CreateIncrementalHasher));
        }
    }

    public void Update(ReadOnlySpan<byte> input)
    {
        ThrowIfDefault();
        if (_reading)
            throw new InvalidOperationException("Input cannot be added once output has been read.");
        _inner.ThrowIfNotUsable();
        _inner.Update(input);
    }

    /// <summary>The state's own refusals of a read, before the public Read checks its output against <see cref="BytesRemaining"/>.</summary>
    public readonly void ThrowIfNotReadable()
    {
        if (!_reading)
        {
            ThrowIfDefault();
            _inner.ThrowIfNotUsable();
        }
    }

    /// <summary>Reads the next output bytes; the public Read has called <see cref="ThrowIfNotReadable"/> and checked the length.</summary>
    public void Read(Span<byte> output)
    {
        Debug.Assert(output.Length <= BytesRemaining);
        if (!_reading)
        {
            Span<byte> h0 = stackalloc byte[64];
            _inner.Finish(h0);
            Unsafe.CopyBlockUnaligned(ref Bytes(ref _h0), ref h0[0], 64);
            h0.Clear();
            _reading = true;
        }

        int max = MaxLength;
        while (!output.IsEmpty)
        {
            long blockIndex = _position / max;
            if (blockIndex > uint.MaxValue)
                throw new InvalidOperationException("BLAKE2X can produce at most 2^32 output blocks.");
            int offset = (int)(_position % max);
            if (offset == 0)
                ComputeBlock((uint)blockIndex);
            int blockLength = _xofLength == Unknown ? max : (int)Math.Min(max, _xofLength - blockIndex * max);
            int take = Math.Min(blockLength - offset, output.Length);
            Unsafe.CopyBlockUnaligned(ref MemoryMarshal.GetReference(output), ref Unsafe.Add(ref Bytes(ref _block), offset), (uint)take);
            output = output.Slice(take);
            _position += take;
        }
        if (BytesRemaining == 0)
            Clear();
    }

    private void ComputeBlock(uint index)
    {
        int max = MaxLength;
        int length = _xofLength == Unknown ? max : (int)Math.Min(max, _xofLength - (long)index * max);
        var parameters = new Blake2Parameters
        {
            DigestLength = length,
            Fanout = 0,
            Depth = 0,
            LeafLength = (uint)max,
            NodeOffset = index,
            InnerLength = (byte)max,
        };
        var node = new Blake2State<T, SequentialEngine<T, TWord, TCompressor, TStorage>, TStorage>(parameters, _inner.InstructionSet, _xofLength);
        Span<byte> scratch = stackalloc byte[64];
        Unsafe.CopyBlockUnaligned(ref scratch[0], ref Bytes(ref _h0), (uint)max);
        node.Update(scratch.Slice(0, max));
        node.Finish(scratch);
        Unsafe.CopyBlockUnaligned(ref Bytes(ref _block), ref scratch[0], 64);
        scratch.Clear();
    }

    /// <summary>Clears H0 and the current output block (key-derived material).</summary>
    public void Clear()
    {
        _h0 = default;
        _block = default;
    }

    private static ref byte Bytes(ref Block block) => ref Unsafe.As<Block, byte>(ref block);
}
