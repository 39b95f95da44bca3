using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Tree;
using Blake2Fast.Internal;
using static Blake2Fast.Families.Blake3.Kernels.Blake3Flags;

namespace Blake2Fast.Families.Blake3.Bao;

/// <summary>
/// The shape of a Bao tree (BLAKE3's: a left subtree is the largest power of two of chunks that leaves at least one
/// byte for the right) and the single-node chaining values the encoders and the decoder need. Plain BLAKE3 only: Bao
/// has no keyed mode.
/// </summary>
internal static unsafe class BaoTree
{
    public const int ChunkLength = 1024;
    public const int ParentLength = 64;
    public const int HeaderLength = 8;
    public const int HashLength = 32;

    /// <summary>
    /// The largest input the decoder and the slice extractor accept (2^62 bytes): past it the encoded offsets would
    /// overflow a <see cref="long"/>; a header claiming more is treated as corrupt.
    /// </summary>
    public const long MaxLength = 1L << 62;

    /// <summary>Chunks of an input of <paramref name="length"/> bytes: an empty input is one empty chunk.</summary>
    public static long ChunkCount(long length) => length == 0 ? 1 : (length + ChunkLength - 1) / ChunkLength;

    /// <summary>Bytes of the left subtree of a subtree of <paramref name="length"/> bytes (more than one chunk).</summary>
    public static long LeftLength(long length)
    {
        Debug.Assert(length > ChunkLength);
        long fullChunks = (length - 1) / ChunkLength; // chunks that leave at least one byte for the right
        return ChunkLength * HighestPowerOfTwo(fullChunks);
    }

    /// <summary>Bytes of a subtree of <paramref name="length"/> input bytes in an encoding: its parents, and its chunks unless outboard.</summary>
    public static long EncodedLength(long length, bool outboard) => ParentLength * (ChunkCount(length) - 1) + (outboard ? 0 : length);

    /// <summary>
    /// Leaves of a tree whose leaves are groups of <paramref name="leafLength"/> bytes (a power of two of chunks): the
    /// nodes of the Bao tree that span at most one group, each taken whole. An empty input is one empty leaf.
    /// </summary>
    public static long LeafCount(long length, long leafLength) => length == 0 ? 1 : (length - 1) / leafLength + 1;

    /// <summary>Bytes of the parents of a subtree of <paramref name="length"/> bytes above leaves of <paramref name="leafLength"/> bytes.</summary>
    public static long ParentsLength(long length, long leafLength) => ParentLength * (LeafCount(length, leafLength) - 1);

    /// <summary>
    /// The chaining value of a leaf of up to 2^10 chunks that starts at chunk <paramref name="firstChunk"/> (a
    /// multiple of its size): a chunk's, or the top of its subtree (hashed on the lanes with <paramref name="levels"/>);
    /// with <paramref name="root"/>, the root's hash.
    /// </summary>
    public static void LeafCv(ReadOnlySpan<byte> leaf, long firstChunk, bool root, BaoLevels levels, Span<byte> cv)
    {
        if (leaf.Length <= ChunkLength)
        {
            ChunkCv(leaf, (ulong)firstChunk, root, cv);
            return;
        }
        levels.Hash(leaf, firstChunk);
        if (!root)
        {
            levels.Top.CopyTo(cv);
            return;
        }
        int chunks = levels.Chunks, left = (int)HighestPowerOfTwo(chunks - 1);
        Span<byte> node = stackalloc byte[ParentLength];
        levels.Cv(0, left).CopyTo(node);
        levels.Cv(left, chunks - left).CopyTo(node.Slice(HashLength));
        ParentCv(node, true, cv);
    }

    public static long HighestPowerOfTwo(long value)
    {
        Debug.Assert(value > 0);
        long power = 1;
        while (power <= value >> 1)
            power <<= 1;
        return power;
    }

    /// <summary>The level of the node covering <paramref name="chunks"/> chunks: ceil(log2(chunks)).</summary>
    public static int LevelOf(long chunks)
    {
        int level = 0;
        while (1L << level < chunks)
            level++;
        return level;
    }

    public static InstructionSet InstructionSet => InstructionSets.DefaultBlake3;

    /// <summary>
    /// The chaining value of one chunk (0 to 1024 bytes) with index <paramref name="index"/>; with
    /// <paramref name="root"/>, the root's output (the BLAKE3 hash of an input of at most one chunk).
    /// </summary>
    public static void ChunkCv(ReadOnlySpan<byte> chunk, ulong index, bool root, Span<byte> cv)
    {
        Debug.Assert(chunk.Length <= ChunkLength && cv.Length >= HashLength);
        InstructionSet instructionSet = InstructionSet;
        Unsafe.SkipInit(out Blake3Words words);
        Blake3Words.Read(Blake3Words.IV, ref words.W[0]);
        uint start = ChunkStart;
        // Every block but the last straight from the input; the last (it ends the chunk) padded on the stack.
        int full = chunk.IsEmpty ? 0 : (chunk.Length - 1) / Blake3Tree.BlockLength;
        if (full > 0)
        {
            Blake3Block.CompressBlocks(instructionSet, ref words.W[0], ref MemoryMarshal.GetReference(chunk), (nuint)full, index, 0, ChunkStart, 0);
            start = 0;
        }
        ReadOnlySpan<byte> last = chunk.Slice(full * Blake3Tree.BlockLength);
        Unsafe.SkipInit(out Blake3BlockBytes block);
        LastBlock.CopyPadded64(last, ref block.B[0]);
        Blake3Block.Compress(instructionSet, ref words.W[0], ref block.B[0], root ? 0 : index, (uint)last.Length, start | ChunkEnd | (root ? Root : 0));
        Blake3Words.Write(ref words.W[0], ref MemoryMarshal.GetReference(cv));
    }

    /// <summary>The chaining value of a parent node (left CV then right CV, 64 bytes); with <paramref name="root"/>, the root's hash.</summary>
    public static void ParentCv(ReadOnlySpan<byte> node, bool root, Span<byte> cv)
    {
        Debug.Assert(node.Length >= ParentLength && cv.Length >= HashLength);
        Unsafe.SkipInit(out Blake3Words words);
        Blake3Words.Read(Blake3Words.IV, ref words.W[0]);
        Blake3Block.Compress(InstructionSet, ref words.W[0], ref MemoryMarshal.GetReference(node), 0, ParentLength, Parent | (root ? Root : 0));
        Blake3Words.Write(ref words.W[0], ref MemoryMarshal.GetReference(cv));
    }

    /// <summary>Compares two 32-byte chaining values in time independent of where they differ.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.NoOptimization)]
    public static bool CvEquals(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b)
    {
        int diff = 0;
        for (int i = 0; i < HashLength; i++)
            diff |= a[i] ^ b[i];
        return diff == 0;
    }
}
