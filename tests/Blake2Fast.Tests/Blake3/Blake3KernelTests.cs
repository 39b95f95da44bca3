#if !LIBRARY_NETSTANDARD
using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Kernels;
using Xunit.Abstractions;

namespace Blake2Fast.Tests.Blake3Suite;

/// <summary>
/// BLAKE3's chunk-parallel SIMD kernels (<c>HashMany</c>) against a plain scalar BLAKE3 compression written here
/// from the specification, and against the official test vectors for a one-chunk input (whose chunk chaining
/// value, finished with ROOT, is the hash). Every kernel this CPU and runtime run is tested; the others show as
/// skipped.
/// </summary>
public class Blake3KernelTests
{
    private const uint ChunkStart = 1, ChunkEnd = 2, Parent = 4, Root = 8, KeyedHash = 16, DeriveKeyContext = 32, DeriveKeyMaterial = 64;

    private const string SkipReason = "This BLAKE3 kernel's instruction set is not available here (CPU or DOTNET_Enable* settings).";

    private readonly ITestOutputHelper _output;

    public Blake3KernelTests(ITestOutputHelper output) => _output = output;

    private delegate void HashManyFunction(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output);

    private sealed record Kernel(string Name, bool IsSupported, int Lanes, HashManyFunction HashMany);

    /// <summary>Every SIMD kernel of the registry's BLAKE3 job (x86 and ARM64; lanes and rows), whether or not it runs here.</summary>
    private static readonly Kernel[] Kernels = KernelTable.Blake3.Kernels.Where(k => k.InstructionSet != InstructionSet.Scalar)
        .Select(k => new Kernel(k.Label, k.IsSupported, k.Lanes, Wrap(k))).ToArray();

    private static unsafe HashManyFunction Wrap(Blake2Fast.Dispatch.Kernel kernel) =>
        (ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
            uint flags, uint flagsStart, uint flagsEnd, ref byte output) =>
            Blake3KernelSet.EntryOf(kernel)(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);

    public static IEnumerable<object[]> SupportedKernels() => Kernels.Where(k => k.IsSupported).Select(k => new object[] { k.Name });

    public static IEnumerable<object[]> UnsupportedKernels() => Kernels.Where(k => !k.IsSupported).Select(k => new object[] { k.Name });

    private static Kernel Find(string name) => Kernels.Single(k => k.Name == name);

    /// <summary>(flags, flagsStart, flagsEnd) as the hasher calls the kernels: chunks and parents, each mode, root or not.</summary>
    private static readonly (uint Flags, uint Start, uint End)[] FlagSets = BuildFlagSets();

    private static (uint, uint, uint)[] BuildFlagSets()
    {
        var sets = new List<(uint, uint, uint)>();
        foreach (uint mode in new[] { 0u, KeyedHash, DeriveKeyContext, DeriveKeyMaterial })
        {
            sets.Add((mode, ChunkStart, ChunkEnd));
            sets.Add((mode, ChunkStart, ChunkEnd | Root));
            sets.Add((Parent | mode, 0, 0));
            sets.Add((Parent | mode | Root, 0, 0));
        }
        return sets.ToArray();
    }

    [Theory]
    [MemberData(nameof(SupportedKernels))]
    [MemberData(nameof(UnsupportedKernels), Skip = SkipReason)]
    public void EveryShape_MatchesTheScalarReference(string kernelName)
    {
        Kernel kernel = Find(kernelName);
        var random = new Random(0x3B1A4E + kernel.Lanes);
        int calls = 0;
        // Stride: chunks, parents (inputs overlap when blocks > 1; the contract allows it), an odd stride from an
        // odd base, and 0 (every input the same bytes).
        foreach ((int stride, int offset) in new[] { (1024, 0), (64, 0), (1027, 3), (0, 5) })
        {
            for (int groups = 1; groups <= 3; groups++)
            {
                for (int blocks = 1; blocks <= 16; blocks++)
                {
                    // Each shape once per counter kind and flag set would be 4 x 16 x 48 x 4 calls; instead each
                    // shape takes a few, and every counter kind and flag set comes round for every stride.
                    for (int rep = 0; rep < 3; rep++)
                    {
                        int pick = calls++;
                        (uint flags, uint start, uint end) = FlagSets[pick % FlagSets.Length];
                        (ulong counter, bool increment) = (pick / FlagSets.Length % 5) switch
                        {
                            0 => (0ul, true),
                            1 => (0xFFFF_FFFFul - 2, true), // lanes 3.. carry into the high word
                            2 => ((ulong)random.NextInt64(), true),
                            3 => (ulong.MaxValue - 4, true), // the 64-bit counter itself wraps
                            _ => ((ulong)random.NextInt64(), false),
                        };
                        RunCase(kernel, random, groups, blocks, stride, offset, counter, increment, flags, start, end);
                    }
                }
            }
        }
        _output.WriteLine($"{kernel.Name}: {calls} calls of HashMany, {kernel.Lanes} lanes each group, all matched");
    }

