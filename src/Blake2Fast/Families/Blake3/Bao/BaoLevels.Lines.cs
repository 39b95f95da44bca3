using System;
using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Kernels;
using Blake2Fast.Families.Blake3.Tree;
#endif

namespace Blake2Fast.Families.Blake3.Bao;

/// <summary>
/// A run's combined encoding written, or its input decoded, while the run is hashed: the AVX-512 chunk kernel writes
/// each chunk's 15 whole inner lines with non-temporal stores as it loads them
/// (<c>Blake3Avx512.HashChunksWritingLines</c>), and <c>BaoLineWriter</c> the lines between chunks (with the
/// parents, when encoding). Copying the chunks after hashing them is a pass of its own, and beyond the caches every
/// line it writes is first read for ownership (docs/benchmarks/bao.md).
/// </summary>
internal sealed unsafe partial class BaoLevels
{
    /// <summary>Whether the line-writing paths run where they can; the tests and the benchmark turn it off to set them against the others.</summary>
    internal static bool WritingLines = true;

#if NET8_0_OR_GREATER
    /// <summary>Chunk i at 1024 * i: where a decoded run's chunks go.</summary>
    private static readonly nint[] Contiguous = BuildContiguous();

    // The layout of a run of _layoutChunks chunks (every full run has the same): each chunk's place in its encoding,
    // and its nodes in pre-order as pairs (chunk index, -1) or (-1 - left CV's offset, right CV's offset).
    private nint[]? _positions;
    private int[]? _nodes;
    private int _nodeCount;
    private int _layoutChunks;
    private int _layoutLength;

    private static nint[] BuildContiguous()
    {
        var positions = new nint[MaxChunks];
        for (int i = 0; i < positions.Length; i++)
            positions[i] = (nint)i * BaoTree.ChunkLength;
        return positions;
    }

    /// <summary>Whether the line-writing kernel runs for a run of <paramref name="whole"/> full chunks (at least one group of its lanes).</summary>
    private static bool Runs(int whole) =>
        WritingLines && whole >= Blake3Avx512.Lanes && BaoLineWriter.IsSupported && Blake3Avx512.IsSupported
        && Blake3Batches.Width(BaoTree.InstructionSet) == Blake3Avx512.Lanes;

    /// <summary>Whether runs of up to <see cref="MaxChunks"/> chunks may go through the line-writing paths.</summary>
    public static bool WritesLines => Runs(Blake3Avx512.Lanes);

    /// <summary>
    /// Hashes the run as <see cref="Hash(ReadOnlySpan{byte}, long)"/> does and writes its whole pre-order combined encoding
    /// (parents and chunks) into <paramref name="tree"/>; returns false where the kernel does not run (the caller then
    /// hashes and writes as usual).
    /// </summary>
    public bool TryEncode(ReadOnlySpan<byte> input, long firstChunk, Span<byte> tree)
    {
        int chunks = (int)BaoTree.ChunkCount(input.Length);
        int whole = input.Length % BaoTree.ChunkLength == 0 ? chunks : chunks - 1;
        if (!Runs(whole))
            return false;
        int written = Layout(chunks) - (chunks * BaoTree.ChunkLength - input.Length);
        Debug.Assert(tree.Length >= written);
        byte[] buffer = _buffer ?? throw new ObjectDisposedException(nameof(BaoLevels));
        // Pinned throughout: a non-temporal store may sit in a write-combining buffer until the fence, where a
        // compacting GC's copy of an unpinned destination would not see it.
        fixed (byte* from = input)
        fixed (byte* to = tree)
        fixed (byte* cvs = buffer)
        fixed (nint* positions = _positions)
        fixed (int* nodes = _nodes)
        {
            int inLanes = HashInLanes(from, null, firstChunk, whole, to, positions, cvs);
            // The chunks past the lanes and the parents, which the lines between the chunks hold.
            Hash(input, firstChunk, inLanes);
            AssertLevels(chunks);
            var writer = new BaoLineWriter(to, written);
            for (int n = 0; n < _nodeCount; n++)
            {
                int first = nodes[2 * n], second = nodes[2 * n + 1];
                if (first >= 0)
                {
                    PutChunk(ref writer, from + (long)first * BaoTree.ChunkLength, first < inLanes, input.Length - first * BaoTree.ChunkLength);
                }
                else
                {
                    // Siblings of one level lie side by side; the buffer has room past every CV for a 64-byte read (Slack).
                    byte* left = cvs + (-1 - first), right = cvs + second;
                    writer.Put(right == left + BaoTree.HashLength ? Vector512.Load(left) : Vector512.Create(Vector256.Load(left), Vector256.Load(right)));
                }
            }
            writer.Finish();
        }
        return true;
    }

    /// <summary>
    /// Hashes the run whose pre-order combined encoding is <paramref name="tree"/> as <see cref="Hash(ReadOnlySpan{byte}, long)"/>
    /// does, and writes its input (all of <paramref name="output"/>) there, verified by nobody yet: the caller compares
    /// the parents and clears the output if they differ. Returns false where the kernel does not run.
    /// </summary>
    public bool TryDecode(ReadOnlySpan<byte> tree, long firstChunk, Span<byte> output)
    {
        int chunks = (int)BaoTree.ChunkCount(output.Length);
        int whole = output.Length % BaoTree.ChunkLength == 0 ? chunks : chunks - 1;
        if (!Runs(whole))
            return false;
        Layout(chunks);
        Debug.Assert(tree.Length >= (long)output.Length + (chunks - 1) * BaoTree.ParentLength);
        byte[] buffer = _buffer ?? throw new ObjectDisposedException(nameof(BaoLevels));
        int inLanes;
        fixed (byte* from = tree)
        fixed (byte* to = output)
        fixed (byte* cvs = buffer)
        fixed (nint* sources = _positions)
        fixed (nint* contiguous = Contiguous)
        {
            inLanes = HashInLanes(from, sources, firstChunk, whole, to, contiguous, cvs);
            // Between the kernel's lines: each chunk's first and last blocks; the chunks past the lanes whole.
            var writer = new BaoLineWriter(to, output.Length);
            for (int i = 0; i < chunks; i++)
                PutChunk(ref writer, from + sources[i], i < inLanes, output.Length - i * BaoTree.ChunkLength);
            writer.Finish();
        }
        // The chunks past the lanes from where they now lie, and the parents.
        Hash(output, firstChunk, inLanes);
        return true;
    }

