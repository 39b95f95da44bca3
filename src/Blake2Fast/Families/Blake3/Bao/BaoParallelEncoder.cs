using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Families.Blake3.Tree;
#if NET6_0_OR_GREATER
using System.IO;
using Microsoft.Win32.SafeHandles;
#endif

namespace Blake2Fast.Families.Blake3.Bao;

/// <summary>
/// Encodes on several threads. Every aligned run of 2^k chunks (256 to 1024, as <see cref="Blake3Parallel"/> slices)
/// of an input longer than two runs is a subtree of the Bao tree, and its nodes are one contiguous stretch of the
/// pre-order encoding whose place depends only on the length (<see cref="BaoStreamEncoder.NodeOffset"/>). So each
/// thread takes the next free run, hashes it and writes its nodes at their place; the calling thread then writes the
/// parents above the runs (one per run) from the runs' CVs. The bytes are those of the single-threaded encoders.
/// </summary>
internal static unsafe class BaoParallelEncoder
{
    /// <summary>
    /// Chunks per run for an input of <paramref name="length"/> bytes on <paramref name="parallelism"/> threads, or 0
    /// when it is too short to split (the caller encodes it on its own thread).
    /// </summary>
    public static int RunChunks(long length, int parallelism) => Blake3Parallel.SliceChunks(length / BaoTree.ChunkLength, parallelism);

    /// <summary>Encodes <paramref name="input"/> as <see cref="BaoSpanEncoder.Encode"/> does, the runs spread over <paramref name="parallelism"/> threads.</summary>
    public static void Encode(ReadOnlySpan<byte> input, Span<byte> output, bool outboard, Span<byte> hash, int parallelism)
    {
        Debug.Assert(parallelism >= 1 && output.Length >= BaoTree.HeaderLength + BaoTree.EncodedLength(input.Length, outboard));
        int runChunks = RunChunks(input.Length, parallelism);
        if (runChunks == 0)
        {
            BaoSpanEncoder.Encode(input, output, outboard, hash);
            return;
        }
        BinaryPrimitives.WriteUInt64LittleEndian(output, (ulong)input.Length);
        fixed (byte* from = input)
        fixed (byte* to = output)
        {
            var job = new Job(input.Length, outboard, runChunks) { Input = from, Output = to };
            try
            {
                job.Run(parallelism);
                job.WriteUpper(output, hash);
            }
            finally
            {
                job.Dispose();
            }
        }
    }

#if NET6_0_OR_GREATER
    /// <summary>
    /// Encodes <paramref name="length"/> bytes of the file <paramref name="input"/> into the file <paramref name="output"/>
    /// (from offset 0, which must already be at least the encoding's length or growable): each thread reads its run
    /// with <see cref="RandomAccess"/>, and writes its nodes at their place. <paramref name="length"/> must hold two runs.
    /// </summary>
    public static void EncodeFile(SafeFileHandle input, SafeFileHandle output, long length, bool outboard, int runChunks, Span<byte> hash, int parallelism)
    {
        Debug.Assert(runChunks != 0 && length > 2L * runChunks * BaoTree.ChunkLength - 1);
        var job = new Job(length, outboard, runChunks) { InputFile = input, OutputFile = output };
        try
        {
            Span<byte> header = stackalloc byte[BaoTree.HeaderLength];
            BinaryPrimitives.WriteUInt64LittleEndian(header, (ulong)length);
            RandomAccess.Write(output, header, 0);
            job.Run(parallelism);
            job.WriteUpper(default, hash);
        }
        finally
        {
            job.Dispose();
        }
    }
#endif

    /// <summary>The runs of one encoding, handed out to threads one at a time, and their CVs.</summary>
    private sealed class Job : IDisposable
    {
        private readonly long _length;
        private readonly bool _outboard;
        private readonly int _runChunks;
        private readonly long _runLength;
        private readonly int _runs;
        private byte[]? _cvs; // each run's CV, in order
        private int _next;
        private int _stop; // set when a thread failed: the others take no further run
        private readonly Action<int> _work;

        public Job(long length, bool outboard, int runChunks)
        {
            _length = length;
            _outboard = outboard;
            _runChunks = runChunks;
            _runLength = (long)runChunks * BaoTree.ChunkLength;
            _runs = (int)((length + _runLength - 1) / _runLength);
            _cvs = ArrayPool<byte>.Shared.Rent(_runs * BaoTree.HashLength);
            _work = Work;
        }

        public byte* Input { get; set; }

        public byte* Output { get; set; }

#if NET6_0_OR_GREATER
        public SafeFileHandle? InputFile { get; set; }

        public SafeFileHandle? OutputFile { get; set; }
#endif

