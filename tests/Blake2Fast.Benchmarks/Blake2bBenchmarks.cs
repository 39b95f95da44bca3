// BLAKE2b, one-shot, against its peers. Each input size (and digest length) forms its own group in the summary,
// and the Ratio column compares every row with the library's default public path (Baseline) in that group.
//
// Peers measured, each through its cheapest API (the one a careful user would pick; allocations are what it costs):
//   every Blake2Fast BLAKE2b instruction set that runs here (internal entry point, Infrastructure/LibraryKernels.cs);
//   OpenSSL 3 EVP_Digest (P/Invoke, own binding): the portable-C reference;
//   libsodium crypto_generichash (P/Invoke, own binding; the libsodium binary NSec ships when present);
//   NSec.Cryptography: HashAlgorithm.Hash(ReadOnlySpan, Span) on a cached Blake2b_512 (no allocation; 32..64-byte
//     digests only, so not in the 5-byte rows);
//   BouncyCastle.Cryptography: one Blake2bDigest reused, BlockUpdate(ReadOnlySpan) + DoFinal(Span) (DoFinal resets);
//   Konscious.Security.Cryptography.Blake2: one HMACBlake2B (unkeyed) reused, ComputeHash(byte[]) (its only entry
//     point that does not copy the input: the span APIs come from HashAlgorithm's base class, which copies the input
//     into a pooled array; every call allocates the result array, HashAlgorithm's copy of it, and its own state);
//   Isopoh.Cryptography.Blake2b: one Hasher reused, Init + Update(byte[]) + Finish into Blake2BConfig's
//     Result64ByteBuffer (its allocation-free path; memory locking off, as a speed comparison should have it);
//   the in-box MD5/SHA-256/SHA-512/SHA3-256 one-shot HashData as speed references.
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
public class Blake2bBenchmarks
{
    private const int FullLength = Blake2b.DefaultDigestLength;

    private byte[] _input = [];
    private readonly byte[] _output = new byte[64];
#if PEER_NSEC
    // Set in its setup only: NSec's static initialization throws where libsodium does not load.
    private global::NSec.Cryptography.HashAlgorithm? _nsec;
#endif
#if PEER_BOUNCYCASTLE
    private global::Org.BouncyCastle.Crypto.Digests.Blake2bDigest? _bouncy;
#endif
#if PEER_KONSCIOUS
    private global::Konscious.Security.Cryptography.HMACBlake2B? _konscious;
#endif
#if PEER_ISOPOH
    private global::Isopoh.Cryptography.Blake2b.Hasher? _isopoh;
#endif

    [Params(3, 64, 3268, 3 * 1024 * 1024)]
    public int Size { get; set; }

    [Params(5, FullLength)]
    public int DigestLength { get; set; }

    public static IEnumerable<InstructionSetChoice> SupportedInstructionSets() => InstructionSetChoice.Supported(isB: true);

    [GlobalSetup]
    public void Setup()
    {
        _input = BenchmarkInput.Create(Size);
        byte[] expected = Blake2b.ComputeHash(DigestLength, _input);
        foreach (InstructionSetChoice instructionSet in SupportedInstructionSets())
        {
            Array.Clear(_output);
            instructionSet.Blake2b(DigestLength, _input, _output);
            BenchmarkInput.Verify("Blake2Fast " + instructionSet, expected, _output.AsSpan(0, DigestLength));
        }
    }

    [GlobalSetup(Target = nameof(OpenSsl))]
    public void SetupOpenSsl()
    {
        Setup();
        Array.Clear(_output);
        int written = Infrastructure.OpenSsl.Digest(Infrastructure.OpenSsl.Blake2b512, _input, _output);
        BenchmarkInput.Verify("OpenSSL " + Infrastructure.OpenSsl.Description, Blake2b.ComputeHash(_input), _output.AsSpan(0, written));
    }

    [GlobalSetup(Target = nameof(Libsodium))]
    public void SetupLibsodium()
    {
        Setup();
        Array.Clear(_output);
        Sodium.GenericHash(_input, _output.AsSpan(0, FullLength));
        BenchmarkInput.Verify("libsodium " + Sodium.Description, Blake2b.ComputeHash(_input), _output);
    }

#if PEER_NSEC
    [GlobalSetup(Target = nameof(NSec))]
    public void SetupNSec()
    {
        Setup();
        _nsec = global::NSec.Cryptography.HashAlgorithm.Blake2b_512;
        Array.Clear(_output);
        NSec();
        BenchmarkInput.Verify("NSec Blake2b_512", Blake2b.ComputeHash(_input), _output);
    }
#endif

#if PEER_BOUNCYCASTLE
    [GlobalSetup(Target = nameof(BouncyCastle))]
    public void SetupBouncyCastle()
    {
        Setup();
        _bouncy = new global::Org.BouncyCastle.Crypto.Digests.Blake2bDigest(DigestLength * 8);
        Array.Clear(_output);
        BouncyCastle();
        BenchmarkInput.Verify("BouncyCastle Blake2bDigest", Blake2b.ComputeHash(DigestLength, _input), _output.AsSpan(0, DigestLength));
    }
#endif

#if PEER_KONSCIOUS
    [GlobalSetup(Target = nameof(Konscious))]
    public void SetupKonscious()
    {
        Setup();
        _konscious = new global::Konscious.Security.Cryptography.HMACBlake2B(DigestLength * 8);
        BenchmarkInput.Verify("Konscious HMACBlake2B", Blake2b.ComputeHash(DigestLength, _input), Konscious());
    }

