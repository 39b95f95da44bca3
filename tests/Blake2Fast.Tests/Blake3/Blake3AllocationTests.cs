using System;
using System.Linq;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Blake3Suite;


/// <summary>The span and incremental paths allocate nothing, short inputs and long ones alike.</summary>
public class Blake3AllocationTests
{
    private static readonly byte[] Key = Enumerable.Range(0, 32).Select(i => (byte)i).ToArray();

    [Theory]
    [InlineData(0)]
    [InlineData(100)]
    [InlineData(1024)]
    [InlineData(1025)]
    [InlineData(70_000)]
    public void SpanAndIncrementalPathsAllocateNothing(int length)
    {
        byte[] input = new byte[length];
        byte[] output = new byte[200];
        Action[] calls =
        {
            () => Blake3.HashData(input, output.AsSpan()),
            () => Blake3.TryHashData(200, input, output.AsSpan(), out _),
            () => Blake3.ComputeAndWriteHash(Key, input, output),
            () => Blake3.Keyed.HashData(Key, input, output),
            () => Blake3.DeriveKey("context \u00e9", input, output),
            () =>
            {
                Blake3HashState state = Blake3.CreateIncrementalHasher(Key);
                state.Update(input.AsSpan(0, length / 3));
                state.Update(input.AsSpan(length / 3));
                state.Finish(output);
            },
            () =>
            {
                Blake3HashState state = Blake3.CreateDeriveKeyHasher("context");
                state.Update(input);
                Blake3OutputReader reader = state.FinishXof();
                reader.Read(output.AsSpan(0, 10));
                reader.Position = 1000;
                reader.Read(output);
            },
        };
        foreach (Action call in calls)
            Assert.Equal(0, Allocations.By(call, 20));
    }

}
