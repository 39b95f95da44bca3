using System;
using System.IO;
using System.Linq;

namespace Blake2Fast.Tests.BaoSuite;

/// <summary>The members the round trips do not reach: span destinations, span reads, relative seeks, impossible headers, early ends, refusals.</summary>
public class BaoApiEdgeTests
{
    [Fact]
    public void SpanDestinationsGetTheSameEncodings()
    {
        byte[] input = BaoTestData.Random(70_000, 1);
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        var destination = new byte[encoded.Length + 5];
        var h = new byte[40];
        Bao.Encode(input, destination, h);
        Assert.Equal(encoded, destination.Take(encoded.Length).ToArray());
        Assert.Equal(hash, h.Take(32).ToArray());
        byte[] outboard = Bao.EncodeOutboard(input, out _);
        destination = new byte[outboard.Length];
        Bao.EncodeOutboard(input, destination, h);
        Assert.Equal(outboard, destination);
    }

    [Fact]
    public void DestinationsOverlappingTheInputAreRefusedByName()
    {
        // One buffer holding the input and, from byte 100, room for the encoding: each would be written over the
        // input while it is read.
        const int length = 40_000;
        var buffer = new byte[length + (int)Bao.EncodedLength(length)];
        BaoTestData.Random(length, 3).CopyTo(buffer, 0);
        var hash = new byte[32];
        ReadOnlySpan<byte> Input() => buffer.AsSpan(0, length);
        Span<byte> Overlapping(long size) => buffer.AsSpan(100, (int)size);
        foreach (Action call in new Action[]
        {
            () => Bao.Encode(Input(), Overlapping(Bao.EncodedLength(length)), hash),
            () => Bao.EncodeOutboard(Input(), Overlapping(Bao.OutboardLength(length)), hash),
            () => Bao.EncodeGroupOutboard(Input(), Overlapping(Bao.GroupOutboardLength(length, 4)), 4, false, hash),
            () => Bao.EncodeParallel(Input(), Overlapping(Bao.EncodedLength(length)), hash),
            () => Bao.EncodeOutboardParallel(Input(), Overlapping(Bao.OutboardLength(length)), hash),
        })
        {
            var e = Assert.Throws<ArgumentException>(call);
            Assert.Equal("destination", e.ParamName);
            Assert.Contains("must not overlap input", e.Message);
        }
        Assert.True(BaoTestData.Random(length, 3).AsSpan().SequenceEqual(Input()), "the input was written over");

        // Decoding into the encoding itself.
        byte[] encoded = Bao.Encode(BaoTestData.Random(length, 3), out byte[] root);
        var d = Assert.Throws<ArgumentException>(() => Bao.Decode(encoded, root, encoded.AsSpan(8)));
        Assert.Equal("destination", d.ParamName);
        Assert.Contains("must not overlap encoded", d.Message);
    }

