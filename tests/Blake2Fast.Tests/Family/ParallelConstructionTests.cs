using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;
using Blake2Fast.Tests.Oracle;
using Blake2Fast.Tests.Reference;

namespace Blake2Fast.Tests.Family;

/// <summary>
/// BLAKE2bp and BLAKE2sp on inputs far longer than the KAT's 255 bytes (where the leaves actually run in the
/// kernels' lanes), keyed and unkeyed, at several digest lengths, on every parallel kernel, against the tree
/// built here from its definition (<see cref="TreeConstruction"/>).
/// </summary>
public class ParallelConstructionTests
{
    private const int MediumMax = 3000;

    /// <summary>(algorithm, key length, digest length).</summary>
    public static IEnumerable<object[]> MediumCases() =>
        from a in ParallelDriver.All
        from c in new[]
        {
            (KeyLength: 0, DigestLength: a.MaxDigestLength),
            (KeyLength: 0, DigestLength: 1),
            (KeyLength: 7, DigestLength: a.MaxDigestLength - 1),
            (KeyLength: 7, DigestLength: 20),
            (KeyLength: a.MaxKeyLength, DigestLength: a.MaxDigestLength),
            (KeyLength: a.MaxKeyLength, DigestLength: a.MaxDigestLength / 2 + 1),
        }
        select new object[] { a.Name, c.KeyLength, c.DigestLength };

    /// <summary>(algorithm, input length, key length, digest length) for the long inputs.</summary>
    public static IEnumerable<object[]> LongCases() =>
        from a in ParallelDriver.All
        from c in new[]
        {
            // Each algorithm gets a keyed and an unkeyed long input; 1 MiB is costly under the coverage run.
            // (which of them is keyed alternates between the algorithms: KeysFirstLongInput).
            (Length: 65536 + 333, KeyLength: a.KeysFirstLongInput ? a.MaxKeyLength : 0, DigestLength: a.MaxDigestLength - 3),
            (Length: 65536 + 1, KeyLength: a.KeysFirstLongInput ? 0 : a.MaxKeyLength, DigestLength: 17),
            (Length: (1 << 20) + 17, KeyLength: a.KeysFirstLongInput ? 0 : a.MaxKeyLength, DigestLength: a.MaxDigestLength),
        }
        select new object[] { a.Name, c.Length, c.KeyLength, c.DigestLength };

    [Fact]
    public void Construction_ReproducesTheKat()
    {
        var mismatches = new Mismatches();
        foreach (ParallelDriver algorithm in ParallelDriver.All)
        {
            foreach (bool keyed in new[] { false, true })
            {
                IReadOnlyList<KatEntry> group = KatVectors.Group(algorithm.Name, keyed);
                Assert.Equal(ParallelKatTests.EntriesPerGroup, group.Count);
                foreach (KatEntry entry in group)
                {
                    string at = $"{algorithm.Name} {(keyed ? "keyed" : "unkeyed")} entry {entry.Input.Length}";
                    mismatches.Check(entry.Expected, TreeConstruction.Compute(algorithm, entry.Input, entry.Key, algorithm.MaxDigestLength), at);
                    mismatches.Check(entry.Expected, TreeConstruction.Compute(algorithm, entry.Input, entry.Key, algorithm.MaxDigestLength, rawOnly: true), at + " (raw nodes only)");
                }
            }
        }
        mismatches.ThrowIfAny("the test's own BLAKE2bp/BLAKE2sp construction against the official KAT");
    }

