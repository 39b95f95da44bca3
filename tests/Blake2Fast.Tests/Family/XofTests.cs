using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;
using Blake2Fast.Tests.Oracle;

namespace Blake2Fast.Tests.Family;

/// <summary>
/// BLAKE2Xb and BLAKE2Xs: the official known answers (groups blake2xb and blake2xs of blake2-kat.json: input
/// 00..ff, unkeyed and with the full-length key, declared output length 1..256), one theory case per entry,
/// through every public entry point and incrementally on every single-stream kernel with the output read in
/// irregular pieces; the unknown-length mode and long outputs against the construction of the BLAKE2X paper,
/// built here on the reference implementation (<see cref="XofConstruction"/>).
/// </summary>
public class XofTests
{
    public const int EntriesPerGroup = 256;

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
    public void LongOutput_ReadInPieces_EqualsOneShot_OnEveryInstructionSet(string algorithmName, int outputLength)
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

        IReadOnlyList<InstructionSet> instructionSets = algorithm.SupportedInstructionSets;
        for (int c = 0; c < instructionSets.Count; c++)
        {
            XofReader state = algorithm.Create(instructionSets[c], outputLength, key);
            state.Update(input);
            int[] pieces = c % 2 == 0 ? XofReads.RandomPieces(outputLength, c + outputLength, 5000) : XofReads.Fixed(outputLength, 4097);
            mismatches.Check(oneShot, XofReads.ReadAll(state, pieces), () => $"state on {instructionSets[c]}, reads [{XofReads.Describe(pieces)}]");
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
