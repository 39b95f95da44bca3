using System;
using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Tests.Blake3Suite;

/// <summary>
/// The public subtree layer (<see cref="Blake3Subtrees"/>, <see cref="Blake3Mode"/>, <see cref="Blake3HashState.SetInputOffset"/>,
/// <see cref="Blake3HashState.FinishSubtree(Span{byte})"/>): any valid split of an input, hashed piece by piece at
/// its offsets and merged in the tree's shape, gives the one-shot hash in all three modes and as extended output; and
/// each rule refuses what would build a wrong tree, with the right exception, naming the argument.
/// </summary>
public partial class Blake3SubtreeApiTests
{
    private const int KiB = 1024;
    private const string Context = "Blake2Fast tests 2026-11-27 subtree API";
    private static readonly byte[] Key = Enumerable.Range(0, 32).Select(i => (byte)(200 - i * 5)).ToArray();

    public static readonly TheoryData<string> Modes = new() { "hash", "keyed", "derive" };

    private static Blake3Mode ModeOf(string name) => name switch
    {
        "keyed" => Blake3Mode.Keyed(Key),
        "derive" => Blake3Mode.KeyDerivation(Context),
        _ => Blake3Mode.Hash,
    };

    /// <summary>The one-shot output of <paramref name="length"/> bytes in the named mode, from the ordinary API.</summary>
    private static byte[] OneShot(string mode, byte[] input, int length = 32) => mode switch
    {
        "keyed" => Blake3.Keyed.HashData(length, Key, input),
        "derive" => Blake3.DeriveKey(Context, input, length),
        _ => Blake3.HashData(length, input),
    };

    private static byte[] Data(int length, int seed)
    {
        var data = new byte[length];
        new Random(seed).NextBytes(data);
        return data;
    }

    /// <summary>One piece: a fresh state at its offset, fed in <paramref name="feeds"/> random-sized updates, finished as a subtree.</summary>
    private static byte[] Piece(byte[] input, long offset, long length, Blake3Mode mode, Random feeds)
    {
        Blake3HashState state = Blake3.CreateIncrementalHasher(mode);
        state.SetInputOffset(offset);
        Assert.Equal(offset, state.InputOffset);
        ReadOnlySpan<byte> rest = input.AsSpan((int)offset, (int)length);
        while (!rest.IsEmpty)
        {
            int take = feeds.Next(3) == 0 ? rest.Length : Math.Min(rest.Length, feeds.Next(1, 3000));
            state.Update(rest.Slice(0, take));
            rest = rest.Slice(take);
        }
        return state.FinishSubtree();
    }

    /// <summary>
    /// The chaining value of the tree node over [<paramref name="offset"/>, +<paramref name="length"/>): one piece
    /// unless <paramref name="split"/> says to split it, then its two children merged (the tree's shape, from
    /// <see cref="Blake3Subtrees.LeftSubtreeLength"/>).
    /// </summary>
    private static byte[] Node(byte[] input, long offset, long length, Blake3Mode mode, Func<long, long, bool> split, Random feeds)
    {
        if (length <= KiB || !split(offset, length))
            return Piece(input, offset, length, mode, feeds);
        long left = Blake3Subtrees.LeftSubtreeLength(length);
        byte[] parent = new byte[32];
        Blake3Subtrees.MergeParent(Node(input, offset, left, mode, split, feeds), Node(input, offset + left, length - left, mode, split, feeds), mode, parent);
        return parent;
    }

