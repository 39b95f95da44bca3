using BenchmarkDotNet.Configs;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// Settings shared by every benchmark class (applied with <c>[Config(typeof(BenchmarkConfig))]</c>, so they hold
/// whatever the command line adds): the MB/s column, the report headed by the CPUID line, the filter that drops peers missing on this machine, and summary groups per
/// input size and digest length (each with its baseline, so Ratio compares within a group).
/// </summary>
public sealed class BenchmarkConfig : ManualConfig
{
    public BenchmarkConfig()
    {
        AddColumn(new ThroughputColumn());
        AddExporter(new CpuMarkdownExporter());
        AddFilter(new PeerFilter());
        WithOrderer(new GroupByParamsOrderer());
    }
}
