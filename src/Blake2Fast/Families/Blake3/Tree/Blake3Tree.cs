using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Kernels;
using Blake2Fast.Internal;
using Blake2Fast.State;
using static Blake2Fast.Families.Blake3.Kernels.Blake3Flags;

namespace Blake2Fast.Families.Blake3.Tree;

/// <summary>
/// BLAKE3's tree in progress: the chunk being filled, the stack of completed subtrees' chaining values, and the
/// rule of what waits. Only chunk 0 can be the root (an input of at most 1 KiB), so it waits for one byte past it;
/// every later chunk is hashed as soon as it is complete, whole chunks many at once in the lanes; what stays lazy is
/// merging the stack, because the last two subtrees may merge into the root. The public state
/// (<c>Blake3HashState</c>) wraps this with the API, the modes and saving.
/// </summary>
[StructLayout(LayoutKind.Sequential)]
internal unsafe struct Blake3Tree
{
    public const int ChunkLength = 1024;
    public const int BlockLength = 64;
    public const int MaxDepth = 54; // 2^54 chunks of 1 KiB: 2^64 bytes
    // Lazy merging keeps up to one CV more than the chunk count's set bits, but below 2^54 chunks that is 54 at most.
    public const int MaxStack = MaxDepth;
    private const int BlocksPerChunk = ChunkLength / BlockLength;
    // Chunks hashed per batch on this thread, their CVs reduced level by level on the stack (32 KiB). Each batch ends
    // in levels of 8, 4, 2 and 1 parents on narrow kernels, latency-bound: a large batch makes that tail a small share
    // of the work.
    private const int MaxBatch = 1024;
    private const int BatchLevels = 11; // log2(MaxBatch) + 1

    /// <summary>Stack bytes for a batch of <paramref name="chunks"/>: their CVs, then room for idle lanes. Sized to the batch, so a few chunks do not touch the 34 KiB a full one does.</summary>
    private static int Room(int chunks) => chunks * 32 + Blake3Batches.MaxLanes * 64 + 64;

    // Inline buffers of a declared size (InlineBuffers.cs), not fixed buffers.
    private Blake3Words _key;
    private Blake3Words _chunkCv;
    private Blake3BlockBytes _block;
    private CvStack _stack;
    private ulong _chunkCounter; // the current chunk's index: the first chunk's plus the chunks in the stack
    private ulong _firstChunk; // where this tree starts: 0 for a whole input, else a subtree's first chunk
    private int _blockLength; // bytes in _block
    private int _blocksCompressed; // blocks of the current chunk already compressed
    private int _stackLength;
    private uint _flags; // the mode: 0, KeyedHash, DeriveKeyContext or DeriveKeyMaterial
    private InstructionSet _instructionSet;

    public Blake3Tree(ref uint key, uint flags, InstructionSet instructionSet)
    {
        for (int i = 0; i < 8; i++)
            _key.W[i] = _chunkCv.W[i] = Unsafe.Add(ref key, i);
        _flags = flags;
        _instructionSet = instructionSet;
    }

    public readonly uint Flags => _flags;
    public readonly ulong ChunkCounter => _chunkCounter;
    public readonly ulong FirstChunk => _firstChunk;
    public readonly InstructionSet InstructionSet => _instructionSet;

    /// <summary>A copy of the key words, for threads that cannot reach this tree; the caller clears it.</summary>
    public readonly Blake3Words Key => _key;

    /// <summary>The bytes added since the first chunk (hashed, stacked or waiting).</summary>
    public readonly ulong BytesAdded => (_chunkCounter - _firstChunk) * ChunkLength + (ulong)(_blocksCompressed * BlockLength + _blockLength);

    /// <summary>
    /// Makes this tree, which holds no input yet, a subtree that starts at chunk <paramref name="firstChunk"/>: its
    /// chunks are hashed with counters from there, and no chunk of it waits to be the root.
    /// </summary>
    public void StartAt(ulong firstChunk) => _chunkCounter = _firstChunk = firstChunk;
    public readonly int BlockLengthHeld => _blockLength;
    public readonly int BlocksCompressed => _blocksCompressed;
    public readonly int StackLength => _stackLength;

