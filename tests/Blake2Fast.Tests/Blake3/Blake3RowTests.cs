#if !LIBRARY_NETSTANDARD
using System;
using System.Linq;
using Blake2Fast.Cores;

namespace Blake2Fast.Tests.Blake3Suite;

/// <summary>
/// The single-block row kernel (<c>Blake3RowSse41</c>) against the plain reference and the portable kernel: every
/// combination of the seven flag bits, every block length 0..64, counters with high bits set; its one-compression,
/// extended-output and block-run forms. On a leg without SSE4.1 (or big-endian) the kernel's tests show as skipped; the
/// dispatch (<c>Blake3Block</c>) is checked on every leg.
/// </summary>
public class Blake3RowTests
{
    private static readonly ulong[] Counters = { 0, 1, 0xFFFF_FFFF, 0x1_0000_0000, 0x8000_0000_0000_0001, ulong.MaxValue, 0x0123_4567_89AB_CDEF };

    private static uint[] Words(byte[] bytes) => Enumerable.Range(0, bytes.Length / 4).Select(i => BitConverter.ToUInt32(bytes, 4 * i)).ToArray();

    private static byte[] Bytes(uint[] words) => words.SelectMany(BitConverter.GetBytes).ToArray();

    private static (uint[] Cv, byte[] Block) Random(Random random, int blockLength)
    {
        var cv = new uint[8];
        for (int i = 0; i < 8; i++)
            cv[i] = (uint)random.NextInt64();
        var block = new byte[64];
        random.NextBytes(block.AsSpan(0, blockLength)); // zero padding past the length, as callers pass it
        return (cv, block);
    }

    private const string SkipReason = "SSE4.1 is not available here (CPU or DOTNET_Enable* settings).";

    /// <summary>The row kernel's name where it runs (and none where not), so the tests show as run or skipped.</summary>
    /// <remarks>
    /// The portable kernel's single-block forms are checked against the reference too, on every leg, which also keeps
    /// this list from being empty where the row kernel does not run (xunit v3, on ARM64, fails a theory with no data).
    /// </remarks>
    public static System.Collections.Generic.IEnumerable<object[]> Supported() =>
        Blake3RowSse41.IsSupported ? new[] { new object[] { "row-sse41" }, new object[] { "portable" } } : new[] { new object[] { "portable" } };

    private static void Compress(string kernel, ref uint cv, ref byte block, ulong counter, uint length, uint flags)
    {
        if (kernel == "portable")
            Blake3Portable.Compress(ref cv, ref block, counter, length, flags);
        else
            Blake3RowSse41.Compress(ref cv, ref block, counter, length, flags);
    }

    private static void CompressXof(string kernel, ref uint cv, ref byte block, ulong counter, uint length, uint flags, ref byte output)
    {
        if (kernel == "portable")
            Blake3Portable.CompressXof(ref cv, ref block, counter, length, flags, ref output);
        else
            Blake3RowSse41.CompressXof(ref cv, ref block, counter, length, flags, ref output);
    }

    private static void CompressBlocks(string kernel, ref uint cv, ref byte input, nuint blocks, ulong counter, uint flags, uint start, uint end)
    {
        if (kernel == "portable")
            Blake3Portable.CompressBlocks(ref cv, ref input, blocks, counter, flags, start, end);
        else
            Blake3RowSse41.CompressBlocks(ref cv, ref input, blocks, counter, flags, start, end);
    }

    public static System.Collections.Generic.IEnumerable<object[]> Unsupported() =>
        Blake3RowSse41.IsSupported ? Array.Empty<object[]>() : new[] { new object[] { "row-sse41" } };

    [Theory]
    [MemberData(nameof(Supported))]
    [MemberData(nameof(Unsupported), Skip = SkipReason)]
    public void Compress_EveryFlagSetLengthAndCounter_MatchesTheReferenceAndThePortableKernel(string kernel)
    {
        Assert.Contains(kernel, new[] { "row-sse41", "portable" });
        var random = new Random(0x30A);
        int cases = 0;
        for (uint flags = 0; flags < 128; flags++)
        {
            for (int length = 0; length <= 64; length++)
            {
                ulong counter = Counters[(int)((flags + (uint)length) % (uint)Counters.Length)];
                (uint[] cv, byte[] block) = Random(random, length);
                uint[] expected = ReferenceBlake3.ChainingValue(cv, Words(block), counter, (uint)length, flags);

                uint[] row = (uint[])cv.Clone();
                Compress(kernel, ref row[0], ref block[0], counter, (uint)length, flags);
                Assert.Equal(expected, row);

                uint[] portable = (uint[])cv.Clone();
                Blake3Portable.Compress(ref portable[0], ref block[0], counter, (uint)length, flags);
                Assert.Equal(portable, row);
                cases++;
            }
        }
        Assert.Equal(128 * 65, cases);
    }

