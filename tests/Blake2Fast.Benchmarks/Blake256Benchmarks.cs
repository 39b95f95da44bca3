// BLAKE-256 (the SHA-3 finalist) against the library's own BLAKE2s, one-shot, full-length digests. Each input size forms
// its own group in the summary, and the Ratio column compares BLAKE-256 with BLAKE2s (Baseline) in that group.
//
// What the rows answer: BLAKE-256 runs BLAKE2s's round 14 times instead of 10, with a constant XOR per message word
// and big-endian loads, so the expected throughput is about 10/14 of BLAKE2s's (target: at least 0.65x on 16 KiB and
// 3 MiB). At 32 bytes both are one compression plus setup. A padding-spill row (56 bytes: two compressions for
// BLAKE-256, one for BLAKE2s) shows the cost of the Merkle-Damgard padding. No peer on NuGet is measured: none of the
// BLAKE-256 packages there is maintained.
using System;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Blake2Fast.Benchmarks.Infrastructure;

namespace Blake2Fast.Benchmarks;

[Config(typeof(BenchmarkConfig))]
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class Blake256Benchmarks
{
    private byte[] _input = [];
    private readonly byte[] _output = new byte[32];

    [Params(32, 56, 16 * 1024, 3 * 1024 * 1024)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _input = BenchmarkInput.Create(Size);
        // The library is checked against the vectors by its tests; here only the two paths measured are compared.
        Array.Clear(_output);
        Blake256.ComputeAndWriteHash(_input, _output.AsSpan());
        BenchmarkInput.Verify("Blake2Fast BLAKE-256 span path", Blake256.ComputeHash(_input), _output);
        Array.Clear(_output);
        Blake256Incremental();
        BenchmarkInput.Verify("Blake2Fast BLAKE-256 incremental path", Blake256.ComputeHash(_input), _output);
    }

    /// <summary>The project's BLAKE2s on its default instruction set: the yardstick.</summary>
    [Benchmark(Baseline = true, Description = "BLAKE2s")]
    public void Blake2sOneShot() => Blake2s.ComputeAndWriteHash(_input, _output.AsSpan());

    /// <summary>BLAKE-256's public one-shot span path.</summary>
    [Benchmark(Description = "BLAKE-256")]
    public void Blake256OneShot() => Blake256.ComputeAndWriteHash(_input, _output.AsSpan());

    public static System.Collections.Generic.IEnumerable<string> SupportedInstructionSets() =>
        System.Linq.Enumerable.Select(global::Blake2Fast.Dispatch.KernelTable.Blake256.Supported, c => c.ToString());

    /// <summary>BLAKE-256 on a named instruction set, so one run compares the instruction sets.</summary>
    [Benchmark(Description = "BLAKE-256(core)")]
    [ArgumentsSource(nameof(SupportedInstructionSets))]
    public void Blake256OnCore(string core) =>
        Blake2Fast.Families.Blake256.State.Blake256State.Hash(32, default, System.Enum.Parse<global::Blake2Fast.Dispatch.InstructionSet>(core), _input, _output, "output");

    /// <summary>BLAKE-256, salted (the salt costs nothing per block: it is folded into the constants once per call).</summary>
    [Benchmark(Description = "BLAKE-256 salted")]
    public void Blake256Salted() => Blake256.ComputeAndWriteHash(Salt, _input, _output);

    /// <summary>BLAKE-256 through the incremental state, fed in one call.</summary>
    [Benchmark(Description = "BLAKE-256 incremental")]
    public void Blake256Incremental()
    {
        Blake256HashState state = Blake256.CreateIncrementalHasher();
        state.Update(_input);
        state.Finish(_output);
    }

    private static readonly byte[] Salt = BenchmarkInput.Create(16);
}
