using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Dispatch;

namespace Blake2Fast.Tests.Family;

/// <summary>
/// The boundaries of the leaves' lane finish (ParallelEngine.FinishLeaves): an input with fewer blocks than leaves
/// (some leaves hash the empty message), exactly P - 1, P, P + 1, 2P - 1 and 2P blocks (a tail of one superblock,
/// or of a whole superblock plus a part, where some leaves end in the first compression), and one byte either side
/// of each; keyed, a key superblock in front. Each on every parallel kernel, one-shot (straight from the input) and
/// through the state (from its buffer), against the tree built from RawBlake2 alone (nothing of the library's).
/// </summary>
public class ParallelBoundaryTests
{
    public static IEnumerable<object[]> Cases() =>
        from a in ParallelDriver.All
        from keyLength in new[] { 0, 1, a.MaxKeyLength }
        select new object[] { a.Name, keyLength };

    [Theory]
    [MemberData(nameof(Cases))]
    public void LaneFinish_AtEveryBoundary_MatchesTheRawTree(string algorithmName, int keyLength)
    {
        ParallelDriver algorithm = ParallelDriver.Parse(algorithmName);
        int lanes = algorithm.Lanes, block = algorithm.BlockSize;
        byte[] key = Enumerable.Range(0, keyLength).Select(i => (byte)(0xA0 + i)).ToArray();
        var lengths = new SortedSet<int>();
        foreach (int blocks in new[] { 0, 1, lanes - 1, lanes, lanes + 1, 2 * lanes - 1, 2 * lanes, 2 * lanes + 1, 3 * lanes - 1, 3 * lanes, 5 * lanes })
        {
            foreach (int delta in new[] { -1, 0, 1 })
            {
                if (blocks * block + delta >= 0)
                    lengths.Add(blocks * block + delta);
            }
        }
        // Inside a block: a leaf's final block of a few bytes, and the first leaf alone.
        lengths.Add(3);
        lengths.Add(block / 2);
        lengths.Add((lanes - 1) * block + 7);

        byte[] data = Enumerable.Range(0, 5 * lanes * block + 1).Select(i => (byte)(i * 13 + 5)).ToArray();
        var mismatches = new Mismatches();
        int checks = 0;
        foreach (int length in lengths)
        {
            byte[] input = data.AsSpan(0, length).ToArray();
            foreach (int digestLength in new[] { algorithm.MaxDigestLength, 1 })
            {
                byte[] expected = TreeConstruction.Compute(algorithm, input, key, digestLength, rawOnly: true);
                string at = $"length {length} ({length / block} blocks + {length % block}), digest {digestLength}";
                foreach (InstructionSet instructionSet in algorithm.SupportedInstructionSets)
                {
                    mismatches.Check(expected, algorithm.HashOneShot(instructionSet, digestLength, key, input), $"{at}, one-shot on {instructionSet}");
                    mismatches.Check(expected, algorithm.Hash(instructionSet, digestLength, key, input), $"{at}, state on {instructionSet}");
                    checks += 2;
                }
                checks++;
                mismatches.Check(expected, algorithm.ComputeHash(digestLength, key, input), $"{at}, public ComputeHash");
            }
        }
        mismatches.ThrowIfAny($"{algorithm.Name}, key length {keyLength}");
        // Every length, digest length and instruction set was compared (the loops cannot have run empty).
        Assert.NotEmpty(algorithm.SupportedInstructionSets);
        Assert.Equal(lengths.Count * 2 * (2 * algorithm.SupportedInstructionSets.Count + 1), checks);
    }
}