    /// <summary>Adds <paramref name="input"/>; whole chunks go to the lanes, on up to <paramref name="parallelism"/> threads.</summary>
    public void Update(ReadOnlySpan<byte> input, int parallelism)
    {
        ref byte source = ref MemoryMarshal.GetReference(input);
        int length = input.Length, position = 0;
        while (position < length)
        {
            if (_blockLength == BlockLength)
            {
                // A full block waited, and more input has come: it is not the input's last.
                if (_blocksCompressed == BlocksPerChunk - 1)
                {
                    FinishChunk();
                }
                else
                {
                    Blake3Block.Compress(_instructionSet, ref _chunkCv.W[0], ref _block.B[0], _chunkCounter, BlockLength, _flags | (_blocksCompressed == 0 ? ChunkStart : 0));
                    _blocksCompressed++;
                }
                _blockLength = 0;
            }
            int remaining = length - position;
            if (_blockLength == 0 && _blocksCompressed == 0)
            {
                // At a chunk boundary: every whole chunk at once, but chunk 0 only with a byte past it.
                int chunks = _chunkCounter == 0 && remaining <= ChunkLength ? 0 : remaining / ChunkLength;
                if (chunks > 0)
                {
                    fixed (byte* start = &Unsafe.Add(ref source, position))
                        HashChunks(start, chunks, remaining, parallelism);
                    position += chunks * ChunkLength;
                    continue;
                }
            }
            if (_blockLength == 0)
            {
                // Whole blocks straight from the input, never the chunk's last nor the input's last (they wait).
                int direct = Math.Min((remaining - 1) / BlockLength, BlocksPerChunk - 1 - _blocksCompressed);
                if (direct > 0)
                {
                    Blake3Block.CompressBlocks(_instructionSet, ref _chunkCv.W[0], ref Unsafe.Add(ref source, position), (nuint)direct, _chunkCounter, _flags,
                        _blocksCompressed == 0 ? ChunkStart : 0, 0);
                    _blocksCompressed += direct;
                    position += direct * BlockLength;
                    remaining -= direct * BlockLength;
                }
            }
            int take = Math.Min(BlockLength - _blockLength, remaining);
            Unsafe.CopyBlockUnaligned(ref _block.B[_blockLength], ref Unsafe.Add(ref source, position), (uint)take);
            _blockLength += take;
            position += take;
            if (_blockLength == BlockLength && _blocksCompressed == BlocksPerChunk - 1 && _chunkCounter != 0)
            {
                // A later chunk is complete: it can never be the root, so it need not wait.
                FinishChunk();
                _blockLength = 0;
            }
        }
    }

    /// <summary>
    /// The root node: the current chunk (if any) folded into the stacked subtrees from the top. The tree is not changed
    /// but for the waiting block's padding and merges the chunk in progress would make anyway.
    /// </summary>
    public Blake3Node Root()
    {
        RootParts(out Blake3Words cv, out Blake3BlockBytes block, out int blockLength, out ulong counter, out uint flags);
        var root = new Blake3Node(ref cv.W[0], ref block.B[0], blockLength, counter, flags, _instructionSet);
        cv = default;
        block = default;
        return root;
    }

    /// <summary>
    /// The output of the root node into <paramref name="output"/>, any length: from the root's parts on this frame,
    /// without a node (the usual 32-byte digest is one compression).
    /// </summary>
    public void WriteRoot(Span<byte> output)
    {
        RootParts(out Blake3Words cv, out Blake3BlockBytes block, out int blockLength, out _, out uint flags);
        Blake3Node.WriteRoot(_instructionSet, ref cv.W[0], ref block.B[0], (uint)blockLength, flags, 0, output);
        cv = default;
        block = default;
    }

