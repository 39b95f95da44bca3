using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Cores;
using Blake2Fast.Tests.Infrastructure;
using Blake2Fast.Tests.Oracle;

namespace Blake2Fast.Tests.Family;

/// <summary>
/// BLAKE2Xb and BLAKE2Xs: the official known answers (groups blake2xb and blake2xs of blake2-kat.json: input
/// 00..ff, unkeyed and with the full-length key, declared output length 1..256), one theory case per entry,
/// through every public entry point and incrementally on every single-stream core with the output read in
/// irregular pieces; the unknown-length mode and long outputs against the construction of the BLAKE2X paper,
/// built here on the reference implementation (<see cref="XofConstruction"/>).
/// </summary>
public class XofTests
{
    public const int EntriesPerGroup = 256;

    /// <summary>One case per KAT entry of the blake2xb and blake2xs groups (1024 cases).</summary>
    public static IEnumerable<object[]> EveryEntry()
    {
        foreach (XofDriver algorithm in XofDriver.All)
        {
            foreach (bool keyed in new[] { false, true })
            {
                for (int i = 0; i < EntriesPerGroup; i++)
                    yield return new object[] { algorithm.Name, keyed, i + 1 };
            }
        }
    }

    public static IEnumerable<object[]> AlgorithmsAndKeying() =>
        from a in XofDriver.All
        from keyed in new[] { false, true }
        select new object[] { a.Name, keyed };

    public static IEnumerable<object[]> AlgorithmsAndKeyLengths() =>
        from a in XofDriver.All
        from keyLength in new[] { 0, 1, 13, a.MaxKeyLength }
        select new object[] { a.Name, keyLength };

    [Fact]
    public void KatFile_XofGroups_HaveTheExpectedShape()
    {
        foreach (XofDriver algorithm in XofDriver.All)
        {
            foreach (bool keyed in new[] { false, true })
            {
                IReadOnlyList<KatEntry> group = KatVectors.Group(algorithm.Name, keyed);
                Assert.Equal(EntriesPerGroup, group.Count);
                for (int i = 0; i < group.Count; i++)
                {
                    Assert.Equal(Hex.Sequence(256), group[i].Input);
                    Assert.Equal(keyed ? Hex.Sequence(algorithm.MaxKeyLength) : Array.Empty<byte>(), group[i].Key);
                    Assert.Equal(i + 1, group[i].Expected.Length);
                }
            }
        }
    }

    [Fact]
    public void Constants_AreTheDocumentedValues()
    {
        Assert.Equal(4294967294L, Blake2Xb.MaxOutputLength);
        Assert.Equal(65534L, Blake2Xs.MaxOutputLength);
        Assert.Equal(-1L, Blake2Xb.UnknownOutputLength);
        Assert.Equal(-1L, Blake2Xs.UnknownOutputLength);
        Assert.Equal(64, Blake2Xb.MaxKeyLength);
        Assert.Equal(32, Blake2Xs.MaxKeyLength);
    }

    [Fact]
    public void Construction_ReproducesTheXofKat()
    {
        var mismatches = new Mismatches();
        foreach (XofDriver algorithm in XofDriver.All)
        {
            foreach (bool keyed in new[] { false, true })
            {
                foreach (KatEntry entry in KatVectors.Group(algorithm.Name, keyed))
                {
                    int length = entry.Expected.Length;
                    mismatches.Check(entry.Expected, XofConstruction.Output(algorithm, entry.Key, entry.Input, (uint)length, length),
                        $"{algorithm.Name} {(keyed ? "keyed" : "unkeyed")} output length {length}");
                }
            }
        }
        mismatches.ThrowIfAny("the test's own BLAKE2X construction against the official KAT");
    }

