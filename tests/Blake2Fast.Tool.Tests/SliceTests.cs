using System;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// A large BLAKE3 file hashed in slices on several threads (FileHasher.HashFile), when the file is not the size it
/// had at the open: it shrank (down to nothing, to one whole slice, to a few) or grew. The digest is always BLAKE3 of
/// the bytes the reads saw, as b2sum hashes what its reads see. One whole slice alone must not be stacked as a
/// subtree (it would be the root), so that case re-reads it.
/// </summary>
public sealed class SliceTests
{
    private const int MiB = 1 << 20;

    private static readonly byte[] Data = MakeData((70 * MiB) + 333);

    private static byte[] MakeData(int length)
    {
        byte[] bytes = new byte[length];
        new Random(70).NextBytes(bytes);
        return bytes;
    }

    [Theory]
    [InlineData(10 * MiB, 0)]
    [InlineData(10 * MiB, 1)]
    [InlineData(10 * MiB, MiB - 1)]
    [InlineData(10 * MiB, MiB)] // one whole slice, then the end
    [InlineData(10 * MiB, MiB + 1)]
    [InlineData(10 * MiB, 2 * MiB)] // two whole slices, then the end: the root merges them
    [InlineData(10 * MiB, (3 * MiB) + 5)]
    [InlineData(10 * MiB, (10 * MiB) - 1)]
    [InlineData(10 * MiB, 10 * MiB)] // as opened
    [InlineData(10 * MiB, (10 * MiB) + 7)] // grew
    [InlineData(5 * MiB, 70 * MiB)] // grew past a round of 64 slices
    [InlineData(70 * MiB, (65 * MiB) + 1)] // shrank in the second round
    [InlineData(70 * MiB, 64 * MiB)]
    public void A_file_hashed_in_slices_gives_the_digest_of_what_was_read(int sizeAtOpen, int bytesThere)
    {
        foreach (int threads in new[] { 2, 3 })
        {
            using DigestAlgorithm.IncrementalDigest hasher = DigestAlgorithm.Blake3.CreateHasher(32);
            using var file = new ChangedFile(Data.AsMemory(0, bytesThere), sizeAtOpen);
            FileHasher.HashFile(file, hasher, new Workspace(threads), report: null);
            byte[] digest = new byte[32];
            hasher.Finish(digest);
            Assert.True(
                Blake3.HashData(Data.AsSpan(0, bytesThere)).AsSpan().SequenceEqual(digest),
                $"{bytesThere} bytes of a file opened at {sizeAtOpen}, {threads} threads");
        }
    }
}
