// The README's usings block, verbatim (DocExampleTests checks every block of the README against this folder),
// then the tests' own.
using System;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using Blake2Fast;
using System.Linq;

namespace Blake2Fast.Tests.DocExamples;

/// <summary>
/// The README's examples, compiled and run, one [Fact] each. <see cref="DocExampleTests"/> fails if a C# block of
/// the README is not found here verbatim, so the two cannot drift apart.
/// </summary>
public class ReadmeExamples
{
    private static readonly byte[] data = Encoding.UTF8.GetBytes("The quick brown fox jumps over the lazy dog");
    private static readonly byte[] key = Enumerable.Range(0, 32).Select(i => (byte)i).ToArray();
    private static readonly byte[] salt = Enumerable.Range(100, 16).Select(i => (byte)i).ToArray();
    private static readonly byte[] StreamContent = Enumerable.Range(0, 300_000).Select(i => (byte)(i * 31)).ToArray();
    private readonly Stream stream = new MemoryStream(StreamContent);
    private static readonly byte[] fileContents = Enumerable.Range(0, 3_000_000).Select(i => (byte)(i * 7)).ToArray();

    [Fact]
    public void QuickStart()
    {
        byte[] hello = Blake2b.HashData(Encoding.UTF8.GetBytes("hello"));        // BLAKE2b, 64 bytes
        string hex = Convert.ToHexString(hello).ToLowerInvariant();              // as `printf hello | b2sum` prints it

        // printf hello | b2sum (GNU coreutils), and Python's hashlib.blake2b(b"hello").hexdigest()
        Assert.Equal("e4cfa39a3d37be31c59609e807970799caa68a19bfaa15135f165085e01d41a65ba1e1b146aeb6bd0092b49eac214c103ccfa3a365954bbbe52f74a2b3620c94", hex);
    }

    [Fact]
    public void OneShot()
    {
        byte[] digest = Blake2b.HashData(Encoding.UTF8.GetBytes("hello"));       // 64 bytes
        byte[] short32 = Blake2b.HashData(32, data);                             // any length 1..64
        byte[] mac = Blake2s.Keyed.HashData(key, data);                          // keyed (MAC), 32 bytes
        byte[] same = Blake2b.ComputeHash(32, data);                             // the 2.x name, the same hash

        Assert.Equal(Blake2b.ComputeHash("hello"u8), digest);
        Assert.Equal(32, short32.Length);
        Assert.Equal(Blake2s.ComputeHash(32, key, data), mac);
        Assert.Equal(short32, same);
    }

    [Fact]
    public void IncrementalOverAStream()
    {
        var hasher = Blake2b.CreateIncrementalHasher(32);
        byte[] buffer = new byte[81920];
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
            hasher.Update(buffer.AsSpan(0, read));
        byte[] streamDigest = hasher.Finish();

        Assert.Equal(Blake2b.ComputeHash(32, StreamContent), streamDigest);
    }

    [Fact]
    public void TypedWrites()
    {
        var record = Blake2b.CreateIncrementalHasher(32);
        record.UpdateUtf8("order 1234");                    // text as UTF-8, no allocation
        record.UpdateInt64BigEndian(1_700_000_000_000);     // integers in the byte order the name gives
        record.UpdateUInt16LittleEndian(7);
        byte[] recordDigest = record.Finish();

        byte[] expected = Encoding.UTF8.GetBytes("order 1234")
            .Concat(new byte[] { 0, 0, 0x01, 0x8B, 0xCF, 0xE5, 0x68, 0x00, 7, 0 }).ToArray();
        Assert.Equal(Blake2b.ComputeHash(32, expected), recordDigest);
    }

    [Fact]
    public void AllocationFree()
    {
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
        using var blake = Blake2b.CreateHashAlgorithm();
        using (var crypto = new CryptoStream(Stream.Null, blake, CryptoStreamMode.Write))
            stream.CopyTo(crypto);
        byte[] viaCryptoStream = blake.Hash!;

        using var keyed = Blake2s.CreateHMAC(key);       // BLAKE2's own keyed mode
        byte[] keyedDigest = keyed.ComputeHash(data);

        Assert.Equal(Blake2b.ComputeHash(StreamContent), viaCryptoStream);
        Assert.Equal(Blake2s.ComputeHash(key, data), keyedDigest);
    }

