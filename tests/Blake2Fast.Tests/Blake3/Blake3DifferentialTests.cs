using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Dispatch;

namespace Blake2Fast.Tests.Blake3Suite;


/// <summary>
/// The library against <see cref="ReferenceBlake3"/> on random inputs: lengths around the block and chunk sizes and
/// powers of two of chunks, random update splits, all three modes, every instruction set, extended output.
/// </summary>
public class Blake3DifferentialTests
{
    /// <summary>
    /// Every length up to two blocks (the one-shot path pads the last block with moves sized by the length: 1-3, 4-7,
    /// 8-15, 16-31, 32-64), lengths around 1024 and 2^k chunks up to 16 KiB, a few in between, up to about 20 KiB.
    /// </summary>
    public static IEnumerable<object[]> Lengths()
    {
        var lengths = new SortedSet<int>(Enumerable.Range(0, 129)) { 20_000, 20_480 };
        foreach (int size in new[] { 64, 128, 960, 1024, 2048, 3072, 4096, 5120, 8192, 16384 })
        {
            for (int d = -2; d <= 2; d++)
                lengths.Add(size + d);
        }
        foreach (int chunks in new[] { 3, 5, 7, 9, 13, 17 })
            lengths.Add(chunks * 1024 + 1);
        return lengths.Select(n => new object[] { n });
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void MatchesTheReferenceInEveryMode(int length)
    {
        var random = new Random(length * 7919 + 1);
        byte[] input = new byte[length];
        random.NextBytes(input);
        byte[] key = new byte[32];
        random.NextBytes(key);
        const string context = "Blake2Fast 2026 differential tests \u00e9\u4e2d\U0001F600";
        int outputLength = 1 + random.Next(200);

        byte[] hash = ReferenceBlake3.Hash(input, outputLength);
        byte[] keyed = ReferenceBlake3.KeyedHash_(key, input, outputLength);
        byte[] derived = ReferenceBlake3.DeriveKey(context, input, outputLength);
        byte[] digest = ReferenceBlake3.Hash(input, 32), keyedDigest = ReferenceBlake3.KeyedHash_(key, input, 32);
        foreach (InstructionSet instructionSet in Blake3.SupportedInstructionSets)
        {
            // The usual 32-byte digest has its own path (the root compressed straight into the output).
            var output32 = new byte[32];
            Blake3HashState.Hash(32, default, input, output32, "output", instructionSet);
            Assert.Equal(digest, output32);
            Blake3HashState.Hash(32, key, input, output32, "output", instructionSet);
            Assert.Equal(keyedDigest, output32);
            var output = new byte[outputLength];
            Blake3HashState.Hash(outputLength, default, input, output, "output", instructionSet);
            Assert.Equal(hash, output);
            Blake3HashState.Hash(outputLength, key, input, output, "output", instructionSet);
            Assert.Equal(keyed, output);
            for (int trial = 0; trial < 3; trial++)
            {
                Assert.Equal(hash, FeedRandomly(Blake3HashState.Create(outputLength, default, instructionSet), input, random).Finish());
                Assert.Equal(keyed, FeedRandomly(Blake3HashState.Create(outputLength, key, instructionSet), input, random).Finish());
                Assert.Equal(derived, FeedRandomly(Blake3HashState.CreateDeriveKey(context, outputLength, instructionSet), input, random).Finish());
            }
        }
        Assert.Equal(hash[..Math.Min(32, outputLength)], Blake3.HashData(input)[..Math.Min(32, outputLength)]);
        Assert.Equal(derived, Blake3.DeriveKey(context, input, outputLength));
    }

    /// <summary>
    /// A few inputs around 1 MiB and 2 MiB, where batches of up to 1,024 chunks run through the lane kernels: a whole
    /// batch that may be the root, two batches, batches cut short where random pieces leave the counter unaligned.
    /// </summary>
    [Theory]
    [InlineData(1 << 20)]
    [InlineData(2 << 20)]
    [InlineData((3 << 20) + 1500)]
    [InlineData((1 << 20) + 1)]
    [InlineData((1 << 20) - 1025)]
    [InlineData(1_234_567)]
    public void LargeInputsMatchTheReference(int length)
    {
        var random = new Random(length);
        byte[] input = new byte[length];
        random.NextBytes(input);
        byte[] key = new byte[32];
        random.NextBytes(key);
        byte[] hash = ReferenceBlake3.Hash(input, 64);
        byte[] keyed = ReferenceBlake3.KeyedHash_(key, input, 64);
        foreach (InstructionSet instructionSet in Blake3.SupportedInstructionSets)
        {
            var output = new byte[64];
            Blake3HashState.Hash(64, default, input, output, "output", instructionSet);
            Assert.Equal(hash, output);
            Assert.Equal(keyed, FeedRandomly(Blake3HashState.Create(64, key, instructionSet), input, random).Finish());
        }
    }

    /// <summary>Feeds the input in random pieces: mostly small, sometimes whole chunks or more, sometimes empty.</summary>
    private static Blake3HashState FeedRandomly(Blake3HashState state, byte[] input, Random random)
    {
        int at = 0;
        while (at < input.Length)
        {
            int n = random.Next(4) switch
            {
                0 => random.Next(3),
                1 => random.Next(130),
                2 => random.Next(3000),
                _ => random.Next(input.Length / 2 + 1),
            };
            n = Math.Min(n, input.Length - at);
            state.Update(input.AsSpan(at, n));
            at += n;
        }
        return state;
    }

    [Fact]
    public void ASnapshotCopyGoesOnIndependently()
    {
        byte[] input = Enumerable.Range(0, 5000).Select(i => (byte)i).ToArray();
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.Update(input.AsSpan(0, 3000));
        Blake3HashState copy = state;
        state.Update(input.AsSpan(3000));
        copy.Update(input.AsSpan(3000, 1000));
        Assert.Equal(ReferenceBlake3.Hash(input, 32), state.Finish());
        Assert.Equal(ReferenceBlake3.Hash(input[..4000], 32), copy.Finish());
    }

    [Fact]
    public void TheReaderReadsFarIntoTheOutputAndAcrossTheCounterWord()
    {
        byte[] input = { 1, 2, 3 };
        byte[] all = ReferenceBlake3.Hash(input, 64 * 70);
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.Update(input);
        Blake3OutputReader reader = state.FinishXof();
        reader.Position = 64 * 65 + 5;
        var part = new byte[300];
        reader.Read(part);
        Assert.Equal(all.AsSpan(64 * 65 + 5, 300).ToArray(), part);

        // Output block 2^32 (byte 2^38) needs the counter's high word: the library against a reader that was never moved.
        reader.Position = 1L << 38;
        var high = new byte[64];
        reader.Read(high);
        reader.Position = (1L << 38) - 64;
        var both = new byte[128];
        reader.Read(both);
        Assert.Equal(high, both[64..]);
        Assert.NotEqual(both[..64], both[64..]);
    }
}
