using System;
using System.Linq;
using Blake2Fast.Cores;

namespace Blake2Fast.Tests;

/// <summary>
/// BLAKE2's first-call compact compression (<c>Blake2Compact</c>, <c>KernelSet.StartingOn</c>): against the portable
/// kernels (counters carrying, final flags, partial increments, several blocks), the digests while the default entry
/// runs it against those of the default kernel, and the hand-over past its budget.
/// </summary>
[Collection(KernelWarmupCollection.Name)]
public class Blake2CompactTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void TheCompactCompressionEqualsThePortableKernels(int blocks)
    {
        var random = new Random(blocks);
        try
        {
            foreach (uint increment in new uint[] { 0, 5, 64, 128 })
            {
                foreach (bool final in new[] { false, true })
                {
                    byte[] inputB = new byte[128 * blocks], inputS = new byte[64 * blocks];
                    random.NextBytes(inputB);
                    random.NextBytes(inputS);

                    ulong[] chainB = Enumerable.Range(0, 12).Select(_ => (ulong)random.NextInt64()).ToArray();
                    chainB[8] = ulong.MaxValue - 130; // the low counter word carries into the high one
                    chainB[10] = final ? ulong.MaxValue : 0;
                    chainB[11] = final && blocks == 2 ? ulong.MaxValue : 0;
                    ulong[] expectedB = (ulong[])chainB.Clone();
                    Blake2bScalar.Compress(ref expectedB[0], ref inputB[0], (nuint)blocks, increment);
                    Blake2Compact.Compress(ref chainB[0], ref inputB[0], (nuint)blocks, increment);
                    Assert.Equal(expectedB, chainB);

                    uint[] chainS = Enumerable.Range(0, 12).Select(_ => (uint)random.NextInt64()).ToArray();
                    chainS[8] = uint.MaxValue - 70;
                    chainS[10] = final ? uint.MaxValue : 0;
                    chainS[11] = final && blocks == 2 ? uint.MaxValue : 0;
                    uint[] expectedS = (uint[])chainS.Clone();
                    Blake2sScalar.Compress(ref expectedS[0], ref inputS[0], (nuint)blocks, increment);
                    Blake2Compact.Compress(ref chainS[0], ref inputS[0], (nuint)blocks, increment);
                    Assert.Equal(expectedS, chainS);
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
            Assert.Equal(expected, Digests());
            // 20,000 bytes are more blocks than the budget: the default kernels have the entries again.
            Assert.NotEqual(compactB, (nint)KernelTable.Blake2b.Entry(InstructionSets.DefaultB));
            Assert.NotEqual(compactS, (nint)KernelTable.Blake2s.Entry(InstructionSets.DefaultS));
        }
        finally
        {
            KernelTable.Blake2b.UseCompact(false);
            KernelTable.Blake2s.UseCompact(false);
        }
    }
}
