using System;
using System.IO;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tool;

/// <summary>
/// One large BLAKE3 file hashed on several threads: BLAKE3's tree lets each aligned slice be hashed apart into its
/// subtree's chaining value (the library's public subtree API, <see cref="Blake3PieceHasher.HashPiece"/>), and the
/// values are stacked in order into the file's hasher, which merges them in the tree's shape.
/// </summary>
internal static class SpreadHashing
{
    /// <summary>BLAKE3 files from this size on are spread over the workspace's threads.</summary>
    public const long Minimum = 4L << 20;

    /// <summary>
    /// Bytes per thread in one block of a spread file: small enough to be hashed while still in the core's cache
    /// (docs/tool.md has the sizes tried).
    /// </summary>
    private const int SpreadSlice = 1 << 20;

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
    public static long Hash(InputFile file, long size, Blake3PieceHasher hasher, Workspace workspace, Action<long, long>? report)
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
                hasher.AddPiece(round.Cv(i), SpreadSlice);
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

    /// <summary>One round of <see cref="Hash"/>: the slices handed out, their CVs, and the first one not whole.</summary>
    private sealed class SpreadRound
    {
        private readonly InputFile _file;
        private readonly Blake3Mode _mode;
        private readonly byte[] _buffers;
        private readonly int _threads;
        private readonly byte[] _cvs = new byte[SlicesPerRound * 32];
        private readonly Action<int> _work;
        private long _first;
        private int _next;
        private int _limit;

        public SpreadRound(InputFile file, Blake3PieceHasher hasher, byte[] buffers, int threads)
        {
            _file = file;
            _mode = hasher.Mode;
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

                    Blake3PieceHasher.HashPiece(_mode, buffer, index * SpreadSlice, _cvs.AsSpan(slice * 32, 32));
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
}
