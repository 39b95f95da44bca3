using System;
using System.Runtime.CompilerServices;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Dispatch;
#if NET6_0_OR_GREATER
using System.Buffers;
using System.IO;
using Microsoft.Win32.SafeHandles;
#endif

namespace Blake2Fast.Families.Blake3.Tree;

/// <summary>
/// BLAKE3's tree on several threads, the one parallel path of the library and of <c>b2fsum</c>: for an input in memory
/// (<c>UpdateParallel</c> of a span) and for a file read with positional reads (<c>UpdateParallel</c> of a file handle).
/// The input is cut into aligned slices, each a whole subtree; workers take the next free slice from a shared counter
/// and hash it into its chaining value (<see cref="Blake3Tree.Subtree"/>), a file's slice first read into the
/// worker's own buffer, so that the copy out of the page cache is spread over the cores like the hashing and the bytes
/// are hashed while still in the core's cache. The calling thread then pushes the values in order onto the tree, a
/// round of slices at a time: memory stays bounded, and the threads meet once per round.
/// </summary>
internal static unsafe class Blake3Parallel
{
    /// <summary>The largest slice (1 MiB): small enough to be hashed while still in a core's cache after its read.</summary>
    private const int MaxSliceChunks = 1024;

    /// <summary>The smallest slice (256 KiB): below it, handing a slice to a thread costs more than it saves.</summary>
    private const int MinSliceChunks = 256;

    /// <summary>Slices between two meetings of the threads: a few milliseconds of work, and 2 KiB of chaining values.</summary>
    private const int SlicesPerRound = 64;

    private const int ChunkLength = Blake3Tree.ChunkLength;

    /// <summary>
    /// The slice, in chunks, for <paramref name="chunks"/> whole chunks on <paramref name="parallelism"/> threads: the
    /// largest power of two from 256 to 1024 that still gives every thread one; 0 when fewer than two would fit, or one
    /// thread is all there is (the input is then hashed on the calling thread alone).
    /// </summary>
    public static int SliceChunks(long chunks, int parallelism)
    {
        if (parallelism < 2)
            return 0;
        int slice = MaxSliceChunks;
        while (slice > MinSliceChunks && chunks / slice < parallelism)
            slice /= 2;
        return chunks / slice >= 2 ? slice : 0;
    }

    /// <summary>
    /// Hashes <paramref name="slices"/> (at least two) slices of <paramref name="sliceChunks"/> chunks at
    /// <paramref name="input"/> into <paramref name="tree"/>, which stands at a slice boundary; <paramref name="key"/>
    /// is the tree's key, pinned by the caller. Two or more values pushed from the input's start leave the root to be
    /// merged at the end, so no slice here can be mistaken for the root.
    /// </summary>
    public static void HashMemory(ref Blake3Tree tree, byte* input, int slices, int sliceChunks, uint* key, int parallelism)
    {
        byte* cvs = stackalloc byte[SlicesPerRound * 32];
        var round = new Round(key, tree.Flags, tree.InstructionSet, sliceChunks, cvs) { Memory = input };
        for (int done = 0; done < slices;)
        {
            int count = Math.Min(SlicesPerRound, slices - done);
            round.Run(done, tree.ChunkCounter, count, parallelism);
            Push(ref tree, cvs, count, sliceChunks);
            done += count;
        }
    }

