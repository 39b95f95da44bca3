using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Cores;

namespace Blake2Fast.State;

/// <summary>Runs the leaves of a parallel mode side by side over whole superblocks (one block per leaf).</summary>
internal interface ILaneCompressor<T> where T : unmanaged
{
    /// <summary>The number of leaves: 4 for BLAKE2bp, 8 for BLAKE2sp.</summary>
    int Lanes { get; }

    /// <summary>Compresses superblocks into the lane chains (word w of leaf k at <c>Lanes * w + k</c>); never the final block.</summary>
    void Compress(Blake2Core core, ref T laneChain, ref byte input, nuint superblocks);
}

/// <summary>
/// BLAKE2bp and BLAKE2sp (the BLAKE2 paper, section 2.9): the input is dealt out block by block, round robin,
/// to P leaves (block j to leaf j mod P); the root hashes the leaves' full-length outputs, leaf 0 first.
/// </summary>
/// <remarks>
/// Invariant: every superblock compressed in bulk is followed by more than (P - 1) blocks' worth of input, so
/// each leaf still receives a later byte and no leaf's final block is ever compressed as a middle block. That
/// leaves at most one superblock plus P - 1 blocks buffered (two superblocks of storage). A keyed hash starts
/// with a superblock of P padded key blocks in the buffer: exactly one key block per leaf.
/// </remarks>
internal readonly struct ParallelEngine<T, TWord, TCompressor, TLanes, TStorage> : IHashEngine<TStorage>
    where T : unmanaged
    where TWord : struct, IScalarWord<T>
    where TCompressor : struct, ICompressor<T>
    where TLanes : struct, ILaneCompressor<T>
    where TStorage : unmanaged
{
    private static int Lanes => default(TLanes).Lanes;
    private static int BlockSize => 16 * Unsafe.SizeOf<T>();
    private static int Superblock => Lanes * BlockSize;

    public int ChainBytes => 12 * Lanes * Unsafe.SizeOf<T>();
    public int BufferCapacity => 2 * Superblock - BlockSize;
    public byte Kind => default(TWord).ParallelKind;

    private static ref T Chain(ref TStorage storage) => ref Unsafe.As<TStorage, T>(ref storage);

    private static ref byte Buffer(ref TStorage storage) => ref Unsafe.Add(ref Unsafe.As<TStorage, byte>(ref storage), default(ParallelEngine<T, TWord, TCompressor, TLanes, TStorage>).ChainBytes);

    private static Blake2Parameters NodeParameters(int digestLength, ReadOnlySpan<byte> key, int nodeOffset, int nodeDepth) => new()
    {
        DigestLength = digestLength,
        Key = key,
        Fanout = (byte)Lanes,
        Depth = 2,
        NodeOffset = (ulong)nodeOffset,
        NodeDepth = (byte)nodeDepth,
        InnerLength = (byte)(8 * Unsafe.SizeOf<T>()),
    };

    public int Initialize(ref TStorage storage, out int bufferLength, in Blake2Parameters parameters, uint xofLength)
    {
        int digestLength = parameters.DigestLength == 0 ? 8 * Unsafe.SizeOf<T>() : parameters.DigestLength;
        ReadOnlySpan<byte> key = parameters.Key;
        int lanes = Lanes, blockSize = BlockSize;
        Span<T> leaf = stackalloc T[12];
        Span<byte> scratch = stackalloc byte[BlockSize];
        ref T lanesChain = ref Chain(ref storage);
        for (int k = 0; k < lanes; k++)
        {
            Blake2Engine<T, TWord, TCompressor>.Initialize(ref leaf[0], ref scratch[0], out _, NodeParameters(digestLength, key, k, 0), keyBlock: false);
            for (int w = 0; w < 12; w++)
                Unsafe.Add(ref lanesChain, w * lanes + k) = leaf[w];
        }

        ref byte buffer = ref Buffer(ref storage);
        Unsafe.InitBlockUnaligned(ref buffer, 0, (uint)(2 * Superblock));
        bufferLength = 0;
        if (!key.IsEmpty)
        {
            for (int k = 0; k < lanes; k++)
                Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref buffer, k * blockSize), ref MemoryMarshal.GetReference(key), (uint)key.Length);
            bufferLength = Superblock;
        }
        return digestLength;
    }

    public void Update(Blake2Core core, ref TStorage storage, ref int bufferLength, ReadOnlySpan<byte> input)
    {
        int superblock = Superblock;
        int keep = Superblock - BlockSize + 1; // bytes that must follow a superblock before it may be compressed
        ref T chain = ref Chain(ref storage);
        ref byte buffer = ref Buffer(ref storage);
        TLanes lanes = default;

        while (bufferLength > 0 && bufferLength + input.Length >= superblock + keep)
        {
            if (bufferLength < superblock)
            {
                int take = superblock - bufferLength;
                Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref buffer, bufferLength), ref MemoryMarshal.GetReference(input), (uint)take);
                input = input.Slice(take);
                bufferLength = superblock;
            }
            lanes.Compress(core, ref chain, ref buffer, 1);
            bufferLength -= superblock;
            // What is left (fewer than P blocks) moves to the front; the ranges cannot overlap.
            Unsafe.CopyBlockUnaligned(ref buffer, ref Unsafe.Add(ref buffer, superblock), (uint)bufferLength);
        }

        if (bufferLength == 0 && input.Length >= superblock + keep)
        {
            // Whole superblocks straight from the caller's memory.
            int count = (input.Length - keep) / superblock;
            lanes.Compress(core, ref chain, ref MemoryMarshal.GetReference(input), (nuint)count);
            input = input.Slice(count * superblock);
        }

        Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref buffer, bufferLength), ref MemoryMarshal.GetReference(input), (uint)input.Length);
        bufferLength += input.Length;
    }

    public void Finish(Blake2Core core, ref TStorage storage, int bufferLength, int keyLength, bool lastNode, Span<byte> output)
    {
        int lanes = Lanes, blockSize = BlockSize, superblock = Superblock, wordSize = Unsafe.SizeOf<T>();
        ref T lanesChain = ref Chain(ref storage);
        ref byte buffer = ref Buffer(ref storage);
        Span<T> leaf = stackalloc T[12];
        Span<byte> leafBuffer = stackalloc byte[BlockSize];
        Span<byte> leafDigests = stackalloc byte[lanes * 8 * wordSize];

        // Each leaf takes its blocks still in the buffer (at most one per buffered superblock) and finishes.
        for (int k = 0; k < lanes; k++)
        {
            for (int w = 0; w < 12; w++)
                leaf[w] = Unsafe.Add(ref lanesChain, w * lanes + k);
            int leafBuffered = 0;
            for (int start = k * blockSize; start < bufferLength; start += superblock)
            {
                int length = Math.Min(blockSize, bufferLength - start);
                Blake2Engine<T, TWord, TCompressor>.Update(core, ref leaf[0], ref leafBuffer[0], ref leafBuffered, ref Unsafe.Add(ref buffer, start), length);
            }
            Blake2Engine<T, TWord, TCompressor>.Finish(core, ref leaf[0], ref leafBuffer[0], leafBuffered, k == lanes - 1, leafDigests.Slice(k * 8 * wordSize, 8 * wordSize));
        }

        // The root: node depth 1, the key's length but no key block, last node.
        Span<byte> keyLengthOnly = stackalloc byte[keyLength];
        Blake2Parameters root = NodeParameters(output.Length, keyLengthOnly, 0, 1);
        Blake2Engine<T, TWord, TCompressor>.Initialize(ref leaf[0], ref leafBuffer[0], out int rootBuffered, root, keyBlock: false);
        Blake2Engine<T, TWord, TCompressor>.Update(core, ref leaf[0], ref leafBuffer[0], ref rootBuffered, leafDigests);
        Blake2Engine<T, TWord, TCompressor>.Finish(core, ref leaf[0], ref leafBuffer[0], rootBuffered, lastNode: true, output);

        leaf.Clear();
        leafBuffer.Clear();
        leafDigests.Clear();
    }

    // The parallel modes' fixed cost is the leaves' and the root's initialization, not the state around them.
    public void Hash(Blake2Core core, in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output, string outputName)
    {
        var state = new Blake2State<T, ParallelEngine<T, TWord, TCompressor, TLanes, TStorage>, TStorage>(parameters, core);
        state.Update(input);
        state.Finish(output, outputName);
    }
}
