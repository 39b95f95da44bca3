using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests;

/// <summary>The incremental state's value semantics, its generic Update overloads, its Finish variants, and allocations.</summary>
public class StateTests
{
    public static IEnumerable<object[]> AlgorithmNames() => FixedDigestDriver.All.Select(a => new object[] { a.Name });

    private static byte[] Concat(params byte[][] parts) => parts.SelectMany(p => p).ToArray();

    /// <summary>Deterministic non-sequential bytes, so that suffixes differ from prefixes.</summary>
    private static byte[] Pattern(int length, int seed)
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

    public static IEnumerable<object[]> SnapshotCases() =>
        from a in FixedDigestDriver.All
        from prefix in new[] { 0, 1, a.BlockSize - 1, a.BlockSize, a.BlockSize + 1, 2 * a.BlockSize, 3 * a.BlockSize + 5 }
        from keyed in new[] { false, true }
        select new object[] { a.Name, prefix, keyed };

    [Theory]
    [MemberData(nameof(SnapshotCases))]
    public void CopyOfState_SnapshotsTheMidstate_AndBothFinishIndependently(string algorithm, int prefixLength, bool keyed)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
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
    public void Blake2bHashState_AssignmentCopies_AreIndependent()
    {
        byte[] prefix = Pattern(200, 4);
        Blake2bHashState state = Blake2b.CreateIncrementalHasher();
        state.Update(prefix);

        Blake2bHashState copy = state;
        copy.Update("copy"u8);
        byte[] copyDigest = copy.Finish();

        // The original is neither finished nor changed by what happened to the copy.
        state.Update("original"u8);
        Assert.Equal(Blake2b.ComputeHash(Concat(prefix, "original"u8.ToArray())), state.Finish());
        Assert.Equal(Blake2b.ComputeHash(Concat(prefix, "copy"u8.ToArray())), copyDigest);
    }

    [Fact]
    public void Blake2sHashState_AssignmentCopies_AreIndependent()
    {
        byte[] prefix = Pattern(100, 4);
        Blake2sHashState state = Blake2s.CreateIncrementalHasher();
        state.Update(prefix);

        Blake2sHashState copy = state;
        copy.Update("copy"u8);
        byte[] copyDigest = copy.Finish();

        state.Update("original"u8);
        Assert.Equal(Blake2s.ComputeHash(Concat(prefix, "original"u8.ToArray())), state.Finish());
        Assert.Equal(Blake2s.ComputeHash(Concat(prefix, "copy"u8.ToArray())), copyDigest);
    }

    private static byte[] FinishByValue(Blake2bHashState state, ReadOnlySpan<byte> suffix)
    {
        state.Update(suffix);
        return state.Finish();
    }

    private static byte[] FinishByValue(Blake2sHashState state, ReadOnlySpan<byte> suffix)
    {
        state.Update(suffix);
        return state.Finish();
    }

