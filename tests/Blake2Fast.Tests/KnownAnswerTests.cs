using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests;

/// <summary>
/// The official BLAKE2 known-answer tests (blake2-kat.json from the BLAKE2 reference repository): the
/// blake2b and blake2s groups, unkeyed and keyed, input length i for entry i (bytes 00 01 02 ...), key 00 01 ..
/// of the full key length, full-length digests.
/// </summary>
public class KnownAnswerTests
{
    public const int EntriesPerGroup = 256;

    /// <summary>One theory case per (algorithm, supported instruction set, keyed/unkeyed).</summary>
    public static IEnumerable<object[]> InstructionSetsAndKeying() =>
        FixedDigestDriver.AllInstructionSets().SelectMany(c => new[] { new object[] { c[0], c[1], false }, new object[] { c[0], c[1], true } });

    [Fact]
    public void KatFile_HasTheExpectedShape()
    {
        foreach (FixedDigestDriver algorithm in FixedDigestDriver.All)
        {
            foreach (bool keyed in new[] { false, true })
            {
                IReadOnlyList<KatEntry> group = KatVectors.Group(algorithm.Name, keyed);
                Assert.Equal(EntriesPerGroup, group.Count);
                for (int i = 0; i < group.Count; i++)
                {
                    Assert.Equal(Hex.Sequence(i), group[i].Input);
                    Assert.Equal(keyed ? Hex.Sequence(algorithm.MaxKeyLength) : Array.Empty<byte>(), group[i].Key);
                    Assert.Equal(algorithm.MaxDigestLength, group[i].Expected.Length);
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(InstructionSetsAndKeying))]
    public void OneShot_OnInstructionSet_MatchesEveryEntry(string algorithmName, string instructionSetName, bool keyed)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        var mismatches = new Mismatches();
        IReadOnlyList<KatEntry> group = KatVectors.Group(algorithm.Name, keyed);
        Assert.Equal(EntriesPerGroup, group.Count);

        for (int i = 0; i < group.Count; i++)
        {
            KatEntry entry = group[i];
            var parameters = new Blake2Parameters { Key = entry.Key };
            mismatches.Check(entry.Expected, algorithm.Hash(instructionSet, parameters, entry.Input), $"entry {i} (input length {entry.Input.Length}), Hash(instructionSet)");

            // Into an exactly sized span and into a larger one: nothing past the digest may be touched.
            var output = new byte[algorithm.MaxDigestLength + 24];
            output.AsSpan().Fill(0xA5);
            algorithm.Hash(instructionSet, parameters, entry.Input, output);
            mismatches.Check(entry.Expected, output.AsSpan(0, algorithm.MaxDigestLength).ToArray(), $"entry {i} (input length {entry.Input.Length}), Hash(instructionSet, larger output span)");
            mismatches.CheckUntouched(output.AsSpan(algorithm.MaxDigestLength), 0xA5, $"entry {i} (input length {entry.Input.Length}), bytes after the digest");

            // Input that is not at the start of its array (unaligned for the SIMD loads).
            var shifted = new byte[entry.Input.Length + 3];
            entry.Input.CopyTo(shifted, 3);
            mismatches.Check(entry.Expected, algorithm.Hash(instructionSet, parameters, shifted.AsSpan(3)), $"entry {i} (input length {entry.Input.Length}), Hash(instructionSet, unaligned input)");
        }

        mismatches.ThrowIfAny($"{algorithm.Name} {(keyed ? "keyed" : "unkeyed")} KAT, one-shot on instructionSet {instructionSet}");
    }

    [Theory]
    [MemberData(nameof(InstructionSetsAndKeying))]
    public void Incremental_OnInstructionSet_IrregularSplits_MatchesEveryEntry(string algorithmName, string instructionSetName, bool keyed)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        var mismatches = new Mismatches();
        IReadOnlyList<KatEntry> group = KatVectors.Group(algorithm.Name, keyed);
        Assert.Equal(EntriesPerGroup, group.Count);

        for (int i = 0; i < group.Count; i++)
        {
            KatEntry entry = group[i];
            var parameters = new Blake2Parameters { Key = entry.Key };
            string at = $"entry {i} (input length {entry.Input.Length})";

            // The fixed irregular cycle, started at a different place for every entry.
            mismatches.Check(entry.Expected, algorithm.HashInPieces(instructionSet, parameters, entry.Input, SplitPatterns.IrregularCycle(i)),
                $"{at}, irregular cycle starting at {i % SplitPatterns.IrregularPieces.Length} [{SplitPatterns.Describe(SplitPatterns.IrregularCycle(i), entry.Input.Length)}]");

            // A pseudo-random split seeded by the entry.
            int seed = (0x2000 | (algorithm.SeedTag << 8)) + (keyed ? 0x8000 : 0) + i;
            mismatches.Check(entry.Expected, algorithm.HashInPieces(instructionSet, parameters, entry.Input, SplitPatterns.Random(seed, 2 * algorithm.BlockSize + 2)),
                $"{at}, random split seed {seed} [{SplitPatterns.Describe(SplitPatterns.Random(seed, 2 * algorithm.BlockSize + 2), entry.Input.Length)}]");

            // Whole input in one Update, then Finish into a span; and no Update at all for the empty input.
            Hasher hasher = algorithm.CreateIncrementalHasher(instructionSet, parameters);
            if (entry.Input.Length > 0)
                hasher.Update(entry.Input);
            var output = new byte[algorithm.MaxDigestLength];
            hasher.Finish(output);
            mismatches.Check(entry.Expected, output, $"{at}, single Update + Finish(span)");
        }

        mismatches.ThrowIfAny($"{algorithm.Name} {(keyed ? "keyed" : "unkeyed")} KAT, incremental on instructionSet {instructionSet}");
    }
}