    [Fact]
    public void RawNodeHash_AgreesWithTheLibraryAndTheReference()
    {
        // The raw node hash must be plain BLAKE2 wherever the parameter block can be expressed otherwise.
        var mismatches = new Mismatches();
        var random = new Random(2024);
        foreach (FixedDigestDriver leaf in FixedDigestDriver.All)
        {
            int max = leaf.MaxDigestLength, block = leaf.BlockSize;
            foreach (int messageLength in new[] { 0, 1, block - 1, block, block + 1, 3 * block + 5 })
            {
                foreach (int keyLength in new[] { 0, 5, max })
                {
                    foreach (int digestLength in new[] { 1, 19, max })
                    {
                        byte[] message = Bytes(random, messageLength);
                        byte[] key = Bytes(random, keyLength);
                        bool lastNode = random.Next(2) == 0;
                        byte fanout = (byte)random.Next(256), depth = (byte)random.Next(1, 256), nodeDepth = (byte)random.Next(256), inner = (byte)random.Next(max + 1);
                        uint leafLength = (uint)random.Next();
                        // Past 32 bits where the field is wider (BLAKE2b's 64-bit offset).
                        ulong nodeOffset = ((ulong)random.Next() * 0x10001UL) & leaf.MaxNodeOffset & (leaf.MaxNodeOffset > 1UL << 48 ? ulong.MaxValue : int.MaxValue);

                        var reference = new ReferenceParameters
                        {
                            DigestLength = digestLength, Key = key, Fanout = fanout, Depth = depth, LeafLength = leafLength,
                            NodeOffset = nodeOffset, NodeDepth = nodeDepth, InnerLength = inner, LastNode = lastNode,
                        };
                        byte[] parameterBlock = leaf.ReferenceParameterBlock(reference);
                        byte[] raw = leaf.RawHash(parameterBlock, key, message, lastNode).AsSpan(0, digestLength).ToArray();

                        var library = new Blake2Parameters
                        {
                            DigestLength = digestLength, Key = key, Fanout = fanout, Depth = depth, LeafLength = leafLength,
                            NodeOffset = nodeOffset, NodeDepth = nodeDepth, InnerLength = inner, LastNode = lastNode,
                        };
                        string at = $"{leaf.Name} message {messageLength} key {keyLength} digest {digestLength} {reference}";
                        mismatches.Check(leaf.ReferenceHash(reference, message), raw, at + " vs reference");
                        mismatches.Check(leaf.ComputeHash(library, message), raw, at + " vs library");
                    }
                }
            }
        }
        mismatches.ThrowIfAny("raw node hash");
    }

    [Fact]
    public void Construction_MixedAndRawNodes_Agree_AtEveryDigestLength()
    {
        // The construction takes the library's single-stream BLAKE2 for the nodes it can express; the raw
        // helper everywhere must give the same tree.
        var mismatches = new Mismatches();
        var random = new Random(77);
        foreach (ParallelDriver algorithm in ParallelDriver.All)
        {
            foreach (int length in new[] { 0, 1, 513, 2049 })
            {
                foreach (int keyLength in new[] { 0, 3, algorithm.MaxKeyLength })
                {
                    byte[] input = Bytes(random, length);
                    byte[] key = Bytes(random, keyLength);
                    for (int d = 1; d <= algorithm.MaxDigestLength; d += 9)
                    {
                        mismatches.Check(TreeConstruction.Compute(algorithm, input, key, d, rawOnly: true), TreeConstruction.Compute(algorithm, input, key, d),
                            $"{algorithm.Name} length {length} key {keyLength} digest {d}");
                    }
                }
            }
        }
        mismatches.ThrowIfAny("mixed vs raw construction");
    }

    [Fact]
    public void ShorterDigest_IsNotAPrefixOfTheFullDigest()
    {
        // The digest length is in every node's parameter block (leaves included), so shorter digests differ.
        foreach (ParallelDriver algorithm in ParallelDriver.All)
        {
            byte[] input = Hex.Sequence(1500);
            byte[] full = algorithm.ComputeHash(input);
            byte[] shorter = algorithm.ComputeHash(algorithm.MaxDigestLength - 1, input);
            Assert.NotEqual(Hex.Encode(full.AsSpan(0, shorter.Length)), Hex.Encode(shorter));
            Assert.Equal(Hex.Encode(TreeConstruction.Compute(algorithm, input, Array.Empty<byte>(), shorter.Length)), Hex.Encode(shorter));
        }
    }