    [Theory]
    [MemberData(nameof(EveryEntry))]
    public async System.Threading.Tasks.Task Entry_MatchesThroughEveryApiAndCore(string algorithmName, bool keyed, int outputLength)
    {
        XofDriver algorithm = XofDriver.Parse(algorithmName);
        KatEntry entry = KatVectors.Group(algorithm.Name, keyed)[outputLength - 1];
        Assert.Equal(outputLength, entry.Expected.Length);
        byte[] input = entry.Input, key = entry.Key, expected = entry.Expected;
        var mismatches = new Mismatches();

        // One-shot.
        mismatches.Check(expected, keyed ? algorithm.ComputeHash(outputLength, key, input) : algorithm.ComputeHash(outputLength, input),
            keyed ? "ComputeHash(length, key, input)" : "ComputeHash(length, input)");
        var written = new byte[outputLength];
        if (keyed)
            algorithm.ComputeAndWriteHash(key, input, written);
        else
            algorithm.ComputeAndWriteHash(input, written);
        mismatches.Check(expected, written, keyed ? "ComputeAndWriteHash(key, input, span)" : "ComputeAndWriteHash(input, span)");

        // The BCL-style names: span, stream, and async, each with an explicit length and into a destination.
        byte[]? bclKey = keyed ? key : null;
        mismatches.Check(expected, algorithm.HashData(bclKey, input, outputLength), "HashData(source, outputLength)");
        var filled = new byte[outputLength];
        algorithm.HashData(bclKey, input, filled);
        mismatches.Check(expected, filled, "HashData(source, destination)");
        mismatches.Check(expected, algorithm.HashData(bclKey, new System.IO.MemoryStream(input), outputLength), "HashData(stream, outputLength)");
        filled = new byte[outputLength];
        algorithm.HashData(bclKey, new System.IO.MemoryStream(input), filled);
        mismatches.Check(expected, filled, "HashData(stream, destination)");
#if !LIBRARY_NETSTANDARD
        mismatches.Check(expected, await algorithm.HashDataAsync(bclKey, new System.IO.MemoryStream(input), outputLength), "HashDataAsync(stream, outputLength)");
        filled = new byte[outputLength];
        await algorithm.HashDataAsync(bclKey, new System.IO.MemoryStream(input), filled);
        mismatches.Check(expected, filled, "HashDataAsync(stream, destination)");
#endif

        // Public incremental.
        XofReader reader = keyed ? algorithm.CreateIncrementalHasher(outputLength, key) : algorithm.CreateIncrementalHasher(outputLength);
        if (reader.OutputLength != outputLength)
            mismatches.Add($"OutputLength {reader.OutputLength}, expected {outputLength}");
        reader.Update(input.AsSpan(0, 100));
        reader.Update(input.AsSpan(100));
        var all = new byte[outputLength];
        reader.Read(all);
        mismatches.Check(expected, all, "public incremental, input in two parts, one Read");

        // Every single-stream core, the input and the output both in irregular pieces.
        int seed = (algorithm.Leaf.SeedTag << 12) + (keyed ? 0x800 : 0) + outputLength;
        List<(string Name, int[] Pieces)> readPatterns = XofReads.Patterns(algorithm, outputLength, seed);
        int[] inputCuts = { 0, 1, 63, 64, 65, 127, 128, 129, 200, 255, 256 };
        IReadOnlyList<InstructionSet> cores = algorithm.Cores;
        for (int c = 0; c < cores.Count; c++)
        {
            InstructionSet core = cores[c];
            for (int p = 0; p < readPatterns.Count; p++)
            {
                // One read on every core; each other pattern on one core, rotating with the entry, so that over a
                // group every pattern meets every core many times.
                if (p != 0 && (p + outputLength) % cores.Count != c)
                    continue;
                (string name, int[] pieces) = readPatterns[p];
                int cut = inputCuts[(p + outputLength) % inputCuts.Length];
                XofReader state = algorithm.Create(core, outputLength, key);
                state.Update(input.AsSpan(0, cut));
                state.Update(input.AsSpan(cut));
                mismatches.Check(expected, XofReads.ReadAll(state, pieces), () => $"state on {core}, input cut at {cut}, reads '{name}' [{XofReads.Describe(pieces)}]");
            }
        }

        mismatches.ThrowIfAny($"{algorithm.Name} {(keyed ? "keyed" : "unkeyed")} KAT entry, output length {outputLength}");
    }

