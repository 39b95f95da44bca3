using System;
using System.IO;
using System.Linq;

namespace Blake2Fast.Tests.BaoSuite;

/// <summary>Slices at seeded random and edge ranges against the reference extractor, decoded and corrupted; argument checks.</summary>
public class BaoSliceTests
{
    [Theory]
    [InlineData(0, 1)]
    [InlineData(1, 2)]
    [InlineData(3073, 3)]
    [InlineData(65537, 4)]
    [InlineData(200_000, 5)]
    public void RandomSlicesMatchTheReferenceAndDecode(int length, int seed)
    {
        byte[] input = BaoTestData.Random(length, seed);
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        byte[] outboard = Bao.EncodeOutboard(input, out _);
        var random = new Random(seed);
        var ranges = Enumerable.Range(0, 60).Select(_ => (Start: (long)random.Next(length + 3000), Length: (long)random.Next(5000)))
            .Concat(new[] { (0L, 0L), ((long)length, 0L), ((long)length, 10L), (0L, (long)length), (0L, long.MaxValue), (long.MaxValue, 1L), (1024L, 1024L) });
        foreach (var (start, count) in ranges)
        {
            byte[] expected = ReferenceBao.Slice(encoded, start, count);
            byte[] slice = Bao.ExtractSlice(encoded, start, count);
            Assert.Equal(expected, slice);
            Assert.Equal(expected, Bao.ExtractSlice(outboard, input, start, count));
            long from = Math.Min(start, length);
            byte[] bytes = input.Skip((int)from).Take((int)Math.Min(count, length - from)).ToArray();
            Assert.Equal(bytes, Bao.DecodeSlice(slice, hash, start, count));
            if (slice.Length > 8)
            {
                int at = 8 + random.Next(slice.Length - 8);
                Assert.Throws<BaoVerificationException>(() => Bao.DecodeSlice(BaoTestData.Flip(slice, at), hash, start, count));
            }
        }
        // A whole-input slice is the combined encoding.
        Assert.Equal(encoded, Bao.ExtractSlice(encoded, 0, length));
    }

    [Fact]
    public void ASliceDecoderCannotSeekAndAZeroLengthSliceStillVerifies()
    {
        byte[] input = BaoTestData.Random(5000, 8);
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        byte[] slice = Bao.ExtractSlice(encoded, 2000, 0);
        using (BaoDecoder decoder = BaoDecoder.ForSlice(new MemoryStream(slice), hash, 2000, 0))
        {
            Assert.False(decoder.CanSeek);
            Assert.Throws<NotSupportedException>(() => decoder.Position = 3);
            Assert.Throws<NotSupportedException>(() => decoder.Length);
            Assert.Equal(0, decoder.Read(new byte[10], 0, 10));
        }
        byte[] bad = BaoTestData.Flip(slice, slice.Length - 1); // the chunk at 2000
        using (BaoDecoder decoder = BaoDecoder.ForSlice(new MemoryStream(bad), hash, 2000, 0))
        {
            BaoVerificationException first = Assert.Throws<BaoVerificationException>(() => decoder.Read(new byte[10], 0, 10));
            // It cannot be read again: every later read reports the same failure.
            Assert.Same(first, Assert.Throws<BaoVerificationException>(() => decoder.Read(new byte[10], 0, 10)));
        }
    }

    [Fact]
    public void ArgumentsAreCheckedAndNamed()
    {
        byte[] encoded = Bao.Encode(new byte[100], out byte[] hash);
        Assert.Equal("inputLength", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.EncodedLength(-1)).ParamName);
        Assert.Equal("inputLength", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.OutboardLength(long.MaxValue)).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Bao.Encode(new byte[100], new byte[107], new byte[32])).ParamName);
        Assert.Equal("hash", Assert.Throws<ArgumentException>(() => Bao.Encode(new byte[100], new byte[108], new byte[31])).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Bao.EncodeOutboard(new byte[2000], new byte[71], new byte[32])).ParamName);
        Assert.Equal("input", Assert.Throws<ArgumentNullException>(() => Bao.Encode(null!, new MemoryStream())).ParamName);
        Assert.Equal("output", Assert.Throws<ArgumentNullException>(() => Bao.Encode(new MemoryStream(), null!)).ParamName);
        Assert.Equal("output", Assert.Throws<ArgumentException>(() => Bao.Encode(new MemoryStream(), new MemoryStream(new byte[1], false))).ParamName);
        Assert.Equal("inputPath", Assert.Throws<ArgumentNullException>(() => Bao.EncodeFile(null!, "x")).ParamName);
        Assert.Equal("outputPath", Assert.Throws<ArgumentException>(() => Bao.EncodeFile("same", "same")).ParamName);
        Assert.Equal("hash", Assert.Throws<ArgumentException>(() => new BaoDecoder(new MemoryStream(encoded), new byte[31])).ParamName);
        Assert.Equal("encoded", Assert.Throws<ArgumentNullException>(() => new BaoDecoder(null!, hash)).ParamName);
        Assert.Equal("data", Assert.Throws<ArgumentNullException>(() => new BaoDecoder(new MemoryStream(), null!, hash)).ParamName);
        Assert.Equal("hash", Assert.Throws<ArgumentException>(() => Bao.Decode(encoded, new byte[33])).ParamName);
        Assert.Equal("start", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.ExtractSlice(encoded, -1, 1)).ParamName);
        Assert.Equal("length", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.DecodeSlice(encoded, hash, 0, -1)).ParamName);
        Assert.Equal("start", Assert.Throws<ArgumentOutOfRangeException>(() => BaoDecoder.ForSlice(new MemoryStream(), hash, -5, 0)).ParamName);
        using var decoder = new BaoDecoder(new MemoryStream(encoded), hash);
        Assert.Throws<NotSupportedException>(() => decoder.Write(new byte[1], 0, 1));
        Assert.Equal("count", Assert.Throws<ArgumentOutOfRangeException>(() => decoder.Read(new byte[4], 2, 3)).ParamName);
    }
}
