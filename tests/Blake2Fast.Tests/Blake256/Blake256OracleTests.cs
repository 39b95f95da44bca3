using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Oracle;
using Xunit.Abstractions;

namespace Blake2Fast.Tests.Blake256Family;

/// <summary>
/// Random cases against the plain implementation in <see cref="ReferenceBlake256"/> (itself checked against every
/// vector in <see cref="Blake256VectorTests"/>): every length 0..600, salted and unsalted, BLAKE-256 and BLAKE-224,
/// every instruction set, one-shot and incremental at random split points. Seeds as in the BLAKE2 oracle tests
/// (<c>BLAKE2FAST_ORACLE_SEED</c>, <c>BLAKE2FAST_ORACLE_CASE</c>; the failure message names seed and case).
/// </summary>
public class Blake256OracleTests
{
    public const int CasesPerVariant = 6_000;
    public const int MaxLength = 600;

    private readonly ITestOutputHelper _log;

    public Blake256OracleTests(ITestOutputHelper log) => _log = log;

    [Fact]
    public void Blake256_RandomCases_MatchTheReference() => Run(SaltedDriver.B256);

    [Fact]
    public void Blake224_RandomCases_MatchTheReference() => Run(SaltedDriver.B224);

    private void Run(SaltedDriver v)
    {
        ulong[] seeds = OracleSeed.Seeds;
        int perSeed = (CasesPerVariant + seeds.Length - 1) / seeds.Length;
        var failures = new List<string>();
        var lengthsSeen = new bool[MaxLength + 1];
        int ran = 0, salted = 0;
        var watch = Stopwatch.StartNew();
        foreach (ulong seed in seeds)
        {
            for (int index = 0; index < perSeed && failures.Count < 5; index++)
            {
                if (OracleSeed.OnlyCase is int only && only != index)
                    continue;
                OracleRandom rng = OracleRandom.ForCase(seed, $"{nameof(Blake256OracleTests)}.{v.Name}", index);
                // Every length is covered in order first, then random ones.
                int length = index <= MaxLength ? index : rng.Next(MaxLength + 1);
                byte[] input = new byte[length];
                for (int i = 0; i < length; i++)
                    input[i] = (byte)rng.NextUInt64();
                byte[]? salt = null;
                if (rng.Next(2) == 1)
                {
                    salt = new byte[16];
                    for (int i = 0; i < 16; i++)
                        salt[i] = (byte)rng.NextUInt64();
                    salted++;
                }
                var splits = new List<int>();
                for (int rest = length; rest > 0;)
                {
                    int piece = rng.Next(4) == 0 ? rng.Next(3) : rng.Next(1, 130);
                    splits.Add(piece);
                    rest -= piece;
                }

                byte[] expected = v.Reference(input, salt);
                foreach (InstructionSet instructionSet in SaltedDriver.SupportedInstructionSets)
                {
                    string where = $"{v.Name} seed {OracleSeed.Format(seed)} case {index} instruction set {instructionSet}: length {length}, " +
                        $"salt {(salt is null ? "none" : Convert.ToHexString(salt))}, splits [{string.Join(",", splits)}]";
                    if (!v.Hash(instructionSet, salt, input).AsSpan().SequenceEqual(expected))
                        failures.Add(where + " (one-shot)");
                    if (!v.HashInPieces(instructionSet, salt, input, splits).AsSpan().SequenceEqual(expected))
                        failures.Add(where + " (incremental)");
                }
                // The default instruction set through the public one-shot API too.
                if (!v.Api(rng.Next(2) == 0 ? "ComputeHash" : "HashDataSpan", salt, input).AsSpan().SequenceEqual(expected))
                    failures.Add($"{v.Name} seed {OracleSeed.Format(seed)} case {index}: public one-shot");
                lengthsSeen[length] = true;
                ran++;
            }
        }
        _log.WriteLine($"{v.Name}: {ran} cases ({salted} salted) on instruction sets {string.Join(", ", SaltedDriver.SupportedInstructionSets)}, {watch.ElapsedMilliseconds} ms; " +
            $"seeds {string.Join(", ", seeds.Select(OracleSeed.Format))}");
        Assert.True(failures.Count == 0, string.Join("\n", failures));
        if (OracleSeed.OnlyCase is null)
        {
            Assert.True(ran >= CasesPerVariant, $"ran {ran} cases, budget {CasesPerVariant}");
            Assert.True(lengthsSeen.All(seen => seen), "every length 0..600 is covered");
            Assert.InRange(salted, ran / 3, ran - ran / 3);
        }
    }

    /// <summary>Lengths around the padding's spill points (55/56 bytes into a block) and block boundaries, every split.</summary>
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(55)]
    [InlineData(56)]
    [InlineData(57)]
    [InlineData(63)]
    [InlineData(64)]
    [InlineData(65)]
    [InlineData(119)]
    [InlineData(120)]
    [InlineData(127)]
    [InlineData(128)]
    [InlineData(129)]
    [InlineData(183)]
    [InlineData(184)]
    [InlineData(192)]
    public void BoundaryLengths_EveryVariant_EveryInstructionSet_EverySplitPoint(int length)
    {
        byte[] input = new byte[length];
        for (int i = 0; i < length; i++)
            input[i] = (byte)(i * 7 + 3);
        byte[] salt = Enumerable.Range(0x40, 16).Select(i => (byte)i).ToArray();
        foreach (SaltedDriver v in SaltedDriver.All)
        {
            foreach (byte[]? s in new[] { null, salt })
            {
                byte[] expected = v.Reference(input, s);
                foreach (InstructionSet instructionSet in SaltedDriver.SupportedInstructionSets)
                {
                    Assert.Equal(expected, v.Hash(instructionSet, s, input));
                    for (int split = 0; split <= length; split++)
                        Assert.Equal(expected, v.HashInPieces(instructionSet, s, input, new[] { split }));
                }
            }
        }
    }

    /// <summary>
    /// The 32-bit low word of the bit counter carries into the high word (2^32 bits is 512 MiB: reached through the
    /// test hook, against the reference started at the same count).
    /// </summary>
    [Theory]
    [InlineData(0xFFFFFE00L, 100)]
    [InlineData(0xFFFFFE00L, 64)]
    [InlineData(0xFFFFFE00L, 56)]
    [InlineData(0xFFFFFC00L, 3)]
    [InlineData(0x1_FFFFFE00L, 130)]
    public void CounterCarry_MatchesTheReference(long startBits, int length)
    {
        byte[] input = Enumerable.Range(0, length).Select(i => (byte)(i + 1)).ToArray();
        foreach (SaltedDriver v in SaltedDriver.All)
        {
            byte[] expected = v.ReferenceHash(input, null, startBits);
            foreach (InstructionSet instructionSet in SaltedDriver.SupportedInstructionSets)
            {
                Blake256Hasher hasher = v.CreateIncrementalHasher(instructionSet, null);
                hasher.Engine.SetCounter((ulong)startBits);
                hasher.Update(input.AsSpan(0, length / 3));
                hasher.Update(input.AsSpan(length / 3));
                Assert.Equal(expected, hasher.Finish());
            }
        }
    }
}
