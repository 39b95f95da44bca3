using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;


namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The fixed-digest contract's known-answer test through the public API (moved here from KnownAnswerTests, where it
/// took the algorithm's name): every entry of the algorithm's KAT group, unkeyed and keyed, through every public entry
/// point. Every algorithm of the contract runs it as its own tests; the per-instruction-set checks stay in KnownAnswerTests.
/// </summary>
public abstract partial class FixedDigestDriver
{
    public static IEnumerable<object[]> EveryKatEntry() =>
        from keyed in new[] { false, true }
        from inputLength in Enumerable.Range(0, KnownAnswerTests.EntriesPerGroup)
        select new object[] { keyed, inputLength };

    [Theory]
    [MemberData(nameof(EveryKatEntry))]
    public void PublicApi_MatchesEntry(bool keyed, int inputLength)
    {
        FixedDigestDriver algorithm = this;
        KatEntry entry = KatVectors.Group(algorithm.Name, keyed)[inputLength];
        Assert.Equal(inputLength, entry.Input.Length);
        byte[] input = entry.Input;
        byte[] key = entry.Key;
        byte[] expected = entry.Expected;
        int max = algorithm.MaxDigestLength;
        var mismatches = new Mismatches();

        // ComputeHash overloads.
        if (keyed)
        {
            mismatches.Check(expected, algorithm.ComputeHash(key, input), "ComputeHash(key, input)");
            mismatches.Check(expected, algorithm.ComputeHash(max, key, input), "ComputeHash(max, key, input)");
        }
        else
        {
            mismatches.Check(expected, algorithm.ComputeHash(input), "ComputeHash(input)");
            mismatches.Check(expected, algorithm.ComputeHash(max, input), "ComputeHash(max, input)");
        }
        var parameters = new Blake2Parameters { Key = key };
        mismatches.Check(expected, algorithm.ComputeHash(parameters, input), "ComputeHash(parameters, input)");

        // ComputeAndWriteHash into a larger buffer: exactly the digest is written at the start.
        var buffer = new byte[max + 17];
        void Written(string what)
        {
            mismatches.Check(expected, buffer.AsSpan(0, max).ToArray(), what);
            mismatches.CheckUntouched(buffer.AsSpan(max), 0x5A, what + ", bytes after the digest");
            buffer.AsSpan().Fill(0x5A);
        }
        buffer.AsSpan().Fill(0x5A);
        if (keyed)
        {
            algorithm.ComputeAndWriteHash(key, input, buffer);
            Written("ComputeAndWriteHash(key, input, span)");
            algorithm.ComputeAndWriteHash(max, key, input, buffer);
            Written("ComputeAndWriteHash(max, key, input, span)");
        }
        else
        {
            algorithm.ComputeAndWriteHash(input, buffer);
            Written("ComputeAndWriteHash(input, span)");
            algorithm.ComputeAndWriteHash(max, input, buffer);
            Written("ComputeAndWriteHash(max, input, span)");
        }
        algorithm.ComputeAndWriteHash(parameters, input, buffer);
        Written("ComputeAndWriteHash(parameters, input, span)");

        // Incremental: one Update, and the input cut in three uneven parts.
        Hasher whole = keyed ? algorithm.CreateIncrementalHasher(key) : algorithm.CreateIncrementalHasher();
        Assert.Equal(max, whole.DigestLength);
        whole.Update(input);
        mismatches.Check(expected, whole.Finish(), "incremental, one Update");

        Hasher parts = keyed ? algorithm.CreateIncrementalHasher(max, key) : algorithm.CreateIncrementalHasher(max);
        int cut1 = inputLength / 3, cut2 = inputLength - inputLength / 5;
        parts.Update(input.AsSpan(0, cut1));
        parts.Update(input.AsSpan(cut1, cut2 - cut1));
        parts.Update(input.AsSpan(cut2));
        var finished = new byte[max];
        Assert.True(parts.TryFinish(finished, out int written));
        Assert.Equal(max, written);
        mismatches.Check(expected, finished, $"incremental, three Updates cut at {cut1} and {cut2}, TryFinish");

        Hasher fromParameters = algorithm.CreateIncrementalHasher(parameters);
        foreach (byte b in input)
            fromParameters.Update(new[] { b });
        mismatches.Check(expected, fromParameters.Finish(), "incremental from parameters, byte at a time");

        // The HashAlgorithm / HMAC adapters.
        if (keyed)
        {
            using HMAC hmac = algorithm.CreateHMAC(key);
            mismatches.Check(expected, hmac.ComputeHash(input), "CreateHMAC(key).ComputeHash");
        }
        else
        {
            using HashAlgorithm hashAlgorithm = algorithm.CreateHashAlgorithm();
            mismatches.Check(expected, hashAlgorithm.ComputeHash(input), "CreateHashAlgorithm().ComputeHash");
        }

        // And the one-shot on every instruction set, for good measure.
        foreach (InstructionSet instructionSet in algorithm.SupportedInstructionSets)
            mismatches.Check(expected, algorithm.Hash(instructionSet, parameters, input), $"Hash(instruction set {instructionSet})");

        mismatches.ThrowIfAny($"{algorithm.Name} {(keyed ? "keyed" : "unkeyed")} KAT entry {inputLength} (input length {inputLength})");
    }
}