    /// <summary>The two CVs of the root's children, for the root merges.</summary>
    private static (byte[] Left, byte[] Right) RootChildren(byte[] input, Blake3Mode mode, Func<long, long, bool> split, Random feeds)
    {
        long left = Blake3Subtrees.LeftSubtreeLength(input.Length);
        return (Node(input, 0, left, mode, split, feeds), Node(input, left, input.Length - left, mode, split, feeds));
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void ThreeChunksHashedApartAndMergedGiveTheHash(string name)
    {
        // The tree of three chunks: root(parent(chunk0, chunk1), chunk2).
        Blake3Mode mode = ModeOf(name);
        byte[] input = Data(3 * KiB, 3);
        byte[][] chunks = new byte[3][];
        for (int i = 0; i < 3; i++)
        {
            Blake3HashState state = Blake3.CreateIncrementalHasher(mode);
            state.SetInputOffset(i * KiB);
            state.Update(input.AsSpan(i * KiB, KiB));
            chunks[i] = state.FinishSubtree();
        }
        byte[] parent = new byte[32];
        Blake3Subtrees.MergeParent(chunks[0], chunks[1], mode, parent);
        Assert.Equal(OneShot(name, input), Blake3Subtrees.MergeRoot(parent, chunks[2], mode));

        // The left two chunks as one piece give the same parent.
        Blake3HashState both = Blake3.CreateIncrementalHasher(mode);
        both.Update(input.AsSpan(0, 2 * KiB));
        Assert.Equal(parent, both.FinishSubtree());
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void EverySplitPointOfSmallInputsRecombinesToTheOneShot(string name)
    {
        // Each input cut at every chunk boundary p: the fewest tree nodes on either side of p, each hashed as a piece.
        Blake3Mode mode = ModeOf(name);
        var feeds = new Random(7);
        foreach (int length in new[] { 1025, 2048, 2049, 3 * KiB + 1, 4 * KiB, 7 * KiB - 1, 16 * KiB + 1, 33 * KiB - 5, 64 * KiB, 64 * KiB + 700 })
        {
            byte[] input = Data(length, length);
            byte[] expected = OneShot(name, input);
            for (long p = KiB; p < length; p += KiB)
            {
                long cut = p;
                var (left, right) = RootChildren(input, mode, (o, l) => o < cut && cut < o + l, feeds);
                Assert.Equal(expected, Blake3Subtrees.MergeRoot(left, right, mode));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void RandomTilingsRecombineToTheOneShotAndItsExtendedOutput(string name)
    {
        Blake3Mode mode = ModeOf(name);
        var random = new Random(name.Length);
        for (int round = 0; round < 40; round++)
        {
            int length = random.Next(3) switch
            {
                0 => random.Next(1025, 8 * KiB),
                1 => KiB * random.Next(2, 130),
                _ => random.Next(1025, 200 * KiB),
            };
            byte[] input = Data(length, round);
            var (left, right) = RootChildren(input, mode, (_, _) => random.Next(3) != 0, random);
            Assert.Equal(OneShot(name, input, 77), Blake3Subtrees.MergeRoot(left, right, mode, 77));

            byte[] digest = new byte[20];
            Blake3Subtrees.MergeRoot(left, right, mode, digest);
            Assert.Equal(OneShot(name, input, 20), digest);

            // Extended output with a seek: the same bytes at the same position.
            byte[] full = OneShot(name, input, 1000);
            Blake3OutputReader reader = Blake3Subtrees.MergeRootXof(left, right, mode);
            int at = random.Next(0, 900);
            reader.Position = at;
            byte[] read = new byte[100];
            reader.Read(read);
            Assert.Equal(full.AsSpan(at, 100).ToArray(), read);
            Assert.Equal(at + 100, reader.Position);
            reader.Clear();
        }
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void AMultiMebibyteInputInLargestSubtreesAndAnOddTailRecombines(string name)
    {
        // 5 MiB + 1234: the root's left subtree (4 MiB), then the right one's two halves (1 MiB, the odd tail); the
        // two large pieces hashed with UpdateParallel.
        Blake3Mode mode = ModeOf(name);
        const int MiB = KiB * KiB;
        byte[] input = Data(5 * MiB + 1234, 5);
        Assert.Equal(4 * MiB, Blake3Subtrees.LeftSubtreeLength(input.Length));
        Assert.Equal(MiB, Blake3Subtrees.LeftSubtreeLength(input.Length - (4 * MiB)));
        Assert.Equal(4 * MiB, Blake3Subtrees.MaxSubtreeLength(4 * MiB));
        Assert.Equal(MiB, Blake3Subtrees.MaxSubtreeLength(5 * MiB));
        var pieces = new List<byte[]>();
        foreach (var (offset, length) in new[] { (0, 4 * MiB), (4 * MiB, MiB), (5 * MiB, 1234) })
        {
            Blake3HashState state = Blake3.CreateIncrementalHasher(mode);
            state.SetInputOffset(offset);
            if (length > MiB / 2)
                state.UpdateParallel(input.AsSpan(offset, length), 2);
            else
                state.Update(input.AsSpan(offset, length));
            pieces.Add(state.FinishSubtree());
        }
        Assert.Equal(3, pieces.Count);
        byte[] right = new byte[32];
        Blake3Subtrees.MergeParent(pieces[1], pieces[2], mode, right);
        Assert.Equal(OneShot(name, input, 64), Blake3Subtrees.MergeRoot(pieces[0], right, mode, 64));
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void AModeHasherWithoutAnOffsetIsTheOrdinaryHash(string name)
    {
        byte[] input = Data(5000, 1);
        Blake3HashState state = Blake3.CreateIncrementalHasher(ModeOf(name));
        state.SetInputOffset(0); // allowed before input: the whole-input state
        state.Update(input);
        Assert.Equal(OneShot(name, input), state.Finish());

        Blake3HashState longer = Blake3.CreateIncrementalHasher(40, ModeOf(name));
        Assert.Equal(40, longer.DigestLength);
        longer.Update(input);
        Assert.Equal(OneShot(name, input, 40), longer.Finish());
    }

    [Fact]
    public void TheDefaultModeIsPlainHashingAndTheContextKeyTravels()
    {
        byte[] input = Data(3000, 2);
        Blake3HashState byDefault = Blake3.CreateIncrementalHasher(default(Blake3Mode));
        byDefault.Update(input);
        Assert.Equal(Blake3.HashData(input), byDefault.Finish());

        byte[] contextKey = new byte[32];
        Blake3Mode.KeyDerivation(Context).WriteContextKey(contextKey);
        Blake3HashState shipped = Blake3.CreateIncrementalHasher(Blake3Mode.KeyDerivationFromContextKey(contextKey));
        shipped.Update(input);
        Assert.Equal(Blake3.DeriveKey(Context, input), shipped.Finish());

        Assert.Equal("BLAKE3 hash", Blake3Mode.Hash.ToString());
        Assert.Equal("BLAKE3 keyed hash", Blake3Mode.Keyed(Key).ToString());
        Assert.Equal("BLAKE3 key derivation", Blake3Mode.KeyDerivation(Context).ToString());
    }

    [Fact]
    public void ModesRefuseBadKeysAndContexts()
    {
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => Blake3Mode.Keyed(new byte[31])).ParamName);
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => Blake3Mode.Keyed(new byte[33])).ParamName);
        Assert.Equal("contextKey", Assert.Throws<ArgumentException>(() => Blake3Mode.KeyDerivationFromContextKey(new byte[16])).ParamName);
        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => Blake3Mode.KeyDerivation(null!)).ParamName);
        Assert.Throws<InvalidOperationException>(() => Blake3Mode.Hash.WriteContextKey(new byte[32]));
        Assert.Throws<InvalidOperationException>(() => Blake3Mode.Keyed(Key).WriteContextKey(new byte[32]));
        byte[] shortKey = new byte[31];
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Blake3Mode.KeyDerivation(Context).WriteContextKey(shortKey)).ParamName);
        Assert.All(shortKey, b => Assert.Equal(0, b));
        Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => Blake3.CreateIncrementalHasher(0, Blake3Mode.Hash)).ParamName);
    }

    [Theory]
    [InlineData(1025, 1024)]
    [InlineData(2048, 1024)]
    [InlineData(2049, 2048)]
    [InlineData(4096, 2048)]
    [InlineData(4097, 4096)]
    [InlineData(1 << 20, 1 << 19)]
    [InlineData((1L << 40) + 1, 1L << 40)]
    [InlineData(long.MaxValue, 1L << 62)]
    public void TheLeftSubtreeIsTheLargestPowerOfTwoOfChunksBelowTheLength(long length, long left)
    {
        Assert.Equal(left, Blake3Subtrees.LeftSubtreeLength(length));
    }

    [Theory]
    [InlineData(1024)]
    [InlineData(1)]
    [InlineData(0)]
    [InlineData(-5)]
    public void AnInputOfOneChunkOrLessHasNoLeftSubtree(long length)
    {
        Assert.Equal("inputLength", Assert.Throws<ArgumentOutOfRangeException>(() => Blake3Subtrees.LeftSubtreeLength(length)).ParamName);
    }

    [Theory]
    [InlineData(0, long.MaxValue)]
    [InlineData(1024, 1024)]
    [InlineData(2048, 2048)]
    [InlineData(3072, 1024)]
    [InlineData(4096, 4096)]
    [InlineData(6144, 2048)]
    [InlineData(5L << 30, 1L << 30)]
    [InlineData(1L << 62, 1L << 62)]
    public void TheLargestSubtreeAtAnOffsetIsItsLowestSetBit(long offset, long max)
    {
        Assert.Equal(max, Blake3Subtrees.MaxSubtreeLength(offset));
    }

    [Fact]
    public void OffsetsMustBeWholeChunksAndNotNegative()
    {
        Assert.Equal("inputOffset", Assert.Throws<ArgumentException>(() => Blake3Subtrees.MaxSubtreeLength(1000)).ParamName);
        Assert.Equal("inputOffset", Assert.Throws<ArgumentOutOfRangeException>(() => Blake3Subtrees.MaxSubtreeLength(-1024)).ParamName);
        Blake3HashState state = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        Assert.Equal("offset", Assert.Throws<ArgumentException>(() => state.SetInputOffset(1025)).ParamName);
        Assert.Equal("offset", Assert.Throws<ArgumentException>(() => state.SetInputOffset(512)).ParamName);
        Assert.Equal("offset", Assert.Throws<ArgumentOutOfRangeException>(() => state.SetInputOffset(-2048)).ParamName);
        Assert.Equal(0, state.InputOffset); // refused: nothing changed
        state.SetInputOffset(4096);
        state.SetInputOffset(8192); // before input, it may be set again
        Assert.Equal(8192, state.InputOffset);
    }

    [Fact]
    public void AnOffsetAfterInputIsRefused()
    {
        Blake3HashState state = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        state.Update(ReadOnlySpan<byte>.Empty); // no input yet
        state.SetInputOffset(1024);
        state.Update(new byte[1]);
        Assert.Contains("before any input", Assert.Throws<InvalidOperationException>(() => state.SetInputOffset(2048)).Message, StringComparison.Ordinal);

        Blake3HashState plain = Blake3.CreateIncrementalHasher();
        plain.Update(new byte[5000]);
        Assert.Throws<InvalidOperationException>(() => plain.SetInputOffset(0));
        Blake3HashState none = default;
        Assert.Throws<InvalidOperationException>(() => none.SetInputOffset(0));
    }

    [Fact]
    public void APieceLongerThanItsOffsetAllowsIsRefusedAndTheStateStaysUsable()
    {
        byte[] input = Data(8 * KiB, 9);
        byte[] longer = Data(9 * KiB, 9);
        Blake3HashState state = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        state.SetInputOffset(6 * KiB); // at most 2 KiB here
        Assert.Equal("input", Assert.Throws<ArgumentException>(() => state.Update(longer.AsSpan(0, (2 * KiB) + 1))).ParamName);
        state.Update(input.AsSpan(6 * KiB, 1000));
        Assert.Throws<ArgumentException>(() => state.Update(longer.AsSpan(0, 1049)));
        Assert.Throws<ArgumentException>(() => state.UpdateParallel(longer.AsSpan(0, 1049), 2));
        state.Update(input.AsSpan(6 * KiB + 1000, 1048)); // exactly to the end
        Assert.Throws<ArgumentException>(() => state.Update(new byte[1]));
        state.Update(ReadOnlySpan<byte>.Empty);
        byte[] cv = state.FinishSubtree();

        // The refusals changed nothing: the CV is that of the 2 KiB at 6 KiB.
        Blake3HashState clean = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        clean.SetInputOffset(6 * KiB);
        clean.Update(input.AsSpan(6 * KiB, 2 * KiB));
        Assert.Equal(clean.FinishSubtree(), cv);
        Blake3HashState left = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        left.SetInputOffset(4 * KiB);
        left.Update(input.AsSpan(4 * KiB, 2 * KiB));
        byte[] upper = new byte[32];
        Blake3Subtrees.MergeParent(left.FinishSubtree(), cv, Blake3Mode.Hash, upper);
        Blake3HashState low = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        low.Update(input.AsSpan(0, 4 * KiB));
        Assert.Equal(Blake3.HashData(input), Blake3Subtrees.MergeRoot(low.FinishSubtree(), upper, Blake3Mode.Hash));
    }

    [Fact]
    public void ASubtreeStateIsNeverFinishedAsTheRoot()
    {
        Blake3HashState state = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        state.SetInputOffset(1024);
        state.Update(new byte[100]);
        byte[] output = new byte[32];
        Assert.Contains("FinishSubtree", Assert.Throws<InvalidOperationException>(() => state.Finish()).Message, StringComparison.Ordinal);
        Assert.Contains("FinishSubtree", Assert.Throws<InvalidOperationException>(() => state.Finish(output)).Message, StringComparison.Ordinal);
        Assert.Contains("FinishSubtree", Assert.Throws<InvalidOperationException>(() => state.TryFinish(output, out _)).Message, StringComparison.Ordinal);
        Assert.Contains("FinishSubtree", Assert.Throws<InvalidOperationException>(() => state.FinishXof()).Message, StringComparison.Ordinal);
        Assert.All(output, b => Assert.Equal(0, b));
        Assert.Equal(32, state.FinishSubtree().Length); // still usable, then finished
        Assert.Throws<InvalidOperationException>(() => state.FinishSubtree());
        Assert.Throws<InvalidOperationException>(() => state.Update(new byte[1]));
    }

    [Theory]
    [InlineData(0, 0)]
    [InlineData(4096, 0)]
    [InlineData(0, 1)]
    [InlineData(0, 1000)]
    [InlineData(0, 1023)]
    [InlineData(0, 1025)]
    [InlineData(0, 3 * KiB)]
    [InlineData(0, 4 * KiB + 64)]
    public void WhatCannotBeASubtreeHasNoChainingValue(long offset, int length)
    {
        // Empty anywhere; at offset 0 anything but a power of two of chunks (it would have to be the whole input).
        Blake3HashState state = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        state.SetInputOffset(offset);
        state.Update(Data(length, length));
        Assert.Throws<InvalidOperationException>(() => state.FinishSubtree());
        if (offset == 0 && length > 0)
        {
            byte[] data = Data(length, length);
            Assert.Equal(Blake3.HashData(data), state.Finish()); // still usable: the ordinary path
        }
    }

    [Theory]
    [InlineData(1024)]
    [InlineData(2048)]
    [InlineData(64 * KiB)]
    public void AWholeSubtreeAtOffsetZeroHasAChainingValue(int length)
    {
        // The left subtree of an input one byte longer: its CV merged with the last byte's chunk gives the hash.
        byte[] input = Data(length + 1, length);
        Blake3HashState left = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        left.Update(input.AsSpan(0, length));
        Blake3HashState right = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        right.SetInputOffset(length);
        right.Update(input.AsSpan(length));
        Assert.Equal(Blake3.HashData(input), Blake3Subtrees.MergeRoot(left.FinishSubtree(), right.FinishSubtree(), Blake3Mode.Hash));
    }

    [Fact]
    public void AShortChainingValueDestinationIsRefusedAndTheStateKept()
    {
        Blake3HashState state = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        state.SetInputOffset(2048);
        state.Update(new byte[2048]);
        byte[] small = new byte[31];
        Assert.Equal("chainingValue", Assert.Throws<ArgumentException>(() => state.FinishSubtree(small)).ParamName);
        Assert.Equal("chainingValue", Assert.Throws<ArgumentException>(() => state.FinishSubtree(new byte[33])).ParamName);
        Assert.All(small, b => Assert.Equal(0, b));
        byte[] cv = new byte[32];
        state.FinishSubtree(cv);
        Assert.Contains(cv, b => b != 0);
    }

    [Fact]
    public void MergesRefuseMalformedChainingValuesNamingThem()
    {
        byte[] cv = new byte[32], parent = new byte[32];
        Blake3Mode mode = Blake3Mode.Hash;
        Assert.Equal("left", Assert.Throws<ArgumentException>(() => Blake3Subtrees.MergeParent(new byte[31], cv, mode, parent)).ParamName);
        Assert.Equal("right", Assert.Throws<ArgumentException>(() => Blake3Subtrees.MergeParent(cv, new byte[64], mode, parent)).ParamName);
        Assert.Equal("parentChainingValue", Assert.Throws<ArgumentException>(() => Blake3Subtrees.MergeParent(cv, cv, mode, new byte[16])).ParamName);
        Assert.Equal("left", Assert.Throws<ArgumentException>(() => Blake3Subtrees.MergeRoot(ReadOnlySpan<byte>.Empty, cv, mode)).ParamName);
        Assert.Equal("right", Assert.Throws<ArgumentException>(() => Blake3Subtrees.MergeRoot(cv, new byte[33], mode, new byte[32])).ParamName);
        Assert.Equal("right", Assert.Throws<ArgumentException>(() => Blake3Subtrees.MergeRootXof(cv, new byte[1], mode)).ParamName);
        Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => Blake3Subtrees.MergeRoot(cv, cv, mode, 0)).ParamName);
        Assert.All(parent, b => Assert.Equal(0, b));

        // In place: the parent may overwrite a child.
        byte[] left = Data(32, 1), right = Data(32, 2), expected = new byte[32];
        Blake3Subtrees.MergeParent(left, right, mode, expected);
        Blake3Subtrees.MergeParent(left, right, mode, left);
        Assert.Equal(expected, left);
    }

    [Fact]
    public void AParentIsTheReferenceParentNode()
    {
        // One compression of left || right with PARENT (and ROOT for the root), in each mode's key and flags.
        byte[] left = Data(32, 11), right = Data(32, 12);
        byte[] block = left.Concat(right).ToArray();
        uint[] iv = ReferenceBlake3.IV;
        byte[] parent = new byte[32];
        Blake3Subtrees.MergeParent(left, right, Blake3Mode.Hash, parent);
        Assert.Equal(Bytes(ReferenceBlake3.ParentChainingValue(iv, 0, block)), parent);
        Blake3Subtrees.MergeParent(left, right, Blake3Mode.Keyed(Key), parent);
        uint[] key = Enumerable.Range(0, 8).Select(i => BitConverter.ToUInt32(Key, 4 * i)).ToArray();
        const uint KeyedHash = 16;
        Assert.Equal(Bytes(ReferenceBlake3.ParentChainingValue(key, KeyedHash, block)), parent);
    }

    private static byte[] Bytes(uint[] words) => words.SelectMany(BitConverter.GetBytes).ToArray();

    [Fact]
    public void ASavedSubtreeStateKeepsItsOffset()
    {
        byte[] input = Data(16 * KiB, 4);
        foreach (int before in new[] { 0, 1, 1024, 1500, 4096, 7000 })
        {
            Blake3HashState state = Blake3.CreateIncrementalHasher(Blake3Mode.Keyed(Key));
            state.SetInputOffset(8 * KiB);
            state.Update(input.AsSpan(8 * KiB, before));
            byte[] blob = new byte[state.SavedStateLength];
            state.SaveState(blob, includeKeyedState: true);
            Assert.Equal(1, blob[10]);
            Blake3HashState resumed = Blake3HashState.RestoreState(blob);
            Assert.Equal(8 * KiB, resumed.InputOffset);
            resumed.Update(input.AsSpan(8 * KiB + before, 8 * KiB - before));
            Assert.Throws<ArgumentException>(() => resumed.Update(new byte[1])); // the limit came along too
            Assert.Throws<InvalidOperationException>(() => resumed.Finish());

            Blake3HashState straight = Blake3.CreateIncrementalHasher(Blake3Mode.Keyed(Key));
            straight.SetInputOffset(8 * KiB);
            straight.Update(input.AsSpan(8 * KiB));
            Assert.Equal(straight.FinishSubtree(), resumed.FinishSubtree());
        }
    }

    [Fact]
    public void AWholeInputBlobIsWrittenAsBeforeSubtrees()
    {
        // Offset 0 writes the earlier format byte for byte (header byte 10 zero, no extra body), so older blobs read the same.
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.Update(new byte[3000]);
        byte[] blob = new byte[state.SavedStateLength];
        state.SaveState(blob);
        Assert.Equal(0, blob[10]);
        // Header, counter, key, chunk CV, the 56 bytes waiting in the block (14 of the last 952 compressed), the two
        // whole chunks' parent, checksum.
        Assert.Equal(16 + 8 + 32 + 32 + 56 + 32 + 16, blob.Length);
        Assert.Equal(Blake3.HashData(new byte[3000]), Blake3HashState.RestoreState(blob).Finish());
    }

    [Fact]
    public void SubtreeBlobsWithImpossibleOffsetsOrCountsAreRefused()
    {
        // Resealed after each change, so the checksum passes and the checks behind it must refuse.
        Blake3HashState state = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        state.SetInputOffset(3 * KiB); // at most 1 KiB here
        state.Update(new byte[100]);
        byte[] blob = new byte[state.SavedStateLength];
        state.SaveState(blob);
        int firstChunk = blob.Length - 16 - 8;
        Assert.Equal(3UL, BitConverter.ToUInt64(blob, firstChunk));
        Assert.Equal(3 * KiB, Blake3HashState.RestoreState(blob).InputOffset); // the positive control

        foreach (Action<byte[]> damage in new Action<byte[]>[]
        {
            b => b[10] = 2, // an unknown subtree marker
            b => BitConverter.TryWriteBytes(b.AsSpan(firstChunk), 0UL), // marked a subtree, at offset 0
            b => BitConverter.TryWriteBytes(b.AsSpan(firstChunk), 1UL << 60), // past any long offset
            b => BitConverter.TryWriteBytes(b.AsSpan(firstChunk), 4UL), // after the chunk counter
            b => BitConverter.TryWriteBytes(b.AsSpan(16), 5UL), // two chunks past chunk 3, where one fits
        })
        {
            byte[] bad = (byte[])blob.Clone();
            damage(bad);
            State.SavedStateEnvelope.Seal(bad);
            Assert.Equal("savedState", Assert.Throws<ArgumentException>(() => Blake3HashState.RestoreState(bad)).ParamName);
        }
    }

    [Theory]
    [InlineData(3, 3, 0, 10, 0, true)] // a partial first chunk at chunk 3
    [InlineData(4, 3, 0, 0, 1, true)] // chunk 3 whole: its one CV stacked
    [InlineData(4, 3, 0, 1, 1, false)] // and a byte past the largest subtree at chunk 3
    [InlineData(6, 4, 0, 0, 1, true)] // two chunks at chunk 4, merged or not
    [InlineData(6, 4, 0, 0, 2, true)]
    [InlineData(8, 4, 0, 0, 1, true)] // all four at chunk 4
    [InlineData(9, 4, 0, 0, 1, false)] // five where four fit
    [InlineData(5, 4, 0, 0, 0, false)] // a chunk counted but not stacked
    [InlineData(2, 3, 0, 0, 0, false)] // a counter before the first chunk
    public void TheTreeKnowsWhatASubtreeCanHold(long chunkCounter, long firstChunk, int blocksCompressed, int blockLength, int stackLength, bool valid)
    {
        Assert.Equal(valid, Blake2Fast.Families.Blake3.Tree.Blake3Tree.IsValid((ulong)chunkCounter, blocksCompressed, blockLength, stackLength, (ulong)firstChunk));
    }
}
