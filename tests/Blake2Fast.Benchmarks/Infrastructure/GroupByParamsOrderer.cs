using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Order;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// Groups the summary by job and by the class's <c>[Params]</c> only; inside a group the rows keep the declared
/// method order, and the instruction sets run lowest first. BenchmarkDotNet's own by-params rule also keys on method arguments, which would put each Blake2Fast instruction set
/// (an <c>[ArgumentsSource]</c> value) in a group of its own, away from the baseline, with an empty Ratio column.
/// </summary>
public sealed class GroupByParamsOrderer : IOrderer
{
    private readonly DefaultOrderer _default = new(SummaryOrderPolicy.Declared, MethodOrderPolicy.Declared);

    public bool SeparateLogicalGroups => true;

    /// <summary>The default order, but with <c>--rounds</c> one round of every case after the other (OrderBy is stable).</summary>
    public IEnumerable<BenchmarkCase> GetExecutionOrder(
        ImmutableArray<BenchmarkCase> benchmarksCase, IEnumerable<BenchmarkLogicalGroupRule>? order = null) =>
        _default.GetExecutionOrder(benchmarksCase, order).OrderBy(b => InterleavedRounds.Of(b.Job));

    public IEnumerable<BenchmarkCase> GetSummaryOrder(ImmutableArray<BenchmarkCase> benchmarksCases, Summary summary) =>
        GetLogicalGroupOrder(benchmarksCases.GroupBy(b => GetLogicalGroupKey(benchmarksCases, b)))
            .SelectMany(group => group
                .OrderBy(b => b.Descriptor.MethodIndex)
                .ThenBy(b => b.Parameters.Items.FirstOrDefault(p => p.IsArgument)?.Value is InstructionSetChoice instructionSet ? instructionSet.SortKey : 0)
                .ThenBy(b => b.Parameters.DisplayInfo, StringComparer.Ordinal));

    public string? GetHighlightGroupKey(BenchmarkCase benchmarkCase) => null;

    public string GetLogicalGroupKey(ImmutableArray<BenchmarkCase> allBenchmarksCases, BenchmarkCase benchmarkCase)
    {
        string parameters = string.Join(", ", benchmarkCase.Parameters.Items
            .Where(p => !p.IsArgument)
            .Select(p => p.Name + "=" + p.ToDisplayText()));
        return benchmarkCase.Job.DisplayInfo + "-" + parameters;
    }

    public IEnumerable<IGrouping<string, BenchmarkCase>> GetLogicalGroupOrder(
        IEnumerable<IGrouping<string, BenchmarkCase>> logicalGroups, IEnumerable<BenchmarkLogicalGroupRule>? order = null) =>
        _default.GetLogicalGroupOrder(logicalGroups, order);
}
