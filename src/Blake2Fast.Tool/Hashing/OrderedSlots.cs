using System;
using System.Runtime.ExceptionServices;
using System.Threading;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// What the two measured alternatives to <see cref="OrderedHashing"/> (<see cref="ChannelOrderedHashing"/>,
/// <see cref="ForEachOrderedHashing"/>) share: the same window of <see cref="HashSlot"/>s, each with an event its worker
/// sets when the file is done, the caller's in-order delivery, and a producer that waits for room in the window. They
/// differ only in how jobs reach the workers. Kept for measurement (<see cref="OrderedHashingChoice"/>), not shipped
/// as the default.
/// </summary>
internal abstract class OrderedSlots
{
    private readonly Func<HashJob?> _source;
    private readonly ManualResetEventSlim[] _done;
    private readonly SemaphoreSlim _room;
    private readonly SemaphoreSlim _queuedSignal = new(0);
    private ExceptionDispatchInfo? _sourceFailure;
    private int _queued;
    private volatile bool _ended;

    protected OrderedSlots(Func<HashJob?> source, int workers, int spreadThreads, ToolContext context)
    {
        _source = source;
        SpreadThreads = spreadThreads;
        Context = context;
        Ring = new HashSlot[Math.Max(256, workers * 64)];
        _done = new ManualResetEventSlim[Ring.Length];
        for (int i = 0; i < Ring.Length; i++)
        {
            Ring[i] = new HashSlot();
            // No spinning before the wait: its yields hand the core to a busy worker for a whole time slice when
            // the workers outnumber the cores, and the caller then slept through whole runs (every line in one write).
            _done[i] = new ManualResetEventSlim(false, spinCount: 0);
        }

        _room = new SemaphoreSlim(Ring.Length);

        // The pool starts with one thread per core and adds one only about every half second while they are busy: a
        // worker more than that (the spare one, one blocked in a read) would wait for it, on a run that lasts less.
        ThreadPool.GetMinThreads(out int minWorkers, out int minIo);
        if (minWorkers < workers + spreadThreads)
        {
            ThreadPool.SetMinThreads(workers + spreadThreads, minIo);
        }
    }

    protected HashSlot[] Ring { get; }

    protected int SpreadThreads { get; }

    protected ToolContext Context { get; }

    /// <summary>Set when the run ends, whichever way: producers and workers stop taking jobs.</summary>
    protected CancellationTokenSource Stopping { get; } = new();

    private int Batch => Ring.Length / 4;

    /// <summary>
    /// Takes the next job from the source once the window has room, and publishes it to the caller; its index, or -1
    /// when the source is done (or failed, or the run stopped). Called by one thread at a time.
    /// </summary>
    protected int Produce()
    {
        if (_ended || !WaitForRoom())
        {
            return -1;
        }

        try
        {
            HashJob? job = _source();
            if (job is null)
            {
                End(null);
                return -1;
            }

            int index = _queued;
            Ring[index % Ring.Length].Job = job.Value;
            Volatile.Write(ref _queued, index + 1);
            _queuedSignal.Release();
            return index;
        }
        catch (Exception ex)
        {
            // A bug, not the list's fault (the source reports read errors itself): rethrown on the delivering thread.
            End(ExceptionDispatchInfo.Capture(ex));
            return -1;
        }
    }

    private bool WaitForRoom()
    {
        try
        {
            _room.Wait(Stopping.Token);
            return true;
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }

    /// <summary>The source is done: the caller delivers what is queued and returns.</summary>
    protected void End(ExceptionDispatchInfo? failure)
    {
        _sourceFailure = failure;
        _ended = true;
        _queuedSignal.Release();
    }

    /// <summary>Hashes job <paramref name="index"/> on a worker and marks it done (standard input is left to the caller).</summary>
    protected void Hash(int index, Workspace workspace)
    {
        HashSlot item = Ring[index % Ring.Length];
        if (!Stopping.IsCancellationRequested)
        {
            HashJob job = item.Job;
            item.Index = index;
            try
            {
                Context.Settings.BeforeHash?.Invoke(index);
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
                    item.Failure = FileHasher.TryHash(job.Name, job.Algorithm, item.DigestFor(job), Context, workspace, Context.Settings.ShowProgress ? item.Reporter : null);
                }
            }
            catch (Exception ex)
            {
                // A bug, not a file's fault: rethrown on the caller's thread, in the file's turn.
                item.Crash = ExceptionDispatchInfo.Capture(ex);
            }
        }

        _done[index % Ring.Length].Set();
    }

    /// <summary>Delivers every job in order on this thread, as <see cref="OrderedHashing"/> does, then stops the rest.</summary>
    protected void Deliver(Action<HashJob, FileFailure?, ReadOnlySpan<byte>> deliver, Action idle)
    {
        try
        {
            DeliverAll(deliver, idle);
        }
        finally
        {
            Stopping.Cancel();
        }
    }

    private void DeliverAll(Action<HashJob, FileFailure?, ReadOnlySpan<byte>> deliver, Action idle)
    {
        Workspace? ownWorkspace = null;
        Progress? progress = null;
        ToolSettings settings = Context.Settings;
        for (int index = 0; WaitQueued(index, idle); index++)
        {
            int slot = index % Ring.Length;
            HashSlot item = Ring[slot];
            if (!_done[slot].IsSet)
            {
                idle();
                while (!_done[slot].IsSet)
                {
                    // Woken when a batch past this file is done (or the last one queued is), or after 5 ms: lines leave
                    // a batch at a time, as in OrderedHashing. A large file's progress line is redrawn meanwhile.
                    bool showProgress = settings.ShowProgress && item.Index == index && item.Size >= settings.ProgressThreshold;
                    int target = Math.Min(index + Batch, Volatile.Read(ref _queued) - 1) % Ring.Length;
                    (_done[target].IsSet ? _done[slot] : _done[target]).Wait(showProgress ? 200 : 5);
                    if (showProgress && !_done[slot].IsSet)
                    {
                        progress ??= new Progress(Context, item.Job.Name, item.Size);
                        progress.Report(Volatile.Read(ref item.Bytes));
                    }
                }
            }

            HashJob job = item.Job;
            item.Crash?.Throw();
            if (item.OnCaller)
            {
                ownWorkspace ??= new Workspace(SpreadThreads);
                item.Failure = FileHasher.TryHash(job.Name, job.Algorithm!, item.DigestFor(job), Context, ownWorkspace);
            }
            else if (progress is not null || (settings.ShowProgress && item.Size >= settings.ProgressThreshold))
            {
                progress ??= new Progress(Context, job.Name, item.Size);
                progress.Report(item.Bytes);
            }

            progress?.Clear();
            progress = null;
            deliver(job, item.Failure, item.DigestFor(job));
            item.Reset();
            _done[slot].Reset();
            _room.Release();
        }

        _sourceFailure?.Throw();
    }

    /// <summary>Whether job <paramref name="index"/> exists, waiting for the producer (having written out what is delivered).</summary>
    private bool WaitQueued(int index, Action idle)
    {
        if (index < Volatile.Read(ref _queued))
        {
            return true;
        }

        if (!_ended)
        {
            idle();
        }

        // One signal per job queued and one at the end; signals the fast path above did not take are skipped here.
        while (index >= Volatile.Read(ref _queued) && !_ended)
        {
            _queuedSignal.Wait();
        }

        return index < Volatile.Read(ref _queued);
    }
}
