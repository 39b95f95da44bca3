using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;

namespace Blake2Fast.Tests.BaoSuite;

/// <summary>
/// Every case of the Bao test vectors (TestData/bao/test_vectors.json): hashes, combined and outboard encodings
/// (length and BLAKE3 of the encoding) from memory, from streams that can and cannot seek and from files; decoding,
/// with every listed corruption point detected; seeks; and slices from both encodings, decoded, with their
/// corruption points.
/// </summary>
public class BaoVectorTests
{
    private static IEnumerable<JsonElement> Cases(string group) => BaoTestData.Root.GetProperty(group).EnumerateArray();

    public static TheoryData<int> HashCases() => new(Cases("hash").Select((_, i) => i));
    public static TheoryData<int> EncodeCases() => new(Cases("encode").Select((_, i) => i));
    public static TheoryData<int> OutboardCases() => new(Cases("outboard").Select((_, i) => i));
    public static TheoryData<int> SeekCases() => new(Cases("seek").Select((_, i) => i));
    public static TheoryData<int> SliceCases() => new(Cases("slice").Select((_, i) => i));

    [Fact]
    public void TheFileHasEveryGroup()
    {
        foreach (string group in new[] { "hash", "encode", "outboard", "seek", "slice" })
            Assert.Equal(13, Cases(group).Count());
    }

    [Theory]
    [MemberData(nameof(HashCases))]
    public void Hash(int index)
    {
        JsonElement c = Cases("hash").ElementAt(index);
        byte[] input = BaoTestData.Input(c.GetProperty("input_len").GetInt32());
        byte[] expected = BaoTestData.Hex(c, "bao_hash");
        Bao.Encode(input, out byte[] hash);
        Assert.Equal(expected, hash);
        Bao.EncodeOutboard(input, out byte[] outboardHash);
        Assert.Equal(expected, outboardHash);
        Assert.Equal(expected, Blake3.HashData(input));
    }

    [Theory]
    [MemberData(nameof(EncodeCases))]
    public void Encode(int index)
    {
        JsonElement c = Cases("encode").ElementAt(index);
        byte[] input = BaoTestData.Input(c.GetProperty("input_len").GetInt32());
        byte[] hash = BaoTestData.Hex(c, "bao_hash");
        byte[] encodedBlake3 = BaoTestData.Hex(c, "encoded_blake3");
        int outputLength = c.GetProperty("output_len").GetInt32();

        byte[] encoded = Bao.Encode(input, out byte[] spanHash);
        Assert.Equal(hash, spanHash);
        Assert.Equal(outputLength, encoded.Length);
        Assert.Equal(outputLength, Bao.EncodedLength(input.Length));
        Assert.Equal(encodedBlake3, Blake3.HashData(encoded));

        foreach (byte[] streamed in EncodeThroughStreams(input, outboard: false, hash))
            Assert.Equal(encoded, streamed);

        // Decoding the whole encoding, in pieces, gives the input back.
        using (var decoder = new BaoDecoder(new MemoryStream(encoded), hash))
            Assert.Equal(input, BaoTestData.ReadAll(decoder));
        using (var decoder = new BaoDecoder(new ForwardOnlyStream(new MemoryStream(encoded), 100), hash))
            Assert.Equal(input, BaoTestData.ReadAll(decoder));
        Assert.Equal(input, Bao.Decode(encoded, hash));

        foreach (JsonElement point in c.GetProperty("corruptions").EnumerateArray())
        {
            byte[] bad = BaoTestData.Flip(encoded, point.GetInt32());
            using var decoder = new BaoDecoder(new MemoryStream(bad), hash);
            var (yielded, error) = BaoTestData.ReadUntilError(decoder);
            Assert.NotNull(error);
            Assert.Equal(input.AsSpan(0, yielded.Length).ToArray(), yielded);
            Assert.True(error!.Position >= yielded.Length, $"corruption at {point}: error at {error.Position} after {yielded.Length} bytes yielded");
            Assert.Throws<BaoVerificationException>(() => Bao.Decode(bad, hash));
        }
    }

