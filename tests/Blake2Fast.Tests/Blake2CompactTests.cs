using System;
using System.Linq;
using Blake2Fast.Cores;

namespace Blake2Fast.Tests;

/// <summary>
/// BLAKE2's first-call compact compression (<c>Blake2Compact</c>, <c>KernelSet.StartingOn</c>): against the portable
/// kernels (counters carrying, final flags, partial increments, several blocks), the digests while the default entry
/// runs it against those of the default kernel, and the hand-over past its budget (which also moves the one-shot calls
/// from their tiered code to their fully optimized copy).
/// </summary>
[Collection(KernelWarmupCollection.Name)]
public class Blake2CompactTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public unsafe void TheCompactCompressionEqualsThePortableKernels(int blocks)
    {
        var random = new Random(blocks);
        try
        {
            foreach (uint increment in new uint[] { 0, 5, 64, 128 })
            {
                foreach (bool final in new[] { false, true })
                {
                    // The low counter word close to carrying into the high one; the final-block flags set or not.
                    AssertSame(Chain(random, w => w, ulong.MaxValue, final, blocks), Input(random, 128 * blocks), blocks, increment,
                        &Blake2bScalar.Compress, &Blake2Compact.Compress);
                    AssertSame(Chain(random, w => (uint)w, uint.MaxValue, final, blocks), Input(random, 64 * blocks), blocks, increment,
                        &Blake2sScalar.Compress, &Blake2Compact.Compress);
                }
            }
        }
        finally
        {
            // Past its budget the compact code hands the entry to the default kernel: put it back as it was.
            KernelTable.Blake2b.UseCompact(false);
            KernelTable.Blake2s.UseCompact(false);
        }
    }

    private static T[] Chain<T>(Random random, Func<ulong, T> word, ulong max, bool final, int blocks)
    {
        T[] chain = Enumerable.Range(0, 12).Select(_ => word((ulong)random.NextInt64())).ToArray();
        chain[8] = word(max - 130);
        chain[10] = word(final ? max : 0);
        chain[11] = word(final && blocks == 2 ? max : 0);
        return chain;
    }

    private static byte[] Input(Random random, int length)
    {
        byte[] input = new byte[length];
        random.NextBytes(input);
        return input;
    }

    private static unsafe void AssertSame<T>(T[] chain, byte[] input, int blocks, uint increment,
        delegate*<ref T, ref byte, nuint, uint, void> portable, delegate*<ref T, ref byte, nuint, uint, void> compact)
    {
        T[] expected = (T[])chain.Clone();
        portable(ref expected[0], ref input[0], (nuint)blocks, increment);
        compact(ref chain[0], ref input[0], (nuint)blocks, increment);
        Assert.Equal(expected, chain);
    }

    [Fact]
    public unsafe void DigestsOnTheCompactEntryEqualTheDefaultKernelsAndItHandsOver()
    {
        int[] sizes = [0, 1, 63, 64, 65, 127, 128, 129, 1000, 4099, 20000]; // the last past the compact code's budget
        byte[] input = new byte[sizes.Max()];
        new Random(34).NextBytes(input);
        byte[] key = Enumerable.Range(1, 32).Select(i => (byte)i).ToArray();
        byte[][] Digests() => sizes.SelectMany(n => new[]
        {
            Blake2b.HashData(input.AsSpan(0, n)), Blake2b.ComputeHash(64, key, input.AsSpan(0, n)),
            Blake2s.HashData(input.AsSpan(0, n)), Blake2s.ComputeHash(32, key, input.AsSpan(0, n)),
        }).ToArray();
        nint compactB = (nint)(delegate*<ref ulong, ref byte, nuint, uint, void>)&Blake2Compact.Compress;
        nint compactS = (nint)(delegate*<ref uint, ref byte, nuint, uint, void>)&Blake2Compact.Compress;

        KernelTable.Blake2b.UseCompact(false);
        KernelTable.Blake2s.UseCompact(false);
        byte[][] expected = Digests();
        try
        {
            KernelTable.Blake2b.UseCompact(true);
            KernelTable.Blake2s.UseCompact(true);
            Assert.Equal(compactB, (nint)KernelTable.Blake2b.Entry(InstructionSets.DefaultB));
            Assert.Equal(compactS, (nint)KernelTable.Blake2s.Entry(InstructionSets.DefaultS));
            Assert.True(KernelTable.Blake2b.Starting && KernelTable.Blake2s.Starting); // one-shot calls on the tiered route
            Assert.Equal(expected, Digests());
            // 20,000 bytes are more blocks than the budget: the default kernels have the entries again.
            Assert.NotEqual(compactB, (nint)KernelTable.Blake2b.Entry(InstructionSets.DefaultB));
            Assert.NotEqual(compactS, (nint)KernelTable.Blake2s.Entry(InstructionSets.DefaultS));
            Assert.False(KernelTable.Blake2b.Starting || KernelTable.Blake2s.Starting); // and on the optimized one
            Assert.Equal(expected, Digests());
        }
        finally
        {
            KernelTable.Blake2b.UseCompact(false);
            KernelTable.Blake2s.UseCompact(false);
        }
    }
}