    [GlobalCleanup(Target = nameof(Konscious))]
    public void CleanupKonscious() => _konscious?.Dispose();
#endif

#if PEER_ISOPOH
    [GlobalSetup(Target = nameof(Isopoh))]
    public void SetupIsopoh()
    {
        Setup();
        var config = new global::Isopoh.Cryptography.Blake2b.Blake2BConfig
        {
            OutputSizeInBytes = DigestLength,
            Result64ByteBuffer = new byte[64],
            LockMemoryPolicy = global::Isopoh.Cryptography.Blake2b.LockMemoryPolicy.None,
        };
        _isopoh = global::Isopoh.Cryptography.Blake2b.Blake2B.Create(config, global::Isopoh.Cryptography.SecureArray.SecureArray.DefaultCall);
        BenchmarkInput.Verify("Isopoh Blake2B", Blake2b.ComputeHash(DigestLength, _input), Isopoh().AsSpan(0, DigestLength));
    }

    [GlobalCleanup(Target = nameof(Isopoh))]
    public void CleanupIsopoh() => _isopoh?.Dispose();
#endif

    /// <summary>The library's public one-shot path (default instruction set, chosen once at startup).</summary>
    [Benchmark(Baseline = true, Description = "Blake2Fast")]
    public void Blake2Fast() => Blake2b.ComputeAndWriteHash(DigestLength, _input, _output.AsSpan());

    /// <summary>The same hash on a named instruction set, so one run compares the instruction sets.</summary>
    [Benchmark(Description = "Blake2Fast(core)")]
    [ArgumentsSource(nameof(SupportedInstructionSets))]
    public void Blake2FastCore(InstructionSetChoice Core) => Core.Blake2b(DigestLength, _input, _output);

    [GlobalSetup(Target = nameof(Rust))]
    public void SetupRust()
    {
        Setup();
        RustBlake2.Blake2b(_input, _output.AsSpan(0, DigestLength));
        BenchmarkInput.Verify("Rust blake2b_simd", Blake2b.ComputeHash(DigestLength, _input), _output.AsSpan(0, DigestLength));
    }

    /// <summary>Rust's blake2b_simd crate (native, AVX2), through its C-ABI wrapper (native/blake2-rs).</summary>
    [Benchmark(Description = "Rust blake2b_simd")]
    [Requires(Requirement.Rust)]
    public void Rust() => RustBlake2.Blake2b(_input, _output.AsSpan(0, DigestLength));

    [Benchmark(Description = "OpenSSL")]
    [Requires(Requirement.OpenSsl), OnlyForDigestLength(FullLength)]
    public int OpenSsl() => Infrastructure.OpenSsl.Digest(Infrastructure.OpenSsl.Blake2b512, _input, _output);

    [Benchmark(Description = "libsodium")]
    [Requires(Requirement.Libsodium), OnlyForDigestLength(FullLength)]
    public void Libsodium() => Sodium.GenericHash(_input, _output.AsSpan(0, FullLength));

#if PEER_NSEC
    [Benchmark(Description = "NSec")]
    [Requires(Requirement.NSec), OnlyForDigestLength(FullLength)]
    public void NSec() => _nsec!.Hash(_input, _output);
#endif

#if PEER_BOUNCYCASTLE
    [Benchmark(Description = "BouncyCastle")]
    public int BouncyCastle()
    {
        global::Org.BouncyCastle.Crypto.Digests.Blake2bDigest digest = _bouncy!;
        digest.BlockUpdate(_input);
        return digest.DoFinal(_output);
    }
#endif

#if PEER_KONSCIOUS
    [Benchmark(Description = "Konscious")]
    public byte[] Konscious() => _konscious!.ComputeHash(_input);
#endif

#if PEER_ISOPOH
    [Benchmark(Description = "Isopoh")]
    public byte[] Isopoh()
    {
        global::Isopoh.Cryptography.Blake2b.Hasher hasher = _isopoh!;
        hasher.Init();
        hasher.Update(_input);
        return hasher.Finish();
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