    /// <summary>Stacks the first <paramref name="count"/> chaining values of a round, in order.</summary>
    private static void Push(ref Blake3Tree tree, byte* cvs, int count, int sliceChunks)
    {
        for (int i = 0; i < count; i++)
            tree.Push(cvs + 32 * i, sliceChunks);
    }

#if NET6_0_OR_GREATER
    /// <summary>
    /// Adds <paramref name="length"/> bytes of <paramref name="file"/> from <paramref name="fileOffset"/> to
    /// <paramref name="tree"/>: up to the next slice boundary and the tail after the last whole slice on the calling
    /// thread, the slices between on up to <paramref name="parallelism"/> threads. Returns the bytes added, fewer only
    /// where a read found the file's end: the first slice that comes back short ends the threads' work (the slices
    /// before it are stacked) and the calling thread reads on from it, so the tree holds exactly the bytes before the end.
    /// </summary>
    public static long HashFile(ref Blake3Tree tree, SafeFileHandle file, long fileOffset, long length, int parallelism)
    {
        long done = 0;
        int sliceChunks = SliceChunks(length / ChunkLength, parallelism);
        if (sliceChunks != 0)
        {
            int sliceBytes = sliceChunks * ChunkLength;
            long position = (long)tree.ChunkCounter * ChunkLength + tree.BlocksCompressed * Blake3Tree.BlockLength + tree.BlockLengthHeld;
            long head = Math.Min(length, (sliceBytes - position % sliceBytes) % sliceBytes);
            done = ReadOn(ref tree, file, fileOffset, head);
            long slices = (length - done) / sliceBytes;
            if (done == head && slices >= 2)
                done += HashSlices(ref tree, file, fileOffset + done, slices, sliceChunks, parallelism);
            else if (done < head)
                return done;
        }
        return done + ReadOn(ref tree, file, fileOffset + done, length - done);
    }

    /// <summary>
    /// The slices of <see cref="HashFile"/>, in rounds, from <paramref name="fileOffset"/> (a slice boundary of the
    /// tree); returns the bytes stacked, stopping at the first slice not whole.
    /// </summary>
    private static long HashSlices(ref Blake3Tree tree, SafeFileHandle file, long fileOffset, long slices, int sliceChunks, int parallelism)
    {
        Blake3Words key = tree.Key;
        byte* cvs = stackalloc byte[SlicesPerRound * 32];
        try
        {
            var round = new Round((uint*)Unsafe.AsPointer(ref key.W[0]), tree.Flags, tree.InstructionSet, sliceChunks, cvs) { File = file, FileOffset = fileOffset };
            long stacked = 0;
            while (stacked < slices)
            {
                int count = (int)Math.Min(SlicesPerRound, slices - stacked);
                int whole = round.Run(stacked, tree.ChunkCounter, count, parallelism);
                // One slice alone at the input's start might be all of a file that shrank, the root: it is read again
                // on the calling thread, whose tree keeps chunk 0 waiting for what follows.
                if (whole == 1 && tree.ChunkCounter == 0)
                    whole = 0;
                Push(ref tree, cvs, whole, sliceChunks);
                stacked += whole;
                if (whole < count)
                    break;
            }
            return stacked * sliceChunks * ChunkLength;
        }
        finally
        {
            key = default;
            new Span<byte>(cvs, SlicesPerRound * 32).Clear();
        }
    }

    /// <summary>Reads and adds up to <paramref name="length"/> bytes on the calling thread; returns the bytes added (fewer at the file's end).</summary>
    private static long ReadOn(ref Blake3Tree tree, SafeFileHandle file, long fileOffset, long length)
    {
        if (length == 0)
            return 0;
        byte[] buffer = ArrayPool<byte>.Shared.Rent((int)Math.Min(length, MaxSliceChunks * ChunkLength));
        long done = 0;
        try
        {
            while (done < length)
            {
                int read = RandomAccess.Read(file, buffer.AsSpan(0, (int)Math.Min(buffer.Length, length - done)), fileOffset + done);
                if (read == 0)
                    break;
                tree.Update(buffer.AsSpan(0, read), 1);
                done += read;
            }
            return done;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer, clearArray: true); // the file's bytes do not outlive the call
        }
    }

    /// <summary>Reads until <paramref name="target"/> is full or the file ends; returns the bytes read.</summary>
    internal static int ReadFully(SafeFileHandle file, Span<byte> target, long fileOffset)
    {
        int total = 0;
        while (total < target.Length)
        {
            int read = RandomAccess.Read(file, target.Slice(total), fileOffset + total);
            if (read == 0)
                break;
            total += read;
        }
        return total;
    }
