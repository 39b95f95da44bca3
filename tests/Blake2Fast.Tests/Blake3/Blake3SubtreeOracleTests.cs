using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Blake3Suite;

/// <summary>
/// The subtree layer against the BLAKE3 team's own code: TestData/blake3-subtrees.json holds, for random inputs and
/// many valid splits (the root's children, every chunk, the fewest nodes around a cut point, random tilings), each
/// piece's chaining value and each parent's above them, computed by the blake3 crate 1.3.1's <c>guts</c> module
/// (TestData/blake3-subtrees-gen, run.sh), with the root checked there against <c>blake3::hash</c>. Plain hash mode
/// only, the one <c>guts</c> has; the keyed and derive-key modes are held to the one-shot hash in Blake3SubtreeApiTests.
/// </summary>
public class Blake3SubtreeOracleTests
{
    private static readonly Lazy<JsonDocument> Vectors = new(() =>
        JsonDocument.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "TestData", "blake3-subtrees.json"))));

    private static JsonElement Case(int index) => Vectors.Value.RootElement.GetProperty("cases")[index];

    public static IEnumerable<object[]> Cases =>
        Enumerable.Range(0, Vectors.Value.RootElement.GetProperty("cases").GetArrayLength()).Select(i => new object[] { i });

    /// <summary>The generator's input: splitmix64 from the seed, each output's 8 bytes little-endian, cut to the length.</summary>
    private static byte[] Input(ulong seed, int length)
    {
        var bytes = new byte[length + 8];
        ulong state = seed;
        for (int at = 0; at < length; at += 8)
        {
            state += 0x9E3779B97F4A7C15;
            ulong z = state;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
            BitConverter.TryWriteBytes(bytes.AsSpan(at), z ^ (z >> 31));
        }
        return bytes.AsSpan(0, length).ToArray();
    }

    private static Dictionary<(long Offset, long Length), string> Nodes(JsonElement list) =>
        list.EnumerateArray().ToDictionary(n => (n.GetProperty("offset").GetInt64(), n.GetProperty("length").GetInt64()), n => n.GetProperty("cv").GetString()!);

    [Fact]
    public void TheVectorsCoverWhatTheIssueAsks()
    {
        // Guards the file: many inputs, a multi-MiB one, odd tails, single-chunk pieces and largest subtrees.
        JsonElement cases = Vectors.Value.RootElement.GetProperty("cases");
        Assert.True(cases.GetArrayLength() >= 20);
        var all = cases.EnumerateArray().ToArray();
        Assert.Contains(all, c => c.GetProperty("length").GetInt32() > 3 * 1024 * 1024);
        var pieces = all.SelectMany(c => c.GetProperty("splits").EnumerateArray()).SelectMany(s => s.GetProperty("pieces").EnumerateArray())
            .Select(p => (Offset: p.GetProperty("offset").GetInt64(), Length: p.GetProperty("length").GetInt64())).ToArray();
        Assert.Contains(pieces, p => p.Length == 1024 && p.Offset % 2048 == 1024);
        Assert.Contains(pieces, p => p.Length % 1024 != 0 && p.Length > 1024);
        Assert.Contains(pieces, p => p.Offset > 0 && p.Length == Blake3Subtrees.MaxSubtreeLength(p.Offset) && p.Length >= 64 * 1024);
        Assert.True(all.Sum(c => c.GetProperty("splits").GetArrayLength()) >= 100);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void EveryPieceAndMergeIsTheBlake3CratesOwn(int index)
    {
        JsonElement vector = Case(index);
        byte[] input = Input(vector.GetProperty("seed").GetUInt64(), vector.GetProperty("length").GetInt32());
        string hash = vector.GetProperty("hash").GetString()!;
        Assert.Equal(hash, Hex.Encode(Blake3.HashData(input))); // the input is the generator's

        foreach (JsonElement split in vector.GetProperty("splits").EnumerateArray())
        {
            string rule = split.GetProperty("rule").GetString()!;
            Dictionary<(long, long), string> pieces = Nodes(split.GetProperty("pieces"));
            Dictionary<(long, long), string> parents = Nodes(split.GetProperty("parents"));
            var ours = new Dictionary<(long, long), byte[]>();
            foreach (var ((offset, length), cv) in pieces)
            {
                Blake3HashState state = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
                state.SetInputOffset(offset);
                state.Update(input.AsSpan((int)offset, (int)length));
                ours[(offset, length)] = state.FinishSubtree();
                Assert.True(cv == Hex.Encode(ours[(offset, length)]), $"{rule}: the piece at {offset} of {length} bytes");
            }

            // Merged in the tree's shape, each parent as the crate's, the root as blake3::hash.
            byte[] Merge(long offset, long length)
            {
                if (ours.TryGetValue((offset, length), out byte[]? piece))
                    return piece;
                long left = Blake3Subtrees.LeftSubtreeLength(length);
                byte[] parent = new byte[32];
                Blake3Subtrees.MergeParent(Merge(offset, left), Merge(offset + left, length - left), Blake3Mode.Hash, parent);
                Assert.True(parents[(offset, length)] == Hex.Encode(parent), $"{rule}: the parent at {offset} of {length} bytes");
                return parent;
            }
            long rootLeft = Blake3Subtrees.LeftSubtreeLength(input.Length);
            byte[] a = Merge(0, rootLeft), b = Merge(rootLeft, input.Length - rootLeft);
            Assert.True(hash == Hex.Encode(Blake3Subtrees.MergeRoot(a, b, Blake3Mode.Hash)), $"{rule}: the root");

            Blake3OutputReader reader = Blake3Subtrees.MergeRootXof(a, b, Blake3Mode.Hash);
            reader.Position = vector.GetProperty("xofPosition").GetInt64();
            byte[] xof = new byte[vector.GetProperty("xof").GetString()!.Length / 2];
            reader.Read(xof);
            Assert.Equal(vector.GetProperty("xof").GetString(), Hex.Encode(xof));
        }
    }
}
