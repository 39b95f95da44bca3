using System;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Dispatch;
using Blake2Fast.Internal;
using Blake2Fast.State;

namespace Blake2Fast.Families.Blake256.State;

/// <summary>
/// The one engine behind BLAKE-256 and BLAKE-224 (they differ only in the initial value, one padding bit and the
/// digest length): a flat value with the chain, salt, bit counter and a one-block buffer inline, so copying it
/// snapshots the hash and nothing is allocated.
/// </summary>
/// <remarks>
/// Unlike BLAKE2, the last message block is not flagged (the padding marks the end), so every full block is compressed
/// as soon as it is complete and the buffer never holds a whole block between calls.
/// </remarks>
[StructLayout(LayoutKind.Sequential)]
internal unsafe struct Blake256State : IFixedDigestState
{
    public const int BlockLength = 64;
    public const int SaltLength = 16;
    private const int ChainWords = 14;

    private Words14 _chain; // h0..h7, the salt s0..s3, the counter of bits t0, t1
    private Bytes64 _buffer;
    private int _bufferLength;
    private byte _digestLength; // 32 (BLAKE-256) or 28 (BLAKE-224); 0 in a default state
    private InstructionSet _instructionSet;
    private bool _finished;

    /// <param name="digestLength">32 for BLAKE-256, 28 for BLAKE-224.</param>
    /// <param name="salt">Empty (unsalted: the salt is zero) or 16 bytes, already checked by the caller.</param>
    /// <param name="instructionSet">The instruction set to compress on.</param>
    public Blake256State(int digestLength, ReadOnlySpan<byte> salt, InstructionSet instructionSet)
    {
        if (salt.Length != 0 && salt.Length != SaltLength)
            ThrowBadSalt(nameof(salt));
        Unsafe.SkipInit(out this);
        fixed (uint* h = &_chain[0])
        {
            // The initial values are SHA-256's and SHA-224's.
            bool is256 = digestLength == 32;
            h[0] = is256 ? 0x6A09E667u : 0xC1059ED8u;
            h[1] = is256 ? 0xBB67AE85u : 0x367CD507u;
            h[2] = is256 ? 0x3C6EF372u : 0x3070DD17u;
            h[3] = is256 ? 0xA54FF53Au : 0xF70E5939u;
            h[4] = is256 ? 0x510E527Fu : 0xFFC00B31u;
            h[5] = is256 ? 0x9B05688Cu : 0x68581511u;
            h[6] = is256 ? 0x1F83D9ABu : 0x64F98FA7u;
            h[7] = is256 ? 0x5BE0CD19u : 0xBEFA4FA4u;
            for (int i = 0; i < 4; i++)
                h[8 + i] = salt.IsEmpty ? 0 : BinaryPrimitives.ReadUInt32BigEndian(salt.Slice(4 * i));
            h[12] = 0;
            h[13] = 0;
        }
        _bufferLength = 0;
        _digestLength = (byte)digestLength;
        _instructionSet = instructionSet;
        _finished = false;
    }

    public readonly int DigestLength => _digestLength;

    /// <summary>Throws the <see cref="ArgumentException"/> for a salt that is not 16 bytes, naming <paramref name="paramName"/>.</summary>
    public static void ThrowBadSalt(string paramName) =>
        throw new ArgumentException($"The salt must be exactly {SaltLength} bytes long.", paramName);

