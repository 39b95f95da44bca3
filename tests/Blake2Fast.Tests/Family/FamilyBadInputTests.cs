using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Family;

/// <summary>
/// Bad arguments and misuse for BLAKE2bp/BLAKE2sp and BLAKE2Xb/BLAKE2Xs: the right exception with the right
/// parameter name, nothing written to an output that is refused, and states that stay usable (or refuse use)
/// exactly as documented.
/// </summary>
public class FamilyBadInputTests
{
    private const byte Fill = 0xE7;

    public static IEnumerable<object[]> ParallelNames() => ParallelDriver.All.Select(a => new object[] { a.Name });

    public static IEnumerable<object[]> XofNames() => XofDriver.All.Select(a => new object[] { a.Name });

    public static IEnumerable<object[]> ParallelBadDigestLengths() =>
        from a in ParallelDriver.All
        from d in new[] { 0, -1, a.MaxDigestLength + 1, 255, 256, int.MinValue, int.MaxValue }
        select new object[] { a.Name, d };

    // ------------------------------------------------------------------------------------------------
    // BLAKE2bp / BLAKE2sp
    // ------------------------------------------------------------------------------------------------

    [Theory]
    [MemberData(nameof(ParallelBadDigestLengths))]
    public void Parallel_DigestLengthOutOfRange_ThrowsForEveryOverload(string algorithmName, int digestLength)
    {
        ParallelDriver a = ParallelDriver.Parse(algorithmName);
        byte[] input = Hex.Sequence(10);
        byte[] key = Hex.Sequence(5);
        var output = Filled(a.MaxDigestLength + 300);

        AssertDigestLength(() => a.ComputeHash(digestLength, input));
        AssertDigestLength(() => a.ComputeHash(digestLength, key, input));
        AssertDigestLength(() => a.ComputeAndWriteHash(digestLength, input, output));
        AssertDigestLength(() => a.ComputeAndWriteHash(digestLength, key, input, output));
        AssertDigestLength(() => a.CreateIncrementalHasher(digestLength));
        AssertDigestLength(() => a.CreateIncrementalHasher(digestLength, key));
        AssertDigestLength(() => a.CreateHashAlgorithm(digestLength));
        AssertDigestLength(() => a.CreateHMAC(digestLength, key));
        AssertUntouched(output);

        static void AssertDigestLength(Action action) =>
            Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(action).ParamName);
    }

    [Theory]
    [MemberData(nameof(ParallelNames))]
    public void Parallel_DigestLengthsAtTheBounds_AreAccepted(string algorithmName)
    {
        ParallelDriver a = ParallelDriver.Parse(algorithmName);
        byte[] input = Hex.Sequence(10);
        foreach (int d in new[] { 1, a.MaxDigestLength })
        {
            Assert.Equal(d, a.ComputeHash(d, input).Length);
            Assert.Equal(d, a.CreateIncrementalHasher(d).DigestLength);
            using HashAlgorithm h = a.CreateHashAlgorithm(d);
            Assert.Equal(8 * d, h.HashSize);
        }
        // The longest key is accepted.
        Assert.Equal(a.MaxDigestLength, a.ComputeHash(Hex.Sequence(a.MaxKeyLength), input).Length);
    }

    [Theory]
    [MemberData(nameof(ParallelNames))]
    public void Parallel_KeyTooLong_ThrowsForEveryOverload(string algorithmName)
    {
        ParallelDriver a = ParallelDriver.Parse(algorithmName);
        byte[] input = Hex.Sequence(10);
        var output = Filled(a.MaxDigestLength + 1);
        foreach (int keyLength in new[] { a.MaxKeyLength + 1, 1000 })
        {
            byte[] key = Hex.Sequence(keyLength);
            AssertKey(() => a.ComputeHash(key, input));
            AssertKey(() => a.ComputeHash(a.MaxDigestLength, key, input));
            AssertKey(() => a.ComputeHash(1, key, input));
            AssertKey(() => a.ComputeAndWriteHash(key, input, output));
            AssertKey(() => a.ComputeAndWriteHash(a.MaxDigestLength, key, input, output));
            AssertKey(() => a.CreateIncrementalHasher(key));
            AssertKey(() => a.CreateIncrementalHasher(a.MaxDigestLength, key));
            AssertKey(() => a.CreateHMAC(key));
            AssertKey(() => a.CreateHMAC(a.MaxDigestLength, key));
            AssertUntouched(output);
        }

        static void AssertKey(Action action) =>
            Assert.Equal("key", Assert.Throws<ArgumentException>(action).ParamName);
    }

    [Theory]
    [MemberData(nameof(ParallelNames))]
    public void Parallel_HmacKeySetter_TooLong_ThrowsAndKeepsTheKey(string algorithmName)
    {
        ParallelDriver a = ParallelDriver.Parse(algorithmName);
        byte[] key = Hex.Sequence(9);
        byte[] input = Hex.Sequence(700);
        using HMAC hmac = a.CreateHMAC(key);
        ArgumentException e = Assert.Throws<ArgumentException>(() => hmac.Key = Hex.Sequence(a.MaxKeyLength + 1));
        Assert.Equal("value", e.ParamName);
        Assert.Equal(key, hmac.Key);
        Assert.Equal(Hex.Encode(a.ComputeHash(key, input)), Hex.Encode(hmac.ComputeHash(input)));

        // Setting the key while a hash is in progress is refused.
        hmac.TransformBlock(input, 0, 10, null, 0);
        Assert.Throws<CryptographicException>(() => hmac.Key = Hex.Sequence(3));
        hmac.TransformFinalBlock(input, 10, input.Length - 10);
        Assert.Equal(Hex.Encode(a.ComputeHash(key, input)), Hex.Encode(hmac.Hash!));
    }

    [Theory]
    [MemberData(nameof(ParallelNames))]
    public void Parallel_OutputTooSmall_Throws_WritesNothing(string algorithmName)
    {
        ParallelDriver a = ParallelDriver.Parse(algorithmName);
        byte[] input = Hex.Sequence(600);
        byte[] key = Hex.Sequence(3);
        int max = a.MaxDigestLength;
        foreach (int size in new[] { 0, 1, max - 1 })
        {
            byte[] output = Filled(size);
            AssertOutput(() => a.ComputeAndWriteHash(input, output));
            AssertOutput(() => a.ComputeAndWriteHash(key, input, output));
            AssertOutput(() => a.ComputeAndWriteHash(max, input, output));
            AssertOutput(() => a.ComputeAndWriteHash(max, key, input, output));
            AssertUntouched(output);
        }
        byte[] short19 = Filled(19);
        AssertOutput(() => a.ComputeAndWriteHash(20, input, short19));
        AssertOutput(() => a.ComputeAndWriteHash(20, key, input, short19));
        AssertUntouched(short19);

        // Exactly the digest length is enough.
        var exact = new byte[20];
        a.ComputeAndWriteHash(20, key, input, exact);
        Assert.Equal(Hex.Encode(a.ComputeHash(20, key, input)), Hex.Encode(exact));

        static void AssertOutput(Action action) =>
            Assert.Equal("output", Assert.Throws<ArgumentException>(action).ParamName);
    }

    [Theory]
    [MemberData(nameof(ParallelNames))]
    public void Parallel_StateFinishIntoTooSmallSpan_Throws_WritesNothing_StateStaysUsable(string algorithmName)
    {
        ParallelDriver a = ParallelDriver.Parse(algorithmName);
        byte[] key = Hex.Sequence(a.MaxKeyLength);
        byte[] input = Hex.Sequence(1500);
        foreach (int d in new[] { a.MaxDigestLength, 20 })
        {
            byte[] expected = a.ComputeHash(d, key, input);

            ParallelHasher state = a.CreateIncrementalHasher(d, key);
            state.Update(input.AsSpan(0, 700));
            byte[] small = Filled(d - 1);
            Assert.Equal("output", Assert.Throws<ArgumentException>(() => state.Finish(small)).ParamName);
            AssertUntouched(small);
            Assert.Equal("output", Assert.Throws<ArgumentException>(() => state.Finish(Span<byte>.Empty)).ParamName);
            state.Update(input.AsSpan(700));
            var output = new byte[d];
            state.Finish(output);
            Assert.Equal(Hex.Encode(expected), Hex.Encode(output));

            ParallelHasher tryState = a.CreateIncrementalHasher(d, key);
            tryState.Update(input.AsSpan(0, 3));
            Assert.False(tryState.TryFinish(small, out int written));
            Assert.Equal(0, written);
            AssertUntouched(small);
            Assert.False(tryState.TryFinish(Span<byte>.Empty, out written));
            Assert.Equal(0, written);
            tryState.Update(input.AsSpan(3));
            var larger = Filled(d + 5);
            Assert.True(tryState.TryFinish(larger, out written));
            Assert.Equal(d, written);
            Assert.Equal(Hex.Encode(expected), Hex.Encode(larger.AsSpan(0, d)));
            AssertUntouched(larger.AsSpan(d));
        }
    }

    [Theory]
    [MemberData(nameof(ParallelNames))]
    public void Parallel_DefaultState_RefusesEveryUse(string algorithmName)
    {
        ParallelDriver a = ParallelDriver.Parse(algorithmName);
        ParallelHasher state = a.DefaultState();
        var output = Filled(a.MaxDigestLength);
        Assert.Throws<InvalidOperationException>(() => state.Update(new byte[] { 1, 2, 3 }));
        Assert.Throws<InvalidOperationException>(() => state.Update(ReadOnlySpan<byte>.Empty));
        Assert.Throws<InvalidOperationException>(() => state.UpdateElements<int>(new[] { 1, 2 }));
        Assert.Throws<InvalidOperationException>(() => state.UpdateValue(42L));
        Assert.Throws<InvalidOperationException>(() => state.Finish());
        Assert.Throws<InvalidOperationException>(() => state.Finish(output));
        Assert.Throws<InvalidOperationException>(() => state.TryFinish(output, out _));
        AssertUntouched(output);
    }

    [Theory]
    [MemberData(nameof(ParallelNames))]
    public void Parallel_FinishedState_RefusesEveryUse(string algorithmName)
    {
        ParallelDriver a = ParallelDriver.Parse(algorithmName);
        byte[] input = Hex.Sequence(1100);
        // Finished three ways: Finish(), Finish(span), TryFinish.
        for (int way = 0; way < 3; way++)
        {
            ParallelHasher state = a.CreateIncrementalHasher(Hex.Sequence(7));
            state.Update(input);
            var digest = new byte[a.MaxDigestLength];
            switch (way)
            {
                case 0: state.Finish(); break;
                case 1: state.Finish(digest); break;
                default: Assert.True(state.TryFinish(digest, out _)); break;
            }
            var output = Filled(a.MaxDigestLength);
            Assert.Throws<InvalidOperationException>(() => state.Update(input));
            Assert.Throws<InvalidOperationException>(() => state.UpdateValue((byte)1));
            Assert.Throws<InvalidOperationException>(() => state.Finish());
            Assert.Throws<InvalidOperationException>(() => state.Finish(output));
            Assert.Throws<InvalidOperationException>(() => state.TryFinish(output, out _));
            AssertUntouched(output);
        }
    }

    // ------------------------------------------------------------------------------------------------
    // BLAKE2Xb / BLAKE2Xs
    // ------------------------------------------------------------------------------------------------

    public static IEnumerable<object[]> XofBadStateLengths()
    {
        foreach (XofDriver a in XofDriver.All)
        {
            var lengths = new List<long> { 0, -2, -3, long.MinValue, long.MaxValue, a.MaxOutputLength + 1, a.MaxOutputLength + 2, int.MinValue };
            // Lengths that would wrap to small ones in the XOF length field (16 bits in BLAKE2Xs, 32 in BLAKE2Xb) or in 32 bits.
            long wrap = (long)a.UnknownField + 1;
            lengths.AddRange(new[] { wrap, wrap + 32, 2 * wrap + 64, 1L << 32, (1L << 32) + 5 });
            foreach (long length in lengths.Distinct())
                yield return new object[] { a.Name, length };
        }
    }

    [Theory]
    [MemberData(nameof(XofBadStateLengths))]
    public void Xof_CreateIncrementalHasher_OutputLengthOutOfRange_Throws(string algorithmName, long outputLength)
    {
        XofDriver a = XofDriver.Parse(algorithmName);
        Assert.Equal("outputLength", Assert.Throws<ArgumentOutOfRangeException>(() => a.CreateIncrementalHasher(outputLength)).ParamName);
        Assert.Equal("outputLength", Assert.Throws<ArgumentOutOfRangeException>(() => a.CreateIncrementalHasher(outputLength, Hex.Sequence(4))).ParamName);
    }

    [Theory]
    [MemberData(nameof(XofNames))]
    public void Xof_ReservedAllOnesLength_IsRefused_AndTheLargestIsAccepted(string algorithmName)
    {
        XofDriver a = XofDriver.Parse(algorithmName);
        // The all-ones field value means "unknown": it cannot be declared as a length.
        Assert.Throws<ArgumentOutOfRangeException>(() => a.CreateIncrementalHasher((long)a.UnknownField));
        XofReader largest = a.CreateIncrementalHasher(a.MaxOutputLength);
        Assert.Equal(a.MaxOutputLength, largest.OutputLength);
        largest.Update(Hex.Sequence(3));
        var head = new byte[a.BlockSize + 1];
        largest.Read(head);
        byte[] expected = XofConstruction.Output(a, Array.Empty<byte>(), Hex.Sequence(3), (uint)a.MaxOutputLength, head.Length);
        Assert.Equal(Hex.Encode(expected), Hex.Encode(head));
    }

    public static IEnumerable<object[]> XofBadOneShotLengths()
    {
        foreach (XofDriver a in XofDriver.All)
        {
            // -1 (unknown) is for the incremental hasher only: a one-shot needs a length.
            var lengths = new List<int> { 0, -1, -2, int.MinValue };
            if (a.MaxOutputLength < int.MaxValue)
            {
                int max = (int)a.MaxOutputLength;
                lengths.AddRange(new[] { max + 1, max + 2, max + 34, int.MaxValue });
            }
            foreach (int length in lengths)
                yield return new object[] { a.Name, length };
        }
    }

    [Theory]
    [MemberData(nameof(XofBadOneShotLengths))]
    public void Xof_ComputeHash_OutputLengthOutOfRange_Throws(string algorithmName, int outputLength)
    {
        XofDriver a = XofDriver.Parse(algorithmName);
        byte[] input = Hex.Sequence(10);
        Assert.Equal("outputLength", Assert.Throws<ArgumentOutOfRangeException>(() => a.ComputeHash(outputLength, input)).ParamName);
        Assert.Equal("outputLength", Assert.Throws<ArgumentOutOfRangeException>(() => a.ComputeHash(outputLength, Hex.Sequence(3), input)).ParamName);
        foreach (byte[]? key in new[] { null, Hex.Sequence(3) })
        {
            var stream = new System.IO.MemoryStream(input);
            Assert.Equal("outputLength", Assert.Throws<ArgumentOutOfRangeException>(() => a.HashData(key, input, outputLength)).ParamName);
            Assert.Equal("outputLength", Assert.Throws<ArgumentOutOfRangeException>(() => a.HashData(key, stream, outputLength)).ParamName);
#if !LIBRARY_NETSTANDARD
            Assert.Equal("outputLength", Assert.Throws<ArgumentOutOfRangeException>(() => a.HashDataAsync(key, stream, outputLength)).ParamName);
#endif
            Assert.Equal(0, stream.Position);
        }
    }

    [Theory]
    [MemberData(nameof(XofNames))]
    public void Xof_ComputeAndWriteHash_EmptyOrTooLongOutput_Throws(string algorithmName)
    {
        XofDriver a = XofDriver.Parse(algorithmName);
        byte[] input = Hex.Sequence(10);
        Assert.Equal("output", Assert.Throws<ArgumentOutOfRangeException>(() => a.ComputeAndWriteHash(input, Span<byte>.Empty)).ParamName);
        Assert.Equal("output", Assert.Throws<ArgumentOutOfRangeException>(() => a.ComputeAndWriteHash(Hex.Sequence(3), input, Span<byte>.Empty)).ParamName);
        foreach (byte[]? key in new[] { null, Hex.Sequence(3) })
        {
            var stream = new System.IO.MemoryStream(input);
            Assert.Equal("destination", Assert.Throws<ArgumentOutOfRangeException>(() => a.HashData(key, input, Span<byte>.Empty)).ParamName);
            Assert.Equal("destination", Assert.Throws<ArgumentOutOfRangeException>(() => a.HashData(key, stream, Span<byte>.Empty)).ParamName);
#if !LIBRARY_NETSTANDARD
            Assert.Equal("destination", Assert.Throws<ArgumentOutOfRangeException>(() => a.HashDataAsync(key, stream, Memory<byte>.Empty)).ParamName);
#endif
            Assert.Equal(0, stream.Position);
            Assert.Equal("source", Assert.Throws<ArgumentNullException>(() => a.HashData(key, (System.IO.Stream)null!, 5)).ParamName);
            Assert.Equal("source", Assert.Throws<ArgumentNullException>(() => a.HashData(key, (System.IO.Stream)null!, new byte[5])).ParamName);
        }
        if (a.MaxOutputLength < int.MaxValue)
        {
            // BLAKE2Xs: a span longer than its largest length (65534 bytes) cannot be its declared length.
            foreach (int size in new[] { (int)a.MaxOutputLength + 1, (int)a.MaxOutputLength + 9 })
            {
                byte[] output = Filled(size);
                Assert.Equal("output", Assert.Throws<ArgumentOutOfRangeException>(() => a.ComputeAndWriteHash(input, output)).ParamName);
                Assert.Equal("output", Assert.Throws<ArgumentOutOfRangeException>(() => a.ComputeAndWriteHash(Hex.Sequence(3), input, output)).ParamName);
                Assert.Equal("destination", Assert.Throws<ArgumentOutOfRangeException>(() => a.HashData(null, input, output)).ParamName);
                Assert.Equal("destination", Assert.Throws<ArgumentOutOfRangeException>(() => a.HashData(Hex.Sequence(3), input, output)).ParamName);
                AssertUntouched(output);
            }
        }
    }

    [Theory]
    [MemberData(nameof(XofNames))]
    public void Xof_KeyTooLong_ThrowsForEveryOverload(string algorithmName)
    {
        XofDriver a = XofDriver.Parse(algorithmName);
        byte[] input = Hex.Sequence(10);
        foreach (int keyLength in new[] { a.MaxKeyLength + 1, 300 })
        {
            byte[] key = Hex.Sequence(keyLength);
            byte[] output = Filled(40);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.ComputeHash(40, key, input)).ParamName);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.ComputeAndWriteHash(key, input, output)).ParamName);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.CreateIncrementalHasher(40, key)).ParamName);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.CreateIncrementalHasher(XofDriver.UnknownOutputLength, key)).ParamName);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.HashData(key, input, 40)).ParamName);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.HashData(key, input, output)).ParamName);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.HashData(key, new System.IO.MemoryStream(input), 40)).ParamName);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.HashData(key, new System.IO.MemoryStream(input), output)).ParamName);
            AssertUntouched(output);
        }
        // The longest key is accepted.
        Assert.Equal(40, a.ComputeHash(40, Hex.Sequence(a.MaxKeyLength), input).Length);
    }

    [Theory]
    [MemberData(nameof(XofNames))]
    public void Xof_ReadingPastTheDeclaredLength_Throws_WritesNothing_AndTheRestCanStillBeRead(string algorithmName)
    {
        XofDriver a = XofDriver.Parse(algorithmName);
        byte[] input = Hex.Sequence(90);
        const int Length = 100;
        byte[] expected = a.ComputeHash(Length, input);

        // Too much on the first read: nothing is read, and the input is not even ended.
        XofReader state = a.CreateIncrementalHasher(Length);
        state.Update(input.AsSpan(0, 40));
        byte[] tooMuch = Filled(Length + 1);
        Assert.Equal("output", Assert.Throws<ArgumentException>(() => state.Read(tooMuch)).ParamName);
        AssertUntouched(tooMuch);
        state.Update(input.AsSpan(40));
        var first = new byte[30];
        state.Read(first);
        Assert.Equal(Hex.Encode(expected.AsSpan(0, 30)), Hex.Encode(first));

        // Too much in the middle: refused, nothing written, the position unchanged.
        byte[] pastEnd = Filled(Length - 30 + 1);
        Assert.Equal("output", Assert.Throws<ArgumentException>(() => state.Read(pastEnd)).ParamName);
        AssertUntouched(pastEnd);
        var rest = new byte[Length - 30];
        state.Read(rest);
        Assert.Equal(Hex.Encode(expected.AsSpan(30)), Hex.Encode(rest));

        // Everything read: one more byte is refused, an empty read is fine.
        byte[] oneMore = Filled(1);
        Assert.Equal("output", Assert.Throws<ArgumentException>(() => state.Read(oneMore)).ParamName);
        AssertUntouched(oneMore);
        state.Read(Span<byte>.Empty);
    }

    [Theory]
    [MemberData(nameof(XofNames))]
    public void Xof_UpdateAfterRead_Throws_AndReadingGoesOn(string algorithmName)
    {
        XofDriver a = XofDriver.Parse(algorithmName);
        byte[] input = Hex.Sequence(50);
        foreach (long declared in new[] { 200L, XofDriver.UnknownOutputLength })
        {
            byte[] expected = declared > 0 ? a.ComputeHash((int)declared, input) : XofConstruction.Output(a, Array.Empty<byte>(), input, a.UnknownField, 200);

            XofReader state = a.CreateIncrementalHasher(declared);
            state.Update(input);
            var first = new byte[70];
            state.Read(first);
            Assert.Throws<InvalidOperationException>(() => state.Update(new byte[] { 1 }));
            Assert.Throws<InvalidOperationException>(() => state.Update(ReadOnlySpan<byte>.Empty));
            var rest = new byte[130];
            state.Read(rest);
            Assert.Equal(Hex.Encode(expected), Hex.Encode(first.Concat(rest).ToArray()));
            Assert.Throws<InvalidOperationException>(() => state.Update(new byte[] { 1 }));

            // An empty first read also ends the input.
            XofReader emptyRead = a.CreateIncrementalHasher(declared);
            emptyRead.Update(input);
            emptyRead.Read(Span<byte>.Empty);
            Assert.Throws<InvalidOperationException>(() => emptyRead.Update(new byte[] { 1 }));
            var all = new byte[200];
            emptyRead.Read(all);
            Assert.Equal(Hex.Encode(expected), Hex.Encode(all));
        }
    }

    [Theory]
    [MemberData(nameof(XofNames))]
    public void Xof_DefaultState_RefusesEveryUse(string algorithmName)
    {
        XofDriver a = XofDriver.Parse(algorithmName);
        XofReader state = a.DefaultState();
        byte[] output = Filled(10);
        Assert.Throws<InvalidOperationException>(() => state.Update(new byte[] { 1, 2 }));
        Assert.Throws<InvalidOperationException>(() => state.Update(ReadOnlySpan<byte>.Empty));
        Assert.Throws<InvalidOperationException>(() => state.Read(output));
        Assert.Throws<InvalidOperationException>(() => state.Read(Span<byte>.Empty));
        AssertUntouched(output);
    }

    private static byte[] Filled(int length)
    {
        var bytes = new byte[length];
        bytes.AsSpan().Fill(Fill);
        return bytes;
    }

    private static void AssertUntouched(ReadOnlySpan<byte> span)
    {
        int changed = span.IndexOfAnyExcept(Fill);
        Assert.True(changed < 0, $"byte {changed} of a refused output was written");
    }
}