    [Theory]
    [MemberData(nameof(Supported))]
    [MemberData(nameof(Unsupported), Skip = SkipReason)]
    public void CompressXof_EveryFlagSetLengthAndCounter_MatchesTheReferenceAndThePortableKernel(string kernel)
    {
        Assert.Contains(kernel, new[] { "row-sse41", "portable" });
        var random = new Random(0x30B);
        for (uint flags = 0; flags < 128; flags++)
        {
            for (int length = 0; length <= 64; length++)
            {
                ulong counter = Counters[(int)((flags * 3 + (uint)length) % (uint)Counters.Length)];
                (uint[] cv, byte[] block) = Random(random, length);
                byte[] expected = Bytes(ReferenceBlake3.OutputWords(cv, Words(block), counter, (uint)length, flags));

                uint[] rowCv = (uint[])cv.Clone();
                byte[] row = new byte[64];
                CompressXof(kernel, ref rowCv[0], ref block[0], counter, (uint)length, flags, ref row[0]);
                Assert.Equal(expected, row);
                Assert.Equal(cv, rowCv); // the root's CV is read, not changed

                byte[] portable = new byte[64];
                Blake3Portable.CompressXof(ref cv[0], ref block[0], counter, (uint)length, flags, ref portable[0]);
                Assert.Equal(portable, row);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Supported))]
    [MemberData(nameof(Unsupported), Skip = SkipReason)]
    public void CompressBlocks_EveryRunAndFlagSet_MatchesBlockByBlockReference(string kernel)
    {
        Assert.Contains(kernel, new[] { "row-sse41", "portable" });
        var random = new Random(0x30C);
        (uint Flags, uint Start, uint End)[] sets = { (0, 1, 0), (0, 1, 2), (16, 0, 2), (32, 1, 2 | 8), (64, 0, 0), (4 | 16, 0, 0), (0, 0, 8) };
        foreach ((uint flags, uint start, uint end) in sets)
        {
            for (int blocks = 1; blocks <= 17; blocks++)
            {
                ulong counter = Counters[(blocks + (int)flags) % Counters.Length];
                byte[] input = new byte[64 * blocks + 3];
                random.NextBytes(input);
                int offset = blocks % 4; // unaligned starts too
                uint[] cv = Enumerable.Range(0, 8).Select(_ => (uint)random.NextInt64()).ToArray();

                uint[] expected = cv;
                for (int b = 0; b < blocks; b++)
                {
                    uint f = flags | (b == 0 ? start : 0) | (b == blocks - 1 ? end : 0);
                    expected = ReferenceBlake3.ChainingValue(expected, Words(input.AsSpan(offset + 64 * b, 64).ToArray()), counter, 64, f);
                }

                uint[] row = (uint[])cv.Clone();
                CompressBlocks(kernel, ref row[0], ref input[offset], (nuint)blocks, counter, flags, start, end);
                Assert.Equal(expected, row);

                uint[] portable = (uint[])cv.Clone();
                Blake3Portable.CompressBlocks(ref portable[0], ref input[offset], (nuint)blocks, counter, flags, start, end);
                Assert.Equal(portable, row);
            }
        }
    }

    /// <summary>The dispatch on every instruction set BLAKE3 runs here (the row kernel or the portable one) equals the reference.</summary>
    [Fact]
    public void TheSingleBlockDispatchOnEveryInstructionSet_MatchesTheReference()
    {
        var random = new Random(0x30D);
        foreach (InstructionSet instructionSet in global::Blake2Fast.Blake3.SupportedInstructionSets)
        {
            foreach (int length in new[] { 0, 1, 63, 64 })
            {
                (uint[] cv, byte[] block) = Random(random, length);
                ulong counter = 0xFFFF_FFFF_0000_0007;
                uint[] actual = (uint[])cv.Clone();
                Blake3Block.Compress(instructionSet, ref actual[0], ref block[0], counter, (uint)length, 1 | 2 | 8 | 16);
                Assert.Equal(ReferenceBlake3.ChainingValue(cv, Words(block), counter, (uint)length, 1 | 2 | 8 | 16), actual);

                byte[] output = new byte[64];
                Blake3Block.CompressXof(instructionSet, ref cv[0], ref block[0], counter, (uint)length, 8 | 4, ref output[0]);
                Assert.Equal(Bytes(ReferenceBlake3.OutputWords(cv, Words(block), counter, (uint)length, 8 | 4)), output);
            }
            Assert.Equal(instructionSet != InstructionSet.Scalar && Blake3RowSse41.IsSupported, Blake3Block.UsesRows(instructionSet));
        }
    }
}
#endif
