using System;
using System.Runtime.ExceptionServices;
using System.Threading;

namespace Blake2Fast.Tool.Hashing;

/// <summary>The feeding side of the pool: jobs taken from the source into the window, by the caller or a reader thread.</summary>
internal sealed partial class OrderedHashing
{
    /// <summary>
    /// Whether job <paramref name="index"/> exists, queuing jobs from the source for the workers up to a full window
    /// first. A source that may wait for its input is read by its own thread instead (<see cref="Produce"/>): here
    /// this thread only waits for the job, having written out what is delivered, so that a finished result never
    /// waits for the lines after it.
    /// </summary>
    private bool NextJob(int index, Action idle)
    {
        if (_sourceMayWait)
        {
            lock (_gate)
            {
                if (index < _queued)
                {
                    return true;
                }
            }

            idle();
            lock (_gate)
            {
                while (index >= _queued && !_sourceDone)
                {
                    Monitor.Wait(_gate);
                }

                _sourceFailure?.Throw();
                return index < _queued;
            }
        }

        // The free slots are filled without the lock (no worker reads a slot before it is queued), then queued in one go.
        int queued = _queued;
        bool ended = _sourceDone;
        while (!ended && queued < index + _ring.Length)
        {
            HashJob? job = _source();
            if (job is null)
            {
                ended = true;
            }
            else
            {
                _ring[queued % _ring.Length].Job = job.Value;
                queued++;
            }
        }

        if (queued != _queued || ended != _sourceDone)
        {
            lock (_gate)
            {
                _queued = queued;
                _sourceDone = ended;
                if (_workersWaiting > 0)
                {
                    Monitor.PulseAll(_gate);
                }
            }
        }

        return index < _queued;
    }

    /// <summary>Queues a job from the source (null: the source ended) and wakes whoever waits for one.</summary>
    private void Enqueue(HashJob? job)
    {
        lock (_gate)
        {
            if (job is null)
            {
                _sourceDone = true;
            }
            else
            {
                _ring[_queued % _ring.Length].Job = job.Value;
                _queued++;
            }

            if (_workersWaiting > 0 || _sourceMayWait)
            {
                Monitor.PulseAll(_gate);
            }
        }
    }

    /// <summary>
    /// The thread that reads a source which may wait for its input (a checksum list from a pipe), up to a window
    /// ahead of delivery. It is a background thread: if the run ends while it waits for input, it keeps nothing alive.
    /// </summary>
    private void Produce()
    {
        try
        {
            while (true)
            {
                lock (_gate)
                {
                    while (!_stopped && _queued >= _delivered + _ring.Length)
                    {
                        _producerWaiting = true;
                        Monitor.Wait(_gate);
                        _producerWaiting = false;
                    }

                    if (_stopped)
                    {
                        return;
                    }
                }

                HashJob? job = _source();
                Enqueue(job);
                if (job is null)
                {
                    return;
                }
            }
        }
        catch (Exception ex)
        {
            // A bug, not the list's fault (the source reports read errors itself): rethrown on the delivering thread.
            lock (_gate)
            {
                _sourceFailure = ExceptionDispatchInfo.Capture(ex);
                _sourceDone = true;
                Monitor.PulseAll(_gate);
            }
        }
    }
}
