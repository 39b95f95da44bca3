using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// <see cref="OrderedHashing"/>'s contract on <see cref="Parallel.ForEachAsync{TSource}(IEnumerable{TSource}, ParallelOptions, Func{TSource, CancellationToken, ValueTask})"/>:
/// the runtime's loop takes job numbers from an iterator that waits for room in the window, on at most
/// <c>workers</c> pool threads. For measurement only (<see cref="OrderedHashingChoice"/>).
/// </summary>
internal sealed class ForEachOrderedHashing : OrderedSlots
{
    // One per worker at most: the loop has no worker identity to hang one on.
    private readonly ConcurrentBag<Workspace> _workspaces = new();

    private ForEachOrderedHashing(Func<HashJob?> source, int workers, int spreadThreads, ToolContext context)
        : base(source, workers, spreadThreads, context)
    {
    }

    /// <summary>As <see cref="OrderedHashing.Run"/>.</summary>
    public static void Run(
        Func<HashJob?> source,
        int workers,
        int spreadThreads,
        ToolContext context,
        Action<HashJob, FileFailure?, ReadOnlySpan<byte>> deliver,
        Action idle)
    {
        var hashing = new ForEachOrderedHashing(source, workers, spreadThreads, context);
        var options = new ParallelOptions { MaxDegreeOfParallelism = workers, CancellationToken = hashing.Stopping.Token };

        // Not awaited: the caller delivers meanwhile. Stopping early cancels it; the exception is observed here.
        Task loop = Parallel.ForEachAsync(hashing.Jobs(), options, hashing.HashAsync);
        _ = loop.ContinueWith(t => _ = t.Exception, TaskContinuationOptions.OnlyOnFaulted);
        hashing.Deliver(deliver, idle);
    }

    private IEnumerable<int> Jobs()
    {
        int index;
        while ((index = Produce()) >= 0)
        {
            yield return index;
        }
    }

    private ValueTask HashAsync(int index, CancellationToken cancel)
    {
        if (!_workspaces.TryTake(out Workspace? workspace))
        {
            workspace = new Workspace(SpreadThreads);
        }

        Hash(index, workspace);
        _workspaces.Add(workspace);
        return ValueTask.CompletedTask;
    }
}