    [Theory]
    [MemberData(nameof(AlgorithmsAndKeyLengths))]
    public void OtherInputsAndKeys_EveryCore_MatchConstruction(string algorithmName, int keyLength)
    {
        // The KAT only has the 256-byte input and full-length keys.
        XofDriver algorithm = XofDriver.Parse(algorithmName);
        var random = new Random(algorithm.BlockSize * 100 + keyLength);
        byte[] key = Bytes(random, keyLength);
        int block = algorithm.BlockSize;
        var mismatches = new Mismatches();
        foreach (int inputLength in new[] { 0, 1, 2 * block - 1, 2 * block, 2 * block + 1, 1000 })
        {
            byte[] input = Bytes(random, inputLength);
            foreach (int outputLength in new[] { 1, block - 1, block, block + 1, 5 * block + 3, 1000 })
            {
                byte[] expected = XofConstruction.Output(algorithm, key, input, (uint)outputLength, outputLength);
                string at = $"input {inputLength}, output {outputLength}";
                mismatches.Check(expected, algorithm.ComputeHash(outputLength, key, input), $"{at}, ComputeHash");
                var written = new byte[outputLength];
                algorithm.ComputeAndWriteHash(key, input, written);
                mismatches.Check(expected, written, $"{at}, ComputeAndWriteHash");
                foreach (InstructionSet core in algorithm.Cores)
                {
                    XofReader state = algorithm.Create(core, outputLength, key);
                    state.Update(input);
                    int[] pieces = XofReads.RandomPieces(outputLength, inputLength * 31 + outputLength + (int)core, 3 * block);
                    mismatches.Check(expected, XofReads.ReadAll(state, pieces), () => $"{at}, state on {core}, reads [{XofReads.Describe(pieces)}]");
                }
            }
        }
        mismatches.ThrowIfAny($"{algorithm.Name}, key length {keyLength}");
    }

    [Theory]
    [MemberData(nameof(AlgorithmsAndKeying))]
    public void UnknownLength_EveryCore_IsTheConstructionWithTheAllOnesLength_AndPrefixConsistent(string algorithmName, bool keyed)
    {
        XofDriver algorithm = XofDriver.Parse(algorithmName);
        int block = algorithm.BlockSize;
        byte[] key = keyed ? Bytes(new Random(9), algorithm.MaxKeyLength) : Array.Empty<byte>();
        byte[] input = Bytes(new Random(10), 300);
        int total = 11 * block + 5;
        byte[] expected = XofConstruction.Output(algorithm, key, input, algorithm.UnknownField, total);
        var mismatches = new Mismatches();

        XofReader publicReader = keyed ? algorithm.CreateIncrementalHasher(XofDriver.UnknownOutputLength, key) : algorithm.CreateIncrementalHasher(XofDriver.UnknownOutputLength);
        if (publicReader.OutputLength != -1)
            mismatches.Add($"OutputLength {publicReader.OutputLength}, expected -1");
        publicReader.Update(input);
        var fromPublic = new byte[total];
        publicReader.Read(fromPublic);
        mismatches.Check(expected, fromPublic, "public incremental, one Read");

        foreach (InstructionSet core in algorithm.Cores)
        {
            foreach ((string name, int[] pieces) in XofReads.Patterns(algorithm, total, (int)core * 13 + (keyed ? 1 : 0)))
            {
                XofReader state = algorithm.Create(core, XofDriver.UnknownOutputLength, key);
                state.Update(input);
                mismatches.Check(expected, XofReads.ReadAll(state, pieces), () => $"state on {core}, reads '{name}' [{XofReads.Describe(pieces)}]");
            }

            // Any prefix read is the start of the same stream: a short read, then another state reading further.
            foreach (int prefix in new[] { 1, block - 1, block, block + 1, 3 * block })
            {
                XofReader state = algorithm.Create(core, XofDriver.UnknownOutputLength, key);
                state.Update(input);
                var head = new byte[prefix];
                state.Read(head);
                mismatches.Check(expected.AsSpan(0, prefix).ToArray(), head, $"prefix of {prefix} on {core}");
            }
        }

        // The declared length is in the parameter block: an unknown-length stream differs from every declared one,
        // even where every block is full-size in both.
        foreach (int declared in new[] { block, 4 * block, total })
        {
            byte[] known = algorithm.ComputeHash(declared, key, input);
            if (known.AsSpan(0, block).SequenceEqual(expected.AsSpan(0, block)))
                mismatches.Add($"declared length {declared}: its first block equals the unknown-length stream's");
        }

        mismatches.ThrowIfAny($"{algorithm.Name} {(keyed ? "keyed" : "unkeyed")}, unknown output length");
    }