    [Fact]
    public void ParallelModes_DifferFromTheirSingleStreamAlgorithm()
    {
        byte[] input = Hex.Sequence(2000);
        Assert.NotEqual(Hex.Encode(Blake2b.ComputeHash(input)), Hex.Encode(Blake2bp.ComputeHash(input)));
        Assert.NotEqual(Hex.Encode(Blake2s.ComputeHash(input)), Hex.Encode(Blake2sp.ComputeHash(input)));
    }

    [Theory]
    [MemberData(nameof(MediumCases))]
    public void MediumLengths_EveryKernel_MatchConstruction(string algorithmName, int keyLength, int digestLength)
    {
        ParallelDriver algorithm = ParallelDriver.Parse(algorithmName);
        var random = new Random(algorithm.SeedTag * 1111); // a seed per algorithm
        byte[] data = Bytes(random, MediumMax);
        byte[] key = Bytes(new Random(keyLength * 31 + digestLength), keyLength);
        int streamOffset = keyLength > 0 ? algorithm.Superblock : 0;
        IReadOnlyList<InstructionSet> instructionSets = algorithm.SupportedInstructionSets;
        var mismatches = new Mismatches();
        int rotation = 0;

        foreach (int length in MediumLengths(algorithm))
        {
            byte[] input = data.AsSpan(0, length).ToArray();
            byte[] expected = TreeConstruction.Compute(algorithm, input, key, digestLength);
            string at = $"length {length}";

            // The public one-shot (default kernel).
            mismatches.Check(expected, algorithm.ComputeHash(digestLength, key, input), $"{at}, ComputeHash(digestLength, key, input)");
            if (rotation % 5 == 0)
            {
                // Now and then the other public entry points at this digest length.
                var written = new byte[digestLength];
                algorithm.ComputeAndWriteHash(digestLength, key, input, written);
                mismatches.Check(expected, written, $"{at}, ComputeAndWriteHash(digestLength, key, input, span)");
                ParallelHasher incremental = algorithm.CreateIncrementalHasher(digestLength, key);
                incremental.Update(input.AsSpan(0, length / 2));
                incremental.Update(input.AsSpan(length / 2));
                mismatches.Check(expected, incremental.Finish(), $"{at}, CreateIncrementalHasher(digestLength, key)");
                using System.Security.Cryptography.HashAlgorithm adapter = keyLength > 0 ? algorithm.CreateHMAC(digestLength, key) : algorithm.CreateHashAlgorithm(digestLength);
                mismatches.Check(expected, adapter.ComputeHash(input), $"{at}, {(keyLength > 0 ? "CreateHMAC(digestLength, key)" : "CreateHashAlgorithm(digestLength)")}.ComputeHash");
            }

            List<(string Name, int[] Pieces)> patterns = ParallelSplits.Patterns(algorithm, length, streamOffset, length * 7 + keyLength, bytewise: false);
            for (int c = 0; c < instructionSets.Count; c++)
            {
                InstructionSet instructionSet = instructionSets[c];
                mismatches.Check(expected, algorithm.Hash(instructionSet, digestLength, key, input), $"{at}, internal Hash on {instructionSet}");
                mismatches.Check(expected, algorithm.HashOneShot(instructionSet, digestLength, key, input), $"{at}, one-shot on {instructionSet}");

                // One of the split patterns, rotating so that every pattern meets every kernel at many lengths.
                (string name, int[] pieces) = patterns[(rotation + 7 * c) % patterns.Count];
                mismatches.Check(expected, algorithm.HashInPieces(instructionSet, digestLength, key, input, pieces),
                    () => $"{at}, state on {instructionSet}, split '{name}' [{ParallelSplits.Describe(pieces)}]");
            }
            rotation++;
        }

        mismatches.ThrowIfAny($"{algorithm.Name}, key length {keyLength}, digest length {digestLength}, lengths 0..{MediumMax}");
    }

