using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Family;

/// <summary>
/// The official BLAKE2bp and BLAKE2sp known answers (groups blake2bp and blake2sp of blake2-kat.json: input
/// 00 01 .. of length 0..255, unkeyed and with the full-length key 00 01 ..): one theory case per entry, through
/// every public entry point, and on every parallel kernel through the internal one-shot and incremental states
/// with split points chosen around the leaf blocks and the superblock (one block per leaf).
/// </summary>
public class ParallelKatTests
{
    public const int EntriesPerGroup = 256;

    [Fact]
    public void KatFile_ParallelGroups_HaveTheExpectedShape()
    {
        foreach (ParallelDriver algorithm in ParallelDriver.All)
        {
            foreach (bool keyed in new[] { false, true })
            {
                IReadOnlyList<KatEntry> group = KatVectors.Group(algorithm.Name, keyed);
                Assert.Equal(EntriesPerGroup, group.Count);
                for (int i = 0; i < group.Count; i++)
                {
                    Assert.Equal(Hex.Sequence(i), group[i].Input);
                    Assert.Equal(keyed ? Hex.Sequence(algorithm.MaxKeyLength) : Array.Empty<byte>(), group[i].Key);
                    Assert.Equal(algorithm.MaxDigestLength, group[i].Expected.Length);
                }
            }
        }
    }

    [Fact]
    public void Constants_AreTheDocumentedValues()
    {
        Assert.Equal(64, Blake2bp.DefaultDigestLength);
        Assert.Equal(64, Blake2bp.MaxKeyLength);
        Assert.Equal(32, Blake2sp.DefaultDigestLength);
        Assert.Equal(32, Blake2sp.MaxKeyLength);
    }

    [Fact]
    public void SupportedParallelKernels_IncludeScalar_AndTheDefault()
    {
        foreach (ParallelDriver algorithm in ParallelDriver.All)
        {
            IReadOnlyList<InstructionSet> instructionSets = algorithm.SupportedInstructionSets;
            Assert.Contains(InstructionSet.Scalar, instructionSets);
            Assert.Contains(algorithm.DefaultInstructionSet, instructionSets);
            Assert.Equal(instructionSets.Distinct().Count(), instructionSets.Count);
        }
    }

    internal static void CheckPublicApi(ParallelDriver algorithm, bool keyed, byte[] input, byte[] key, byte[] expected, Mismatches mismatches)
    {
        int max = algorithm.MaxDigestLength;
        if (keyed)
        {
            mismatches.Check(expected, algorithm.ComputeHash(key, input), "ComputeHash(key, input)");
            mismatches.Check(expected, algorithm.ComputeHash(max, key, input), "ComputeHash(max, key, input)");
        }
        else
        {
            mismatches.Check(expected, algorithm.ComputeHash(input), "ComputeHash(input)");
            mismatches.Check(expected, algorithm.ComputeHash(max, input), "ComputeHash(max, input)");
        }

        // Into a larger span: exactly the digest is written at its start.
        var buffer = new byte[max + 13];
        void Written(string what)
        {
            mismatches.Check(expected, buffer.AsSpan(0, max).ToArray(), what);
            mismatches.CheckUntouched(buffer.AsSpan(max), 0x5A, what + ", bytes after the digest");
        }
        buffer.AsSpan().Fill(0x5A);
        if (keyed)
        {
            algorithm.ComputeAndWriteHash(key, input, buffer);
            Written("ComputeAndWriteHash(key, input, span)");
            buffer.AsSpan().Fill(0x5A);
            algorithm.ComputeAndWriteHash(max, key, input, buffer);
            Written("ComputeAndWriteHash(max, key, input, span)");
        }
        else
        {
            algorithm.ComputeAndWriteHash(input, buffer);
            Written("ComputeAndWriteHash(input, span)");
            buffer.AsSpan().Fill(0x5A);
            algorithm.ComputeAndWriteHash(max, input, buffer);
            Written("ComputeAndWriteHash(max, input, span)");
        }
        var exact = new byte[max];
        if (keyed)
            algorithm.ComputeAndWriteHash(key, input, exact);
        else
            algorithm.ComputeAndWriteHash(input, exact);
        mismatches.Check(expected, exact, "ComputeAndWriteHash into an exactly sized span");

        // Incremental through the public factories.
        ParallelHasher whole = keyed ? algorithm.CreateIncrementalHasher(key) : algorithm.CreateIncrementalHasher();
        if (whole.DigestLength != max)
            mismatches.Add($"CreateIncrementalHasher: DigestLength {whole.DigestLength}, expected {max}");
        whole.Update(input);
        mismatches.Check(expected, whole.Finish(), "public incremental, one Update, Finish()");

        ParallelHasher parts = keyed ? algorithm.CreateIncrementalHasher(max, key) : algorithm.CreateIncrementalHasher(max);
        int cut1 = input.Length / 3, cut2 = input.Length - input.Length / 5;
        parts.Update(input.AsSpan(0, cut1));
        ParallelHasher snapshot = parts.Snapshot(); // copying the struct snapshots the midstate
        parts.Update(input.AsSpan(cut1, cut2 - cut1));
        parts.Update(input.AsSpan(cut2));
        var finished = new byte[max + 3];
        finished.AsSpan().Fill(0x77);
        if (!parts.TryFinish(finished, out int written) || written != max)
            mismatches.Add($"TryFinish returned false or wrote {written} bytes");
        mismatches.Check(expected, finished.AsSpan(0, max).ToArray(), $"public incremental, cut at {cut1} and {cut2}, TryFinish");
        mismatches.CheckUntouched(finished.AsSpan(max), 0x77, "TryFinish");

        snapshot.Update(input.AsSpan(cut1));
        var fromSnapshot = new byte[max];
        snapshot.Finish(fromSnapshot);
        mismatches.Check(expected, fromSnapshot, $"snapshot taken after {cut1} bytes, finished with the rest, Finish(span)");

        // The generic overloads: an even prefix as 16-bit words, then the rest one byte value at a time.
        ParallelHasher generic = keyed ? algorithm.CreateIncrementalHasher(key) : algorithm.CreateIncrementalHasher();
        int even = input.Length & ~1;
        if (BitConverter.IsLittleEndian || even == 0)
        {
            generic.UpdateElements(MemoryMarshal.Cast<byte, ushort>(input.AsSpan(0, even)));
            for (int i = even; i < input.Length; i++)
                generic.UpdateValue(input[i]);
            mismatches.Check(expected, generic.Finish(), "Update<ushort>(span) then Update<byte>(value)");
        }
    }

