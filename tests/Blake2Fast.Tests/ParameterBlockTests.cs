using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.Json;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests;

/// <summary>
/// Salt, personalization and the tree-hashing parameters against hashlib digests
/// (TestData/parameters.json, written by TestData/generate_vectors.py).
/// </summary>
public class ParameterBlockTests
{
    /// <summary>One case per vector, named by algorithm and the vector's description.</summary>
    public static IEnumerable<object[]> EveryVector() => ParameterVector.All.Select(v => new object[] { v.Algorithm, v.Name });

    [Fact]
    public void Vectors_CoverEveryParameter()
    {
        foreach (FixedDigestDriver algorithm in FixedDigestDriver.All)
        {
            ParameterVector[] vectors = ParameterVector.All.Where(v => v.Algorithm == algorithm.Name).ToArray();
            Assert.Contains(vectors, v => v.Salt?.Length == algorithm.SaltLength);
            Assert.Contains(vectors, v => v.Salt?.Length is > 0 && v.Salt.Length < algorithm.SaltLength);
            Assert.Contains(vectors, v => v.Personalization?.Length == algorithm.SaltLength);
            Assert.Contains(vectors, v => v.Personalization?.Length is > 0 && v.Personalization.Length < algorithm.SaltLength);
            Assert.Contains(vectors, v => v.Fanout is 0);
            Assert.Contains(vectors, v => v.Fanout is 255);
            Assert.Contains(vectors, v => v.Depth is 255);
            Assert.Contains(vectors, v => v.LeafLength == uint.MaxValue);
            Assert.Contains(vectors, v => v.NodeOffset == algorithm.MaxNodeOffset);
            Assert.Contains(vectors, v => v.NodeDepth is 255);
            Assert.Contains(vectors, v => v.InnerLength == algorithm.MaxDigestLength);
            Assert.Contains(vectors, v => v.LastNode == true && v.InputLength == 0);
            Assert.Contains(vectors, v => v.LastNode == true && v.InputLength == algorithm.BlockSize);
        }
    }

    [Theory]
    [MemberData(nameof(EveryVector))]
    public void Vector_OnEveryInstructionSet_AndPublicApi(string algorithmName, string name)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        ParameterVector vector = ParameterVector.Get(algorithmName, name);
        Blake2Parameters parameters = vector.ToParameters();
        byte[] input = VectorInputs.Message(vector.InputLength);
        byte[] expected = vector.Expected;
        var mismatches = new Mismatches();

        foreach (InstructionSet instructionSet in algorithm.SupportedInstructionSets)
        {
            mismatches.Check(expected, algorithm.Hash(instructionSet, parameters, input), $"instruction set {instructionSet}, one-shot");

            var output = new byte[expected.Length + 9];
            output.AsSpan().Fill(0x3C);
            algorithm.Hash(instructionSet, parameters, input, output);
            mismatches.Check(expected, output.AsSpan(0, expected.Length).ToArray(), $"instruction set {instructionSet}, one-shot into a larger span");
            mismatches.CheckUntouched(output.AsSpan(expected.Length), 0x3C, $"instruction set {instructionSet}, one-shot into a larger span");

            mismatches.Check(expected, algorithm.HashInPieces(instructionSet, parameters, input, SplitPatterns.IrregularCycle(vector.InputLength)), $"instruction set {instructionSet}, incremental, irregular pieces");
            mismatches.Check(expected, algorithm.HashInPieces(instructionSet, parameters, input, SplitPatterns.Fixed(algorithm.BlockSize)), $"instruction set {instructionSet}, incremental, block-sized pieces");
        }

        // Public API, default instruction set.
        mismatches.Check(expected, algorithm.ComputeHash(parameters, input), "ComputeHash(parameters)");
        var span = new byte[expected.Length + 5];
        span.AsSpan().Fill(0xC3);
        algorithm.ComputeAndWriteHash(parameters, input, span);
        mismatches.Check(expected, span.AsSpan(0, expected.Length).ToArray(), "ComputeAndWriteHash(parameters, span)");
        mismatches.CheckUntouched(span.AsSpan(expected.Length), 0xC3, "ComputeAndWriteHash(parameters, span)");