/// <summary>One entry of blake2-kat.json.</summary>
public sealed class KatEntry
{
    public KatEntry(string hash, byte[] input, byte[] key, byte[] expected)
    {
        Hash = hash;
        Input = input;
        Key = key;
        Expected = expected;
    }

    public string Hash { get; }
    public byte[] Input { get; }
    public byte[] Key { get; }
    public byte[] Expected { get; }
}

/// <summary>Loads the official KAT file once, by group.</summary>
internal static class KatVectors
{
    private static readonly Lazy<Dictionary<(string Hash, bool Keyed), List<KatEntry>>> s_groups = new(Load);

    public static IReadOnlyList<KatEntry> Group(string hash, bool keyed) =>
        s_groups.Value.TryGetValue((hash, keyed), out List<KatEntry>? list) ? list : new List<KatEntry>();

    private static Dictionary<(string, bool), List<KatEntry>> Load()
    {
        using JsonDocument document = TestDataFiles.Load("blake2-kat.json");
        var groups = new Dictionary<(string, bool), List<KatEntry>>();
        foreach (JsonElement element in document.RootElement.EnumerateArray())
        {
            var entry = new KatEntry(
                element.GetProperty("hash").GetString()!,
                Hex.Decode(element.GetProperty("in").GetString()!),
                Hex.Decode(element.GetProperty("key").GetString()!),
                Hex.Decode(element.GetProperty("out").GetString()!));
            var groupKey = (entry.Hash, entry.Key.Length > 0);
            if (!groups.TryGetValue(groupKey, out List<KatEntry>? list))
                groups[groupKey] = list = new List<KatEntry>();
            list.Add(entry);
        }
        return groups;
    }
}

/// <summary>The JSON files under TestData, as copied to the output directory.</summary>
internal static class TestDataFiles
{
    public static string PathOf(string fileName) => Path.Combine(AppContext.BaseDirectory, "TestData", fileName);

    public static JsonDocument Load(string fileName)
    {
        string path = PathOf(fileName);
        if (!File.Exists(path))
            throw new FileNotFoundException($"Test data file not found: {path} (is it copied to the output directory?)", path);
        return JsonDocument.Parse(File.ReadAllBytes(path));
    }
}

/// <summary>Piece-length sequences for incremental hashing (infinite; <see cref="FixedDigestDriver.HashInPieces"/> stops at the end of the input).</summary>
internal static class SplitPatterns
{
    /// <summary>Around both block sizes (64 and 128), plus empty and tiny pieces.</summary>
    public static readonly int[] IrregularPieces = { 1, 7, 63, 64, 65, 128, 129, 0, 127, 255, 256, 257, 31, 3, 192, 2 };

    public static IEnumerable<int> IrregularCycle(int start)
    {
        for (int i = start; ; i++)
            yield return IrregularPieces[i % IrregularPieces.Length];
    }

