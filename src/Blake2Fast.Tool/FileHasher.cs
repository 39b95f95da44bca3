using System;
using System.Buffers;
using System.IO;
using System.Text;
using System.Threading.Tasks;

namespace Blake2Fast.Tool;

/// <summary>
/// Reads a file (or standard input) in large pooled chunks and hashes it incrementally, in constant memory.
/// Failures are turned into the short system messages coreutils prints ("No such file or directory", ...).
/// </summary>
internal static class FileHasher
{
    /// <summary>The size of the chunks read and hashed at a time.</summary>
    public const int ChunkSize = 1 << 20;

    /// <summary>What went wrong opening or reading a file.</summary>
    public readonly record struct Failure(string Message, bool IsMissing);

    /// <summary>
    /// Hashes the file <paramref name="name"/> (<c>-</c>: standard input) into <paramref name="digest"/>, which must
    /// be exactly the digest length. Returns null on success, else what went wrong.
    /// </summary>
    public static Failure? TryHash(string name, DigestAlgorithm algorithm, Span<byte> digest, ToolContext context)
    {
        Stream? stream = null;
        bool ownsStream = false;
        try
        {
            if (name == "-")
            {
                stream = context.Stdin;
                context.StdinUsed = true;
            }
            else
            {
                Failure? openFailure = TryOpen(context.ResolvePath(name), out stream);
                if (openFailure is not null)
                {
                    return openFailure;
                }

                ownsStream = true;
            }

            using DigestAlgorithm.IncrementalDigest hasher = algorithm.CreateHasher(digest.Length);
            long total = -1;
            if (ownsStream && stream!.CanSeek)
            {
                total = stream.Length;
            }

            Progress? progress = context.Settings.ShowProgress && total >= context.Settings.ProgressThreshold
                ? new Progress(context, name, total)
                : null;

            byte[] current = ArrayPool<byte>.Shared.Rent(ChunkSize);
            byte[] next = ArrayPool<byte>.Shared.Rent(ChunkSize);
            Task<int>? ahead = null;
            try
            {
                long done = 0;
                int read = stream!.Read(current, 0, ChunkSize);
                while (read > 0)
                {
                    // Read the next chunk on another thread while this one is hashed, so that the copy out of the
                    // page cache (about a tenth of the time of a cached file) overlaps the hashing instead of adding
                    // to it. Only once a chunk came back full: a small file never starts a thread.
                    if (read == ChunkSize)
                    {
                        Stream source = stream;
                        byte[] target = next;
                        ahead = Task.Run(() => source.Read(target, 0, ChunkSize));
                    }

                    hasher.Update(current, read);
                    done += read;
                    progress?.Report(done);
                    if (ahead is null)
                    {
                        read = stream.Read(current, 0, ChunkSize);
                        continue;
                    }

                    read = ahead.GetAwaiter().GetResult(); // rethrows the read's IOException as it was
                    ahead = null;
                    (current, next) = (next, current);
                }
            }
            finally
            {
                // A read still running (the hash threw) must finish before its buffer goes back to the pool.
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

                ArrayPool<byte>.Shared.Return(current);
                ArrayPool<byte>.Shared.Return(next);
                progress?.Clear();
            }

            hasher.Finish(digest);
            return null;
        }
        catch (IOException ex)
        {
            return new Failure(Describe(ex), IsMissing: false);
        }
        catch (UnauthorizedAccessException)
        {
            return new Failure("Permission denied", IsMissing: false);
        }
        finally
        {
            if (ownsStream)
            {
                stream?.Dispose();
            }
        }
    }

