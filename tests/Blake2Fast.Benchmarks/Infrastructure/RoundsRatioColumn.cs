using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// With <c>--rounds</c> (<see cref="InterleavedRounds"/>): the median over the rounds of this row's mean time over its
/// baseline's in the same round, with the lowest and highest round, e.g. <c>1.02 (0.97-1.10)</c>. Each round's ratio
/// pairs processes minutes apart from the other rounds, so one slow spell moves one round, not the median.
/// </summary>
public sealed class RoundsRatioColumn : CustomColumn
{
    public override string ColumnName => "Ratio of rounds";
    public override int PriorityInCategory => 1;
    public override bool IsNumeric => false;
    public override string Legend => "Median over the rounds of Mean / baseline's Mean in the same round (lowest-highest round)";

    public override bool IsAvailable(Summary summary) => summary.BenchmarksCases.Any(b => InterleavedRounds.Of(b.Job) > 0);

    public override string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        string key = InterleavedRounds.KeyOf(benchmarkCase);
        var ratios = new List<double>();
        foreach (BenchmarkCase round in summary.BenchmarksCases.Where(b => InterleavedRounds.KeyOf(b) == key))
        {
            BenchmarkCase? baseline = summary.GetBaseline(summary.GetLogicalGroupKey(round));
            double? mean = summary[round]?.ResultStatistics?.Mean;
            double? baseMean = baseline is null ? null : summary[baseline]?.ResultStatistics?.Mean;
            if (mean is double m && baseMean is double b && b > 0)
                ratios.Add(m / b);
        }
        if (ratios.Count == 0)
            return "-";
        ratios.Sort();
        int n = ratios.Count;
        double median = n % 2 == 1 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2;
        return string.Create(CultureInfo.InvariantCulture, $"{median:F2} ({ratios[0]:F2}-{ratios[^1]:F2})");
    }
}
