using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>What this project's summary columns share: always shown, in the custom category, a text per row.</summary>
public abstract class CustomColumn : IColumn
{
    public string Id => GetType().Name;
    public abstract string ColumnName { get; }
    public abstract string Legend { get; }
    public abstract int PriorityInCategory { get; }
    public abstract bool IsNumeric { get; }
    public bool AlwaysShow => true;
    public ColumnCategory Category => ColumnCategory.Custom;
    public UnitType UnitType => UnitType.Dimensionless;

    public abstract bool IsAvailable(Summary summary);

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

    public abstract string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style);

    public override string ToString() => ColumnName;
}
