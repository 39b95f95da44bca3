// The public BLAKE2b entry points on short inputs, where call overhead and allocations show: the allocating
// ComputeHash (should allocate only its result array), the span-writing ComputeAndWriteHash and the incremental
// state (both should allocate nothing). Each input size and digest length is its own group; the Ratio column
// compares with ComputeAndWriteHash.
using System;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Blake2Fast.Benchmarks.Infrastructure;

namespace Blake2Fast.Benchmarks;

[Config(typeof(BenchmarkConfig))]
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class ApiBenchmarks
{
    private byte[] _input = [];
    private readonly byte[] _output = new byte[Blake2b.DefaultDigestLength];

    [Params(3, 64)]
    public int Size { get; set; }

    [Params(5, Blake2b.DefaultDigestLength)]
    public int DigestLength { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _input = BenchmarkInput.Create(Size);
        byte[] expected = Blake2b.ComputeHash(DigestLength, _input);
        Array.Clear(_output);
        ComputeAndWriteHash();
        BenchmarkInput.Verify(nameof(ComputeAndWriteHash), expected, _output.AsSpan(0, DigestLength));
        Array.Clear(_output);
        Incremental();
        BenchmarkInput.Verify(nameof(Incremental), expected, _output.AsSpan(0, DigestLength));
    }

    [Benchmark]
    public byte[] ComputeHash() => Blake2b.ComputeHash(DigestLength, _input);

    [Benchmark(Baseline = true)]
    public void ComputeAndWriteHash() => Blake2b.ComputeAndWriteHash(DigestLength, _input, _output.AsSpan());

    [Benchmark(Description = "Update+Finish(span)")]
    public void Incremental()
    {
        Blake2bHashState state = Blake2b.CreateIncrementalHasher(DigestLength);
        state.Update(_input);
        state.Finish(_output.AsSpan(0, DigestLength));
    }
}
