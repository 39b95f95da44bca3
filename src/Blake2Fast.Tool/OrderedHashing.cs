using System;
using System.Collections.Generic;
using System.Runtime.ExceptionServices;
using System.Threading;

namespace Blake2Fast.Tool;

/// <summary>
/// Hashes the files of one run on a pool of worker threads and hands each result to the calling thread in argument
/// order, as soon as it and every one before it are done. Workers run at most <see cref="Window"/> files ahead of
/// the one the caller waits for, so memory stays bounded however many files there are, and each worker keeps one
/// <see cref="Workspace"/> (a fixed set of buffers). Standard input (<c>-</c>) is hashed by the caller in its turn:
/// it can be read only once, in order. Workers are background threads: when the caller ends the process (SIGPIPE,
/// an exception), none of them keeps it alive.
/// </summary>
internal sealed class OrderedHashing
{
    private readonly IReadOnlyList<string> _names;
    private readonly DigestAlgorithm _algorithm;
    private readonly int _digestBytes;
    private readonly int _spreadThreads;
    private readonly ToolContext _context;
    private readonly Item[] _ring;
    private readonly object _gate = new();
    private int _next;
    private int _delivered;
    private bool _stopped;

    // Who is asleep and must be woken: the caller waiting on one file (-1: none, or polling), workers waiting for
    // room in the window. Waking no one else saves a futex call and a context switch per file.
    private int _awaited = -1;
    private int _workersWaiting;

    private OrderedHashing(IReadOnlyList<string> names, DigestAlgorithm algorithm, int digestBytes, int workers, int spreadThreads, ToolContext context)
    {
        _names = names;
        _algorithm = algorithm;
        _digestBytes = digestBytes;
        _spreadThreads = spreadThreads;
        _context = context;
        _ring = new Item[Math.Max(64, workers * 16)];
        for (int i = 0; i < _ring.Length; i++)
        {
            _ring[i] = new Item(digestBytes);
        }
    }

    /// <summary>How many times the caller looks again, a millisecond apart, before it sleeps until its file is done.</summary>
    private const int PollsBeforeSleeping = 3;

    /// <summary>How many files may be hashed ahead of the one waiting to be printed.</summary>
    public int Window => _ring.Length;

    /// <summary>
    /// Hashes <paramref name="names"/> on <paramref name="workers"/> threads (one large BLAKE3 file on up to
    /// <paramref name="spreadThreads"/>), calling <paramref name="deliver"/> on this thread for each file in order:
    /// its name, and the digest or what went wrong. <paramref name="idle"/> runs before this thread waits for a
    /// result (the moment to write out what is buffered).
    /// </summary>
    public static void Run(
        IReadOnlyList<string> names,
        DigestAlgorithm algorithm,
        int digestBytes,
        int workers,
        int spreadThreads,
        ToolContext context,
        Action<string, FileHasher.Failure?, ReadOnlySpan<byte>> deliver,
        Action idle)
    {
        var hashing = new OrderedHashing(names, algorithm, digestBytes, workers, spreadThreads, context);
        for (int i = 0; i < workers; i++)
        {
            new Thread(hashing.Work) { IsBackground = true, Name = "b2fsum worker " + i }.Start();
        }

        try
        {
            hashing.Deliver(deliver, idle);
        }
        finally
        {
            hashing.Stop();
        }
    }

