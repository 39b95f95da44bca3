using System;
using System.IO;

namespace Blake2Fast.Tests.BaoSuite;

/// <summary>
/// Reads with room for a whole subtree (16 KiB and more) verify its chunks in the caller's buffer: the same bytes and
/// the same first failure as small reads, and nothing unverified left in the buffer past the bytes returned.
/// </summary>
public class BaoDirectReadTests
{
    // The netstandard build runs the portable kernel only, and CI measures its coverage (10-20x slower): fewer places there.
#if LIBRARY_NETSTANDARD
    private const int CorruptionsPerEncoding = 40;
#else
    private const int CorruptionsPerEncoding = 300;
#endif

    [Theory]
    [InlineData(16 * 1024, 16 * 1024)]
    [InlineData(40 * 1024 + 5, 16 * 1024)]
    [InlineData(40 * 1024 + 5, 40 * 1024)]
    [InlineData(70 * 1024, 1 << 20)]
    [InlineData(300 * 1024 + 1, 64 * 1024)]
    public void CorruptionIsFoundWhereSmallReadsFindIt(int length, int readLength)
    {
        byte[] input = BaoTestData.Random(length, 5);
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        using (var decoder = new BaoDecoder(new MemoryStream(encoded), hash))
            Assert.Equal(input, Read(decoder, readLength, out _));
        // Every byte of the header and the first parents, then about 300 places spread over the rest.
        int step = Math.Max(61, encoded.Length / CorruptionsPerEncoding);
        for (int i = 8; i < encoded.Length; i += i < 8 + 64 * 4 ? 1 : step)
        {
            byte[] bad = BaoTestData.Flip(encoded, i);
            using var small = new BaoDecoder(new MemoryStream(bad), hash);
            var (expected, expectedError) = BaoTestData.ReadUntilError(small, 300);
            using var large = new BaoDecoder(new MemoryStream(bad), hash);
            byte[] yielded = Read(large, readLength, out BaoVerificationException? error);
            Assert.NotNull(error);
            Assert.Equal(expectedError!.Position, error!.Position);
            Assert.Equal(input.AsSpan(0, yielded.Length).ToArray(), yielded);
            Assert.True(yielded.Length <= error.Position, $"byte {i}: {yielded.Length} bytes yielded, past {error.Position}");
        }
    }

    /// <summary>Reads to the end or the first failure, checking that every read leaves the rest of its buffer as it was (zero).</summary>
    private static byte[] Read(BaoDecoder decoder, int readLength, out BaoVerificationException? error)
    {
        using var output = new MemoryStream();
        error = null;
        while (true)
        {
            var buffer = new byte[readLength];
            int n;
            try
            {
                n = decoder.Read(buffer, 0, buffer.Length);
            }
            catch (BaoVerificationException e)
            {
                error = e;
                Assert.True(Array.TrueForAll(buffer, b => b == 0), "a failed read left bytes in the buffer");
                return output.ToArray();
            }
            Assert.True(Array.TrueForAll(buffer[n..], b => b == 0), "bytes past those returned were left in the buffer");
            if (n == 0)
                return output.ToArray();
            output.Write(buffer, 0, n);
        }
    }
}

/// <summary><see cref="Bao.Decode"/> verifies in place: the input back, or the decoder's own first failure.</summary>
public class BaoSpanDecodeTests
{
    // The netstandard build runs the portable kernel only, and CI measures its coverage (10-20x slower): fewer lengths
    // and corruptions there.
#if LIBRARY_NETSTANDARD
    public static TheoryData<int> Lengths() => new(0, 1, 1024, 1025, 2048, 4097, 100_000, (1 << 20) + 1);

    private const int Corruptions = 40;
#else
    public static TheoryData<int> Lengths() => new(0, 1, 1024, 1025, 2048, 4097, 100_000, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 2 << 20, (3 << 20) + 5);

    private const int Corruptions = 300;
#endif

    [Theory]
    [MemberData(nameof(Lengths))]
    public void DecodesAndRefusesAsTheDecoderDoes(int length)
    {
        byte[] input = BaoTestData.Random(length, 9);
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        Assert.Equal(input, Bao.Decode(encoded, hash));
        Assert.Equal(input, Bao.Decode([.. encoded, 1, 2, 3], hash)); // bytes after the encoding are ignored
        var destination = new byte[length + 2];
        Assert.Equal(length, Bao.Decode(encoded, hash, destination));
        Assert.Equal(input, destination[..length]);
        if (length > 0)
            Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Bao.Decode(encoded, hash, new byte[length - 1])).ParamName);
        var step = Math.Max(1, encoded.Length / Corruptions);
        for (int i = 0; i < encoded.Length; i += i < 8 + 64 * 4 ? 1 : step)
        {
            byte[] bad = BaoTestData.Flip(encoded, i);
            using var decoder = new BaoDecoder(new MemoryStream(bad), hash);
            var (_, expected) = BaoTestData.ReadUntilError(decoder, 1 << 16);
            var error = Assert.Throws<BaoVerificationException>(() => Bao.Decode(bad, hash));
            Assert.Equal(expected!.Position, error.Position);
            // Into a buffer: the same failure, and nothing left in it (a header claiming more is refused first).
            destination = new byte[bad.Length];
            error = Assert.Throws<BaoVerificationException>(() => Bao.Decode(bad, hash, destination));
            Assert.Equal(expected.Position, error.Position);
            Assert.True(Array.TrueForAll(destination, b => b == 0), $"byte {i}: unverified bytes left in the destination");
        }
        foreach (int cut in new[] { 0, 7, 8, encoded.Length - 1 })
        {
            if (cut < encoded.Length)
                Assert.Throws<BaoVerificationException>(() => Bao.Decode(encoded.AsSpan(0, cut), hash));
        }
    }
}
