using System;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// One large BLAKE3 file hashed on several threads, through the library's public
/// <see cref="Blake3HashState.UpdateParallel(Microsoft.Win32.SafeHandles.SafeFileHandle, long, long, int)"/>: each
/// thread reads the next free 1 MiB slice into its own buffer and hashes it there into the slice's subtree, so the copy
/// out of the page cache is split over the cores like the hashing. The same engine hashes a span with
/// <c>UpdateParallel</c>; the tool has no parallel code of its own.
/// </summary>
internal static class SpreadHashing
{
    /// <summary>BLAKE3 files from this size on are spread over the workspace's threads.</summary>
    public const long Minimum = 4L << 20;

    /// <summary>Bytes given to the library per call, with progress reported between calls: a few tens of milliseconds.</summary>
    private const long Segment = 64L << 20;

    /// <summary>
    /// Adds the file's first <paramref name="size"/> bytes (its size at the open) to <paramref name="hasher"/> on the
    /// workspace's threads, a segment at a time. Reads, unlike a memory mapping, cannot fault when the file is
    /// truncated meanwhile (SIGBUS): the library stops at the file's end and says how far it got. Returns the offset
    /// reached; the caller reads on from there to the end, so a file that grew is hashed as far as reads reach.
    /// </summary>
    public static long Hash(InputFile file, long size, DigestAlgorithm.IncrementalDigest hasher, Workspace workspace, Action<long, long>? report)
    {
        long offset = 0;
        while (offset < size)
        {
            long asked = Math.Min(Segment, size - offset);
            long added = hasher.UpdateParallel(file.Handle, offset, asked, workspace.Threads);
            offset += added;
            report?.Invoke(offset, size);
            if (added < asked)
            {
                break; // the file shrank: the caller's read finds its end
            }
        }

        return offset;
    }
}