    [Fact]
    public void ParameterBlock()
    {
        var parameters = new Blake2Parameters
        {
            DigestLength = 32,
            Key = key,
            Salt = "my salt"u8,                 // up to 16 bytes (BLAKE2b) / 8 (BLAKE2s), zero-padded
            Personalization = "MyApp v1"u8,      // same limits
        };
        byte[] personalized = Blake2b.ComputeHash(parameters, data);

        // Tree hashing: a leaf of a binary tree, written without allocating.
        var leaf = new Blake2Parameters
        {
            Fanout = 2, Depth = 2, LeafLength = 4096, NodeOffset = 0, NodeDepth = 0, InnerLength = 64,
        };
        Span<byte> leafDigest = stackalloc byte[64];
        Blake2b.ComputeAndWriteHash(leaf, data, leafDigest);

        Assert.Equal(32, personalized.Length);
        Assert.NotEqual(Blake2b.ComputeHash(32, key, data), personalized);
        Assert.NotEqual(Blake2b.ComputeHash(data), leafDigest.ToArray());
    }

    [Fact]
    public async System.Threading.Tasks.Task StreamsAsync()
    {
        var cancellationToken = System.Threading.CancellationToken.None;
#if !LIBRARY_NETSTANDARD
        byte[] fileDigest = Blake2b.HashData(stream);                             // pooled buffer, constant memory
        byte[] asyncDigest = await Blake2sp.HashDataAsync(32, stream, cancellationToken);
#else
        // The netstandard2.0 build has no HashDataAsync (no ValueTask there); its async form is ComputeHashAsync.
        byte[] fileDigest = Blake2b.HashData(stream);
        byte[] asyncDigest = await Blake2sp.ComputeHashAsync(32, stream, cancellationToken);
#endif

        Assert.Equal(Blake2b.ComputeHash(StreamContent), fileDigest);
        Assert.Equal(Blake2sp.ComputeHash(32, Array.Empty<byte>()), asyncDigest); // the stream was read to its end above
    }

    [Fact]
    public void SavedStates()
    {
        var partial = Blake2b.CreateIncrementalHasher();
        partial.Update(data);
        byte[] saved = new byte[partial.SavedStateLength];
        partial.SaveState(saved);                          // versioned, checksummed, the same on every machine
        var resumed = Blake2bHashState.RestoreState(saved);
        resumed.Update(data);
        byte[] resumedDigest = resumed.Finish();

        Assert.Equal(Blake2b.ComputeHash(data.Concat(data).ToArray()), resumedDigest);
    }

    [Fact]
    public void ParallelModes()
    {
        byte[] bp = Blake2bp.ComputeHash(data);                 // 4 BLAKE2b leaves in the SIMD lanes
        byte[] sp = Blake2sp.ComputeHash(16, key, data);        // 8 BLAKE2s leaves

        Assert.Equal(64, bp.Length);
        Assert.Equal(16, sp.Length);
        Assert.NotEqual(Blake2b.ComputeHash(data), bp);
    }

    [Fact]
    public void ExtendableOutput()
    {
        byte[] okm = Blake2Xb.Keyed.HashData(key, data, 100);   // 100 bytes; up to 2^32-2 (BLAKE2Xs: 65534)

        var xof = Blake2Xs.CreateIncrementalHasher(Blake2Xs.UnknownOutputLength);
        xof.Update(data);
        Span<byte> piece = stackalloc byte[48];
        xof.Read(piece);                                        // then read on, in pieces of any size
        xof.Read(piece);

        Assert.Equal(100, okm.Length);
        Assert.Equal(Blake2Xb.ComputeHash(100, key, data).AsSpan(0, 10).ToArray(), okm.AsSpan(0, 10).ToArray());
    }

