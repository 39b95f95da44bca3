using System;
using Blake2Fast.Families.Blake3.Bao;
using Xunit;

namespace Blake2Fast.Tests.BaoSuite;

/// <summary>
/// The combined encoding, and the decoded input, into a destination at every alignment within a cache line: where
/// AVX-512 VBMI runs, the chunks' whole lines are written by the chunk kernel and the lines between them by
/// <c>BaoLineWriter</c>, both split by the destination's alignment, and only the lines at a run's ends take ordinary
/// stores. Each encoding is set against the other path's (<c>BaoLevels.WritingLines</c> off) and the reference's,
/// each decoding against the input, and the bytes around them stay untouched; a corrupt chunk leaves the destination
/// cleared. At lengths around 16 chunks (the kernel's group), 1 MiB runs, and a short last chunk.
/// </summary>
public class BaoAlignmentTests
{
    private const int KiB = 1024, MiB = 1 << 20;

    public static TheoryData<int, int> Cases()
    {
        var data = new TheoryData<int, int>();
        // Every offset at the three shapes of a run's lanes (one group; a group and a chunk; a group, a partial group
        // and a short chunk), four at the other lengths, three at runs of a megabyte and more.
#if LIBRARY_NETSTANDARD
        int[] everyOffset = [16 * KiB, 17 * KiB + 5], someOffsets = [], large = [];
#else
        int[] everyOffset = [16 * KiB, 17 * KiB, 31 * KiB + 7];
        int[] someOffsets = [15 * KiB, 16 * KiB - 1, 16 * KiB + 1, 32 * KiB, 48 * KiB + 1000];
        int[] large = [MiB + 17 * KiB + 3, 2 * MiB + 16 * KiB];
#endif
        foreach (int length in everyOffset)
        {
            for (int offset = 0; offset < 64; offset++)
                data.Add(length, offset);
        }
        foreach (int length in someOffsets)
        {
            foreach (int offset in new[] { 0, 1, 56, 63 })
                data.Add(length, offset);
        }
        foreach (int length in large)
        {
            foreach (int offset in new[] { 0, 8, 63 })
                data.Add(length, offset);
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void CombinedEncodingAtEveryOffsetMatchesTheOtherPathAndTheReference(int length, int offset)
    {
        byte[] input = BaoTestData.Random(length, length + offset);
        int encoded = (int)Bao.EncodedLength(length);
        byte[] expected = length <= 64 * KiB ? ReferenceBao.Encode(input, false).Encoded : Other(input);

        // Guard bytes around the encoding, in the same lines as its first and last bytes.
        var destination = new byte[offset + encoded + 128];
        destination.AsSpan().Fill(0xA5);
        var hash = new byte[32];
        Bao.Encode(input, destination.AsSpan(offset, encoded), hash);
        Assert.True(expected.AsSpan().SequenceEqual(destination.AsSpan(offset, encoded)));
        Assert.Equal(Blake3.HashData(input), hash);
        Assert.All(destination[..offset], b => Assert.Equal(0xA5, b));
        Assert.All(destination[(offset + encoded)..], b => Assert.Equal(0xA5, b));

        destination.AsSpan().Fill(0xA5);
        Bao.EncodeParallel(input, destination.AsSpan(offset, encoded), hash, 2);
        Assert.True(expected.AsSpan().SequenceEqual(destination.AsSpan(offset, encoded)));
        Assert.All(destination[..offset], b => Assert.Equal(0xA5, b));
        Assert.All(destination[(offset + encoded)..], b => Assert.Equal(0xA5, b));
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void DecodingIntoEveryOffsetGivesTheInputOrNothingUnverified(int length, int offset)
    {
        byte[] input = BaoTestData.Random(length, length - offset);
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        var destination = new byte[offset + length + 128];
        destination.AsSpan().Fill(0xA5);
        Assert.Equal(length, Bao.Decode(encoded, hash, destination.AsSpan(offset, length)));
        Assert.True(input.AsSpan().SequenceEqual(destination.AsSpan(offset, length)));
        Assert.All(destination[..offset], b => Assert.Equal(0xA5, b));
        Assert.All(destination[(offset + length)..], b => Assert.Equal(0xA5, b));

        // The stream decoder, whose reads with room for a subtree verify it in the caller's buffer.
        destination.AsSpan().Fill(0xA5);
        using (var decoder = new BaoDecoder(new System.IO.MemoryStream(encoded), hash))
            decoder.ReadExactly(destination.AsSpan(offset, length));
        Assert.True(input.AsSpan().SequenceEqual(destination.AsSpan(offset, length)));
        Assert.All(destination[..offset], b => Assert.Equal(0xA5, b));
        Assert.All(destination[(offset + length)..], b => Assert.Equal(0xA5, b));

        // One byte of the middle chunk changed: refused, and nothing of the input is left in the destination.
        long chunk = (length / 1024) / 2;
        encoded[(int)(Bao.EncodedLength(length) - Bao.EncodedLength(length - chunk * 1024)) + 100] ^= 1;
        destination.AsSpan().Fill(0xA5);
        Assert.Throws<BaoVerificationException>(() => Bao.Decode(encoded, hash, destination.AsSpan(offset, length)));
        Assert.All(destination[offset..(offset + length)], b => Assert.Equal(0, b));
        Assert.All(destination[..offset], b => Assert.Equal(0xA5, b));
        Assert.All(destination[(offset + length)..], b => Assert.Equal(0xA5, b));

        // The stream decoder serves what verified before the changed chunk, and nothing from it on.
        destination.AsSpan().Fill(0xA5);
        using var corrupt = new BaoDecoder(new System.IO.MemoryStream(encoded), hash);
        var error = Assert.Throws<BaoVerificationException>(() => corrupt.ReadExactly(destination.AsSpan(offset, length)));
        Assert.All(destination[(offset + (int)error.Position)..], b => Assert.True(b == 0 || b == 0xA5, "an unverified byte reached the caller"));
    }

    /// <summary>The encoding by the path that hashes first and copies after (the reference is slow at megabytes).</summary>
    private static byte[] Other(byte[] input)
    {
        lock (Switch)
        {
            BaoLevels.WritingLines = false;
            try
            {
                return Bao.Encode(input, out _);
            }
            finally
            {
                BaoLevels.WritingLines = true;
            }
        }
    }

    private static readonly object Switch = new();
}