    /// <summary>One-shot hashing: the engine on the stack, the digest straight into <paramref name="output"/>.</summary>
    public static void Hash(int digestLength, ReadOnlySpan<byte> salt, InstructionSet instructionSet, ReadOnlySpan<byte> input, Span<byte> output, string outputName)
    {
        Debug.Assert(output.Length >= digestLength, outputName); // checked and named at the public door (the generated state)
        Debug.Assert(salt.IsEmpty || salt.Length == SaltLength);
        var engine = new Blake256State(digestLength, salt, instructionSet);
        engine.Append(input);
        engine.FinishCore(output);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly void ThrowIfNotUsable()
    {
        if (_digestLength == 0) // the generated wrappers check this first and name their own factory
            ThrowHelper.StateNotInitialized(PublicNames.State(Kind)!, PublicNames.Factory(Kind));
        if (_finished)
            ThrowHelper.StateFinished();
    }

    public void Update(ReadOnlySpan<byte> input)
    {
        ThrowIfNotUsable();
        Append(input);
    }

    private void Append(ReadOnlySpan<byte> input)
    {
        fixed (byte* buffer = &_buffer[0])
        {
            int buffered = _bufferLength;
            if (buffered != 0)
            {
                int take = Math.Min(BlockLength - buffered, input.Length);
                input.Slice(0, take).CopyTo(new Span<byte>(buffer + buffered, take));
                buffered += take;
                input = input.Slice(take);
                if (buffered < BlockLength)
                {
                    _bufferLength = buffered;
                    return;
                }
                Compress(ref *buffer, 1, BlockLength * 8);
            }
            // Whole blocks straight from the caller's memory, in one call to the kernel.
            int blocks = input.Length / BlockLength;
            if (blocks != 0)
            {
                Compress(ref MemoryMarshal.GetReference(input), (nuint)blocks, BlockLength * 8);
                input = input.Slice(blocks * BlockLength);
            }
            input.CopyTo(new Span<byte>(buffer, BlockLength));
            _bufferLength = input.Length;
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Compress(ref byte blocks, nuint count, uint increment) =>
        KernelTable.Blake256.Entry(_instructionSet)(ref _chain[0], ref blocks, count, increment);

    public byte[] Finish() => FixedDigest.Finish(ref this);

    public void Finish(Span<byte> output) => FixedDigest.Finish(ref this, output);

    public bool TryFinish(Span<byte> output, out int bytesWritten) => FixedDigest.TryFinish(ref this, output, out bytesWritten);

    /// <summary>
    /// Pads and compresses the last block (or two), writes the digest and clears the state. Padding, in bits: a 1, zeros,
    /// a 1 for BLAKE-256 (0 for BLAKE-224) just before the 64-bit big-endian message length. The counter of the block
    /// holding the last message bit is the message length; a block of padding alone has counter 0.
    /// </summary>
    public void FinishCore(Span<byte> output)
    {
        int n = _bufferLength;
        ulong bits = (((ulong)_chain[13] << 32) | _chain[12]) + (ulong)n * 8;
        fixed (byte* buffer = &_buffer[0])
        {
            var block = new Span<byte>(buffer, BlockLength);
            block[n] = 0x80;
            block.Slice(n + 1).Clear();
            bool spills = n > BlockLength - 9; // the 1 bit fits, the 64-bit length does not
            if (spills)
            {
                Compress(ref *buffer, 1, (uint)n * 8);
                block.Clear();
            }
            if (spills || n == 0)
            {
                _chain[12] = 0; // a block without message bits has counter 0
                _chain[13] = 0;
            }
            block[55] |= _digestLength == 32 ? (byte)1 : (byte)0;
            BinaryPrimitives.WriteUInt64BigEndian(block.Slice(56), bits);
            Compress(ref *buffer, 1, spills ? 0 : (uint)n * 8);
        }

        int words = _digestLength / 4;
        for (int i = 0; i < words; i++)
            BinaryPrimitives.WriteUInt32BigEndian(output.Slice(4 * i), _chain[i]);
        this = default; // nothing of the hash stays behind
        _digestLength = (byte)(words * 4);
        _finished = true;
    }

    // ---- saved states ----
    // In the shared envelope (SavedStateEnvelope), the header holds the digest length, five zero bytes (key length, flags
    // and padding, as BLAKE2's) and the buffer length (u32); the body, the 14 chain words (h, salt, counter) then the
    // buffered bytes.
    private readonly SavedStateKind Kind => _digestLength == 32 ? SavedStateKind.Blake256 : SavedStateKind.Blake224;

    public readonly int SavedLength => SavedStateEnvelope.Length(ChainWords * 4 + _bufferLength);

    /// <summary>Writes the saved state; the public SaveState has called <see cref="ThrowIfNotUsable"/> and checked the destination's length.</summary>
    public int Save(Span<byte> destination)
    {
        Debug.Assert(_digestLength != 0 && !_finished);
        Span<byte> blob = SavedStateEnvelope.Begin(destination, ChainWords * 4 + _bufferLength, Kind);
        blob[6] = _digestLength;
        BinaryPrimitives.WriteUInt32LittleEndian(blob.Slice(12), (uint)_bufferLength);
        Span<byte> body = blob.Slice(SavedStateEnvelope.HeaderLength);
        for (int i = 0; i < ChainWords; i++)
            BinaryPrimitives.WriteUInt32LittleEndian(body.Slice(4 * i), _chain[i]);
        for (int i = 0; i < _bufferLength; i++)
            body[ChainWords * 4 + i] = _buffer[i];
        SavedStateEnvelope.Seal(blob);
        return blob.Length;
    }

    public static Blake256State Restore(ReadOnlySpan<byte> blob, int digestLength, InstructionSet instructionSet, string paramName)
    {
        var engine = new Blake256State(digestLength, default, instructionSet);
        SavedStateEnvelope.Open(blob, engine.Kind, ChainWords * 4, paramName);
        uint bufferLength = BinaryPrimitives.ReadUInt32LittleEndian(blob.Slice(12));
        if (bufferLength >= BlockLength)
            throw new ArgumentException("The saved state is truncated or has the wrong length.", paramName);
        ReadOnlySpan<byte> body = SavedStateEnvelope.Verify(blob, ChainWords * 4 + (int)bufferLength, paramName);
        // The checksum rules out damage; these rule out blobs that Save did not write.
        if (blob[6] != digestLength || blob[7] != 0 || blob[8] != 0 || blob[9] != 0 || blob[10] != 0 || blob[11] != 0)
            throw new ArgumentException("The saved state holds parameters out of range.", paramName);
        for (int i = 0; i < ChainWords; i++)
            engine._chain[i] = BinaryPrimitives.ReadUInt32LittleEndian(body.Slice(4 * i));
        for (int i = 0; i < (int)bufferLength; i++)
            engine._buffer[i] = body[ChainWords * 4 + i];
        engine._bufferLength = (int)bufferLength;
        return engine;
    }

    /// <summary>Test hook: starts the bit counter at an arbitrary value (to reach the low word's carry).</summary>
    internal void SetCounter(ulong bits)
    {
        _chain[12] = (uint)bits;
        _chain[13] = (uint)(bits >> 32);
    }
}
