using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Text;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Oracle;

/// <summary>
/// The byte counter t is two words (t0 low, t1 high); BLAKE2b's low word overflows after 2^64 bytes and
/// BLAKE2s's after 2^32 (4 GiB). Neither can be reached by hashing, so each state starts with its counter just
/// below the carry (the SetCounter test hook) and is compared with the reference implementation started at the
/// same counter. Every instruction set, keyed and unkeyed, lengths ending on block multiples and not, fed at once and in
/// pieces; the counter words are also read back before Finish to see the carry into the high word.
/// </summary>
public class CounterCarryTests
{
    /// <summary>How far below 2^w the low word starts (2^w - 1 - k).</summary>
    private static readonly int[] BelowCarry = { 0, 1, 2, 15, 63, 64, 65, 127, 128, 129, 191, 255, 256, 300 };

    private static int[] Lengths(int bb) => new[] { 0, 1, bb - 1, bb, bb + 1, 2 * bb - 1, 2 * bb, 2 * bb + 1, 3 * bb, 4 * bb + 5, 5 * bb };

    private static byte[] Message(int n)
    {
        var bytes = new byte[n];
        for (int i = 0; i < n; i++)
            bytes[i] = (byte)(i * 7 + 3);
        return bytes;
    }

    /// <summary>The high words the counter starts with: zero, and an arbitrary value the carry must increment.</summary>
    private static ulong[] HighWords(FixedDigestDriver algorithm) =>
        new[] { 0UL, 0x0123456789ABCDEFUL & algorithm.CounterWordMax };

    private static (ulong Low, ulong High) ReadCounter(Hasher hasher) =>
        (hasher.ChainWord(8), hasher.ChainWord(9));

    private static int BufferLength(Hasher hasher) => hasher.BufferLength;

    private static Hasher CreateAtCounter(FixedDigestDriver algorithm, InstructionSet instructionSet, in Blake2Parameters parameters, ulong low, ulong high)
    {
        Hasher hasher = algorithm.CreateIncrementalHasher(instructionSet, parameters);
        hasher.SetCounter(low, high);
        return hasher;
    }

    /// <summary>start + bytes, as the two words of a 2w-bit counter.</summary>
    private static (ulong Low, ulong High) AddToCounter(FixedDigestDriver algorithm, ulong low, ulong high, ulong bytes)
    {
        int bits = algorithm.WordSize * 8;
        UInt128 sum = ((UInt128)high << bits | low) + bytes;
        return ((ulong)(sum & algorithm.CounterWordMax), (ulong)(sum >> bits));
    }

    [Theory]
    [MemberData(nameof(FixedDigestDriver.AllInstructionSets), MemberType = typeof(FixedDigestDriver))]
    public void CounterNearLowWordCarry_MatchesReference_AndCarriesIntoHighWord(string algorithmName, string instructionSetName)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        int bb = algorithm.BlockSize;
        ulong lowMax = algorithm.CounterWordMax;
        byte[] key = Message(algorithm.MaxKeyLength - 3);
        var failures = new StringBuilder();
        int cases = 0, carriedBeforeFinish = 0;

        foreach (int k in BelowCarry)
        {
            foreach (ulong high in HighWords(algorithm))
            {
                foreach (bool keyed in new[] { false, true })
                {
                    foreach (int length in Lengths(bb))
                    {
                        foreach (bool inPieces in new[] { false, true })
                        {
                            cases++;
                            ulong low = lowMax - (ulong)k;
                            byte[] message = Message(length);
                            var reference = new ReferenceParameters { DigestLength = algorithm.MaxDigestLength, Key = keyed ? key : Array.Empty<byte>() };
                            byte[] expected = algorithm.ReferenceHash(reference, message, low, high);

                            var parameters = new Blake2Parameters { Key = reference.Key };
                            Hasher hasher = CreateAtCounter(algorithm, instructionSet, parameters, low, high);
                            if (inPieces)
                            {
                                // Uneven pieces: 1 byte, then a block and a bit, then the rest.
                                int first = Math.Min(1, length), second = Math.Min(bb + 3, length - first);
                                hasher.Update(message.AsSpan(0, first));
                                hasher.Update(message.AsSpan(first, second));
                                hasher.Update(message.AsSpan(first + second));
                            }
                            else
                            {
                                hasher.Update(message);
                            }

                            // Before Finish, the counter holds every byte compressed so far: all input (the key
                            // block included) except the 1..bb bytes held back in the buffer.
                            int total = (keyed ? bb : 0) + length;
                            int expectedBuffered = total == 0 ? 0 : (total - 1) % bb + 1;
                            (ulong expectedLow, ulong expectedHigh) = AddToCounter(algorithm, low, high, (ulong)(total - expectedBuffered));
                            (ulong actualLow, ulong actualHigh) = ReadCounter(hasher);
                            int buffered = BufferLength(hasher);
                            string name = $"{algorithm.Name}={instructionSet} start=(low=0x{low:x}, high=0x{high:x}) (2^w-1-{k}) keyed={keyed} length={length} inPieces={inPieces}";
                            if (buffered != expectedBuffered || actualLow != expectedLow || actualHigh != expectedHigh)
                            {
                                failures.AppendLine($"{name}: before Finish counter=(0x{actualLow:x}, 0x{actualHigh:x}) buffered={buffered}, " +
                                    $"expected counter=(0x{expectedLow:x}, 0x{expectedHigh:x}) buffered={expectedBuffered}");
                            }
                            if (actualHigh == high + 1)
                                carriedBeforeFinish++;

                            byte[] actual = hasher.Finish();
                            if (!actual.AsSpan().SequenceEqual(expected))
                                failures.AppendLine($"{name}: digest {Hex.Encode(actual)}, reference {Hex.Encode(expected)}");
                        }
                    }
                }
            }
        }

