using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Features;

/// <summary>
/// Many messages at once: <c>Blake2b/Blake2s.ComputeAndWriteHashes</c>, and the internal <c>HashMany</c> on every
/// instruction set (lane groups of 8/16 on AVX-512, 4/8 on AVX2, one by one below). Each digest i, written at
/// <c>outputs[i * digestLength..]</c>, must equal the single-message <c>ComputeHash</c> with the same parameters.
/// </summary>
public class ManyMessageTests
{
    /// <summary>How the lengths of a batch are drawn.</summary>
    public enum Pattern
    {
        /// <summary>Every message the same length (the lanes' fully parallel path, final block included).</summary>
        AllEqual,
        /// <summary>Random lengths, short to a few blocks.</summary>
        Uneven,
        /// <summary>Every message empty.</summary>
        AllEmpty,
        /// <summary>Lengths within a byte or two of a block multiple (0 included).</summary>
        AroundBlocks,
        /// <summary>Equal lengths except one message, shorter or longer, in a random position.</summary>
        EqualButOne,
        /// <summary>Short random lengths and one message of 20 to 60 blocks, in a random position.</summary>
        OneLong,
    }

    /// <summary>One batch's settings; everything optional is drawn at random.</summary>
    private sealed class Settings
    {
        public int DigestLength; // 0: unset, the full length
        public byte[] Key = Array.Empty<byte>();
        public byte[] Salt = Array.Empty<byte>();
        public byte[] Personalization = Array.Empty<byte>();
        public bool LastNode;

        public Blake2Parameters ToParameters()
        {
            var p = new Blake2Parameters { Key = Key, Salt = Salt, Personalization = Personalization, LastNode = LastNode };
            if (DigestLength != 0)
                p.DigestLength = DigestLength;
            return p;
        }

        public int EffectiveDigestLength(FixedDigestDriver a) => DigestLength == 0 ? a.MaxDigestLength : DigestLength;

        public override string ToString() =>
            $"digest {DigestLength} key {Key.Length} salt {Salt.Length} person {Personalization.Length} lastNode {LastNode}";
    }

    private static Settings RandomSettings(FixedDigestDriver a, Random random, bool keyed)
    {
        var s = new Settings
        {
            DigestLength = random.Next(3) == 0 ? 0 : random.Next(1, a.MaxDigestLength + 1),
            LastNode = random.Next(3) == 0,
        };
        if (keyed)
            s.Key = RandomBytes(random, random.Next(2) == 0 ? a.MaxKeyLength : random.Next(1, a.MaxKeyLength + 1));
        if (random.Next(2) == 0)
            s.Salt = RandomBytes(random, random.Next(0, a.SaltLength + 1));
        if (random.Next(2) == 0)
            s.Personalization = RandomBytes(random, random.Next(0, a.SaltLength + 1));
        return s;
    }