        Hasher hasher = algorithm.CreateIncrementalHasher(parameters);
        Assert.Equal(expected.Length, hasher.DigestLength);
        int half = input.Length / 2;
        hasher.Update(input.AsSpan(0, half));
        Hasher snapshot = hasher.Snapshot();
        hasher.Update(input.AsSpan(half));
        mismatches.Check(expected, hasher.Finish(), "CreateIncrementalHasher(parameters), two halves");
        snapshot.Update(input.AsSpan(half));
        var finished = new byte[expected.Length];
        snapshot.Finish(finished);
        mismatches.Check(expected, finished, "CreateIncrementalHasher(parameters), snapshot after the first half");

        // The state copies what it needs: clobbering the caller's buffers after creation changes nothing.
        byte[]? key = vector.Key?.ToArray(), salt = vector.Salt?.ToArray(), person = vector.Personalization?.ToArray();
        Blake2Parameters copied = vector.ToParameters();
        copied.Key = key;
        copied.Salt = salt;
        copied.Personalization = person;
        Hasher fromCopies = algorithm.CreateIncrementalHasher(copied);
        key?.AsSpan().Fill(0xFF);
        salt?.AsSpan().Fill(0xFF);
        person?.AsSpan().Fill(0xFF);
        fromCopies.Update(input);
        mismatches.Check(expected, fromCopies.Finish(), "CreateIncrementalHasher(parameters) after the caller's key/salt/personalization buffers were overwritten");

