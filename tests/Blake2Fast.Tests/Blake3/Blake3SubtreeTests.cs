using System;
using System.Linq;

namespace Blake2Fast.Tests.Blake3Suite;

/// <summary>
/// The hooks b2fsum hashes a large file with (<see cref="Blake3HashState.HashSubtree"/> on a copy of the state, on any
/// thread, then <see cref="Blake3HashState.AddSubtree"/> in order): the same hash as the one-shot in every mode, with
/// input after the slices or none, and the refusals that keep a wrong tree from being built.
/// </summary>
public class Blake3SubtreeTests
{
    private const int KiB = 1024;
    private const int Slice = 64 * KiB; // 64 chunks
    private static readonly byte[] Key = Enumerable.Range(0, 32).Select(i => (byte)(i * 7)).ToArray();

    private static byte[] Data(int length)
    {
        var data = new byte[length];
        new Random(length).NextBytes(data);
        return data;
    }

    /// <summary>Slices of <see cref="Slice"/> bytes stacked, then the rest through Update.</summary>
    private static byte[] HashInSlices(Blake3HashState state, byte[] input, int slices)
    {
        Blake3HashState copy = state;
        byte[] cv = new byte[32];
        for (int i = 0; i < slices; i++)
        {
            copy.HashSubtree(input.AsSpan(i * Slice, Slice), state.ChunkCounter, cv);
            state.AddSubtree(cv, Slice / KiB);
        }

        state.Update(input.AsSpan(slices * Slice));
        return state.Finish();
    }

    [Theory]
    [InlineData(2, 1)]
    [InlineData(2, 0)]
    [InlineData(3, 0)]
    [InlineData(3, 1023)]
    [InlineData(5, 1025)]
    [InlineData(8, 0)]
    [InlineData(9, 64 * KiB - 1)]
    public void SlicesThenTheRestHashAsTheOneShotInEveryMode(int slices, int rest)
    {
        byte[] input = Data((slices * Slice) + rest);
        Assert.Equal(Blake3.HashData(input), HashInSlices(Blake3.CreateIncrementalHasher(), input, slices));
        Assert.Equal(Blake3.Keyed.HashData(Key, input), HashInSlices(Blake3.CreateIncrementalHasher(Key), input, slices));
        const string Context = "Blake2Fast tests 2026 subtrees";
        Assert.Equal(Blake3.DeriveKey(Context, input), HashInSlices(Blake3.CreateDeriveKeyHasher(Context), input, slices));
    }

    [Fact]
    public void ASliceMustBeWholeChunksOfAPowerOfTwoAtAMultipleOfItsSize()
    {
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        byte[] input = Data(3 * KiB);
        byte[] cv = new byte[32];
        Assert.Throws<ArgumentException>(() => state.HashSubtree(input.AsSpan(0, 3 * KiB), 0, cv)); // 3 chunks
        Assert.Throws<ArgumentException>(() => state.HashSubtree(input.AsSpan(0, KiB + 1), 0, cv)); // not whole
        Assert.Throws<ArgumentException>(() => state.HashSubtree(input.AsSpan(0, 2 * KiB), 1, cv)); // misaligned
        Assert.Throws<ArgumentException>(() => state.HashSubtree(input.AsSpan(0, 2 * KiB), 0, new byte[31]));
        state.HashSubtree(input.AsSpan(0, 2 * KiB), 2, cv); // the positive control
    }

    [Fact]
    public void ASliceIsStackedOnlyOnAChunkBoundaryAlignedToItsSize()
    {
        byte[] cv = new byte[32];
        Blake3HashState mid = Blake3.CreateIncrementalHasher();
        mid.Update(Data(100));
        Assert.Throws<InvalidOperationException>(() => mid.AddSubtree(cv, 1));

        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.AddSubtree(cv, 1); // chunk 0
        Assert.Throws<InvalidOperationException>(() => state.AddSubtree(cv, 2)); // chunk 1 starts no pair
        Assert.Throws<InvalidOperationException>(() => state.AddSubtree(cv, 3));
        state.AddSubtree(cv, 1);
        state.AddSubtree(cv, 2);
        Assert.Equal(4UL, state.ChunkCounter);
    }

    [Fact]
    public void ALoneSliceWithNothingAfterItIsRefusedAtTheFinish()
    {
        byte[] input = Data(Slice);
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        byte[] cv = new byte[32];
        state.HashSubtree(input, 0, cv);
        state.AddSubtree(cv, Slice / KiB);
        Assert.Throws<InvalidOperationException>(() => state.Finish());

        Blake3HashState followed = Blake3.CreateIncrementalHasher(); // the positive control: one byte after it
        followed.AddSubtree(cv, Slice / KiB);
        followed.Update(new byte[1]);
        Assert.Equal(Blake3.HashData([.. input, 0]), followed.Finish());
    }
}
