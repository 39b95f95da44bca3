using System;
using System.IO;
#if NET6_0_OR_GREATER
using Microsoft.Win32.SafeHandles;
#endif
using Blake2Fast.Families.Blake3.Bao;

namespace Blake2Fast;

// Encoding on several threads: the *Parallel overloads, over a span or a file.
public static partial class Bao
{
    /// <summary>
    /// Encodes <paramref name="input"/> (combined encoding) into a new array as <see cref="Encode(ReadOnlySpan{byte}, out byte[])"/>
    /// does, hashing and writing its subtrees on several threads of the thread pool. The bytes are the same.
    /// </summary>
    /// <param name="input">The input; it must not change until the call returns.</param>
    /// <param name="hash">The root hash (the input's BLAKE3 hash, 32 bytes) to give the decoder.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use; -1 (the default) for one per processor. See <see cref="EncodeParallel(ReadOnlySpan{byte}, Span{byte}, Span{byte}, int)"/>.</param>
    /// <returns>The combined encoding, <see cref="EncodedLength"/> bytes.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or less than -1.</exception>
    public static byte[] EncodeParallel(ReadOnlySpan<byte> input, out byte[] hash, int maxDegreeOfParallelism = -1)
    {
        int parallelism = Parallelism(maxDegreeOfParallelism);
        var encoded = new byte[EncodedLength(input.Length)];
        hash = new byte[HashLength];
        BaoParallelEncoder.Encode(input, encoded, false, hash, parallelism);
        return encoded;
    }

    /// <summary>
    /// Encodes <paramref name="input"/> (combined encoding) into <paramref name="destination"/> as
    /// <see cref="Encode(ReadOnlySpan{byte}, Span{byte}, Span{byte})"/> does, on several threads of the thread pool: for
    /// large inputs (a few MiB and up). The bytes are the same. Never the default: a server that encodes many inputs
    /// at once is better off with one core per input.
    /// </summary>
    /// <param name="input">The input; it must not change until the call returns.</param>
    /// <param name="destination">Receives the encoding in its first <see cref="EncodedLength"/> bytes.</param>
    /// <param name="hash">Receives the root hash in its first 32 bytes.</param>
    /// <param name="maxDegreeOfParallelism">
    /// The most threads to use; -1 (the default) for one per processor. The input is cut into aligned subtrees of
    /// 256 KiB to 1 MiB, at least one per thread where it is large enough, each hashed and written at its place by the
    /// next free thread; an input too small for two is encoded on the calling thread alone.
    /// </param>
    /// <remarks>Allocates a little per call for the thread pool's work items; rents scratch (cleared on return).</remarks>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="EncodedLength"/>, or <paramref name="hash"/> shorter than 32 bytes, or <paramref name="destination"/> overlaps <paramref name="input"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or less than -1.</exception>
    public static void EncodeParallel(ReadOnlySpan<byte> input, Span<byte> destination, Span<byte> hash, int maxDegreeOfParallelism = -1)
    {
        CheckDestination(destination.Length, EncodedLength(input.Length), nameof(destination), nameof(EncodedLength));
        CheckHash(hash.Length);
        CheckSeparate(input, destination, nameof(input), nameof(destination));
        BaoParallelEncoder.Encode(input, destination, false, hash, Parallelism(maxDegreeOfParallelism));
    }

    /// <summary>Encodes <paramref name="input"/> as an outboard encoding into a new array, on several threads (see <see cref="EncodeParallel(ReadOnlySpan{byte}, Span{byte}, Span{byte}, int)"/>).</summary>
    /// <param name="input">The input; it must not change until the call returns.</param>
    /// <param name="hash">The root hash (the input's BLAKE3 hash, 32 bytes) to give the decoder.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use; -1 (the default) for one per processor.</param>
    /// <returns>The outboard encoding, <see cref="OutboardLength"/> bytes, the same as <see cref="EncodeOutboard(ReadOnlySpan{byte}, out byte[])"/>'s.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or less than -1.</exception>
    public static byte[] EncodeOutboardParallel(ReadOnlySpan<byte> input, out byte[] hash, int maxDegreeOfParallelism = -1)
    {
        int parallelism = Parallelism(maxDegreeOfParallelism);
        var encoded = new byte[OutboardLength(input.Length)];
        hash = new byte[HashLength];
        BaoParallelEncoder.Encode(input, encoded, true, hash, parallelism);
        return encoded;
    }