    [Theory]
    [MemberData(nameof(LongCases))]
    public void LongInputs_EveryKernel_MatchConstruction(string algorithmName, int length, int keyLength, int digestLength)
    {
        ParallelDriver algorithm = ParallelDriver.Parse(algorithmName);
        byte[] input = Bytes(new Random(length + keyLength), length);
        byte[] key = Bytes(new Random(keyLength + 5), keyLength);
        byte[] expected = TreeConstruction.Compute(algorithm, input, key, digestLength);
        var mismatches = new Mismatches();

        mismatches.Check(expected, algorithm.ComputeHash(digestLength, key, input), "public ComputeHash");
        int streamOffset = keyLength > 0 ? algorithm.Superblock : 0;
        bool huge = length > 1 << 18;
        IReadOnlyList<InstructionSet> instructionSets = algorithm.SupportedInstructionSets;
        for (int c = 0; c < instructionSets.Count; c++)
        {
            InstructionSet instructionSet = instructionSets[c];
            List<(string Name, int[] Pieces)> patterns = ParallelSplits.LongPatterns(algorithm, length, streamOffset, length ^ (int)instructionSet);
            if (!huge || c % 2 == 0)
            {
                mismatches.Check(expected, algorithm.Hash(instructionSet, digestLength, key, input), $"internal Hash on {instructionSet}");
                mismatches.Check(expected, algorithm.HashOneShot(instructionSet, digestLength, key, input), $"one-shot on {instructionSet}");
            }
            for (int p = 0; p < patterns.Count; p++)
            {
                // The megabyte input meets one split pattern per kernel, the shorter ones every pattern.
                if (huge && (c % 2 == 0 || p != (c / 2 + 1) % patterns.Count))
                    continue;
                (string name, int[] pieces) = patterns[p];
                mismatches.Check(expected, algorithm.HashInPieces(instructionSet, digestLength, key, input, pieces), () => $"state on {instructionSet}, split '{name}' [{ParallelSplits.Describe(pieces)}]");
            }
        }

        // Changing one byte of any block changes the digest on every kernel (sampled: the first and last block of each leaf).
        foreach (int position in huge ? Array.Empty<int>() : new[] { 0, algorithm.BlockSize, length - 1, length - 1 - algorithm.BlockSize })
        {
            byte[] changed = (byte[])input.Clone();
            changed[position] ^= 0x01;
            byte[] changedExpected = TreeConstruction.Compute(algorithm, changed, key, digestLength);
            foreach (InstructionSet instructionSet in algorithm.SupportedInstructionSets)
                mismatches.Check(changedExpected, algorithm.Hash(instructionSet, digestLength, key, changed), $"byte {position} flipped, internal Hash on {instructionSet}");
        }

        mismatches.ThrowIfAny($"{algorithm.Name}, length {length}, key length {keyLength}, digest length {digestLength}");
    }

    private static IEnumerable<int> MediumLengths(ParallelDriver algorithm)
    {
        var lengths = new SortedSet<int> { 0, 1, 2, MediumMax };
        for (int n = 0; n <= MediumMax; n += 149)
            lengths.Add(n);
        // Around every block count up to 2P + 2 (what the buffer can hold, and the first compressions), and
        // around every superblock multiple after that.
        var ends = Enumerable.Range(1, 2 * algorithm.Lanes + 2).Select(k => k * algorithm.BlockSize)
            .Concat(Enumerable.Range(1, MediumMax / algorithm.Superblock).Select(k => k * algorithm.Superblock));
        foreach (int end in ends)
        {
            foreach (int delta in new[] { -1, 0, 1 })
            {
                if (end + delta <= MediumMax)
                    lengths.Add(end + delta);
            }
        }
        return lengths;
    }

    internal static byte[] Bytes(Random random, int length)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }
}

