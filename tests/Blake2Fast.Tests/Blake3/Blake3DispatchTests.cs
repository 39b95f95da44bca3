using System;
using System.Linq;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Kernels;

namespace Blake2Fast.Tests.Blake3Suite;

/// <summary>
/// The <c>HashMany</c> contract (shared with the SIMD kernels) on the portable kernel against the reference, and the
/// dispatch over any count on every instruction set: chunks with incrementing counters (across the counter's high word),
/// parents with a fixed counter, the start and end flags, strides, and CVs written little-endian.
/// </summary>
public class Blake3DispatchTests
{
    private static readonly uint[] IV = { 0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19 };

    private static byte[] Bytes(uint[] words) => words.SelectMany(BitConverter.GetBytes).ToArray();

    [Theory]
    [InlineData(0UL, 0u)]
    [InlineData(0xFFFF_FFFEUL, 16u)] // the counter carries into its high word mid-batch; keyed mode
    [InlineData(1UL << 40, 64u)]
    public void PortableHashManyHashesChunksAsTheReference(ulong counter, uint mode)
    {
        const int count = 5;
        byte[] input = new byte[count * 1024];
        new Random(7).NextBytes(input);
        byte[] output = new byte[count * 32];
        uint[] key = IV.Select(w => w ^ mode).ToArray();
        Blake3Portable.HashMany(ref input[0], count, 1024, 16, ref key[0], counter, true, mode, 1, 2, ref output[0]);
        for (int i = 0; i < count; i++)
        {
            uint[] expected = ReferenceBlake3.ChunkChainingValue(key, mode, input.AsSpan(i * 1024, 1024).ToArray(), counter + (ulong)i);
            Assert.Equal(Bytes(expected), output.AsSpan(32 * i, 32).ToArray());
        }
    }

    [Fact]
    public void PortableHashManyHashesParentsAsTheReference()
    {
        const int count = 6;
        byte[] input = new byte[count * 64];
        new Random(8).NextBytes(input);
        byte[] output = new byte[count * 32];
        uint[] key = (uint[])IV.Clone();
        Blake3Portable.HashMany(ref input[0], count, 64, 1, ref key[0], 0, false, 4 | 16, 0, 0, ref output[0]);
        for (int i = 0; i < count; i++)
        {
            uint[] expected = ReferenceBlake3.ParentChainingValue(key, 16, input.AsSpan(i * 64, 64).ToArray());
            Assert.Equal(Bytes(expected), output.AsSpan(32 * i, 32).ToArray());
        }
    }

    /// <summary>
    /// <c>Blake3Batches</c> for every count up to two of the widest groups and five more, chunks and parents, with exactly
    /// the inputs' bytes readable and writable: each rest goes to the kernel the rule picks (a row kernel for up to four,
    /// a woven row after full groups), idle lanes included, on every instruction set, and the CVs are the portable kernel's.
    /// </summary>
    [Fact]
    public unsafe void TheBatchesOnEveryCoreAndCountEqualThePortableKernel()
    {
        uint[] key = (uint[])IV.Clone();
        foreach ((int stride, int blocks, bool increment, uint flags) in new[] { (1024, 16, true, 0u), (64, 1, false, 4u | 16u) })
        {
            for (int count = 1; count <= 37; count++)
            {
                byte[] input = new byte[count * stride];
                new Random(count * stride).NextBytes(input);
                byte[] expected = new byte[count * 32];
                Blake3Portable.HashMany(ref input[0], (nuint)count, (nuint)stride, (nuint)blocks, ref key[0], 0xFFFF_FFF0, increment, flags, blocks > 1 ? 1u : 0, blocks > 1 ? 2u : 0, ref expected[0]);
                foreach (InstructionSet instructionSet in global::Blake2Fast.Blake3.SupportedInstructionSets)
                {
                    byte[] actual = new byte[count * 32];
                    fixed (byte* i = input)
                    fixed (byte* o = actual)
                    fixed (uint* k = key)
                    {
                        Blake3Batches.HashMany(instructionSet, i, count, stride, blocks, k, 0xFFFF_FFF0, increment, flags, blocks > 1 ? 1u : 0, blocks > 1 ? 2u : 0,
                            o, input.Length, actual.Length);
                    }
                    Assert.Equal(expected, actual);
                }
            }
        }
    }

#if NET8_0_OR_GREATER && !LIBRARY_NETSTANDARD
    /// <summary>
    /// Where AVX-512 (with VL) runs, 16 + 1 to 16 + 4 inputs go to the kernels that weave the rest into the lanes'
    /// rounds (the test above checks their output): without them, the 17 KiB step is back (17 KiB at 0.81 of 16 KiB's
    /// rate per byte).
    /// </summary>
    [Fact]
    public void UpToFourInputsPastFullGroupsAreWovenIntoTheLastGroupWhereAvx512Runs()
    {
        foreach ((int rows, bool supported, string label) in new[] { (1, Blake3Avx512.PlusOneIsSupported, "avx512+row"), (2, Blake3Avx512.PlusTwoIsSupported, "avx512+2rows"), (3, Blake3Avx512.IsSupported, "avx512+3rows"), (4, Blake3Avx512.IsSupported, "avx512+4rows") })
        {
            Kernel? woven = KernelTable.Blake3.Woven(InstructionSet.Avx512, Blake3Avx512.Lanes, rows);
            Assert.Equal(supported, woven is not null);
            if (woven is Kernel k)
            {
                Assert.Equal(Blake3Avx512.Lanes + rows, k.Lanes);
                Assert.Equal(rows, k.WovenRow);
                Assert.Equal(label, k.Label);
            }
        }
        // Never a job's main kernel, nor in a ladder.
        Assert.DoesNotContain(KernelTable.Blake3.Ladder(InstructionSet.Avx512), l => l.WovenRow > 0);
    }
#endif

    [Fact]
    public void TheDefaultInstructionSetIsOneThatRunsAndTheOverrideIsHonoured()
    {
        Assert.Contains(InstructionSets.DefaultBlake3, global::Blake2Fast.Blake3.SupportedInstructionSets);
        Assert.Equal(InstructionSet.Scalar, KernelTable.Blake3.Choose("scalar"));
        // The widest that runs, of this architecture (the cross-platform vectors only where no architecture's own kernels exist).
        Assert.Equal(global::Blake2Fast.Blake3.SupportedInstructionSets.Where(c => InstructionSets.Declared[(int)c].ChosenUnasked).Max(), KernelTable.Blake3.Choose(null));
        Assert.Equal(InstructionSets.Name(InstructionSets.DefaultBlake3), global::Blake2Fast.Blake3.CompressionCore);
    }
}
