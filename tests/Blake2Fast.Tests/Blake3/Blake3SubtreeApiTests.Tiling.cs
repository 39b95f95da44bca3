using System;
using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Tests.Blake3Suite;

/// <summary>
/// Merging a whole set of pieces (<see cref="Blake3Subtrees.MergeRoot(ReadOnlySpan{Blake3Subtree}, long, Blake3Mode, Span{byte})"/>):
/// pieces in the tree's shape, in any order, give the one-shot hash in every mode; and every way of cutting a small
/// input into chunk-aligned pieces either merges into the right hash or is refused, so a wrong tiling can never give
/// a wrong hash. Also the rest of the subtree layer's finishing: the array <c>MergeParent</c>,
/// <c>Blake3.HashData(mode, ...)</c> and the mode factories' names and messages.
/// </summary>
public partial class Blake3SubtreeApiTests
{
    /// <summary>The piece's chaining value as a state computes it, or null where the state refuses the piece.</summary>
    private static byte[]? StateChainingValue(Blake3Mode mode, byte[] input, long offset, long length)
    {
        try
        {
            Blake3HashState state = Blake3.CreateIncrementalHasher(mode);
            state.SetInputOffset(offset);
            state.Update(input.AsSpan((int)offset, (int)length));
            return state.FinishSubtree();
        }
        catch (Exception e) when (e is ArgumentException or InvalidOperationException)
        {
            return null;
        }
    }

