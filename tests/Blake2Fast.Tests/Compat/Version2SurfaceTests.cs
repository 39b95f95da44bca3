using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Compat;

/// <summary>
/// Every static member the original Blake2Fast 2.x gave <c>Blake2b</c> and <c>Blake2s</c> (<c>ComputeHash</c>,
/// <c>ComputeAndWriteHash</c>, <c>CreateIncrementalHasher</c>, <c>CreateHashAlgorithm</c>, <c>CreateHMAC</c>, each
/// overload), called as 2.x code calls it, against the official known answers (blake2-kat.json): the same bytes.
/// Shorter digests, which the file does not list, are checked against the BCL-style names.
/// </summary>
public class Version2SurfaceTests
{
    private const int Entry = 200; // input 00 01 .. c7: more than one block for both algorithms

    private static (byte[] Input, byte[] Key, byte[] Unkeyed, byte[] Keyed) Kat(string algorithm)
    {
        KatEntry unkeyed = KatVectors.Group(algorithm, keyed: false)[Entry];
        KatEntry keyed = KatVectors.Group(algorithm, keyed: true)[Entry];
        return (unkeyed.Input, keyed.Key, unkeyed.Expected, keyed.Expected);
    }

    private delegate void Write(Span<byte> output);

    /// <summary>
    /// One algorithm's 2.x members, each called as 2.x code calls it (<paramref name="input"/>, <paramref name="key"/>,
    /// a 20-byte digest where a length is taken), in the order <see cref="AssertKnownAnswers"/> reads them.
    /// </summary>
    private sealed record Members(
        Func<byte[]>[] ComputeHash, Write[] ComputeAndWriteHash, Func<IBlake2Incremental>[] CreateIncrementalHasher,
        Func<HashAlgorithm>[] CreateHashAlgorithm, int DefaultDigestLength);

    private const int Short = 20;

    [Fact]
    public void Blake2b_EveryVersion2MemberGivesTheKnownAnswer()
    {
        var (input, key, _, _) = Kat("blake2b");
        AssertKnownAnswers("blake2b", Blake2b.HashData(Short, input), Blake2b.Keyed.HashData(Short, key, input), new Members(
            new Func<byte[]>[] { () => Blake2b.ComputeHash(input), () => Blake2b.ComputeHash(Short, input), () => Blake2b.ComputeHash(key, input), () => Blake2b.ComputeHash(Short, key, input) },
            new Write[] { o => Blake2b.ComputeAndWriteHash(input, o), o => Blake2b.ComputeAndWriteHash(Short, input, o), o => Blake2b.ComputeAndWriteHash(key, input, o), o => Blake2b.ComputeAndWriteHash(Short, key, input, o) },
            new Func<IBlake2Incremental>[] { () => Blake2b.CreateIncrementalHasher(), () => Blake2b.CreateIncrementalHasher(Short), () => Blake2b.CreateIncrementalHasher(key), () => Blake2b.CreateIncrementalHasher(Short, key) },
            new Func<HashAlgorithm>[] { () => Blake2b.CreateHashAlgorithm(), () => Blake2b.CreateHashAlgorithm(Short), () => Blake2b.CreateHMAC(key), () => Blake2b.CreateHMAC(Short, key) },
            Blake2b.DefaultDigestLength));
    }

    [Fact]
    public void Blake2s_EveryVersion2MemberGivesTheKnownAnswer()
    {
        var (input, key, _, _) = Kat("blake2s");
        AssertKnownAnswers("blake2s", Blake2s.HashData(Short, input), Blake2s.Keyed.HashData(Short, key, input), new Members(
            new Func<byte[]>[] { () => Blake2s.ComputeHash(input), () => Blake2s.ComputeHash(Short, input), () => Blake2s.ComputeHash(key, input), () => Blake2s.ComputeHash(Short, key, input) },
            new Write[] { o => Blake2s.ComputeAndWriteHash(input, o), o => Blake2s.ComputeAndWriteHash(Short, input, o), o => Blake2s.ComputeAndWriteHash(key, input, o), o => Blake2s.ComputeAndWriteHash(Short, key, input, o) },
            new Func<IBlake2Incremental>[] { () => Blake2s.CreateIncrementalHasher(), () => Blake2s.CreateIncrementalHasher(Short), () => Blake2s.CreateIncrementalHasher(key), () => Blake2s.CreateIncrementalHasher(Short, key) },
            new Func<HashAlgorithm>[] { () => Blake2s.CreateHashAlgorithm(), () => Blake2s.CreateHashAlgorithm(Short), () => Blake2s.CreateHMAC(key), () => Blake2s.CreateHMAC(Short, key) },
            Blake2s.DefaultDigestLength));
    }

    /// <summary>Each family's four overloads (unkeyed, with a length, keyed, keyed with a length) against the known answers.</summary>
    private static void AssertKnownAnswers(string algorithm, byte[] shortUnkeyed, byte[] shortKeyed, Members members)
    {
        var (input, _, unkeyed, keyed) = Kat(algorithm);
        byte[][] expected = { unkeyed, shortUnkeyed, keyed, shortKeyed };
        Assert.Equal(unkeyed.Length, members.DefaultDigestLength);
        for (int i = 0; i < expected.Length; i++)
        {
            Assert.Equal(expected[i], members.ComputeHash[i]());
            byte[] output = new byte[members.DefaultDigestLength];
            members.ComputeAndWriteHash[i](output);
            Assert.Equal(expected[i], output.AsSpan(0, expected[i].Length).ToArray());
            Assert.Equal(expected[i], Incremental(members.CreateIncrementalHasher[i](), input));
            Assert.Equal(expected[i], Algorithm(members.CreateHashAlgorithm[i](), input));
        }
    }

    [Fact]
    public void TheOriginal30KeyedDestinationFormsGiveTheKeyedHash()
    {
        foreach (var (name, unkeyedLength) in new[] { ("blake2b", 64), ("blake2s", 32) })
        {
            var (input, key, _, keyed) = Kat(name);
            byte[] destination = new byte[unkeyedLength];
            int written = name == "blake2b" ? Blake2b.HashData(key, input, destination) : Blake2s.HashData(key, input, destination);
            Assert.Equal(unkeyedLength, written);
            Assert.Equal(keyed, destination);
            byte[] shorter = new byte[20];
            Assert.Equal(20, name == "blake2b" ? Blake2b.HashData(20, key, input, shorter) : Blake2s.HashData(20, key, input, shorter));
            Assert.Equal(name == "blake2b" ? Blake2b.Keyed.HashData(20, key, input) : Blake2s.Keyed.HashData(20, key, input), shorter);
        }
        byte[] key32 = Hex.Sequence(32), message = Hex.Sequence(3000), into = new byte[100];
        Assert.Equal(100, Blake3.HashData(100, key32, message, into));
        Assert.Equal(Blake3.Keyed.HashData(100, key32, message), into);
    }

    private static byte[] Incremental(IBlake2Incremental hasher, byte[] input)
    {
        hasher.Update(input);
        return hasher.Finish();
    }

    private static byte[] Algorithm(HashAlgorithm algorithm, byte[] input)
    {
        using (algorithm)
            return algorithm.ComputeHash(input);
    }
}
