using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Features;

/// <summary>
/// The BCL-style names (HashData, TryHashData, HashDataAsync, Keyed.*) of BLAKE2b, BLAKE2s, BLAKE2bp and BLAKE2sp: the
/// official known answers, equality with the 2.x names, refused input, and allocation.
/// </summary>
public class HashDataTests
{
    public static IEnumerable<object[]> Algorithms() => BclDriver.All.Select(a => new object[] { a.Name });

    public static IEnumerable<object[]> AlgorithmsAndKeying() =>
        BclDriver.All.SelectMany(a => new[] { new object[] { a.Name, false }, new object[] { a.Name, true } });

    /// <summary>Every form of one overload, as (description, digest) pairs; the async forms where the build has them.</summary>
    private static IEnumerable<(string Form, byte[] Digest)> EveryForm(BclDriver a, BclOverload o, int digestLength, byte[] key, byte[] input)
    {
        int length = a.ExpectedLength(o, digestLength);
        yield return ("HashData(span)", a.HashData(o, digestLength, key, input));

        byte[] into = Sentinel.Buffer(length + 9);
        int written = a.HashDataInto(o, digestLength, key, input, into);
        Assert.Equal(length, written);
        Sentinel.AssertUntouched(into, length);
        yield return ("HashData(span, destination)", into.AsSpan(0, length).ToArray());

        byte[] tried = Sentinel.Buffer(length);
        Assert.Equal(length, a.TryHashData(o, digestLength, key, input, tried));
        yield return ("TryHashData", tried);

        yield return ("HashData(stream)", a.StreamHashData(o, digestLength, key, new StreamTests.ShortReadStream(input, seed: input.Length)));

        byte[] fromStream = Sentinel.Buffer(length + 3);
        Assert.Equal(length, a.StreamHashDataInto(o, digestLength, key, new MemoryStream(input), fromStream));
        Sentinel.AssertUntouched(fromStream, length);
        yield return ("HashData(stream, destination)", fromStream.AsSpan(0, length).ToArray());

        if (a.HashDataAsync is { } hashAsync && a.HashDataIntoAsync is { } intoAsync)
        {
            yield return ("HashDataAsync(stream)", hashAsync(o, digestLength, key, new StreamTests.ShortReadStream(input, seed: 7), CancellationToken.None).AsTask().GetAwaiter().GetResult());
            byte[] fromAsync = Sentinel.Buffer(length + 5);
            Assert.Equal(length, intoAsync(o, digestLength, key, new MemoryStream(input), fromAsync, CancellationToken.None).AsTask().GetAwaiter().GetResult());
            Sentinel.AssertUntouched(fromAsync, length);
            yield return ("HashDataAsync(stream, destination)", fromAsync.AsSpan(0, length).ToArray());
        }
    }

