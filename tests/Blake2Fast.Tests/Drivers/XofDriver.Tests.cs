using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Family;
using Blake2Fast.Tests.Infrastructure;
using Blake2Fast.Tests.Oracle;


namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The XOF contract's tests (moved here from XofTests, where they took the algorithm's name): every official known
/// answer through every API and instruction set, other inputs and keys, the unknown length, and copied states. Every algorithm of
/// the contract runs them as its own tests.
/// </summary>
public abstract partial class XofDriver
{
    /// <summary>One case per KAT entry of the algorithm's group: unkeyed and keyed, declared output length 1..256.</summary>
    public static IEnumerable<object[]> EveryEntry() =>
        from keyed in new[] { false, true }
        from outputLength in Enumerable.Range(1, XofTests.EntriesPerGroup)
        select new object[] { keyed, outputLength };

    public static IEnumerable<object[]> Keying() => new[] { new object[] { false }, new object[] { true } };

    /// <summary>Key lengths 0, 1, 13 and the maximum (given as 0 - a key length of 0 is the first case, unkeyed).</summary>
    public static IEnumerable<object[]> KeyLengths() => new[] { 0, 1, 13, -1 }.Select(k => new object[] { k });

    [Theory]
    [MemberData(nameof(EveryEntry))]
    public async System.Threading.Tasks.Task Entry_MatchesThroughEveryApiAndInstructionSet(bool keyed, int outputLength)
    {
        XofDriver algorithm = this;
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

        // Every single-stream kernel, the input and the output both in irregular pieces.
        int seed = (algorithm.Leaf.SeedTag << 12) + (keyed ? 0x800 : 0) + outputLength;
        List<(string Name, int[] Pieces)> readPatterns = XofReads.Patterns(algorithm, outputLength, seed);
        int[] inputCuts = { 0, 1, 63, 64, 65, 127, 128, 129, 200, 255, 256 };
        IReadOnlyList<InstructionSet> instructionSets = algorithm.SupportedInstructionSets;
        for (int c = 0; c < instructionSets.Count; c++)
        {
            InstructionSet instructionSet = instructionSets[c];
            for (int p = 0; p < readPatterns.Count; p++)
            {
                // One read on every instruction set; each other pattern on one instruction set, rotating with the entry, so that over a
                // group every pattern meets every instruction set many times.
                if (p != 0 && (p + outputLength) % instructionSets.Count != c)
                    continue;
                (string name, int[] pieces) = readPatterns[p];
                int cut = inputCuts[(p + outputLength) % inputCuts.Length];
                XofReader state = algorithm.Create(instructionSet, outputLength, key);
                state.Update(input.AsSpan(0, cut));
                state.Update(input.AsSpan(cut));
                mismatches.Check(expected, XofReads.ReadAll(state, pieces), () => $"state on {instructionSet}, input cut at {cut}, reads '{name}' [{XofReads.Describe(pieces)}]");
            }
        }

        mismatches.ThrowIfAny($"{algorithm.Name} {(keyed ? "keyed" : "unkeyed")} KAT entry, output length {outputLength}");
    }

    [Theory]
    [MemberData(nameof(KeyLengths))]
    public void OtherInputsAndKeys_EveryInstructionSet_MatchConstruction(int keyLengthOrMax)
    {
        int keyLength = keyLengthOrMax < 0 ? MaxKeyLength : keyLengthOrMax;
        // The KAT only has the 256-byte input and full-length keys.
        XofDriver algorithm = this;
        var random = new Random(algorithm.BlockSize * 100 + keyLength);
        byte[] key = XofTests.Bytes(random, keyLength);
        int block = algorithm.BlockSize;
        var mismatches = new Mismatches();
        foreach (int inputLength in new[] { 0, 1, 2 * block - 1, 2 * block, 2 * block + 1, 1000 })
        {
            byte[] input = XofTests.Bytes(random, inputLength);
            foreach (int outputLength in new[] { 1, block - 1, block, block + 1, 5 * block + 3, 1000 })
            {
                byte[] expected = XofConstruction.Output(algorithm, key, input, (uint)outputLength, outputLength);
                string at = $"input {inputLength}, output {outputLength}";
                mismatches.Check(expected, algorithm.ComputeHash(outputLength, key, input), $"{at}, ComputeHash");
                var written = new byte[outputLength];
                algorithm.ComputeAndWriteHash(key, input, written);
                mismatches.Check(expected, written, $"{at}, ComputeAndWriteHash");
                foreach (InstructionSet instructionSet in algorithm.SupportedInstructionSets)
                {
                    XofReader state = algorithm.Create(instructionSet, outputLength, key);
                    state.Update(input);
                    int[] pieces = XofReads.RandomPieces(outputLength, inputLength * 31 + outputLength + (int)instructionSet, 3 * block);
                    mismatches.Check(expected, XofReads.ReadAll(state, pieces), () => $"{at}, state on {instructionSet}, reads [{XofReads.Describe(pieces)}]");
                }
            }
        }
        mismatches.ThrowIfAny($"{algorithm.Name}, key length {keyLength}");
    }

    [Theory]
    [MemberData(nameof(Keying))]
    public void UnknownLength_EveryInstructionSet_IsTheConstructionWithTheAllOnesLength_AndPrefixConsistent(bool keyed)
    {
        XofDriver algorithm = this;
        int block = algorithm.BlockSize;
        byte[] key = keyed ? XofTests.Bytes(new Random(9), algorithm.MaxKeyLength) : Array.Empty<byte>();
        byte[] input = XofTests.Bytes(new Random(10), 300);
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

        foreach (InstructionSet instructionSet in algorithm.SupportedInstructionSets)
        {
            foreach ((string name, int[] pieces) in XofReads.Patterns(algorithm, total, (int)instructionSet * 13 + (keyed ? 1 : 0)))
            {
                XofReader state = algorithm.Create(instructionSet, XofDriver.UnknownOutputLength, key);
                state.Update(input);
                mismatches.Check(expected, XofReads.ReadAll(state, pieces), () => $"state on {instructionSet}, reads '{name}' [{XofReads.Describe(pieces)}]");
            }

            // Any prefix read is the start of the same stream: a short read, then another state reading further.
            foreach (int prefix in new[] { 1, block - 1, block, block + 1, 3 * block })
            {
                XofReader state = algorithm.Create(instructionSet, XofDriver.UnknownOutputLength, key);
                state.Update(input);
                var head = new byte[prefix];
                state.Read(head);
                mismatches.Check(expected.AsSpan(0, prefix).ToArray(), head, $"prefix of {prefix} on {instructionSet}");
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

    [Theory]
    [MemberData(nameof(Keying))]
    public void CopiedState_ContinuesIndependently(bool keyed)
    {
        XofDriver algorithm = this;
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
}
