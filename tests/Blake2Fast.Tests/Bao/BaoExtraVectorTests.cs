using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;

namespace Blake2Fast.Tests.BaoSuite;

/// <summary>
/// Longer inputs than the official vectors hold (TestData/bao/bao-extra-vectors.json, made by the reference bao.py with
/// generate_extra.py): root hashes, the combined and outboard encodings' lengths and BLAKE3 hashes, and slices.
/// </summary>
public class BaoExtraVectorTests
{
    private static readonly Lazy<JsonDocument> Document = new(() => TestDataFiles.Load(Path.Combine("bao", "bao-extra-vectors.json")));

    private static IEnumerable<JsonElement> Cases => Document.Value.RootElement.GetProperty("cases").EnumerateArray();

    public static TheoryData<int> CaseIndices() => new(Cases.Select((_, i) => i));

    [Fact]
    public void TheFileHasItsCases() => Assert.Equal(11, Cases.Count());

    [Theory]
    [MemberData(nameof(CaseIndices))]
    public void EncodingsAndSlicesMatchTheReference(int index)
    {
        JsonElement c = Cases.ElementAt(index);
        byte[] input = BaoTestData.Input(c.GetProperty("input_len").GetInt32());
        byte[] hash = BaoTestData.Hex(c, "bao_hash");
        byte[] encoded = Bao.Encode(input, out byte[] h);
        Assert.Equal(hash, h);
        Assert.Equal(c.GetProperty("encoded_len").GetInt32(), encoded.Length);
        Assert.Equal(BaoTestData.Hex(c, "encoded_blake3"), Blake3.HashData(encoded));
        byte[] outboard = Bao.EncodeOutboard(input, out _);
        Assert.Equal(c.GetProperty("outboard_len").GetInt32(), outboard.Length);
        Assert.Equal(BaoTestData.Hex(c, "outboard_blake3"), Blake3.HashData(outboard));
        using (var streamed = new MemoryStream())
        {
            Bao.Encode(new ForwardOnlyStream(new MemoryStream(input), 65_000), streamed, outboard: true);
            Assert.Equal(outboard, streamed.ToArray());
        }

        foreach (JsonElement s in c.GetProperty("slices").EnumerateArray())
        {
            long start = s.GetProperty("start").GetInt64(), length = s.GetProperty("len").GetInt64();
            byte[] slice = Bao.ExtractSlice(encoded, start, length);
            Assert.Equal(s.GetProperty("output_len").GetInt32(), slice.Length);
            Assert.Equal(BaoTestData.Hex(s, "output_blake3"), Blake3.HashData(slice));
            Assert.Equal(slice, Bao.ExtractSlice(outboard, input, start, length));
            long from = Math.Min(start, input.Length);
            byte[] expected = input.Skip((int)from).Take((int)Math.Min(length, input.Length - from)).ToArray();
            Assert.Equal(expected, Bao.DecodeSlice(slice, hash, start, length));
        }
    }
}
