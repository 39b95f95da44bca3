using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;

namespace Blake2Fast.Families.Blake2.State;

/// <summary>The lane kernels that hash independent messages side by side, by instruction set.</summary>
internal interface IManyLanes<T> where T : unmanaged
{
    /// <summary>How many messages the lane kernel of the instruction set hashes at once (1: no lane kernel, hash them one by one).</summary>
    int Lanes(InstructionSet instructionSet);

    /// <summary>Compresses consecutive superblocks (lane k's block at k * blockSize in each) into the lane chains.</summary>
    void Compress(InstructionSet instructionSet, ref T laneChain, ref byte superblocks, nuint count, uint increment);
}

/// <summary>
/// Many independent messages at once: groups of as many messages as the lane kernel has lanes run side by side for the
/// blocks they all have before their last, then each finishes alone on the single-stream kernel. Equal-length
/// messages (Merkle leaves, fixed-size chunks) therefore run fully in parallel; uneven ones stay correct.
/// </summary>
internal static class ManyHasher<T, TWord, TCompressor, TLanes>
    where T : unmanaged
    where TWord : struct, IScalarWord<T>
    where TCompressor : struct, ICompressor<T>
    where TLanes : struct, IManyLanes<T>
{
    private const int MaxLanes = 16;
    private const int RunBytes = 8 * 1024; // scratch for several superblocks at once

    public static void Hash(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs)
    {
        int wordSize = Unsafe.SizeOf<T>(), blockSize = 16 * wordSize;
        Span<T> chain = stackalloc T[12];
        Span<byte> block = stackalloc byte[blockSize];
        int digestLength = Blake2StateMachine<T, TWord, TCompressor>.Initialize(ref chain[0], ref block[0], out int keyBuffered, parameters);
        System.Diagnostics.Debug.Assert((long)inputs.Length * digestLength <= outputs.Length); // checked and named at the public door
        bool keyed = keyBuffered != 0;
        bool lastNode = parameters.LastNode;

        int lanes = default(TLanes).Lanes(instructionSet);
        int start = 0;
        if (lanes > 1)
        {
            Span<T> laneChain = stackalloc T[12 * MaxLanes];
            Span<byte> superblock = stackalloc byte[RunBytes];
            for (; start + lanes <= inputs.Length; start += lanes)
                HashGroup(instructionSet, lanes, chain, block.Slice(0, keyBuffered), laneChain, superblock, inputs.Slice(start, lanes), outputs.Slice(start * digestLength), digestLength, lastNode);
            laneChain.Clear();
            superblock.Clear();
        }

        // What is left (or every message, without a lane kernel) one by one.
        Span<T> one = stackalloc T[12];
        Span<byte> oneBuffer = stackalloc byte[blockSize];
        for (int i = start; i < inputs.Length; i++)
        {
            chain.CopyTo(one);
            block.CopyTo(oneBuffer);
            int buffered = keyBuffered;
            Blake2StateMachine<T, TWord, TCompressor>.Update(instructionSet, ref one[0], ref oneBuffer[0], ref buffered, inputs[i].Span);
            Blake2StateMachine<T, TWord, TCompressor>.Finish(instructionSet, ref one[0], ref oneBuffer[0], buffered, lastNode, outputs.Slice(i * digestLength, digestLength));
        }
        one.Clear();
        oneBuffer.Clear();
        block.Clear();
    }

    /// <summary>The bytes of a message (key block included) left once <paramref name="done"/> blocks are compressed.</summary>
    private static long Remainder(int length, long done, int keyBlocks, int blockSize) =>
        (long)keyBlocks * blockSize + length - done * blockSize;

    private static void HashGroup(InstructionSet instructionSet, int lanes, ReadOnlySpan<T> initial, ReadOnlySpan<byte> keyBlock, Span<T> laneChain, Span<byte> superblock,
        ReadOnlySpan<ReadOnlyMemory<byte>> group, Span<byte> outputs, int digestLength, bool lastNode)
    {
        int blockSize = 16 * Unsafe.SizeOf<T>();
        int keyBlocks = keyBlock.IsEmpty ? 0 : 1;

        // Blocks every message in the group has before its last one (the key block counts as one).
        long common = long.MaxValue;
        for (int k = 0; k < lanes; k++)
        {
            // An empty unkeyed message is still one (empty) block; a keyed one is just its key block.
            long blocks = Math.Max(1, keyBlocks + (group[k].Length + blockSize - 1) / blockSize);
            common = Math.Min(common, blocks - 1);
        }

        for (int i = 0; i < 12; i++)
            laneChain.Slice(i * lanes, lanes).Fill(initial[i]);

        // Interleave the blocks into a scratch run of superblocks (copies are cheap next to compression) and
        // compress several per call, so the lane kernel keeps its chain in registers across them.
        TLanes laneKernel = default;
        int run = superblock.Length / (lanes * blockSize);
        for (long j = 0; j < common; j += run)
        {
            int count = (int)Math.Min(run, common - j);
            ref byte destination = ref superblock[0];
            for (int k = 0; k < lanes; k++)
            {
                ref byte message = ref MemoryMarshal.GetReference(group[k].Span);
                for (int b = 0; b < count; b++)
                {
                    long block = j + b;
                    ref byte source = ref block < keyBlocks
                        ? ref MemoryMarshal.GetReference(keyBlock)
                        : ref Unsafe.Add(ref message, (nint)(block - keyBlocks) * blockSize);
                    // A block's size is a JIT constant here (16 words of T), so this copy is unrolled, not a call.
                    Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref destination, (b * lanes + k) * blockSize), ref source, (uint)(16 * Unsafe.SizeOf<T>()));
                }
            }
            laneKernel.Compress(instructionSet, ref laneChain[0], ref superblock[0], (nuint)count, (uint)blockSize);
        }

        // Equal remainders (fixed-size chunks, the common case) finish in the lanes too: one final superblock.
        long remainder = Remainder(group[0].Length, common, keyBlocks, blockSize);
        bool uniform = remainder <= blockSize; // else some messages have more than one block left
        for (int k = 1; k < lanes && uniform; k++)
            uniform = Remainder(group[k].Length, common, keyBlocks, blockSize) == remainder;
        TWord w = default;
        Span<T> chain = stackalloc T[12];
        Span<byte> buffer = stackalloc byte[blockSize];
        if (uniform)
        {
            superblock.Slice(0, lanes * blockSize).Clear();
            for (int k = 0; k < lanes; k++)
            {
                ReadOnlySpan<byte> last = common < keyBlocks ? keyBlock : group[k].Span.Slice((int)(common - keyBlocks) * blockSize);
                last.CopyTo(superblock.Slice(k * blockSize, blockSize));
            }
            laneChain.Slice(10 * lanes, lanes).Fill(w.AllOnes);
            if (lastNode)
                laneChain.Slice(11 * lanes, lanes).Fill(w.AllOnes);
            laneKernel.Compress(instructionSet, ref laneChain[0], ref superblock[0], 1, (uint)remainder);
            int wordSize = Unsafe.SizeOf<T>();
            for (int k = 0; k < lanes; k++)
            {
                for (int i = 0; i < 8; i++)
                    w.Store(buffer.Slice(i * wordSize), laneChain[i * lanes + k]);
                buffer.Slice(0, digestLength).CopyTo(outputs.Slice(k * digestLength, digestLength));
            }
            buffer.Clear();
            return;
        }

        // Otherwise each message finishes alone from where the group left it.
        for (int k = 0; k < lanes; k++)
        {
            for (int i = 0; i < 12; i++)
                chain[i] = laneChain[i * lanes + k];
            int buffered = 0;
            long done = common;
            if (done < keyBlocks)
            {
                keyBlock.CopyTo(buffer);
                buffered = blockSize;
                done = keyBlocks;
            }
            ReadOnlySpan<byte> rest = group[k].Span.Slice((int)(done - keyBlocks) * blockSize);
            Blake2StateMachine<T, TWord, TCompressor>.Update(instructionSet, ref chain[0], ref buffer[0], ref buffered, rest);
            Blake2StateMachine<T, TWord, TCompressor>.Finish(instructionSet, ref chain[0], ref buffer[0], buffered, lastNode, outputs.Slice(k * digestLength, digestLength));
        }
        chain.Clear();
        buffer.Clear();
    }
}
