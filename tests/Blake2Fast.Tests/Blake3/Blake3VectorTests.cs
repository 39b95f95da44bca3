using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Threading.Tasks;
using Blake2Fast.Dispatch;

namespace Blake2Fast.Tests.Blake3Suite;


/// <summary>
/// The official BLAKE3 test vectors (TestData/blake3-test-vectors.json, from the BLAKE3 team's repository
/// github.com/BLAKE3-team/BLAKE3, test_vectors/test_vectors.json, released under CC0 1.0), every case in all three
/// modes, the full 131-byte extended output, through every API and on every instruction set this machine runs.
/// </summary>
public class Blake3VectorTests
{
    internal sealed record Case(int InputLength, byte[] Hash, byte[] KeyedHash, byte[] DeriveKey);

    internal static readonly byte[] Key;
    internal static readonly string Context;
    internal static readonly Case[] Cases;

    static Blake3VectorTests()
    {
        using JsonDocument json = JsonDocument.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "TestData", "blake3-test-vectors.json")));
        JsonElement root = json.RootElement;
        Key = Encoding.ASCII.GetBytes(root.GetProperty("key").GetString()!);
        Context = root.GetProperty("context_string").GetString()!;
        Cases = root.GetProperty("cases").EnumerateArray().Select(c => new Case(
            c.GetProperty("input_len").GetInt32(),
            Convert.FromHexString(c.GetProperty("hash").GetString()!),
            Convert.FromHexString(c.GetProperty("keyed_hash").GetString()!),
            Convert.FromHexString(c.GetProperty("derive_key").GetString()!))).ToArray();
    }

    /// <summary>The vectors' input: 0, 1, ..., 250, 0, 1, ...</summary>
    internal static byte[] Input(int length) => Enumerable.Range(0, length).Select(i => (byte)(i % 251)).ToArray();

    public static IEnumerable<object[]> CaseIndices => Enumerable.Range(0, 35).Select(i => new object[] { i });

    internal static IReadOnlyList<InstructionSet> SupportedInstructionSets => Blake3.SupportedInstructionSets;

    [Fact]
    public void TheFileHasEveryCase() => Assert.Equal(35, Cases.Length);

    [Theory]
    [MemberData(nameof(CaseIndices))]
    public void OneShotOnEveryInstructionSet(int index)
    {
        Case c = Cases[index];
        byte[] input = Input(c.InputLength);
        foreach (InstructionSet instructionSet in SupportedInstructionSets)
        {
            var output = new byte[131];
            Blake3HashState.Hash(131, default, input, output, "output", instructionSet);
            Assert.Equal(c.Hash, output);
            Blake3HashState.Hash(131, Key, input, output, "output", instructionSet);
            Assert.Equal(c.KeyedHash, output);
            Blake3HashState state = Blake3HashState.CreateDeriveKey(Context, 131, instructionSet);
            state.Update(input);
            Assert.Equal(c.DeriveKey, state.Finish());
        }
    }

    [Theory]
    [MemberData(nameof(CaseIndices))]
    public void PublicOneShotAndSpanForms(int index)
    {
        Case c = Cases[index];
        byte[] input = Input(c.InputLength);
        byte[] hash32 = c.Hash[..32], keyed32 = c.KeyedHash[..32], derive32 = c.DeriveKey[..32];

        Assert.Equal(hash32, Blake3.HashData(input));
        Assert.Equal(hash32, Blake3.ComputeHash(input));
        Assert.Equal(c.Hash, Blake3.HashData(131, input));
        Assert.Equal(c.Hash, Blake3.ComputeHash(131, input));
        Assert.Equal(c.Hash[..7], Blake3.HashData(7, input));
        var span = new byte[140];
        Assert.Equal(32, Blake3.HashData(input, span.AsSpan()));
        Assert.Equal(hash32, span[..32]);
        Assert.All(span[32..], b => Assert.Equal(0, b));
        Assert.True(Blake3.TryHashData(131, input, span.AsSpan(), out int written));
        Assert.Equal(131, written);
        Assert.Equal(c.Hash, span[..131]);
        Blake3.ComputeAndWriteHash(131, input, span.AsSpan());
        Assert.Equal(c.Hash, span[..131]);

        Assert.Equal(keyed32, Blake3.Keyed.HashData(Key, input));
        Assert.Equal(keyed32, Blake3.ComputeHash(Key, input));
        Assert.Equal(c.KeyedHash, Blake3.Keyed.HashData(131, Key, input));
        Assert.Equal(c.KeyedHash, Blake3.ComputeHash(131, Key, input));
        Assert.True(Blake3.Keyed.TryHashData(Key, input, span, out written));
        Assert.Equal(keyed32, span[..32]);

        Assert.Equal(derive32, Blake3.DeriveKey(Context, input));
        Assert.Equal(c.DeriveKey, Blake3.DeriveKey(Context, input, 131));
        var derived = new byte[131];
        Blake3.DeriveKey(Context, input, derived);
        Assert.Equal(c.DeriveKey, derived);
    }

    [Theory]
    [MemberData(nameof(CaseIndices))]
    public void IncrementalWithIrregularSplitsOnEveryInstructionSet(int index)
    {
        Case c = Cases[index];
        byte[] input = Input(c.InputLength);
        int[][] splits = { new[] { 1 }, new[] { 63, 1, 64, 65 }, new[] { 1024 }, new[] { 1023, 2, 2047, 1 }, new[] { 3000, 7 } };
        foreach (InstructionSet instructionSet in SupportedInstructionSets)
        {
            foreach (int[] split in splits)
            {
                Assert.Equal(c.Hash, Feed(Blake3HashState.Create(131, default, instructionSet), input, split).Finish());
                Assert.Equal(c.KeyedHash, Feed(Blake3HashState.Create(131, Key, instructionSet), input, split).Finish());
                Assert.Equal(c.DeriveKey, Feed(Blake3HashState.CreateDeriveKey(Context, 131, instructionSet), input, split).Finish());
            }
        }
        Assert.Equal(c.Hash[..32], Feed(Blake3.CreateIncrementalHasher(), input, new[] { 100 }).Finish());
        Assert.Equal(c.KeyedHash[..32], Feed(Blake3.CreateIncrementalHasher(Key), input, new[] { 100 }).Finish());
        Assert.Equal(c.DeriveKey[..32], Feed(Blake3.CreateDeriveKeyHasher(Context), input, new[] { 100 }).Finish());
        var output = new byte[131];
        Feed(Blake3.CreateIncrementalHasher(), input, new[] { 5 }).Finish(output);
        Assert.Equal(c.Hash, output);
        Assert.True(Feed(Blake3.CreateIncrementalHasher(131), input, new[] { 5 }).TryFinish(output, out int written));
        Assert.Equal(131, written);
        Assert.Equal(c.Hash, output);
    }

    /// <summary>Feeds <paramref name="input"/> in pieces whose sizes cycle through <paramref name="sizes"/>.</summary>
    internal static Blake3HashState Feed(Blake3HashState state, byte[] input, int[] sizes)
    {
        for (int at = 0, i = 0; at < input.Length; i++)
        {
            int n = Math.Min(sizes[i % sizes.Length], input.Length - at);
            state.Update(input.AsSpan(at, n));
            at += n;
        }
        return state;
    }

    [Theory]
    [MemberData(nameof(CaseIndices))]
    public void TheOutputReaderReadsInPiecesAndSeeks(int index)
    {
        Case c = Cases[index];
        byte[] input = Input(c.InputLength);
        foreach (byte[] expected in new[] { c.Hash, c.KeyedHash, c.DeriveKey })
        {
            Blake3HashState Make() => expected == c.Hash ? Blake3.CreateIncrementalHasher()
                : expected == c.KeyedHash ? Blake3.CreateIncrementalHasher(Key) : Blake3.CreateDeriveKeyHasher(Context);
            Blake3HashState state = Make();
            state.Update(input);
            Blake3OutputReader reader = state.FinishXof();
            var output = new byte[131];
            int at = 0;
            foreach (int piece in new[] { 1, 7, 64, 59 })
            {
                reader.Read(output.AsSpan(at, piece));
                at += piece;
                Assert.Equal(at, reader.Position);
            }
            Assert.Equal(expected, output);
            foreach (int offset in new[] { 100, 0, 64, 3, 130 })
            {
                reader.Position = offset;
                var rest = new byte[131 - offset];
                reader.Read(rest);
                Assert.Equal(expected[offset..], rest);
            }
        }
    }

    [Theory]
    [MemberData(nameof(CaseIndices))]
    public async Task StreamsAndHashAlgorithms(int index)
    {
        Case c = Cases[index];
        byte[] input = Input(c.InputLength);
        Assert.Equal(c.Hash[..32], Blake3.HashData(new MemoryStream(input)));
        Assert.Equal(c.Hash, Blake3.HashData(131, new MemoryStream(input)));
        Assert.Equal(c.Hash[..32], Blake3.ComputeHash(new MemoryStream(input)));
#if !LIBRARY_NETSTANDARD
        Assert.Equal(c.Hash, await Blake3.HashDataAsync(131, new MemoryStream(input)));
#endif
        Assert.Equal(c.Hash[..32], await Blake3.ComputeHashAsync(new MemoryStream(input)));
        Assert.Equal(c.KeyedHash[..32], Blake3.Keyed.HashData(Key, new MemoryStream(input)));
#if !LIBRARY_NETSTANDARD
        Assert.Equal(c.KeyedHash, await Blake3.Keyed.HashDataAsync(131, Key, new MemoryStream(input)));
#endif
        var destination = new byte[131];
        Assert.Equal(131, Blake3.HashData(131, new MemoryStream(input), destination));
        Assert.Equal(c.Hash, destination);

        using HashAlgorithm hash = Blake3.CreateHashAlgorithm(131);
        Assert.Equal(c.Hash, hash.ComputeHash(input));
        Assert.Equal(c.Hash, hash.ComputeHash(input)); // reusable
        using HashAlgorithm hash32 = Blake3.CreateHashAlgorithm();
        Assert.Equal(256, hash32.HashSize);
        Assert.Equal(c.Hash[..32], hash32.ComputeHash(new MemoryStream(input)));
        using HMAC mac = Blake3.CreateHMAC(131, Key);
        Assert.Equal(c.KeyedHash, mac.ComputeHash(input));
        using HMAC mac32 = Blake3.CreateHMAC(Key);
        if (input.Length > 10)
        {
            mac32.TransformBlock(input, 0, 10, null, 0);
            mac32.TransformFinalBlock(input, 10, input.Length - 10);
            Assert.Equal(c.KeyedHash[..32], mac32.Hash);
        }
    }
}