    [Fact]
    public void UnknownLength_Xs_ReadsPastTheLargestDeclaredLength()
    {
        // With the length unknown, BLAKE2Xs goes on past 65535 bytes: block indexes past 2^11, node offset past 16 bits.
        XofDriver algorithm = XofDriver.Xs;
        byte[] input = Hex.Sequence(77);
        XofReader state = algorithm.CreateIncrementalHasher(XofDriver.UnknownOutputLength);
        state.Update(input);
        int total = 65536 + 3 * 32 + 5;
        byte[] output = XofReads.ReadAll(state, XofReads.RandomPieces(total, 5, 5000));
        byte[] h0 = XofConstruction.H0(algorithm, Array.Empty<byte>(), input, algorithm.UnknownField);
        var mismatches = new Mismatches();
        foreach (uint index in new uint[] { 0, 1, 2046, 2047, 2048, 2049, 2050 })
        {
            byte[] expected = XofConstruction.Block(algorithm, h0, algorithm.UnknownField, index, 32);
            int start = (int)index * 32, length = Math.Min(32, total - start);
            mismatches.Check(expected.AsSpan(0, length).ToArray(), output.AsSpan(start, length).ToArray(), $"output block {index}");
        }
        mismatches.ThrowIfAny("BLAKE2Xs unknown length past 65535 bytes");
    }

    public static IEnumerable<object[]> LongOutputs() => new[]
    {
        new object[] { "blake2xb", 1 << 20 },
        new object[] { "blake2xb", 100 * 1024 + 3 },
        new object[] { "blake2xs", 65534 },
    };

    [Theory]
    [MemberData(nameof(LongOutputs))]
    public void LongOutput_ReadInPieces_EqualsOneShot_OnEveryCore(string algorithmName, int outputLength)
    {
        XofDriver algorithm = XofDriver.Parse(algorithmName);
        int block = algorithm.BlockSize;
        byte[] input = Hex.Sequence(1000);
        byte[] key = Hex.Sequence(algorithm.MaxKeyLength / 2);
        byte[] oneShot = algorithm.ComputeHash(outputLength, key, input);
        Assert.Equal(outputLength, oneShot.Length);
        var mismatches = new Mismatches();

        if (outputLength < 1 << 20)
        {
            var written = new byte[outputLength];
            algorithm.ComputeAndWriteHash(key, input, written);
            mismatches.Check(oneShot, written, "ComputeAndWriteHash");
        }

        IReadOnlyList<InstructionSet> cores = algorithm.Cores;
        for (int c = 0; c < cores.Count; c++)
        {
            XofReader state = algorithm.Create(cores[c], outputLength, key);
            state.Update(input);
            int[] pieces = c % 2 == 0 ? XofReads.RandomPieces(outputLength, c + outputLength, 5000) : XofReads.Fixed(outputLength, 4097);
            mismatches.Check(oneShot, XofReads.ReadAll(state, pieces), () => $"state on {cores[c]}, reads [{XofReads.Describe(pieces)}]");
        }

        // Sampled output blocks, including the last (which is shorter when the length is not a multiple of the block).
        byte[] h0 = XofConstruction.H0(algorithm, key, input, (uint)outputLength);
        int blocks = (outputLength + block - 1) / block;
        var indexes = Enumerable.Range(0, blocks).Where(i => i % 97 == 0 || i >= blocks - 2 || i == 255 || i == 256).Distinct();
        foreach (int index in indexes)
        {
            int start = index * block, length = Math.Min(block, outputLength - start);
            byte[] expected = XofConstruction.Block(algorithm, h0, (uint)outputLength, (uint)index, length);
            mismatches.Check(expected, oneShot.AsSpan(start, length).ToArray(), $"output block {index} ({length} bytes)");
        }
        mismatches.ThrowIfAny($"{algorithm.Name}, declared output length {outputLength}");
    }

