// What the README's blocks use (each block's own using lines are not repeated in the methods: DocExampleMatcher does
// not look for them), then the tests' own.
using System;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast;

namespace Blake2Fast.Tests.DocExamples;

/// <summary>
/// The README's examples, compiled and run, one [Fact] each: the block verbatim (its inputs declared in it), then
/// assertions on its results. <see cref="DocExampleTests"/> fails if a C# block of the README is not found here
/// verbatim, so the two cannot drift apart; <see cref="DocBlockCompileTests"/> compiles each block on its own.
/// </summary>
public class ReadmeExamples
{
    [Fact]
    public void QuickStart()
    {
        byte[] hello = Blake2b.HashData(Encoding.UTF8.GetBytes("hello"));        // BLAKE2b, 64 bytes
        string hex = Convert.ToHexString(hello).ToLowerInvariant();              // as `printf hello | b2sum` prints it
        Console.WriteLine(hex);

        // printf hello | b2sum (GNU coreutils), and Python's hashlib.blake2b(b"hello").hexdigest()
        Assert.Equal("e4cfa39a3d37be31c59609e807970799caa68a19bfaa15135f165085e01d41a65ba1e1b146aeb6bd0092b49eac214c103ccfa3a365954bbbe52f74a2b3620c94", hex);
    }

    [Fact]
    public void OneShot()
    {
        byte[] data = "hello"u8.ToArray();
        byte[] key = RandomNumberGenerator.GetBytes(32);
        byte[] digest = Blake2b.HashData(data);                                  // 64 bytes
        byte[] short32 = Blake2b.HashData(32, data);                             // any length 1..64
        byte[] mac = Blake2s.Keyed.HashData(key, data);                          // keyed (MAC), 32 bytes
        byte[] same = Blake2b.ComputeHash(32, data);                             // the 2.x name, the same hash

        Assert.Equal(Convert.FromHexString("e4cfa39a3d37be31c59609e807970799caa68a19bfaa15135f165085e01d41a65ba1e1b146aeb6bd0092b49eac214c103ccfa3a365954bbbe52f74a2b3620c94"), digest);
        Assert.Equal(32, short32.Length);
        Assert.Equal(Blake2s.ComputeHash(32, key, data), mac);
        Assert.NotEqual(Blake2s.ComputeHash(32, data), mac);
        Assert.Equal(short32, same);
    }

#if !LIBRARY_NETSTANDARD
    [Fact]
    public async Task StreamsAndIncremental()
    {
        using Stream stream = new MemoryStream(new byte[300_000]);   // any readable Stream
        CancellationToken cancellationToken = default;
        byte[] fileDigest = Blake2b.HashData(stream);                             // pooled buffer, constant memory
        stream.Position = 0;
        byte[] asyncDigest = await Blake2sp.HashDataAsync(32, stream, cancellationToken);

        stream.Position = 0;
        var hasher = Blake2b.CreateIncrementalHasher(32);             // by hand, in pieces
        byte[] buffer = new byte[81920];
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
            hasher.Update(buffer.AsSpan(0, read));
        byte[] streamDigest = hasher.Finish();

        var order = Blake2b.CreateIncrementalHasher(32);
        order.UpdateUtf8("order 1234");                    // text as UTF-8, no allocation
        order.UpdateInt64BigEndian(1_700_000_000_000);     // integers in the byte order the name gives
        order.UpdateUInt16LittleEndian(7);
        byte[] orderDigest = order.Finish();

        AssertStreamsAndRecords(fileDigest, asyncDigest, streamDigest, orderDigest);
    }
#else
    [Fact]
    public async Task StreamsAndIncremental()
    {
        // The netstandard2.0 build has no HashDataAsync (no ValueTask there); its async form is ComputeHashAsync.
        using Stream stream = new MemoryStream(new byte[300_000]);
        CancellationToken cancellationToken = default;
        byte[] fileDigest = Blake2b.HashData(stream);
        stream.Position = 0;
        byte[] asyncDigest = await Blake2sp.ComputeHashAsync(32, stream, cancellationToken);

        stream.Position = 0;
        var hasher = Blake2b.CreateIncrementalHasher(32);
        byte[] buffer = new byte[81920];
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
            hasher.Update(buffer.AsSpan(0, read));
        byte[] streamDigest = hasher.Finish();

        var order = Blake2b.CreateIncrementalHasher(32);
        order.UpdateUtf8("order 1234");
        order.UpdateInt64BigEndian(1_700_000_000_000);
        order.UpdateUInt16LittleEndian(7);
        byte[] orderDigest = order.Finish();

        AssertStreamsAndRecords(fileDigest, asyncDigest, streamDigest, orderDigest);
    }
#endif

