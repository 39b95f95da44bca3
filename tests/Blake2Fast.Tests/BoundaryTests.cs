using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.Json;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests;

/// <summary>
/// Every input length around and across block boundaries, every key length and every digest length, against
/// digests produced by Python's hashlib (TestData/generate_vectors.py writes TestData/lengths.json).
/// </summary>
public class BoundaryTests
{
    /// <summary>One case per input length: 0..1025 for BLAKE2b, 0..513 for BLAKE2s.</summary>
    public static IEnumerable<object[]> EveryLength() =>
        FixedDigestDriver.All.SelectMany(a => Enumerable.Range(0, LengthVectors.For(a).Unkeyed.Length).Select(n => new object[] { a.Name, n }));

    /// <summary>One case per digest length: 1..64 for BLAKE2b, 1..32 for BLAKE2s.</summary>
    public static IEnumerable<object[]> EveryDigestLength() =>
        FixedDigestDriver.All.SelectMany(a => Enumerable.Range(1, a.MaxDigestLength).Select(d => new object[] { a.Name, d }));

    [Fact]
    public void LengthVectors_CoverTheSweep()
    {
        Assert.Equal(1026, LengthVectors.For(FixedDigestDriver.B).Unkeyed.Length);
        Assert.Equal(1026, LengthVectors.For(FixedDigestDriver.B).Keyed.Length);
        Assert.Equal(514, LengthVectors.For(FixedDigestDriver.S).Unkeyed.Length);
        Assert.Equal(514, LengthVectors.For(FixedDigestDriver.S).Keyed.Length);
        // Spot-check the input formula against the hashlib vectors through the independent KAT path:
        // message(0) is empty, so the unkeyed digest of length 0 must equal the official KAT entry 0.
        Assert.Equal(KatVectors.Group("blake2b", false)[0].Expected, LengthVectors.For(FixedDigestDriver.B).Unkeyed[0]);
        Assert.Equal(KatVectors.Group("blake2s", false)[0].Expected, LengthVectors.For(FixedDigestDriver.S).Unkeyed[0]);
        Assert.Equal(new byte[] { 3, 10, 17, 24 }, VectorInputs.Message(4));
        Assert.Equal(new byte[] { 0x40, 0x4D, 0x5A }, VectorInputs.Key(3));
    }

    [Theory]
    [MemberData(nameof(EveryLength))]
    public void Length_OneShotAndIncremental_OnEveryInstructionSet(string algorithmName, int length)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        LengthVectors vectors = LengthVectors.For(algorithm);
        byte[] input = VectorInputs.Message(length);
        byte[] key = VectorInputs.Key(algorithm.MaxKeyLength);
        int block = algorithm.BlockSize;
        var mismatches = new Mismatches();

        var patterns = new List<(string Name, IEnumerable<int> Pieces)>
        {
            ("block-sized pieces", SplitPatterns.Fixed(block)),
            ("block-1, block+1, block, ... pieces", SplitPatterns.Cycle(block - 1, block + 1, block)),
            ("random pieces", SplitPatterns.Random(length * 2 + (algorithm.SeedTag == 0xB ? 1 : 0), 3 * block)),
            ("first byte, all but the last byte, last byte", new[] { 1, Math.Max(0, length - 2) }),
        };
        if (length <= 3 * block + 2)
            patterns.Add(("byte at a time", SplitPatterns.Fixed(1)));

        foreach (bool keyed in new[] { false, true })
        {
            byte[] expected = keyed ? vectors.Keyed[length] : vectors.Unkeyed[length];
            var parameters = keyed ? new Blake2Parameters { Key = key } : default;
            string keying = keyed ? "keyed" : "unkeyed";

            foreach (InstructionSet instructionSet in algorithm.SupportedInstructionSets)
            {
                mismatches.Check(expected, algorithm.Hash(instructionSet, parameters, input), $"{keying}, instruction set {instructionSet}, one-shot");
                foreach ((string name, IEnumerable<int> pieces) in patterns)
                    mismatches.Check(expected, algorithm.HashInPieces(instructionSet, parameters, input, pieces), () => $"{keying}, instruction set {instructionSet}, incremental, {name} [{SplitPatterns.Describe(pieces, length)}]");
            }

            // Public API on the default instruction set.
            mismatches.Check(expected, keyed ? algorithm.ComputeHash(key, input) : algorithm.ComputeHash(input), $"{keying}, ComputeHash");
            var output = new byte[algorithm.MaxDigestLength];
            if (keyed)
                algorithm.ComputeAndWriteHash(key, input, output);
            else
                algorithm.ComputeAndWriteHash(input, output);
            mismatches.Check(expected, output, $"{keying}, ComputeAndWriteHash");
            Hasher hasher = keyed ? algorithm.CreateIncrementalHasher(key) : algorithm.CreateIncrementalHasher();
            hasher.Update(input.AsSpan(0, length / 2));
            hasher.Update(input.AsSpan(length / 2));
            mismatches.Check(expected, hasher.Finish(), $"{keying}, CreateIncrementalHasher, two halves");
        }

