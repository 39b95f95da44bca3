#if !LIBRARY_NETSTANDARD
using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Kernels;

namespace Blake2Fast.Tests.Blake3Suite;

/// <summary>
/// BLAKE3's first-call warm-up (<c>Blake3Warmup</c>): the compact single-block compressions against the portable ones,
/// and hashes of every shape in every stage a process passes through while kernels compile in the background (the
/// starter lane kernel alone, each kernel alone, the ladder growing one kernel at a time, the compact compressions
/// instead of the row kernel's) against the digests with every kernel ready, on every instruction set.
/// </summary>
[Collection(KernelWarmupCollection.Name)]
public class Blake3WarmupTests
{
    private static readonly int[] Sizes =
    [
        0, 1, 63, 64, 65, 1023, 1024, 1025, 2048, 3 * 1024 + 1, 4 * 1024, 7 * 1024 + 5, 8 * 1024, 16 * 1024, 17 * 1024,
        19 * 1024 + 64, 20 * 1024, 21 * 1024 + 1, 33 * 1024, 48 * 1024 + 999, 64 * 1024, 100 * 1024 + 7, 1 << 20,
    ];

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void TheCompactCompressionsEqualThePortableOnes(int blocks)
    {
        var random = new Random(blocks);
        foreach (uint flags in new uint[] { 0, 1, 2, 3, 8, 11, 16, 27, 64, 127 })
        {
            foreach (ulong counter in new ulong[] { 0, 1, 0xFFFF_FFFF, 0x1_0000_0000, ulong.MaxValue })
            {
                uint[] cv = Enumerable.Range(0, 8).Select(_ => (uint)random.NextInt64()).ToArray();
                byte[] input = new byte[64 * blocks];
                random.NextBytes(input);
                uint length = (uint)random.Next(0, 65);

                uint[] expected = (uint[])cv.Clone(), actual = (uint[])cv.Clone();
                Blake3Portable.Compress(ref expected[0], ref input[0], counter, length, flags);
                Blake3Compact.Compress(ref actual[0], ref input[0], counter, length, flags);
                Assert.Equal(expected, actual);

                byte[] expectedXof = new byte[64], actualXof = new byte[64];
                Blake3Portable.CompressXof(ref cv[0], ref input[0], counter, length, flags, ref expectedXof[0]);
                Blake3Compact.CompressXof(ref cv[0], ref input[0], counter, length, flags, ref actualXof[0]);
                Assert.Equal(expectedXof, actualXof);

                expected = (uint[])cv.Clone();
                actual = (uint[])cv.Clone();
                Blake3Portable.CompressBlocks(ref expected[0], ref input[0], (nuint)blocks, counter, flags, 1, 2);
                Blake3Compact.CompressBlocks(ref actual[0], ref input[0], (nuint)blocks, counter, flags, 1, 2);
                Assert.Equal(expected, actual);
            }
        }
    }

    [Fact]
    public void EveryStageOfTheWarmupHashesAsTheFinishedOne()
    {
        byte[] input = new byte[Sizes.Max()];
        new Random(34).NextBytes(input);
        byte[] key = Enumerable.Range(1, 32).Select(i => (byte)i).ToArray();
        IReadOnlyList<InstructionSet> sets = global::Blake2Fast.Blake3.SupportedInstructionSets;
        // The digests with every kernel ready; hashing them first also starts the warm-up, whose end is then awaited
        // so that it cannot hand a kernel over in the middle of a stage.
        Dictionary<InstructionSet, byte[][]> expected = sets.ToDictionary(s => s, s => Digests(s, input, key));
        KernelWarmup.Wait();
        // Finished: the row kernel's compressions and every instruction set's widest kernel in use.
        Assert.False(KernelTable.Blake3.Starting);
        foreach (InstructionSet set in sets)
        {
            Assert.Equal(KernelTable.Blake3.Ladder(set)[0].Lanes, Blake3Batches.Width(set));
            Assert.Equal(expected[set], Digests(set, input, key));
        }

        try
        {
            foreach (InstructionSet set in sets)
            {
                Kernel[] ladder = KernelTable.Blake3.Ladder(set);
                var stages = new List<Func<Kernel, bool>>();
                // The starter alone (the narrowest lane kernel above the portable one), each kernel alone, and the
                // ladder growing from the starter, widest first, as the warm-up hands the kernels over.
                nint starter = ladder.LastOrDefault(k => !k.RowLayout && k.InstructionSet != InstructionSet.Scalar).Entry;
                foreach (Kernel kernel in ladder)
                    stages.Add(k => k.Entry == kernel.Entry);
                var grown = new HashSet<nint> { starter };
                foreach (Kernel kernel in ladder)
                {
                    grown.Add(kernel.Entry);
                    var now = new HashSet<nint>(grown);
                    stages.Add(k => now.Contains(k.Entry));
                }
                foreach (bool rows in new[] { false, true })
                {
                    KernelTable.Blake3.SetStarting(!rows);
                    foreach (Func<Kernel, bool> stage in stages)
                    {
                        Blake3Batches.Use(set, stage);
                        Assert.Equal(expected[set], Digests(set, input, key));
                    }
                }
                Blake3Batches.Use(set, null);
            }
        }
        finally
        {
            KernelTable.Blake3.SetStarting(false);
            foreach (InstructionSet set in sets)
                Blake3Batches.Use(set, null);
        }
    }

    /// <summary>Unkeyed and keyed one-shot digests, and a streamed one in odd pieces, of every size, on <paramref name="set"/>.</summary>
    private static byte[][] Digests(InstructionSet set, byte[] input, byte[] key)
    {
        var digests = new List<byte[]>();
        foreach (int size in Sizes)
        {
            foreach (byte[] k in new[] { Array.Empty<byte>(), key })
            {
                byte[] digest = new byte[size % 3 == 0 ? 32 : 131]; // past 32 bytes, the extended output
                Blake3HashState.Hash(digest.Length, k, input.AsSpan(0, size), digest, "output", set);
                if (set == InstructionSets.DefaultBlake3)
                {
                    // The public one-shot route: its tiered code or its optimized copy, as the job's Starting flag says.
                    byte[] routed = new byte[digest.Length];
                    Blake3HashState.Hash(routed.Length, k, input.AsSpan(0, size), routed, "output");
                    Assert.Equal(digest, routed);
                }
                digests.Add(digest);
            }
            Blake3HashState state = Blake3HashState.Create(32, ReadOnlySpan<byte>.Empty, set);
            for (int at = 0; at < size;)
            {
                int piece = Math.Min(size - at, 1 + (at * 7 + 4093) % 5000);
                state.Update(input.AsSpan(at, piece));
                at += piece;
            }
            digests.Add(state.Finish());
        }
        return digests.ToArray();
    }
}
#endif