    [Theory]
    [MemberData(nameof(AlgorithmsAndKeying))]
    public void CopiedState_ContinuesIndependently(string algorithmName, bool keyed)
    {
        XofDriver algorithm = XofDriver.Parse(algorithmName);
        byte[] key = keyed ? Hex.Sequence(algorithm.MaxKeyLength) : Array.Empty<byte>();
        byte[] input = Hex.Sequence(500);
        const int Length = 700;
        byte[] expected = XofConstruction.Output(algorithm, key, input, Length, Length);

        // A copy taken while input is still being added.
        XofReader original = algorithm.CreateIncrementalHasher(Length, key);
        original.Update(input.AsSpan(0, 200));
        XofReader copy = original.Snapshot();
        original.Update(input.AsSpan(200));
        copy.Update(input.AsSpan(200));
        Assert.Equal(Hex.Encode(expected), Hex.Encode(XofReads.ReadAll(original, new[] { Length })));
        Assert.Equal(Hex.Encode(expected), Hex.Encode(XofReads.ReadAll(copy, new[] { 100, Length - 100 })));

        // A copy taken between reads, in the middle of an output block.
        XofReader reading = algorithm.CreateIncrementalHasher(Length, key);
        reading.Update(input);
        var first = new byte[algorithm.BlockSize + 7];
        reading.Read(first);
        XofReader readingCopy = reading.Snapshot();
        var rest = new byte[Length - first.Length];
        reading.Read(rest);
        var restFromCopy = new byte[Length - first.Length];
        readingCopy.Read(restFromCopy.AsSpan(0, 10));
        readingCopy.Read(restFromCopy.AsSpan(10));
        Assert.Equal(Hex.Encode(expected.AsSpan(0, first.Length)), Hex.Encode(first));
        Assert.Equal(Hex.Encode(expected.AsSpan(first.Length)), Hex.Encode(rest));
        Assert.Equal(Hex.Encode(expected.AsSpan(first.Length)), Hex.Encode(restFromCopy));
    }

    [Fact]
    public void DeclaredLengths_GiveUnrelatedOutputs()
    {
        foreach (XofDriver algorithm in XofDriver.All)
        {
            byte[] input = Hex.Sequence(64);
            byte[] shorter = algorithm.ComputeHash(algorithm.BlockSize, input);
            byte[] longer = algorithm.ComputeHash(algorithm.BlockSize + 1, input);
            Assert.NotEqual(Hex.Encode(shorter), Hex.Encode(longer.AsSpan(0, algorithm.BlockSize)));
        }
    }

    internal static byte[] Bytes(Random random, int length)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }
}

/// <summary>Read patterns for the XOF states; every pattern covers exactly the requested length.</summary>
internal static class XofReads
{
    public static List<(string Name, int[] Pieces)> Patterns(XofDriver algorithm, int length, int seed)
    {
        int block = algorithm.BlockSize;
        var patterns = new List<(string, int[])>();
        var seen = new HashSet<string>();
        void Add(string name, int[] pieces)
        {
            if (seen.Add(string.Join(",", pieces)))
                patterns.Add((name, pieces));
        }
        Add("one read", new[] { length });
        Add("one byte at a time", Enumerable.Repeat(1, length).ToArray());
        Add("pieces of 63, 64, 65", Cycle(length, 63, 64, 65));
        Add($"pieces of {block - 1}, {block}, {block + 1}", Cycle(length, block - 1, block, block + 1));
        Add("empty reads between pieces of 7", Cycle(length, 0, 7));
        Add("pseudo-random pieces", RandomPieces(length, seed, 3 * block));
        return patterns;
    }

