using System;
using System.IO;
using System.Linq;

namespace Blake2Fast.Tests.Drivers;

/// <summary>The BLAKE3 contract's refusals: the right exception, naming the argument, and nothing written.</summary>
public class Blake3BadInputTests
{
    private static readonly byte[] Input = Enumerable.Range(0, 100).Select(i => (byte)i).ToArray();

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(16)]
    [InlineData(31)]
    [InlineData(33)]
    [InlineData(64)]
    public void AKeyThatIsNot32BytesIsRefused(int length)
    {
        byte[] key = new byte[length];
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => Blake3.Keyed.HashData(key, Input)).ParamName);
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => Blake3.ComputeHash(key, Input)).ParamName);
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => Blake3.ComputeHash(40, key, Input)).ParamName);
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => Blake3.CreateIncrementalHasher(key)).ParamName);
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => Blake3.CreateHMAC(key)).ParamName);
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => Blake3.Keyed.HashData(key, new MemoryStream(Input))).ParamName);
        var output = new byte[32];
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => Blake3.ComputeAndWriteHash(key, Input, output)).ParamName);
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => Blake3.Keyed.TryHashData(key, Input, output, out _)).ParamName);
        Assert.All(output, b => Assert.Equal(0, b));
    }

    [Fact]
    public void AWrongKeySetOnTheHmacIsRefusedAndTheOldKeyStays()
    {
        byte[] key = Enumerable.Range(0, 32).Select(i => (byte)i).ToArray();
        using var hmac = Blake3.CreateHMAC(key);
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => hmac.Key = new byte[31]).ParamName);
        Assert.Equal(key, hmac.Key);
        Assert.Equal(Blake3.Keyed.HashData(key, Input), hmac.ComputeHash(Input));

        byte[] other = Enumerable.Range(1, 32).Select(i => (byte)i).ToArray();
        hmac.Key = other;
        Assert.Equal(Blake3.Keyed.HashData(other, Input), hmac.ComputeHash(Input));
    }

    [Fact]
    public void ANullContextIsRefused()
    {
        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => Blake3.DeriveKey(null!, Input)).ParamName);
        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => Blake3.DeriveKey(null!, Input, 40)).ParamName);
        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => Blake3.DeriveKey(null!, Input, new byte[8])).ParamName);
        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => Blake3.CreateDeriveKeyHasher(null!)).ParamName);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    [InlineData(int.MinValue)]
    public void AnOutputLengthBelowOneIsRefused(int length)
    {
        Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => Blake3.HashData(length, Input)).ParamName);
        Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => Blake3.CreateIncrementalHasher(length)).ParamName);
        Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => Blake3.CreateHashAlgorithm(length)).ParamName);
        Assert.Equal("length", Assert.Throws<ArgumentOutOfRangeException>(() => Blake3.DeriveKey("c", Input, length)).ParamName);
        Assert.Equal("length", Assert.Throws<ArgumentOutOfRangeException>(() => Blake3.CreateDeriveKeyHasher("c", length)).ParamName);
    }

    [Fact]
    public void AShortDestinationIsRefusedWithNothingWritten()
    {
        var output = new byte[31];
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Blake3.HashData(Input, output.AsSpan())).ParamName);
        Assert.Equal("output", Assert.Throws<ArgumentException>(() => Blake3.ComputeAndWriteHash(Input, output.AsSpan())).ParamName);
        Assert.Equal("output", Assert.Throws<ArgumentException>(() => Blake3.ComputeAndWriteHash(40, Input, (new byte[39]).AsSpan())).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Blake3.HashData(new MemoryStream(Input), output)).ParamName);
        Assert.False(Blake3.TryHashData(Input, output.AsSpan(), out int written));
        Assert.Equal(0, written);
        Assert.All(output, b => Assert.Equal(0, b));

        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.Update(Input);
        Assert.False(state.TryFinish(output, out written));
        Assert.Equal(0, written);
        Assert.All(output, b => Assert.Equal(0, b));
        Assert.Equal(Blake3.HashData(Input), state.Finish()); // still usable after the refusal
    }

    [Fact]
    public void ADefaultOrFinishedStateIsRefused()
    {
        Blake3HashState none = default;
        Assert.Throws<InvalidOperationException>(() => none.Update(Input));
        Assert.Throws<InvalidOperationException>(() => none.Finish());
        Assert.Throws<InvalidOperationException>(() => none.Finish(new byte[32]));
        Assert.Throws<InvalidOperationException>(() => none.TryFinish(new byte[32], out _));
        Assert.Throws<InvalidOperationException>(() => none.FinishXof());

        Blake3HashState done = Blake3.CreateIncrementalHasher();
        done.Update(Input);
        done.Finish();
        Assert.Throws<InvalidOperationException>(() => done.Update(Input));
        Assert.Throws<InvalidOperationException>(() => done.Finish());
        Assert.Throws<InvalidOperationException>(() => done.FinishXof());
    }

    [Fact]
    public void ADefaultOrClearedReaderIsRefused()
    {
        Blake3OutputReader none = default;
        Assert.Throws<InvalidOperationException>(() => none.Read(new byte[1]));
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        Blake3OutputReader reader = state.FinishXof();
        reader.Read(new byte[5]);
        reader.Clear();
        Assert.Throws<InvalidOperationException>(() => reader.Read(new byte[1]));
    }

    [Fact]
    public void TheReaderRefusesANegativePositionAndReadingPastItsEnd()
    {
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        Blake3OutputReader reader = state.FinishXof();
        Assert.Equal("value", Assert.Throws<ArgumentOutOfRangeException>(() => reader.Position = -1).ParamName);
        reader.Position = long.MaxValue - 10;
        var output = new byte[20];
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => reader.Read(output)).ParamName);
        Assert.All(output, b => Assert.Equal(0, b));
        Assert.Equal(long.MaxValue - 10, reader.Position);
        reader.Read(output.AsSpan(0, 10)); // up to the end is fine
        Assert.Equal(long.MaxValue, reader.Position);
    }

    [Fact]
    public void StreamsAreCheckedForNullAndReadability()
    {
        Assert.Equal("source", Assert.Throws<ArgumentNullException>(() => Blake3.HashData((Stream)null!)).ParamName);
        using var unreadable = new UnreadableStream();
        Assert.Equal("source", Assert.Throws<ArgumentException>(() => Blake3.HashData(unreadable)).ParamName);
    }

    private sealed class UnreadableStream : MemoryStream
    {
        public override bool CanRead => false;
    }
}
