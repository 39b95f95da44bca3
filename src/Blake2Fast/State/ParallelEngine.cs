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

    /// <summary>
    /// Compresses superblocks into the lane chains (word w of leaf k at <c>Lanes * w + k</c>), adding
    /// <paramref name="increment"/> to every lane's counter before each (0: the caller set the counters and flags).
    /// </summary>
    void Compress(Blake2Core core, ref T laneChain, ref byte input, nuint superblocks, uint increment);
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
    public byte Kind => Unsafe.SizeOf<T>() == 8 ? (byte)3 : (byte)4;

    private static ref T Chain(ref TStorage storage) => ref Unsafe.As<TStorage, T>(ref storage);

    private static ref byte Buffer(ref TStorage storage) => ref Unsafe.Add(ref Unsafe.As<TStorage, byte>(ref storage), default(ParallelEngine<T, TWord, TCompressor, TLanes, TStorage>).ChainBytes);

    // ---- parameter blocks ----
    // The parallel modes take no salt and no personalization, so a node's parameter block is three non-zero words
    // (digest length, key length, fanout and depth; the node offset; node depth and inner length), and its chain
    // value is the IV with those three XOR-ed in: computed in place, with no 64-byte block written and read back.

    /// <summary>Word 0 of every node's parameter block (BLAKE2b's leaf length, bytes 4-7, is zero).</summary>
    private static uint Word0(int digestLength, int keyLength) => (uint)digestLength | (uint)keyLength << 8 | (uint)Lanes << 16 | 2u << 24;

    /// <summary>The word holding the node offset: BLAKE2b's word 1 (bytes 8-15), BLAKE2s's word 2 (bytes 8-11).</summary>
    private static int OffsetWord => Unsafe.SizeOf<T>() == 8 ? 1 : 2;

    /// <summary>The word after it: node depth and inner length (BLAKE2b bytes 16-17, BLAKE2s bytes 14-15).</summary>
    private static uint DepthWord(int nodeDepth) => Unsafe.SizeOf<T>() == 8
        ? (uint)nodeDepth | 64u << 8
        : (uint)nodeDepth << 16 | 32u << 24;

    /// <summary>Every leaf's chain in lane layout (word w of leaf k at <c>Lanes * w + k</c>), counters and flags zero.</summary>
    private static void InitializeLeaves(ref T laneChain, int digestLength, int keyLength)
    {
        TWord w = default;
        int lanes = Lanes, offsetWord = OffsetWord;
        T h0 = w.Xor(w.IV(0), w.FromUInt32(Word0(digestLength, keyLength)));
        T depth = w.Xor(w.IV(offsetWord + 1), w.FromUInt32(DepthWord(0)));
        for (int k = 0; k < lanes; k++)
        {
            for (int i = 0; i < 8; i++)
                Unsafe.Add(ref laneChain, i * lanes + k) = w.IV(i);
            Unsafe.Add(ref laneChain, k) = h0;
            Unsafe.Add(ref laneChain, offsetWord * lanes + k) = w.Xor(w.IV(offsetWord), w.FromUInt32((uint)k));
            Unsafe.Add(ref laneChain, (offsetWord + 1) * lanes + k) = depth;
            for (int i = 8; i < 12; i++)
                Unsafe.Add(ref laneChain, i * lanes + k) = default;
        }
    }

    /// <summary>Every leaf's padded key block, side by side: a superblock (the first one a keyed hash compresses).</summary>
    private static void KeySuperblock(ref byte superblock, ReadOnlySpan<byte> key)
    {
        int blockSize = BlockSize;
        Unsafe.InitBlockUnaligned(ref superblock, 0, (uint)Superblock);
        for (int k = 0; k < Lanes; k++)
            Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref superblock, k * blockSize), ref MemoryMarshal.GetReference(key), (uint)key.Length);
    }

    public int Initialize(ref TStorage storage, out int bufferLength, in Blake2Parameters parameters, uint xofLength)
    {
        int digestLength = parameters.DigestLength == 0 ? 8 * Unsafe.SizeOf<T>() : parameters.DigestLength;
        ReadOnlySpan<byte> key = parameters.Key;
        InitializeLeaves(ref Chain(ref storage), digestLength, key.Length);

        ref byte buffer = ref Buffer(ref storage);
        Unsafe.InitBlockUnaligned(ref buffer, 0, (uint)(2 * Superblock));
        bufferLength = 0;
        if (!key.IsEmpty)
        {
            KeySuperblock(ref buffer, key);
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
            lanes.Compress(core, ref chain, ref buffer, 1, (uint)BlockSize);
            bufferLength -= superblock;
            // What is left (fewer than P blocks) moves to the front; the ranges cannot overlap.
            Unsafe.CopyBlockUnaligned(ref buffer, ref Unsafe.Add(ref buffer, superblock), (uint)bufferLength);
        }

        if (bufferLength == 0 && input.Length >= superblock + keep)
        {
            // Whole superblocks straight from the caller's memory.
            int count = (input.Length - keep) / superblock;
            lanes.Compress(core, ref chain, ref MemoryMarshal.GetReference(input), (nuint)count, (uint)BlockSize);
            input = input.Slice(count * superblock);
        }

        Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref buffer, bufferLength), ref MemoryMarshal.GetReference(input), (uint)input.Length);
        bufferLength += input.Length;
    }

    public void Finish(Blake2Core core, ref TStorage storage, int bufferLength, int keyLength, bool lastNode, Span<byte> output)
    {
        // The buffer is two superblocks: the last one is zero-padded where it lies.
        ref byte buffer = ref Buffer(ref storage);
        ref byte last = ref bufferLength > Superblock ? ref Unsafe.Add(ref buffer, Superblock) : ref buffer;
        FinishLeaves(core, ref Chain(ref storage), ref buffer, ref last, bufferLength);
        Root(core, ref Chain(ref storage), output.Length, keyLength, output);
    }

    /// <summary>
    /// Compresses every leaf's final block (and, before it, the blocks of a first superblock not all leaves end in)
    /// in the lanes, each lane with its own counter and flags. The tail is the <paramref name="length"/> bytes not
    /// yet compressed (at most two superblocks less one block): more than a superblock, its first superblock is at
    /// <paramref name="first"/> and the rest at <paramref name="last"/>; otherwise all of it is at
    /// <paramref name="last"/>, which has room for a superblock and is zero-padded here.
    /// </summary>
    /// <remarks>
    /// The lanes' counters and flags are set here, and the kernel is run with an increment of 0. A leaf given no
    /// bytes at all (an input shorter than P - 1 blocks) hashes the empty message: one zero block, counter 0.
    /// </remarks>
    private static void FinishLeaves(Blake2Core core, ref T chain, ref byte first, ref byte last, int length)
    {
        TWord w = default;
        TLanes kernel = default;
        int lanes = Lanes, blockSize = BlockSize, superblock = Superblock;
        T ones = w.AllOnes;
        Span<T> finished = stackalloc T[8 * lanes];
        int rest = length;
        if (length > superblock)
        {
            // A whole superblock: leaf k ends in it unless it has a block in the rest (the last leaf always ends).
            rest = length - superblock;
            for (int k = 0; k < lanes; k++)
            {
                AddToCounter(ref chain, k, (uint)blockSize);
                if (k * blockSize >= rest)
                    SetFinal(ref chain, k, ones);
            }
            kernel.Compress(core, ref chain, ref first, 1, 0);
            // The leaves that ended keep these words; the next compression runs them on garbage.
            for (int i = 0; i < 8 * lanes; i++)
                finished[i] = Unsafe.Add(ref chain, i);
        }

        Unsafe.InitBlockUnaligned(ref Unsafe.Add(ref last, rest), 0, (uint)(superblock - rest));
        for (int k = 0; k < lanes; k++)
        {
            int bytes = Math.Min(Math.Max(rest - k * blockSize, 0), blockSize);
            AddToCounter(ref chain, k, (uint)bytes);
            SetFinal(ref chain, k, ones);
        }
        kernel.Compress(core, ref chain, ref last, 1, 0);

        if (length > superblock)
        {
            for (int k = rest / blockSize + (rest % blockSize == 0 ? 0 : 1); k < lanes; k++)
            {
                for (int i = 0; i < 8; i++)
                    Unsafe.Add(ref chain, i * lanes + k) = finished[i * lanes + k];
            }
            finished.Clear();
        }
    }

    /// <summary>Adds <paramref name="bytes"/> to leaf k's two-word counter, carrying into the high word.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void AddToCounter(ref T chain, int k, uint bytes)
    {
        TWord w = default;
        int lanes = Lanes;
        T increment = w.FromUInt32(bytes);
        ref T t0 = ref Unsafe.Add(ref chain, 8 * lanes + k);
        t0 = w.Add(t0, increment);
        if (w.LessThan(t0, increment))
            Unsafe.Add(ref chain, 9 * lanes + k) = w.Add(Unsafe.Add(ref chain, 9 * lanes + k), w.FromUInt32(1));
    }

    /// <summary>Marks leaf k's next compression as its last: f0, and for the last leaf f1 (last node).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void SetFinal(ref T chain, int k, T ones)
    {
        int lanes = Lanes;
        Unsafe.Add(ref chain, 10 * lanes + k) = ones;
        if (k == lanes - 1)
            Unsafe.Add(ref chain, 11 * lanes + k) = ones;
    }

    /// <summary>
    /// The root over the finished leaves (lane layout): node depth 1, node offset 0, the key's length but no key
    /// block, last node; its message is the leaves' full-length outputs, leaf 0 first.
    /// </summary>
    private static void Root(Blake2Core core, ref T laneChain, int digestLength, int keyLength, Span<byte> output)
    {
        TWord w = default;
        int lanes = Lanes, blockSize = BlockSize, offsetWord = OffsetWord;
        Span<T> message = stackalloc T[8 * lanes];
        for (int k = 0; k < lanes; k++)
        {
            for (int i = 0; i < 8; i++)
                message[8 * k + i] = Unsafe.Add(ref laneChain, i * lanes + k);
        }
        if (!BitConverter.IsLittleEndian)
        {
            // The leaves' outputs are their words in little-endian order.
            for (int i = 0; i < message.Length; i++)
                message[i] = w.Load(ref Unsafe.As<T, byte>(ref message[i]), 0);
        }

        Span<T> root = stackalloc T[12];
        for (int i = 0; i < 8; i++)
            root[i] = w.IV(i);
        root[0] = w.Xor(root[0], w.FromUInt32(Word0(digestLength, keyLength)));
        root[offsetWord + 1] = w.Xor(root[offsetWord + 1], w.FromUInt32(DepthWord(1)));
        for (int i = 8; i < 12; i++)
            root[i] = default;

        // P leaf outputs make two (BLAKE2bp) or four (BLAKE2sp) blocks; the last is compressed with both flags.
        ref byte bytes = ref Unsafe.As<T, byte>(ref message[0]);
        int blocks = message.Length * Unsafe.SizeOf<T>() / blockSize;
        default(TCompressor).Compress(core, ref root[0], ref bytes, (nuint)(blocks - 1), (uint)blockSize);
        Blake2Engine<T, TWord, TCompressor>.Finish(core, ref root[0], ref Unsafe.Add(ref bytes, (blocks - 1) * blockSize), blockSize, lastNode: true, output);
        message.Clear();
        root.Clear();
    }

    /// <summary>
    /// One-shot hashing without a state: the same steps as Initialize, Update and Finish, but whole superblocks
    /// and the first superblock of the tail are compressed straight from the input; only the last (at most a
    /// superblock) is copied.
    /// </summary>
    public void Hash(Blake2Core core, in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output, string outputName)
    {
        int digestLength = parameters.DigestLength == 0 ? 8 * Unsafe.SizeOf<T>() : parameters.DigestLength;
        if (output.Length < digestLength)
            Internal.ThrowHelper.DestinationTooSmall(outputName, digestLength);
        ReadOnlySpan<byte> key = parameters.Key;
        int superblock = Superblock, blockSize = BlockSize;
        int keep = superblock - blockSize + 1;

        Unsafe.SkipInit(out TStorage storage); // the chain is set here, and only the buffer's used part is read
        ref T chain = ref Chain(ref storage);
        ref byte buffer = ref Buffer(ref storage);
        InitializeLeaves(ref chain, digestLength, key.Length);
        TLanes lanes = default;
        ref byte data = ref MemoryMarshal.GetReference(input);
        int length = input.Length;

        if (!key.IsEmpty)
        {
            KeySuperblock(ref buffer, key);
            if (length < keep)
            {
                // Some leaves end with their key block: the tail is the key superblock and the input (if any).
                ref byte last = ref length == 0 ? ref buffer : ref Unsafe.Add(ref buffer, superblock);
                Unsafe.CopyBlockUnaligned(ref last, ref data, (uint)length);
                FinishLeaves(core, ref chain, ref buffer, ref last, superblock + length);
                goto Root;
            }
            lanes.Compress(core, ref chain, ref buffer, 1, (uint)blockSize);
        }

        if (length >= superblock + keep)
        {
            int count = (length - keep) / superblock;
            lanes.Compress(core, ref chain, ref data, (nuint)count, (uint)blockSize);
            data = ref Unsafe.Add(ref data, count * superblock);
            length -= count * superblock;
        }
        {
            // The tail: its first superblock (if it has two) from the input, the rest copied to be zero-padded.
            int rest = length > superblock ? length - superblock : length;
            Unsafe.CopyBlockUnaligned(ref buffer, ref Unsafe.Add(ref data, length - rest), (uint)rest);
            FinishLeaves(core, ref chain, ref data, ref buffer, length);
        }

    Root:
        Root(core, ref chain, digestLength, key.Length, output.Slice(0, digestLength));
        // Key-derived: the chains and the buffer's used part (the key superblock and the input's tail).
        Unsafe.InitBlockUnaligned(ref Unsafe.As<TStorage, byte>(ref storage), 0, (uint)(ChainBytes + (key.IsEmpty ? 1 : 2) * superblock));
    }
}
