using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Cores;

namespace Blake2Fast.State;

/// <summary>
/// The state machine shared by BLAKE2b and BLAKE2s: parameter block, buffering and finalization. The chain is
/// 12 words (h0..h7, t0, t1, f0, f1) and the buffer one block; both live inside the caller's struct.
/// </summary>
/// <remarks>
/// Invariant: the buffer holds 0..BlockSize bytes not yet compressed, and a full buffer stays uncompressed
/// until more input arrives, because the last block (even a full one) must be compressed with the final flag.
/// </remarks>
internal static class Blake2Engine<T, TWord, TCompressor>
    where T : unmanaged
    where TWord : struct, IScalarWord<T>
    where TCompressor : struct, ICompressor<T>
{
    public static int BlockSize => 16 * Unsafe.SizeOf<T>();

    /// <summary>Sets the chain from the parameters and, for a keyed hash, buffers the zero-padded key block.</summary>
    /// <returns>The digest length.</returns>
    public static int Initialize(ref T chain, ref byte buffer, out int bufferLength, in Blake2Parameters parameters, uint xofLength = 0, bool keyBlock = true)
    {
        TWord w = default;
        int wordSize = Unsafe.SizeOf<T>();
        Span<byte> block = stackalloc byte[64];
        int digestLength = parameters.WriteBlock(block, wordSize, xofLength);

        ref byte p = ref block[0];
        for (int i = 0; i < 8; i++)
            Unsafe.Add(ref chain, i) = w.Xor(w.IV(i), w.Load(ref p, i));
        for (int i = 8; i < 12; i++)
            Unsafe.Add(ref chain, i) = default;

        ReadOnlySpan<byte> key = parameters.Key;
        Unsafe.InitBlockUnaligned(ref buffer, 0, (uint)BlockSize);
        if (keyBlock && !key.IsEmpty)
            Unsafe.CopyBlockUnaligned(ref buffer, ref MemoryMarshal.GetReference(key), (uint)key.Length);
        bufferLength = key.IsEmpty || !keyBlock ? 0 : BlockSize;
        return digestLength;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Update(Blake2Core core, ref T chain, ref byte buffer, ref int bufferLength, ReadOnlySpan<byte> input) =>
        Update(core, ref chain, ref buffer, ref bufferLength, ref MemoryMarshal.GetReference(input), input.Length);

    public static void Update(Blake2Core core, ref T chain, ref byte buffer, ref int bufferLength, ref byte data, int length)
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
            compressor.Compress(core, ref chain, ref buffer, 1, (uint)blockSize);
            data = ref Unsafe.Add(ref data, free);
            length -= free;
        }

        // Full blocks straight from the caller's memory, keeping back 1..blockSize bytes for the buffer.
        int blocks = (length - 1) / blockSize;
        if (blocks > 0)
        {
            compressor.Compress(core, ref chain, ref data, (nuint)blocks, (uint)blockSize);
            data = ref Unsafe.Add(ref data, blocks * blockSize);
            length -= blocks * blockSize;
        }

        Unsafe.CopyBlockUnaligned(ref buffer, ref data, (uint)length);
        bufferLength = length;
    }

    /// <summary>Compresses the final block and writes the digest's first <c>output.Length</c> bytes.</summary>
    public static void Finish(Blake2Core core, ref T chain, ref byte buffer, int bufferLength, bool lastNode, Span<byte> output)
    {
        TWord w = default;
        int blockSize = BlockSize;
        Unsafe.InitBlockUnaligned(ref Unsafe.Add(ref buffer, bufferLength), 0, (uint)(blockSize - bufferLength));
        Unsafe.Add(ref chain, 10) = w.AllOnes;
        if (lastNode)
            Unsafe.Add(ref chain, 11) = w.AllOnes;
        default(TCompressor).Compress(core, ref chain, ref buffer, 1, (uint)bufferLength);

        int wordSize = Unsafe.SizeOf<T>();
        if (output.Length == 8 * wordSize)
        {
            // A full-length digest goes straight to the caller's buffer.
            for (int i = 0; i < 8; i++)
                w.Store(output.Slice(i * wordSize), Unsafe.Add(ref chain, i));
            return;
        }
        Span<byte> digest = stackalloc byte[64];
        for (int i = 0; i < 8; i++)
            w.Store(digest.Slice(i * wordSize), Unsafe.Add(ref chain, i));
        digest.Slice(0, output.Length).CopyTo(output);
        digest.Clear();
    }
}