        public void Run(int parallelism)
        {
            int threads = Math.Min(parallelism, _runs);
            try
            {
                Parallel.For(0, threads, new ParallelOptions { MaxDegreeOfParallelism = threads }, _work);
            }
            catch (AggregateException ex) when (ex.InnerExceptions.Count > 0)
            {
                // The first failure as itself (an IOException, say), not wrapped.
                ExceptionDispatchInfo.Capture(ex.InnerExceptions[0]).Throw();
            }
        }

        private void Work(int worker)
        {
            using var levels = new BaoLevels(_runChunks);
            byte[]? read = null, nodes = null;
            int used = 0;
            try
            {
#if NET6_0_OR_GREATER
                if (InputFile is not null)
                {
                    // A run's input, and its nodes in pre-order (the chunks too, unless outboard).
                    read = ArrayPool<byte>.Shared.Rent((int)_runLength);
                    nodes = ArrayPool<byte>.Shared.Rent((int)BaoTree.EncodedLength(_runLength, _outboard));
                }
#endif
                int run;
                while (Volatile.Read(ref _stop) == 0 && (run = Interlocked.Increment(ref _next) - 1) < _runs)
                {
                    long start = run * _runLength;
                    int length = (int)Math.Min(_runLength, _length - start);
                    long at = BaoStreamEncoder.NodeOffset(_length, start, length, _outboard);
                    int size = (int)BaoTree.EncodedLength(length, _outboard);
                    ReadOnlySpan<byte> input;
                    Span<byte> tree;
#if NET6_0_OR_GREATER
                    if (InputFile is not null)
                    {
                        if (Blake3Parallel.ReadFully(InputFile, new Span<byte>(read, 0, length), start) < length)
                            throw new EndOfStreamException("The input file became shorter while it was encoded (its length was read at the start).");
                        input = new ReadOnlySpan<byte>(read, 0, length);
                        tree = new Span<byte>(nodes, 0, size);
                        used = Math.Max(used, size);
                    }
                    else
#endif
                    {
                        input = new ReadOnlySpan<byte>(Input + start, length);
                        tree = new Span<byte>(Output + at, size);
                    }
                    // A file's nodes are read back at once by the write, so they stay in the caches (no TryEncode).
#if NET6_0_OR_GREATER
                    bool direct = OutputFile is null;
#else
                    bool direct = true;
#endif
                    if (_outboard || !direct || !levels.TryEncode(input, start / BaoTree.ChunkLength, tree))
                    {
                        levels.Hash(input, start / BaoTree.ChunkLength);
                        int written = BaoSpanEncoder.WritePreOrder(levels, input, 0, levels.Chunks, tree, _outboard);
                        Debug.Assert(written == size);
                    }
                    levels.Top.CopyTo(new Span<byte>(_cvs, run * BaoTree.HashLength, BaoTree.HashLength));
#if NET6_0_OR_GREATER
                    if (OutputFile is not null)
                        RandomAccess.Write(OutputFile, tree, at);
#endif
                }
            }
            catch
            {
                Volatile.Write(ref _stop, 1);
                throw;
            }
            finally
            {
                // The input's bytes do not outlive the call in a shared pool.
                if (read is not null)
                {
                    Array.Clear(read, 0, (int)Math.Min(read.Length, _runLength));
                    ArrayPool<byte>.Shared.Return(read);
                }
                if (nodes is not null)
                {
                    Array.Clear(nodes, 0, used);
                    ArrayPool<byte>.Shared.Return(nodes);
                }
            }
        }

        /// <summary>Writes the parents above the runs, from the runs' CVs, and the root hash into <paramref name="hash"/>.</summary>
        public void WriteUpper(Span<byte> output, Span<byte> hash) => Upper(output, 0, _length, BaoTree.HeaderLength, true, hash);

        private void Upper(Span<byte> output, long start, long length, long at, bool root, Span<byte> cv)
        {
            if (length <= _runLength)
            {
                // A run (subtrees above runs split on multiples of the run's length): its CV is known.
                Debug.Assert(!root && start % _runLength == 0);
                new ReadOnlySpan<byte>(_cvs, (int)(start / _runLength) * BaoTree.HashLength, BaoTree.HashLength).CopyTo(cv);
                return;
            }
            long left = BaoTree.LeftLength(length);
            Span<byte> node = stackalloc byte[BaoTree.ParentLength];
            Upper(output, start, left, at + BaoTree.ParentLength, false, node);
            Upper(output, start + left, length - left, at + BaoTree.ParentLength + BaoTree.EncodedLength(left, _outboard), false, node.Slice(BaoTree.HashLength));
#if NET6_0_OR_GREATER
            if (OutputFile is not null)
                RandomAccess.Write(OutputFile, node, at);
            else
#endif
                node.CopyTo(output.Slice((int)at));
            BaoTree.ParentCv(node, root, cv);
        }

        public void Dispose()
        {
            if (_cvs is { } cvs)
            {
                Array.Clear(cvs, 0, _runs * BaoTree.HashLength);
                ArrayPool<byte>.Shared.Return(cvs);
                _cvs = null;
            }
        }
    }
}
