using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Dispatch;

namespace Blake2Fast.Tests.Blake3Suite;

/// <summary>
/// <see cref="Blake3HashState.UpdateParallel"/>: the same hash as <see cref="Blake3HashState.Update(ReadOnlySpan{byte})"/>
/// for every size around the split thresholds, after any partial chunk or odd chunk count already hashed, in every
/// mode, on every instruction set and thread count; and its refusals.
/// </summary>
public class Blake3ParallelTests
{
    private const int KiB = 1024;
    private static readonly byte[] Data = MakeData(5 * KiB * KiB + 333);

    private static byte[] MakeData(int length)
    {
        var data = new byte[length];
        new Random(3).NextBytes(data);
        return data;
    }

    public static IEnumerable<object[]> Cases()
    {
        // (bytes hashed first with Update, bytes then given to UpdateParallel)
        int[] before = { 0, 100, 3 * KiB, 3 * KiB + 5, 256 * KiB };
        int[] parallel = { 0, 1, 512 * KiB - 1, 512 * KiB, 512 * KiB + 1, 1024 * KiB, 2 * KiB * KiB + 7, 4 * KiB * KiB + 3 };
        foreach (int b in before)
        {
            foreach (int p in parallel)
                yield return new object[] { b, p };
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void UpdateParallelHashesAsUpdateDoes(int before, int parallel)
    {
        foreach (InstructionSet instructionSet in Blake3.SupportedInstructionSets)
        {
            foreach (int threads in new[] { -1, 2, 3 })
            {
                Blake3HashState plain = Blake3HashState.Create(32, default, instructionSet);
                plain.Update(Data.AsSpan(0, before));
                Blake3HashState split = plain;
                plain.Update(Data.AsSpan(before, parallel));
                plain.Update(Data.AsSpan(before + parallel, 10));
                split.UpdateParallel(Data.AsSpan(before, parallel), threads);
                split.Update(Data.AsSpan(before + parallel, 10));
                Assert.True(plain.Finish().AsSpan().SequenceEqual(split.Finish()), $"instruction set {instructionSet}, {threads} threads, {before} + {parallel} bytes");
            }
        }
    }

    [Fact]
    public void EveryModeAndTheWholeInputAgreeWithTheOneShot()
    {
        byte[] key = Enumerable.Range(0, 32).Select(i => (byte)i).ToArray();
        var hash = Blake3.CreateIncrementalHasher();
        hash.UpdateParallel(Data);
        Assert.Equal(Blake3.HashData(Data), hash.Finish());

        var keyed = Blake3.CreateIncrementalHasher(key);
        keyed.UpdateParallel(Data, 2);
        Assert.Equal(Blake3.Keyed.HashData(key, Data), keyed.Finish());

        var derive = Blake3.CreateDeriveKeyHasher("Blake2Fast tests 2026 parallel");
        derive.UpdateParallel(Data, 4);
        Assert.Equal(Blake3.DeriveKey("Blake2Fast tests 2026 parallel", Data), derive.Finish());
    }

    [Fact]
    public void TheReferenceAgreesOnAMultiMegabyteInput()
    {
        // Independent of the library's own tree code: the plain recursive reference from the paper.
        byte[] input = Data.AsSpan(0, 4 * KiB * KiB + 1).ToArray();
        var hash = Blake3.CreateIncrementalHasher();
        hash.UpdateParallel(input, 2);
        Assert.Equal(ReferenceBlake3.Hash(input, 32), hash.Finish());
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-2)]
    [InlineData(int.MinValue)]
    public void ADegreeOfParallelismOutOfRangeIsRefused(int threads)
    {
        var hash = Blake3.CreateIncrementalHasher();
        hash.Update(Data.AsSpan(0, 10));
        Assert.Equal("maxDegreeOfParallelism", Assert.Throws<ArgumentOutOfRangeException>(() => hash.UpdateParallel(Data, threads)).ParamName);
        Assert.Equal(Blake3.HashData(Data.AsSpan(0, 10)), hash.Finish()); // still usable, nothing added
    }

    [Fact]
    public void ADefaultOrFinishedStateRefusesUpdateParallel()
    {
        Blake3HashState unusable = default;
        Assert.Throws<InvalidOperationException>(() => unusable.UpdateParallel(Data));
        var finished = Blake3.CreateIncrementalHasher();
        finished.Finish();
        Assert.Throws<InvalidOperationException>(() => finished.UpdateParallel(Data));
    }
}