    /// <summary>Opens a file for reading, or says why it cannot be.</summary>
    public static Failure? TryOpen(string path, out Stream? stream)
    {
        stream = null;
        if (path.Length == 0)
        {
            return new Failure("No such file or directory", IsMissing: true);
        }

        if (path.IndexOf('\0') >= 0)
        {
            return new Failure("No such file or directory", IsMissing: true);
        }

        try
        {
            if (Directory.Exists(path))
            {
                return new Failure("Is a directory", IsMissing: false);
            }

            stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite, bufferSize: 1, FileOptions.SequentialScan);
            return null;
        }
        catch (FileNotFoundException)
        {
            return new Failure("No such file or directory", IsMissing: true);
        }
        catch (DirectoryNotFoundException)
        {
            return HasFileAncestor(path)
                ? new Failure("Not a directory", IsMissing: false)
                : new Failure("No such file or directory", IsMissing: true);
        }
        catch (PathTooLongException)
        {
            return new Failure("File name too long", IsMissing: false);
        }
        catch (UnauthorizedAccessException)
        {
            return Directory.Exists(path)
                ? new Failure("Is a directory", IsMissing: false)
                : new Failure("Permission denied", IsMissing: false);
        }
        catch (IOException ex)
        {
            if (path.EndsWith("/", StringComparison.Ordinal) && File.Exists(path.TrimEnd('/')))
            {
                return new Failure("Not a directory", IsMissing: false);
            }

            return new Failure(Describe(ex), IsMissing: false);
        }
        catch (ArgumentException)
        {
            return new Failure("Invalid argument", IsMissing: false);
        }
        catch (NotSupportedException)
        {
            return new Failure("Invalid argument", IsMissing: false);
        }
    }

    /// <summary>
    /// The system's reason from an I/O exception. On Unix .NET words these as "reason : 'path'" (or "reason"), so
    /// the path part is dropped.
    /// </summary>
    private static string Describe(IOException ex)
    {
        string message = ex.Message;
        int cut = message.IndexOf(" : '", StringComparison.Ordinal);
        if (cut > 0)
        {
            message = message.Substring(0, cut);
        }

        message = message.TrimEnd('.', ' ');
        return message.Length == 0 ? "Input/output error" : message;
    }

    private static bool HasFileAncestor(string path)
    {
        try
        {
            string? directory = Path.GetDirectoryName(Path.GetFullPath(path));
            while (!string.IsNullOrEmpty(directory))
            {
                if (File.Exists(directory))
                {
                    return true;
                }

                directory = Path.GetDirectoryName(directory);
            }
        }
        catch (ArgumentException)
        {
        }
        catch (IOException)
        {
        }

        return false;
    }

    /// <summary>A one-line progress display on standard error, redrawn at most a few times a second.</summary>
    private sealed class Progress
    {
        private const double MiB = 1024.0 * 1024.0;
        private readonly ToolContext _context;
        private readonly string _label;
        private readonly long _total;
        private long _lastDraw;
        private int _lastWidth;

        public Progress(ToolContext context, string name, long total)
        {
            _context = context;
            _label = context.QuoteName(name);
            _total = total;
            _lastDraw = Environment.TickCount64 - 1000;
        }

        public void Report(long done)
        {
            long now = Environment.TickCount64;
            if (now - _lastDraw < 200 && done < _total)
            {
                return;
            }

            _lastDraw = now;
            int percent = _total <= 0 ? 100 : (int)Math.Min(100, done * 100 / _total);
            string line = string.Create(
                System.Globalization.CultureInfo.InvariantCulture,
                $"{_label}: {percent,3}% ({done / MiB:F1} of {_total / MiB:F1} MiB)");
            var sb = new StringBuilder("\r").Append(line);
            if (line.Length < _lastWidth)
            {
                sb.Append(' ', _lastWidth - line.Length);
            }

            _lastWidth = line.Length;
            _context.Stdout.Flush();
            _context.Stderr.Write(sb.ToString());
            _context.Stderr.Flush();
        }

        public void Clear()
        {
            if (_lastWidth == 0)
            {
                return;
            }

            _context.Stderr.Write("\r" + new string(' ', _lastWidth) + "\r");
            _context.Stderr.Flush();
            _lastWidth = 0;
        }
    }
}