    private void Deliver(Action<string, FileHasher.Failure?, ReadOnlySpan<byte>> deliver, Action idle)
    {
        Workspace? ownWorkspace = null;
        FileHasher.Progress? progress = null;
        for (int index = 0; index < _names.Count; index++)
        {
            Item item = _ring[index % _ring.Length];
            bool done;
            lock (_gate)
            {
                done = item.Done;
            }

            if (!done)
            {
                idle();
                lock (_gate)
                {
                    int polls = 0;
                    while (!item.Done)
                    {
                        if (polls < PollsBeforeSleeping)
                        {
                            // Small files finish in microseconds: look again shortly rather than be woken for each.
                            polls++;
                            Monitor.Wait(_gate, 1);
                            continue;
                        }

                        // A file that takes longer: its worker wakes this thread when done; a large one gets its
                        // progress line here, redrawn from what its worker reports.
                        bool showProgress = _context.Settings.ShowProgress && item.Index == index && item.Size >= _context.Settings.ProgressThreshold;
                        _awaited = index;
                        Monitor.Wait(_gate, showProgress ? 200 : Timeout.Infinite);
                        _awaited = -1;
                        if (showProgress && !item.Done)
                        {
                            progress ??= new FileHasher.Progress(_context, _names[index], item.Size);
                            progress.Report(Volatile.Read(ref item.Bytes));
                        }
                    }
                }
            }

            item.Crash?.Throw();
            if (item.OnCaller)
            {
                ownWorkspace ??= new Workspace(_spreadThreads);
                item.Failure = FileHasher.TryHash(_names[index], _algorithm, item.Digest, _context, ownWorkspace);
            }
            else if (progress is not null || (_context.Settings.ShowProgress && item.Size >= _context.Settings.ProgressThreshold))
            {
                progress ??= new FileHasher.Progress(_context, _names[index], item.Size);
                progress.Report(item.Bytes);
            }

            progress?.Clear();
            progress = null;
            deliver(_names[index], item.Failure, item.Digest);
            lock (_gate)
            {
                item.Reset();
                _delivered = index + 1;
                if (_workersWaiting > 0)
                {
                    Monitor.PulseAll(_gate);
                }
            }
        }
    }

    private void Work()
    {
        var workspace = new Workspace(_spreadThreads);
        while (true)
        {
            int index;
            lock (_gate)
            {
                while (!_stopped && _next < _names.Count && _next >= _delivered + _ring.Length)
                {
                    _workersWaiting++;
                    Monitor.Wait(_gate);
                    _workersWaiting--;
                }

                if (_stopped || _next >= _names.Count)
                {
                    return;
                }

                index = _next++;
            }

            Item item = _ring[index % _ring.Length];
            item.Index = index;
            try
            {
                _context.Settings.BeforeHash?.Invoke(index);
                if (_names[index] == "-")
                {
                    item.OnCaller = true;
                }
                else
                {
                    item.Failure = FileHasher.TryHash(_names[index], _algorithm, item.Digest, _context, workspace, _context.Settings.ShowProgress ? item.Reporter : null);
                }
            }
            catch (Exception ex)
            {
                // A bug, not a file's fault: rethrown on the caller's thread, in the file's turn.
                item.Crash = ExceptionDispatchInfo.Capture(ex);
            }

            lock (_gate)
            {
                item.Done = true;
                if (_awaited == index)
                {
                    Monitor.PulseAll(_gate);
                }
            }
        }
    }

    private void Stop()
    {
        lock (_gate)
        {
            _stopped = true;
            Monitor.PulseAll(_gate);
        }
    }

    /// <summary>One file's slot: written by its worker, read by the caller once <see cref="Done"/> is set under the lock.</summary>
    private sealed class Item
    {
        public Item(int digestBytes)
        {
            Digest = new byte[digestBytes];
            Reporter = Report;
        }

        public byte[] Digest { get; }

        /// <summary><see cref="Report"/> as a delegate, made once per slot rather than once per file.</summary>
        public Action<long, long> Reporter { get; }

        public int Index = -1;
        public bool Done;
        public bool OnCaller;
        public FileHasher.Failure? Failure;
        public ExceptionDispatchInfo? Crash;
        public long Size = -1;
        public long Bytes;

        private void Report(long done, long size)
        {
            Size = size;
            Volatile.Write(ref Bytes, done);
        }

        public void Reset()
        {
            Index = -1;
            Done = false;
            OnCaller = false;
            Failure = null;
            Crash = null;
            Size = -1;
            Bytes = 0;
        }
    }
}