#endif

    /// <summary>
    /// One round: slices handed out by a shared counter, their chaining values in order, and the first slice not
    /// whole (a file's short read). Memory by pointer: the caller's frame pins the input, key and values while the
    /// workers run, and a worker cannot reach a struct's <c>this</c>.
    /// </summary>
    private sealed class Round
    {
        private readonly uint* _key;
        private readonly uint _flags;
        private readonly InstructionSet _instructionSet;
        private readonly int _sliceChunks;
        private readonly byte* _cvs;
        private readonly Action<int> _work;
        private long _first;
        private ulong _counter;
        private int _next;
        private int _limit;

        public Round(uint* key, uint flags, InstructionSet instructionSet, int sliceChunks, byte* cvs)
        {
            _key = key;
            _flags = flags;
            _instructionSet = instructionSet;
            _sliceChunks = sliceChunks;
            _cvs = cvs;
            _work = Work;
        }

        /// <summary>The input's first slice, when it is in memory.</summary>
        public byte* Memory { get; set; }

#if NET6_0_OR_GREATER
        /// <summary>The file the slices are read from, and where its first slice starts.</summary>
        public SafeFileHandle? File { get; set; }
        public long FileOffset { get; set; }
#endif

        private long SliceBytes => (long)_sliceChunks * ChunkLength;

        /// <summary>
        /// Hashes <paramref name="count"/> slices from slice <paramref name="first"/> (the tree's chunk
        /// <paramref name="counter"/>) on up to <paramref name="parallelism"/> threads; returns how many from the first
        /// are whole (all but at a file's end). An exception of a worker is rethrown as it was, not wrapped.
        /// </summary>
        public int Run(long first, ulong counter, int count, int parallelism)
        {
            _first = first;
            _counter = counter;
            _next = 0;
            _limit = count;
            int threads = Math.Min(parallelism, count);
            try
            {
                Parallel.For(0, threads, new ParallelOptions { MaxDegreeOfParallelism = threads }, _work);
            }
            catch (AggregateException ex) when (ex.InnerExceptions.Count > 0)
            {
                ExceptionDispatchInfo.Capture(ex.InnerExceptions[0]).Throw();
            }
            return _limit;
        }

        private void Work(int worker)
        {
#if NET6_0_OR_GREATER
            byte[]? rented = File is null ? null : ArrayPool<byte>.Shared.Rent((int)SliceBytes);
#else
            byte[]? rented = null;
#endif
            try
            {
                fixed (byte* buffer = rented)
                {
                    int slice;
                    while ((slice = Interlocked.Increment(ref _next) - 1) < Volatile.Read(ref _limit))
                    {
                        byte* data = buffer;
#if NET6_0_OR_GREATER
                        if (File is not null)
                        {
                            if (ReadFully(File, new Span<byte>(buffer, (int)SliceBytes), FileOffset + (_first + slice) * SliceBytes) < SliceBytes)
                            {
                                LowerLimit(slice);
                                return;
                            }
                        }
                        else
#endif
                        {
                            data = Memory + (_first + slice) * SliceBytes;
                        }
                        Blake3Tree.Subtree(data, _sliceChunks, _counter + (ulong)slice * (ulong)_sliceChunks, _key, _flags, _instructionSet, _cvs + 32 * slice);
                    }
                }
            }
            catch
            {
                LowerLimit(0); // the others stop at their next slice
                throw;
            }
            finally
            {
#if NET6_0_OR_GREATER
                if (rented is not null)
                    ArrayPool<byte>.Shared.Return(rented, clearArray: true);
#endif
            }
        }

        /// <summary>Slices from <paramref name="slice"/> on are neither handed out nor counted as whole.</summary>
        private void LowerLimit(int slice)
        {
            int seen;
            while (slice < (seen = Volatile.Read(ref _limit)) && Interlocked.CompareExchange(ref _limit, slice, seen) != seen)
            {
            }
        }
    }
}