    [Fact]
    public void PassingStateByValue_LeavesTheCallersStateUnfinished()
    {
        byte[] prefix = Pattern(150, 5);
        Blake2bHashState b = Blake2b.CreateIncrementalHasher(32);
        Blake2sHashState s = Blake2s.CreateIncrementalHasher(16);
        b.Update(prefix);
        s.Update(prefix);

        Assert.Equal(Blake2b.ComputeHash(32, Concat(prefix, "x"u8.ToArray())), FinishByValue(b, "x"u8));
        Assert.Equal(Blake2s.ComputeHash(16, Concat(prefix, "x"u8.ToArray())), FinishByValue(s, "x"u8));

        b.Update("y"u8);
        s.Update("y"u8);
        Assert.Equal(Blake2b.ComputeHash(32, Concat(prefix, "y"u8.ToArray())), b.Finish());
        Assert.Equal(Blake2s.ComputeHash(16, Concat(prefix, "y"u8.ToArray())), s.Finish());
    }

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void UpdatingTheOriginal_AfterCopying_DoesNotChangeTheCopy(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
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

    public static IEnumerable<object[]> DigestLengthCases() =>
        from a in FixedDigestDriver.All
        from length in new[] { 1, 2, 16, 20, a.MaxDigestLength - 1, a.MaxDigestLength }
        select new object[] { a.Name, length };

    [Theory]
    [MemberData(nameof(DigestLengthCases))]
    public void DigestLength_IsTheRequestedLength_ThroughEveryFactory(string algorithm, int digestLength)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
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

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void DigestLength_DefaultsToTheFullLength(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        Assert.Equal(a.MaxDigestLength, a.CreateIncrementalHasher().DigestLength);
        Assert.Equal(a.MaxDigestLength, a.CreateIncrementalHasher(Hex.Sequence(5)).DigestLength);
        Assert.Equal(a.MaxDigestLength, a.CreateIncrementalHasher(new Blake2Parameters()).DigestLength);
        Assert.Equal(a.MaxDigestLength, (int)a.PublicType.GetField("DefaultDigestLength")!.GetRawConstantValue()!);
        Assert.Equal(a.MaxKeyLength, (int)a.PublicType.GetField("MaxKeyLength")!.GetRawConstantValue()!);
    }

    [Fact]
    public void DigestLength_OfADefaultState_IsZero()
    {
        Assert.Equal(0, default(Blake2bHashState).DigestLength);
        Assert.Equal(0, default(Blake2sHashState).DigestLength);
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

    public static IEnumerable<object[]> SpanLengthCases() =>
        from a in FixedDigestDriver.All
        from count in new[] { 0, 1, 3, 16, 33, 100, 257 }
        select new object[] { a.Name, count };

    [Theory]
    [MemberData(nameof(SpanLengthCases))]
    public void UpdateOfSpanOfT_HashesTheLittleEndianMemory(string algorithm, int count)
    {
        Assert.True(BitConverter.IsLittleEndian, "These expectations are written for a little-endian machine.");
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
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

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void UpdateOfSpanOfByte_Generic_MatchesTheByteOverload(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] expected = a.ComputeHash(Input);
        byte[] actual;
        Hasher s = a.CreateIncrementalHasher();
        s.Update<byte>(new ReadOnlySpan<byte>(Input, 0, 100));
        s.Update<byte>(new ReadOnlySpan<byte>(Input, 100, Input.Length - 100));
        actual = s.Finish();

        Assert.Equal(expected, actual);
    }

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void UpdateOfValue_HashesTheLittleEndianBytesOfTheValue(string algorithm)
    {
        Assert.True(BitConverter.IsLittleEndian, "These expectations are written for a little-endian machine.");
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
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
    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void UpdateOfValue_ManyValues_MatchesOneShotOfTheirBytes(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
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

    public static IEnumerable<object[]> FinishCases() =>
        from a in FixedDigestDriver.All
        from length in new[] { 1, 20, a.MaxDigestLength }
        select new object[] { a.Name, length };

    [Theory]
    [MemberData(nameof(FinishCases))]
    public void FinishVariants_AgreeWithEachOther_AndWriteOnlyTheDigest(string algorithm, int digestLength)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
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
        from a in FixedDigestDriver.All
        from overload in new[]
        {
            "ComputeAndWriteHash(input, output)",
            "ComputeAndWriteHash(digestLength, input, output)",
            "ComputeAndWriteHash(key, input, output)",
            "ComputeAndWriteHash(digestLength, key, input, output)",
            "ComputeAndWriteHash(parameters, input, output)",
        }
        select new object[] { a.Name, overload };

    [Theory]
    [MemberData(nameof(WriteOverloadCases))]
    public void ComputeAndWriteHash_WithALargerOutput_WritesOnlyTheDigest(string algorithm, string overload)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
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

    /// <summary>Bytes allocated on this thread by <paramref name="iterations"/> calls, after warming the code up.</summary>
    private static long AllocatedBy(Action action, int iterations)
    {
        for (int i = 0; i < 64; i++)
            action();
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < iterations; i++)
            action();
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }

    private static readonly byte[] AllocKey = Hex.Sequence(16);
    private static readonly byte[] AllocInput = Pattern(1000, 12);
    private static readonly long[] AllocLongs = { 1, 2, 3, 4, 5 };

    private static Action[] NonAllocatingCalls(FixedDigestDriver a, byte[] output) => a.NonAllocatingCalls(AllocInput, AllocKey, AllocLongs, output);

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void ComputeAndWriteHash_HashData_AndTheIncrementalApi_AllocateNothing(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] output = new byte[a.MaxDigestLength];
        Action[] calls = NonAllocatingCalls(a, output); // the delegates (and their closure) are allocated here, not below
        for (int i = 0; i < calls.Length; i++)
        {
            long allocated = AllocatedBy(calls[i], 20);
            Assert.True(allocated == 0, $"Call #{i} allocated {allocated} bytes over 20 runs; it must allocate nothing.");
        }
    }

    public static IEnumerable<object[]> AllocationDigestLengthCases() =>
        from a in FixedDigestDriver.All
        from length in new[] { 1, 20, a.MaxDigestLength }
        select new object[] { a.Name, length };

    [Theory]
    [MemberData(nameof(AllocationDigestLengthCases))]
    public void ComputeHash_AndFinish_AllocateOnlyTheResultArray(string algorithm, int digestLength)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        const int iterations = 20;
        long limit = iterations * (digestLength + 32L);
        byte[]? last = null;
        // Each call stores its result in `last` (kept, so the array is not optimized away).
        Action[] calls = a.ResultOnlyCalls(digestLength, AllocInput, AllocKey, result => last = result);

        for (int i = 0; i < calls.Length; i++)
        {
            long allocated = AllocatedBy(calls[i], iterations);
            Assert.True(allocated >= iterations * (long)digestLength, $"Call #{i} allocated {allocated} bytes over {iterations} runs: less than the result arrays.");
            Assert.True(allocated <= limit, $"Call #{i} allocated {allocated} bytes over {iterations} runs; only the {digestLength}-byte result (at most {digestLength + 32} bytes each) is allowed.");
            Assert.Equal(digestLength, last!.Length);
        }
    }
}