        mismatches.ThrowIfAny($"{algorithm.Name} parameter vector '{name}' ({vector.Describe()})");
    }

    [Theory]
    [MemberData(nameof(FixedDigestDriver.AllInstructionSets), MemberType = typeof(FixedDigestDriver))]
    public void DefaultParameters_EqualThePlainApi(string algorithmName, string instructionSetName)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        LengthVectors vectors = LengthVectors.For(algorithm);
        var mismatches = new Mismatches();

        Blake2Parameters none = default;
        Assert.Equal(0, none.DigestLength);
        Assert.Equal(1, none.Fanout);
        Assert.Equal(1, none.Depth);
        Assert.Equal(0u, none.LeafLength);
        Assert.Equal(0UL, none.NodeOffset);
        Assert.Equal(0, none.NodeDepth);
        Assert.Equal(0, none.InnerLength);
        Assert.False(none.LastNode);
        Assert.True(none.Key.IsEmpty && none.Salt.IsEmpty && none.Personalization.IsEmpty);

        foreach (int length in new[] { 0, 1, 3, algorithm.BlockSize - 1, algorithm.BlockSize, algorithm.BlockSize + 1, 5 * algorithm.BlockSize + 17 })
        {
            byte[] input = VectorInputs.Message(length);
            byte[] expected = vectors.Unkeyed[length];
            string at = $"input length {length}";
            mismatches.Check(expected, algorithm.ComputeHash(input), $"{at}, ComputeHash(input) (the plain API)");
            mismatches.Check(expected, algorithm.Hash(instructionSet, default, input), $"{at}, Hash(instructionSet, default)");
            mismatches.Check(expected, Feed(algorithm.CreateIncrementalHasher(instructionSet, default), input), $"{at}, incremental(instructionSet, default)");
            mismatches.Check(expected, algorithm.ComputeHash(default(Blake2Parameters), input), $"{at}, ComputeHash(default(Blake2Parameters))");
            mismatches.Check(expected, Feed(algorithm.CreateIncrementalHasher(default(Blake2Parameters)), input), $"{at}, CreateIncrementalHasher(default(Blake2Parameters))");

            // The explicit sequential values, and explicitly empty or all-zero salt and personalization.
            var explicitDefaults = new Blake2Parameters
            {
                DigestLength = algorithm.MaxDigestLength,
                Fanout = 1,
                Depth = 1,
                LeafLength = 0,
                NodeOffset = 0,
                NodeDepth = 0,
                InnerLength = 0,
                LastNode = false,
                Key = Array.Empty<byte>(),
                Salt = new byte[algorithm.SaltLength],
                Personalization = new byte[3],
            };
            mismatches.Check(expected, algorithm.Hash(instructionSet, explicitDefaults, input), $"{at}, Hash(instructionSet, explicit sequential defaults, zero salt/personalization)");
        }

        // A key set through the parameters equals the plain keyed API and the hashlib vector.
        byte[] key = VectorInputs.Key(algorithm.MaxKeyLength);
        foreach (int length in new[] { 0, algorithm.BlockSize, 2 * algorithm.BlockSize + 1 })
        {
            byte[] input = VectorInputs.Message(length);
            mismatches.Check(vectors.Keyed[length], algorithm.Hash(instructionSet, new Blake2Parameters { Key = key }, input), $"keyed input length {length}, Hash(instructionSet, parameters with key)");
            mismatches.Check(vectors.Keyed[length], algorithm.ComputeHash(key, input), $"keyed input length {length}, ComputeHash(key, input)");
        }

        mismatches.ThrowIfAny($"{algorithm.Name} default parameters on instruction set {instructionSet}");
    }

    [Theory]
    [MemberData(nameof(FixedDigestDriver.AllInstructionSets), MemberType = typeof(FixedDigestDriver))]
    public void ShortSaltAndPersonalization_AreZeroPadded_OnInstructionSet(string algorithmName, string instructionSetName)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        byte[] input = VectorInputs.Message(100);
        var mismatches = new Mismatches();

        foreach (ParameterVector vector in ParameterVector.All.Where(v => v.Algorithm == algorithm.Name && (v.Salt?.Length ?? algorithm.SaltLength) < algorithm.SaltLength))
        {
            // The same salt padded by hand gives the same digest.
            byte[] padded = new byte[algorithm.SaltLength];
            vector.Salt!.CopyTo(padded, 0);
            Blake2Parameters parameters = vector.ToParameters();
            parameters.Salt = padded;
            mismatches.Check(vector.Expected, algorithm.Hash(instructionSet, parameters, VectorInputs.Message(vector.InputLength)), $"'{vector.Name}' with the salt padded by hand");
        }

        foreach (ParameterVector vector in ParameterVector.All.Where(v => v.Algorithm == algorithm.Name && (v.Personalization?.Length ?? algorithm.SaltLength) < algorithm.SaltLength))
        {
            byte[] padded = new byte[algorithm.SaltLength];
            vector.Personalization!.CopyTo(padded, 0);
            Blake2Parameters parameters = vector.ToParameters();
            parameters.Personalization = padded;
            mismatches.Check(vector.Expected, algorithm.Hash(instructionSet, parameters, VectorInputs.Message(vector.InputLength)), $"'{vector.Name}' with the personalization padded by hand");
        }

        // And a salt or personalization does change the digest (each field reaches the state).
        byte[] plain = algorithm.Hash(instructionSet, default, input);
        byte[] oneByte = { 1 };
        byte[] lastByte = new byte[algorithm.SaltLength];
        lastByte[^1] = 0x80;
        foreach ((string what, byte[] value) in new[] { ("1", oneByte), ("last byte", lastByte) })
        {
            Assert.False(plain.AsSpan().SequenceEqual(algorithm.Hash(instructionSet, new Blake2Parameters { Salt = value }, input)), $"salt {what} did not change the digest");
            Assert.False(plain.AsSpan().SequenceEqual(algorithm.Hash(instructionSet, new Blake2Parameters { Personalization = value }, input)), $"personalization {what} did not change the digest");
        }

        mismatches.ThrowIfAny($"{algorithm.Name} zero padding on instruction set {instructionSet}");
    }

    private static byte[] Feed(Hasher hasher, byte[] input)
    {
        hasher.Update(input);
        return hasher.Finish();
    }
}

/// <summary>One case of TestData/parameters.json.</summary>
public sealed class ParameterVector
{
    private static readonly Lazy<ParameterVector[]> s_all = new(Load);