        mismatches.ThrowIfAny($"{algorithm.Name}, input length {length}");
    }

    [Theory]
    [MemberData(nameof(FixedDigestDriver.AllInstructionSets), MemberType = typeof(FixedDigestDriver))]
    public void ExactBlockMultiples_OnInstructionSet(string algorithmName, string instructionSetName)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        LengthVectors vectors = LengthVectors.For(algorithm);
        int block = algorithm.BlockSize;
        byte[] key = VectorInputs.Key(algorithm.MaxKeyLength);
        var mismatches = new Mismatches();

        foreach (bool keyed in new[] { false, true })
        {
            var parameters = keyed ? new Blake2Parameters { Key = key } : default;
            string keying = keyed ? "keyed" : "unkeyed";
            byte[][] expected = keyed ? vectors.Keyed : vectors.Unkeyed;

            for (int blocks = 0; blocks * block < expected.Length; blocks++)
            {
                int length = blocks * block;
                byte[] input = VectorInputs.Message(length);
                string at = $"{keying}, {blocks} block(s) ({length} bytes)";

                mismatches.Check(expected[length], algorithm.Hash(instructionSet, parameters, input), $"{at}, one-shot");
                mismatches.Check(expected[length], algorithm.HashInPieces(instructionSet, parameters, input, SplitPatterns.Fixed(block)), $"{at}, block by block");

                // A full final block followed by empty updates must still be treated as the last block.
                Hasher hasher = algorithm.CreateIncrementalHasher(instructionSet, parameters);
                hasher.Update(input);
                hasher.Update(ReadOnlySpan<byte>.Empty);
                hasher.Update(ReadOnlySpan<byte>.Empty);
                mismatches.Check(expected[length], hasher.Finish(), $"{at}, whole input then two empty updates");

                // Snapshots taken after each block boundary finish as the hash of that prefix.
                Hasher running = algorithm.CreateIncrementalHasher(instructionSet, parameters);
                for (int done = 0; done < blocks; done++)
                {
                    running.Update(input.AsSpan(done * block, block));
                    mismatches.Check(expected[(done + 1) * block], running.Snapshot().Finish(), $"{at}, snapshot after block {done + 1}");
                }
                mismatches.Check(expected[length], running.Finish(), $"{at}, after the snapshots");

                // Two blocks at a time, then one byte more (the length just past the multiple).
                if (length + 1 < expected.Length)
                {
                    byte[] longer = VectorInputs.Message(length + 1);
                    mismatches.Check(expected[length + 1], algorithm.HashInPieces(instructionSet, parameters, longer, SplitPatterns.Fixed(2 * block)), $"{keying}, {length + 1} bytes, two blocks at a time");
                }
            }
        }

        mismatches.ThrowIfAny($"{algorithm.Name} exact block multiples on instruction set {instructionSet}");
    }

    [Theory]
    [MemberData(nameof(FixedDigestDriver.AllInstructionSets), MemberType = typeof(FixedDigestDriver))]
    public void KeyedEmptyMessage_OnInstructionSet(string algorithmName, string instructionSetName)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        LengthVectors vectors = LengthVectors.For(algorithm);
        var mismatches = new Mismatches();

        // The key block is the only block, and it is the last one: compressed at Finish with the final flag.
        byte[] fullKey = VectorInputs.Key(algorithm.MaxKeyLength);
        byte[] expected = vectors.Keyed[0];
        var parameters = new Blake2Parameters { Key = fullKey };
        mismatches.Check(expected, algorithm.Hash(instructionSet, parameters, ReadOnlySpan<byte>.Empty), "full key, one-shot");
        mismatches.Check(expected, algorithm.CreateIncrementalHasher(instructionSet, parameters).Finish(), "full key, incremental without any Update");
        Hasher withEmptyUpdate = algorithm.CreateIncrementalHasher(instructionSet, parameters);
        withEmptyUpdate.Update(ReadOnlySpan<byte>.Empty);
        mismatches.Check(expected, withEmptyUpdate.Finish(), "full key, incremental with an empty Update");
        mismatches.Check(expected, algorithm.ComputeHash(fullKey, ReadOnlySpan<byte>.Empty), "full key, ComputeHash");

        // Every key length with the empty message.
        byte[][] byKeyLength = vectors.KeyLengths.Single(k => k.InputLength == 0).Digests;
        for (int keyLength = 0; keyLength <= algorithm.MaxKeyLength; keyLength++)
        {
            byte[] key = VectorInputs.Key(keyLength);
            var keyedParameters = new Blake2Parameters { Key = key };
            mismatches.Check(byKeyLength[keyLength], algorithm.Hash(instructionSet, keyedParameters, ReadOnlySpan<byte>.Empty), $"key length {keyLength}, one-shot");
            mismatches.Check(byKeyLength[keyLength], algorithm.CreateIncrementalHasher(instructionSet, keyedParameters).Finish(), $"key length {keyLength}, incremental without any Update");
        }

        mismatches.ThrowIfAny($"{algorithm.Name} keyed empty message on instruction set {instructionSet}");
    }

    [Theory]
    [MemberData(nameof(FixedDigestDriver.AllInstructionSets), MemberType = typeof(FixedDigestDriver))]
    public void EveryKeyLength_OnInstructionSet(string algorithmName, string instructionSetName)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        var mismatches = new Mismatches();

        foreach (KeyLengthVectors set in LengthVectors.For(algorithm).KeyLengths)
        {
            byte[] input = VectorInputs.Message(set.InputLength);
            for (int keyLength = 0; keyLength <= algorithm.MaxKeyLength; keyLength++)
            {
                byte[] key = VectorInputs.Key(keyLength);
                var parameters = new Blake2Parameters { Key = key };
                string at = $"input length {set.InputLength}, key length {keyLength}";
                mismatches.Check(set.Digests[keyLength], algorithm.Hash(instructionSet, parameters, input), $"{at}, one-shot");
                mismatches.Check(set.Digests[keyLength], algorithm.HashInPieces(instructionSet, parameters, input, SplitPatterns.IrregularCycle(keyLength)), $"{at}, irregular pieces");
                if (instructionSet == algorithm.DefaultInstructionSet)
                {
                    mismatches.Check(set.Digests[keyLength], algorithm.ComputeHash(key, input), $"{at}, ComputeHash(key, input)");
                    Hasher hasher = algorithm.CreateIncrementalHasher(key);
                    hasher.Update(input);
                    mismatches.Check(set.Digests[keyLength], hasher.Finish(), $"{at}, CreateIncrementalHasher(key)");
                }
            }
        }

        mismatches.ThrowIfAny($"{algorithm.Name} key lengths on instruction set {instructionSet}");
    }

    [Theory]
    [MemberData(nameof(EveryDigestLength))]
    public void DigestLength_WithAndWithoutKey(string algorithmName, int digestLength)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        byte[] key = VectorInputs.Key(algorithm.MaxKeyLength);
        var mismatches = new Mismatches();

        foreach (DigestLengthVectors set in LengthVectors.For(algorithm).DigestLengths)
        {
            byte[] input = VectorInputs.Message(set.InputLength);
            foreach (bool keyed in new[] { false, true })
            {
                byte[] expected = (keyed ? set.Keyed : set.Unkeyed)[digestLength - 1];
                Assert.Equal(digestLength, expected.Length);
                string at = $"input length {set.InputLength}, {(keyed ? "keyed" : "unkeyed")}";
                var parameters = new Blake2Parameters { DigestLength = digestLength, Key = keyed ? key : default };

                foreach (InstructionSet instructionSet in algorithm.SupportedInstructionSets)
                {
                    mismatches.Check(expected, algorithm.Hash(instructionSet, parameters, input), $"{at}, instruction set {instructionSet}, one-shot");
                    mismatches.Check(expected, algorithm.HashInPieces(instructionSet, parameters, input, SplitPatterns.Random(digestLength + set.InputLength, 2 * algorithm.BlockSize)), $"{at}, instruction set {instructionSet}, random pieces");
                }

                mismatches.Check(expected, keyed ? algorithm.ComputeHash(digestLength, key, input) : algorithm.ComputeHash(digestLength, input), $"{at}, ComputeHash(digestLength, ...)");
                mismatches.Check(expected, algorithm.ComputeHash(parameters, input), $"{at}, ComputeHash(parameters)");

                // The span overloads write exactly digestLength bytes.
                var output = new byte[digestLength + 8];
                output.AsSpan().Fill(0xEE);
                if (keyed)
                    algorithm.ComputeAndWriteHash(digestLength, key, input, output);
                else
                    algorithm.ComputeAndWriteHash(digestLength, input, output);
                mismatches.Check(expected, output.AsSpan(0, digestLength).ToArray(), $"{at}, ComputeAndWriteHash(digestLength, ...)");
                mismatches.CheckUntouched(output.AsSpan(digestLength), 0xEE, $"{at}, ComputeAndWriteHash(digestLength, ...)");

                var exact = new byte[digestLength];
                algorithm.ComputeAndWriteHash(parameters, input, exact);
                mismatches.Check(expected, exact, $"{at}, ComputeAndWriteHash(parameters) into an exact span");

                Hasher hasher = keyed ? algorithm.CreateIncrementalHasher(digestLength, key) : algorithm.CreateIncrementalHasher(digestLength);
                Assert.Equal(digestLength, hasher.DigestLength);
                hasher.Update(input);
                mismatches.Check(expected, hasher.Finish(), $"{at}, CreateIncrementalHasher(digestLength, ...)");
            }
        }

        mismatches.ThrowIfAny($"{algorithm.Name}, digest length {digestLength}");
    }
}