    [Theory]
    [MemberData(nameof(AlgorithmsAndKeying))]
    public void EveryForm_MatchesEveryKatEntry(string algorithm, bool keyed)
    {
        BclDriver a = BclDriver.Parse(algorithm);
        IReadOnlyList<KatEntry> group = KatVectors.Group(a.Name, keyed);
        Assert.Equal(KnownAnswerTests.EntriesPerGroup, group.Count);
        BclOverload[] overloads = keyed ? new[] { BclOverload.Key, BclOverload.LengthAndKey } : new[] { BclOverload.Plain, BclOverload.Length };
        foreach (KatEntry entry in group)
        {
            foreach (BclOverload o in overloads)
            {
                foreach (var (form, digest) in EveryForm(a, o, a.MaxDigestLength, entry.Key, entry.Input))
                {
                    if (!entry.Expected.AsSpan().SequenceEqual(digest))
                        Assert.Fail($"{a} {o} {form}, input length {entry.Input.Length}: {Hex.Encode(digest)} != KAT {Hex.Encode(entry.Expected)}");
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void EveryForm_EqualsComputeHash_AtAnyLengthAndKey(string algorithm)
    {
        BclDriver a = BclDriver.Parse(algorithm);
        var random = new Random(algorithm.Length * 977);
        foreach (int inputLength in new[] { 0, 1, 63, 64, 65, 128, 129, 511, 512, 513, 1025, 4099 })
        {
            var input = new byte[inputLength];
            random.NextBytes(input);
            foreach (BclOverload o in BclDriver.AllOverloads)
            {
                int digestLength = random.Next(1, a.MaxDigestLength + 1);
                var key = new byte[BclDriver.UsesKey(o) ? random.Next(1, a.MaxKeyLength + 1) : 0];
                random.NextBytes(key);
                byte[] expected = a.ComputeHash(o, digestLength, key, input);
                Assert.Equal(a.ExpectedLength(o, digestLength), expected.Length);
                foreach (var (form, digest) in EveryForm(a, o, digestLength, key, input))
                    Assert.True(expected.AsSpan().SequenceEqual(digest), $"{a} {o} {form}, input {inputLength}, digest {digestLength}, key {key.Length}");
            }
        }
    }

    [Fact]
    public void Keyed_IsTheKeyedHash_NotTheUnkeyedOne()
    {
        byte[] key = Hex.Sequence(32);
        Assert.Equal(Blake2b.ComputeHash(key, "abc"u8), Blake2b.Keyed.HashData(key, "abc"u8));
        Assert.NotEqual(Blake2b.HashData("abc"u8), Blake2b.Keyed.HashData(key, "abc"u8));
        // An empty key is refused, not taken as "unkeyed" (KeyRefusalTests covers every keyed entry point).
        Assert.Throws<ArgumentException>("key", () => Blake2s.Keyed.HashData(Array.Empty<byte>(), "abc"u8));
    }

    // ---------------------------------------------------------------- refused input

    /// <summary>A form by name, called with a sentinel destination and a stream whose position shows whether it was read.</summary>
    private static void Call(BclDriver a, string form, BclOverload o, int digestLength, byte[] key, Stream? stream, byte[] destination)
    {
        byte[] input = Hex.Sequence(200);
        switch (form)
        {
            case "HashData(span)": a.HashData(o, digestLength, key, input); break;
            case "HashData(span, destination)": a.HashDataInto(o, digestLength, key, input, destination); break;
            case "TryHashData": a.TryHashData(o, digestLength, key, input, destination); break;
            case "HashData(stream)": a.StreamHashData(o, digestLength, key, stream!); break;
            case "HashData(stream, destination)": a.StreamHashDataInto(o, digestLength, key, stream!, destination); break;
            case "HashDataAsync(stream)": _ = a.HashDataAsync!(o, digestLength, key, stream!, CancellationToken.None); break;
            case "HashDataAsync(stream, destination)": _ = a.HashDataIntoAsync!(o, digestLength, key, stream!, destination, CancellationToken.None); break;
            default: throw new ArgumentException(form, nameof(form));
        }
    }

    private static readonly string[] SpanForms = { "HashData(span)", "HashData(span, destination)", "TryHashData" };

    private static IEnumerable<string> StreamForms(BclDriver a) =>
        a.HashDataAsync is null
            ? new[] { "HashData(stream)", "HashData(stream, destination)" }
            : new[] { "HashData(stream)", "HashData(stream, destination)", "HashDataAsync(stream)", "HashDataAsync(stream, destination)" };

    private static IEnumerable<string> AllForms(BclDriver a) => SpanForms.Concat(StreamForms(a));

    public static IEnumerable<object[]> AlgorithmsAndForms() =>
        from a in BclDriver.All
        from form in AllForms(a)
        select new object[] { a.Name, form };

    [Theory]
    [MemberData(nameof(AlgorithmsAndForms))]
    public void DigestLength_OutOfRange_ThrowsNamedDigestLength_WritesNothing_ReadsNothing(string algorithm, string form)
    {
        BclDriver a = BclDriver.Parse(algorithm);
        foreach (BclOverload o in new[] { BclOverload.Length, BclOverload.LengthAndKey })
        {
            foreach (int digestLength in new[] { 0, -1, a.MaxDigestLength + 1, 256, 257, int.MinValue })
            {
                byte[] destination = Sentinel.Buffer(2 * a.MaxDigestLength);
                var stream = new MemoryStream(Hex.Sequence(100));
                var e = Assert.Throws<ArgumentOutOfRangeException>(() => Call(a, form, o, digestLength, Hex.Sequence(8), stream, destination));
                Assert.Equal("digestLength", e.ParamName);
                Sentinel.AssertUntouched(destination);
                Assert.Equal(0, stream.Position);
            }
        }
    }

    [Theory]
    [MemberData(nameof(AlgorithmsAndForms))]
    public void Key_TooLong_ThrowsNamedKey_WritesNothing_ReadsNothing(string algorithm, string form)
    {
        BclDriver a = BclDriver.Parse(algorithm);
        foreach (BclOverload o in new[] { BclOverload.Key, BclOverload.LengthAndKey })
        {
            foreach (int keyLength in new[] { a.MaxKeyLength + 1, 1000 })
            {
                byte[] destination = Sentinel.Buffer(2 * a.MaxDigestLength);
                var stream = new MemoryStream(Hex.Sequence(100));
                var e = Assert.Throws<ArgumentException>(() => Call(a, form, o, 20, Hex.Sequence(keyLength), stream, destination));
                Assert.Equal("key", e.ParamName);
                Sentinel.AssertUntouched(destination);
                Assert.Equal(0, stream.Position);
            }
        }
    }

    public static IEnumerable<object[]> AlgorithmsAndDestinationForms() =>
        from a in BclDriver.All
        from form in AllForms(a).Where(f => f.Contains("destination", StringComparison.Ordinal))
        select new object[] { a.Name, form };

    [Theory]
    [MemberData(nameof(AlgorithmsAndDestinationForms))]
    public void Destination_TooShort_ThrowsNamedDestination_WritesNothing_ReadsNothing(string algorithm, string form)
    {
        BclDriver a = BclDriver.Parse(algorithm);
        foreach (BclOverload o in BclDriver.AllOverloads)
        {
            int length = a.ExpectedLength(o, 20);
            foreach (int destinationLength in new[] { 0, 1, length - 1 })
            {
                byte[] destination = Sentinel.Buffer(destinationLength);
                var stream = new MemoryStream(Hex.Sequence(100));
                var e = Assert.Throws<ArgumentException>(() => Call(a, form, o, 20, Hex.Sequence(8), stream, destination));
                Assert.Equal("destination", e.ParamName);
                Sentinel.AssertUntouched(destination);
                Assert.Equal(0, stream.Position);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void TryHashData_DestinationTooShort_ReturnsFalse_WithZeroWritten_AndWritesNothing(string algorithm)
    {
        BclDriver a = BclDriver.Parse(algorithm);
        foreach (BclOverload o in BclDriver.AllOverloads)
        {
            int length = a.ExpectedLength(o, 20);
            foreach (int destinationLength in new[] { 0, 1, length - 1 })
            {
                byte[] destination = Sentinel.Buffer(destinationLength);
                Assert.Equal(-1, a.TryHashData(o, 20, Hex.Sequence(8), Hex.Sequence(100), destination)); // false, bytesWritten 0
                Sentinel.AssertUntouched(destination);
            }
        }
    }

    public static IEnumerable<object[]> AlgorithmsAndStreamForms() =>
        from a in BclDriver.All
        from form in StreamForms(a)
        select new object[] { a.Name, form };

    [Theory]
    [MemberData(nameof(AlgorithmsAndStreamForms))]
    public void Stream_NullOrUnreadable_ThrowsNamedSource(string algorithm, string form)
    {
        BclDriver a = BclDriver.Parse(algorithm);
        foreach (BclOverload o in BclDriver.AllOverloads)
        {
            byte[] destination = Sentinel.Buffer(a.MaxDigestLength);
            var missing = Assert.Throws<ArgumentNullException>(() => Call(a, form, o, 20, Hex.Sequence(8), null, destination));
            Assert.Equal("source", missing.ParamName);

            var unreadable = Assert.Throws<ArgumentException>(() => Call(a, form, o, 20, Hex.Sequence(8), new WriteOnlyStream(), destination));
            Assert.Equal("source", unreadable.ParamName);
            Sentinel.AssertUntouched(destination);
        }
    }

#if !LIBRARY_NETSTANDARD
    [Theory]
    [MemberData(nameof(Algorithms))]
    public async Task HashDataAsync_Canceled_ThrowsOperationCanceled_AndWritesNothing(string algorithm)
    {
        BclDriver a = BclDriver.Parse(algorithm);
        using var canceled = new CancellationTokenSource();
        canceled.Cancel();
        foreach (BclOverload o in BclDriver.AllOverloads)
        {
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await a.HashDataAsync!(o, 20, Hex.Sequence(8), new MemoryStream(Hex.Sequence(5000)), canceled.Token));
            byte[] destination = Sentinel.Buffer(a.MaxDigestLength);
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await a.HashDataIntoAsync!(o, 20, Hex.Sequence(8), new MemoryStream(Hex.Sequence(5000)), destination, canceled.Token));
            Sentinel.AssertUntouched(destination);
        }
    }
#endif

    // ---------------------------------------------------------------- allocation

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void SpanForms_AllocateNothing(string algorithm)
    {
        BclDriver a = BclDriver.Parse(algorithm);
        byte[] key = Hex.Sequence(16);
        byte[] input = Hex.Sequence(1000);
        byte[] destination = new byte[a.MaxDigestLength];
        byte[] tooShort = new byte[1];
        var calls = new List<Action>();
        foreach (BclOverload o in BclDriver.AllOverloads)
        {
            calls.Add(() => a.HashDataInto(o, 16, key, input, destination));
            calls.Add(() => a.TryHashData(o, 16, key, input, destination));
            calls.Add(() => a.TryHashData(o, 16, key, input, tooShort));
        }
        foreach (Action call in calls)
            Assert.Equal(0, Allocations.By(call, 32));
    }

    /// <summary>A stream that can only be written, to check the readability test.</summary>
    private sealed class WriteOnlyStream : MemoryStream
    {
        public override bool CanRead => false;
    }
}