    internal static void CheckAdapters(ParallelDriver algorithm, bool keyed, byte[] input, byte[] key, byte[] expected, Mismatches mismatches)
    {
        int max = algorithm.MaxDigestLength;
        using HashAlgorithm adapter = keyed ? algorithm.CreateHMAC(key) : algorithm.CreateHashAlgorithm();
        if (adapter.HashSize != 8 * max)
            mismatches.Add($"HashSize {adapter.HashSize}, expected {8 * max}");

        // TransformBlock in irregular chunks (including empty ones), then TransformFinalBlock with the tail.
        int[] chunks = { 0, 1, algorithm.BlockSize - 1, 5, algorithm.BlockSize + 1, 0, 33 };
        int offset = 0;
        for (int c = 0; offset < input.Length && c < chunks.Length; c++)
        {
            int take = Math.Min(chunks[c], input.Length - offset);
            var scratch = new byte[take];
            int done = adapter.TransformBlock(input, offset, take, scratch, 0);
            if (done != take)
                mismatches.Add($"TransformBlock returned {done}, expected {take}");
            offset += take;
        }
        adapter.TransformFinalBlock(input, offset, input.Length - offset);
        mismatches.Check(expected, adapter.Hash!, keyed ? "CreateHMAC(key), TransformBlock chunks" : "CreateHashAlgorithm(), TransformBlock chunks");

        // The object is reusable: ComputeHash afterwards starts over (with the same key).
        mismatches.Check(expected, adapter.ComputeHash(input), keyed ? "CreateHMAC(key), reused ComputeHash" : "CreateHashAlgorithm(), reused ComputeHash");

        using HashAlgorithm sized = keyed ? algorithm.CreateHMAC(max, key) : algorithm.CreateHashAlgorithm(max);
        mismatches.Check(expected, sized.ComputeHash(input), keyed ? "CreateHMAC(max, key).ComputeHash" : "CreateHashAlgorithm(max).ComputeHash");
    }
}

