using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests;

/// <summary>The <see cref="HashAlgorithm"/> / <see cref="HMAC"/> adapters, against the one-shot API.</summary>
public class HashAlgorithmTests
{
    public static IEnumerable<object[]> AlgorithmNames() => FixedDigestDriver.All.Select(a => new object[] { a.Name });

    /// <summary>
    /// Every way of creating one: digestLength 0 means the parameterless (full-length) factory; keyed means CreateHMAC.
    /// </summary>
    public static IEnumerable<object[]> Configurations() =>
        from a in FixedDigestDriver.All
        from digestLength in new[] { 0, 1, 20, a.MaxDigestLength }
        from keyed in new[] { false, true }
        select new object[] { a.Name, digestLength, keyed };

    private static byte[] KeyFor(FixedDigestDriver a) => Hex.Sequence(a.MaxKeyLength - 3);

    private static HashAlgorithm Create(FixedDigestDriver a, int digestLength, bool keyed) =>
        (digestLength, keyed) switch
        {
            (0, false) => a.CreateHashAlgorithm(),
            (0, true) => a.CreateHMAC(KeyFor(a)),
            (_, false) => a.CreateHashAlgorithm(digestLength),
            (_, true) => a.CreateHMAC(digestLength, KeyFor(a)),
        };

    private static byte[] Expected(FixedDigestDriver a, int digestLength, bool keyed, byte[] data) =>
        (digestLength, keyed) switch
        {
            (0, false) => a.ComputeHash(data),
            (0, true) => a.ComputeHash(KeyFor(a), data),
            (_, false) => a.ComputeHash(digestLength, data),
            (_, true) => a.ComputeHash(digestLength, KeyFor(a), data),
        };

    private static byte[] Data(int length, int seed = 0) => Enumerable.Range(0, length).Select(i => (byte)(i * 31 + seed * 7 + 3)).ToArray();

    // ---------------------------------------------------------------------------------------------------------
    // CryptoStream and the transform methods
    // ---------------------------------------------------------------------------------------------------------

    [Theory]
    [MemberData(nameof(Configurations))]
    public void CryptoStream_OddSizedChunks_GivesTheOneShotDigest(string algorithm, int digestLength, bool keyed)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        int[] chunkSizes = { 1, 3, 0, 7, a.BlockSize - 1, a.BlockSize, a.BlockSize + 1, 2, 255, 13 };