    [Theory]
    [MemberData(nameof(OutboardCases))]
    public void Outboard(int index)
    {
        JsonElement c = Cases("outboard").ElementAt(index);
        byte[] input = BaoTestData.Input(c.GetProperty("input_len").GetInt32());
        byte[] hash = BaoTestData.Hex(c, "bao_hash");
        int outputLength = c.GetProperty("output_len").GetInt32();

        byte[] outboard = Bao.EncodeOutboard(input, out byte[] spanHash);
        Assert.Equal(hash, spanHash);
        Assert.Equal(outputLength, outboard.Length);
        Assert.Equal(outputLength, Bao.OutboardLength(input.Length));
        Assert.Equal(BaoTestData.Hex(c, "encoded_blake3"), Blake3.HashData(outboard));
        foreach (byte[] streamed in EncodeThroughStreams(input, outboard: true, hash))
            Assert.Equal(outboard, streamed);

        using (var decoder = new BaoDecoder(new MemoryStream(outboard), new MemoryStream(input), hash))
            Assert.Equal(input, BaoTestData.ReadAll(decoder));
        using (var decoder = new BaoDecoder(new ForwardOnlyStream(new MemoryStream(outboard), 7), new ForwardOnlyStream(new MemoryStream(input), 300), hash))
            Assert.Equal(input, BaoTestData.ReadAll(decoder));

        foreach (JsonElement point in c.GetProperty("outboard_corruptions").EnumerateArray())
        {
            using var decoder = new BaoDecoder(new MemoryStream(BaoTestData.Flip(outboard, point.GetInt32())), new MemoryStream(input), hash);
            var (yielded, error) = BaoTestData.ReadUntilError(decoder);
            Assert.NotNull(error);
            Assert.Equal(input.AsSpan(0, yielded.Length).ToArray(), yielded);
        }
        foreach (JsonElement point in c.GetProperty("input_corruptions").EnumerateArray())
        {
            using var decoder = new BaoDecoder(new MemoryStream(outboard), new MemoryStream(BaoTestData.Flip(input, point.GetInt32())), hash);
            var (yielded, error) = BaoTestData.ReadUntilError(decoder);
            Assert.NotNull(error);
            Assert.Equal(input.AsSpan(0, yielded.Length).ToArray(), yielded);
            Assert.True(yielded.Length <= point.GetInt32());
        }
    }

    [Theory]
    [MemberData(nameof(SeekCases))]
    public void Seek(int index)
    {
        JsonElement c = Cases("seek").ElementAt(index);
        byte[] input = BaoTestData.Input(c.GetProperty("input_len").GetInt32());
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        byte[] outboard = Bao.EncodeOutboard(input, out _);
        foreach (JsonElement offsetElement in c.GetProperty("seek_offsets").EnumerateArray())
        {
            int offset = offsetElement.GetInt32();
            byte[] expected = input.Skip(offset).ToArray();
            using (var decoder = new BaoDecoder(new MemoryStream(encoded), hash))
            {
                Assert.Equal(offset, decoder.Seek(offset, SeekOrigin.Begin));
                Assert.Equal(expected, BaoTestData.ReadAll(decoder));
            }
            using (var decoder = new BaoDecoder(new MemoryStream(outboard), new MemoryStream(input), hash))
            {
                decoder.Position = offset;
                Assert.Equal(expected, BaoTestData.ReadAll(decoder));
                // Back to the start after reading: the path is verified again from the root.
                decoder.Position = 0;
                Assert.Equal(input, BaoTestData.ReadAll(decoder));
            }
        }
    }