        Assert.True(failures.Length == 0, $"{algorithm.Name} on {instructionSet}:\n{failures}");
        // The cases above must really exercise the carry, not just run near it.
        Assert.True(carriedBeforeFinish > cases / 4, $"only {carriedBeforeFinish} of {cases} cases had carried before Finish");
    }

    /// <summary>Hand-computed counter words around the carry (no reference involved), on every instruction set.</summary>
    [Theory]
    [MemberData(nameof(FixedDigestDriver.AllInstructionSets), MemberType = typeof(FixedDigestDriver))]
    public void CounterWords_CarryExactlyAtTheWordBoundary(string algorithmName, string instructionSetName)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        int bb = algorithm.BlockSize;
        ulong lowMax = algorithm.CounterWordMax;

        // Start at 2^w - 1; two blocks in: one is compressed (bb bytes), the other held back.
        // t = 2^w - 1 + bb  =>  low = bb - 1, high = 1.
        Hasher hasher = CreateAtCounter(algorithm, instructionSet, default, lowMax, 0);
        hasher.Update(new byte[2 * bb]);
        Assert.Equal(((ulong)(bb - 1), 1UL), ReadCounter(hasher));

        // Start at 2^w - bb: exactly one compressed block lands on 2^w  =>  low = 0, high = 1.
        hasher = CreateAtCounter(algorithm, instructionSet, default, lowMax - (ulong)bb + 1, 0);
        hasher.Update(new byte[bb + 1]);
        Assert.Equal((0UL, 1UL), ReadCounter(hasher));

        // Start at 2^w - bb - 1: one compressed block stops one short of the carry  =>  low = 2^w - 1, high = 0.
        hasher = CreateAtCounter(algorithm, instructionSet, default, lowMax - (ulong)bb, 0);
        hasher.Update(new byte[bb + 1]);
        Assert.Equal((lowMax, 0UL), ReadCounter(hasher));

        // A keyed state: the key block counts as bb bytes once more data follows it.
        var keyed = new Blake2Parameters { Key = new byte[] { 1, 2, 3 } };
        hasher = CreateAtCounter(algorithm, instructionSet, keyed, lowMax - 9, 41);
        hasher.Update(new byte[] { 0 });
        Assert.Equal(((ulong)bb - 10, 42UL), ReadCounter(hasher));

        // The carry inside one multi-block run (one Update of several blocks, the carry after the second).
        hasher = CreateAtCounter(algorithm, instructionSet, default, lowMax - (ulong)(2 * bb) + 1, 7);
        hasher.Update(new byte[5 * bb]);
        Assert.Equal(((ulong)(2 * bb), 8UL), ReadCounter(hasher));
    }

    /// <summary>Random starting points near the carry with random lengths and splits, on every instruction set.</summary>
    [Theory]
    [MemberData(nameof(FixedDigestDriver.AllInstructionSets), MemberType = typeof(FixedDigestDriver))]
    public void RandomCountersNearTheCarry_MatchReference(string algorithmName, string instructionSetName)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        int bb = algorithm.BlockSize;
        ulong lowMax = algorithm.CounterWordMax;
        var failures = new List<string>();
        foreach (ulong seed in OracleSeed.Seeds)
        {
            for (int index = 0; index < 150 && failures.Count < 5; index++)
            {
                OracleRandom rng = OracleRandom.ForCase(seed, $"{nameof(CounterCarryTests)}.{algorithm.Name}.{instructionSet}", index);
                ulong low = lowMax - (ulong)rng.Next(0, 8 * bb);
                ulong high = rng.Chance(50) ? 0 : rng.NextUInt64() & (lowMax - 1);   // never all ones: no 2^(2w) wrap
                ReferenceParameters p = OracleHelpers.RandomParameters(algorithm, ref rng);
                byte[] message = rng.Bytes(rng.Next(0, 10 * bb + 2));
                List<int> pieces = OracleHelpers.Pieces(algorithm, message.Length, ref rng);
                byte[] expected = algorithm.ReferenceHash(p, message, low, high);

                Blake2Parameters parameters = OracleHelpers.ToLibrary(p);
                Hasher hasher = CreateAtCounter(algorithm, instructionSet, parameters, low, high);
                int offset = 0;
                foreach (int piece in pieces)
                {
                    hasher.Update(message.AsSpan(offset, piece));
                    offset += piece;
                }
                byte[] actual = hasher.Finish();
                if (!actual.AsSpan().SequenceEqual(expected))
                {
                    failures.Add($"seed={OracleSeed.Format(seed)} case={index} {algorithm.Name}={instructionSet} start=(0x{low:x}, 0x{high:x}) length={message.Length} " +
                        $"pieces={OracleHelpers.DescribePieces(pieces)} {p}: digest {Hex.Encode(actual)}, reference {Hex.Encode(expected)}");
                }
            }
        }
        Assert.True(failures.Count == 0, string.Join("\n", failures));
    }
}