    private static byte[] RandomBytes(Random random, int length)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }

    internal static int Lanes(FixedDigestDriver a, InstructionSet instructionSet) => a.ManyLanes(instructionSet);

    /// <summary>Batch sizes around the lane counts (8 and 4 for b, 16 and 8 for s), 0, 1 and up to 40.</summary>
    private static int[] BatchSizes(FixedDigestDriver a, InstructionSet instructionSet, Random random)
    {
        int lanes = Math.Max(Lanes(a, instructionSet), 512 / a.BlockSize);
        return new[] { 0, 1, lanes - 1, lanes, lanes + 1, 2 * lanes + 3, 40, random.Next(0, 41) }.Distinct().ToArray();
    }

    private static int[] Lengths(FixedDigestDriver a, Pattern pattern, int count, Random random)
    {
        int block = a.BlockSize;
        switch (pattern)
        {
            case Pattern.AllEqual:
            {
                int[] choices = { 0, 1, block - 1, block, block + 1, 2 * block, 3 * block + 5, 1000, 9 * block + 1 };
                int n = choices[random.Next(choices.Length)];
                return Enumerable.Repeat(n, count).ToArray();
            }
            case Pattern.Uneven:
                return Enumerable.Range(0, count).Select(_ => random.Next(0, 5 * block)).ToArray();
            case Pattern.AllEmpty:
                return new int[count];
            case Pattern.AroundBlocks:
                return Enumerable.Range(0, count).Select(_ => Math.Max(0, random.Next(0, 4) * block + random.Next(-2, 3))).ToArray();
            case Pattern.OneLong:
            {
                int[] lengths = Enumerable.Range(0, count).Select(_ => random.Next(0, 2 * block)).ToArray();
                if (count > 0)
                    lengths[random.Next(count)] = random.Next(20 * block, 60 * block);
                return lengths;
            }
            default:
            {
                int n = random.Next(0, 4 * block);
                int[] lengths = Enumerable.Repeat(n, count).ToArray();
                if (count > 0)
                    lengths[random.Next(count)] = random.Next(2) == 0 ? Math.Max(0, n - random.Next(1, block + 1)) : n + random.Next(1, block + 1);
                return lengths;
            }
        }
    }

    /// <summary>The messages as slices, at odd offsets, of one shared buffer (some left as default memory when empty).</summary>
    private static ReadOnlyMemory<byte>[] Messages(int[] lengths, Random random)
    {
        byte[] pool = RandomBytes(random, lengths.Sum() + 8 * lengths.Length + 1);
        var messages = new ReadOnlyMemory<byte>[lengths.Length];
        int position = 0;
        for (int i = 0; i < lengths.Length; i++)
        {
            position += random.Next(0, 8);
            messages[i] = lengths[i] == 0 && random.Next(2) == 0 ? default : new ReadOnlyMemory<byte>(pool, position, lengths[i]);
            position += lengths[i];
        }
        return messages;
    }

    private static byte[] Expected(FixedDigestDriver a, Settings s, ReadOnlyMemory<byte>[] messages)
    {
        int d = s.EffectiveDigestLength(a);
        var expected = new byte[messages.Length * d];
        for (int i = 0; i < messages.Length; i++)
        {
            byte[] single = a.ComputeHash(s.ToParameters(), messages[i].Span);
            Assert.Equal(d, single.Length);
            single.CopyTo(expected, i * d);
        }
        return expected;
    }

    internal static void HashMany(FixedDigestDriver a, InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs)
    {
        a.HashMany(instructionSet, parameters, inputs, outputs);
    }

    private static void Public(FixedDigestDriver a, in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs)
    {
        a.ComputeAndWriteHashes(parameters, inputs, outputs);
    }

    private static void Public(FixedDigestDriver a, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs)
    {
        a.ComputeAndWriteHashes(inputs, outputs);
    }

    /// <summary>Compares digest by digest, so a failure names the message.</summary>
    private static void AssertDigests(FixedDigestDriver a, byte[] expected, ReadOnlySpan<byte> actual, int digestLength, int[] lengths, string what)
    {
        Assert.True(expected.Length == lengths.Length * digestLength, what);
        for (int i = 0; i < lengths.Length; i++)
        {
            string e = Hex.Encode(expected.AsSpan(i * digestLength, digestLength));
            string g = Hex.Encode(actual.Slice(i * digestLength, digestLength));
            Assert.True(e == g, $"{a} {what}: message {i} of {lengths.Length} (length {lengths[i]}; lengths {string.Join(",", lengths)}): got {g}, expected {e}");
        }
    }

    /// <summary>Many-message hashing runs on the parallel modes' instruction sets (BLAKE2s has AVX2 lanes but no AVX2 row kernel).</summary>
    public static IEnumerable<object[]> ManyInstructionSets() =>
        FixedDigestDriver.All.SelectMany(a => a.LaneKernels.Supported.Select(c => new object[] { a.Name, c.ToString() }));

    public static IEnumerable<object[]> InstructionSetsPatternsAndKeying() =>
        ManyInstructionSets().SelectMany(ac => Enum.GetValues<Pattern>().SelectMany(p => new[] { false, true }.Select(k => new object[] { ac[0], ac[1], p, k })));

    [Theory]
    [MemberData(nameof(InstructionSetsPatternsAndKeying))]
    public void HashMany_OnInstructionSet_RandomBatches_EachDigestEqualsSingleMessageHash(string algorithm, string instructionSetName, Pattern pattern, bool keyed)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        var random = new Random(algorithm.Length * 1000 + (int)instructionSet * 100 + (int)pattern * 10 + (keyed ? 1 : 0));
        foreach (int count in BatchSizes(a, instructionSet, random))
        {
            Settings s = RandomSettings(a, random, keyed);
            int[] lengths = Lengths(a, pattern, count, random);
            ReadOnlyMemory<byte>[] messages = Messages(lengths, random);
            byte[] expected = Expected(a, s, messages);
            int d = s.EffectiveDigestLength(a);

            byte[] outputs = new byte[count * d];
            HashMany(a, instructionSet, s.ToParameters(), messages, outputs);
            AssertDigests(a, expected, outputs, d, lengths, $"{instructionSetName} {pattern} batch of {count}, {s}");
        }
    }

    [Theory]
    [MemberData(nameof(AllInstructionSetsData))]
    public void HashMany_OnInstructionSet_EveryLengthUpTo3Blocks_InOneBatch_AndAsEqualLengthBatches(string algorithm, string instructionSetName)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        var random = new Random(11);
        int lanes = Math.Max(Lanes(a, instructionSet), 2);
        foreach (bool keyed in new[] { false, true })
        {
            Settings s = RandomSettings(a, random, keyed);
            int d = s.EffectiveDigestLength(a);
            int[] all = Enumerable.Range(0, 3 * a.BlockSize + 2).ToArray();
            ReadOnlyMemory<byte>[] messages = Messages(all, random);
            byte[] outputs = new byte[all.Length * d];
            HashMany(a, instructionSet, s.ToParameters(), messages, outputs);
            AssertDigests(a, Expected(a, s, messages), outputs, d, all, $"{instructionSetName} lengths 0..{all.Length - 1}, {s}");

            // One full lane group of each length (step 7 and every block edge, to keep time down): the all-equal path
            // at many final-block sizes.
            var equalLengths = new SortedSet<int>(Enumerable.Range(0, 3 * a.BlockSize / 7 + 1).Select(i => i * 7));
            for (int edge = 0; edge <= 3 * a.BlockSize; edge += a.BlockSize)
                equalLengths.UnionWith(new[] { edge, edge + 1, edge + 2, Math.Max(0, edge - 1), Math.Max(0, edge - 2) });
            foreach (int n in equalLengths)
            {
                int[] equal = Enumerable.Repeat(n, lanes).ToArray();
                ReadOnlyMemory<byte>[] group = Messages(equal, random);
                byte[] groupOut = new byte[lanes * d];
                HashMany(a, instructionSet, s.ToParameters(), group, groupOut);
                AssertDigests(a, Expected(a, s, group), groupOut, d, equal, $"{instructionSetName} {lanes} messages of {n} bytes, {s}");
            }
        }
    }

    public static IEnumerable<object[]> AllInstructionSetsData() => ManyInstructionSets();

    public static IEnumerable<object[]> BothAlgorithms() => FixedDigestDriver.All.Select(a => new object[] { a.Name });

    [Theory]
    [MemberData(nameof(BothAlgorithms))]
    public void PublicApi_DefaultAndWithParameters_EachDigestEqualsComputeHash(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        var random = new Random(21);
        foreach (Pattern pattern in Enum.GetValues<Pattern>())
        {
            foreach (int count in new[] { 0, 1, 3, 8, 16, 17, 40 })
            {
                int[] lengths = Lengths(a, pattern, count, random);
                ReadOnlyMemory<byte>[] messages = Messages(lengths, random);

                // No parameters: full-length unkeyed digests, each equal to ComputeHash(message).
                byte[] outputs = new byte[count * a.MaxDigestLength];
                Public(a, messages, outputs);
                byte[] expected = messages.SelectMany(m => a.ComputeHash(m.Span)).ToArray();
                AssertDigests(a, expected, outputs, a.MaxDigestLength, lengths, $"public default, {pattern} batch of {count}");

                Settings s = RandomSettings(a, random, keyed: random.Next(2) == 0);
                int d = s.EffectiveDigestLength(a);
                byte[] withParameters = new byte[count * d];
                Public(a, s.ToParameters(), messages, withParameters);
                AssertDigests(a, Expected(a, s, messages), withParameters, d, lengths, $"public with parameters, {pattern} batch of {count}, {s}");
            }
        }
    }

    [Theory]
    [MemberData(nameof(BothAlgorithms))]
    public void PublicApi_SimpleOverloads_MatchTheirSingleMessageCounterparts(string algorithm)
    {
        // The same keyed/short digests as ComputeHash(digestLength, key, input), through the parameters overload.
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] key = Hex.Sequence(a.MaxKeyLength);
        ReadOnlyMemory<byte>[] messages = Enumerable.Range(0, 20).Select(i => (ReadOnlyMemory<byte>)Hex.Sequence(i * 37)).ToArray();
        var outputs = new byte[messages.Length * 7];
        Public(a, new Blake2Parameters { DigestLength = 7, Key = key }, messages, outputs);
        for (int i = 0; i < messages.Length; i++)
            Assert.Equal(Hex.Encode(a.ComputeHash(7, key, messages[i].Span)), Hex.Encode(outputs.AsSpan(i * 7, 7)));
    }

    [Theory]
    [MemberData(nameof(AllInstructionSetsData))]
    public void EmptyBatch_WritesNothing_AndNeedsNoOutput(string algorithm, string instructionSetName)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        HashMany(a, instructionSet, default, ReadOnlySpan<ReadOnlyMemory<byte>>.Empty, Span<byte>.Empty);
        HashMany(a, instructionSet, new Blake2Parameters { Key = new byte[] { 1 } }, Array.Empty<ReadOnlyMemory<byte>>(), default);
        Public(a, ReadOnlySpan<ReadOnlyMemory<byte>>.Empty, Span<byte>.Empty);

        byte[] outputs = Enumerable.Repeat((byte)0xC3, 100).ToArray();
        HashMany(a, instructionSet, default, ReadOnlySpan<ReadOnlyMemory<byte>>.Empty, outputs);
        Public(a, Array.Empty<ReadOnlyMemory<byte>>(), outputs);
        Assert.All(outputs, b => Assert.Equal(0xC3, b));
    }

    [Theory]
    [MemberData(nameof(AllInstructionSetsData))]
    public void OutputsLargerThanNeeded_OnlyTheFirstCountTimesDigestLengthBytesAreWritten(string algorithm, string instructionSetName)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        var random = new Random(31);
        foreach (int count in new[] { 1, 5, 16, 21 })
        {
            Settings s = RandomSettings(a, random, keyed: true);
            int d = s.EffectiveDigestLength(a);
            int[] lengths = Lengths(a, Pattern.Uneven, count, random);
            ReadOnlyMemory<byte>[] messages = Messages(lengths, random);
            byte[] outputs = Enumerable.Repeat((byte)0xC3, count * d + 3 * a.MaxDigestLength + 1).ToArray();
            HashMany(a, instructionSet, s.ToParameters(), messages, outputs);
            AssertDigests(a, Expected(a, s, messages), outputs, d, lengths, $"{instructionSetName} roomy outputs, {s}");
            Assert.All(outputs.Skip(count * d), b => Assert.Equal(0xC3, b));
        }
    }

    [Theory]
    [MemberData(nameof(AllInstructionSetsData))]
    public void OutputsTooShort_ThrowsArgumentExceptionNamedOutputs_WritesNothing(string algorithm, string instructionSetName)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        foreach (int count in new[] { 1, 4, 8, 17, 40 })
        {
            foreach (int digestLength in new[] { 1, 13, a.MaxDigestLength })
            {
                ReadOnlyMemory<byte>[] messages = Enumerable.Range(0, count).Select(i => (ReadOnlyMemory<byte>)Hex.Sequence(i * 11)).ToArray();
                foreach (int size in new[] { 0, count * digestLength - 1, (count - 1) * digestLength }.Distinct().Where(n => n < count * digestLength))
                {
                    byte[] outputs = Enumerable.Repeat((byte)0xC3, size).ToArray();
                    var ex = Assert.Throws<ArgumentException>(() => HashMany(a, instructionSet, new Blake2Parameters { DigestLength = digestLength }, messages, outputs));
                    Assert.Equal("outputs", ex.ParamName);
                    Assert.All(outputs, b => Assert.Equal(0xC3, b));

                    if (digestLength == a.MaxDigestLength)
                    {
                        var pub = Assert.Throws<ArgumentException>(() => Public(a, messages, outputs));
                        Assert.Equal("outputs", pub.ParamName);
                        Assert.All(outputs, b => Assert.Equal(0xC3, b));
                    }
                    var pubParams = Assert.Throws<ArgumentException>(() => Public(a, new Blake2Parameters { DigestLength = digestLength }, messages, outputs));
                    Assert.Equal("outputs", pubParams.ParamName);
                    Assert.All(outputs, b => Assert.Equal(0xC3, b));
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(BothAlgorithms))]
    public void BadParameters_ThrowNamedExceptions_WriteNothing(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        ReadOnlyMemory<byte>[] messages = { Hex.Sequence(3), Hex.Sequence(300) };
        byte[] outputs = Enumerable.Repeat((byte)0xC3, 2 * 64 + 10).ToArray();
        byte[] tooLong = new byte[a.MaxKeyLength + 1];

        var digest = Assert.Throws<ArgumentOutOfRangeException>(() => Public(a, new Blake2Parameters { DigestLength = a.MaxDigestLength + 1 }, messages, outputs));
        Assert.Equal("DigestLength", digest.ParamName);
        var key = Assert.Throws<ArgumentException>(() => Public(a, new Blake2Parameters { Key = tooLong }, messages, outputs));
        Assert.Equal("Key", key.ParamName);
        var salt = Assert.Throws<ArgumentException>(() => Public(a, new Blake2Parameters { Salt = new byte[a.SaltLength + 1] }, messages, outputs));
        Assert.Equal("Salt", salt.ParamName);
        var person = Assert.Throws<ArgumentException>(() => Public(a, new Blake2Parameters { Personalization = new byte[a.SaltLength + 1] }, messages, outputs));
        Assert.Equal("Personalization", person.ParamName);
        Assert.All(outputs, b => Assert.Equal(0xC3, b));
    }

    [Theory]
    [MemberData(nameof(BothAlgorithms))]
    public void SameMessageTwiceInABatch_GivesTheSameDigestTwice_AndOrderIsKept(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] m1 = Hex.Sequence(a.BlockSize * 2), m2 = Hex.Sequence(5);
        ReadOnlyMemory<byte>[] messages = { m1, m2, m1, m1, m2, m1, m2, m2, m1, m1, m1, m1, m1, m1, m1, m1, m2 };
        int d = a.MaxDigestLength;
        byte[] outputs = new byte[messages.Length * d];
        Public(a, messages, outputs);
        string h1 = Hex.Encode(a.ComputeHash(m1)), h2 = Hex.Encode(a.ComputeHash(m2));
        for (int i = 0; i < messages.Length; i++)
            Assert.Equal(messages[i].Length == m1.Length ? h1 : h2, Hex.Encode(outputs.AsSpan(i * d, d)));
    }

    [Fact]
    public void PublicApi_AfterWarmUp_AllocatesNothing()
    {
        foreach (FixedDigestDriver a in FixedDigestDriver.All)
        {
            var random = new Random(41);
            ReadOnlyMemory<byte>[] equal = Messages(Enumerable.Repeat(3 * a.BlockSize, 24).ToArray(), random);
            ReadOnlyMemory<byte>[] uneven = Messages(Enumerable.Range(0, 23).Select(i => i * 29).ToArray(), random);
            byte[] key = Hex.Sequence(a.MaxKeyLength / 2);
            byte[] salt = Hex.Sequence(a.SaltLength);
            byte[] outputs = new byte[24 * a.MaxDigestLength];

            long best = long.MaxValue;
            for (int attempt = 0; attempt < 4; attempt++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                Public(a, equal, outputs);
                Public(a, uneven, outputs);
                Public(a, new Blake2Parameters { DigestLength = 20, Key = key, Salt = salt, LastNode = true }, equal, outputs);
                Public(a, new Blake2Parameters { DigestLength = 20, Key = key, Salt = salt, LastNode = true }, uneven, outputs);
                long after = GC.GetAllocatedBytesForCurrentThread();
                if (attempt >= 2)
                    best = Math.Min(best, after - before);
            }
            Assert.True(best == 0, $"{a}: ComputeAndWriteHashes allocated {best} bytes");
        }
    }
}
