using System;
using System.Linq;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// BLAKE2's first-call compact compression (<c>Blake2Compact</c>, <c>KernelSet.StartingOn</c>): the digests while the
/// default entry runs it against those of the default kernel, and the hand-over past its budget (which also moves the
/// one-shot calls from their tiered code to their fully optimized copy). Its compression itself (counters carrying,
/// final flags, partial increments, several blocks), its budget reset so that its own code runs, is tested against the
/// reference compressions by ReferenceKernelTests' rows "BLAKE2b: compact" and "BLAKE2s: compact".
/// </summary>
[Collection(KernelWarmupCollection.Name)]
public class Blake2CompactTests
{
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