    /// <summary>
    /// A chunk's bytes between the kernel's lines (its first and last blocks) where the kernel hashed it, else all of
    /// it (<paramref name="left"/>: the run's bytes from the chunk on).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void PutChunk(ref BaoLineWriter writer, byte* chunk, bool inLanes, int left)
    {
        if (inLanes)
        {
            writer.Put(Vector512.Load(chunk));
            writer.SkipInside(Vector512.Load(chunk + BaoTree.ChunkLength - 64));
        }
        else
        {
            writer.Put(chunk, Math.Min(BaoTree.ChunkLength, left));
        }
    }

    /// <summary>
    /// The first whole groups of the lanes' chunks (read at <paramref name="input"/> + 1024 i, or + <paramref name="sources"/>[i])
    /// into the CV buffer, their inner lines to <paramref name="destination"/> + <paramref name="positions"/>[i] (all
    /// pinned by the caller); returns how many chunks that was.
    /// </summary>
    private static int HashInLanes(byte* input, nint* sources, long firstChunk, int whole, byte* destination, nint* positions, byte* cvs)
    {
        int inLanes = whole - whole % Blake3Avx512.Lanes;
        Unsafe.SkipInit(out Blake3Words iv);
        Blake3Words.Read(Blake3Words.IV, ref iv.W[0]);
        Blake3Avx512.HashChunksWritingLines(ref *input, ref sources is null ? ref Unsafe.NullRef<nint>() : ref *sources, (nuint)(inLanes / Blake3Avx512.Lanes),
            ref iv.W[0], (ulong)firstChunk, ref *cvs, ref *destination, ref *positions);
        return inLanes;
    }

    [Conditional("DEBUG")]
    private void AssertLevels(int chunks)
    {
        var expected = new int[MaxLevels];
        LevelOffsets(chunks, expected);
        Debug.Assert(_levelOffset.AsSpan(0, _levels).SequenceEqual(expected.AsSpan(0, _levels)));
    }

    /// <summary>
    /// The layout of a run of <paramref name="chunks"/> chunks (kept for the next run of as many); returns its encoding's
    /// length as if every chunk were whole.
    /// </summary>
    private int Layout(int chunks)
    {
        if (_layoutChunks == chunks)
            return _layoutLength;
        // Pooled: a BaoLevels lives for one call, and these are 24 KiB (the layout only, nothing of the caller's).
        _positions ??= ArrayPool<nint>.Shared.Rent(MaxChunks);
        _nodes ??= ArrayPool<int>.Shared.Rent(2 * (2 * MaxChunks - 1));
        Span<int> levels = stackalloc int[MaxLevels];
        LevelOffsets(chunks, levels);
        _nodeCount = 0;
        _layoutLength = Place(levels, 0, chunks, 0);
        _layoutChunks = chunks;
        return _layoutLength;
    }

    private int Place(ReadOnlySpan<int> levels, int start, int chunks, int at)
    {
        int n = _nodeCount++;
        if (chunks == 1)
        {
            _positions![start] = at;
            _nodes![2 * n] = start;
            _nodes[2 * n + 1] = -1;
            return at + BaoTree.ChunkLength;
        }
        int left = (int)BaoTree.HighestPowerOfTwo(chunks - 1);
        _nodes![2 * n] = -1 - CvOffset(levels, start, left);
        _nodes[2 * n + 1] = CvOffset(levels, start + left, chunks - left);
        at = Place(levels, start, left, at + BaoTree.ParentLength);
        return Place(levels, start + left, chunks - left, at);
    }

    /// <summary>Where each level's CVs start in the buffer for a run of <paramref name="chunks"/> chunks, as <see cref="Hash(ReadOnlySpan{byte}, long)"/> lays them out.</summary>
    private static void LevelOffsets(int chunks, Span<int> offsets)
    {
        offsets[0] = 0;
        for (int level = 0, offset = 0, count = chunks; count > 1; count = (count + 1) / 2)
        {
            offset += count * BaoTree.HashLength;
            offsets[++level] = offset;
        }
    }

    /// <summary>Returns the pooled layout (<see cref="Dispose"/>).</summary>
    private void ReturnLayout()
    {
        if (_positions is { } positions)
            ArrayPool<nint>.Shared.Return(positions);
        if (_nodes is { } nodes)
            ArrayPool<int>.Shared.Return(nodes);
        _positions = null;
        _nodes = null;
        _layoutChunks = 0;
    }
#else
    public static bool WritesLines => false;

    private void ReturnLayout()
    {
    }

    /// <summary>The line-writing kernel is AVX-512 only: never here.</summary>
    public bool TryEncode(ReadOnlySpan<byte> input, long firstChunk, Span<byte> tree) => false;

    /// <summary>The line-writing kernel is AVX-512 only: never here.</summary>
    public bool TryDecode(ReadOnlySpan<byte> tree, long firstChunk, Span<byte> output) => false;
#endif
}
