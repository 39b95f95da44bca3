using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The fixed-digest contract's state tests (moved here from StateTests, where they took the algorithm's name): the
/// incremental state's value semantics, its generic Update overloads, its Finish variants, and allocations. Every
/// algorithm of the contract runs them as its own tests. Lengths that depend on the algorithm are given relative to it:
/// a digest length of 0 or less means the maximum plus that value; a prefix is whole blocks plus a few bytes.
/// </summary>
public abstract partial class FixedDigestDriver
{
        internal static byte[] Concat(params byte[][] parts) => parts.SelectMany(p => p).ToArray();

    /// <summary>Deterministic non-sequential bytes, so that suffixes differ from prefixes.</summary>
    internal static byte[] Pattern(int length, int seed)
    {
        var bytes = new byte[length];
        uint x = (uint)seed * 2654435761u + 1;
        for (int i = 0; i < length; i++)
        {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            bytes[i] = (byte)x;
        }
        return bytes;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Copying snapshots the midstate
    // ---------------------------------------------------------------------------------------------------------

    /// <summary>Prefixes of 0, 1, B - 1, B, B + 1, 2B and 3B + 5 bytes (B the block size), as (blocks, bytes).</summary>
    public static IEnumerable<object[]> SnapshotCases() =>
        from prefix in new[] { (0, 0), (0, 1), (1, -1), (1, 0), (1, 1), (2, 0), (3, 5) }
        from keyed in new[] { false, true }
        select new object[] { prefix.Item1, prefix.Item2, keyed };

    [Theory]
    [MemberData(nameof(SnapshotCases))]
    public void CopyOfState_SnapshotsTheMidstate_AndBothFinishIndependently(int prefixBlocks, int prefixBytes, bool keyed)
    {
        FixedDigestDriver a = this;
        int prefixLength = prefixBlocks * a.BlockSize + prefixBytes;
        byte[] key = keyed ? Hex.Sequence(a.MaxKeyLength / 2 + 1) : Array.Empty<byte>();
        byte[] prefix = Pattern(prefixLength, 1);
        // Suffixes of different lengths, one of them crossing a block boundary, and an empty one.
        byte[][] suffixes = { Pattern(7, 2), Pattern(a.BlockSize + 3, 3), Array.Empty<byte>() };

        Hasher original = a.CreateIncrementalHasher(a.MaxDigestLength, key);
        original.Update(prefix);
        Hasher[] copies = suffixes.Select(_ => original.Snapshot()).ToArray();

        for (int i = 0; i < suffixes.Length; i++)
            copies[i].Update(suffixes[i]);
        original.Update("original"u8);

        // Finish in reverse order of creation: finishing one must not disturb another.
        for (int i = suffixes.Length - 1; i >= 0; i--)
            Assert.Equal(a.ComputeHash(key, Concat(prefix, suffixes[i])), copies[i].Finish());
        Assert.Equal(a.ComputeHash(key, Concat(prefix, "original"u8.ToArray())), original.Finish());
    }

    [Fact]
    public void UpdatingTheOriginal_AfterCopying_DoesNotChangeTheCopy()
    {
        FixedDigestDriver a = this;
        byte[] prefix = Pattern(a.BlockSize + 10, 6);
        Hasher original = a.CreateIncrementalHasher();
        original.Update(prefix);
        Hasher copy = original.Snapshot();

        original.Update(Pattern(5 * a.BlockSize, 7));
        original.Finish();

        Assert.Equal(a.ComputeHash(prefix), copy.Finish());
    }

    // ---------------------------------------------------------------------------------------------------------
    // DigestLength
    // ---------------------------------------------------------------------------------------------------------

    /// <summary>A digest length given relative to the maximum when it is 0 or less (so the data suits every algorithm).</summary>
    private int DigestLengthOf(int lengthOrFromMax) => lengthOrFromMax > 0 ? lengthOrFromMax : MaxDigestLength + lengthOrFromMax;

    public static IEnumerable<object[]> DigestLengthCases() => new[] { 1, 2, 16, 20, -1, 0 }.Select(l => new object[] { l });

    [Theory]
    [MemberData(nameof(DigestLengthCases))]
    public void DigestLength_IsTheRequestedLength_ThroughEveryFactory(int lengthOrFromMax)
    {
        FixedDigestDriver a = this;
        int digestLength = DigestLengthOf(lengthOrFromMax);
        byte[] key = Hex.Sequence(9);
        Hasher[] hashers =
        {
            a.CreateIncrementalHasher(digestLength),
            a.CreateIncrementalHasher(digestLength, key),
            a.CreateIncrementalHasher(new Blake2Parameters { DigestLength = digestLength }),
            a.CreateIncrementalHasher(new Blake2Parameters { DigestLength = digestLength, Key = key, Salt = Hex.Sequence(3) }),
        };

        foreach (Hasher h in hashers)
        {
            Assert.Equal(digestLength, h.DigestLength);
            h.Update(Input);
            Assert.Equal(digestLength, h.DigestLength);
            Assert.Equal(digestLength, h.Finish().Length);
        }
    }

    [Fact]
    public void DigestLength_DefaultsToTheFullLength()
    {
        FixedDigestDriver a = this;
        Assert.Equal(a.MaxDigestLength, a.CreateIncrementalHasher().DigestLength);
        Assert.Equal(a.MaxDigestLength, a.CreateIncrementalHasher(Hex.Sequence(5)).DigestLength);
        Assert.Equal(a.MaxDigestLength, a.CreateIncrementalHasher(new Blake2Parameters()).DigestLength);
        Assert.Equal(a.MaxDigestLength, (int)a.PublicType.GetField("DefaultDigestLength")!.GetRawConstantValue()!);
        Assert.Equal(a.MaxKeyLength, (int)a.PublicType.GetField("MaxKeyLength")!.GetRawConstantValue()!);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Update<T>: raw little-endian memory
    // ---------------------------------------------------------------------------------------------------------

    private static readonly byte[] Input = Pattern(333, 9);

    [StructLayout(LayoutKind.Sequential)]
    private struct Pair
    {
        public int X;
        public uint Y;
    }

    private static byte[] LittleEndianBytes(int[] values)
    {
        var bytes = new byte[values.Length * 4];
        for (int i = 0; i < values.Length; i++)
            BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(4 * i), values[i]);
        return bytes;
    }

    private static byte[] LittleEndianBytes(long[] values)
    {
        var bytes = new byte[values.Length * 8];
        for (int i = 0; i < values.Length; i++)
            BinaryPrimitives.WriteInt64LittleEndian(bytes.AsSpan(8 * i), values[i]);
        return bytes;
    }

    public static IEnumerable<object[]> SpanLengthCases() => new[] { 0, 1, 3, 16, 33, 100, 257 }.Select(c => new object[] { c });

    [Theory]
    [MemberData(nameof(SpanLengthCases))]
    public void UpdateOfSpanOfT_HashesTheLittleEndianMemory(int count)
    {
        Assert.True(BitConverter.IsLittleEndian, "These expectations are written for a little-endian machine.");
        FixedDigestDriver a = this;
        int[] ints = Enumerable.Range(0, count).Select(i => unchecked(i * -1640531535)).ToArray();
        long[] longs = Enumerable.Range(0, count).Select(i => unchecked(i * -7046029254386353131L)).ToArray();
        double[] doubles = Enumerable.Range(0, count).Select(i => i * Math.PI - 1e10).ToArray();
        Pair[] pairs = Enumerable.Range(0, count).Select(i => new Pair { X = -i, Y = (uint)i * 3u }).ToArray();

        byte[] intBytes = LittleEndianBytes(ints);
        byte[] longBytes = LittleEndianBytes(longs);
        byte[] doubleBytes = doubles.SelectMany(d => BitConverter.GetBytes(d)).ToArray();
        byte[] pairBytes = LittleEndianBytes(pairs.SelectMany(p => new[] { p.X, unchecked((int)p.Y) }).ToArray());
        Assert.Equal(intBytes, MemoryMarshal.AsBytes(ints.AsSpan()).ToArray());

        // A leading odd byte so the typed data straddles block boundaries at odd offsets.
        byte[] expected = a.ComputeHash(Concat(new byte[] { 0x5A }, intBytes, longBytes, doubleBytes, pairBytes));

        byte[] actual;
        Hasher s = a.CreateIncrementalHasher();
        s.Update<byte>(0x5A);
        s.Update<int>(new ReadOnlySpan<int>(ints));
        s.Update<long>(new ReadOnlySpan<long>(longs));
        s.Update<double>(new ReadOnlySpan<double>(doubles));
        s.Update<Pair>(new ReadOnlySpan<Pair>(pairs));
        actual = s.Finish();

        Assert.Equal(Hex.Encode(expected), Hex.Encode(actual));
    }

    [Fact]
    public void UpdateOfSpanOfByte_Generic_MatchesTheByteOverload()
    {
        FixedDigestDriver a = this;
        byte[] expected = a.ComputeHash(Input);
        byte[] actual;
        Hasher s = a.CreateIncrementalHasher();
        s.Update<byte>(new ReadOnlySpan<byte>(Input, 0, 100));
        s.Update<byte>(new ReadOnlySpan<byte>(Input, 100, Input.Length - 100));
        actual = s.Finish();

        Assert.Equal(expected, actual);
    }

    [Fact]
    public void UpdateOfValue_HashesTheLittleEndianBytesOfTheValue()
    {
        Assert.True(BitConverter.IsLittleEndian, "These expectations are written for a little-endian machine.");
        FixedDigestDriver a = this;
        var pair = new Pair { X = -2, Y = 0xDEADBEEF };
        byte[] expectedBytes = Concat(
            new byte[] { 0xFE },
            BitConverter.GetBytes((short)-300),
            BitConverter.GetBytes(0x01020304),
            BitConverter.GetBytes(0x0102030405060708L),
            BitConverter.GetBytes(ulong.MaxValue - 1),
            BitConverter.GetBytes(1.5f),
            BitConverter.GetBytes(-2.25),
            BitConverter.GetBytes('€'),
            BitConverter.GetBytes(-2),
            BitConverter.GetBytes(0xDEADBEEF));
        Assert.Equal(new byte[] { 0x04, 0x03, 0x02, 0x01 }, BitConverter.GetBytes(0x01020304));

        byte[] actual;
        Hasher s = a.CreateIncrementalHasher(24);
        s.Update<byte>(0xFE);
        s.Update<short>(-300);
        s.Update<int>(0x01020304);
        s.Update<long>(0x0102030405060708L);
        s.Update<ulong>(ulong.MaxValue - 1);
        s.Update<float>(1.5f);
        s.Update<double>(-2.25);
        s.Update<char>('€');
        s.Update<Pair>(pair);
        actual = s.Finish();

        Assert.Equal(Hex.Encode(a.ComputeHash(24, expectedBytes)), Hex.Encode(actual));
    }

    /// <summary>Many small values one at a time, crossing many block boundaries at every offset.</summary>
    [Fact]
    public void UpdateOfValue_ManyValues_MatchesOneShotOfTheirBytes()
    {
        FixedDigestDriver a = this;
        long[] values = Enumerable.Range(0, 97).Select(i => unchecked(i * 0x0123456789ABCDEFL)).ToArray();
        byte[] expectedBytes = Concat(new byte[] { 1, 2, 3 }, LittleEndianBytes(values));

        byte[] actual;
        Hasher s = a.CreateIncrementalHasher(Hex.Sequence(10));
        s.Update(new byte[] { 1, 2, 3 });
        foreach (long v in values)
            s.Update<long>(v);
        actual = s.Finish();

        Assert.Equal(a.ComputeHash(Hex.Sequence(10), expectedBytes), actual);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Finish variants
    // ---------------------------------------------------------------------------------------------------------

    public static IEnumerable<object[]> FinishCases() => new[] { 1, 20, 0 }.Select(l => new object[] { l });

    [Theory]
    [MemberData(nameof(FinishCases))]
    public void FinishVariants_AgreeWithEachOther_AndWriteOnlyTheDigest(int lengthOrFromMax)
    {
        FixedDigestDriver a = this;
        int digestLength = DigestLengthOf(lengthOrFromMax);
        byte[] expected = a.ComputeHash(digestLength, Input);
        Hasher start = a.CreateIncrementalHasher(digestLength);
        start.Update(Input);

        // Finish()
        Assert.Equal(expected, start.Snapshot().Finish());

        // Finish(exact span)
        byte[] exact = Sentinel.Buffer(digestLength);
        start.Snapshot().Finish(exact);
        Assert.Equal(expected, exact);

        // Finish(larger span inside a larger buffer): only the first DigestLength bytes of the span change.
        const int offset = 8;
        byte[] buffer = Sentinel.Buffer(offset + digestLength + 40);
        start.Snapshot().Finish(buffer.AsSpan(offset, digestLength + 30));
        Sentinel.AssertUntouched(buffer, 0, offset);
        Assert.Equal(expected, buffer.AsSpan(offset, digestLength).ToArray());
        Sentinel.AssertUntouched(buffer, offset + digestLength);

        // TryFinish(exact span)
        byte[] tryExact = Sentinel.Buffer(digestLength);
        Assert.True(start.Snapshot().TryFinish(tryExact, out int written));
        Assert.Equal(digestLength, written);
        Assert.Equal(expected, tryExact);

        // TryFinish(larger span)
        byte[] tryBuffer = Sentinel.Buffer(offset + digestLength + 40);
        Assert.True(start.Snapshot().TryFinish(tryBuffer.AsSpan(offset, digestLength + 30), out written));
        Assert.Equal(digestLength, written);
        Sentinel.AssertUntouched(tryBuffer, 0, offset);
        Assert.Equal(expected, tryBuffer.AsSpan(offset, digestLength).ToArray());
        Sentinel.AssertUntouched(tryBuffer, offset + digestLength);
    }

    public static IEnumerable<object[]> WriteOverloadCases() =>
        new[]
        {
            "ComputeAndWriteHash(input, output)",
            "ComputeAndWriteHash(digestLength, input, output)",
            "ComputeAndWriteHash(key, input, output)",
            "ComputeAndWriteHash(digestLength, key, input, output)",
            "ComputeAndWriteHash(parameters, input, output)",
        }.Select(o => new object[] { o });

    [Theory]
    [MemberData(nameof(WriteOverloadCases))]
    public void ComputeAndWriteHash_WithALargerOutput_WritesOnlyTheDigest(string overload)
    {
        FixedDigestDriver a = this;
        byte[] key = Hex.Sequence(11);
        const int offset = 5;
        byte[] buffer = Sentinel.Buffer(offset + a.MaxDigestLength + 50);
        Span<byte> output = buffer.AsSpan(offset, a.MaxDigestLength + 20);
        byte[] expected;
        switch (overload)
        {
            case "ComputeAndWriteHash(input, output)":
                a.ComputeAndWriteHash(Input, output);
                expected = a.ComputeHash(Input);
                break;
            case "ComputeAndWriteHash(digestLength, input, output)":
                a.ComputeAndWriteHash(17, Input, output);
                expected = a.ComputeHash(17, Input);
                break;
            case "ComputeAndWriteHash(key, input, output)":
                a.ComputeAndWriteHash(key, Input, output);
                expected = a.ComputeHash(key, Input);
                break;
            case "ComputeAndWriteHash(digestLength, key, input, output)":
                a.ComputeAndWriteHash(17, key, Input, output);
                expected = a.ComputeHash(17, key, Input);
                break;
            case "ComputeAndWriteHash(parameters, input, output)":
                a.ComputeAndWriteHash(new Blake2Parameters { DigestLength = 17, Key = key, Personalization = "me"u8 }, Input, output);
                expected = a.ComputeHash(new Blake2Parameters { DigestLength = 17, Key = key, Personalization = "me"u8 }, Input);
                break;
            default: throw new ArgumentException(overload);
        }

        Sentinel.AssertUntouched(buffer, 0, offset);
        Assert.Equal(expected, buffer.AsSpan(offset, expected.Length).ToArray());
        Sentinel.AssertUntouched(buffer, offset + expected.Length);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Allocations
    // ---------------------------------------------------------------------------------------------------------


    private static readonly byte[] AllocKey = Hex.Sequence(16);
    private static readonly byte[] AllocInput = Pattern(1000, 12);
    private static readonly long[] AllocLongs = { 1, 2, 3, 4, 5 };

    private Action[] NonAllocatingCalls(byte[] output) => NonAllocatingCalls(AllocInput, AllocKey, AllocLongs, output);

    [Fact]
    public void ComputeAndWriteHash_HashData_AndTheIncrementalApi_AllocateNothing()
    {
        FixedDigestDriver a = this;
        byte[] output = new byte[a.MaxDigestLength];
        Action[] calls = NonAllocatingCalls(output); // the delegates (and their closure) are allocated here, not below
        for (int i = 0; i < calls.Length; i++)
        {
            long allocated = Allocations.By(calls[i], 20);
            Assert.True(allocated == 0, $"Call #{i} allocated {allocated} bytes over 20 runs; it must allocate nothing.");
        }
    }

    public static IEnumerable<object[]> AllocationDigestLengthCases() => new[] { 1, 20, 0 }.Select(l => new object[] { l });

    [Theory]
    [MemberData(nameof(AllocationDigestLengthCases))]
    public void ComputeHash_AndFinish_AllocateOnlyTheResultArray(int lengthOrFromMax)
    {
        FixedDigestDriver a = this;
        int digestLength = DigestLengthOf(lengthOrFromMax);
        const int iterations = 20;
        long limit = iterations * (digestLength + 32L);
        byte[]? last = null;
        // Each call stores its result in `last` (kept, so the array is not optimized away).
        Action[] calls = a.ResultOnlyCalls(digestLength, AllocInput, AllocKey, result => last = result);

        for (int i = 0; i < calls.Length; i++)
        {
            long allocated = Allocations.By(calls[i], iterations);
            Assert.True(allocated >= iterations * (long)digestLength, $"Call #{i} allocated {allocated} bytes over {iterations} runs: less than the result arrays.");
            Assert.True(allocated <= limit, $"Call #{i} allocated {allocated} bytes over {iterations} runs; only the {digestLength}-byte result (at most {digestLength + 32} bytes each) is allowed.");
            Assert.Equal(digestLength, last!.Length);
        }
    }
}