    private ParameterVector(JsonElement element)
    {
        Algorithm = element.GetProperty("algorithm").GetString()!;
        Name = element.GetProperty("name").GetString()!;
        InputLength = element.GetProperty("inputLength").GetInt32();
        Expected = Hex.Decode(element.GetProperty("out").GetString()!);
        DigestLength = element.TryGetProperty("digest_size", out JsonElement e) ? e.GetInt32() : null;
        Key = element.TryGetProperty("key", out e) ? Hex.Decode(e.GetString()!) : null;
        Salt = element.TryGetProperty("salt", out e) ? Hex.Decode(e.GetString()!) : null;
        Personalization = element.TryGetProperty("person", out e) ? Hex.Decode(e.GetString()!) : null;
        Fanout = element.TryGetProperty("fanout", out e) ? e.GetByte() : null;
        Depth = element.TryGetProperty("depth", out e) ? e.GetByte() : null;
        LeafLength = element.TryGetProperty("leaf_size", out e) ? e.GetUInt32() : null;
        NodeOffset = element.TryGetProperty("node_offset", out e) ? e.GetUInt64() : null;
        NodeDepth = element.TryGetProperty("node_depth", out e) ? e.GetByte() : null;
        InnerLength = element.TryGetProperty("inner_size", out e) ? e.GetByte() : null;
        LastNode = element.TryGetProperty("last_node", out e) ? e.GetBoolean() : null;
    }

    public static IReadOnlyList<ParameterVector> All => s_all.Value;

    public string Algorithm { get; }
    public string Name { get; }
    public int InputLength { get; }
    public byte[] Expected { get; }
    public int? DigestLength { get; }
    public byte[]? Key { get; }
    public byte[]? Salt { get; }
    public byte[]? Personalization { get; }
    public byte? Fanout { get; }
    public byte? Depth { get; }
    public uint? LeafLength { get; }
    public ulong? NodeOffset { get; }
    public byte? NodeDepth { get; }
    public byte? InnerLength { get; }
    public bool? LastNode { get; }

    public static ParameterVector Get(string algorithm, string name) => All.Single(v => v.Algorithm == algorithm && v.Name == name);

    /// <summary>The parameters, setting only what the vector sets (the rest keeps the defaults).</summary>
    public Blake2Parameters ToParameters()
    {
        var parameters = new Blake2Parameters();
        if (DigestLength is int digestLength)
            parameters.DigestLength = digestLength;
        if (Key is not null)
            parameters.Key = Key;
        if (Salt is not null)
            parameters.Salt = Salt;
        if (Personalization is not null)
            parameters.Personalization = Personalization;
        if (Fanout is byte fanout)
            parameters.Fanout = fanout;
        if (Depth is byte depth)
            parameters.Depth = depth;
        if (LeafLength is uint leafLength)
            parameters.LeafLength = leafLength;
        if (NodeOffset is ulong nodeOffset)
            parameters.NodeOffset = nodeOffset;
        if (NodeDepth is byte nodeDepth)
            parameters.NodeDepth = nodeDepth;
        if (InnerLength is byte innerLength)
            parameters.InnerLength = innerLength;
        if (LastNode is bool lastNode)
            parameters.LastNode = lastNode;
        return parameters;
    }

    public string Describe()
    {
        var text = new StringBuilder($"input length {InputLength}");
        void Add(string field, object? value)
        {
            if (value is byte[] bytes)
                text.Append(", ").Append(field).Append('=').Append(Hex.Encode(bytes));
            else if (value is not null)
                text.Append(", ").Append(field).Append('=').Append(value);
        }
        Add("digest", DigestLength);
        Add("key", Key);
        Add("salt", Salt);
        Add("person", Personalization);
        Add("fanout", Fanout);
        Add("depth", Depth);
        Add("leaf", LeafLength);
        Add("offset", NodeOffset);
        Add("nodeDepth", NodeDepth);
        Add("inner", InnerLength);
        Add("last", LastNode);
        return text.ToString();
    }

    public override string ToString() => $"{Algorithm} {Name}";

    private static ParameterVector[] Load()
    {
        using JsonDocument document = TestDataFiles.Load("parameters.json");
        return document.RootElement.GetProperty("cases").EnumerateArray().Select(e => new ParameterVector(e)).ToArray();
    }
}
