using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Drivers;

/// <summary>Every refused input of BLAKE-256 and BLAKE-224, through every entry point it can reach, as BLAKE2's <see cref="FixedDigestBadInputTests"/>.</summary>
public class SaltedBadInputTests
{
    private static readonly byte[] Input = Enumerable.Range(0, 150).Select(i => (byte)(i * 3)).ToArray();
    private static readonly byte[] GoodSalt = Hex.Sequence(16);

    public static IEnumerable<object[]> VariantNames() => SaltedDriver.All.Select(v => new object[] { v.Name });

    /// <summary>Every salted entry point, writing (where it writes) into <c>output</c>.</summary>
    private static readonly string[] SaltedEntryPoints =
    {
        "ComputeHash", "ComputeHash(Stream)", "ComputeHashAsync", "ComputeAndWriteHash", "CreateIncrementalHasher", "CreateHashAlgorithm",
        "Salted.HashData", "Salted.HashData(span)", "Salted.TryHashData", "Salted.HashData(Stream)", "Salted.HashData(Stream, span)",
        "Salted.HashDataAsync", "Salted.HashDataAsync(Memory)",
    };

    private static void CallSalted(SaltedDriver v, string entry, byte[] salt, byte[] output, bool refused = true)
    {
        var stream = new MemoryStream(Input);
        switch (entry)
        {
            case "ComputeHash": _ = v.ComputeHash(salt, Input); break;
            case "ComputeHash(Stream)": _ = v.ComputeHash(salt, stream); break;
            case "ComputeHashAsync": _ = v.ComputeHashAsync(salt, stream); break;
            case "ComputeAndWriteHash":
                v.ComputeAndWriteHash(salt, Input, output);
                break;
            case "CreateIncrementalHasher": _ = v.CreateIncrementalHasher(salt).DigestLength; break;
            case "CreateHashAlgorithm": v.CreateHashAlgorithm(salt).Dispose(); break;
            case "Salted.HashData": _ = v.HashData(salt, Input); break;
            case "Salted.HashData(span)": _ = v.HashData(salt, Input, output); break;
            case "Salted.TryHashData": _ = v.TryHashData(salt, Input, output, out _); break;
            case "Salted.HashData(Stream)": _ = v.HashData(salt, stream); break;
            case "Salted.HashData(Stream, span)": _ = v.HashData(salt, stream, output); break;
#if !LIBRARY_NETSTANDARD
            case "Salted.HashDataAsync": _ = v.HashDataAsync(salt, stream); break;
            case "Salted.HashDataAsync(Memory)": _ = v.HashDataAsync(salt, stream, output); break;
#else
            case "Salted.HashDataAsync":
            case "Salted.HashDataAsync(Memory)":
                CallSalted(v, "ComputeHashAsync", salt, output, refused); // not in the netstandard2.0 build
                break;
#endif
            default: throw new ArgumentException(entry);
        }
        if (refused)
            Assert.Equal(0, stream.Position); // the salt is checked before the stream is read
    }

    public static IEnumerable<object[]> BadSaltCases() =>
        from v in SaltedDriver.All
        from entry in SaltedEntryPoints
        from length in new[] { 0, 1, 8, 15, 17, 32 }
        select new object[] { v.Name, entry, length };

    [Theory]
    [MemberData(nameof(BadSaltCases))]
    public void Salt_NotSixteenBytes_ThrowsArgumentException_NamedSalt_AndWritesNothing(string variant, string entry, int saltLength)
    {
        var v = SaltedDriver.Parse(variant);
        byte[] output = Sentinel.Buffer(v.DigestLength + 8);
        var e = Assert.ThrowsAny<ArgumentException>(() => CallSalted(v, entry, Hex.Sequence(saltLength), output));
        Assert.IsType<ArgumentException>(e);
        Assert.Equal("salt", e.ParamName);
        Sentinel.AssertUntouched(output);
    }

    public static IEnumerable<object[]> GoodSaltCases() =>
        from v in SaltedDriver.All
        from entry in SaltedEntryPoints
        select new object[] { v.Name, entry };

