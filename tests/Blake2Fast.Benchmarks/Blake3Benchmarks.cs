// BLAKE3, one-shot 32-byte digests, against the library's own BLAKE2b and BLAKE2s and (behind PEER_BOUNCYCASTLE)
// BouncyCastle.Cryptography's Blake3Digest, reused, BlockUpdate(ReadOnlySpan) + DoFinal(Span). Each input size is its
// own group; the Ratio column compares every row with Blake2Fast's BLAKE3 on its default instruction set (the UpdateParallel
// row spreads whole chunks over the machine's cores). The per-instruction-set rows
// force each BLAKE3 lane kernel this machine runs (chunks side by side; the portable kernel one at a time).
using System;
using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Blake2Fast.Benchmarks.Infrastructure;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Tree;

namespace Blake2Fast.Benchmarks;

[Config(typeof(BenchmarkConfig))]
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class Blake3Benchmarks
{
    private byte[] _input = [];
    private readonly byte[] _output = new byte[64];
#if PEER_BOUNCYCASTLE
    private Org.BouncyCastle.Crypto.Digests.Blake3Digest? _bouncy;
#endif

    [Params(64, 1024, 1024 * 1024, 3 * 1024 * 1024)]
    public int Size { get; set; }

    /// <summary>The BLAKE3 instruction sets that run here, by the names <c>BLAKE2FAST_CORE</c> takes.</summary>
    public static IEnumerable<string> SupportedInstructionSets() => global::Blake2Fast.Blake3.SupportedInstructionSets.Select(InstructionSets.Name);

    [GlobalSetup]
    public void Setup()
    {
        _input = BenchmarkInput.Create(Size);
        byte[] expected = global::Blake2Fast.Blake3.HashData(_input);
        foreach (string instructionSet in SupportedInstructionSets())
        {
            Array.Clear(_output);
            Blake3Core(instructionSet);
            BenchmarkInput.Verify("Blake2Fast BLAKE3 " + instructionSet, expected, _output.AsSpan(0, 32));
        }
    }

#if PEER_BOUNCYCASTLE
    [GlobalSetup(Target = nameof(BouncyCastle))]
    public void SetupBouncyCastle()
    {
        Setup();
        _bouncy = new Org.BouncyCastle.Crypto.Digests.Blake3Digest(256);
        Array.Clear(_output);
        BouncyCastle();
        BenchmarkInput.Verify("BouncyCastle Blake3Digest", global::Blake2Fast.Blake3.HashData(_input), _output.AsSpan(0, 32));
    }
#endif

    /// <summary>The library's public one-shot path (default instruction set, chosen once at startup).</summary>
    [Benchmark(Baseline = true, Description = "Blake2Fast BLAKE3")]
    public int Blake3() => global::Blake2Fast.Blake3.HashData(_input, _output.AsSpan());

    /// <summary>The same hash on a named instruction set, so one run compares the kernels.</summary>
    [Benchmark(Description = "Blake2Fast BLAKE3(core)")]
    [ArgumentsSource(nameof(SupportedInstructionSets))]
    public void Blake3Core(string Core) =>
        Blake3HashState.Hash(32, default, _input, _output, "output", InstructionSets.Parse(Core) ?? InstructionSet.Scalar);

    /// <summary>The opt-in multi-threaded path (one thread per processor); inputs under 512 KiB stay on one thread.</summary>
    [Benchmark(Description = "Blake2Fast BLAKE3 UpdateParallel")]
    public void Blake3Parallel()
    {
        Blake3HashState state = global::Blake2Fast.Blake3.CreateIncrementalHasher();
        state.UpdateParallel(_input);
        state.Finish(_output.AsSpan(0, 32));
    }

    [Benchmark(Description = "Blake2Fast BLAKE2b-512")]
    public int Blake2b() => global::Blake2Fast.Blake2b.HashData(_input, _output.AsSpan());

    [Benchmark(Description = "Blake2Fast BLAKE2s-256")]
    public int Blake2s() => global::Blake2Fast.Blake2s.HashData(_input, _output.AsSpan());

#if PEER_BOUNCYCASTLE
    [Benchmark(Description = "BouncyCastle")]
    public int BouncyCastle()
    {
        Org.BouncyCastle.Crypto.Digests.Blake3Digest digest = _bouncy!;
        digest.BlockUpdate(_input);
        return digest.DoFinal(_output);
    }
#endif
}