/// <summary>
/// BLAKE2bp / BLAKE2sp built from the definition (BLAKE2 paper, section 2.9, and the reference code
/// blake2bp-ref.c / blake2sp-ref.c): input block j goes to leaf j mod P; leaf k is BLAKE2 with fanout P, depth 2,
/// leaf length 0, node offset k, node depth 0, inner length the full digest size, the requested digest length
/// and the key (length and key block); the last leaf is the last node; each leaf yields its full-size chaining
/// value. The root has node offset 0, node depth 1, the key's length but no key block, is the last node, and
/// hashes the P leaf outputs in order.
/// </summary>
internal static class TreeConstruction
{
    public static byte[] Compute(ParallelDriver algorithm, byte[] input, byte[] key, int digestLength, bool rawOnly = false)
    {
        FixedDigestDriver leafAlgorithm = algorithm.Leaf;
        int lanes = algorithm.Lanes, block = algorithm.BlockSize, max = algorithm.MaxDigestLength;

        var leafInputs = new MemoryStream[lanes];
        for (int k = 0; k < lanes; k++)
            leafInputs[k] = new MemoryStream();
        for (int j = 0; j * block < input.Length; j++)
            leafInputs[j % lanes].Write(input, j * block, Math.Min(block, input.Length - j * block));

        var rootInput = new byte[lanes * max];
        for (int k = 0; k < lanes; k++)
        {
            byte[] leafInput = leafInputs[k].ToArray();
            bool lastNode = k == lanes - 1;
            byte[] leaf;
            if (digestLength == max && !rawOnly)
            {
                // Expressible with the library's single-stream API: the digest length field is the full size.
                var parameters = new Blake2Parameters
                {
                    DigestLength = max, Key = key, Fanout = (byte)lanes, Depth = 2, LeafLength = 0,
                    NodeOffset = (ulong)k, NodeDepth = 0, InnerLength = (byte)max, LastNode = lastNode,
                };
                leaf = leafAlgorithm.ComputeHash(parameters, leafInput);
            }
            else
            {
                // The leaf's parameter block says digestLength, but the leaf still outputs all of its chaining value.
                leaf = leafAlgorithm.RawHash(ParameterBlock(leafAlgorithm, digestLength, key.Length, lanes, (ulong)k, 0, max), key, leafInput, lastNode);
            }
            Assert.Equal(max, leaf.Length);
            leaf.CopyTo(rootInput, k * max);
        }

        if (key.Length == 0 && !rawOnly)
        {
            var root = new Blake2Parameters
            {
                DigestLength = digestLength, Fanout = (byte)lanes, Depth = 2, LeafLength = 0,
                NodeOffset = 0, NodeDepth = 1, InnerLength = (byte)max, LastNode = true,
            };
            return leafAlgorithm.ComputeHash(root, rootInput);
        }

        // The key's length in the root's parameter block, but no key block: not expressible with the public API.
        byte[] rootBlock = ParameterBlock(leafAlgorithm, digestLength, key.Length, lanes, 0, 1, max);
        return leafAlgorithm.RawHash(rootBlock, Array.Empty<byte>(), rootInput, lastNode: true).AsSpan(0, digestLength).ToArray();
    }

    private static byte[] ParameterBlock(FixedDigestDriver leaf, int digestLength, int keyLength, int fanout, ulong nodeOffset, int nodeDepth, int innerLength)
    {
        var p = new ReferenceParameters
        {
            DigestLength = digestLength, Key = new byte[keyLength], Fanout = (byte)fanout, Depth = 2, LeafLength = 0,
            NodeOffset = nodeOffset, NodeDepth = (byte)nodeDepth, InnerLength = (byte)innerLength,
        };
        return leaf.ReferenceParameterBlock(p);
    }
}