    [Theory]
    [MemberData(nameof(SliceCases))]
    public void Slice(int index)
    {
        JsonElement c = Cases("slice").ElementAt(index);
        byte[] input = BaoTestData.Input(c.GetProperty("input_len").GetInt32());
        byte[] hash = BaoTestData.Hex(c, "bao_hash");
        byte[] encoded = Bao.Encode(input, out _);
        byte[] outboard = Bao.EncodeOutboard(input, out _);
        foreach (JsonElement s in c.GetProperty("slices").EnumerateArray())
        {
            long start = s.GetProperty("start").GetInt64(), length = s.GetProperty("len").GetInt64();
            byte[] slice = Bao.ExtractSlice(encoded, start, length);
            Assert.Equal(s.GetProperty("output_len").GetInt32(), slice.Length);
            Assert.Equal(BaoTestData.Hex(s, "output_blake3"), Blake3.HashData(slice));
            Assert.Equal(slice, Bao.ExtractSlice(outboard, input, start, length));
            using (var output = new MemoryStream())
            {
                Bao.ExtractSlice(new ForwardOnlyStream(new MemoryStream(encoded), 33), output, start, length);
                Assert.Equal(slice, output.ToArray());
            }
            using (var output = new MemoryStream())
            {
                Bao.ExtractSlice(new MemoryStream(outboard), new MemoryStream(input), output, start, length);
                Assert.Equal(slice, output.ToArray());
            }

            int from = (int)Math.Min(start, input.Length);
            byte[] expected = input.Skip(from).Take((int)Math.Min(length, input.Length - from)).ToArray();
            Assert.Equal(expected, Bao.DecodeSlice(slice, hash, start, length));
            using (var decoder = BaoDecoder.ForSlice(new ForwardOnlyStream(new MemoryStream(slice), 9), hash, start, length))
                Assert.Equal(expected, BaoTestData.ReadAll(decoder, 100));

            foreach (JsonElement point in s.GetProperty("corruptions").EnumerateArray())
            {
                byte[] bad = BaoTestData.Flip(slice, point.GetInt32());
                Assert.Throws<BaoVerificationException>(() => Bao.DecodeSlice(bad, hash, start, length));
            }
        }
    }

    /// <summary>
    /// The encoding made from streams: length known (straight into pre-order), unknown into an output that cannot seek
    /// (a temporary file) or can (flipped in place), async, and from a file.
    /// </summary>
    internal static IEnumerable<byte[]> EncodeThroughStreams(byte[] input, bool outboard, byte[] hash)
    {
        using (var output = new MemoryStream())
        {
            output.Write(new byte[] { 9, 9, 9 }); // the encoding starts at the output's position
            Assert.Equal(hash, Bao.Encode(new MemoryStream(input), output, outboard));
            Assert.Equal(output.Length, output.Position);
            yield return output.ToArray().Skip(3).ToArray();
        }
        using (var output = new MemoryStream())
        {
            Assert.Equal(hash, Bao.Encode(new ForwardOnlyStream(new MemoryStream(input), 1000), new ForwardOnlyStream(output), outboard));
            yield return output.ToArray();
        }
        using (var output = new MemoryStream())
        {
            // Length unknown, output that can seek: post-order, then flipped in place.
            output.Write(new byte[] { 5, 5 });
            Assert.Equal(hash, Bao.Encode(new ForwardOnlyStream(new MemoryStream(input), 3000), output, outboard));
            Assert.Equal(output.Length, output.Position);
            yield return output.ToArray().Skip(2).ToArray();
        }
        using (var output = new MemoryStream())
        {
            Assert.Equal(hash, Bao.EncodeAsync(new MemoryStream(input), output, outboard).GetAwaiter().GetResult());
            yield return output.ToArray();
        }
        using (var output = new MemoryStream())
        {
            // Async through a temporary file: the output cannot seek.
            Assert.Equal(hash, Bao.EncodeAsync(new ForwardOnlyStream(new MemoryStream(input), 4000), new ForwardOnlyStream(output), outboard).GetAwaiter().GetResult());
            yield return output.ToArray();
        }
        string folder = Directory.CreateTempSubdirectory("b2f-bao-").FullName;
        try
        {
            string inputPath = Path.Combine(folder, "input"), outputPath = Path.Combine(folder, "output");
            File.WriteAllBytes(inputPath, input);
            File.WriteAllBytes(outputPath, new byte[5_000_000]); // overwritten and cut to the encoding
            Assert.Equal(hash, Bao.EncodeFile(inputPath, outputPath, outboard));
            yield return File.ReadAllBytes(outputPath);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
}
