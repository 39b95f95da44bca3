using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Family;
using Blake2Fast.Tests.Infrastructure;


namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The parallel contract's known-answer test (moved here from ParallelKatTests, where it took the algorithm's name):
/// every entry of the algorithm's KAT group, unkeyed and with the full-length key, through every public entry point
/// and on every parallel kernel. Every algorithm of the contract runs it as its own tests.
/// </summary>
public abstract partial class ParallelDriver
{
    public static IEnumerable<object[]> EveryEntry() =>
        from keyed in new[] { false, true }
        from inputLength in Enumerable.Range(0, ParallelKatTests.EntriesPerGroup)
        select new object[] { keyed, inputLength };

    [Theory]
    [MemberData(nameof(EveryEntry))]
    public void Entry_MatchesThroughEveryApiAndKernel(bool keyed, int inputLength)
    {
        ParallelDriver algorithm = this;
        KatEntry entry = KatVectors.Group(algorithm.Name, keyed)[inputLength];
        Assert.Equal(inputLength, entry.Input.Length);
        byte[] input = entry.Input;
        byte[] key = entry.Key;
        byte[] expected = entry.Expected;
        int max = algorithm.MaxDigestLength;
        var mismatches = new Mismatches();

        ParallelKatTests.CheckPublicApi(algorithm, keyed, input, key, expected, mismatches);
        ParallelKatTests.CheckAdapters(algorithm, keyed, input, key, expected, mismatches);

        // Every kernel: the internal one-shot, then the internal state with every split pattern.
        int streamOffset = keyed ? algorithm.Superblock : 0; // a keyed state starts with one key block per leaf buffered
        int seed = (algorithm.SeedTag << 16) + (keyed ? 0x1000 : 0) + inputLength;
        List<(string Name, int[] Pieces)> patterns = ParallelSplits.Patterns(algorithm, input.Length, streamOffset, seed, bytewise: true);
        IReadOnlyList<InstructionSet> instructionSets = algorithm.SupportedInstructionSets;
        for (int c = 0; c < instructionSets.Count; c++)
        {
            InstructionSet instructionSet = instructionSets[c];
            var parameters = new Blake2Parameters { Key = key };
            var output = new byte[max + 9];
            output.AsSpan().Fill(0xC3);
            algorithm.Hash(instructionSet, parameters, input, output);
            mismatches.Check(expected, output.AsSpan(0, max).ToArray(), $"internal Hash on {instructionSet}");
            mismatches.CheckUntouched(output.AsSpan(max), 0xC3, $"internal Hash on {instructionSet}");

            // Input that does not start at the beginning of its array.
            var shifted = new byte[input.Length + 5];
            input.CopyTo(shifted, 5);
            var fromShifted = new byte[max];
            algorithm.Hash(instructionSet, parameters, shifted.AsSpan(5), fromShifted);
            mismatches.Check(expected, fromShifted, $"internal Hash on {instructionSet}, unaligned input");
            mismatches.Check(expected, algorithm.HashOneShot(instructionSet, max, key, shifted.AsSpan(5)), $"one-shot on {instructionSet}, unaligned input");

            // Each split pattern on one kernel, the kernel rotating with the entry: over a group, every pattern
            // meets every kernel many times. (Inputs this short reach the lane compressor only for the leaves'
            // final blocks: with at most 255 bytes, plus a superblock of key blocks, no bulk compression runs.)
            for (int p = 0; p < patterns.Count; p++)
            {
                if ((p + inputLength) % instructionSets.Count != c)
                    continue;
                (string name, int[] pieces) = patterns[p];
                byte[] actual = algorithm.HashInPieces(instructionSet, max, key, input, pieces);
                mismatches.Check(expected, actual, () => $"internal state on {instructionSet}, split '{name}' [{ParallelSplits.Describe(pieces)}]");
            }
        }

        mismatches.ThrowIfAny($"{algorithm.Name} {(keyed ? "keyed" : "unkeyed")} KAT entry {inputLength} (input length {inputLength})");
    }
}
