using System;
using System.Collections.Generic;
using System.Runtime.ExceptionServices;
using System.Threading;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// Hashes the files of one run on a pool of worker threads and hands each result to the calling thread in order, as
/// soon as it and every one before it are done. The files come from a source the caller reads as it goes (the
/// arguments, or a checksum list read line by line), at most <see cref="Window"/> files ahead of the one the caller
/// waits for, so memory stays bounded however many files there are, and each worker keeps one
/// <see cref="Workspace"/> (a fixed set of buffers). Standard input (<c>-</c>) is hashed by the caller in its turn:
/// it can be read only once, in order. Workers are background threads: when the caller ends the process (SIGPIPE,
/// an exception), none of them keeps it alive.
/// </summary>
/// <remarks>
/// A hand-made pool (one lock, a done frontier, and a wake-up only for whoever waits) rather than one on the runtime's
/// primitives: measured idle against the same contract on a <see cref="System.Threading.Channels.Channel{T}"/> and on
/// <c>Parallel.ForEachAsync</c>, it was level with the first in wall time and used less CPU time on many small files,
/// and faster than the second (docs/tool.md has the figures and the commit that held the two).
/// </remarks>
internal sealed partial class OrderedHashing
{
    private readonly Func<HashJob?> _source;
    private readonly bool _sourceMayWait;
    private readonly int _spreadThreads;
    private readonly ToolContext _context;
    private readonly HashSlot[] _ring;
    private readonly object _gate = new();
    private int _next;
    private int _queued;
    private bool _sourceDone;
    private int _delivered;
    private bool _stopped;

    // Every job below the frontier is done (the caller delivers up to it without looking at each job under the lock);
    // workers move it on as they finish.
    private int _frontier;

    // Who is asleep and must be woken: the caller until the frontier reaches _wakeAt (-1: not waiting), workers
    // waiting for room in the window, the list reader waiting for room. Waking no one else saves a futex call and a
    // context switch per file.
    private int _wakeAt = -1;
    private int _workersWaiting;
    private bool _producerWaiting;
    private ExceptionDispatchInfo? _sourceFailure;

    private OrderedHashing(Func<HashJob?> source, bool sourceMayWait, int workers, int spreadThreads, ToolContext context)
    {
        _source = source;
        _sourceMayWait = sourceMayWait;
        _spreadThreads = spreadThreads;
        _context = context;
        _ring = new HashSlot[Math.Max(MinimumWindow, workers * 64)];
        for (int i = 0; i < _ring.Length; i++)
        {
            _ring[i] = new HashSlot();
        }
    }

    /// <summary>
    /// The smallest window. Room for a few hundred small files lets the caller sleep while a quarter of them are hashed
    /// (<see cref="Batch"/>) with the workers still busy on the rest; a small window whose caller polls leaves the
    /// workers idle while it sleeps.
    /// </summary>
    private const int MinimumWindow = 256;

    /// <summary>
    /// How long the caller sleeps at most while results it could write are done but fewer than <see cref="Batch"/>
    /// (the next file being a slow one): a line leaves at most this late after it and those before it are done.
    /// </summary>
    private const int LatestLineMilliseconds = 5;

    /// <summary>
    /// How many files past the one it waits for the caller lets the workers finish before it is woken: lines leave a
    /// batch at a time, in one write, and the caller wakes once per batch rather than once per file.
    /// </summary>
    private int Batch => _ring.Length / 4;

    /// <summary>How many files may be hashed ahead of the one waiting to be printed.</summary>
    public int Window => _ring.Length;