    /// <summary>The same calls with a 16-byte salt go through (so the test above fails for the salt, not for the call).</summary>
    [Theory]
    [MemberData(nameof(GoodSaltCases))]
    public void Salt_OfSixteenBytes_IsAccepted(string variant, string entry)
    {
        var v = SaltedDriver.Parse(variant);
        byte[] output = Sentinel.Buffer(v.DigestLength);
        CallSalted(v, entry, GoodSalt, output, refused: false);
        // The entry points that write a digest wrote the right one.
        if (entry is "ComputeAndWriteHash" or "Salted.HashData(span)" or "Salted.TryHashData")
            Assert.Equal(v.Reference(Input, GoodSalt), output);
    }

    // ---- short destinations ----

    public static IEnumerable<object[]> ShortDestinationCases() =>
        from v in SaltedDriver.All
        from salted in new[] { false, true }
        from length in new[] { 0, 1, v.DigestLength - 1 }
        select new object[] { v.Name, salted, length };

    [Theory]
    [MemberData(nameof(ShortDestinationCases))]
    public void ShortDestination_Throws_NamingIt_OrReturnsFalse_AndWritesNothing(string variant, bool salted, int length)
    {
        var v = SaltedDriver.Parse(variant);
        byte[]? salt = salted ? GoodSalt : null;
        byte[] buffer = Sentinel.Buffer(length + 8);
        Span<byte> Short() => buffer.AsSpan(0, length);

        void Check(string name, Action call)
        {
            var e = Assert.Throws<ArgumentException>(call);
            Assert.Equal(name, e.ParamName);
            Sentinel.AssertUntouched(buffer);
        }

        Check("output", () => v.ComputeAndWriteHash(salt, Input, Short()));
        Check("destination", () => _ = v.HashData(salt, Input, Short()));
        var stream = new MemoryStream(Input);
        Check("destination", () => _ = v.HashData(salt, stream, Short()));
        Assert.Equal(0, stream.Position);
#if !LIBRARY_NETSTANDARD
        Check("destination", () => _ = v.HashDataAsync(salt, stream, buffer.AsMemory(0, length)));
#endif
        int written = -1;
        Assert.False(v.TryHashData(salt, Input, Short(), out written));
        Assert.Equal(0, written);
        Sentinel.AssertUntouched(buffer);

        // A state refuses the short span, writes nothing and stays usable.
        Blake256Hasher state = v.CreateIncrementalHasher(salt);
        state.Update(Input.AsSpan(0, 70));
        Check("output", () => state.Finish(Short()));
        Assert.False(state.TryFinish(Short(), out int none));
        Assert.Equal(0, none);
        byte[] saveBuffer = Sentinel.Buffer(state.SavedStateLength - 1);
        var e = Assert.Throws<ArgumentException>(() => state.SaveState(saveBuffer));
        Assert.Equal("destination", e.ParamName);
        Sentinel.AssertUntouched(saveBuffer);
        Sentinel.AssertUntouched(buffer);
        state.Update(Input.AsSpan(70));
        Assert.Equal(v.Reference(Input, salt), state.Finish());
    }

    // ---- null and unreadable streams ----

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void NullOrUnreadableStream_Throws_NamingIt(string variant)
    {
        var v = SaltedDriver.Parse(variant);
        var unreadable = new MemoryStream(Input);
        unreadable.Dispose();
        byte[] output = Sentinel.Buffer(v.DigestLength);
        foreach (Stream? stream in new[] { null, unreadable })
        {
            var calls = new List<(string Name, Action Call)>
            {
                ("input", () => _ = v.ComputeHash(null, stream!)),
                ("input", () => _ = v.ComputeHash(GoodSalt, stream!)),
                ("input", () => _ = v.ComputeHashAsync(null, stream!)),
                ("source", () => _ = v.HashData(null, stream!)),
                ("source", () => _ = v.HashData(null, stream!, output)),
                ("source", () => _ = v.HashData(GoodSalt, stream!)),
                ("source", () => _ = v.HashData(GoodSalt, stream!, output)),
#if !LIBRARY_NETSTANDARD
                ("source", () => _ = v.HashDataAsync(null, stream!)),
                ("source", () => _ = v.HashDataAsync(GoodSalt, stream!, output)),
#endif
            };
            foreach (var (name, call) in calls)
            {
                ArgumentException e = stream is null ? Assert.Throws<ArgumentNullException>(call) : Assert.Throws<ArgumentException>(call);
                Assert.Equal(name, e.ParamName);
            }
        }
        Sentinel.AssertUntouched(output);
    }

