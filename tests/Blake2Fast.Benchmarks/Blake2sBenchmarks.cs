// BLAKE2s, one-shot, against its peers. Each input size (and digest length) forms its own group in the summary,
// and the Ratio column compares every row with the library's default public path (Baseline) in that group.
//
// Peers measured, each through its cheapest API: every Blake2Fast BLAKE2s instruction set that runs here; OpenSSL 3 EVP_Digest
// (P/Invoke, own binding); BouncyCastle.Cryptography's Blake2sDigest, reused, BlockUpdate(ReadOnlySpan) +
// DoFinal(Span); and the in-box MD5/SHA-256/SHA-512/SHA3-256 one-shot HashData as speed references. libsodium (and
// so NSec), Konscious and Isopoh have no BLAKE2s.
// Peers whose package is compiled out (Infrastructure/Peers.cs), whose library fails to load, or which cannot produce
// the row's digest length are left out of the run, and the run says which.
using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Blake2Fast.Benchmarks.Infrastructure;

namespace Blake2Fast.Benchmarks;

[Config(typeof(BenchmarkConfig))]
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class Blake2sBenchmarks
{
    private const int FullLength = Blake2s.DefaultDigestLength;

    private byte[] _input = [];
    private readonly byte[] _output = new byte[64];
#if PEER_BOUNCYCASTLE
    private Org.BouncyCastle.Crypto.Digests.Blake2sDigest? _bouncy;
#endif

    [Params(3, 64, 3268, 3 * 1024 * 1024)]
    public int Size { get; set; }

    [Params(5, FullLength)]
    public int DigestLength { get; set; }

    public static IEnumerable<InstructionSetChoice> SupportedInstructionSets() => InstructionSetChoice.Supported(isB: false);

    [GlobalSetup]
    public void Setup()
    {
        _input = BenchmarkInput.Create(Size);
        byte[] expected = Blake2s.ComputeHash(DigestLength, _input);
        foreach (InstructionSetChoice instructionSet in SupportedInstructionSets())
        {
            Array.Clear(_output);
            instructionSet.Blake2s(DigestLength, _input, _output);
            BenchmarkInput.Verify("Blake2Fast " + instructionSet, expected, _output.AsSpan(0, DigestLength));
        }
    }

    [GlobalSetup(Target = nameof(OpenSsl))]
    public void SetupOpenSsl()
    {
        Setup();
        Array.Clear(_output);
        int written = Infrastructure.OpenSsl.Digest(Infrastructure.OpenSsl.Blake2s256, _input, _output);
        BenchmarkInput.Verify("OpenSSL " + Infrastructure.OpenSsl.Description, Blake2s.ComputeHash(_input), _output.AsSpan(0, written));
    }

#if PEER_BOUNCYCASTLE
    [GlobalSetup(Target = nameof(BouncyCastle))]
    public void SetupBouncyCastle()
    {
        Setup();
        _bouncy = new Org.BouncyCastle.Crypto.Digests.Blake2sDigest(DigestLength * 8);
        Array.Clear(_output);
        BouncyCastle();
        BenchmarkInput.Verify("BouncyCastle Blake2sDigest", Blake2s.ComputeHash(DigestLength, _input), _output.AsSpan(0, DigestLength));
    }
#endif

    /// <summary>The library's public one-shot path (default instruction set, chosen once at startup).</summary>
    [Benchmark(Baseline = true, Description = "Blake2Fast")]
    public void Blake2Fast() => Blake2s.ComputeAndWriteHash(DigestLength, _input, _output.AsSpan());

    /// <summary>The same hash on a named instruction set, so one run compares the instruction sets.</summary>
    [Benchmark(Description = "Blake2Fast(core)")]
    [ArgumentsSource(nameof(SupportedInstructionSets))]
    public void Blake2FastCore(InstructionSetChoice Core) => Core.Blake2s(DigestLength, _input, _output);

    [GlobalSetup(Target = nameof(Rust))]
    public void SetupRust()
    {
        Setup();
        RustBlake2.Blake2s(_input, _output.AsSpan(0, DigestLength));
        BenchmarkInput.Verify("Rust blake2s_simd", Blake2s.ComputeHash(DigestLength, _input), _output.AsSpan(0, DigestLength));
    }

    /// <summary>Rust's blake2s_simd crate (native, AVX2), through its C-ABI wrapper (native/blake2-rs).</summary>
    [Benchmark(Description = "Rust blake2s_simd")]
    [Requires(Requirement.Rust)]
    public void Rust() => RustBlake2.Blake2s(_input, _output.AsSpan(0, DigestLength));

    [Benchmark(Description = "OpenSSL")]
    [Requires(Requirement.OpenSsl), OnlyForDigestLength(FullLength)]
    public int OpenSsl() => Infrastructure.OpenSsl.Digest(Infrastructure.OpenSsl.Blake2s256, _input, _output);

#if PEER_BOUNCYCASTLE
    [Benchmark(Description = "BouncyCastle")]
    public int BouncyCastle()
    {
        Org.BouncyCastle.Crypto.Digests.Blake2sDigest digest = _bouncy!;
        digest.BlockUpdate(_input);
        return digest.DoFinal(_output);
    }
#endif

    [Benchmark(Description = "MD5")]
    [OnlyForDigestLength(FullLength)]
    public int Md5() => MD5.HashData(_input, _output);

    [Benchmark(Description = "SHA256")]
    [OnlyForDigestLength(FullLength)]
    public int Sha256() => SHA256.HashData(_input, _output);

    [Benchmark(Description = "SHA512")]
    [OnlyForDigestLength(FullLength)]
    public int Sha512() => SHA512.HashData(_input, _output);

    [Benchmark(Description = "SHA3_256")]
    [Requires(Requirement.Sha3_256), OnlyForDigestLength(FullLength)]
    public int Sha3_256() => SHA3_256.HashData(_input, _output);
}
