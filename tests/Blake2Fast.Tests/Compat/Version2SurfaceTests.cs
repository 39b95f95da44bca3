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

    [Fact]
    public void Blake2b_EveryVersion2MemberGivesTheKnownAnswer()
    {
        var (input, key, unkeyed, keyed) = Kat("blake2b");
        const int Short = 20;
        byte[] shortUnkeyed = Blake2b.HashData(Short, input), shortKeyed = Blake2b.Keyed.HashData(Short, key, input);

        Assert.Equal(unkeyed, Blake2b.ComputeHash(input));
        Assert.Equal(shortUnkeyed, Blake2b.ComputeHash(Short, input));
        Assert.Equal(keyed, Blake2b.ComputeHash(key, input));
        Assert.Equal(shortKeyed, Blake2b.ComputeHash(Short, key, input));

        Span<byte> output = stackalloc byte[Blake2b.DefaultDigestLength];
        Blake2b.ComputeAndWriteHash(input, output);
        Assert.Equal(unkeyed, output.ToArray());
        Blake2b.ComputeAndWriteHash(Short, input, output);
        Assert.Equal(shortUnkeyed, output.Slice(0, Short).ToArray());
        Blake2b.ComputeAndWriteHash(key, input, output);
        Assert.Equal(keyed, output.ToArray());
        Blake2b.ComputeAndWriteHash(Short, key, input, output);
        Assert.Equal(shortKeyed, output.Slice(0, Short).ToArray());

        Assert.Equal(unkeyed, Incremental(Blake2b.CreateIncrementalHasher(), input));
        Assert.Equal(shortUnkeyed, Incremental(Blake2b.CreateIncrementalHasher(Short), input));
        Assert.Equal(keyed, Incremental(Blake2b.CreateIncrementalHasher(key), input));
        Assert.Equal(shortKeyed, Incremental(Blake2b.CreateIncrementalHasher(Short, key), input));

        Assert.Equal(unkeyed, Algorithm(Blake2b.CreateHashAlgorithm(), input));
        Assert.Equal(shortUnkeyed, Algorithm(Blake2b.CreateHashAlgorithm(Short), input));
        Assert.Equal(keyed, Algorithm(Blake2b.CreateHMAC(key), input));
        Assert.Equal(shortKeyed, Algorithm(Blake2b.CreateHMAC(Short, key), input));
        Assert.Equal(64, Blake2b.DefaultDigestLength);
    }

    [Fact]
    public void Blake2s_EveryVersion2MemberGivesTheKnownAnswer()
    {
        var (input, key, unkeyed, keyed) = Kat("blake2s");
        const int Short = 20;
        byte[] shortUnkeyed = Blake2s.HashData(Short, input), shortKeyed = Blake2s.Keyed.HashData(Short, key, input);

        Assert.Equal(unkeyed, Blake2s.ComputeHash(input));
        Assert.Equal(shortUnkeyed, Blake2s.ComputeHash(Short, input));
        Assert.Equal(keyed, Blake2s.ComputeHash(key, input));
        Assert.Equal(shortKeyed, Blake2s.ComputeHash(Short, key, input));

        Span<byte> output = stackalloc byte[Blake2s.DefaultDigestLength];
        Blake2s.ComputeAndWriteHash(input, output);
        Assert.Equal(unkeyed, output.ToArray());
        Blake2s.ComputeAndWriteHash(Short, input, output);
        Assert.Equal(shortUnkeyed, output.Slice(0, Short).ToArray());
        Blake2s.ComputeAndWriteHash(key, input, output);
        Assert.Equal(keyed, output.ToArray());
        Blake2s.ComputeAndWriteHash(Short, key, input, output);
        Assert.Equal(shortKeyed, output.Slice(0, Short).ToArray());

        Assert.Equal(unkeyed, Incremental(Blake2s.CreateIncrementalHasher(), input));
        Assert.Equal(shortUnkeyed, Incremental(Blake2s.CreateIncrementalHasher(Short), input));
        Assert.Equal(keyed, Incremental(Blake2s.CreateIncrementalHasher(key), input));
        Assert.Equal(shortKeyed, Incremental(Blake2s.CreateIncrementalHasher(Short, key), input));

        Assert.Equal(unkeyed, Algorithm(Blake2s.CreateHashAlgorithm(), input));
        Assert.Equal(shortUnkeyed, Algorithm(Blake2s.CreateHashAlgorithm(Short), input));
        Assert.Equal(keyed, Algorithm(Blake2s.CreateHMAC(key), input));
        Assert.Equal(shortKeyed, Algorithm(Blake2s.CreateHMAC(Short, key), input));
        Assert.Equal(32, Blake2s.DefaultDigestLength);
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
