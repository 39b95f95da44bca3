using System;
using System.IO;
using System.Runtime.ExceptionServices;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tool;

/// <summary>
/// Reads a file (or standard input) and hashes it incrementally, in constant memory: a small file in one read sized to
/// it, a large one in 1 MiB chunks (the next read while this one is hashed), a large BLAKE3 file in blocks read and
/// hashed on every thread of the workspace. Failures are turned into the short system messages coreutils prints
/// ("No such file or directory", ...).
/// </summary>
internal static class FileHasher
{
    /// <summary>The size of the chunks a large file is read and hashed in.</summary>
    public const int ChunkSize = 1 << 20;

    /// <summary>The first read of a file whose size is not known (a pipe, a /proc file, an empty file).</summary>
    private const int UnknownSizeRead = 64 * 1024;

    /// <summary>BLAKE3 files from this size on are spread over the workspace's threads.</summary>
    private const long SpreadMinimum = 4L << 20;

    /// <summary>
    /// Bytes per thread in one block of a spread file: small enough to be hashed while still in cache (1 GB on 2
    /// threads, Zen 4: 512 KiB and 1 MiB took about 0.5 CPU seconds, 2 MiB 0.6, 8 MiB 0.75).
    /// </summary>
    private const int SpreadSlice = 1 << 20;

    /// <summary>BLAKE3 chunks (1 KiB each) in a slice: the slice is one aligned subtree of BLAKE3's tree.</summary>
    private const int ChunksPerSlice = SpreadSlice / 1024;

    /// <summary>The process's working directory, read once: relative names are made absolute here, not by a getcwd per file.</summary>
    private static readonly string? WorkingDirectory = ReadWorkingDirectory();

    /// <summary>The buffers of the thread that checks files one after the other, kept from file to file.</summary>
    [ThreadStatic]
    private static Workspace? t_workspace;

    /// <summary>What went wrong opening or reading a file.</summary>
    public readonly record struct Failure(string Message, bool IsMissing);

    /// <summary>
    /// Hashes the file <paramref name="name"/> (<c>-</c>: standard input) into <paramref name="digest"/>, which must
    /// be exactly the digest length, on this thread alone, with a progress line where the settings ask for one.
    /// Returns null on success, else what went wrong.
    /// </summary>
    public static Failure? TryHash(string name, DigestAlgorithm algorithm, Span<byte> digest, ToolContext context) =>
        TryHash(name, algorithm, digest, context, t_workspace ??= new Workspace(1));

