using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The parallel contract's refusals (BLAKE2bp, BLAKE2sp): the right exception with the right parameter name, nothing
/// written to an output that is refused, and states that stay usable (or refuse use) exactly as documented.
/// </summary>
public class ParallelBadInputTests
{
    public static IEnumerable<object[]> ParallelNames() => ParallelDriver.All.Select(a => new object[] { a.Name });

    public static IEnumerable<object[]> ParallelBadDigestLengths() =>
        from a in ParallelDriver.All
        from d in new[] { 0, -1, a.MaxDigestLength + 1, 255, 256, int.MinValue, int.MaxValue }
        select new object[] { a.Name, d };

    [Theory]
    [MemberData(nameof(ParallelBadDigestLengths))]
    public void Parallel_DigestLengthOutOfRange_ThrowsForEveryOverload(string algorithmName, int digestLength)
    {
        ParallelDriver a = ParallelDriver.Parse(algorithmName);
        byte[] input = Hex.Sequence(10);
        byte[] key = Hex.Sequence(5);
        var output = Sentinel.Buffer(a.MaxDigestLength + 300);

        AssertDigestLength(() => a.ComputeHash(digestLength, input));
        AssertDigestLength(() => a.ComputeHash(digestLength, key, input));
        AssertDigestLength(() => a.ComputeAndWriteHash(digestLength, input, output));
        AssertDigestLength(() => a.ComputeAndWriteHash(digestLength, key, input, output));
        AssertDigestLength(() => a.CreateIncrementalHasher(digestLength));
        AssertDigestLength(() => a.CreateIncrementalHasher(digestLength, key));
        AssertDigestLength(() => a.CreateHashAlgorithm(digestLength));
        AssertDigestLength(() => a.CreateHMAC(digestLength, key));
        Sentinel.AssertUntouched(output);

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
        var output = Sentinel.Buffer(a.MaxDigestLength + 1);
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
            Sentinel.AssertUntouched(output);
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
            byte[] output = Sentinel.Buffer(size);
            AssertOutput(() => a.ComputeAndWriteHash(input, output));
            AssertOutput(() => a.ComputeAndWriteHash(key, input, output));
            AssertOutput(() => a.ComputeAndWriteHash(max, input, output));
            AssertOutput(() => a.ComputeAndWriteHash(max, key, input, output));
            Sentinel.AssertUntouched(output);
        }
        byte[] short19 = Sentinel.Buffer(19);
        AssertOutput(() => a.ComputeAndWriteHash(20, input, short19));
        AssertOutput(() => a.ComputeAndWriteHash(20, key, input, short19));
        Sentinel.AssertUntouched(short19);

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
            byte[] small = Sentinel.Buffer(d - 1);
            Assert.Equal("output", Assert.Throws<ArgumentException>(() => state.Finish(small)).ParamName);
            Sentinel.AssertUntouched(small);
            Assert.Equal("output", Assert.Throws<ArgumentException>(() => state.Finish(Span<byte>.Empty)).ParamName);
            state.Update(input.AsSpan(700));
            var output = new byte[d];
            state.Finish(output);
            Assert.Equal(Hex.Encode(expected), Hex.Encode(output));

            ParallelHasher tryState = a.CreateIncrementalHasher(d, key);
            tryState.Update(input.AsSpan(0, 3));
            Assert.False(tryState.TryFinish(small, out int written));
            Assert.Equal(0, written);
            Sentinel.AssertUntouched(small);
            Assert.False(tryState.TryFinish(Span<byte>.Empty, out written));
            Assert.Equal(0, written);
            tryState.Update(input.AsSpan(3));
            var larger = Sentinel.Buffer(d + 5);
            Assert.True(tryState.TryFinish(larger, out written));
            Assert.Equal(d, written);
            Assert.Equal(Hex.Encode(expected), Hex.Encode(larger.AsSpan(0, d)));
            Sentinel.AssertUntouched(larger.AsSpan(d));
        }
    }

    [Theory]
    [MemberData(nameof(ParallelNames))]
    public void Parallel_DefaultState_RefusesEveryUse(string algorithmName)
    {
        ParallelDriver a = ParallelDriver.Parse(algorithmName);
        ParallelHasher state = a.DefaultState();
        var output = Sentinel.Buffer(a.MaxDigestLength);
        Assert.Throws<InvalidOperationException>(() => state.Update(new byte[] { 1, 2, 3 }));
        Assert.Throws<InvalidOperationException>(() => state.Update(ReadOnlySpan<byte>.Empty));
        Assert.Throws<InvalidOperationException>(() => state.UpdateElements<int>(new[] { 1, 2 }));
        Assert.Throws<InvalidOperationException>(() => state.UpdateValue(42L));
        Assert.Throws<InvalidOperationException>(() => state.Finish());
        Assert.Throws<InvalidOperationException>(() => state.Finish(output));
        Assert.Throws<InvalidOperationException>(() => state.TryFinish(output, out _));
        Sentinel.AssertUntouched(output);
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
            var output = Sentinel.Buffer(a.MaxDigestLength);
            Assert.Throws<InvalidOperationException>(() => state.Update(input));
            Assert.Throws<InvalidOperationException>(() => state.UpdateValue((byte)1));
            Assert.Throws<InvalidOperationException>(() => state.Finish());
            Assert.Throws<InvalidOperationException>(() => state.Finish(output));
            Assert.Throws<InvalidOperationException>(() => state.TryFinish(output, out _));
            Sentinel.AssertUntouched(output);
        }
    }

}