/// <summary>
/// Split patterns for the parallel states. Positions are counted in the state's stream, which for a keyed hash
/// starts with one superblock of key blocks already buffered (<c>streamOffset</c>): cuts are placed where the
/// buffer holds exactly 1, P-1, P, P+1, 2P-1 (the most it holds), 2P ... blocks, one byte either side, and at
/// every block boundary; plus fixed piece sizes around the block and the superblock, and pseudo-random pieces.
/// </summary>
internal static class ParallelSplits
{
    public static List<(string Name, int[] Pieces)> Patterns(ParallelDriver algorithm, int length, int streamOffset, int seed, bool bytewise)
    {
        int b = algorithm.BlockSize, p = algorithm.Lanes, superblock = algorithm.Superblock;
        int keep = superblock - b + 1;
        var patterns = new List<(string, int[])>();
        var seen = new HashSet<string>();
        void Add(string name, int[] pieces)
        {
            if (seen.Add(string.Join(",", pieces)))
                patterns.Add((name, pieces));
        }

        Add("one piece", length == 0 ? Array.Empty<int>() : new[] { length });
        Add("empty updates around the whole input", new[] { 0, length, 0 });
        if (bytewise)
            Add("one byte at a time", Enumerable.Repeat(1, length).ToArray());

        // Cut at every block boundary of the stream, and one byte either side of every boundary.
        Add("every block boundary", FromCuts(length, EveryBlock(length, streamOffset, b, 0)));
        Add("one byte after every block boundary", FromCuts(length, EveryBlock(length, streamOffset, b, 1)));
        Add("one byte before every block boundary", FromCuts(length, EveryBlock(length, streamOffset, b, b - 1)));

        // Where the buffer holds exactly 1, P-1, P, P+1, 2P-1, 2P, 2P+1, 3P blocks (and one byte either side):
        // one cut there with the rest in one piece, so the next Update meets that buffer.
        int[] blockCounts = { 1, p - 1, p, p + 1, 2 * p - 1, 2 * p, 2 * p + 1, 3 * p - 1, 3 * p, 3 * p + 1, 4 * p + 1 };
        foreach (int blocks in blockCounts)
        {
            foreach (int delta in new[] { -1, 0, 1 })
            {
                int cut = blocks * b + delta - streamOffset;
                if (cut > 0 && cut < length)
                    Add($"single cut where {blocks} blocks{(delta == 0 ? "" : delta > 0 ? " + 1 byte" : " - 1 byte")} are buffered", FromCuts(length, new[] { cut }));
            }
        }
        Add("cut wherever 1, P-1, P, P+1, 2P-1, 2P ... blocks are buffered",
            FromCuts(length, blockCounts.SelectMany(n => new[] { n * b - 1, n * b, n * b + 1 }).Select(s => s - streamOffset)));

        // The first threshold at which a superblock may be compressed (superblock + keep bytes in the stream).
        foreach (int delta in new[] { -1, 0, 1 })
        {
            int cut = superblock + keep + delta - streamOffset;
            if (cut > 0 && cut < length)
                Add($"single cut at the compression threshold{(delta == 0 ? "" : delta > 0 ? " + 1" : " - 1")}", FromCuts(length, new[] { cut }));
        }

        // Fixed piece sizes.
        foreach (int size in new[] { b - 1, b, b + 1, superblock - 1, superblock, superblock + 1, superblock + keep, 2 * superblock + 1, 3 * b + 7 })
            Add($"pieces of {size}", Fixed(length, size));

        Add("pseudo-random pieces", RandomPieces(length, seed, 2 * superblock + 3));
        return patterns;
    }

    /// <summary>A few patterns for long inputs (no byte at a time, no cut at every block).</summary>
    public static List<(string Name, int[] Pieces)> LongPatterns(ParallelDriver algorithm, int length, int streamOffset, int seed)
    {
        int b = algorithm.BlockSize, p = algorithm.Lanes, superblock = algorithm.Superblock;
        var patterns = new List<(string, int[])>
        {
            ("one piece", new[] { length }),
            ($"pieces of {superblock + 1}", Fixed(length, superblock + 1)),
            ($"pieces of {b - 1}", Fixed(length, b - 1)),
            ("pseudo-random pieces", RandomPieces(length, seed, 5 * superblock)),
            ("cut where P+1 blocks are buffered, then one piece", FromCuts(length, new[] { (p + 1) * b - streamOffset })),
            ("cut where 2P-1 blocks + 1 byte are buffered, then one piece", FromCuts(length, new[] { (2 * p - 1) * b + 1 - streamOffset })),
            ("large odd pieces", Fixed(length, 65537)),
        };
        return patterns;
    }

    public static string Describe(int[] pieces) =>
        pieces.Length <= 24 ? string.Join(",", pieces) : string.Join(",", pieces.Take(24)) + $",... ({pieces.Length} pieces)";

    /// <summary>The input positions x in (0, length) where the stream position streamOffset + x is residue mod blockSize.</summary>
    private static IEnumerable<int> EveryBlock(int length, int streamOffset, int blockSize, int residue)
    {
        int first = ((residue - streamOffset) % blockSize + blockSize) % blockSize;
        for (int x = first; x < length; x += blockSize)
        {
            if (x > 0)
                yield return x;
        }
    }

    private static int[] FromCuts(int length, IEnumerable<int> cuts)
    {
        var sorted = cuts.Where(c => c > 0 && c < length).Distinct().OrderBy(c => c).ToList();
        var pieces = new List<int>();
        int previous = 0;
        foreach (int cut in sorted)
        {
            pieces.Add(cut - previous);
            previous = cut;
        }
        if (length > previous)
            pieces.Add(length - previous);
        return pieces.ToArray();
    }

    private static int[] Fixed(int length, int size)
    {
        var pieces = new List<int>();
        for (int offset = 0; offset < length; offset += size)
            pieces.Add(Math.Min(size, length - offset));
        return pieces.ToArray();
    }

    private static int[] RandomPieces(int length, int seed, int maxPiece)
    {
        var random = new Random(seed);
        var pieces = new List<int>();
        int offset = 0;
        while (offset < length)
        {
            int piece = random.Next(4) switch
            {
                0 => random.Next(0, 4),           // empty and tiny
                1 => random.Next(1, maxPiece + 1),
                2 => random.Next(1, 130),
                _ => random.Next(60, 70) * (random.Next(2) + 1), // around the BLAKE2s and BLAKE2b block sizes
            };
            piece = Math.Min(piece, length - offset);
            pieces.Add(piece);
            offset += piece;
        }
        return pieces.ToArray();
    }
}
