using System;
using System.Globalization;
using System.Linq;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>Input bytes hashed per second (the <c>Size</c> parameter over the mean time), in MB/s (10^6 bytes).</summary>
public sealed class ThroughputColumn : CustomColumn
{
    public const string SizeParameter = "Size";

    public override string ColumnName => "MB/s";
    public override int PriorityInCategory => 0;
    public override bool IsNumeric => true;
    public override string Legend => "Throughput: input bytes hashed per second, in units of 10^6 bytes (Size / Mean)";

    public override bool IsAvailable(Summary summary) =>
        summary.BenchmarksCases.Any(b => b.Parameters[SizeParameter] is int);

    public override string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        double? meanNs = summary[benchmarkCase]?.ResultStatistics?.Mean;
        if (benchmarkCase.Parameters[SizeParameter] is not int size || meanNs is not double ns || ns <= 0)
            return "-";
        double megabytesPerSecond = size / ns * 1e9 / 1e6;
        string format = megabytesPerSecond >= 100 ? "N0" : megabytesPerSecond >= 1 ? "N1" : "N3";
        return megabytesPerSecond.ToString(format, CultureInfo.InvariantCulture);
    }
}