    // ---- default and finished states ----

    private static readonly string[] StateActions =
    {
        "Update(empty)", "Update(1 byte)", "Update(1 block)", "Update(many blocks)", "Finish()", "Finish(exact span)", "Finish(larger span)",
        "Finish(too small span)", "Finish(empty span)", "TryFinish(exact span)", "TryFinish(too small span)", "TryFinish(empty span)", "SaveState",
    };

    private static void Apply(Blake256Hasher h, string action, byte[] output, int digestLength)
    {
        switch (action)
        {
            case "Update(empty)": h.Update(ReadOnlySpan<byte>.Empty); break;
            case "Update(1 byte)": h.Update(new byte[] { 1 }); break;
            case "Update(1 block)": h.Update(Hex.Sequence(64)); break;
            case "Update(many blocks)": h.Update(Hex.Sequence(643)); break;
            case "Finish()": h.Finish(); break;
            case "Finish(exact span)": h.Finish(output.AsSpan(0, digestLength)); break;
            case "Finish(larger span)": h.Finish(output); break;
            case "Finish(too small span)": h.Finish(output.AsSpan(0, digestLength - 1)); break;
            case "Finish(empty span)": h.Finish(Span<byte>.Empty); break;
            case "TryFinish(exact span)": h.TryFinish(output.AsSpan(0, digestLength), out _); break;
            case "TryFinish(too small span)": h.TryFinish(output.AsSpan(0, digestLength - 1), out _); break;
            case "TryFinish(empty span)": h.TryFinish(Span<byte>.Empty, out _); break;
            case "SaveState": h.SaveState(output); break;
            default: throw new ArgumentException(action);
        }
    }

    public static IEnumerable<object[]> StateCases() =>
        from v in SaltedDriver.All
        from action in StateActions
        select new object[] { v.Name, action };

    [Theory]
    [MemberData(nameof(StateCases))]
    public void DefaultState_EveryOperation_ThrowsInvalidOperation_AndWritesNothing(string variant, string action)
    {
        var v = SaltedDriver.Parse(variant);
        Blake256Hasher h = v.DefaultState();
        byte[] output = Sentinel.Buffer(200);
        Assert.Throws<InvalidOperationException>(() => Apply(h, action, output, v.DigestLength));
        Sentinel.AssertUntouched(output);
        Assert.Equal(0, h.DigestLength);
    }

    [Theory]
    [MemberData(nameof(StateCases))]
    public void FinishedState_EveryOperation_ThrowsInvalidOperation_AndWritesNothing(string variant, string action)
    {
        var v = SaltedDriver.Parse(variant);
        Blake256Hasher h = v.CreateIncrementalHasher(GoodSalt);
        h.Update(Input);
        Blake256Hasher before = h.Snapshot();
        Assert.Equal(v.Reference(Input, GoodSalt), h.Finish());
        Blake256Hasher after = h.Snapshot();
        byte[] output = Sentinel.Buffer(200);
        Assert.Throws<InvalidOperationException>(() => Apply(h, action, output, v.DigestLength));
        Assert.Throws<InvalidOperationException>(() => Apply(after, action, output, v.DigestLength));
        Sentinel.AssertUntouched(output);
        // A copy taken before finishing is not finished.
        Assert.Equal(v.Reference(Input, GoodSalt), before.Finish());
    }

