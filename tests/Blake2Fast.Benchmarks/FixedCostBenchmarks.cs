// What a short one-shot call costs beyond its one compression: the library's span one-shot (3, 32 and 64 B, the full
// digest) against a bare compression of one block on the same default instruction set, for BLAKE2b, BLAKE2s and BLAKE-256
// (whose 55 bytes of message fit one block with its padding). The target is at most one compression plus 20 ns; the
// difference of the two rows is the fixed cost per call (parameter word, buffer zeroing, dispatch, clearing).
using System;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Blake2Fast.Benchmarks.Infrastructure;

namespace Blake2Fast.Benchmarks;

[Config(typeof(BenchmarkConfig))]
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class FixedCostBenchmarks
{
    private byte[] _input = [];
    private readonly byte[] _output = new byte[64];
    private readonly byte[] _block = new byte[128];
    private readonly ulong[] _chainB = new ulong[16];
    private readonly uint[] _chainS = new uint[16];

    [Params("BLAKE2b", "BLAKE2s", "BLAKE-256")]
    public string Algorithm { get; set; } = "";

    [Params(3, 32, 64)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup() => _input = BenchmarkInput.Create(Size);

    [Benchmark(Baseline = true, Description = "one-shot (span)")]
    public void OneShot()
    {
        if (Algorithm == "BLAKE2b")
            Blake2b.ComputeAndWriteHash(_input, _output.AsSpan());
        else if (Algorithm == "BLAKE2s")
            Blake2s.ComputeAndWriteHash(_input, _output.AsSpan());
        else
            Blake256.ComputeAndWriteHash(_input, _output.AsSpan());
    }

    [Benchmark(Description = "one compression")]
    public void OneCompression()
    {
        if (Algorithm == "BLAKE2b")
            LibraryKernels.CompressOneBlockB(_chainB, _block);
        else if (Algorithm == "BLAKE2s")
            LibraryKernels.CompressOneBlockS(_chainS, _block);
        else
            LibraryKernels.CompressOneBlock256(_chainS, _block);
    }
}