    public static IEnumerable<int> Fixed(int pieceLength)
    {
        while (true)
            yield return pieceLength;
    }

    public static IEnumerable<int> Cycle(params int[] pieceLengths)
    {
        for (int i = 0; ; i++)
            yield return pieceLengths[i % pieceLengths.Length];
    }

    /// <summary>Deterministic pseudo-random pieces of 0..<paramref name="maxPiece"/> bytes, often short.</summary>
    public static IEnumerable<int> Random(int seed, int maxPiece)
    {
        var rng = new SplitMix64((ulong)(uint)seed * 0x9E3779B97F4A7C15UL + 12345);
        while (true)
        {
            ulong r = rng.Next();
            yield return (r & 3) switch
            {
                0 => (int)((r >> 8) % 4),                     // 0..3 bytes
                1 => (int)((r >> 8) % (ulong)(maxPiece + 1)), // anything
                2 => (int)((r >> 8) % 70),                    // around the BLAKE2s block
                _ => 126 + (int)((r >> 8) % 5),               // around the BLAKE2b block
            };
        }
    }

    /// <summary>The piece lengths actually used for an input of <paramref name="length"/> bytes, for failure messages.</summary>
    public static string Describe(IEnumerable<int> pieces, int length)
    {
        var used = new List<int>();
        int offset = 0;
        foreach (int piece in pieces)
        {
            int take = Math.Min(piece, length - offset);
            used.Add(take);
            offset += take;
            if (offset == length || used.Count > 2000)
                break;
        }
        return string.Join(",", used);
    }
}

/// <summary>A small, portable PRNG (SplitMix64), so that seeds reproduce on every runtime.</summary>
internal sealed class SplitMix64
{
    private ulong _state;

    public SplitMix64(ulong seed) => _state = seed;

    public ulong Next()
    {
        ulong z = _state += 0x9E3779B97F4A7C15UL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
        return z ^ (z >> 31);
    }

    /// <summary>Uniform in [0, exclusiveMax).</summary>
    public int Below(int exclusiveMax) => (int)(Next() % (ulong)exclusiveMax);

    /// <summary>Uniform in [min, max].</summary>
    public int Between(int min, int max) => min + Below(max - min + 1);

    public bool Chance(int percent) => Below(100) < percent;

    public void Fill(Span<byte> bytes)
    {
        for (int i = 0; i < bytes.Length; i++)
            bytes[i] = (byte)Next();
    }

    public byte[] Bytes(int length)
    {
        var bytes = new byte[length];
        Fill(bytes);
        return bytes;
    }
}

/// <summary>Collects digest mismatches so that one failing theory case lists every failing entry, not just the first.</summary>
internal sealed class Mismatches
{
    private const int MaxListed = 25;
    private readonly List<string> _failures = new();
    private int _count;

    public int Count => _count;

    public void Check(byte[] expected, byte[] actual, string what)
    {
        if (!expected.AsSpan().SequenceEqual(actual))
            Add($"{what}: expected {Hex.Encode(expected)}, got {Hex.Encode(actual)}");
    }

    public void Check(string expectedHex, byte[] actual, string what) => Check(Hex.Decode(expectedHex), actual, what);

    public void Check(byte[] expected, byte[] actual, Func<string> what)
    {
        if (!expected.AsSpan().SequenceEqual(actual))
            Add($"{what()}: expected {Hex.Encode(expected)}, got {Hex.Encode(actual)}");
    }

    public void CheckUntouched(ReadOnlySpan<byte> span, byte fill, string what)
    {
        int changed = span.IndexOfAnyExcept(fill);
        if (changed >= 0)
            Add($"{what}: byte {changed} past the digest was overwritten ({Hex.Encode(span)})");
    }

    public void Add(string failure)
    {
        _count++;
        if (_failures.Count < MaxListed)
            _failures.Add(failure);
    }

    public void ThrowIfAny(string header)
    {
        if (_count == 0)
            return;
        var message = new StringBuilder();
        message.Append(header).Append(": ").Append(_count).Append(" mismatch(es)");
        if (_count > _failures.Count)
            message.Append(" (first ").Append(_failures.Count).Append(" listed)");
        message.AppendLine(":");
        foreach (string failure in _failures)
            message.Append("  ").AppendLine(failure);
        Assert.Fail(message.ToString());
    }
}
