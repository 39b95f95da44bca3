using System;
using System.Globalization;
using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// <c>--rounds N</c>: every benchmark case runs N times, as N jobs that differ only in a round number, and the run
/// goes through all the cases once per round (<see cref="GroupByParamsOrderer"/> orders by round first). On a shared
/// VM a whole process can run 10-30% slow for minutes; launches of one case back to back share such a spell, rounds
/// minutes apart do not. <see cref="RoundsRatioColumn"/> then gives each row the median over the rounds of its time
/// over the baseline's in the same round (the libraries of one size run next to each other in every round).
/// </summary>
public static class InterleavedRounds
{
    /// <summary>The environment variable that carries the round number into the benchmark process (and tells the jobs apart).</summary>
    public const string Variable = "BLAKE2FAST_BENCH_ROUND";

    /// <summary>
    /// Takes <c>--rounds N</c> out of <paramref name="args"/>; returns a config of N round jobs (1 launch, 3 warm-up
    /// and 5 measured iterations of 250 ms each: a row's precision comes from the rounds) with the median column, or
    /// null without the option.
    /// </summary>
    public static IConfig? TakeFrom(ref string[] args)
    {
        int at = Array.IndexOf(args, "--rounds");
        if (at < 0)
            return null;
        if (at + 1 >= args.Length || !int.TryParse(args[at + 1], NumberStyles.None, CultureInfo.InvariantCulture, out int rounds) || rounds < 1)
            throw new ArgumentException("--rounds needs a round count of 1 or more, e.g. --rounds 3.", nameof(args));
        args = [.. args[..at], .. args[(at + 2)..]];
        // On top of the default config: a config given to the switcher replaces it (its loggers and exporters too).
        var config = ManualConfig.Create(DefaultConfig.Instance).AddColumn(new RoundsRatioColumn());
        for (int round = 1; round <= rounds; round++)
        {
            config.AddJob(Job.Default.WithLaunchCount(1).WithWarmupCount(3).WithIterationCount(5)
                .WithIterationTime(Perfolizer.Horology.TimeInterval.FromMilliseconds(250))
                .WithEnvironmentVariable(Variable, round.ToString(CultureInfo.InvariantCulture))
                .WithId("Round" + round.ToString(CultureInfo.InvariantCulture)));
        }
        return config;
    }

    /// <summary>The round a job runs (0 outside <c>--rounds</c>).</summary>
    public static int Of(Job job) =>
        job.Environment.EnvironmentVariables?.FirstOrDefault(v => v.Key == Variable) is { Value: { } value }
            ? int.Parse(value, CultureInfo.InvariantCulture)
            : 0;

    /// <summary>The case's identity without its job: the same method with the same parameters in every round.</summary>
    public static string KeyOf(BenchmarkCase benchmarkCase) =>
        benchmarkCase.Descriptor.WorkloadMethodDisplayInfo + "|" + benchmarkCase.Parameters.DisplayInfo;
}