    /// <summary>Reads the pieces in order (the last one trimmed to what the pattern covers) and returns their concatenation.</summary>
    public static byte[] ReadAll(XofReader reader, int[] pieces)
    {
        int total = pieces.Sum();
        var output = new byte[total];
        int offset = 0;
        foreach (int piece in pieces)
        {
            reader.Read(output.AsSpan(offset, piece));
            offset += piece;
        }
        return output;
    }

    public static int[] Fixed(int length, int size) => Cycle(length, size);

    public static int[] Cycle(int length, params int[] sizes)
    {
        var pieces = new List<int>();
        for (int offset = 0, i = 0; offset < length; i++)
        {
            int piece = Math.Min(sizes[i % sizes.Length], length - offset);
            pieces.Add(piece);
            offset += piece;
        }
        return pieces.ToArray();
    }

    public static int[] RandomPieces(int length, int seed, int maxPiece)
    {
        var random = new Random(seed);
        var pieces = new List<int>();
        int offset = 0;
        while (offset < length)
        {
            int piece = random.Next(3) switch
            {
                0 => random.Next(0, 3),
                1 => random.Next(1, maxPiece + 1),
                _ => random.Next(28, 36) * (random.Next(3) + 1),
            };
            piece = Math.Min(piece, length - offset);
            pieces.Add(piece);
            offset += piece;
        }
        return pieces.ToArray();
    }

    public static string Describe(int[] pieces) =>
        pieces.Length <= 24 ? string.Join(",", pieces) : string.Join(",", pieces.Take(24)) + $",... ({pieces.Length} pieces)";
}

/// <summary>
/// BLAKE2X as the BLAKE2X paper defines it, on the test project's reference BLAKE2: H0 is BLAKE2 of the input
/// (keyed as usual) with the XOF length in the parameter block (bytes 12..15 for BLAKE2b, 12..13 for BLAKE2s,
/// written here as the top of the node offset field); output block i is BLAKE2 of H0 with fanout 0, depth 0,
/// leaf length and inner length the full digest size, node offset i, the same XOF length, no key, and digest
/// length the full size except for the last block of a declared length.
/// </summary>
internal static class XofConstruction
{
    public static byte[] H0(XofDriver algorithm, byte[] key, byte[] input, uint xofField) =>
        algorithm.Leaf.ReferenceHash(new ReferenceParameters { DigestLength = algorithm.BlockSize, Key = key, NodeOffset = (ulong)xofField << 32 }, input);

    public static byte[] Block(XofDriver algorithm, byte[] h0, uint xofField, uint index, int digestLength)
    {
        var parameters = new ReferenceParameters
        {
            DigestLength = digestLength,
            Fanout = 0,
            Depth = 0,
            LeafLength = (uint)algorithm.BlockSize,
            NodeOffset = ((ulong)xofField << 32) | index,
            NodeDepth = 0,
            InnerLength = (byte)algorithm.BlockSize,
        };
        return algorithm.Leaf.ReferenceHash(parameters, h0);
    }

    /// <summary>The first <paramref name="count"/> bytes of the output stream.</summary>
    public static byte[] Output(XofDriver algorithm, byte[] key, byte[] input, uint xofField, int count)
    {
        int block = algorithm.BlockSize;
        byte[] h0 = H0(algorithm, key, input, xofField);
        var output = new byte[count];
        for (uint index = 0; (long)index * block < count; index++)
        {
            long start = (long)index * block;
            int digestLength = xofField == algorithm.UnknownField ? block : (int)Math.Min(block, xofField - start);
            byte[] b = Block(algorithm, h0, xofField, index, digestLength);
            Array.Copy(b, 0, output, start, Math.Min(b.Length, count - start));
        }
        return output;
    }
}
