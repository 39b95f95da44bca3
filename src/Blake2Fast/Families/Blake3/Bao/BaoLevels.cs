using System;
using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Kernels;
using Blake2Fast.Families.Blake3.Tree;
using static Blake2Fast.Families.Blake3.Kernels.Blake3Flags;

namespace Blake2Fast.Families.Blake3.Bao;

/// <summary>
/// Every chaining value of a run of up to <see cref="MaxChunks"/> chunks that starts on a multiple of its size in
/// chunks (so it is one subtree of the Bao tree, or the right edge of one): the chunks side by side on the widest
/// lane kernels (<see cref="Blake3Batches"/>, as <c>Blake3.HashData</c> hashes them), then each level of parents side
/// by side, all levels kept, since an encoding writes every parent node. Level k holds ceil(n / 2^k) CVs; an odd last
/// node is carried up unchanged (it has no sibling on its level), which gives BLAKE3's left-full tree.
/// </summary>
internal sealed unsafe partial class BaoLevels : IDisposable
{
    /// <summary>Chunks per run: 1 MiB, where the narrow tail of each level is a small share of the work (as in <c>Blake3Tree</c>).</summary>
    public const int MaxChunks = 1024;

    private const int MaxLevels = 11; // log2(MaxChunks) + 1
    private const int Slack = Blake3Batches.MaxLanes * 64 + 64; // idle lanes of a partial group may write here

    private byte[]? _buffer;
    private readonly int[] _levelOffset = new int[MaxLevels];
    private int _chunks;
    private int _levels;
    private int _used; // the most of the buffer any run wrote (idle lanes included): what Dispose clears

    public BaoLevels(int maxChunks)
    {
        Debug.Assert(maxChunks >= 1 && maxChunks <= MaxChunks);
        // Level sizes sum to less than 2n CVs.
        _buffer = ArrayPool<byte>.Shared.Rent(2 * maxChunks * BaoTree.HashLength + Slack);
    }

    /// <summary>Chunks of the run last hashed.</summary>
    public int Chunks => _chunks;

    /// <summary>
    /// Hashes the run of <paramref name="input"/> (1 to <see cref="MaxChunks"/> chunks, every one full but the
    /// last) whose first chunk has index <paramref name="firstChunk"/>, and all its parents' CVs (none as root).
    /// </summary>
    public void Hash(ReadOnlySpan<byte> input, long firstChunk) => Hash(input, firstChunk, 0);

    /// <summary><see cref="Hash(ReadOnlySpan{byte}, long)"/> with the CVs of the first <paramref name="hashed"/> chunks already in place.</summary>
    private void Hash(ReadOnlySpan<byte> input, long firstChunk, int hashed)
    {
        int chunks = (int)BaoTree.ChunkCount(input.Length);
        Debug.Assert(chunks <= MaxChunks && firstChunk % (1L << BaoTree.LevelOf(chunks)) == 0);
        byte[] buffer = _buffer ?? throw new ObjectDisposedException(nameof(BaoLevels));
        Debug.Assert(buffer.Length >= 2 * chunks * BaoTree.HashLength + Slack);
        _chunks = chunks;
        _used = Math.Max(_used, Math.Min(buffer.Length, 2 * chunks * BaoTree.HashLength + Slack));
        InstructionSet instructionSet = BaoTree.InstructionSet;
        // Full chunks go on the lanes; a short last chunk (or the empty input's one chunk) is hashed alone.
        int whole = input.Length % BaoTree.ChunkLength == 0 && !input.IsEmpty ? chunks : chunks - 1;
        Unsafe.SkipInit(out Blake3Words iv);
        Blake3Words.Read(Blake3Words.IV, ref iv.W[0]);
        fixed (byte* from = input)
        fixed (byte* cvs = buffer)
        {
            if (whole > hashed)
            {
                Blake3Batches.HashMany(instructionSet, from + (long)hashed * BaoTree.ChunkLength, whole - hashed, BaoTree.ChunkLength, BaoTree.ChunkLength / 64,
                    (uint*)Unsafe.AsPointer(ref iv.W[0]), (ulong)(firstChunk + hashed), true, 0, ChunkStart, ChunkEnd, cvs + hashed * BaoTree.HashLength,
                    input.Length - (long)hashed * BaoTree.ChunkLength, buffer.Length - hashed * BaoTree.HashLength);
            }
            if (whole < chunks)
            {
                BaoTree.ChunkCv(input.Slice(whole * BaoTree.ChunkLength), (ulong)(firstChunk + whole), false,
                    new Span<byte>(cvs + whole * BaoTree.HashLength, BaoTree.HashLength));
            }

            // Level by level: pairs side by side, an odd last node carried up.
            int offset = 0, count = chunks, level = 0;
            _levelOffset[0] = 0;
            while (count > 1)
            {
                int pairs = count / 2, next = offset + count * BaoTree.HashLength;
                Blake3Batches.HashMany(instructionSet, cvs + offset, pairs, BaoTree.ParentLength, 1, (uint*)Unsafe.AsPointer(ref iv.W[0]), 0, false, Parent, 0, 0,
                    cvs + next, buffer.Length - offset, buffer.Length - next);
                if ((count & 1) != 0)
                    Buffer.MemoryCopy(cvs + offset + (count - 1) * BaoTree.HashLength, cvs + next + pairs * BaoTree.HashLength, BaoTree.HashLength, BaoTree.HashLength);
                offset = next;
                count = (count + 1) / 2;
                _levelOffset[++level] = offset;
            }
            _levels = level + 1;
        }
    }

    /// <summary>
    /// The CV of the node covering <paramref name="chunks"/> chunks from chunk <paramref name="start"/> of the run
    /// (a node of the run's tree: aligned to its level).
    /// </summary>
    public ReadOnlySpan<byte> Cv(int start, int chunks) => new(_buffer, CvOffset(start, chunks), BaoTree.HashLength);

    private int CvOffset(int start, int chunks)
    {
        Debug.Assert(BaoTree.LevelOf(chunks) < _levels && start + chunks <= _chunks);
        return CvOffset(_levelOffset, start, chunks);
    }

    private static int CvOffset(ReadOnlySpan<int> levelOffsets, int start, int chunks)
    {
        int level = BaoTree.LevelOf(chunks);
        Debug.Assert(start % (1 << level) == 0);
        return levelOffsets[level] + (start >> level) * BaoTree.HashLength;
    }

    /// <summary>The CV of the whole run (not as root).</summary>
    public ReadOnlySpan<byte> Top => Cv(0, _chunks);

    public void Dispose()
    {
        ReturnLayout();
        if (_buffer is { } buffer)
        {
            // CVs of public data, but nothing of a caller's should linger in a shared pool. Only what was written:
            // the pool's buffer may be twice that, and clearing it all cost a few percent of a 1 MiB encoding.
            Array.Clear(buffer, 0, _used);
            ArrayPool<byte>.Shared.Return(buffer);
            _buffer = null;
        }
    }
}
