using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics;
#endif
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Internal;
using Blake2Fast.State;

namespace Blake2Fast.Families.Blake2.State;

/// <summary>
/// The state machine shared by BLAKE2b and BLAKE2s: parameter block, buffering and finalization. The chain is
/// 12 words (h0..h7, t0, t1, f0, f1) and the buffer one block; both live inside the caller's struct.
/// </summary>
/// <remarks>
/// Invariant: the buffer holds 0..BlockSize bytes not yet compressed, and a full buffer stays uncompressed
/// until more input arrives, because the last block (even a full one) must be compressed with the final flag.
/// </remarks>
internal static class Blake2StateMachine<T, TWord, TCompressor>
    where T : unmanaged
    where TWord : struct, IScalarWord<T>
    where TCompressor : struct, ICompressor<T>
{
    public static int BlockSize => 16 * Unsafe.SizeOf<T>();

    /// <summary>Sets the chain from the parameters and, for a keyed hash, buffers the zero-padded key block.</summary>
    /// <returns>The digest length.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Initialize(ref T chain, ref byte buffer, out int bufferLength, in Blake2Parameters parameters, uint xofLength = 0, bool keyBlock = true)
    {
        uint word0 = parameters.SequentialWord0(Unsafe.SizeOf<T>(), xofLength, out int digestLength);
        if (word0 != 0)
            SetChain(ref chain, word0);
        else
            digestLength = InitializeFromBlock(ref chain, parameters, xofLength);
        bufferLength = BufferKey(ref buffer, keyBlock ? parameters.Key : default);
        return digestLength;
    }

    /// <summary>The chain of a plain sequential hash, from parameter word 0 alone; the counters and flags zeroed.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void SetChain(ref T chain, uint word0)
    {
        TWord w = default;
#if NET8_0_OR_GREATER
        // As the row kernels read them: two rows of four words, each one vector store. A vector load that spans
        // several smaller stores still in flight cannot take its data from them and waits for them to reach the
        // cache (store forwarding), a stall that would land on every short hash. The scalar kernels' word loads
        // are served from these stores as well.
        if (typeof(T) == typeof(ulong) && Vector256.IsHardwareAccelerated)
        {
            ref ulong c = ref Unsafe.As<T, ulong>(ref chain);
            Vector256.Create(Blake2Constants.IVb0 ^ word0, Blake2Constants.IVb1, Blake2Constants.IVb2, Blake2Constants.IVb3).StoreUnsafe(ref c);
            Vector256.Create(Blake2Constants.IVb4, Blake2Constants.IVb5, Blake2Constants.IVb6, Blake2Constants.IVb7).StoreUnsafe(ref c, 4);
        }
        else if (typeof(T) == typeof(uint) && Vector128.IsHardwareAccelerated)
        {
            ref uint c = ref Unsafe.As<T, uint>(ref chain);
            Vector128.Create(Blake2Constants.IVs0 ^ word0, Blake2Constants.IVs1, Blake2Constants.IVs2, Blake2Constants.IVs3).StoreUnsafe(ref c);
            Vector128.Create(Blake2Constants.IVs4, Blake2Constants.IVs5, Blake2Constants.IVs6, Blake2Constants.IVs7).StoreUnsafe(ref c, 4);
        }
        else
#endif
        {
            // Written out: looped, IV(i) stays a switch on i (a jump table, seven indirect jumps per call).
            chain = w.Xor(w.IV(0), w.FromUInt32(word0));
            Unsafe.Add(ref chain, 1) = w.IV(1);
            Unsafe.Add(ref chain, 2) = w.IV(2);
            Unsafe.Add(ref chain, 3) = w.IV(3);
            Unsafe.Add(ref chain, 4) = w.IV(4);
            Unsafe.Add(ref chain, 5) = w.IV(5);
            Unsafe.Add(ref chain, 6) = w.IV(6);
            Unsafe.Add(ref chain, 7) = w.IV(7);
        }
        for (int i = 8; i < 12; i++)
            Unsafe.Add(ref chain, i) = default;
    }

    /// <summary>Zeroes the buffer and, for a keyed hash, puts the key in it (the key block).</summary>
    /// <returns>The buffered length: a block with a key, else 0.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int BufferKey(ref byte buffer, ReadOnlySpan<byte> key)
    {
        ZeroBytes.Clear(ref buffer, BlockSize);
        if (key.IsEmpty)
            return 0;
        Unsafe.CopyBlockUnaligned(ref buffer, ref MemoryMarshal.GetReference(key), (uint)key.Length);
        return BlockSize;
    }

    // Out of line: the full parameter block is the rare case, and its 64-byte stackalloc would otherwise make every
    // Initialize switch from tier-0 straight to FullOpts.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int InitializeFromBlock(ref T chain, in Blake2Parameters parameters, uint xofLength)
    {
        TWord w = default;
        Span<byte> block = stackalloc byte[64];
        int digestLength = parameters.WriteBlock(block, Unsafe.SizeOf<T>(), xofLength);
        ref byte p = ref block[0];
        for (int i = 0; i < 8; i++)
            Unsafe.Add(ref chain, i) = w.Xor(w.IV(i), w.Load(ref p, i));
        for (int i = 8; i < 12; i++)
            Unsafe.Add(ref chain, i) = default;
        return digestLength;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Update(InstructionSet instructionSet, ref T chain, ref byte buffer, ref int bufferLength, ReadOnlySpan<byte> input) =>
        Update(instructionSet, ref chain, ref buffer, ref bufferLength, ref MemoryMarshal.GetReference(input), input.Length);

    public static void Update(InstructionSet instructionSet, ref T chain, ref byte buffer, ref int bufferLength, ref byte data, int length)
    {
        int blockSize = BlockSize;
        int free = blockSize - bufferLength;
        if (length <= free)
        {
            // Fits (possibly exactly filling the buffer): hold it back, it may be the last block.
            Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref buffer, bufferLength), ref data, (uint)length);
            bufferLength += length;
            return;
        }

        TCompressor compressor = default;
        if (bufferLength != 0)
        {
            // More input follows the buffered bytes, so the buffered block is not the last one.
            Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref buffer, bufferLength), ref data, (uint)free);
            compressor.Compress(instructionSet, ref chain, ref buffer, 1, (uint)blockSize);
            data = ref Unsafe.Add(ref data, free);
            length -= free;
        }

        // Full blocks straight from the caller's memory, keeping back 1..blockSize bytes for the buffer.
        int blocks = (length - 1) / blockSize;
        if (blocks > 0)
        {
            compressor.Compress(instructionSet, ref chain, ref data, (nuint)blocks, (uint)blockSize);
            data = ref Unsafe.Add(ref data, blocks * blockSize);
            length -= blocks * blockSize;
        }

        Unsafe.CopyBlockUnaligned(ref buffer, ref data, (uint)length);
        bufferLength = length;
    }

    /// <summary>
    /// One-shot hashing: the same steps as a state's Initialize, Update and Finish, with the chain and one block
    /// on the stack and none of a state's bookkeeping. An output shorter than the digest throws, naming
    /// <c>outputName</c>, before anything is written.
    /// </summary>
    public static void Hash(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output, string outputName)
    {
        Unsafe.SkipInit(out StackScratch scratch); // on a 256-byte boundary: StackScratch says why
        ref OneShotBuffers buffers = ref Unsafe.As<byte, OneShotBuffers>(ref scratch.Aligned);
        Debug.Assert(Unsafe.SizeOf<OneShotBuffers>() <= StackScratch.Length);
        ref T chain = ref Message16<T>.First(ref buffers.Chain); // 12 of the 16 words used; Initialize writes them
        ref byte block = ref Unsafe.As<Message16<T>, byte>(ref buffers.Block);
        int digestLength = Initialize(ref chain, ref block, out int buffered, parameters);
        Debug.Assert(output.Length >= digestLength, outputName); // the parameters and the output: checked and named at the public door
        HashInitialized(instructionSet, ref chain, ref block, buffered, parameters.LastNode, input, output, digestLength, outputName);
    }

    /// <summary>A one-shot hash's chain (12 of the 16 words used) and block, on the stack (in a <see cref="StackScratch"/>).</summary>
    private struct OneShotBuffers
    {
        public Message16<T> Block, Chain;
    }

    /// <summary>
    /// <see cref="Blake2StateMachine{T, TWord, TCompressor}.Hash(InstructionSet, in Blake2Parameters, ReadOnlySpan{byte}, Span{byte}, string)"/> for the simple
    /// overloads (a digest length, a key and an output the public door has checked), as the one-shot helper runs it
    /// (<see cref="OneShot"/>): the hash is the adapter's own method, so a first call compiles no frame between the
    /// helper and the hash. The chain comes from parameter word 0: no parameter block is built, passed by reference and
    /// read back field by field, a measurable share of a short hash wherever the caller does not inline it all
    /// (NativeAOT, no dynamic PGO, calls through a delegate).
    /// </summary>
    internal readonly struct Simple : IOneShot
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Hash(InstructionSet instructionSet, int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output)
        {
            // Checked and named at the public door (the generated state's Hash).
            Debug.Assert(digestLength >= 1 && digestLength <= 8 * Unsafe.SizeOf<T>());
            Debug.Assert(key.Length <= 8 * Unsafe.SizeOf<T>());
            Debug.Assert(output.Length >= digestLength);
            Unsafe.SkipInit(out StackScratch scratch);
            ref OneShotBuffers buffers = ref Unsafe.As<byte, OneShotBuffers>(ref scratch.Aligned);
            Debug.Assert(Unsafe.SizeOf<OneShotBuffers>() <= StackScratch.Length);
            ref T chain = ref Message16<T>.First(ref buffers.Chain);
            ref byte block = ref Unsafe.As<Message16<T>, byte>(ref buffers.Block);
            SetChain(ref chain, 0x0101_0000u | (uint)key.Length << 8 | (uint)digestLength);
            int buffered = BufferKey(ref block, key);
            HashInitialized(instructionSet, ref chain, ref block, buffered, false, input, output, digestLength, nameof(output));
        }
    }

    /// <summary>
    /// The rest of a one-shot hash once the chain and the key block are set: full blocks are compressed straight from
    /// the input; only the last (1..BlockSize bytes) is copied, into a block zeroed beforehand with fixed-size stores.
    /// An output shorter than the digest throws, naming <paramref name="outputName"/>, before anything is written.
    /// Clears the chain and the block (key-derived, or the input's tail).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void HashInitialized(InstructionSet instructionSet, ref T chain, ref byte block, int buffered, bool lastNode, ReadOnlySpan<byte> input, Span<byte> output, int digestLength, string outputName)
    {
        Debug.Assert(output.Length >= digestLength, outputName); // checked and named at the public door

        int blockSize = BlockSize, length = input.Length;
        ref byte data = ref MemoryMarshal.GetReference(input);
        TCompressor compressor = default;
        if (buffered != 0 && length != 0)
            compressor.Compress(instructionSet, ref chain, ref block, 1, (uint)blockSize); // the key block, not the last one
        if (length > blockSize)
        {
            int blocks = (length - 1) / blockSize;
            compressor.Compress(instructionSet, ref chain, ref data, (nuint)blocks, (uint)blockSize);
            data = ref Unsafe.Add(ref data, blocks * blockSize);
            length -= blocks * blockSize;
        }
        if (buffered == 0 || length != 0)
        {
            // The tail over whatever the block held (the key block, keyed), the rest zeroed: no helper calls.
            ReadOnlySpan<byte> tail = input.Slice(input.Length - length);
            if (blockSize == 128)
                Internal.LastBlock.CopyPadded128(tail, ref block);
            else
                Internal.LastBlock.CopyPadded64(tail, ref block);
            buffered = length;
        }
        FinishPadded(instructionSet, ref chain, ref block, buffered, lastNode, output.Slice(0, digestLength));
        Unsafe.As<T, Message16<T>>(ref chain) = default; // key-derived
        Unsafe.As<byte, Message16<T>>(ref block) = default; // the key block or the input's tail
    }

    /// <summary>Compresses the final block and writes the digest's first <c>output.Length</c> bytes.</summary>
    public static void Finish(InstructionSet instructionSet, ref T chain, ref byte buffer, int bufferLength, bool lastNode, Span<byte> output)
    {
        ZeroBytes.Clear(ref Unsafe.Add(ref buffer, bufferLength), BlockSize - bufferLength);
        FinishPadded(instructionSet, ref chain, ref buffer, bufferLength, lastNode, output);
    }

    /// <summary><see cref="Finish"/> for a block already zero-padded past <paramref name="bufferLength"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void FinishPadded(InstructionSet instructionSet, ref T chain, ref byte buffer, int bufferLength, bool lastNode, Span<byte> output)
    {
        TWord w = default;
        Unsafe.Add(ref chain, 10) = w.AllOnes;
        if (lastNode)
            Unsafe.Add(ref chain, 11) = w.AllOnes;
        default(TCompressor).Compress(instructionSet, ref chain, ref buffer, 1, (uint)bufferLength);

        // The digest is h0..h7 in little-endian order: on a little-endian machine, the chain's own bytes. (The
        // caller clears the chain, so swapping it in place on a big-endian one costs nothing extra.)
        if (!BitConverter.IsLittleEndian)
        {
            for (int i = 0; i < 8; i++)
                Unsafe.Add(ref chain, i) = w.Load(ref Unsafe.As<T, byte>(ref Unsafe.Add(ref chain, i)), 0);
        }
        // The full digest, the common case, as a constant-size copy (a variable one is a helper call).
        if (output.Length == 8 * Unsafe.SizeOf<T>())
            Unsafe.CopyBlockUnaligned(ref MemoryMarshal.GetReference(output), ref Unsafe.As<T, byte>(ref chain), (uint)(8 * Unsafe.SizeOf<T>()));
        else
            Unsafe.CopyBlockUnaligned(ref MemoryMarshal.GetReference(output), ref Unsafe.As<T, byte>(ref chain), (uint)output.Length);
    }
}