        foreach (int total in new[] { 0, 1, a.BlockSize, 1000 })
        {
            byte[] data = Data(total);
            using HashAlgorithm h = Create(a, digestLength, keyed);
            using (var stream = new CryptoStream(Stream.Null, h, CryptoStreamMode.Write, leaveOpen: true))
            {
                int offset = 0;
                for (int i = 0; offset < data.Length; i++)
                {
                    int n = Math.Min(chunkSizes[i % chunkSizes.Length], data.Length - offset);
                    stream.Write(data, offset, n);
                    offset += n;
                }
                stream.FlushFinalBlock();
                Assert.Equal(Hex.Encode(Expected(a, digestLength, keyed, data)), Hex.Encode(h.Hash));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Configurations))]
    public void TransformBlock_ThenTransformFinalBlock_GivesTheOneShotDigest(string algorithm, int digestLength, bool keyed)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] data = Data(3 * a.BlockSize + 17);
        // The data sits at an offset inside a larger array, surrounded by bytes that must not be hashed.
        byte[] array = Enumerable.Repeat((byte)0xEE, 10).Concat(data).Concat(Enumerable.Repeat((byte)0xEE, 10)).ToArray();
        using HashAlgorithm h = Create(a, digestLength, keyed);

        byte[] copy = new byte[array.Length];
        int at = 10;
        foreach (int n in new[] { 5, a.BlockSize, 0, a.BlockSize + 3, 1 })
        {
            Assert.Equal(n, h.TransformBlock(array, at, n, copy, at));
            at += n;
        }
        Assert.Equal(7, h.TransformBlock(array, at, 7, null, 0));
        at += 7;
        byte[] final = h.TransformFinalBlock(array, at, 10 + data.Length - at);

        Assert.Equal(array.AsSpan(at, 10 + data.Length - at).ToArray(), final);
        Assert.Equal(array.AsSpan(10, at - 10 - 7).ToArray(), copy.AsSpan(10, at - 10 - 7).ToArray());
        Assert.Equal(Expected(a, digestLength, keyed, data), h.Hash);
    }

    [Theory]
    [MemberData(nameof(Configurations))]
    public void TransformFinalBlock_Alone_GivesTheOneShotDigest_IncludingForEmptyInput(string algorithm, int digestLength, bool keyed)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        using HashAlgorithm h = Create(a, digestLength, keyed);

        h.TransformFinalBlock(Array.Empty<byte>(), 0, 0);
        Assert.Equal(Expected(a, digestLength, keyed, Array.Empty<byte>()), h.Hash);

        byte[] data = Data(a.BlockSize);
        h.TransformFinalBlock(data, 0, data.Length);
        Assert.Equal(Expected(a, digestLength, keyed, data), h.Hash);
    }

    [Theory]
    [MemberData(nameof(Configurations))]
    public void ComputeHash_OfArray_Slice_AndStream_GivesTheOneShotDigest(string algorithm, int digestLength, bool keyed)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] data = Data(10_000); // more than the 4096-byte buffer ComputeHash(Stream) reads with
        using HashAlgorithm h = Create(a, digestLength, keyed);

        Assert.Equal(Expected(a, digestLength, keyed, data), h.ComputeHash(data));
        Assert.Equal(Expected(a, digestLength, keyed, data.AsSpan(3, 500).ToArray()), h.ComputeHash(data, 3, 500));
        Assert.Equal(Expected(a, digestLength, keyed, data), h.ComputeHash(new MemoryStream(data)));
        Assert.Equal(Expected(a, digestLength, keyed, Array.Empty<byte>()), h.ComputeHash(new MemoryStream()));
        Assert.Equal(Expected(a, digestLength, keyed, Array.Empty<byte>()), h.ComputeHash(Array.Empty<byte>()));
    }

    [Theory]
    [MemberData(nameof(Configurations))]
    public void TryComputeHash_TooSmallDestination_ReturnsFalse_WritesNothing_AndHashesNothing(string algorithm, int digestLength, bool keyed)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        int length = digestLength == 0 ? a.MaxDigestLength : digestLength;
        byte[] data = Data(700);
        using HashAlgorithm h = Create(a, digestLength, keyed);

        // Too small (by one, and empty): false, nothing written.
        foreach (int size in new[] { length - 1, 0 })
        {
            byte[] small = Sentinel.Buffer(size + 8);
            int written = -1;
            Assert.False(h.TryComputeHash(data, small.AsSpan(4, size), out written));
            Assert.Equal(0, written);
            Sentinel.AssertUntouched(small);
        }

        // Nothing was left in the hash: the next one is of its own data only.
        Assert.Equal(Expected(a, digestLength, keyed, "next"u8.ToArray()), h.ComputeHash("next"u8.ToArray()));
    }

    [Theory]
    [MemberData(nameof(Configurations))]
    public void TryComputeHash_WritesOnlyTheDigest_AndLeavesTheObjectReusable(string algorithm, int digestLength, bool keyed)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        int length = digestLength == 0 ? a.MaxDigestLength : digestLength;
        byte[] data = Data(700);
        using HashAlgorithm h = Create(a, digestLength, keyed);

#if LIBRARY_NETSTANDARD
        // The netstandard2.0 build cannot override HashAlgorithm's span members (netstandard2.0 lacks them), and
        // on a modern runtime HMAC's own versions refuse. NuGet gives .NET Core 3.0+ the netstandard2.1 or net8.0+
        // build, which has them; this test project runs the netstandard2.0 build on .NET 10 only to exercise it.
        Assert.Throws<PlatformNotSupportedException>(() => h.TryComputeHash(data, new byte[length], out _));
        return;