/// <summary>The input and key formulas of generate_vectors.py.</summary>
internal static class VectorInputs
{
    /// <summary>message(n) = bytes((i * 7 + 3) &amp; 0xFF for i in range(n)).</summary>
    public static byte[] Message(int length)
    {
        var bytes = new byte[length];
        for (int i = 0; i < length; i++)
            bytes[i] = (byte)(i * 7 + 3);
        return bytes;
    }

    /// <summary>key(n) = bytes((i * 13 + 0x40) &amp; 0xFF for i in range(n)).</summary>
    public static byte[] Key(int length)
    {
        var bytes = new byte[length];
        for (int i = 0; i < length; i++)
            bytes[i] = (byte)(i * 13 + 0x40);
        return bytes;
    }
}

internal sealed class DigestLengthVectors
{
    public DigestLengthVectors(int inputLength, byte[][] unkeyed, byte[][] keyed)
    {
        InputLength = inputLength;
        Unkeyed = unkeyed;
        Keyed = keyed;
    }

    public int InputLength { get; }

    /// <summary>Index d-1 holds the digest of length d.</summary>
    public byte[][] Unkeyed { get; }

    public byte[][] Keyed { get; }
}

internal sealed class KeyLengthVectors
{
    public KeyLengthVectors(int inputLength, byte[][] digests)
    {
        InputLength = inputLength;
        Digests = digests;
    }

