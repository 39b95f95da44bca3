using System;
using System.IO;
using System.Threading.Tasks;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// Reads a file (or standard input) and hashes it incrementally, in constant memory: a small file in one read sized to
/// it, a large one in 1 MiB chunks (the next read while this one is hashed), a large BLAKE3 file in slices read and
/// hashed on every thread of the workspace by the library (<see cref="SpreadHashing"/>). Failures are turned into the short system
/// messages coreutils prints (<see cref="FileOpening"/>).
/// </summary>
internal static class FileHasher
{
    /// <summary>The size of the chunks a large file is read and hashed in.</summary>
    public const int ChunkSize = 1 << 20;

    /// <summary>The first read of a file whose size is not known (a pipe, a /proc file, an empty file).</summary>
    private const int UnknownSizeRead = 64 * 1024;

    /// <summary>The buffers of the thread that checks files one after the other, kept from file to file.</summary>
    [ThreadStatic]
    private static Workspace? t_workspace;

    /// <summary>
    /// Hashes the file <paramref name="name"/> (<c>-</c>: standard input) into <paramref name="digest"/>, which must
    /// be exactly the digest length, on this thread alone, with a progress line where the settings ask for one.
    /// Returns null on success, else what went wrong.
    /// </summary>
    public static FileFailure? TryHash(string name, DigestAlgorithm algorithm, Span<byte> digest, ToolContext context) =>
        TryHash(name, algorithm, digest, context, t_workspace ??= new Workspace(1));

    /// <summary>
    /// Hashes as <see cref="TryHash(string, DigestAlgorithm, Span{byte}, ToolContext)"/> does, with the buffers and
    /// thread count of <paramref name="workspace"/>, drawing the progress line itself when the settings ask for one.
    /// </summary>
    public static FileFailure? TryHash(string name, DigestAlgorithm algorithm, Span<byte> digest, ToolContext context, Workspace workspace)
    {
        if (!context.Settings.ShowProgress)
        {
            return TryHash(name, algorithm, digest, context, workspace, report: null);
        }

        Progress? progress = null;
        try
        {
            return TryHash(name, algorithm, digest, context, workspace, (done, total) =>
            {
                if (total >= context.Settings.ProgressThreshold)
                {
                    progress ??= new Progress(context, name, total);
                    progress.Report(done);
                }
            });
        }
        finally
        {
            progress?.Clear();
        }
    }

    /// <summary>
    /// Hashes as above; <paramref name="report"/>, if given, is called on this thread with the bytes done and the
    /// file's size (-1 when unknown) after the file is opened and after each block.
    /// </summary>
    public static FileFailure? TryHash(string name, DigestAlgorithm algorithm, Span<byte> digest, ToolContext context, Workspace workspace, Action<long, long>? report)
    {
        InputFile? file = null;
        try
        {
            if (name == "-")
            {
                context.StdinUsed = true;
                using DigestAlgorithm.IncrementalDigest hasher = algorithm.CreateHasher(digest.Length);
                HashStream(context.Stdin, hasher, workspace, report);
                hasher.Finish(digest);
            }
            else
            {
                FileFailure? openFailure = InputFile.TryOpen(context.ResolvePath(name), out file);
                if (openFailure is not null)
                {
                    return openFailure;
                }

                HashFile(file!, algorithm, digest, workspace, report);
            }

            return null;
        }
        catch (IOException ex)
        {
            return new FileFailure(FileOpening.Describe(ex), IsMissing: false);
        }
        catch (UnauthorizedAccessException)
        {
            return new FileFailure("Permission denied", IsMissing: false);
        }
        finally
        {
            file?.Dispose();
        }
    }

    private static void HashStream(Stream stream, DigestAlgorithm.IncrementalDigest hasher, Workspace workspace, Action<long, long>? report)
    {
        byte[] buffer = workspace.Buffer(UnknownSizeRead);
        long done = 0;
        report?.Invoke(0, -1);
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
        {
            hasher.Update(buffer, read);
            done += read;
            report?.Invoke(done, -1);
        }
    }

