using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// BenchmarkDotNet's GitHub markdown report with the CPUID line (<see cref="CpuInfo"/>) and the peers compiled out
/// (<see cref="Peers"/>) on top: BenchmarkDotNet's own header only has the brand string. Written next to the
/// usual report as <c>*-report-cpu.md</c>; the tables of docs/benchmarks come from this file.
/// </summary>
public sealed class CpuMarkdownExporter : ExporterBase
{
    protected override string FileExtension => "md";

    protected override string FileNameSuffix => "-cpu";

    public override void ExportToLog(Summary summary, ILogger logger)
    {
        logger.WriteLine(CpuInfo.Describe());
        logger.WriteLine();
        logger.WriteLine(Peers.Describe());
        logger.WriteLine();
        MarkdownExporter.GitHub.ExportToLog(summary, logger);
    }
}