    [Theory]
    [MemberData(nameof(SupportedKernels))]
    [MemberData(nameof(UnsupportedKernels), Skip = SkipReason)]
    public void EveryFlagSetAndCounter_OnFullChunks(string kernelName)
    {
        Kernel kernel = Find(kernelName);
        var random = new Random(0x5EED + kernel.Lanes);
        foreach ((uint flags, uint start, uint end) in FlagSets)
        {
            foreach ((ulong counter, bool increment) in new[] { (0ul, true), (0xFFFF_FFFFul - 2, true), ((ulong)random.NextInt64(), true), (0ul, false), (0xFFFF_FFFFul - 2, false) })
                RunCase(kernel, random, groups: 2, blocks: 16, stride: 1024, offset: 1, counter, increment, flags, start, end);
        }
    }

    /// <summary>
    /// The official vectors (blake3-test-vectors.json, input_len 1024, input byte i = i mod 251): a one-chunk input's
    /// hash is its chunk's chaining value with ROOT on the last block, in all three modes. Every lane hashes the
    /// same chunk (stride 0), so every lane's output must be the vector.
    /// </summary>
    [Theory]
    [MemberData(nameof(SupportedKernels))]
    [MemberData(nameof(UnsupportedKernels), Skip = SkipReason)]
    public void OneChunk_MatchesTheOfficialVectors(string kernelName)
    {
        Kernel kernel = Find(kernelName);
        byte[] input = Enumerable.Range(0, 1024).Select(i => (byte)(i % 251)).ToArray();

        // hash: the IV as key.
        CheckRootChunk(kernel, input, Reference.IV, 0, "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7");

        // keyed_hash: the key's words as key, KEYED_HASH on every block.
        uint[] key = Words(Encoding.ASCII.GetBytes("whats the Elvish word for friend"));
        CheckRootChunk(kernel, input, key, KeyedHash, "75c46f6f3d9eb4f55ecaaee480db732e6c2105546f1e675003687c31719c7ba4");

        // derive_key: the context string hashed (one short block, DERIVE_KEY_CONTEXT) gives the key for the material.
        byte[] context = Encoding.ASCII.GetBytes("BLAKE3 2019-12-27 16:29:52 test vectors context");
        byte[] contextBlock = new byte[64];
        context.CopyTo(contextBlock, 0);
        uint[] contextKey = Reference.Compress(Reference.IV, Words(contextBlock), 0, (uint)context.Length, ChunkStart | ChunkEnd | Root | DeriveKeyContext);
        CheckRootChunk(kernel, input, contextKey, DeriveKeyMaterial, "7356cd7720d5b66b6d0697eb3177d9f8d73a4a5c5e968896eb6a689684302706");
    }

    /// <summary>The plain reference itself reproduces the official hash (so the randomized comparisons compare with BLAKE3).</summary>
    [Fact]
    public void Reference_MatchesTheOfficialVector()
    {
        byte[] input = Enumerable.Range(0, 1024).Select(i => (byte)(i % 251)).ToArray();
        uint[] cv = Reference.Chain(input, 0, 16, Reference.IV, 0, 0, ChunkStart, ChunkEnd | Root);
        Assert.Equal("42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7", Convert.ToHexStringLower(Bytes(cv)));
    }

    /// <summary>
    /// Output over the input itself (a tree reduced in place: parents at stride 64, or chunk CVs written over their
    /// chunks): every group reads all its blocks before it writes, and 32 output bytes per input never reach an
    /// input of a later group.
    /// </summary>
    [Theory]
    [MemberData(nameof(SupportedKernels))]
    [MemberData(nameof(UnsupportedKernels), Skip = SkipReason)]
    public void OutputOverTheInput_IsSafe(string kernelName)
    {
        Kernel kernel = Find(kernelName);
        var random = new Random(0x1A9 + kernel.Lanes);
        foreach ((int stride, int blocks, uint flags, uint start, uint end, bool increment) in new[] { (64, 1, Parent, 0u, 0u, false), (1024, 16, 0u, ChunkStart, ChunkEnd, true) })
        {
            int inputs = 3 * kernel.Lanes;
            byte[] buffer = new byte[inputs * stride];
            random.NextBytes(buffer);
            uint[] key = Reference.IV;
            byte[][] expected = Enumerable.Range(0, inputs)
                .Select(i => Bytes(Reference.Chain(buffer, i * stride, blocks, key, increment ? (ulong)i : 0, flags, start, end)))
                .ToArray();
            uint[] keyCopy = (uint[])key.Clone();
            kernel.HashMany(ref buffer[0], 3, (nuint)stride, (nuint)blocks, ref keyCopy[0], 0, increment, flags, start, end, ref buffer[0]);
            for (int i = 0; i < inputs; i++)
                Assert.Equal(Convert.ToHexStringLower(expected[i]), Convert.ToHexStringLower(buffer.AsSpan(32 * i, 32)));
        }
    }