    /// <summary>
    /// Hashes the files <paramref name="source"/> gives (null: no more; it is called on this thread only, and
    /// <paramref name="sourceMayWait"/> says whether it may wait for input, as a pipe does) on <paramref name="workers"/> threads (one large BLAKE3 file on up to <paramref name="spreadThreads"/>),
    /// calling <paramref name="deliver"/> on this thread for each file in order: the job, and the digest or what went
    /// wrong. <paramref name="idle"/> runs before this thread waits for a result (the moment to write out what is
    /// buffered).
    /// </summary>
    public static void Run(
        Func<HashJob?> source,
        bool sourceMayWait,
        int workers,
        int spreadThreads,
        ToolContext context,
        Action<HashJob, FileFailure?, ReadOnlySpan<byte>> deliver,
        Action idle)
    {
        var hashing = new OrderedHashing(source, sourceMayWait, workers, spreadThreads, context);
        for (int i = 0; i < workers; i++)
        {
            new Thread(hashing.Work) { IsBackground = true, Name = "b2fsum worker " + i }.Start();
        }

        if (sourceMayWait)
        {
            new Thread(hashing.Produce) { IsBackground = true, Name = "b2fsum list reader" }.Start();
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

    private void Deliver(Action<HashJob, FileFailure?, ReadOnlySpan<byte>> deliver, Action idle)
    {
        Workspace? ownWorkspace = null;
        Progress? progress = null;
        int index = 0;
        while (NextJob(index, idle))
        {
            int ready;
            lock (_gate)
            {
                ready = _frontier;
            }

            if (ready <= index)
            {
                idle();
                lock (_gate)
                {
                    while (_frontier <= index)
                    {
                        // Woken when a batch past this file is done (or everything queued is), or after a short
                        // while once something is ready: a line waits for the rest of its batch only briefly. A large
                        // file gets its progress line here, redrawn from what its worker reports.
                        HashSlot item = _ring[index % _ring.Length];
                        bool showProgress = _context.Settings.ShowProgress && item.Index == index && item.Size >= _context.Settings.ProgressThreshold;
                        _wakeAt = Math.Min(index + Batch, _queued);
                        Monitor.Wait(_gate, showProgress ? 200 : LatestLineMilliseconds);
                        _wakeAt = -1;
                        if (showProgress && _frontier <= index)
                        {
                            progress ??= new Progress(_context, item.Job.Name, item.Size);
                            progress.Report(Volatile.Read(ref item.Bytes));
                        }
                    }

                    ready = _frontier;
                }
            }

            // Everything below the frontier is done: delivered without the lock, which its workers no longer touch.
            int first = index;
            for (; index < ready; index++)
            {
                HashSlot item = _ring[index % _ring.Length];
                HashJob job = item.Job;
                item.Crash?.Throw();
                if (item.OnCaller)
                {
                    ownWorkspace ??= new Workspace(_spreadThreads);
                    item.Failure = FileHasher.TryHash(job.Name, job.Algorithm!, item.DigestFor(job), _context, ownWorkspace);
                }
                else if (progress is not null || (_context.Settings.ShowProgress && item.Size >= _context.Settings.ProgressThreshold))
                {
                    progress ??= new Progress(_context, job.Name, item.Size);
                    progress.Report(item.Bytes);
                }

                progress?.Clear();
                progress = null;
                deliver(job, item.Failure, item.DigestFor(job));
            }

            for (int i = first; i < index; i++)
            {
                _ring[i % _ring.Length].Reset();
            }

            lock (_gate)
            {
                _delivered = index;
                if (_workersWaiting > 0 || _producerWaiting)
                {
                    Monitor.PulseAll(_gate);
                }
            }
        }
    }

    private void Work()
    {
        var workspace = new Workspace(_spreadThreads);
        int index = -1;
        while (true)
        {
            lock (_gate)
            {
                if (index >= 0)
                {
                    // The last file is done: the frontier moves past it and every done one after it, and the caller
                    // is woken if that was what it waits for. One lock for finishing a file and taking the next.
                    _ring[index % _ring.Length].Done = true;
                    while (_frontier < _queued && _ring[_frontier % _ring.Length].Done)
                    {
                        _frontier++;
                    }

                    if (_wakeAt >= 0 && _frontier >= _wakeAt)
                    {
                        Monitor.PulseAll(_gate);
                    }
                }

                // The caller queues a job only when its slot is free (within the window of the one it waits for).
                while (!_stopped && _next >= _queued && !_sourceDone)
                {
                    _workersWaiting++;
                    Monitor.Wait(_gate);
                    _workersWaiting--;
                }

                if (_stopped || _next >= _queued)
                {
                    return;
                }

                index = _next++;
            }

            HashSlot item = _ring[index % _ring.Length];
            HashJob job = item.Job;
            item.Index = index;
            try
            {
                _context.Settings.BeforeHash?.Invoke(index);
                if (job.Algorithm is null)
                {
                    // Nothing to hash: delivered as it is.
                }
                else if (job.Name == "-")
                {
                    item.OnCaller = true;
                }
                else
                {
                    item.Failure = FileHasher.TryHash(job.Name, job.Algorithm, item.DigestFor(job), _context, workspace, _context.Settings.ShowProgress ? item.Reporter : null);
                }
            }
            catch (Exception ex)
            {
                // A bug, not a file's fault: rethrown on the caller's thread, in the file's turn.
                item.Crash = ExceptionDispatchInfo.Capture(ex);
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
}