    /// <summary>
    /// The root node's input CV, block (zero-padded), block length, counter (the chunk's index for a chunk, else 0) and
    /// flags (without ROOT).
    /// </summary>
    private void RootParts(out Blake3Words cv, out Blake3BlockBytes block, out int blockLength, out ulong counter, out uint flags)
    {
        ZeroBytes.Clear(ref _block.B[_blockLength], BlockLength - _blockLength);
        uint chunkFlags = _flags | ChunkEnd | (_blocksCompressed == 0 ? ChunkStart : 0);
        Unsafe.SkipInit(out cv);
        Unsafe.SkipInit(out block);
        if (_stackLength == 0)
        {
            cv = _chunkCv;
            block = _block;
            blockLength = _blockLength;
            counter = _chunkCounter;
            flags = chunkFlags;
            return;
        }
        int level;
        if (_blockLength == 0 && _blocksCompressed == 0)
        {
            // A lone stacked subtree was compressed without the root's flag, so it cannot be the root.
            if (_stackLength < 2)
                throw new InvalidOperationException("A lone stacked subtree cannot be the root: more input must follow it.");
            // The input ended on a chunk boundary past chunk 0: the root merges the stack alone.
            Blake3Words.Read(new ReadOnlySpan<byte>(Unsafe.AsPointer(ref _stack.B[32 * (_stackLength - 1)]), 32), ref cv.W[0]);
            level = _stackLength - 2;
        }
        else
        {
            // The chunk in progress follows everything stacked, so no merge below is the root: merging down to the
            // chunk count's set bits leaves the stack as the binary decomposition the fold below assumes.
            MergeDown(PopCount(_chunkCounter - _firstChunk));
            Blake3Block.Compress(_instructionSet, ref _chunkCv.W[0], ref _block.B[0], _chunkCounter, (uint)_blockLength, chunkFlags);
            cv = _chunkCv;
            level = _stackLength - 1;
        }
        for (; ; level--)
        {
            Unsafe.CopyBlockUnaligned(ref block.B[0], ref _stack.B[32 * level], 32);
            Blake3Words.Write(ref cv.W[0], ref block.B[32]);
            cv = _key;
            if (level == 0)
                break;
            Blake3Block.Compress(_instructionSet, ref cv.W[0], ref block.B[0], 0, BlockLength, _flags | Parent);
        }
        blockLength = BlockLength;
        counter = 0;
        flags = _flags | Parent;
    }

    /// <summary>
    /// The chaining value of this tree as a subtree of a larger input (its top node's output without ROOT) into the 32
    /// bytes at <paramref name="cv"/>. The caller makes sure it holds input.
    /// </summary>
    public void WriteChainingValue(Span<byte> cv)
    {
        if (_blockLength == 0 && _blocksCompressed == 0 && _stackLength == 1)
        {
            // Whole chunks merged into one subtree already: its CV is the answer.
            new ReadOnlySpan<byte>(Unsafe.AsPointer(ref _stack.B[0]), 32).CopyTo(cv);
            return;
        }
        Blake3Node top = Root();
        top.WriteChainingValue(cv);
        top.Clear();
    }

    /// <summary>
    /// One-shot hashing of a whole input into <paramref name="output"/>: the tree lives on this frame, and only what
    /// is read is written first (a state would zero, copy and clear its 1.9 KiB, a large share of a small hash's time).
    /// </summary>
    public static void Hash(ref uint key, uint flags, InstructionSet instructionSet, ReadOnlySpan<byte> input, Span<byte> output)
    {
        Blake3Tree tree;
        Unsafe.SkipInit(out tree);
        tree._key = Unsafe.As<uint, Blake3Words>(ref key);
        tree._chunkCv = tree._key;
        tree._chunkCounter = 0;
        tree._firstChunk = 0;
        tree._blockLength = 0;
        tree._blocksCompressed = 0;
        tree._stackLength = 0;
        tree._flags = flags;
        tree._instructionSet = instructionSet;
        tree.Update(input, 1);
        tree.WriteRoot(output);
        tree.Clear();
    }

