using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Tree;

namespace Blake2Fast.Tests.Blake3Suite;

/// <summary>
/// A finished BLAKE3 state holds nothing of the key or the input: every byte of its tree is zero afterwards, however it
/// finished. The tree clears only the part of its CV stack that can have been written (the chunk count's bit length
/// plus one CVs), so these lengths push the stack deep (many merges) and check that bound with the whole struct.
/// </summary>
public class Blake3ClearingTests
{
    public enum FinishKind { Digest, LongOutput, Reader }

    public static IEnumerable<object[]> Cases() =>
        from instructionSet in Blake3.SupportedInstructionSets
        from length in new[] { 0, 1, 1024, 1025, 5 * 1024 + 3, 31 * 1024, 64 * 1024 + 1, 1_000_003 }
        from finish in Enum.GetValues<FinishKind>()
        select new object[] { instructionSet.ToString(), length, finish };

    [Theory]
    [MemberData(nameof(Cases))]
    public void FinishedKeyedState_HoldsOnlyZeros(string instructionSetName, int length, FinishKind finish)
    {
        var instructionSet = Enum.Parse<InstructionSet>(instructionSetName);
        var random = new Random(length);
        byte[] input = new byte[length], key = new byte[32];
        random.NextBytes(input);
        random.NextBytes(key);
        Blake3HashState state = Blake3HashState.Create(32, key, instructionSet);
        // Odd pieces, so the tree both batches whole chunks and buffers partial ones.
        for (int at = 0; at < length;)
        {
            int take = Math.Min(length - at, 1 + random.Next(70_000));
            state.Update(input.AsSpan(at, take));
            at += take;
        }
        Assert.NotEqual(0, TreeBytes(ref state).ToArray().Count(b => b != 0)); // the check below can fail

        byte[] expected = ReferenceBlake3.KeyedHash_(key, input, 100);
        switch (finish)
        {
            case FinishKind.Digest:
                Assert.Equal(expected[..32], state.Finish());
                break;
            case FinishKind.LongOutput:
                var output = new byte[100];
                state.Finish(output);
                Assert.Equal(expected, output);
                break;
            case FinishKind.Reader:
                Blake3OutputReader reader = state.FinishXof();
                var read = new byte[100];
                reader.Read(read);
                reader.Clear();
                Assert.Equal(expected, read);
                break;
        }

        byte[] left = TreeBytes(ref state).ToArray();
        Assert.True(left.All(b => b == 0), $"{left.Count(b => b != 0)} non-zero bytes left, the first at {Array.FindIndex(left, b => b != 0)}");
        Assert.Throws<InvalidOperationException>(() => state.Update(input));
    }

    /// <summary>The state's tree, its first field, as bytes.</summary>
    private static ReadOnlySpan<byte> TreeBytes(ref Blake3HashState state) =>
        MemoryMarshal.CreateReadOnlySpan(ref Unsafe.As<Blake3HashState, byte>(ref state), Unsafe.SizeOf<Blake3Tree>());
}