    /// <summary>
    /// Hashes an open file to its end into <paramref name="digest"/>. A file smaller than a chunk is read in one read
    /// of one byte more than its size (a regular file returns less than asked only at its end) and hashed in one call,
    /// with no hash object made; a file that turns out not to be the size it had at the open goes on incrementally
    /// from the bytes read, as does every larger file.
    /// </summary>
    internal static void HashFile(InputFile file, DigestAlgorithm algorithm, Span<byte> digest, Workspace workspace, Action<long, long>? report)
    {
        long size = file.Size;
        if (size < 0 || size >= ChunkSize)
        {
            using DigestAlgorithm.IncrementalDigest whole = algorithm.CreateHasher(digest.Length);
            HashFile(file, whole, workspace, report);
            whole.Finish(digest);
            return;
        }

        report?.Invoke(0, size);

        // An empty file gets the first read of a file of unknown size: some files (in /proc, /sys) report no size.
        int request = size == 0 ? UnknownSizeRead : (int)size + 1;
        byte[] buffer = workspace.Buffer(request);
        int read = file.Read(buffer.AsSpan(0, request), 0);
        if (read == size)
        {
            algorithm.HashWhole(buffer.AsSpan(0, read), digest);
            report?.Invoke(read, size);
            return;
        }

        using DigestAlgorithm.IncrementalDigest hasher = algorithm.CreateHasher(digest.Length);
        HashFrom(file, hasher, workspace, report, size, 0, buffer, request, read);
        hasher.Finish(digest);
    }

    /// <summary>
    /// Hashes an open file to its end. The size found at the open only sizes the reads: a file that grows or shrinks
    /// meanwhile is hashed as far as reads reach, as b2sum does.
    /// </summary>
    internal static void HashFile(InputFile file, DigestAlgorithm.IncrementalDigest hasher, Workspace workspace, Action<long, long>? report)
    {
        long size = file.Size;
        report?.Invoke(0, size);
        long offset = 0;
        if (size >= SpreadHashing.Minimum && workspace.Threads > 1 && hasher.IsBlake3 && file.Positional)
        {
            offset = SpreadHashing.Hash(file, size, hasher, workspace, report);
        }

        // One more than what is left, so that a file read to its size is known to be at its end without another
        // read: a regular file returns less than asked only at its end.
        int request = size > offset ? (int)Math.Min(size - offset + 1, ChunkSize) : UnknownSizeRead;
        byte[] current = workspace.Buffer(request);
        int read = file.Read(current.AsSpan(0, request), offset);
        HashFrom(file, hasher, workspace, report, size, offset, current, request, read);
    }

    /// <summary>
    /// Hashes on from a read of <paramref name="request"/> bytes at <paramref name="offset"/> into
    /// <paramref name="current"/> (the workspace's buffer) that returned <paramref name="read"/>, to the file's end.
    /// </summary>
    private static void HashFrom(
        InputFile file, DigestAlgorithm.IncrementalDigest hasher, Workspace workspace, Action<long, long>? report, long size, long offset, byte[] current, int request, int read)
    {
        Task<int>? ahead = null;
        try
        {
            while (read > 0)
            {
                long end = offset + read;
                bool atEnd = end == size && read < request;

                // A large file: read the next chunk on another thread while this one is hashed, so that the copy out
                // of the page cache overlaps the hashing. Only once a 1 MiB read came back full.
                byte[]? next = null;
                if (!atEnd && read == ChunkSize)
                {
                    next = workspace.Ahead();
                    byte[] target = next;
                    ahead = Task.Run(() => file.Read(target.AsSpan(0, ChunkSize), end));
                }

                hasher.Update(current, read);
                offset = end;
                report?.Invoke(offset, size);
                if (atEnd)
                {
                    break;
                }

                if (ahead is not null)
                {
                    read = ahead.GetAwaiter().GetResult(); // rethrows the read's IOException as it was
                    ahead = null;
                    workspace.Swap();
                    current = next!;
                    request = ChunkSize;
                    continue;
                }

                request = read < request ? request : (int)Math.Min((long)request * 2, ChunkSize);
                current = workspace.Buffer(request);
                read = file.Read(current.AsSpan(0, request), offset);
            }
        }
        finally
        {
            // A read still running (the hash threw) must finish before its buffer is used again.
            if (ahead is not null)
            {
                try
                {
                    ahead.GetAwaiter().GetResult();
                }
                catch (IOException)
                {
                }
            }
        }
    }
}