    /// <summary>
    /// Hashes as <see cref="TryHash(string, DigestAlgorithm, Span{byte}, ToolContext)"/> does, with the buffers and
    /// thread count of <paramref name="workspace"/>, drawing the progress line itself when the settings ask for one.
    /// </summary>
    public static Failure? TryHash(string name, DigestAlgorithm algorithm, Span<byte> digest, ToolContext context, Workspace workspace)
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
    public static Failure? TryHash(string name, DigestAlgorithm algorithm, Span<byte> digest, ToolContext context, Workspace workspace, Action<long, long>? report)
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
                Failure? openFailure = InputFile.TryOpen(context.ResolvePath(name), out file);
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
            return new Failure(Describe(ex), IsMissing: false);
        }
        catch (UnauthorizedAccessException)
        {
            return new Failure("Permission denied", IsMissing: false);
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
        if (size >= SpreadMinimum && workspace.Threads > 1 && hasher.IsBlake3 && file.Positional)
        {
            offset = HashSpread(file, size, hasher, workspace, report);
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

    /// <summary>
    /// Hashes a large BLAKE3 file on all the workspace's threads, each reading a 1 MiB slice into its own buffer and
    /// hashing it there into the slice's subtree (BLAKE3's tree lets slices be hashed apart), taking the next free
    /// slice as soon as it is done: the copy out of the page cache is split over the cores like the hashing, the bytes
    /// are hashed while still in the core's cache, and threads meet only once per <see cref="SlicesPerRound"/> slices,
    /// where the slices' CVs are stacked in order. Reads, unlike a memory mapping, cannot fault when the file is
    /// truncated meanwhile (SIGBUS): a short read ends this, and the caller reads on from the first slice not whole.
    /// Returns the offset reached (a multiple of the slice), leaving at least the last byte to the caller, whose read
    /// also finds the end.
    /// </summary>
    private static long HashSpread(InputFile file, long size, DigestAlgorithm.IncrementalDigest hasher, Workspace workspace, Action<long, long>? report)
    {
        // Whole slices with at least one byte after them, so that none of them is the root.
        long slices = (size - 1) / SpreadSlice;
        var round = new SpreadRound(file, hasher, workspace.SpreadBlock(workspace.Threads * SpreadSlice), workspace.Threads);
        long stacked = 0;
        while (stacked < slices)
        {
            int count = (int)Math.Min(SlicesPerRound, slices - stacked);
            int whole = round.Run(stacked, count);
            if (stacked == 0 && whole < 2)
            {
                // One slice alone might turn out to be the whole (shrunk) file, the root: the caller reads it again.
                return 0;
            }

            for (int i = 0; i < whole; i++)
            {
                hasher.AddSlice(round.Cv(i), ChunksPerSlice);
            }

            stacked += whole;
            report?.Invoke(stacked * SpreadSlice, size);
            if (whole < count)
            {
                break; // the file shrank: the caller reads on from here
            }
        }

        return stacked * SpreadSlice;
    }

    /// <summary>Slices hashed between two meetings of the threads (64 MiB): a few milliseconds of work per meeting.</summary>
    private const int SlicesPerRound = 64;

    /// <summary>One round of <see cref="HashSpread"/>: the slices handed out, their CVs, and the first one not whole.</summary>
    private sealed class SpreadRound
    {
        private readonly InputFile _file;
        private readonly Blake3HashState _state;
        private readonly byte[] _buffers;
        private readonly int _threads;
        private readonly byte[] _cvs = new byte[SlicesPerRound * 32];
        private readonly Action<int> _work;
        private long _first;
        private int _next;
        private int _limit;

        public SpreadRound(InputFile file, DigestAlgorithm.IncrementalDigest hasher, byte[] buffers, int threads)
        {
            _file = file;
            _state = hasher.Blake3State; // a copy: the threads read its key and mode while the stack grows
            _buffers = buffers;
            _threads = threads;
            _work = Work;
        }

        /// <summary>The CV of slice <paramref name="index"/> of the last round.</summary>
        public ReadOnlySpan<byte> Cv(int index) => _cvs.AsSpan(index * 32, 32);

        /// <summary>
        /// Reads and hashes <paramref name="count"/> slices from slice <paramref name="first"/> on every thread; returns
        /// how many from the first were whole (all of them unless the file shrank). A failed read is rethrown as it was.
        /// </summary>
        public int Run(long first, int count)
        {
            _first = first;
            _next = 0;
            _limit = count;
            try
            {
                Parallel.For(0, _threads, new ParallelOptions { MaxDegreeOfParallelism = _threads }, _work);
            }
            catch (AggregateException ex) when (ex.InnerExceptions.Count > 0 && ex.InnerExceptions[0] is IOException)
            {
                ExceptionDispatchInfo.Capture(ex.InnerExceptions[0]).Throw();
            }

            return _limit;
        }

        private void Work(int thread)
        {
            Span<byte> buffer = _buffers.AsSpan(thread * SpreadSlice, SpreadSlice);
            try
            {
                int slice;
                while ((slice = Interlocked.Increment(ref _next) - 1) < Volatile.Read(ref _limit))
                {
                    long index = _first + slice;
                    if (ReadFully(_file, buffer, index * SpreadSlice) < SpreadSlice)
                    {
                        LowerLimit(slice);
                        return;
                    }

                    _state.HashSubtree(buffer, (ulong)(index * ChunksPerSlice), _cvs.AsSpan(slice * 32, 32));
                }
            }
            catch
            {
                LowerLimit(0); // the others stop at their next slice
                throw;
            }
        }

        /// <summary>Slices from <paramref name="slice"/> on are not handed out, nor counted as whole.</summary>
        private void LowerLimit(int slice)
        {
            int seen;
            while (slice < (seen = Volatile.Read(ref _limit)) && Interlocked.CompareExchange(ref _limit, slice, seen) != seen)
            {
            }
        }
    }

    /// <summary>Reads until <paramref name="target"/> is full or the file ends.</summary>
    private static int ReadFully(InputFile file, Span<byte> target, long offset)
    {
        int total = 0;
        while (total < target.Length)
        {
            int read = file.Read(target.Slice(total), offset + total);
            if (read == 0)
            {
                break;
            }

            total += read;
        }

        return total;
    }

    /// <summary>Opens a file for reading as a stream (a checksum list), or says why it cannot be.</summary>
    public static Failure? TryOpen(string path, out Stream? stream)
    {
        stream = null;
        Failure? failure = TryOpenHandle(path, out SafeFileHandle? handle);
        if (failure is null)
        {
            stream = new FileStream(handle!, FileAccess.Read, bufferSize: 0);
        }

        return failure;
    }

    /// <summary>
    /// Opens a file for reading, or says why it cannot be: one openat and the runtime's one fstat. No advisory lock
    /// (the project file turns off the runtime's flock emulation of FileShare) and no read-ahead advice.
    /// </summary>
    public static Failure? TryOpenHandle(string path, out SafeFileHandle? handle)
    {
        handle = null;
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
            // A directory fails in the runtime's fstat (UnauthorizedAccessException, below).
            handle = File.OpenHandle(Absolute(path), FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete);
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

    /// <summary>A relative path made absolute against the working directory read at start (the runtime would call getcwd).</summary>
    private static string Absolute(string path) =>
        WorkingDirectory is null || path.Length == 0 || Path.IsPathRooted(path) ? path : Path.Join(WorkingDirectory, path);

    private static string? ReadWorkingDirectory()
    {
        try
        {
            return Directory.GetCurrentDirectory();
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            // Removed or unreadable: leave relative paths to the runtime, which fails as it would have.
            return null;
        }
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
    public sealed class Progress
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

/// <summary>
/// The buffers and thread count of one hashing thread, reused from file to file: a buffer as large as the largest
/// read so far (a small file never gets a 1 MiB one), a second for reading ahead, and a block for spreading a large
/// BLAKE3 file over <see cref="Threads"/> threads.
/// </summary>
internal sealed class Workspace
{
    private byte[] _buffer = Array.Empty<byte>();
    private byte[] _ahead = Array.Empty<byte>();
    private byte[] _block = Array.Empty<byte>();

    public Workspace(int threads) => Threads = threads;

    /// <summary>How many threads one large file may use (1: this thread only).</summary>
    public int Threads { get; }

    /// <summary>The read buffer, at least <paramref name="length"/> bytes (at most <see cref="FileHasher.ChunkSize"/>).</summary>
    public byte[] Buffer(int length)
    {
        if (_buffer.Length < length)
        {
            // Powers of two from 4 KiB, so that a tree of growing files reallocates a few times, not per file.
            _buffer = GC.AllocateUninitializedArray<byte>(Math.Max(4096, (int)System.Numerics.BitOperations.RoundUpToPowerOf2((uint)length)));
        }

        return _buffer;
    }

    /// <summary>The read-ahead buffer, one chunk.</summary>
    public byte[] Ahead()
    {
        if (_ahead.Length < FileHasher.ChunkSize)
        {
            _ahead = GC.AllocateUninitializedArray<byte>(FileHasher.ChunkSize);
        }

        return _ahead;
    }

    /// <summary>The read-ahead buffer becomes the read buffer and the other way round.</summary>
    public void Swap() => (_buffer, _ahead) = (_ahead, _buffer);

    /// <summary>The block a spread file is read into, exactly <paramref name="length"/> bytes.</summary>
    public byte[] SpreadBlock(int length)
    {
        if (_block.Length != length)
        {
            _block = GC.AllocateUninitializedArray<byte>(length);
        }

        return _block;
    }
}
