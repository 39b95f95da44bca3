using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Internal;

namespace Blake2Fast.Families.Blake2.State;

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
    public SavedStateKind Kind => default(TWord).ParallelKind;

    private static ref T Chain(ref TStorage storage) => ref Unsafe.As<TStorage, T>(ref storage);

    private static ref byte Buffer(ref TStorage storage) => ref Unsafe.Add(ref Unsafe.As<TStorage, byte>(ref storage), default(ParallelEngine<T, TWord, TCompressor, TLanes, TStorage>).ChainBytes);

    // ---- parameter blocks ----
    // The parallel modes take no salt and no personalization, so a node's parameter block is three non-zero words
    // (digest length, key length, fanout and depth; the node offset; node depth and inner length), and only the
    // first depends on the call. So the chain values are built once, for digest and key length 0, and each hash
    // copies them and XORs its two lengths into word 0.

    /// <summary>Word 0 of every node's parameter block (BLAKE2b's leaf length, bytes 4-7, is zero).</summary>
    private static uint Word0(int digestLength, int keyLength) => (uint)digestLength | (uint)keyLength << 8 | (uint)Lanes << 16 | 2u << 24;

    /// <summary>Every leaf's chain, lane layout, for digest and key length 0 (counters and flags zero).</summary>
    private static readonly T[] s_leafTemplate = Template(leaves: true);

    /// <summary>The root's chain (12 words) for digest and key length 0.</summary>
    private static readonly T[] s_rootTemplate = Template(leaves: false);

    private static T[] Template(bool leaves)
    {
        TWord w = default;
        int lanes = leaves ? Lanes : 1;
        // The node offset is BLAKE2b's word 1 (bytes 8-15) or BLAKE2s's word 2 (bytes 8-11); node depth and inner
        // length follow in the next word (BLAKE2b bytes 16-17, BLAKE2s bytes 14-15).
        bool isB = Unsafe.SizeOf<T>() == 8;
        int offsetWord = isB ? 1 : 2, nodeDepth = leaves ? 0 : 1;
        uint depthWord = isB ? (uint)nodeDepth | 64u << 8 : (uint)nodeDepth << 16 | 32u << 24;
        var chain = new T[12 * lanes];
        for (int k = 0; k < lanes; k++)
        {
            for (int i = 0; i < 8; i++)
                chain[i * lanes + k] = w.IV(i);
            chain[k] = w.Xor(chain[k], w.FromUInt32(Word0(0, 0)));
            chain[offsetWord * lanes + k] = w.Xor(chain[offsetWord * lanes + k], w.FromUInt32((uint)k));
            chain[(offsetWord + 1) * lanes + k] = w.Xor(chain[(offsetWord + 1) * lanes + k], w.FromUInt32(depthWord));
        }
        return chain;
    }

    /// <summary>Every leaf's chain in lane layout (word w of leaf k at <c>Lanes * w + k</c>), counters and flags zero.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void InitializeLeaves(ref T laneChain, int digestLength, int keyLength)
    {
        TWord w = default;
        Unsafe.CopyBlockUnaligned(ref Unsafe.As<T, byte>(ref laneChain), ref Unsafe.As<T, byte>(ref s_leafTemplate[0]), (uint)(12 * Lanes * Unsafe.SizeOf<T>()));
        T lengths = w.FromUInt32((uint)digestLength | (uint)keyLength << 8);
        for (int k = 0; k < Lanes; k++)
            Unsafe.Add(ref laneChain, k) = w.Xor(Unsafe.Add(ref laneChain, k), lengths);
    }

    /// <summary>Every leaf's padded key block, side by side: a superblock (the first one a keyed hash compresses).</summary>
    private static void KeySuperblock(ref byte superblock, ReadOnlySpan<byte> key)
    {
        int blockSize = BlockSize;
        ZeroBytes.Clear(ref superblock, Superblock);
        for (int k = 0; k < Lanes; k++)
            Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref superblock, k * blockSize), ref MemoryMarshal.GetReference(key), (uint)key.Length);
    }

    public int Initialize(ref TStorage storage, out int bufferLength, in Blake2Parameters parameters, uint xofLength)
    {
        int digestLength = parameters.DigestLength == 0 ? 8 * Unsafe.SizeOf<T>() : parameters.DigestLength;
        ReadOnlySpan<byte> key = parameters.Key;
        InitializeLeaves(ref Chain(ref storage), digestLength, key.Length);

        ref byte buffer = ref Buffer(ref storage);
        ZeroBytes.Clear(ref buffer, 2 * Superblock);
        bufferLength = 0;
        if (!key.IsEmpty)
        {
            KeySuperblock(ref buffer, key);
            bufferLength = Superblock;
        }
        return digestLength;
    }

    public void Update(InstructionSet instructionSet, ref TStorage storage, ref int bufferLength, ReadOnlySpan<byte> input)
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
            lanes.Compress(instructionSet, ref chain, ref buffer, 1, (uint)BlockSize);
            bufferLength -= superblock;
            // What is left (fewer than P blocks) moves to the front; the ranges cannot overlap.
            Unsafe.CopyBlockUnaligned(ref buffer, ref Unsafe.Add(ref buffer, superblock), (uint)bufferLength);
        }

        if (bufferLength == 0 && input.Length >= superblock + keep)
        {
            // Whole superblocks straight from the caller's memory.
            int count = (input.Length - keep) / superblock;
            lanes.Compress(instructionSet, ref chain, ref MemoryMarshal.GetReference(input), (nuint)count, (uint)BlockSize);
            input = input.Slice(count * superblock);
        }

        Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref buffer, bufferLength), ref MemoryMarshal.GetReference(input), (uint)input.Length);
        bufferLength += input.Length;
    }

    public void Finish(InstructionSet instructionSet, ref TStorage storage, int bufferLength, int keyLength, bool lastNode, Span<byte> output)
    {
        // The buffer is two superblocks: the last one is zero-padded where it lies.
        ref byte buffer = ref Buffer(ref storage);
        ref byte last = ref bufferLength > Superblock ? ref Unsafe.Add(ref buffer, Superblock) : ref buffer;
        FinishLeaves(instructionSet, ref Chain(ref storage), ref buffer, ref last, bufferLength);
        Root(default(TLanes).RootInstructionSet(instructionSet), ref Chain(ref storage), output.Length, keyLength, output);
    }

    /// <summary>
    /// Compresses every leaf's final block (and, before it, the blocks of a first superblock not all leaves end in)
    /// in the lanes, each lane with its own counter and flags. The tail is the <paramref name="length"/> bytes not
    /// yet compressed (at most two superblocks less one block): more than a superblock, its first superblock is at
    /// <paramref name="first"/> and the rest at <paramref name="last"/>; otherwise all of it is at
    /// <paramref name="last"/>, which has room for a superblock and is zero-padded here (a full superblock is
    /// only read, so it may be the caller's input).
    /// </summary>
    /// <remarks>
    /// The lanes' counters and flags are set here, and the kernel is run with an increment of 0. A leaf given no
    /// bytes at all (an input shorter than P - 1 blocks) hashes the empty message: one zero block, counter 0.
    /// </remarks>
    private static void FinishLeaves(InstructionSet instructionSet, ref T chain, ref byte first, ref byte last, int length)
    {
        TWord w = default;
        TLanes kernel = default;
        int lanes = Lanes, blockSize = BlockSize, superblock = Superblock;
        T ones = w.AllOnes;
        // Every leaf has compressed the same number of blocks so far: one counter for all.
        T t0 = Unsafe.Add(ref chain, 8 * lanes), t1 = Unsafe.Add(ref chain, 9 * lanes);
        ref T f0 = ref Unsafe.Add(ref chain, 10 * lanes);
        Unsafe.Add(ref chain, 12 * lanes - 1) = ones; // f1 (last node) of the last leaf, for whichever compression ends it
        Span<T> finished = stackalloc T[8 * lanes];
        int rest = length;
        if (length > superblock)
        {
            // A whole superblock: leaf k ends in it unless it has a block in the rest (the last leaf always ends).
            rest = length - superblock;
            t0 = w.Add(t0, w.FromUInt32((uint)blockSize));
            if (w.LessThan(t0, w.FromUInt32((uint)blockSize)))
                t1 = w.Add(t1, w.FromUInt32(1));
            for (int k = 0; k < lanes; k++)
            {
                Unsafe.Add(ref chain, 8 * lanes + k) = t0;
                Unsafe.Add(ref chain, 9 * lanes + k) = t1;
                if (k * blockSize >= rest)
                    Unsafe.Add(ref f0, k) = ones;
            }
            kernel.Compress(instructionSet, ref chain, ref first, 1, 0);
            // The leaves that ended keep these words; the next compression runs them on garbage.
            Unsafe.CopyBlockUnaligned(ref Unsafe.As<T, byte>(ref finished[0]), ref Unsafe.As<T, byte>(ref chain), (uint)(8 * lanes * Unsafe.SizeOf<T>()));
        }

        ZeroBytes.Clear(ref Unsafe.Add(ref last, rest), superblock - rest);
        for (int k = 0; k < lanes; k++)
        {
            // Leaf k's last block holds 0 (a leaf with no input hashes one zero block) to blockSize bytes.
            uint bytes = (uint)Math.Min(Math.Max(rest - k * blockSize, 0), blockSize);
            T low = w.Add(t0, w.FromUInt32(bytes));
            Unsafe.Add(ref chain, 8 * lanes + k) = low;
            Unsafe.Add(ref chain, 9 * lanes + k) = w.LessThan(low, t0) ? w.Add(t1, w.FromUInt32(1)) : t1;
            Unsafe.Add(ref f0, k) = ones;
        }
        kernel.Compress(instructionSet, ref chain, ref last, 1, 0);

        if (length > superblock)
        {
            for (int k = (rest + blockSize - 1) / blockSize; k < lanes; k++)
            {
                for (int i = 0; i < 8; i++)
                    Unsafe.Add(ref chain, i * lanes + k) = finished[i * lanes + k];
            }
            finished.Clear();
        }
    }

    /// <summary>
    /// The root over the finished leaves (lane layout): node depth 1, node offset 0, the key's length but no key
    /// block, last node; its message is the leaves' full-length outputs, leaf 0 first.
    /// </summary>
    private static void Root(InstructionSet instructionSet, ref T laneChain, int digestLength, int keyLength, Span<byte> output)
    {
        TWord w = default;
        int lanes = Lanes, blockSize = BlockSize;
        Span<T> message = stackalloc T[8 * lanes];
        ref T m = ref message[0];
        for (int k = 0; k < lanes; k++)
        {
            for (int i = 0; i < 8; i++)
                Unsafe.Add(ref m, 8 * k + i) = Unsafe.Add(ref laneChain, i * lanes + k);
        }
        if (!BitConverter.IsLittleEndian)
        {
            // The leaves' outputs are their words in little-endian order.
            for (int i = 0; i < message.Length; i++)
                message[i] = w.Load(ref Unsafe.As<T, byte>(ref message[i]), 0);
        }

        Span<T> root = stackalloc T[12];
        ref T r = ref root[0];
        Unsafe.CopyBlockUnaligned(ref Unsafe.As<T, byte>(ref r), ref Unsafe.As<T, byte>(ref s_rootTemplate[0]), (uint)(12 * Unsafe.SizeOf<T>()));
        r = w.Xor(r, w.FromUInt32((uint)digestLength | (uint)keyLength << 8));

        // P leaf outputs make two (BLAKE2bp) or four (BLAKE2sp) blocks; the last is compressed with both flags.
        ref byte bytes = ref Unsafe.As<T, byte>(ref m);
        int blocks = message.Length * Unsafe.SizeOf<T>() / blockSize;
        default(TCompressor).Compress(instructionSet, ref r, ref bytes, (nuint)(blocks - 1), (uint)blockSize);
        Blake2StateMachine<T, TWord, TCompressor>.Finish(instructionSet, ref r, ref Unsafe.Add(ref bytes, (blocks - 1) * blockSize), blockSize, lastNode: true, output);
        message.Clear();
        root.Clear();
    }

    public void Hash(InstructionSet instructionSet, int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output, string outputName)
    {
        // Checked and named at the public door (the generated state's Hash).
        Debug.Assert(digestLength >= 1 && digestLength <= 8 * Unsafe.SizeOf<T>() && key.Length <= 8 * Unsafe.SizeOf<T>());
        Hash(instructionSet, new Blake2Parameters { DigestLength = digestLength, Key = key }, input, output, outputName);
    }

    /// <summary>
    /// One-shot hashing without a state: the same steps as Initialize, Update and Finish, but whole superblocks
    /// and the first superblock of the tail are compressed straight from the input; only the last (at most a
    /// superblock) is copied.
    /// </summary>
    public void Hash(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output, string outputName)
    {
        int digestLength = parameters.DigestLength == 0 ? 8 * Unsafe.SizeOf<T>() : parameters.DigestLength;
        Debug.Assert(output.Length >= digestLength, outputName); // the parameters and the output: checked and named at the public door
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
                FinishLeaves(instructionSet, ref chain, ref buffer, ref last, superblock + length);
                goto Root;
            }
            lanes.Compress(instructionSet, ref chain, ref buffer, 1, (uint)blockSize);
        }

        if (length >= superblock + keep)
        {
            int count = (length - keep) / superblock;
            lanes.Compress(instructionSet, ref chain, ref data, (nuint)count, (uint)blockSize);
            data = ref Unsafe.Add(ref data, count * superblock);
            length -= count * superblock;
        }
        if (length == superblock)
        {
            // Exactly one block per leaf (4 KiB, 64 KiB, ... land here): nothing to pad, nothing to copy.
            FinishLeaves(instructionSet, ref chain, ref data, ref data, length);
        }
        else
        {
            // The tail: its first superblock (if it has two) from the input, the rest copied to be zero-padded.
            int rest = length > superblock ? length - superblock : length;
            Unsafe.CopyBlockUnaligned(ref buffer, ref Unsafe.Add(ref data, length - rest), (uint)rest);
            FinishLeaves(instructionSet, ref chain, ref data, ref buffer, length);
        }

    Root:
        Root(lanes.RootInstructionSet(instructionSet), ref chain, digestLength, key.Length, output.Slice(0, digestLength));
        // Key-derived: the chains and the buffer's used part (the key superblock and the input's tail).
        ZeroBytes.Clear(ref Unsafe.As<TStorage, byte>(ref storage), ChainBytes + (key.IsEmpty ? 1 : 2) * superblock);
    }
}
