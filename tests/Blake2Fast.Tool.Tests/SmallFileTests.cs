using System;
using System.Text;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// A file smaller than the 1 MiB chunk is read in one read of its size plus one and hashed in one call
/// (<see cref="DigestAlgorithm.HashWhole"/>), with no hash object. Around that size, and when the file grew or shrank
/// between the open and the read, the digest is that of the bytes read, the same as the incremental hash gives, in
/// every algorithm and mode.
/// </summary>
public sealed class SmallFileTests
{
    private const int Chunk = FileHasher.ChunkSize;

    private static readonly byte[] Data = MakeData((2 * Chunk) + 4096);

    public static TheoryData<int, int> Sizes => new()
    {
        { 0, 0 },
        { 1, 1 },
        { 1024, 1024 },
        { 1025, 1025 },
        { 65536, 65536 },
        { 65537, 65537 },
        { Chunk - 1, Chunk - 1 }, // the largest file read whole
        { Chunk, Chunk }, // the smallest read in chunks
        { Chunk + 1, Chunk + 1 },
        { 1000, 999 }, // shrank by one byte
        { 1000, 0 }, // emptied
        { 1000, 1001 }, // grew by one byte: the read asked for exactly that much
        { 1000, 1002 },
        { 1000, 70_000 },
        { Chunk - 1, Chunk + 5000 }, // grew past the chunk
        { Chunk - 1, Chunk - 2 },
        { 0, 5 }, // no size at the open, bytes there (as some /proc and /sys files report)
        { 0, 70_000 },
    };

    [Theory]
    [MemberData(nameof(Sizes))]
    public void A_small_file_read_whole_hashes_as_the_incremental_hash_does(int sizeAtOpen, int bytesThere)
    {
        byte[] key = Encoding.ASCII.GetBytes("0123456789abcdef0123456789ABCDEF");
        foreach ((DigestAlgorithm algorithm, int digestBytes) in new[]
        {
            (DigestAlgorithm.Blake2b, 64),
            (DigestAlgorithm.Blake2b, 20),
            (DigestAlgorithm.Blake2s, 32),
            (DigestAlgorithm.Blake2bp, 64),
            (DigestAlgorithm.Blake2sp, 32),
            (DigestAlgorithm.Blake3, 32),
            (DigestAlgorithm.Blake3, 131),
            (DigestAlgorithm.Blake256, 32),
            (DigestAlgorithm.Blake224, 28),
            (DigestAlgorithm.Blake2b.WithKey(key)!, 64),
            (DigestAlgorithm.Blake2s.WithKey(key)!, 32),
            (DigestAlgorithm.Blake3.WithKey(key)!, 32),
            (DigestAlgorithm.Blake3.DerivingKey("b2fsum small files 2026")!, 77),
        })
        {
            byte[] expected = new byte[digestBytes];
            using (DigestAlgorithm.IncrementalDigest hasher = algorithm.CreateHasher(digestBytes))
            {
                byte[] bytes = Data.AsSpan(0, bytesThere).ToArray();
                hasher.Update(bytes, bytes.Length);
                hasher.Finish(expected);
            }

            using var file = new ChangedFile(Data.AsMemory(0, bytesThere), sizeAtOpen);
            byte[] digest = new byte[digestBytes];
            FileHasher.HashFile(file, algorithm, digest, new Workspace(2), report: null);
            Assert.True(expected.AsSpan().SequenceEqual(digest), $"{algorithm.Name} ({digestBytes} bytes): {bytesThere} bytes of a file opened at {sizeAtOpen}");
        }
    }

    /// <summary>A file of its size at the open, below the chunk: one read, which comes back one byte short.</summary>
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(12_000)]
    [InlineData(Chunk - 1)]
    public void A_small_file_as_opened_takes_one_read(int size)
    {
        using var file = new ChangedFile(Data.AsMemory(0, size), size);
        FileHasher.HashFile(file, DigestAlgorithm.Blake2b, new byte[64], new Workspace(1), report: null);
        Assert.Equal(1, file.Reads);
    }

    private static byte[] MakeData(int length)
    {
        byte[] bytes = new byte[length];
        new Random(1).NextBytes(bytes);
        return bytes;
    }
}