    [Fact]
    public void SpanReadsAndRelativeSeeks()
    {
        byte[] input = BaoTestData.Random(10_000, 2);
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        using var decoder = new BaoDecoder(new MemoryStream(encoded), hash);
        Span<byte> buffer = stackalloc byte[3000];
        Assert.Equal(3000, decoder.Read(buffer));
        Assert.True(buffer.SequenceEqual(input.AsSpan(0, 3000)));
        Assert.Equal(5000, decoder.Seek(2000, SeekOrigin.Current));
        Assert.Equal(3000, decoder.Read(buffer));
        Assert.True(buffer.SequenceEqual(input.AsSpan(5000, 3000)));
        Assert.Equal(0, decoder.Seek(-8000, SeekOrigin.Current));
        Assert.Equal(input, BaoTestData.ReadAll(decoder));
        Assert.Equal(0, decoder.Read(buffer));
        Assert.False(decoder.CanWrite);
        Assert.Throws<NotSupportedException>(() => decoder.SetLength(1));
        Assert.Throws<ArgumentException>(() => decoder.Seek(0, (SeekOrigin)7));
        Assert.Throws<ArgumentNullException>(() => decoder.Read(null!, 0, 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => decoder.Read(new byte[1], 2, 0));
        decoder.Flush();
    }

    [Fact]
    public void AnImpossibleLengthHeaderIsRefused()
    {
        byte[] encoded = Bao.Encode(new byte[3000], out byte[] hash);
        BitConverter.GetBytes(ulong.MaxValue - 5).CopyTo(encoded, 0);
        using var decoder = new BaoDecoder(new MemoryStream(encoded), hash);
        BaoVerificationException error = Assert.Throws<BaoVerificationException>(() => decoder.Read(new byte[10], 0, 10));
        Assert.Equal(0, error.Position);
        Assert.Throws<BaoVerificationException>(() => Bao.ExtractSlice(encoded, 0, 10));
    }

    [Fact]
    public void ExtractingFromShortEncodingsSaysWhere()
    {
        byte[] input = BaoTestData.Random(5000, 3);
        byte[] encoded = Bao.Encode(input, out _);
        byte[] outboard = Bao.EncodeOutboard(input, out _);
        Assert.Throws<EndOfStreamException>(() => Bao.ExtractSlice(encoded.AsSpan(0, 5).ToArray(), 0, 10));
        Assert.Throws<EndOfStreamException>(() => Bao.ExtractSlice(encoded.AsSpan(0, 500).ToArray(), 0, 5000));
        Assert.Throws<EndOfStreamException>(() => Bao.ExtractSlice(new MemoryStream(encoded, 0, 5), new MemoryStream(), 0, 10));
        Assert.Throws<EndOfStreamException>(() => Bao.ExtractSlice(new MemoryStream(encoded, 0, 500), new MemoryStream(), 0, 5000));
        Assert.Throws<EndOfStreamException>(() => Bao.ExtractSlice(new ForwardOnlyStream(new MemoryStream(encoded, 0, 100)), new MemoryStream(), 4500, 10));
        Assert.Throws<EndOfStreamException>(() => Bao.ExtractSlice(outboard, input.AsSpan(0, 100).ToArray(), 0, 5000));
    }

    [Fact]
    public void UnreadableStreamsAreRefusedByName()
    {
        var closed = new MemoryStream();
        closed.Dispose();
        Assert.Equal("encoded", Assert.Throws<ArgumentException>(() => new BaoDecoder(closed, new byte[32])).ParamName);
        Assert.Equal("data", Assert.Throws<ArgumentException>(() => new BaoDecoder(new MemoryStream(), closed, new byte[32])).ParamName);
        Assert.Equal("input", Assert.Throws<ArgumentException>(() => Bao.Encode(closed, new MemoryStream())).ParamName);
        Assert.Equal("data", Assert.Throws<ArgumentNullException>(() => Bao.ExtractSlice(new MemoryStream(), null!, new MemoryStream(), 0, 1)).ParamName);
        Assert.Equal("data", Assert.Throws<ArgumentNullException>(() => Bao.ExtractGroupSlice(new MemoryStream(), null!, new MemoryStream(), 0, 4, false, 0, 1)).ParamName);
        Assert.Equal("outputPath", Assert.Throws<ArgumentNullException>(() => Bao.EncodeFile("x", null!)).ParamName);
        Assert.Equal("length", Assert.Throws<ArgumentOutOfRangeException>(() => BaoDecoder.ForSlice(new MemoryStream(), new byte[32], 0, -1)).ParamName);
        Assert.Equal("start", Assert.Throws<ArgumentOutOfRangeException>(() => BaoDecoder.ForGroupSlice(new MemoryStream(), new byte[32], -1, 0, 4)).ParamName);
        Assert.Equal("length", Assert.Throws<ArgumentOutOfRangeException>(() => BaoDecoder.ForGroupSlice(new MemoryStream(), new byte[32], 0, -1, 4)).ParamName);
    }
}