    private static void AssertStreamsAndRecords(byte[] fileDigest, byte[] asyncDigest, byte[] streamDigest, byte[] orderDigest)
    {
        byte[] contents = new byte[300_000];
        Assert.Equal(Blake2b.ComputeHash(contents), fileDigest);
        Assert.Equal(Blake2sp.ComputeHash(32, contents), asyncDigest);
        Assert.Equal(Blake2b.ComputeHash(32, contents), streamDigest);
        byte[] expected = Encoding.UTF8.GetBytes("order 1234")
            .Concat(new byte[] { 0, 0, 0x01, 0x8B, 0xCF, 0xE5, 0x68, 0x00, 7, 0 }).ToArray();
        Assert.Equal(Blake2b.ComputeHash(32, expected), orderDigest);
    }

    [Fact]
    public void AllocationFree()
    {
        byte[] data = "hello"u8.ToArray();
        byte[] key = RandomNumberGenerator.GetBytes(32);
        Span<byte> output = stackalloc byte[Blake2s.DefaultDigestLength];
        int length = Blake2s.HashData(data, output);            // too short: ArgumentException, nothing written

        var state = Blake2b.CreateIncrementalHasher(key);
        state.Update(data);
        Span<byte> tag = stackalloc byte[64];
        if (!state.TryFinish(tag, out int written))
            throw new InvalidOperationException("tag buffer too small");

        Assert.Equal(Blake2s.ComputeHash(data), output.ToArray());
        Assert.Equal(32, length);
        Assert.Equal(64, written);
        Assert.Equal(Blake2b.ComputeHash(key, data), tag.ToArray());
    }

    [Fact]
    public void CryptoStreamInterop()
    {
        using Stream stream = new MemoryStream(new byte[300_000]);   // any readable Stream
        byte[] key = RandomNumberGenerator.GetBytes(32);
        using var blake = Blake2b.CreateHashAlgorithm();
        using (var crypto = new CryptoStream(Stream.Null, blake, CryptoStreamMode.Write))
            stream.CopyTo(crypto);
        byte[] viaCryptoStream = blake.Hash!;

        using var keyed = Blake2s.CreateHMAC(key);       // BLAKE2's own keyed mode
        byte[] keyedDigest = keyed.ComputeHash("hello"u8.ToArray());

        Assert.Equal(Blake2b.ComputeHash(new byte[300_000]), viaCryptoStream);
        Assert.Equal(Blake2s.ComputeHash(key, "hello"u8), keyedDigest);
    }

    [Fact]
    public void ParameterBlock()
    {
        byte[] data = "hello"u8.ToArray();
        byte[] key = RandomNumberGenerator.GetBytes(32);
        var parameters = new Blake2Parameters
        {
            DigestLength = 32,
            Key = key,
            Salt = "my salt"u8,                 // up to 16 bytes (BLAKE2b) / 8 (BLAKE2s), zero-padded
            Personalization = "MyApp v1"u8,      // same limits
        };
        byte[] personalized = Blake2b.ComputeHash(parameters, data);

        // Tree hashing: a leaf of a binary tree, written without allocating.
        var leaf = new Blake2Parameters { Fanout = 2, Depth = 2, LeafLength = 4096, NodeDepth = 0, InnerLength = 64 };
        Span<byte> leafDigest = stackalloc byte[64];
        Blake2b.ComputeAndWriteHash(leaf, data, leafDigest);

        Assert.Equal(32, personalized.Length);
        Assert.NotEqual(Blake2b.ComputeHash(32, key, data), personalized);
        Assert.NotEqual(Blake2b.ComputeHash(data), leafDigest.ToArray());
    }

    [Fact]
    public void SavedStates()
    {
        var partial = Blake2b.CreateIncrementalHasher();
        partial.Update("hello"u8);
        byte[] saved = new byte[partial.SavedStateLength];
        partial.SaveState(saved);                          // versioned, checksummed, the same on every machine
        var resumed = Blake2bHashState.RestoreState(saved);
        resumed.Update(" world"u8);
        byte[] resumedDigest = resumed.Finish();

        Assert.Equal(Blake2b.ComputeHash("hello world"u8), resumedDigest);
    }

    [Fact]
    public void ParallelModes()
    {
        byte[] data = "hello"u8.ToArray();
        byte[] bp = Blake2bp.ComputeHash(data);                 // 4 BLAKE2b leaves in the SIMD lanes
        byte[] sp = Blake2sp.ComputeHash(16, data);             // 8 BLAKE2s leaves, a 16-byte digest

        Assert.Equal(64, bp.Length);
        Assert.Equal(16, sp.Length);
        Assert.NotEqual(Blake2b.ComputeHash(data), bp);
        Assert.Equal(Blake2sp.HashData(16, data), sp);
    }

