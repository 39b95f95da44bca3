using System;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// Which implementation of the ordered pool a run uses: <see cref="OrderedHashing"/> (the default), or for measurement
/// and for running the same tests on each (build/ordered-hashing.sh), <c>B2FSUM_ORDERED_HASHING=channel</c>
/// (<see cref="ChannelOrderedHashing"/>) or <c>=foreach</c> (<see cref="ForEachOrderedHashing"/>). Not documented for
/// users: it is no option, and goes once the comparison is settled.
/// </summary>
internal static class OrderedHashingChoice
{
    public const string Variable = "B2FSUM_ORDERED_HASHING";

    /// <summary>The variable's value, read once per process.</summary>
    public static readonly string Name = Environment.GetEnvironmentVariable(Variable) switch
    {
        "channel" => "channel",
        "foreach" => "foreach",
        _ => "pool",
    };

    /// <summary>As <see cref="OrderedHashing.Run"/>, on the implementation chosen.</summary>
    public static void Run(
        Func<HashJob?> source,
        bool sourceMayWait,
        int workers,
        int spreadThreads,
        ToolContext context,
        Action<HashJob, FileFailure?, ReadOnlySpan<byte>> deliver,
        Action idle)
    {
        switch (Name)
        {
            case "channel":
                ChannelOrderedHashing.Run(source, workers, spreadThreads, context, deliver, idle);
                break;
            case "foreach":
                ForEachOrderedHashing.Run(source, workers, spreadThreads, context, deliver, idle);
                break;
            default:
                OrderedHashing.Run(source, sourceMayWait, workers, spreadThreads, context, deliver, idle);
                break;
        }
    }
}