#else
        // Exact
        byte[] exact = Sentinel.Buffer(length);
        Assert.True(h.TryComputeHash(data, exact, out int bytesWritten));
        Assert.Equal(length, bytesWritten);
        Assert.Equal(Expected(a, digestLength, keyed, data), exact);

        // Larger: only the first bytes change.
        byte[] large = Sentinel.Buffer(length + 30);
        Assert.True(h.TryComputeHash(data.AsSpan(1), large.AsSpan(5), out bytesWritten));
        Assert.Equal(length, bytesWritten);
        Sentinel.AssertUntouched(large, 0, 5);
        Assert.Equal(Expected(a, digestLength, keyed, data.AsSpan(1).ToArray()), large.AsSpan(5, length).ToArray());
        Sentinel.AssertUntouched(large, 5 + length);

        // And the object is reusable after TryComputeHash, by every other member.
        Assert.Equal(Expected(a, digestLength, keyed, data), h.ComputeHash(data));
        Assert.True(h.TryComputeHash(data, exact, out _));
        h.TransformFinalBlock(data, 0, data.Length);
        Assert.Equal(Expected(a, digestLength, keyed, data), h.Hash);
#endif
    }

    // ---------------------------------------------------------------------------------------------------------
    // HashSize and reuse
    // ---------------------------------------------------------------------------------------------------------

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void HashSize_IsDigestLengthInBits(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        using (HashAlgorithm h = a.CreateHashAlgorithm())
            Assert.Equal(a.MaxDigestLength * 8, h.HashSize);
        using (HMAC h = a.CreateHMAC(Hex.Sequence(4)))
            Assert.Equal(a.MaxDigestLength * 8, h.HashSize);

        for (int length = 1; length <= a.MaxDigestLength; length++)
        {
            using HashAlgorithm h = a.CreateHashAlgorithm(length);
            using HMAC m = a.CreateHMAC(length, Hex.Sequence(4));
            Assert.Equal(length * 8, h.HashSize);
            Assert.Equal(length * 8, m.HashSize);
            Assert.Equal(length, h.ComputeHash(Array.Empty<byte>()).Length);
            Assert.Equal(length, m.ComputeHash(Array.Empty<byte>()).Length);
        }
    }

    [Theory]
    [MemberData(nameof(Configurations))]
    public void Reuse_AfterComputeHash_GivesCorrectResultsEveryTime(string algorithm, int digestLength, bool keyed)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] first = Data(300, 1);
        byte[] second = Data(77, 2);
        using HashAlgorithm h = Create(a, digestLength, keyed);

        byte[] one = h.ComputeHash(first);
        byte[] two = h.ComputeHash(first);
        byte[] three = h.ComputeHash(second);

        Assert.Equal(Expected(a, digestLength, keyed, first), one);
        Assert.Equal(one, two);
        Assert.Equal(Expected(a, digestLength, keyed, second), three);
        Assert.NotEqual(one, three);

        // Also after TransformFinalBlock and after ComputeHash(Stream).
        h.TransformBlock(first, 0, 10, null, 0);
        h.TransformFinalBlock(first, 10, first.Length - 10);
        Assert.Equal(one, h.Hash);
        Assert.Equal(three, h.ComputeHash(new MemoryStream(second)));
        Assert.Equal(one, h.ComputeHash(first));
    }

    [Theory]
    [MemberData(nameof(Configurations))]
    public void Reuse_AfterInitialize_DiscardsTheHashInProgress(string algorithm, int digestLength, bool keyed)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] junk = Data(a.BlockSize * 2 + 9, 3);
        byte[] data = Data(150, 4);
        using HashAlgorithm h = Create(a, digestLength, keyed);

        h.TransformBlock(junk, 0, junk.Length, null, 0);
        h.Initialize();
        Assert.Equal(Expected(a, digestLength, keyed, data), h.ComputeHash(data));

        h.TransformBlock(junk, 0, 1, null, 0);
        h.Initialize();
        h.Initialize();
        h.TransformBlock(data, 0, 50, null, 0);
        h.TransformFinalBlock(data, 50, 100);
        Assert.Equal(Expected(a, digestLength, keyed, data), h.Hash);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Key
    // ---------------------------------------------------------------------------------------------------------

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void Key_Getter_ReturnsACopy(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] key = Hex.Sequence(a.MaxKeyLength);
        byte[] data = Data(100);
        using HMAC h = a.CreateHMAC(key);

        byte[] got = h.Key;
        Assert.Equal(key, got);
        Assert.NotSame(got, h.Key);
        got.AsSpan().Fill(0xFF);

        Assert.Equal(key, h.Key);
        Assert.Equal(a.ComputeHash(key, data), h.ComputeHash(data));
    }

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void Key_GivenToTheFactory_IsCopied(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] key = Hex.Sequence(10);
        byte[] original = (byte[])key.Clone();
        byte[] data = Data(100);
        using HMAC h = a.CreateHMAC(16, key);

        key.AsSpan().Fill(0);

        Assert.Equal(a.ComputeHash(16, original, data), h.ComputeHash(data));
    }

    public static IEnumerable<object[]> NewKeyCases() =>
        from a in FixedDigestDriver.All
        from length in new[] { 1, 17, a.MaxKeyLength } // an empty key is refused (KeyRefusalTests)
        select new object[] { a.Name, length };

    [Theory]
    [MemberData(nameof(NewKeyCases))]
    public void Key_Setter_ChangesTheKey_AndTheResultMatchesTheKeyedOneShot(string algorithm, int keyLength)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] data = Data(200);
        byte[] newKey = Data(keyLength, 9);
        byte[] newKeyCopy = (byte[])newKey.Clone();
        using HMAC h = a.CreateHMAC(24, Hex.Sequence(5));
        Assert.Equal(a.ComputeHash(24, Hex.Sequence(5), data), h.ComputeHash(data));

        h.Key = newKey;
        newKey.AsSpan().Fill(0x77); // the setter must have copied it

        Assert.Equal(newKeyCopy, h.Key);
        byte[] expected = a.ComputeHash(24, newKeyCopy, data);
        Assert.Equal(expected, h.ComputeHash(data));
        Assert.Equal(expected, h.ComputeHash(data)); // and it stays
    }

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void Key_Setter_OnTheDefaultLengthHmac_MatchesTheFullLengthKeyedOneShot(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] data = Data(50);
        using HMAC h = a.CreateHMAC(Hex.Sequence(3));
        Assert.Equal(a.ComputeHash(Hex.Sequence(3), data), h.ComputeHash(data));

        h.Key = Hex.Sequence(a.MaxKeyLength);
        Assert.Equal(a.ComputeHash(Hex.Sequence(a.MaxKeyLength), data), h.ComputeHash(data));
    }

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void Key_SetWhileHashing_ThrowsCryptographicException_AndTheHashContinuesWithTheOldKey(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] oldKey = Hex.Sequence(12);
        byte[] data = Data(300);
        using HMAC h = a.CreateHMAC(oldKey);

        h.TransformBlock(data, 0, 100, null, 0);
        Assert.Throws<CryptographicException>(() => h.Key = Hex.Sequence(5));
        Assert.Equal(oldKey, h.Key);

        h.TransformFinalBlock(data, 100, 200);
        Assert.Equal(a.ComputeHash(oldKey, data), h.Hash);

        // Once the hash is finished (or restarted by Initialize), the key can be set again.
        h.Key = Hex.Sequence(5);
        Assert.Equal(a.ComputeHash(Hex.Sequence(5), data), h.ComputeHash(data));
        h.TransformBlock(data, 0, 1, null, 0);
        h.Initialize();
        h.Key = oldKey;
        Assert.Equal(a.ComputeHash(oldKey, data), h.ComputeHash(data));
    }

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void Key_SetTooLong_ThrowsArgumentException_AndKeepsTheOldKey(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] oldKey = Hex.Sequence(12);
        byte[] data = Data(64);
        using HMAC h = a.CreateHMAC(oldKey);

        foreach (int length in new[] { a.MaxKeyLength + 1, 1000 })
        {
            var e = Assert.Throws<ArgumentException>(() => h.Key = Hex.Sequence(length));
            Assert.Equal("value", e.ParamName);
        }

        Assert.Equal(oldKey, h.Key);
        Assert.Equal(a.ComputeHash(oldKey, data), h.ComputeHash(data));
    }

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void Key_SetNull_ThrowsArgumentNullException_AndKeepsTheOldKey(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] oldKey = Hex.Sequence(12);
        using HMAC h = a.CreateHMAC(oldKey);

        Assert.Throws<ArgumentNullException>(() => h.Key = null!);
        Assert.Equal(a.ComputeHash(oldKey, Data(10)), h.ComputeHash(Data(10)));
    }

    /// <summary>Keyed empty message: the official KAT's first keyed entries, and Python's hashlib for a 20-byte digest.</summary>
    [Theory]
    [InlineData("blake2b", 0, "10ebb67700b1868efb4417987acf4690ae9d972fb7a590c2f02871799aaa4786b5e996e8f0f4eb981fc214b005f42d2ff4233499391653df7aefcbc13fc51568")]
    [InlineData("blake2b", 20, "15efac5a414effae1c5bc667974437c08cb07465")]
    [InlineData("blake2s", 0, "48a8997da407876b3d79c0d92325ad3b89cbb754d86ab71aee047ad345fd2c49")]
    [InlineData("blake2s", 20, "c41184ef12da66770f3a991e9cb2c14896871af7")]
    public void Hmac_KeyedEmptyMessage_MatchesReference(string algorithm, int digestLength, string expected)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] key = Hex.Sequence(a.MaxKeyLength);
        using HMAC h = digestLength == 0 ? a.CreateHMAC(key) : a.CreateHMAC(digestLength, key);

        Assert.Equal(expected, Hex.Encode(h.ComputeHash(Array.Empty<byte>())));
        h.TransformFinalBlock(Array.Empty<byte>(), 0, 0);
        Assert.Equal(expected, Hex.Encode(h.Hash));
        using (var stream = new CryptoStream(Stream.Null, h, CryptoStreamMode.Write, leaveOpen: true))
            stream.FlushFinalBlock();
        Assert.Equal(expected, Hex.Encode(h.Hash));
        Assert.Equal(expected, Hex.Encode(digestLength == 0 ? a.ComputeHash(key, ReadOnlySpan<byte>.Empty) : a.ComputeHash(digestLength, key, ReadOnlySpan<byte>.Empty)));
    }

    // ---------------------------------------------------------------------------------------------------------
    // Dispose
    // ---------------------------------------------------------------------------------------------------------

    public static IEnumerable<object[]> KeyedAndUnkeyed() =>
        from a in FixedDigestDriver.All
        from keyed in new[] { false, true }
        select new object[] { a.Name, keyed };

    /// <summary>The BCL base class refuses every hashing member of a disposed object with ObjectDisposedException.</summary>
    [Theory]
    [MemberData(nameof(KeyedAndUnkeyed))]
    public void AfterDispose_HashingMembers_ThrowObjectDisposedException(string algorithm, bool keyed)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        HashAlgorithm h = Create(a, 0, keyed);
        h.ComputeHash(Data(10));
        h.TransformBlock(Data(10), 0, 10, null, 0); // disposed in the middle of a hash
        h.Dispose();

        Assert.Throws<ObjectDisposedException>(() => h.ComputeHash(Data(10)));
        Assert.Throws<ObjectDisposedException>(() => h.ComputeHash(Data(10), 0, 5));
        Assert.Throws<ObjectDisposedException>(() => h.ComputeHash(new MemoryStream(Data(10))));
        Assert.Throws<ObjectDisposedException>(() => h.TransformBlock(Data(10), 0, 10, null, 0));
        Assert.Throws<ObjectDisposedException>(() => h.TransformFinalBlock(Data(10), 0, 10));
