using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.Json;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Family;

/// <summary>
/// BLAKE2X with the output length unknown: Blake2Fast streams full-length output blocks (as Go's x/crypto does), while
/// the reference C code's one-shot final shortens the last block to the bytes requested. The vectors
/// (TestData/blake2x-unknown-length.json, from generate_blake2x_unknown.py) hold both readings, computed from the
/// specification alone; these tests pin which one the library gives and that the two really differ.
/// </summary>
public class XofUnknownLengthTests
{
    private sealed record Case(string Hash, byte[] Key, byte[] Input, int Length, byte[] Streamed, byte[] Reference)
    {
        public XofDriver Algorithm => XofDriver.Parse(Hash);

        public override string ToString() => $"{Hash} key {Key.Length} length {Length}";
    }

    private static readonly Lazy<List<Case>> s_cases = new(() =>
    {
        using JsonDocument document = TestDataFiles.Load("blake2x-unknown-length.json");
        return document.RootElement.EnumerateArray().Select(e => new Case(
            e.GetProperty("hash").GetString()!,
            Hex.Decode(e.GetProperty("key").GetString()!),
            Hex.Decode(e.GetProperty("in").GetString()!),
            e.GetProperty("length").GetInt32(),
            Hex.Decode(e.GetProperty("streamed").GetString()!),
            Hex.Decode(e.GetProperty("reference").GetString()!))).ToList();
    });

    public static IEnumerable<object[]> Cases() => Enumerable.Range(0, 20).Select(i => new object[] { i });

    [Fact]
    public void TheVectorFile_CoversBothAlgorithms_KeyedAndNot_OnAndOffTheBlockEdge()
    {
        Assert.Equal(20, s_cases.Value.Count);
        foreach (XofDriver a in XofDriver.All)
        {
            var mine = s_cases.Value.Where(c => c.Hash == a.Name).ToList();
            Assert.Contains(mine, c => c.Key.Length > 0 && c.Length % a.BlockSize != 0);
            Assert.Contains(mine, c => c.Key.Length == 0 && c.Length % a.BlockSize != 0);
            Assert.Contains(mine, c => c.Length % a.BlockSize == 0);
        }
    }

    private static XofReader Start(Case c)
    {
        XofReader reader = c.Key.Length > 0
            ? c.Algorithm.CreateIncrementalHasher(XofDriver.UnknownOutputLength, c.Key)
            : c.Algorithm.CreateIncrementalHasher(XofDriver.UnknownOutputLength);
        reader.Update(c.Input);
        return reader;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void UnknownLength_ReadsTheStreamedVector_InOneReadOrInPieces(int index)
    {
        Case c = s_cases.Value[index];
        var whole = new byte[c.Length];
        Start(c).Read(whole);
        Assert.Equal(Hex.Encode(c.Streamed), Hex.Encode(whole));

        XofReader pieces = Start(c);
        var output = new byte[c.Length];
        for (int offset = 0, piece = 1; offset < output.Length; offset += piece, piece = piece * 2 + 1)
            pieces.Read(output.AsSpan(offset, Math.Min(piece, output.Length - offset)));
        Assert.Equal(Hex.Encode(c.Streamed), Hex.Encode(output));
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void TheLastPartialBlock_IsAPrefixOfAFullBlock_NotTheReferencesShortenedBlock(int index)
    {
        Case c = s_cases.Value[index];
        int block = c.Algorithm.BlockSize;
        int lastStart = (c.Length - 1) / block * block;
        int partial = c.Length - lastStart;

        // The blocks before the last are the same in both readings.
        Assert.Equal(Hex.Encode(c.Reference.AsSpan(0, lastStart)), Hex.Encode(c.Streamed.AsSpan(0, lastStart)));

        // Reading on to the end of the block: what was read is the start of the full block.
        var fullBlocks = new byte[lastStart + block];
        Start(c).Read(fullBlocks);
        Assert.Equal(Hex.Encode(fullBlocks.AsSpan(lastStart, partial)), Hex.Encode(c.Streamed.AsSpan(lastStart, partial)));

        if (partial == block)
        {
            // On a block edge the reference's last block is full-length too: the two agree.
            Assert.Equal(Hex.Encode(c.Reference), Hex.Encode(c.Streamed));
        }
        else
        {
            // Inside a block the reference's last block is a digest of another length: a different value, not a prefix.
            Assert.NotEqual(Hex.Encode(c.Reference.AsSpan(lastStart)), Hex.Encode(c.Streamed.AsSpan(lastStart)));
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void ADeclaredLength_IsNotTheUnknownLength(int index)
    {
        // Declaring the length changes H0 (the length is in its parameter block), so neither reading above is the
        // declared-length output: callers who know the length should declare it.
        Case c = s_cases.Value[index];
        byte[] declared = c.Key.Length > 0 ? c.Algorithm.ComputeHash(c.Length, c.Key, c.Input) : c.Algorithm.ComputeHash(c.Length, c.Input);
        Assert.NotEqual(Hex.Encode(c.Streamed), Hex.Encode(declared));
        Assert.NotEqual(Hex.Encode(c.Reference), Hex.Encode(declared));
    }
}
