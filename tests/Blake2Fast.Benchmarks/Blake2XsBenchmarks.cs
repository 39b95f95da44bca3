// BLAKE2Xs (extendable output), one-shot, against the one peer that has it: BouncyCastle.Cryptography's
// Blake2xsDigest, reused, BlockUpdate(ReadOnlySpan) + DoFinal(Span) (DoFinal resets it; it still allocates inside,
// about 250 B per 32-byte output block, measured: there is no cheaper BouncyCastle path). Output lengths of one
// BLAKE2s block (32 bytes) and of 32 blocks (1 KiB), where the output expansion itself shows. Compiled only with
// BouncyCastle (PeerBouncyCastle): without a peer the class would compare nothing.
#if PEER_BOUNCYCASTLE
using System;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Blake2Fast.Benchmarks.Infrastructure;

namespace Blake2Fast.Benchmarks;

[Config(typeof(BenchmarkConfig))]
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class Blake2XsBenchmarks
{
    private byte[] _input = [];
    private readonly byte[] _output = new byte[1024];
    private Org.BouncyCastle.Crypto.Digests.Blake2xsDigest? _bouncy;

    [Params(3, 3268, 3 * 1024 * 1024)]
    public int Size { get; set; }

    [Params(32, 1024)]
    public int OutputLength { get; set; }

    [GlobalSetup]
    public void Setup() => _input = BenchmarkInput.Create(Size);

    [GlobalSetup(Target = nameof(BouncyCastle))]
    public void SetupBouncyCastle()
    {
        Setup();
        _bouncy = new Org.BouncyCastle.Crypto.Digests.Blake2xsDigest(OutputLength);
        Array.Clear(_output);
        BouncyCastle();
        BenchmarkInput.Verify("BouncyCastle Blake2xsDigest", Blake2Xs.ComputeHash(OutputLength, _input), _output.AsSpan(0, OutputLength));
    }

    [Benchmark(Baseline = true, Description = "Blake2Fast")]
    public void Blake2Fast() => Blake2Xs.ComputeAndWriteHash(_input, _output.AsSpan(0, OutputLength));

    [Benchmark(Description = "BouncyCastle")]
    public int BouncyCastle()
    {
        Org.BouncyCastle.Crypto.Digests.Blake2xsDigest digest = _bouncy!;
        digest.BlockUpdate(_input);
        return digest.DoFinal(_output.AsSpan(0, OutputLength));
    }
}
#endif
