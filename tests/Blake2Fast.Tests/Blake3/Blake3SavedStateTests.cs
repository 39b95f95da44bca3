using System;
using System.Linq;

namespace Blake2Fast.Tests.Blake3Suite;


/// <summary>Saving a BLAKE3 hash in progress and resuming it: the same output, and every bad blob refused.</summary>
public class Blake3SavedStateTests
{
    private static readonly byte[] Key = Enumerable.Range(0, 32).Select(i => (byte)(i * 3)).ToArray();

    [Theory]
    [InlineData(0, 0)]
    [InlineData(1, 1)]
    [InlineData(64, 100)]
    [InlineData(1024, 1)]
    [InlineData(1025, 2000)]
    [InlineData(5000, 3000)]
    [InlineData(70_001, 9000)]
    public void AResumedHashFinishesAsIfNeverSaved(int before, int after)
    {
        byte[] input = Enumerable.Range(0, before + after).Select(i => (byte)(i * 13 + 5)).ToArray();
        Blake3HashState[] states = { Blake3.CreateIncrementalHasher(77), Blake3.CreateIncrementalHasher(Key), Blake3.CreateDeriveKeyHasher("saved state tests") };
        byte[][] expected = { ReferenceBlake3.Hash(input, 77), ReferenceBlake3.KeyedHash_(Key, input, 32), ReferenceBlake3.DeriveKey("saved state tests", input, 32) };
        for (int m = 0; m < states.Length; m++)
        {
            Blake3HashState state = states[m];
            state.Update(input.AsSpan(0, before));
            var blob = new byte[state.SavedStateLength + 5];
            int written = state.SaveState(blob, includeKeyedState: true);
            Assert.Equal(state.SavedStateLength, written);
            Blake3HashState resumed = Blake3HashState.RestoreState(blob.AsSpan(0, written));
            Assert.Equal(state.DigestLength, resumed.DigestLength);
            resumed.Update(input.AsSpan(before));
            Assert.Equal(expected[m], resumed.Finish());
        }
    }

    [Fact]
    public void AKeyedStateNeedsConsentAndADefaultOrFinishedOneIsRefused()
    {
        Blake3HashState keyed = Blake3.CreateIncrementalHasher(Key);
        Assert.Throws<InvalidOperationException>(() => keyed.SaveState(new byte[200]));
        Blake3HashState derive = Blake3.CreateDeriveKeyHasher("c");
        Assert.Throws<InvalidOperationException>(() => derive.SaveState(new byte[200]));
        Blake3HashState none = default;
        Assert.Throws<InvalidOperationException>(() => none.SaveState(new byte[200]));
        Blake3HashState done = Blake3.CreateIncrementalHasher();
        done.Finish();
        Assert.Throws<InvalidOperationException>(() => done.SaveState(new byte[200]));
    }

    [Fact]
    public void AShortDestinationIsRefusedWithNothingWritten()
    {
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.Update(new byte[3000]);
        var blob = new byte[state.SavedStateLength - 1];
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => state.SaveState(blob)).ParamName);
        Assert.All(blob, b => Assert.Equal(0, b));
    }

    [Fact]
    public void DamagedTruncatedOrForeignBlobsAreRefused()
    {
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.Update(new byte[2500]);
        var blob = new byte[state.SavedStateLength];
        state.SaveState(blob);
        for (int i = 0; i < blob.Length; i += 7)
        {
            byte[] damaged = (byte[])blob.Clone();
            damaged[i] ^= 0x10;
            Assert.Equal("savedState", Assert.Throws<ArgumentException>(() => Blake3HashState.RestoreState(damaged)).ParamName);
        }
        Assert.Throws<ArgumentException>(() => Blake3HashState.RestoreState(blob.AsSpan(0, blob.Length - 1)));
        Assert.Throws<ArgumentException>(() => Blake3HashState.RestoreState(ReadOnlySpan<byte>.Empty));

        Blake2bHashState other = Blake2b.CreateIncrementalHasher();
        var foreign = new byte[other.SavedStateLength];
        other.SaveState(foreign);
        Assert.Throws<ArgumentException>(() => Blake3HashState.RestoreState(foreign));
    }

    [Theory]
    [InlineData(55)] // one more CV than the stack of a 2^64-byte input holds
    [InlineData(64)]
    public void AForgedBlobWithMoreStackedCvsThanTheStateHoldsIsRefused(int stacked)
    {
        // The checksum is not a MAC: anyone can write a blob whose checksum matches. One that claims more stacked CVs
        // than the state has room for (its chunk counter with that many bits set) must be refused, not copied in.
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.Update(new byte[100]); // 1 block compressed, 36 bytes buffered, no stacked CVs
        var blob = new byte[state.SavedStateLength];
        state.SaveState(blob);
        const int header = 16, fixedBody = 8 + 32 + 32, checksum = 16;
        int buffered = blob[8];
        byte[] forged = new byte[blob.Length + 32 * stacked];
        blob.AsSpan(0, blob.Length - checksum).CopyTo(forged);
        forged[9] = (byte)stacked;
        System.Buffers.Binary.BinaryPrimitives.WriteUInt64LittleEndian(forged.AsSpan(header), stacked == 64 ? ulong.MaxValue : (1UL << stacked) - 1);
        new Random(5).NextBytes(forged.AsSpan(header + fixedBody + buffered, 32 * stacked));
        var sum = new Blake2Parameters { DigestLength = checksum, Personalization = "B2FState"u8 };
        Blake2s.ComputeAndWriteHash(sum, forged.AsSpan(0, forged.Length - checksum), forged.AsSpan(forged.Length - checksum));
        Assert.Equal("savedState", Assert.Throws<ArgumentException>(() => Blake3HashState.RestoreState(forged)).ParamName);

        // The same forgery within the stack's room (54 CVs) is accepted: the refusal above is about the room, not the checksum.
        byte[] fits = new byte[blob.Length + 32 * 54];
        forged.AsSpan(0, header + fixedBody + buffered + 32 * 54).CopyTo(fits);
        fits[9] = 54;
        System.Buffers.Binary.BinaryPrimitives.WriteUInt64LittleEndian(fits.AsSpan(header), (1UL << 54) - 1);
        Blake2s.ComputeAndWriteHash(sum, fits.AsSpan(0, fits.Length - checksum), fits.AsSpan(fits.Length - checksum));
        Blake3HashState resumed = Blake3HashState.RestoreState(fits);
        Assert.Equal(32, resumed.Finish().Length);
    }
}
