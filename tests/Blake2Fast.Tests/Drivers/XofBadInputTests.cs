using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Blake2Fast.Tests.Family;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The XOF contract's refusals (BLAKE2Xb, BLAKE2Xs): output lengths, keys, reads past the declared length, input after
/// output, and the default state; nothing written to an output that is refused.
/// </summary>
public class XofBadInputTests
{
    public static IEnumerable<object[]> XofNames() => XofDriver.All.Select(a => new object[] { a.Name });

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
                byte[] output = Sentinel.Buffer(size);
                Assert.Equal("output", Assert.Throws<ArgumentOutOfRangeException>(() => a.ComputeAndWriteHash(input, output)).ParamName);
                Assert.Equal("output", Assert.Throws<ArgumentOutOfRangeException>(() => a.ComputeAndWriteHash(Hex.Sequence(3), input, output)).ParamName);
                Assert.Equal("destination", Assert.Throws<ArgumentOutOfRangeException>(() => a.HashData(null, input, output)).ParamName);
                Assert.Equal("destination", Assert.Throws<ArgumentOutOfRangeException>(() => a.HashData(Hex.Sequence(3), input, output)).ParamName);
                Sentinel.AssertUntouched(output);
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
            byte[] output = Sentinel.Buffer(40);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.ComputeHash(40, key, input)).ParamName);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.ComputeAndWriteHash(key, input, output)).ParamName);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.CreateIncrementalHasher(40, key)).ParamName);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.CreateIncrementalHasher(XofDriver.UnknownOutputLength, key)).ParamName);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.HashData(key, input, 40)).ParamName);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.HashData(key, input, output)).ParamName);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.HashData(key, new System.IO.MemoryStream(input), 40)).ParamName);
            Assert.Equal("key", Assert.Throws<ArgumentException>(() => a.HashData(key, new System.IO.MemoryStream(input), output)).ParamName);
            Sentinel.AssertUntouched(output);
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
        byte[] tooMuch = Sentinel.Buffer(Length + 1);
        Assert.Equal("output", Assert.Throws<ArgumentException>(() => state.Read(tooMuch)).ParamName);
        Sentinel.AssertUntouched(tooMuch);
        state.Update(input.AsSpan(40));
        var first = new byte[30];
        state.Read(first);
        Assert.Equal(Hex.Encode(expected.AsSpan(0, 30)), Hex.Encode(first));

        // Too much in the middle: refused, nothing written, the position unchanged.
        byte[] pastEnd = Sentinel.Buffer(Length - 30 + 1);
        Assert.Equal("output", Assert.Throws<ArgumentException>(() => state.Read(pastEnd)).ParamName);
        Sentinel.AssertUntouched(pastEnd);
        var rest = new byte[Length - 30];
        state.Read(rest);
        Assert.Equal(Hex.Encode(expected.AsSpan(30)), Hex.Encode(rest));

        // Everything read: one more byte is refused, an empty read is fine.
        byte[] oneMore = Sentinel.Buffer(1);
        Assert.Equal("output", Assert.Throws<ArgumentException>(() => state.Read(oneMore)).ParamName);
        Sentinel.AssertUntouched(oneMore);
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
        byte[] output = Sentinel.Buffer(10);
        Assert.Throws<InvalidOperationException>(() => state.Update(new byte[] { 1, 2 }));
        Assert.Throws<InvalidOperationException>(() => state.Update(ReadOnlySpan<byte>.Empty));
        Assert.Throws<InvalidOperationException>(() => state.Read(output));
        Assert.Throws<InvalidOperationException>(() => state.Read(Span<byte>.Empty));
        Sentinel.AssertUntouched(output);
    }
}
