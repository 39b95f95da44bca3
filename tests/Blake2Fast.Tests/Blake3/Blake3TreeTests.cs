using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Tree;

namespace Blake2Fast.Tests.Blake3Suite;

/// <summary>
/// The tree unit (<see cref="Blake3Tree"/>) on its own, and the rule of what waits: only chunk 0 (which may be the
/// root) waits for a byte past it; every later complete chunk is hashed at once, and the stack merges lazily. Inputs
/// at every boundary where that rule turns, one-shot and in pieces ending exactly on chunk boundaries, on every
/// instruction set, against the plain reference.
/// </summary>
public class Blake3TreeTests
{
    private const int KiB = 1024;

    public static readonly int[] Boundaries =
    {
        0, 1, 1023, 1024, 1025, 2047, 2048, 2049, 3 * KiB, 4 * KiB, 13 * KiB, 16 * KiB - 1, 16 * KiB, 16 * KiB + 1,
        17 * KiB, 64 * KiB - 1, 64 * KiB, 64 * KiB + 1, 65 * KiB, 128 * KiB,
    };

    public static IEnumerable<object[]> Cases() =>
        from length in Boundaries
        from instructionSet in Blake3.SupportedInstructionSets
        select new object[] { length, InstructionSets.Name(instructionSet) };

    private static byte[] Input(int length)
    {
        var input = new byte[length];
        new Random(length).NextBytes(input);
        return input;
    }

    private static InstructionSet ParseInstructionSet(string name) => InstructionSets.Parse(name) ?? InstructionSet.Scalar;

    private static Blake3Tree NewTree(InstructionSet instructionSet)
    {
        uint[] iv = (uint[])ReferenceBlake3.IV.Clone();
        return new Blake3Tree(ref iv[0], 0, instructionSet);
    }

    private static byte[] Output(ref Blake3Tree tree, int length)
    {
        var output = new byte[length];
        tree.Root().WriteRoot(0, output);
        return output;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void OneShotMatchesTheReference(int length, string instructionSet)
    {
        byte[] input = Input(length);
        byte[] expected = ReferenceBlake3.Hash(input, 80);
        var output = new byte[80];
        Blake3HashState.Hash(80, default, input, output, "output", ParseInstructionSet(instructionSet));
        Assert.Equal(expected, output);

        Blake3Tree tree = NewTree(ParseInstructionSet(instructionSet));
        tree.Update(input, 1);
        Assert.Equal(expected, Output(ref tree, 80));
    }

    /// <summary>Pieces of 1, 2, 3, 4, 5 and 16 chunks, each piece ending on a chunk boundary (the last one may be short).</summary>
    [Theory]
    [MemberData(nameof(Cases))]
    public void PiecesEndingOnChunkBoundariesMatchTheReference(int length, string instructionSet)
    {
        byte[] input = Input(length);
        byte[] expected = ReferenceBlake3.Hash(input, 32);
        byte[] key = Enumerable.Range(1, 32).Select(i => (byte)i).ToArray();
        byte[] keyed = ReferenceBlake3.KeyedHash_(key, input, 32);
        foreach (int chunks in new[] { 1, 2, 3, 4, 5, 16 })
        {
            Blake3HashState state = Blake3HashState.Create(32, default, ParseInstructionSet(instructionSet));
            Blake3HashState keyedState = Blake3HashState.Create(32, key, ParseInstructionSet(instructionSet));
            for (int at = 0; at < length; at += chunks * KiB)
            {
                ReadOnlySpan<byte> piece = input.AsSpan(at, Math.Min(chunks * KiB, length - at));
                state.Update(piece);
                keyedState.Update(piece);
            }
            Assert.Equal(expected, state.Finish());
            Assert.Equal(keyed, keyedState.Finish());
        }
    }

    /// <summary>
    /// What waits after each piece: chunk 0 while nothing follows it; no later complete chunk; and the stack never
    /// merges into one CV while the input may end there (that CV would have to be the root).
    /// </summary>
    [Theory]
    [MemberData(nameof(Cases))]
    public void OnlyChunkZeroWaits(int length, string instructionSet)
    {
        byte[] input = Input(length);
        foreach (int piece in new[] { KiB, 4 * KiB, 16 * KiB, int.MaxValue })
        {
            Blake3Tree tree = NewTree(ParseInstructionSet(instructionSet));
            for (int at = 0; at < length;)
            {
                int n = Math.Min(piece, length - at);
                tree.Update(input.AsSpan(at, n), 1);
                at += n;
                int wholeChunks = at / KiB, tail = at % KiB;
                if (at <= KiB)
                {
                    // Chunk 0, complete or not, waits: it may be the root.
                    Assert.Equal(0ul, tree.ChunkCounter);
                    Assert.Equal(0, tree.StackLength);
                }
                else
                {
                    // Every complete chunk past chunk 0 is in the stack; only the partial chunk's bytes wait.
                    Assert.Equal((ulong)wholeChunks, tree.ChunkCounter);
                    Assert.Equal(tail == 0 ? 0 : (tail - 1) % 64 + 1, tree.BlockLengthHeld);
                    Assert.InRange(tree.StackLength, Blake3Tree.PopCount((ulong)wholeChunks), Blake3Tree.PopCount((ulong)wholeChunks - 1) + 1);
                    if (tail == 0)
                        Assert.True(tree.StackLength >= 2, "a stack that ends the input is never merged into one CV");
                    Assert.True(Blake3Tree.IsValid(tree.ChunkCounter, tree.BlocksCompressed, tree.BlockLengthHeld, tree.StackLength));
                }
            }
            Assert.Equal(ReferenceBlake3.Hash(input, 32), Output(ref tree, 32));
        }
    }

    /// <summary>A state saved at a chunk boundary (nothing waiting but the stack) resumes to the same hash.</summary>
    [Theory]
    [InlineData(2 * KiB)]
    [InlineData(16 * KiB)]
    [InlineData(17 * KiB)]
    public void AStateSavedOnAChunkBoundaryResumes(int length)
    {
        byte[] input = Input(length + 100);
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.Update(input.AsSpan(0, length));
        var blob = new byte[state.SavedStateLength];
        state.SaveState(blob);
        Blake3HashState resumed = Blake3HashState.RestoreState(blob);
        Blake3HashState resumedMore = Blake3HashState.RestoreState(blob);
        resumedMore.Update(input.AsSpan(length));
        Assert.Equal(ReferenceBlake3.Hash(input[..length], 32), resumed.Finish());
        Assert.Equal(ReferenceBlake3.Hash(input, 32), resumedMore.Finish());
    }

    [Theory]
    [InlineData(0ul, 0, 0, 0, true)]
    [InlineData(0ul, 0, 0, 1, false)]
    [InlineData(1ul, 0, 5, 1, true)]
    [InlineData(1ul, 0, 0, 1, false)] // chunk 0 pushed with nothing past it
    [InlineData(2ul, 0, 0, 2, true)]
    [InlineData(2ul, 0, 0, 1, false)] // the whole input merged into one CV: it had to be the root
    [InlineData(3ul, 0, 1, 2, true)]
    [InlineData(3ul, 0, 1, 3, false)] // more than one unmerged CV
    [InlineData(4ul, 0, 1, 1, true)]
    [InlineData(4ul, 3, 0, 2, false)] // blocks compressed but none waiting
    public void ValidityOfTheCounts(ulong chunks, int blocksCompressed, int blockLength, int stackLength, bool valid) =>
        Assert.Equal(valid, Blake3Tree.IsValid(chunks, blocksCompressed, blockLength, stackLength));
}
