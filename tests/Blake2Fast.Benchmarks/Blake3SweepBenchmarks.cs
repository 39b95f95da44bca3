// BLAKE3 against the two references a BLAKE3 user compares with, in one run: the official C implementation 1.3.1
// with its hand-written assembly (built by native/build-blake3.sh from Debian's librust-blake3-dev; its rows are
// skipped with the reason printed where that cannot be built) and the Blake3 NuGet package 3.0.2 (managed SIMD,
// behind PEER_BLAKE3). Two sweeps: one-shot 32-byte digests over input sizes, and 16 MiB fed to Update in pieces
// (as Stream.CopyTo or a network reader feeds a hasher). The Ratio column compares each row with Blake2Fast.
// build/plot-blake3.py draws the one-shot sweep from the CSV report as the chart of a page in docs/benchmarks.
using System;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Blake2Fast.Benchmarks.Infrastructure;

namespace Blake2Fast.Benchmarks;

[Config(typeof(BenchmarkConfig))]
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public unsafe class Blake3SweepBenchmarks
{
    private const int KiB = 1024, MiB = 1024 * KiB;

    private byte[] _input = [];
    private readonly byte[] _output = new byte[32];
    private byte* _official;

    /// <summary>64 B, every power of two from 1 KiB to 64 MiB, and 16 KiB and 64 KiB each 1 KiB either side.</summary>
    [Params(64, 1 * KiB, 2 * KiB, 4 * KiB, 8 * KiB, 15 * KiB, 16 * KiB, 17 * KiB, 32 * KiB, 63 * KiB, 64 * KiB, 65 * KiB, 128 * KiB,
        256 * KiB, 512 * KiB, 1 * MiB, 2 * MiB, 4 * MiB, 8 * MiB, 16 * MiB, 32 * MiB, 64 * MiB)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _input = BenchmarkInput.Create(Size);
        _official = OfficialBlake3.LoadError is null ? OfficialBlake3.NewHasher() : null;
        byte[] expected = global::Blake2Fast.Blake3.HashData(_input);
        if (_official is not null)
        {
            Official();
            BenchmarkInput.Verify("official BLAKE3 C", expected, _output);
        }
#if PEER_BLAKE3
        Package();
        BenchmarkInput.Verify("Blake3 package", expected, _output);
#endif
    }

    [Benchmark(Baseline = true, Description = "Blake2Fast BLAKE3")]
    public int Blake2Fast() => global::Blake2Fast.Blake3.HashData(_input, _output.AsSpan());

    [Benchmark(Description = "official C 1.3.1 (asm)")]
    [Requires(Requirement.OfficialBlake3)]
    public void Official() => OfficialBlake3.Hash(_official, _input, _input.Length, _output);

#if PEER_BLAKE3
    /// <summary>The package's own one-shot call.</summary>
    [Benchmark(Description = "Blake3 3.0.2")]
    public void Package() => global::Blake3.Hasher.Hash(_input, _output);
#endif
}

/// <summary>16 MiB fed to each hasher in pieces of the same size; the MB/s column counts the 16 MiB.</summary>
[Config(typeof(BenchmarkConfig))]
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public unsafe class Blake3StreamingBenchmarks
{
    private byte[] _input = [];
    private readonly byte[] _output = new byte[32];
    private byte* _official;

    [Params(16 * 1024 * 1024)]
    public int Size { get; set; }

    [Params(4 * 1024, 16 * 1024, 64 * 1024, 1024 * 1024)]
    public int Piece { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _input = BenchmarkInput.Create(Size);
        _official = OfficialBlake3.LoadError is null ? OfficialBlake3.NewHasher() : null;
        byte[] expected = global::Blake2Fast.Blake3.HashData(_input);
        Blake2Fast();
        BenchmarkInput.Verify("Blake2Fast BLAKE3 in pieces", expected, _output);
        if (_official is not null)
        {
            Official();
            BenchmarkInput.Verify("official BLAKE3 C in pieces", expected, _output);
        }
#if PEER_BLAKE3
        Package();
        BenchmarkInput.Verify("Blake3 package in pieces", expected, _output);
#endif
    }

    [Benchmark(Baseline = true, Description = "Blake2Fast BLAKE3")]
    public void Blake2Fast()
    {
        Blake3HashState state = global::Blake2Fast.Blake3.CreateIncrementalHasher();
        for (int at = 0; at < _input.Length; at += Piece)
            state.Update(_input.AsSpan(at, Math.Min(Piece, _input.Length - at)));
        state.Finish(_output);
    }

    [Benchmark(Description = "official C 1.3.1 (asm)")]
    [Requires(Requirement.OfficialBlake3)]
    public void Official() => OfficialBlake3.Hash(_official, _input, Piece, _output);

#if PEER_BLAKE3
    [Benchmark(Description = "Blake3 3.0.2")]
    public void Package()
    {
        using global::Blake3.Hasher hasher = global::Blake3.Hasher.New();
        for (int at = 0; at < _input.Length; at += Piece)
            hasher.Update(_input.AsSpan(at, Math.Min(Piece, _input.Length - at)));
        hasher.Finalize(_output);
    }
#endif
}