    /// <summary>A random split in the tree's shape: each node either one piece or split where the tree splits it.</summary>
    private static void TreePieces(Random random, long start, long end, bool root, List<(long Offset, long Length)> pieces)
    {
        if (!root && (end - start <= KiB || random.Next(3) == 0))
        {
            pieces.Add((start, end - start));
            return;
        }
        long left = Blake3Subtrees.LeftSubtreeLength(end - start);
        TreePieces(random, start, start + left, false, pieces);
        TreePieces(random, start + left, end, false, pieces);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void PiecesInTheTreesShape_InAnyOrder_GiveTheOneShotHash(string modeName)
    {
        Blake3Mode mode = ModeOf(modeName);
        var random = new Random(modeName.Length * 31);
        foreach (int length in new[] { 1025, 2048, 2049, 3072, 4095, 4097, 5 * KiB + 7, 16 * KiB, (1 << 16) + 1, 100_000, 1 << 20 })
        {
            byte[] input = Data(length, length);
            for (int trial = 0; trial < 6; trial++)
            {
                var ranges = new List<(long Offset, long Length)>();
                TreePieces(random, 0, length, true, ranges);
                Blake3Subtree[] pieces = ranges
                    .Select(r => new Blake3Subtree(r.Offset, r.Length, StateChainingValue(mode, input, r.Offset, r.Length)!))
                    .OrderBy(_ => random.Next())
                    .ToArray();
                Assert.Equal(OneShot(modeName, input), Blake3Subtrees.MergeRoot(pieces, length, mode));
                Assert.Equal(OneShot(modeName, input, 77), Blake3Subtrees.MergeRoot(pieces, length, mode, 77));
                byte[] digest = new byte[131];
                Blake3Subtrees.MergeRoot(pieces, length, mode, digest);
                Assert.Equal(OneShot(modeName, input, 131), digest);
                Blake3OutputReader reader = Blake3Subtrees.MergeRootXof(pieces, length, mode);
                byte[] read = new byte[200];
                reader.Read(read);
                Assert.Equal(OneShot(modeName, input, 200), read);
                // The caller's span is left as it was given (the merge sorts a copy).
                Assert.Equal(ranges.Count, pieces.Length);
            }
        }
    }

    [Fact]
    public void EveryChunkAlignedCutOfSmallInputs_EitherMergesRightOrIsRefused()
    {
        // Every set of cut points at multiples of 1024 of inputs up to 9 chunks (the last partial or whole): the pieces'
        // chaining values from a state where it accepts the piece, random bytes where it refuses it. A merge that
        // does not throw must give the hash; the pieces the tree's shape allows must be accepted.
        Blake3Mode mode = Blake3Mode.Hash;
        var random = new Random(5);
        int accepted = 0, refused = 0;
        foreach (int length in new[] { 1025, 2048, 2500, 3072, 4096, 4097, 5000, 6144, 7 * KiB + 1, 8 * KiB, 8 * KiB + 9, 9 * KiB })
        {
            byte[] input = Data(length, length + 1);
            byte[] expected = Blake3.HashData(input);
            int cuts = (length - 1) / KiB; // the possible cut points: 1024, 2048, ... below the length
            for (int mask = 1; mask < 1 << cuts; mask++)
            {
                var ranges = new List<(long Offset, long Length)>();
                long start = 0;
                for (int c = 0; c < cuts; c++)
                {
                    if ((mask >> c & 1) == 0)
                        continue;
                    long at = (c + 1) * (long)KiB;
                    ranges.Add((start, at - start));
                    start = at;
                }
                ranges.Add((start, length - start));
                Blake3Subtree[] pieces = ranges.Select(r =>
                {
                    byte[] cv = StateChainingValue(mode, input, r.Offset, r.Length) ?? Data(32, random.Next());
                    return new Blake3Subtree(r.Offset, r.Length, cv);
                }).OrderBy(_ => random.Next()).ToArray();
                bool treeShaped = IsTreeShaped(ranges, length);
                byte[] merged;
                try
                {
                    merged = Blake3Subtrees.MergeRoot(pieces, length, mode);
                }
                catch (ArgumentException e)
                {
                    Assert.Equal("subtrees", e.ParamName);
                    Assert.False(treeShaped, $"{length} bytes, pieces {string.Join(" ", ranges)}: refused ({e.Message})");
                    refused++;
                    continue;
                }
                Assert.True(treeShaped, $"{length} bytes, pieces {string.Join(" ", ranges)}: accepted though not in the tree's shape");
                Assert.Equal(expected, merged);
                accepted++;
            }
        }
        Assert.True(accepted > 100 && refused > 100, $"accepted {accepted}, refused {refused}");
    }

    /// <summary>Independently of the library: whether the ranges are nodes of BLAKE3's tree over the input (the root excluded).</summary>
    private static bool IsTreeShaped(List<(long Offset, long Length)> ranges, long length)
    {
        var nodes = new HashSet<(long, long)>();
        void Walk(long start, long end)
        {
            nodes.Add((start, end - start));
            if (end - start <= KiB)
                return;
            // The left subtree: the largest power of two of chunks that leaves at least one byte on the right.
            long left = KiB;
            while (left * 2 < end - start)
                left *= 2;
            Walk(start, start + left);
            Walk(start + left, end);
        }
        Walk(0, length);
        nodes.Remove((0, length));
        return ranges.All(nodes.Contains);
    }

    public static readonly TheoryData<string> WrongTilings = new()
    {
        "gap", "overlap", "duplicate", "missing last", "too long for its offset", "not a power of two before the last",
        "misaligned", "short chaining value", "one piece", "empty piece", "past the end",
    };

    [Theory]
    [MemberData(nameof(WrongTilings))]
    public void AWrongTiling_IsAnArgumentExceptionNamingSubtrees(string wrong)
    {
        const int Length = 5 * KiB + 100; // pieces in the tree's shape: 0+4096, 4096+1024, 5120+100
        byte[] input = Data(Length, 9);
        Blake3Mode mode = Blake3Mode.Hash;
        Blake3Subtree Piece(long offset, long length) => new(offset, length, StateChainingValue(mode, input, offset, length) ?? new byte[32]);
        Blake3Subtree[] right = { Piece(0, 4096), Piece(4096, 1024), Piece(5120, 100) };
        Assert.Equal(Blake3.HashData(input), Blake3Subtrees.MergeRoot(right, Length, mode));
        Blake3Subtree[] pieces = wrong switch
        {
            "gap" => new[] { right[0], right[2] },
            "overlap" => new[] { right[0], Piece(3072, 2048), right[2] },
            "duplicate" => new[] { right[0], right[1], right[1], right[2] },
            "missing last" => new[] { right[0], right[1] },
            "too long for its offset" => new[] { Piece(0, 2048), Piece(2048, 3072), right[2] },
            "not a power of two before the last" => new[] { Piece(0, 3072), Piece(3072, 2148) },
            "misaligned" => new[] { Piece(0, 4096), new Blake3Subtree(4096, 1000, new byte[32]), new Blake3Subtree(5096, 124, new byte[32]) },
            "short chaining value" => new[] { right[0], new Blake3Subtree(4096, 1024, new byte[31]), right[2] },
            "one piece" => new[] { new Blake3Subtree(0, Length, new byte[32]) },
            "empty piece" => new[] { right[0], right[1], new Blake3Subtree(5120, 0, new byte[32]), right[2] },
            "past the end" => new[] { right[0], right[1], Piece(5120, 100), new Blake3Subtree(5220, 10, new byte[32]) },
            _ => throw new ArgumentOutOfRangeException(nameof(wrong)),
        };
        var e = Assert.Throws<ArgumentException>(() => Blake3Subtrees.MergeRoot(pieces, Length, mode));
        Assert.Equal("subtrees", e.ParamName);
        byte[] digest = new byte[32];
        Assert.Throws<ArgumentException>(() => Blake3Subtrees.MergeRoot(pieces, Length, mode, digest));
        Assert.Equal(new byte[32], digest); // nothing written
        Assert.Throws<ArgumentException>(() => Blake3Subtrees.MergeRootXof(pieces, Length, mode));
    }

    [Fact]
    public void AnInputLengthThatDisagreesWithThePieces_IsRefused()
    {
        byte[] input = Data(3000, 3);
        var pieces = new[]
        {
            new Blake3Subtree(0, 2048, StateChainingValue(Blake3Mode.Hash, input, 0, 2048)!),
            new Blake3Subtree(2048, 952, StateChainingValue(Blake3Mode.Hash, input, 2048, 952)!),
        };
        Assert.Equal(Blake3.HashData(input), Blake3Subtrees.MergeRoot(pieces, 3000, Blake3Mode.Hash));
        Assert.Equal("subtrees", Assert.Throws<ArgumentException>(() => Blake3Subtrees.MergeRoot(pieces, 3001, Blake3Mode.Hash)).ParamName);
        Assert.Equal("subtrees", Assert.Throws<ArgumentException>(() => Blake3Subtrees.MergeRoot(pieces, 2999, Blake3Mode.Hash)).ParamName);
        var small = Assert.Throws<ArgumentOutOfRangeException>(() => Blake3Subtrees.MergeRoot(pieces, 1024, Blake3Mode.Hash));
        Assert.Equal("inputLength", small.ParamName);
        Assert.Contains("Blake3.HashData(mode", small.Message);
        Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => Blake3Subtrees.MergeRoot(pieces, 3000, Blake3Mode.Hash, 0)).ParamName);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void MergeParentIntoAnArray_EqualsTheSpanForm(string modeName)
    {
        Blake3Mode mode = ModeOf(modeName);
        byte[] left = Data(32, 1), right = Data(32, 2);
        byte[] parent = new byte[32];
        Blake3Subtrees.MergeParent(left, right, mode, parent);
        Assert.Equal(parent, Blake3Subtrees.MergeParent(left, right, mode));
        Assert.NotEqual(new byte[32], parent);
        Assert.Equal("left", Assert.Throws<ArgumentException>(() => Blake3Subtrees.MergeParent(left.AsSpan(1), right, mode)).ParamName);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void HashDataInAMode_EqualsTheOrdinaryCalls(string modeName)
    {
        Blake3Mode mode = ModeOf(modeName);
        foreach (int length in new[] { 0, 1, 64, 1024, 1025, 5000, 70_000 })
        {
            byte[] input = Data(length, length + 7);
            Assert.Equal(OneShot(modeName, input), Blake3.HashData(mode, input));
            Assert.Equal(OneShot(modeName, input, 99), Blake3.HashData(mode, 99, input));
            byte[] destination = new byte[45];
            Assert.Equal(45, Blake3.HashData(mode, input, destination));
            Assert.Equal(OneShot(modeName, input, 45), destination);
        }
        Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => Blake3.HashData(mode, 0, new byte[1])).ParamName);
    }

    [Fact]
    public void TheModeFactories_AreNamedApartFromKeyDerivation_AndPointToTheRightCall()
    {
        // KeyDerivation(context) makes a mode; Blake3.DeriveKey(context, material) derives key bytes: the same output.
        byte[] material = Data(100, 4);
        Assert.Equal(Blake3.DeriveKey(Context, material), Blake3.HashData(Blake3Mode.KeyDerivation(Context), material));
        Span<byte> contextKey = stackalloc byte[32];
        Blake3Mode.KeyDerivation(Context).WriteContextKey(contextKey);
        Assert.Equal(Blake3.DeriveKey(Context, material), Blake3.HashData(Blake3Mode.KeyDerivationFromContextKey(contextKey), material));
        Assert.DoesNotContain(typeof(Blake3Mode).GetMethods(), m => m.Name.StartsWith("DeriveKey", StringComparison.Ordinal));

        // A missing key: no "overload without a key" for a mode; the message names the unkeyed mode.
        var e = Assert.Throws<ArgumentException>(() => Blake3Mode.Keyed(null));
        Assert.Equal("key", e.ParamName);
        Assert.Contains("Blake3Mode.Hash", e.Message);
        Assert.DoesNotContain("overload", e.Message);
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => Blake3Mode.Keyed(new byte[31])).ParamName);
    }
}