    [Fact]
    public void ExtendableOutput()
    {
        byte[] data = "hello"u8.ToArray();
        byte[] key = RandomNumberGenerator.GetBytes(32);
        byte[] okm = Blake2Xb.Keyed.HashData(key, data, 100);   // 100 bytes; up to 2^32-2 (BLAKE2Xs: 65534)

        var xof = Blake2Xs.CreateIncrementalHasher(Blake2Xs.UnknownOutputLength);
        xof.Update(data);
        Span<byte> piece = stackalloc byte[48];
        xof.Read(piece);                                        // then read on, in pieces of any size
        xof.Read(piece);

        Assert.Equal(Blake2Xb.ComputeHash(100, key, data), okm);
        var again = Blake2Xs.CreateIncrementalHasher(Blake2Xs.UnknownOutputLength);
        again.Update(data);
        byte[] first96 = new byte[96];
        again.Read(first96);
        Assert.Equal(first96.AsSpan(48).ToArray(), piece.ToArray()); // the second read went on from byte 48
    }

    [Fact]
    public void Blake3OneShotKeyedAndDerived()
    {
        byte[] data = "hello"u8.ToArray();
        byte[] key = RandomNumberGenerator.GetBytes(32);
        byte[] digest = Blake3.HashData(data);                        // 32 bytes
        byte[] longer = Blake3.HashData(100, data);                   // any length; starts with digest
        byte[] tag = Blake3.Keyed.HashData(key, data);                // keyed: key is exactly 32 bytes
        byte[] derived = Blake3.DeriveKey("MyApp 2026-01-01 session keys v1", data);

        // b3sum: printf hello | b3sum
        Assert.Equal(Convert.FromHexString("ea8f163db38682925e4491c5e58d4bb3506ef8c14eb78a86e908c5624a67200f"), digest);
        Assert.Equal(digest, longer[..32]);
        Assert.Equal(Blake3.ComputeHash(key, data), tag);
        Assert.NotEqual(digest, tag);
        Assert.Equal(32, derived.Length);
        Assert.NotEqual(digest, derived);
    }

    [Fact]
    public void Blake3ReaderAndEveryCore()
    {
        var hasher = Blake3.CreateIncrementalHasher();
        hasher.Update("hello"u8);
        Blake3OutputReader output = hasher.FinishXof();
        Span<byte> piece = stackalloc byte[48];
        output.Position = 1_000_000;                                  // seek anywhere, then read on in pieces
        output.Read(piece);

        byte[] fileContents = new byte[8 << 20];                      // a large input in memory
        var big = Blake3.CreateIncrementalHasher();
        big.UpdateParallel(fileContents);                             // whole chunks on every core (opt-in)
        byte[] bigDigest = big.Finish();

        Assert.Equal(Blake3.HashData(1_000_048, "hello"u8).AsSpan(1_000_000).ToArray(), piece.ToArray());
        Assert.Equal(Blake3.HashData(fileContents), bigDigest);
    }

    [Fact]
    public void BaoVerifiedStreaming()
    {
        byte[] input = new byte[100_000];
        byte[] encoded = Bao.Encode(input, out byte[] hash);       // hash equals Blake3.HashData(input)
        using var decoder = new BaoDecoder(new MemoryStream(encoded), hash);
        byte[] verified = new byte[input.Length];
        decoder.ReadExactly(verified);                             // a corrupt byte throws BaoVerificationException

        Assert.Equal(Blake3.HashData(input), hash);
        Assert.Equal(input, verified);
        encoded[5000] ^= 1;
        using var corrupt = new BaoDecoder(new MemoryStream(encoded), hash);
        Assert.Throws<BaoVerificationException>(() => corrupt.ReadExactly(new byte[input.Length]));
    }

    [Fact]
    public void ManyMessages()
    {
        byte[] data = "hello"u8.ToArray();
        ReadOnlyMemory<byte>[] chunks = { data, data.AsMemory(1), data.AsMemory(2) };
        byte[] digests = new byte[chunks.Length * 32];
        Blake2s.ComputeAndWriteHashes(new Blake2Parameters { DigestLength = 32 }, chunks, digests);

        for (int i = 0; i < chunks.Length; i++)
            Assert.Equal(Blake2s.ComputeHash(chunks[i].Span), digests.AsSpan(i * 32, 32).ToArray());
    }

    [Fact]
    public void Blake256AndBlake224()
    {
        byte[] data = "hello"u8.ToArray();
        byte[] salt = RandomNumberGenerator.GetBytes(16);
        byte[] b256 = Blake256.HashData(data);                    // 32 bytes (Blake224: 28)
        byte[] salted = Blake256.Salted.HashData(salt, data);     // with a 16-byte salt
        byte[] b224 = Blake224.ComputeHash(salt, data);           // the 2.x-style name takes the salt first

        Assert.Equal(Blake256Family.ReferenceBlake256.Blake256(data), b256);
        Assert.Equal(Blake256Family.ReferenceBlake256.Blake256(data, salt), salted);
        Assert.Equal(Blake256Family.ReferenceBlake256.Blake224(data, salt), b224);
    }
}