    /// <summary>Encodes <paramref name="input"/> as an outboard encoding into <paramref name="destination"/>, on several threads (see <see cref="EncodeParallel(ReadOnlySpan{byte}, Span{byte}, Span{byte}, int)"/>).</summary>
    /// <param name="input">The input; it must not change until the call returns.</param>
    /// <param name="destination">Receives the outboard encoding in its first <see cref="OutboardLength"/> bytes.</param>
    /// <param name="hash">Receives the root hash in its first 32 bytes.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use; -1 (the default) for one per processor.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="OutboardLength"/>, or <paramref name="hash"/> shorter than 32 bytes, or <paramref name="destination"/> overlaps <paramref name="input"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or less than -1.</exception>
    public static void EncodeOutboardParallel(ReadOnlySpan<byte> input, Span<byte> destination, Span<byte> hash, int maxDegreeOfParallelism = -1)
    {
        CheckDestination(destination.Length, OutboardLength(input.Length), nameof(destination), nameof(OutboardLength));
        CheckHash(hash.Length);
        CheckSeparate(input, destination, nameof(input), nameof(destination));
        BaoParallelEncoder.Encode(input, destination, true, hash, Parallelism(maxDegreeOfParallelism));
    }

#if NET6_0_OR_GREATER
    /// <summary>
    /// Encodes the file <paramref name="inputPath"/> into the file <paramref name="outputPath"/> (created or
    /// overwritten) as <see cref="EncodeFile(string, string, bool)"/> does, on several threads of the thread pool: each
    /// reads the next free subtree of up to 1 MiB with <see cref="RandomAccess"/>, hashes it and writes its nodes at
    /// their place, so reading, hashing and writing are spread over the cores. The bytes are the same.
    /// </summary>
    /// <param name="inputPath">The file to encode; it must not change while it is encoded.</param>
    /// <param name="outputPath">The encoding's file; must not be <paramref name="inputPath"/>.</param>
    /// <param name="outboard">Whether to write the outboard encoding (without the chunks) instead of the combined one.</param>
    /// <param name="maxDegreeOfParallelism">
    /// The most threads to use; -1 (the default) for one per processor. A file too small for two subtrees of 256 KiB
    /// is encoded on the calling thread alone.
    /// </param>
    /// <returns>The root hash (the file's BLAKE3 hash, 32 bytes).</returns>
    /// <exception cref="ArgumentNullException">A path is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException">Both paths name the same file.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or less than -1.</exception>
    /// <exception cref="EndOfStreamException">The input file became shorter while it was encoded.</exception>
    public static byte[] EncodeFileParallel(string inputPath, string outputPath, bool outboard = false, int maxDegreeOfParallelism = -1)
    {
        CheckPaths(inputPath, outputPath);
        int parallelism = Parallelism(maxDegreeOfParallelism);
        using SafeFileHandle input = File.OpenHandle(inputPath, FileMode.Open, FileAccess.Read, FileShare.Read);
        long length = RandomAccess.GetLength(input);
        int runChunks = length <= BaoTree.MaxLength ? BaoParallelEncoder.RunChunks(length, parallelism) : 0;
        if (runChunks == 0)
        {
            input.Dispose();
            return EncodeFile(inputPath, outputPath, outboard);
        }
        long encodedLength = BaoTree.HeaderLength + BaoTree.EncodedLength(length, outboard);
        using SafeFileHandle output = File.OpenHandle(outputPath, FileMode.Create, FileAccess.Write, FileShare.None, FileOptions.None, encodedLength);
        var hash = new byte[HashLength];
        BaoParallelEncoder.EncodeFile(input, output, length, outboard, runChunks, hash, parallelism);
        return hash;
    }
#endif

    private static void CheckPaths(string inputPath, string outputPath)
    {
        if (inputPath is null)
            throw new ArgumentNullException(nameof(inputPath));
        if (outputPath is null)
            throw new ArgumentNullException(nameof(outputPath));
        if (string.Equals(Path.GetFullPath(inputPath), Path.GetFullPath(outputPath), StringComparison.Ordinal))
            throw new ArgumentException("The output file must not be the input file: the encoding is written while the input is read.", nameof(outputPath));
    }

    /// <summary>The threads <c>maxDegreeOfParallelism</c> asks for, validated and named (as <see cref="Blake3HashState.UpdateParallel(ReadOnlySpan{byte}, int)"/> takes it).</summary>
    private static int Parallelism(int maxDegreeOfParallelism)
    {
        if (maxDegreeOfParallelism == 0 || maxDegreeOfParallelism < -1)
            throw new ArgumentOutOfRangeException(nameof(maxDegreeOfParallelism), maxDegreeOfParallelism, "Use -1 (one thread per processor) or a positive count.");
        return maxDegreeOfParallelism == -1 ? Environment.ProcessorCount : maxDegreeOfParallelism;
    }
}