    public int InputLength { get; }

    /// <summary>Index k holds the digest with key(k) (k = 0: unkeyed).</summary>
    public byte[][] Digests { get; }
}

/// <summary>TestData/lengths.json, per algorithm.</summary>
internal sealed class LengthVectors
{
    private static readonly Lazy<Dictionary<string, LengthVectors>> s_all = new(Load);

    private LengthVectors(byte[][] unkeyed, byte[][] keyed, DigestLengthVectors[] digestLengths, KeyLengthVectors[] keyLengths)
    {
        Unkeyed = unkeyed;
        Keyed = keyed;
        DigestLengths = digestLengths;
        KeyLengths = keyLengths;
    }

    /// <summary>Index n: full-length digest of message(n).</summary>
    public byte[][] Unkeyed { get; }

    /// <summary>Index n: full-length digest of message(n) keyed with key(max).</summary>
    public byte[][] Keyed { get; }

    public DigestLengthVectors[] DigestLengths { get; }

    public KeyLengthVectors[] KeyLengths { get; }

    public static LengthVectors For(FixedDigestDriver algorithm) => s_all.Value[algorithm.Name];

    private static byte[][] Digests(JsonElement array) => array.EnumerateArray().Select(e => Hex.Decode(e.GetString()!)).ToArray();

    private static Dictionary<string, LengthVectors> Load()
    {
        using JsonDocument document = TestDataFiles.Load("lengths.json");
        var result = new Dictionary<string, LengthVectors>();
        foreach (JsonProperty algorithm in document.RootElement.EnumerateObject())
        {
            JsonElement value = algorithm.Value;
            result[algorithm.Name] = new LengthVectors(
                Digests(value.GetProperty("unkeyed")),
                Digests(value.GetProperty("keyed")),
                value.GetProperty("digestLengths").EnumerateArray().Select(e => new DigestLengthVectors(
                    e.GetProperty("inputLength").GetInt32(), Digests(e.GetProperty("unkeyed")), Digests(e.GetProperty("keyed")))).ToArray(),
                value.GetProperty("keyLengths").EnumerateArray().Select(e => new KeyLengthVectors(
                    e.GetProperty("inputLength").GetInt32(), Digests(e.GetProperty("digests")))).ToArray());
        }
        return result;
    }
}