/// <summary>
/// Plain BLAKE2b / BLAKE2s (RFC 7693) from an explicit parameter block, with the key block given separately, so
/// a node can carry a key length without a key block (the BLAKE2bp/BLAKE2sp root). Returns the whole chaining
/// value (64 / 32 bytes) whatever the digest length field says. Deliberately simple; shares nothing with the library:
/// its compression function and IV are the test project's reference ones (<see cref="Blake2bReference"/>,
/// <see cref="Blake2sReference"/>), anchored to the official vectors.
/// </summary>
internal static class RawBlake2
{
    public static byte[] Blake2b(byte[] parameterBlock, byte[] keyBlock, byte[] message, bool lastNode)
    {
        var (data, dataLength, blocks) = Blocks(128, keyBlock, message);
        return HashB(parameterBlock, data, dataLength, blocks, lastNode);
    }

    public static byte[] Blake2s(byte[] parameterBlock, byte[] keyBlock, byte[] message, bool lastNode)
    {
        var (data, dataLength, blocks) = Blocks(64, keyBlock, message);
        return HashS(parameterBlock, data, dataLength, blocks, lastNode);
    }

    /// <summary>The key block (zero-padded to a block) and the message, in whole blocks; at least one block.</summary>
    private static (byte[] Data, int DataLength, int Blocks) Blocks(int blockBytes, byte[] keyBlock, byte[] message)
    {
        int keyPart = keyBlock.Length > 0 ? blockBytes : 0;
        int dataLength = keyPart + message.Length;
        int blocks = Math.Max(1, (dataLength + blockBytes - 1) / blockBytes);
        var data = new byte[blocks * blockBytes];
        Array.Copy(keyBlock, data, keyBlock.Length);
        Array.Copy(message, 0, data, keyPart, message.Length);
        return (data, dataLength, blocks);
    }

    private static byte[] HashB(byte[] parameterBlock, byte[] data, int dataLength, int blocks, bool lastNode)
    {
        var h = new ulong[8];
        for (int i = 0; i < 8; i++)
            h[i] = Blake2bReference.IV[i] ^ BitConverterLe.U64(parameterBlock, 8 * i);
        for (int b = 0; b < blocks; b++)
        {
            bool final = b == blocks - 1;
            ulong t = final ? (ulong)dataLength : (ulong)(b + 1) * 128;
            Blake2bReference.Compress(h, data.AsSpan(128 * b, 128), t, 0, final ? ulong.MaxValue : 0, final && lastNode ? ulong.MaxValue : 0);
        }
        var output = new byte[64];
        for (int i = 0; i < 64; i++)
            output[i] = (byte)(h[i / 8] >> (8 * (i % 8)));
        return output;
    }

    private static byte[] HashS(byte[] parameterBlock, byte[] data, int dataLength, int blocks, bool lastNode)
    {
        var h = new uint[8];
        for (int i = 0; i < 8; i++)
            h[i] = Blake2sReference.IV[i] ^ BitConverterLe.U32(parameterBlock, 4 * i);
        for (int b = 0; b < blocks; b++)
        {
            bool final = b == blocks - 1;
            ulong t = final ? (ulong)dataLength : (ulong)(b + 1) * 64;
            Blake2sReference.Compress(h, data.AsSpan(64 * b, 64), (uint)t, (uint)(t >> 32), final ? uint.MaxValue : 0, final && lastNode ? uint.MaxValue : 0);
        }
        var output = new byte[32];
        for (int i = 0; i < 32; i++)
            output[i] = (byte)(h[i / 4] >> (8 * (i % 4)));
        return output;
    }

    private static class BitConverterLe
    {
        public static ulong U64(byte[] bytes, int offset)
        {
            ulong word = 0;
            for (int i = 7; i >= 0; i--)
                word = (word << 8) | bytes[offset + i];
            return word;
        }

        public static uint U32(byte[] bytes, int offset)
        {
            uint word = 0;
            for (int i = 3; i >= 0; i--)
                word = (word << 8) | bytes[offset + i];
            return word;
        }
    }
}