    /// <summary>
    /// Wipes the key material and all this tree wrote, and nothing more: the stack never held more CVs than the chunk
    /// count's bit length plus one (at most one unmerged CV beyond its set bits), so a short input clears a few dozen
    /// bytes of it, not all 1.7 KiB.
    /// </summary>
    public void Clear()
    {
        int used = Math.Min(MaxStack, 65 - LeadingZeroCount(_chunkCounter));
        _key = default;
        _chunkCv = default;
        _block = default;
        ZeroBytes.Clear(ref _stack.B[0], 32 * used);
        _chunkCounter = 0;
        _firstChunk = 0;
        _blockLength = 0;
        _blocksCompressed = 0;
        _stackLength = 0;
        _flags = 0;
        _instructionSet = 0;
    }

    // ---- saving (the public state's envelope carries these) ----

    /// <summary>
    /// Bytes of the body <see cref="Save"/> writes: counter, key, chunk CV, the block's bytes, the stack, and for a
    /// subtree its first chunk (a whole input's body is as it was before subtrees, so older blobs read the same).
    /// </summary>
    public readonly int SavedLength => 8 + 32 + 32 + _blockLength + 32 * _stackLength + (_firstChunk != 0 ? 8 : 0);

    public readonly void Save(Span<byte> body)
    {
        // The buffers' indexers are not readonly members: read them through a ref, not through defensive copies.
        ref Blake3Tree tree = ref Unsafe.AsRef(in this);
        BinaryPrimitives.WriteUInt64LittleEndian(body, _chunkCounter);
        for (int i = 0; i < 8; i++)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(body.Slice(8 + 4 * i), tree._key.W[i]);
            BinaryPrimitives.WriteUInt32LittleEndian(body.Slice(40 + 4 * i), tree._chunkCv.W[i]);
        }
        int at = 72;
        for (int i = 0; i < _blockLength; i++)
            body[at++] = tree._block.B[i];
        for (int i = 0; i < 32 * _stackLength; i++)
            body[at++] = tree._stack.B[i];
        if (_firstChunk != 0)
            BinaryPrimitives.WriteUInt64LittleEndian(body.Slice(at), _firstChunk);
    }

    /// <summary>
    /// Whether these counts are a state <see cref="Update"/> can leave: the stack holds the set bits of the chunk count
    /// since <paramref name="firstChunk"/>, plus one unmerged CV at most; a whole input on a chunk boundary has passed
    /// chunk 0 and holds two CVs at least; a subtree holds no more than the largest one at its first chunk.
    /// </summary>
    public static bool IsValid(ulong chunkCounter, int blocksCompressed, int blockLength, int stackLength, ulong firstChunk = 0)
    {
        if (blocksCompressed > BlocksPerChunk - 1 || blockLength > BlockLength || stackLength > MaxStack || chunkCounter >> MaxDepth != 0
            || chunkCounter < firstChunk)
            return false;
        ulong chunks = chunkCounter - firstChunk;
        if (firstChunk != 0)
        {
            ulong max = firstChunk & (~firstChunk + 1);
            if (chunks > max || (chunks == max && (blocksCompressed != 0 || blockLength != 0)))
                return false;
        }
        if (chunks == 0)
            return stackLength == 0;
        if (stackLength < PopCount(chunks) || stackLength > PopCount(chunks - 1) + 1)
            return false;
        return blockLength != 0 || (blocksCompressed == 0 && stackLength >= (firstChunk == 0 ? 2 : 1));
    }

    /// <summary>A tree resumed from <see cref="Save"/>'s body (the counts checked with <see cref="IsValid"/>).</summary>
    public static Blake3Tree Restore(ReadOnlySpan<byte> body, uint flags, int blocksCompressed, int blockLength, int stackLength, ulong firstChunk,
        InstructionSet instructionSet)
    {
        Unsafe.SkipInit(out Blake3Words key);
        Blake3Words.Read(body.Slice(8), ref key.W[0]);
        var tree = new Blake3Tree(ref key.W[0], flags, instructionSet);
        key = default;
        Blake3Words.Read(body.Slice(40), ref tree._chunkCv.W[0]);
        tree._chunkCounter = BinaryPrimitives.ReadUInt64LittleEndian(body);
        tree._firstChunk = firstChunk;
        tree._blocksCompressed = blocksCompressed;
        tree._blockLength = blockLength;
        tree._stackLength = stackLength;
        int at = 72;
        for (int i = 0; i < blockLength; i++)
            tree._block.B[i] = body[at++];
        for (int i = 0; i < 32 * stackLength; i++)
            tree._stack.B[i] = body[at++];
        return tree;
    }

    // ---- chunks and subtrees ----

    /// <summary>Compresses the waiting last block of a full chunk and stacks the chunk's CV.</summary>
    private void FinishChunk()
    {
        Blake3Block.Compress(_instructionSet, ref _chunkCv.W[0], ref _block.B[0], _chunkCounter, BlockLength, _flags | ChunkEnd);
        byte* cv = stackalloc byte[32];
        Blake3Words.Write(ref _chunkCv.W[0], ref *cv);
        Push(cv, 1);
        for (int i = 0; i < 8; i++)
            _chunkCv.W[i] = _key.W[i];
        _blocksCompressed = 0;
    }

    /// <summary>
    /// Hashes <paramref name="chunks"/> whole chunks at <paramref name="input"/> (from a chunk boundary; <paramref name="available"/>
    /// bytes there) into the stack: batches of up to <see cref="MaxBatch"/> chunks aligned to their size, or with
    /// threads to use, aligned slices on all of them (<see cref="Blake3Parallel"/>), the chunks before the first slice
    /// boundary and after the last whole slice here.
    /// </summary>
    private void HashChunks(byte* input, int chunks, int available, int parallelism)
    {
        fixed (uint* key = &_key.W[0])
        {
            while (chunks > 0)
            {
                int slice = Blake3Parallel.SliceChunks(chunks, parallelism);
                int batch = Math.Min(chunks, MaxBatch - (int)(_chunkCounter % MaxBatch));
                if (slice != 0)
                {
                    int head = (int)((ulong)slice - _chunkCounter % (ulong)slice) % slice;
                    if (head == 0)
                    {
                        int slices = chunks / slice;
                        Blake3Parallel.HashMemory(ref this, input, slices, slice, key, parallelism);
                        input += (long)slices * slice * ChunkLength;
                        available -= slices * slice * ChunkLength;
                        chunks -= slices * slice;
                        continue;
                    }
                    batch = head;
                }
                // With nothing past these chunks, a batch that starts the input may end it: its top is the root.
                bool mayBeRoot = _chunkCounter == 0 && available == chunks * ChunkLength;
                HashBatch(input, batch, available, mayBeRoot && batch == chunks, key);
                input += (long)batch * ChunkLength;
                available -= batch * ChunkLength;
                chunks -= batch;
            }
        }
    }

    /// <summary>
    /// Hashes <paramref name="count"/> chunks side by side, reduces their CVs to the aligned subtrees they complete
    /// (each level's parents side by side), and stacks those left to right. With <paramref name="mayBeRoot"/>, the
    /// node that would cover the whole input so far is left as its two halves.
    /// </summary>
    private void HashBatch(byte* input, int count, int available, bool mayBeRoot, uint* key)
    {
        int room = Room(count);
        byte* buffer = stackalloc byte[room];
        byte* nodes = buffer;
        byte* end = buffer + room;
        Blake3Batches.HashMany(_instructionSet, input, count, ChunkLength, BlocksPerChunk, key, _chunkCounter, true, _flags, ChunkStart, ChunkEnd,
            nodes, available, room);

        // Level by level: nodes a..b-1 (in units of the level's size). An odd node at either end has no sibling here:
        // the left one is stacked now (it is the leftmost), the right one after everything above it.
        byte* right = stackalloc byte[BatchLevels * 32];
        int* rightLevel = stackalloc int[BatchLevels];
        int rights = 0;
        ulong a = _chunkCounter, b = a + (ulong)count;
        for (int level = 0; ; level++)
        {
            if (b - a == 1 || (mayBeRoot && rights == 0 && a == 0 && b == 2))
            {
                for (ulong i = 0; i < b - a; i++)
                    Push(nodes + 32 * (long)i, 1 << level);
                break;
            }
            if ((a & 1) != 0)
            {
                Push(nodes, 1 << level);
                nodes += 32;
                a++;
            }
            if ((b & 1) != 0)
            {
                Unsafe.CopyBlockUnaligned(right + 32 * rights, nodes + 32 * (long)(b - 1 - a), 32);
                rightLevel[rights++] = level;
                b--;
            }
            if (a == b)
                break;
            Blake3Batches.HashMany(_instructionSet, nodes, (int)(b - a) / 2, BlockLength, 1, key, 0, false, _flags | Parent, 0, 0, nodes, end - nodes, end - nodes);
            a /= 2;
            b /= 2;
        }
        for (int i = rights - 1; i >= 0; i--)
            Push(right + 32 * i, 1 << rightLevel[i]);
    }

    /// <summary>The CV of a subtree of <paramref name="chunks"/> chunks (a power of two), on the calling thread.</summary>
    internal static void Subtree(byte* input, int chunks, ulong counter, uint* key, uint flags, InstructionSet instructionSet, byte* cv)
    {
        if (chunks > MaxBatch)
        {
            // Halves, recursively: the two CVs side by side are their parent's block.
            byte* pair = stackalloc byte[64];
            int half = chunks / 2;
            Subtree(input, half, counter, key, flags, instructionSet, pair);
            Subtree(input + (long)half * ChunkLength, half, counter + (ulong)half, key, flags, instructionSet, pair + 32);
            Blake3Batches.HashMany(instructionSet, pair, 1, BlockLength, 1, key, 0, false, flags | Parent, 0, 0, cv, 64, 32);
            return;
        }
        int room = Room(chunks);
        byte* cvs = stackalloc byte[room];
        Blake3Batches.HashMany(instructionSet, input, chunks, ChunkLength, BlocksPerChunk, key, counter, true, flags, ChunkStart, ChunkEnd, cvs,
            (long)chunks * ChunkLength, room);
        for (int m = chunks; m > 1; m >>= 1)
            Blake3Batches.HashMany(instructionSet, cvs, m / 2, BlockLength, 1, key, 0, false, flags | Parent, 0, 0, cvs, room, room);
        Unsafe.CopyBlockUnaligned(cv, cvs, 32);
    }

    /// <summary>
    /// Stacks the CV of a completed subtree of <paramref name="chunks"/> chunks, first merging what the CVs before it
    /// complete (down to one per set bit of the chunk count): lazily, because the last two may merge into the root,
    /// and a merge here has this subtree after it, so it never is.
    /// </summary>
    internal void Push(byte* cv, int chunks)
    {
        MergeDown(PopCount(_chunkCounter - _firstChunk));
        Unsafe.CopyBlockUnaligned(ref _stack.B[32 * _stackLength], ref *cv, 32);
        _stackLength++;
        _chunkCounter += (ulong)chunks;
    }

    /// <summary>Merges the top two stacked CVs until <paramref name="keep"/> are left.</summary>
    private void MergeDown(int keep)
    {
        Unsafe.SkipInit(out Blake3Words parent);
        while (_stackLength > keep)
        {
            // The two top CVs lie side by side: they are the parent's block as they stand.
            for (int i = 0; i < 8; i++)
                parent.W[i] = _key.W[i];
            ref byte block = ref _stack.B[32 * (_stackLength - 2)];
            Blake3Block.Compress(_instructionSet, ref parent.W[0], ref block, 0, BlockLength, _flags | Parent);
            Blake3Words.Write(ref parent.W[0], ref block);
            _stackLength--;
        }
    }

    private static int LeadingZeroCount(ulong value)
    {
#if NETSTANDARD2_0 || NETSTANDARD2_1
        int count = 0;
        for (; count < 64 && (value & (1UL << 63 - count)) == 0; count++) { }
        return count;
#else
        return System.Numerics.BitOperations.LeadingZeroCount(value);
#endif
    }

    internal static int PopCount(ulong value)
    {
#if NETSTANDARD2_0 || NETSTANDARD2_1
        int count = 0;
        for (; value != 0; value &= value - 1)
            count++;
        return count;
#else
        return System.Numerics.BitOperations.PopCount(value);
#endif
    }

    /// <summary>The chaining values of the completed subtrees, 32 bytes each.</summary>
    private struct CvStack
    {
        public CvBytes B;
    }
}
