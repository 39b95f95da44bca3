using System;
using System.Threading;
using System.Threading.Channels;
using System.Threading.Tasks;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// <see cref="OrderedHashing"/>'s contract on a <see cref="Channel{T}"/>: a producer thread writes job numbers into it
/// as the window has room, and <c>workers</c> tasks on the thread pool read them and hash. For measurement only
/// (<see cref="OrderedHashingChoice"/>).
/// </summary>
internal sealed class ChannelOrderedHashing : OrderedSlots
{
    private readonly Channel<int> _jobs = Channel.CreateUnbounded<int>(new UnboundedChannelOptions { SingleWriter = true });

    private ChannelOrderedHashing(Func<HashJob?> source, int workers, int spreadThreads, ToolContext context)
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
        var hashing = new ChannelOrderedHashing(source, workers, spreadThreads, context);
        for (int i = 0; i < workers; i++)
        {
            _ = Task.Run(hashing.WorkAsync);
        }

        // Its own thread, not a pool task: the source may wait on a pipe, and a background thread keeps nothing alive.
        new Thread(hashing.Feed) { IsBackground = true, Name = "b2fsum producer" }.Start();
        hashing.Deliver(deliver, idle);
    }

    private void Feed()
    {
        int index;
        while ((index = Produce()) >= 0)
        {
            _jobs.Writer.TryWrite(index);
        }

        _jobs.Writer.TryComplete();
    }

    private async Task WorkAsync()
    {
        var workspace = new Workspace(SpreadThreads);
        try
        {
            while (await _jobs.Reader.WaitToReadAsync(Stopping.Token).ConfigureAwait(false))
            {
                while (_jobs.Reader.TryRead(out int index))
                {
                    Hash(index, workspace);
                }
            }
        }
        catch (OperationCanceledException)
        {
            // The run ended (the caller failed or stopped): nothing more to hash.
        }
    }
}