#if !LIBRARY_NETSTANDARD
        // (The netstandard2.0 build has no span members; on a modern runtime HMAC's own refuse them, disposed or not.)
        Assert.Throws<ObjectDisposedException>(() => h.TryComputeHash(Data(10), new byte[a.MaxDigestLength], out _));
#endif
        Assert.Throws<ObjectDisposedException>(() => h.Hash);
    }

    private static readonly FieldInfo KeyValueField =
        typeof(KeyedHashAlgorithm).GetField("KeyValue", BindingFlags.Instance | BindingFlags.NonPublic)
        ?? throw new InvalidOperationException("KeyedHashAlgorithm.KeyValue not found");

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void Dispose_ClearsTheKeyBytes(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        HMAC h = a.CreateHMAC(Hex.Sequence(a.MaxKeyLength).Select(b => (byte)(b | 1)).ToArray());
        h.TransformBlock(Data(10), 0, 10, null, 0);
        var keyArray = (byte[]?)KeyValueField.GetValue(h);
        Assert.NotNull(keyArray);
        Assert.Contains(keyArray!, b => b != 0);

        h.Dispose();

        Assert.All(keyArray!, b => Assert.Equal(0, b));
    }

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void Key_SetThenDispose_ClearsTheCurrentKeyAndTheReplacedOne(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        HMAC h = a.CreateHMAC(new byte[] { 1, 2, 3 });
        var firstKeyArray = (byte[])KeyValueField.GetValue(h)!;
        h.Key = new byte[] { 4, 5, 6, 7 };
        var secondKeyArray = (byte[])KeyValueField.GetValue(h)!;

        Assert.All(firstKeyArray, b => Assert.Equal(0, b)); // the replaced key copy is wiped at once
        h.Dispose();
        Assert.All(secondKeyArray, b => Assert.Equal(0, b));
    }

    /// <summary>IDisposable: Dispose may be called any number of times without throwing.</summary>
    [Theory]
    [MemberData(nameof(KeyedAndUnkeyed))]
    public void Dispose_Twice_DoesNotThrow(string algorithm, bool keyed)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        HashAlgorithm h = Create(a, 0, keyed);
        h.ComputeHash(Data(3));
        h.Dispose();

        Exception? second = Record.Exception(() => h.Dispose());

        Assert.Null(second);
    }

    /// <summary>
    /// After Dispose the BCL's own keyed algorithms (KeyedHashAlgorithm.Key, e.g. HMACSHA256.Key) return null; the key
    /// must not be readable any more, and reading it must not fail with a NullReferenceException.
    /// </summary>
    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void AfterDispose_KeyGetter_DoesNotExposeTheKey_AndDoesNotCrash(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        HMAC h = a.CreateHMAC(Hex.Sequence(8).Select(b => (byte)(b + 1)).ToArray());
        h.Dispose();

        byte[]? key = null;
        Exception? e = Record.Exception(() => key = h.Key);

        Assert.True(e is null or ObjectDisposedException, $"Key getter after Dispose threw {e?.GetType().Name}: {e?.Message}");
        Assert.True(key is null || key.All(b => b == 0), "The key is still readable after Dispose.");
    }

    [Fact]
    public void BclReference_HmacSha256_KeyGetterAfterDispose_ReturnsNull_AndDisposeTwiceIsFine()
    {
        // The contract the base classes give, which the BLAKE2 adapters are checked against above.
        var h = new HMACSHA256(new byte[] { 1, 2, 3 });
        h.Dispose();
        Assert.Null(h.Key);
        Assert.Null(Record.Exception(() => h.Dispose()));
        Assert.Throws<ObjectDisposedException>(() => h.ComputeHash(new byte[1]));
    }

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void CryptoStream_DisposingTheStream_LeavesTheAlgorithmUsable(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] data = Data(99);
        using HashAlgorithm h = a.CreateHashAlgorithm(32);
        using (var stream = new CryptoStream(Stream.Null, h, CryptoStreamMode.Write, leaveOpen: true))
            stream.Write(data, 0, data.Length); // Dispose flushes the final block

        Assert.Equal(a.ComputeHash(32, data), h.Hash);
        Assert.Equal(a.ComputeHash(32, data), h.ComputeHash(data));
    }
}
