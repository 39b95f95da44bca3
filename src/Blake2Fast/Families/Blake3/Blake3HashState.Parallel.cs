using System;
#if NET6_0_OR_GREATER
using System.IO;
using Microsoft.Win32.SafeHandles;
#endif
using Blake2Fast.Families.Blake3.Tree;

namespace Blake2Fast;

// Adding input on several threads: UpdateParallel, over a span or a file.
public unsafe partial struct Blake3HashState
{
    /// <summary>
    /// Adds <paramref name="input"/> as <see cref="Update(ReadOnlySpan{byte})"/> does, hashing its whole chunks on
    /// several threads of the thread pool: for large inputs in memory (a few MiB and up), where every core's SIMD lanes
    /// add up. The hash is the same as with <see cref="Update(ReadOnlySpan{byte})"/>. Never the default: a server
    /// that hashes many inputs at once is better off with one core per input.
    /// </summary>
    /// <param name="input">The data to add; it must not change until the call returns.</param>
    /// <param name="maxDegreeOfParallelism">
    /// The most threads to use; -1 (the default) for one per processor. The input is cut into aligned slices of 256 KiB
    /// to 1 MiB, at least one per thread where it is large enough; an input too small for two slices is hashed on the
    /// calling thread alone.
    /// </param>
    /// <remarks>
    /// Allocates a little per call for the thread pool's work items (nothing on the calling thread alone). The same
    /// engine hashes a file with <c>UpdateParallel(SafeFileHandle, long, long, int)</c> (.NET 8 and later).
    /// </remarks>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or less than -1.</exception>
    /// <exception cref="ArgumentException">The state hashes a subtree and <paramref name="input"/> would make it longer than the largest subtree at its offset; nothing is added.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public void UpdateParallel(ReadOnlySpan<byte> input, int maxDegreeOfParallelism = -1) => Update(input, Parallelism(maxDegreeOfParallelism));

#if NET6_0_OR_GREATER
    /// <summary>
    /// Adds <paramref name="length"/> bytes of <paramref name="file"/>, from <paramref name="fileOffset"/> on, read and
    /// hashed on several threads of the thread pool: each thread reads the next free slice of up to 1 MiB with
    /// <see cref="RandomAccess.Read(SafeFileHandle, Span{byte}, long)"/> into a buffer of its own and hashes it there,
    /// so the copy out of the operating system's cache is spread over the cores like the hashing. The hash is the same
    /// as with <see cref="Update(ReadOnlySpan{byte})"/> of those bytes. For large files (a few MiB and up); the file's
    /// position, if it has one, is neither used nor moved.
    /// </summary>
    /// <param name="file">A handle to a file that can be read at an offset (not a pipe or a socket), opened for reading.</param>
    /// <param name="fileOffset">Where in the file the bytes to add start.</param>
    /// <param name="length">How many bytes to add.</param>
    /// <param name="maxDegreeOfParallelism">
    /// The most threads to use; -1 (the default) for one per processor. Ranges too small to split (under two slices of
    /// 256 KiB) are read and hashed on the calling thread alone.
    /// </param>
    /// <returns>
    /// The bytes added: <paramref name="length"/>, or fewer if the file ended first (it is shorter, or was truncated
    /// meanwhile). The state then holds exactly the bytes before the file's end (past the first slice that came back
    /// short, the file is read on the calling thread) and stays usable.
    /// </returns>
    /// <remarks>
    /// Rents its read buffers (one slice per thread) from <see cref="System.Buffers.ArrayPool{T}.Shared"/> and clears
    /// them on return; allocates a little per call for the thread pool's work items. A file that changes while it is
    /// read (other than by growing or shrinking at its end) gives the hash of whatever each read saw.
    /// </remarks>
    /// <exception cref="ArgumentNullException"><paramref name="file"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException">
    /// <paramref name="fileOffset"/> or <paramref name="length"/> is negative, their sum passes <see cref="long.MaxValue"/>,
    /// or <paramref name="maxDegreeOfParallelism"/> is 0 or less than -1; nothing is read.
    /// </exception>
    /// <exception cref="ArgumentException">
    /// <paramref name="file"/> is an invalid handle, or the state hashes a subtree (<see cref="SetInputOffset"/>) and
    /// <paramref name="length"/> bytes would make it longer than the largest subtree at its offset; nothing is read.
    /// </exception>
    /// <exception cref="ObjectDisposedException"><paramref name="file"/> is closed; nothing is read.</exception>
    /// <exception cref="NotSupportedException"><paramref name="file"/> cannot be read at an offset (a pipe or a socket); nothing is read.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    /// <exception cref="IOException">
    /// A read failed (the exception of <see cref="RandomAccess.Read(SafeFileHandle, Span{byte}, long)"/>, not wrapped in
    /// an <see cref="AggregateException"/>; so is <see cref="UnauthorizedAccessException"/>). Part of the range may have
    /// been added, so the state is cleared and refuses further use, as a finished state does.
    /// </exception>
    public long UpdateParallel(SafeFileHandle file, long fileOffset, long length, int maxDegreeOfParallelism = -1)
    {
        if (file is null)
            throw new ArgumentNullException(nameof(file));
        if (fileOffset < 0)
            throw new ArgumentOutOfRangeException(nameof(fileOffset), fileOffset, "A file offset is 0 or more.");
        if (length < 0 || length > long.MaxValue - fileOffset)
            throw new ArgumentOutOfRangeException(nameof(length), length, "The length is 0 or more, and the range ends at long.MaxValue at the most.");
        int parallelism = Parallelism(maxDegreeOfParallelism);
        if (_status != Live)
            ThrowUnusable();
        if (_tree.FirstChunk != 0 && (ulong)length > SubtreeRoomLeft)
            ThrowSubtreeFull(length, nameof(length));
        if (file.IsInvalid)
            throw new ArgumentException("The file handle is invalid.", nameof(file));
        // Refuses a closed handle (ObjectDisposedException) and one that cannot be read at an offset (NotSupportedException) before anything is read.
        RandomAccess.GetLength(file);
        try
        {
            return Blake3Parallel.HashFile(ref _tree, file, fileOffset, length, parallelism);
        }
        catch
        {
            Clear();
            throw;
        }
    }
#endif

    /// <summary>The threads <c>maxDegreeOfParallelism</c> asks for, validated and named.</summary>
    private static int Parallelism(int maxDegreeOfParallelism)
    {
        if (maxDegreeOfParallelism == 0 || maxDegreeOfParallelism < -1)
            throw new ArgumentOutOfRangeException(nameof(maxDegreeOfParallelism), maxDegreeOfParallelism, "Use -1 (one thread per processor) or a positive count.");
        return maxDegreeOfParallelism == -1 ? Environment.ProcessorCount : maxDegreeOfParallelism;
    }
}