    /// <summary>Finishing leaves nothing of the hash (chain, salt, buffer) in the state.</summary>
    [Theory]
    [MemberData(nameof(VariantNames))]
    public void Finish_ClearsTheState(string variant)
    {
        var v = SaltedDriver.Parse(variant);
        Blake256Hasher h = v.CreateIncrementalHasher(GoodSalt);
        h.Update(Input.AsSpan(0, 100));
        h.Finish();
        unsafe
        {
            ref Blake2Fast.Families.Blake256.State.Blake256State engine = ref h.Engine;
            fixed (Blake2Fast.Families.Blake256.State.Blake256State* p = &engine)
            {
                var bytes = new ReadOnlySpan<byte>(p, sizeof(Blake2Fast.Families.Blake256.State.Blake256State) - 8); // all but the length, instruction set and finished flag
                Assert.True(bytes.IndexOfAnyExcept((byte)0) < 0, "the finished state still holds hash material");
            }
        }
    }

    // ---- saved states that must be refused ----

    [Theory]
    [MemberData(nameof(VariantNames))]
    public void RestoreState_RefusesDamagedTruncatedAndForeignBlobs_NamingSavedState(string variant)
    {
        var v = SaltedDriver.Parse(variant);
        Blake256Hasher h = v.CreateIncrementalHasher(GoodSalt);
        h.Update(Input.AsSpan(0, 77));
        byte[] blob = h.SaveState();

        void Refused(byte[] bad)
        {
            var e = Assert.Throws<ArgumentException>(() => Blake256Hasher.Restore(v, bad));
            Assert.Equal("savedState", e.ParamName);
        }

        for (int i = 0; i < blob.Length; i++)
        {
            byte[] damaged = (byte[])blob.Clone();
            damaged[i] ^= 0x10;
            Refused(damaged);
        }
        for (int length = 0; length < blob.Length; length++)
            Refused(blob.AsSpan(0, length).ToArray());
        Refused(blob.Concat(new byte[1]).ToArray());

        // The other variant's blob, and BLAKE2s's, are foreign.
        SaltedDriver other = SaltedDriver.All.First(o => o != v);
        Blake256Hasher o = other.CreateIncrementalHasher(GoodSalt);
        o.Update(Input.AsSpan(0, 77));
        Refused(o.SaveState());
        Blake2sHashState s = Blake2s.CreateIncrementalHasher();
        s.Update(Input.AsSpan(0, 77));
        byte[] blake2s = new byte[s.SavedStateLength];
        s.SaveState(blake2s);
        Refused(blake2s);

        // And the untouched blob resumes.
        Blake256Hasher resumed = Blake256Hasher.Restore(v, blob);
        resumed.Update(Input.AsSpan(77));
        Assert.Equal(v.Reference(Input, GoodSalt), resumed.Finish());
    }

    /// <summary>A state saved at every buffer fill level (0..63 bytes buffered) resumes to the right digest.</summary>
    [Theory]
    [MemberData(nameof(VariantNames))]
    public void SaveAndRestore_AtEveryBufferLength(string variant)
    {
        var v = SaltedDriver.Parse(variant);
        for (int prefix = 0; prefix <= 130; prefix++)
        {
            foreach (byte[]? salt in new[] { null, GoodSalt })
            {
                Blake256Hasher h = v.CreateIncrementalHasher(salt);
                h.Update(Input.AsSpan(0, prefix));
                byte[] blob = h.SaveState();
                Assert.Equal(16 + 56 + prefix % 64 + 16, blob.Length);
                Blake256Hasher resumed = Blake256Hasher.Restore(v, blob);
                resumed.Update(Input.AsSpan(prefix));
                Assert.Equal(v.Reference(Input, salt), resumed.Finish());
            }
        }
    }

    private static readonly byte[] SaltInput = Enumerable.Range(0, 100).Select(i => (byte)i).ToArray();

    [Fact]
    public void AWrongSaltSetOnTheBlake256HashAlgorithmIsRefusedAndTheOldSaltStays()
    {
        byte[] salt = Enumerable.Range(0, 16).Select(i => (byte)i).ToArray();
        using var hash = (System.Security.Cryptography.HMAC)Blake256.CreateHashAlgorithm(salt);
        Assert.Equal("salt", Assert.Throws<ArgumentException>(() => hash.Key = new byte[15]).ParamName);
        Assert.Equal(Blake256.Salted.HashData(salt, SaltInput), hash.ComputeHash(SaltInput));
    }
}
