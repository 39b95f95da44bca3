using System;
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
/// parents, when encoding). Copying the chunks after hashing them cost a fifth of hashing's time in the caches, and
/// beyond them every line of the destination was first read for ownership: docs/benchmarks/bao.md.
/// </summary>
internal sealed unsafe partial class BaoLevels
{
    /// <summary>Whether the line-writing paths run where they can; the tests and the benchmark turn it off to set them against the others.</summary>
    internal static bool WritingLines = true;

#if NET8_0_OR_GREATER
    /// <summary>Chunk i at 1024 * i: where a decoded run's chunks go.</summary>
    private static readonly nint[] Contiguous = BuildContiguous();

    private nint[]? _positions; // each chunk's place in the run's encoding

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
    /// (parents and chunks) into <paramref name="tree"/>; returns the bytes written, or 0 where the kernel does not
    /// run (the caller then hashes and writes as usual).
    /// </summary>
    public int TryEncode(ReadOnlySpan<byte> input, long firstChunk, Span<byte> tree)
    {
        int chunks = (int)BaoTree.ChunkCount(input.Length);
        int whole = input.Length % BaoTree.ChunkLength == 0 ? chunks : chunks - 1;
        if (!Runs(whole))
            return 0;
        int written = Place(chunks) - (chunks * BaoTree.ChunkLength - input.Length);
        Debug.Assert(tree.Length >= written);
        int inLanes = Hash(ref MemoryMarshal.GetReference(input), null, firstChunk, whole, tree);
        // The chunks past the lanes and the parents, which the lines between the chunks hold.
        Hash(input, firstChunk, inLanes);
        fixed (byte* from = input)
        fixed (byte* to = tree)
        fixed (byte* cvs = _buffer)
        {
            var writer = new BaoLineWriter(to, written);
            Write(ref writer, 0, chunks, from, input.Length, inLanes, cvs);
            writer.Finish();
        }
        return written;
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
        Place(chunks);
        Debug.Assert(tree.Length >= (long)output.Length + (chunks - 1) * BaoTree.ParentLength);
        int inLanes;
        fixed (nint* sources = _positions)
        {
            inLanes = Hash(ref MemoryMarshal.GetReference(tree), sources, firstChunk, whole, output);
        }
        fixed (byte* from = tree)
        fixed (byte* to = output)
        fixed (nint* sources = _positions)
        {
            // Between the kernel's lines: each chunk's first and last blocks; the chunks past the lanes whole.
            var writer = new BaoLineWriter(to, output.Length);
            for (int i = 0; i < chunks; i++)
            {
                byte* chunk = from + sources[i];
                if (i < inLanes)
                {
                    writer.Put(Vector512.Load(chunk));
                    writer.SkipInside(Vector512.Load(chunk + BaoTree.ChunkLength - 64));
                }
                else
                {
                    writer.Put(chunk, Math.Min(BaoTree.ChunkLength, output.Length - i * BaoTree.ChunkLength));
                }
            }
            writer.Finish();
        }
        // The chunks past the lanes from where they now lie, and the parents.
        Hash(output, firstChunk, inLanes);
        return true;
    }

    /// <summary>
    /// The first whole groups of the lanes' chunks (read at <paramref name="input"/> + 1024 i, or + <paramref name="sources"/>[i])
    /// into the CV buffer, their inner lines into <paramref name="destination"/> (at the run's encoding positions when
    /// reading contiguous input, else contiguous); returns how many chunks that was.
    /// </summary>
    private int Hash(ref byte input, nint* sources, long firstChunk, int whole, Span<byte> destination)
    {
        int inLanes = whole - whole % Blake3Avx512.Lanes;
        byte[] buffer = _buffer ?? throw new ObjectDisposedException(nameof(BaoLevels));
        Debug.Assert(buffer.Length >= inLanes * BaoTree.HashLength);
        Unsafe.SkipInit(out Blake3Words iv);
        Blake3Words.Read(Blake3Words.IV, ref iv.W[0]);
        fixed (byte* to = destination)
        fixed (nint* positions = sources is null ? _positions : Contiguous)
        fixed (byte* cvs = buffer)
        {
            Blake3Avx512.HashChunksWritingLines(ref input, ref sources is null ? ref Unsafe.NullRef<nint>() : ref *sources, (nuint)(inLanes / Blake3Avx512.Lanes),
                ref iv.W[0], (ulong)firstChunk, ref *cvs, ref *to, ref *positions);
        }
        return inLanes;
    }

    /// <summary>
    /// The pre-order nodes of the subtree of <paramref name="chunks"/> chunks from <paramref name="start"/>; of the first
    /// <paramref name="inLanes"/> chunks only the first and last blocks, whose lines join the kernel's.
    /// </summary>
    private void Write(ref BaoLineWriter writer, int start, int chunks, byte* input, int length, int inLanes, byte* cvs)
    {
        if (chunks == 1)
        {
            byte* chunk = input + (long)start * BaoTree.ChunkLength;
            if (start < inLanes)
            {
                writer.Put(Vector512.Load(chunk));
                writer.SkipInside(Vector512.Load(chunk + BaoTree.ChunkLength - 64));
            }
            else
            {
                writer.Put(chunk, Math.Min(BaoTree.ChunkLength, length - start * BaoTree.ChunkLength));
            }
            return;
        }
        int left = (int)BaoTree.HighestPowerOfTwo(chunks - 1);
        int leftCv = CvOffset(start, left), rightCv = CvOffset(start + left, chunks - left);
        // Siblings of one level lie side by side; the buffer has room past every CV for a 64-byte read (Slack).
        writer.Put(rightCv == leftCv + BaoTree.HashLength
            ? Vector512.Load(cvs + leftCv)
            : Vector512.Create(Vector256.Load(cvs + leftCv), Vector256.Load(cvs + rightCv)));
        Write(ref writer, start, left, input, length, inLanes, cvs);
        Write(ref writer, start + left, chunks - left, input, length, inLanes, cvs);
    }

    /// <summary>Each chunk's place in the pre-order encoding of a run of <paramref name="chunks"/> chunks; returns its length as if every chunk were whole.</summary>
    private int Place(int chunks) => Place(_positions ??= new nint[MaxChunks], 0, chunks, 0);

    private static int Place(nint[] positions, int start, int chunks, int at)
    {
        if (chunks == 1)
        {
            positions[start] = at;
            return at + BaoTree.ChunkLength;
        }
        int left = (int)BaoTree.HighestPowerOfTwo(chunks - 1);
        at = Place(positions, start, left, at + BaoTree.ParentLength);
        return Place(positions, start + left, chunks - left, at);
    }
#else
    public static bool WritesLines => false;
#endif
}