    private static void CheckRootChunk(Kernel kernel, byte[] input, uint[] key, uint mode, string expectedHex)
    {
        byte[] output = new byte[32 * kernel.Lanes];
        uint[] keyCopy = (uint[])key.Clone();
        kernel.HashMany(ref input[0], 1, 0, 16, ref keyCopy[0], 0, false, mode, ChunkStart, ChunkEnd | Root, ref output[0]);
        for (int lane = 0; lane < kernel.Lanes; lane++)
            Assert.Equal(expectedHex, Convert.ToHexStringLower(output.AsSpan(32 * lane, 32)));
        Assert.Equal(key, keyCopy);
    }

    private static void RunCase(
        Kernel kernel, Random random, int groups, int blocks, int stride, int offset, ulong counter, bool increment,
        uint flags, uint start, uint end)
    {
        int inputs = groups * kernel.Lanes;
        byte[] buffer = new byte[offset + (inputs - 1) * stride + 64 * blocks];
        random.NextBytes(buffer);
        uint[] key = new uint[8];
        for (int i = 0; i < 8; i++)
            key[i] = (uint)random.Next() ^ ((uint)random.Next() << 16);

        // Guard bytes after the outputs: the kernel writes exactly 32 bytes per input.
        const int Guard = 64;
        byte[] output = new byte[32 * inputs + Guard];
        output.AsSpan().Fill(0xA5);
        kernel.HashMany(ref buffer[offset], (nuint)groups, (nuint)stride, (nuint)blocks, ref key[0], counter, increment, flags, start, end, ref output[0]);

        for (int i = 0; i < inputs; i++)
        {
            ulong t = counter + (increment ? (ulong)i : 0);
            uint[] cv = Reference.Chain(buffer, offset + i * stride, blocks, key, t, flags, start, end);
            byte[] expected = Bytes(cv);
            if (!output.AsSpan(32 * i, 32).SequenceEqual(expected))
            {
                Assert.Fail($"{kernel.Name}: input {i} of {inputs} (groups {groups}, blocks {blocks}, stride {stride}, offset {offset}, " +
                    $"counter 0x{counter:X16}{(increment ? " + i" : "")}, flags {flags}/{start}/{end}): " +
                    $"expected {Convert.ToHexStringLower(expected)}, got {Convert.ToHexStringLower(output.AsSpan(32 * i, 32))}");
            }
        }
        Assert.All(output.Skip(32 * inputs), b => Assert.Equal(0xA5, b));
    }

    private static uint[] Words(ReadOnlySpan<byte> bytes)
    {
        uint[] words = new uint[bytes.Length / 4];
        for (int i = 0; i < words.Length; i++)
            words[i] = BinaryPrimitives.ReadUInt32LittleEndian(bytes[(4 * i)..]);
        return words;
    }

    private static byte[] Bytes(uint[] words)
    {
        byte[] bytes = new byte[4 * words.Length];
        for (int i = 0; i < words.Length; i++)
            BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(4 * i), words[i]);
        return bytes;
    }

    /// <summary>The kernels' contract written plainly over the test's reference compression (<see cref="ReferenceBlake3"/>).</summary>
    private static class Reference
    {
        public static uint[] IV => ReferenceBlake3.IV;

        public static uint[] Compress(uint[] cv, uint[] block, ulong counter, uint blockLength, uint flags) =>
            ReferenceBlake3.ChainingValue(cv, block, counter, blockLength, flags);

        /// <summary>One input of the kernel contract: <paramref name="blocks"/> full blocks from <paramref name="key"/>.</summary>
        public static uint[] Chain(byte[] data, int start, int blocks, uint[] key, ulong counter, uint flags, uint flagsStart, uint flagsEnd)
        {
            uint[] cv = key;
            for (int j = 0; j < blocks; j++)
            {
                uint blockFlags = flags | (j == 0 ? flagsStart : 0) | (j == blocks - 1 ? flagsEnd : 0);
                cv = Compress(cv, Words(data.AsSpan(start + 64 * j, 64)), counter, 64, blockFlags);
            }
            return cv;
        }
    }
}
#endif