    [Fact]
    public void ManyMessages()
    {
        ReadOnlyMemory<byte>[] chunks = { data, data.AsMemory(1), data.AsMemory(2) };
        byte[] digests = new byte[chunks.Length * 32];
        Blake2s.ComputeAndWriteHashes(new Blake2Parameters { DigestLength = 32 }, chunks, digests);

        for (int i = 0; i < chunks.Length; i++)
            Assert.Equal(Blake2s.ComputeHash(chunks[i].Span), digests.AsSpan(i * 32, 32).ToArray());
    }

    [Fact]
    public void Blake3OneShotKeyedAndDerived()
    {
        byte[] digest = Blake3.HashData(data);                        // 32 bytes
        byte[] longer = Blake3.HashData(100, data);                   // any length; starts with digest
        byte[] tag = Blake3.Keyed.HashData(key, data);                // keyed: key is exactly 32 bytes
        byte[] derived = Blake3.DeriveKey("MyApp 2026-01-01 session keys v1", data);

        Assert.Equal(32, digest.Length);
        Assert.Equal(digest, longer[..32]);
        Assert.Equal(Blake3.ComputeHash(key, data), tag);
        Assert.NotEqual(digest, tag);
        Assert.Equal(32, derived.Length);
        Assert.NotEqual(digest, derived);
    }

    [Fact]
    public void Blake3IncrementalWithAnOutputReader()
    {
        var hasher = Blake3.CreateIncrementalHasher();
        hasher.Update(data);
        Blake3OutputReader output = hasher.FinishXof();
        Span<byte> piece = stackalloc byte[48];
        output.Read(piece);                                           // bytes 0..47, then read on
        output.Position = 1_000_000;                                  // or seek anywhere
        output.Read(piece);

        Assert.Equal(Blake3.HashData(1_000_048, data).AsSpan(1_000_000).ToArray(), piece.ToArray());
    }

    [Fact]
    public void Blake3OnEveryInstructionSet()
    {
        var big = Blake3.CreateIncrementalHasher();
        big.UpdateParallel(fileContents);                             // whole chunks on every core (opt-in)
        byte[] bigDigest = big.Finish();

        Assert.Equal(Blake3.HashData(fileContents), bigDigest);
    }

    [Fact]
    public void Blake256AndBlake224()
    {
        byte[] b256 = Blake256.HashData(data);                    // 32 bytes (Blake224: 28)
        byte[] salted = Blake256.Salted.HashData(salt, data);     // with a 16-byte salt
        byte[] b224 = Blake224.ComputeHash(salt, data);           // the 2.x-style name takes the salt first

        var running = Blake256.CreateIncrementalHasher(salt);
        running.Update(data);
        byte[] midstate = new byte[running.SavedStateLength];
        running.SaveState(midstate);                              // versioned and checksummed, as for BLAKE2
        var later = Blake256HashState.RestoreState(midstate);
        later.Update(data);
        byte[] b256Later = later.Finish();

        Assert.Equal(Blake256Family.ReferenceBlake256.Blake256(data), b256);
        Assert.Equal(Blake256Family.ReferenceBlake256.Blake256(data, salt), salted);
        Assert.Equal(Blake256Family.ReferenceBlake256.Blake224(data, salt), b224);
        Assert.Equal(Blake256Family.ReferenceBlake256.Blake256(data.Concat(data).ToArray(), salt), b256Later);
    }

    [Fact]
    public void Errors()
    {
        Span<byte> small = stackalloc byte[16];
        bool fits = Blake2b.TryHashData(data, small, out int bytesWritten);  // false: 64 bytes do not fit; nothing written
        string? refused = null;
        try
        {
            Blake2s.Keyed.HashData(ReadOnlySpan<byte>.Empty, data);          // an empty key is refused, never "unkeyed"
        }
        catch (ArgumentException e)
        {
            refused = e.ParamName;                                           // "key"
        }

        Assert.False(fits);
        Assert.Equal(0, bytesWritten);
        Assert.Equal(new byte[16], small.ToArray());
        Assert.Equal("key", refused);
    }
}
