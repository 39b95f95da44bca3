using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Tests.Infrastructure;
using Blake2Fast.Tests.Oracle;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// Things to do with an incremental state, by name, so that every refused path of a <see langword="default"/> or
/// finished state is exercised (including the generic <c>Update&lt;T&gt;</c> overloads, which the <see cref="Hasher"/>
/// wrapper does not expose).
/// </summary>
internal static class StateActions
{
    public static readonly string[] All =
    {
        "Update(empty)",
        "Update(1 byte)",
        "Update(1 block)",
        "Update(many blocks)",
        "Update<byte>(ReadOnlySpan<byte>)",
        "Update<int>(ReadOnlySpan<int>)",
        "Update<long>(empty ReadOnlySpan<long>)",
        "Update<byte>(byte)",
        "Update<int>(int)",
        "Update<ulong>(ulong)",
        "Update<Guid>(Guid)",
        "Finish()",
        "Finish(exact span)",
        "Finish(larger span)",
        "Finish(too small span)",
        "Finish(empty span)",
        "TryFinish(exact span)",
        "TryFinish(too small span)",
        "TryFinish(empty span)",
    };

    /// <summary>Runs <paramref name="action"/> on the state; finishing actions write into <paramref name="output"/>.</summary>
    public static void Apply(FixedDigestDriver algorithm, Hasher hasher, string action, byte[] output, int digestLength)
    {
        switch (action)
        {
            case "Update(empty)": hasher.Update(ReadOnlySpan<byte>.Empty); break;
            case "Update(1 byte)": hasher.Update(new byte[] { 0x42 }); break;
            case "Update(1 block)": hasher.Update(Hex.Sequence(algorithm.BlockSize)); break;
            case "Update(many blocks)": hasher.Update(Hex.Sequence(algorithm.BlockSize * 10 + 3)); break;
            case "Update<byte>(ReadOnlySpan<byte>)":
                hasher.Update<byte>(new ReadOnlySpan<byte>(Hex.Sequence(5)));
                break;
            case "Update<int>(ReadOnlySpan<int>)":
                int[] ints = Enumerable.Range(0, 100).ToArray();
                hasher.Update<int>(new ReadOnlySpan<int>(ints));
                break;
            case "Update<long>(empty ReadOnlySpan<long>)":
                hasher.Update<long>(ReadOnlySpan<long>.Empty);
                break;
            case "Update<byte>(byte)":
                hasher.Update<byte>(7);
                break;
            case "Update<int>(int)":
                hasher.Update<int>(0x01020304);
                break;
            case "Update<ulong>(ulong)":
                hasher.Update<ulong>(ulong.MaxValue);
                break;
            case "Update<Guid>(Guid)":
                var guid = new Guid(Hex.Sequence(16));
                hasher.Update<Guid>(guid);
                break;
            case "Finish()": hasher.Finish(); break;
            case "Finish(exact span)": hasher.Finish(output.AsSpan(0, digestLength)); break;
            case "Finish(larger span)": hasher.Finish(output.AsSpan()); break;
            case "Finish(too small span)": hasher.Finish(output.AsSpan(0, digestLength - 1)); break;
            case "Finish(empty span)": hasher.Finish(Span<byte>.Empty); break;
            case "TryFinish(exact span)": hasher.TryFinish(output.AsSpan(0, digestLength), out _); break;
            case "TryFinish(too small span)": hasher.TryFinish(output.AsSpan(0, digestLength - 1), out _); break;
            case "TryFinish(empty span)": hasher.TryFinish(Span<byte>.Empty, out _); break;
            default: throw new ArgumentException("Unknown action: " + action, nameof(action));
        }
    }
}

/// <summary>
/// The fixed-digest contract's refusals (BLAKE2b and BLAKE2s): every refused input, through every public entry point it
/// can reach. The other contracts' are beside this file: ParallelBadInputTests, XofBadInputTests, SaltedBadInputTests,
/// Blake3BadInputTests; KeyRefusalTests covers every keyed entry point of every contract.
/// </summary>
public class FixedDigestBadInputTests
{
    private static readonly byte[] Input = Hex.Sequence(300);

    public static IEnumerable<object[]> AlgorithmNames() => FixedDigestDriver.All.Select(a => new object[] { a.Name });

    // ---------------------------------------------------------------------------------------------------------
    // Digest length through the simple overloads
    // ---------------------------------------------------------------------------------------------------------

    private static readonly string[] DigestLengthOverloads =
    {
        "ComputeHash(digestLength, input)",
        "ComputeHash(digestLength, key, input)",
        "ComputeAndWriteHash(digestLength, input, output)",
        "ComputeAndWriteHash(digestLength, key, input, output)",
        "CreateIncrementalHasher(digestLength)",
        "CreateIncrementalHasher(digestLength, key)",
        "CreateHashAlgorithm(digestLength)",
        "CreateHMAC(digestLength, key)",
    };

    /// <summary>0, negatives, just above the maximum, and values whose low byte is a valid length (256 → 0, 257 → 1).</summary>
    private static int[] BadDigestLengths(FixedDigestDriver a) =>
        new[] { 0, -1, a.MaxDigestLength + 1, 255, 256, 257, int.MaxValue, int.MinValue };

    public static IEnumerable<object[]> BadDigestLengthCases() =>
        from a in FixedDigestDriver.All
        from overload in DigestLengthOverloads
        from length in BadDigestLengths(a)
        select new object[] { a.Name, overload, length };

    public static IEnumerable<object[]> GoodDigestLengthCases() =>
        from a in FixedDigestDriver.All
        from overload in DigestLengthOverloads
        from length in new[] { 1, a.MaxDigestLength }
        select new object[] { a.Name, overload, length };

    /// <summary>
    /// Calls a simple overload with a valid key (half the maximum length) and the given digest length; returns the
    /// digest of <see cref="Input"/> it produced (a state, HashAlgorithm or HMAC is fed the input and finished).
    /// </summary>
    private static byte[] CallWithDigestLength(FixedDigestDriver a, string overload, int digestLength, byte[] output)
    {
        byte[] key = Hex.Sequence(a.MaxKeyLength / 2);
        switch (overload)
        {
            case "ComputeHash(digestLength, input)": return a.ComputeHash(digestLength, Input);
            case "ComputeHash(digestLength, key, input)": return a.ComputeHash(digestLength, key, Input);
            case "ComputeAndWriteHash(digestLength, input, output)": a.ComputeAndWriteHash(digestLength, Input, output); return output[..digestLength];
            case "ComputeAndWriteHash(digestLength, key, input, output)": a.ComputeAndWriteHash(digestLength, key, Input, output); return output[..digestLength];
            case "CreateIncrementalHasher(digestLength)": return Finish(a.CreateIncrementalHasher(digestLength));
            case "CreateIncrementalHasher(digestLength, key)": return Finish(a.CreateIncrementalHasher(digestLength, key));
            case "CreateHashAlgorithm(digestLength)":
                using (var h = a.CreateHashAlgorithm(digestLength))
                    return h.ComputeHash(Input);
            case "CreateHMAC(digestLength, key)":
                using (var h = a.CreateHMAC(digestLength, key))
                    return h.ComputeHash(Input);
            default: throw new ArgumentException("Unknown overload: " + overload, nameof(overload));
        }

        static byte[] Finish(Hasher hasher)
        {
            hasher.Update(Input);
            return hasher.Finish();
        }
    }

    [Theory]
    [MemberData(nameof(BadDigestLengthCases))]
    public void DigestLength_OutOfRange_ThrowsArgumentOutOfRange_NamedDigestLength_AndWritesNothing(string algorithm, string overload, int digestLength)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] output = Sentinel.Buffer(a.MaxDigestLength + 16);

        var e = Assert.Throws<ArgumentOutOfRangeException>(() => CallWithDigestLength(a, overload, digestLength, output));

        Assert.Equal("digestLength", e.ParamName);
        Sentinel.AssertUntouched(output);
    }

    /// <summary>The limits themselves are accepted, so the refusals above are about the value and nothing else.</summary>
    [Theory]
    [MemberData(nameof(GoodDigestLengthCases))]
    public void DigestLength_AtLimits_IsAccepted(string algorithm, string overload, int digestLength)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] output = Sentinel.Buffer(a.MaxDigestLength + 16);

        byte[] digest = CallWithDigestLength(a, overload, digestLength, output);

        // The digest itself, against the reference implementation: keyed (the CreateHMAC factories are keyed BLAKE2) or not.
        byte[] key = overload.Contains("key", StringComparison.Ordinal) ? Hex.Sequence(a.MaxKeyLength / 2) : [];
        Assert.Equal(digestLength, digest.Length);
        Assert.Equal(a.ReferenceHash(new ReferenceParameters { DigestLength = digestLength, Key = key }, Input), digest);
        if (overload.StartsWith("ComputeAndWriteHash", StringComparison.Ordinal))
            Sentinel.AssertUntouched(output, digestLength);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Key length through the simple overloads
    // ---------------------------------------------------------------------------------------------------------

    private static readonly string[] KeyOverloads =
    {
        "ComputeHash(key, input)",
        "ComputeHash(digestLength, key, input)",
        "ComputeAndWriteHash(key, input, output)",
        "ComputeAndWriteHash(digestLength, key, input, output)",
        "CreateIncrementalHasher(key)",
        "CreateIncrementalHasher(digestLength, key)",
        "CreateHMAC(key)",
        "CreateHMAC(digestLength, key)",
    };

    public static IEnumerable<object[]> BadKeyCases() =>
        from a in FixedDigestDriver.All
        from overload in KeyOverloads
        from length in new[] { a.MaxKeyLength + 1, 2 * a.MaxKeyLength, 1000 }
        select new object[] { a.Name, overload, length };

    public static IEnumerable<object[]> KeyOverloadCases() =>
        from a in FixedDigestDriver.All
        from overload in KeyOverloads
        select new object[] { a.Name, overload };

    /// <summary>Calls a simple keyed overload (digest length 20 where it takes one) and returns the digest it computed, if any.</summary>
    private static byte[]? CallWithKey(FixedDigestDriver a, string overload, byte[] key, byte[] output)
    {
        switch (overload)
        {
            case "ComputeHash(key, input)": return a.ComputeHash(key, Input);
            case "ComputeHash(digestLength, key, input)": return a.ComputeHash(20, key, Input);
            case "ComputeAndWriteHash(key, input, output)": a.ComputeAndWriteHash(key, Input, output); return output.AsSpan(0, a.MaxDigestLength).ToArray();
            case "ComputeAndWriteHash(digestLength, key, input, output)": a.ComputeAndWriteHash(20, key, Input, output); return output.AsSpan(0, 20).ToArray();
            case "CreateIncrementalHasher(key)":
            {
                Hasher h = a.CreateIncrementalHasher(key);
                h.Update(Input);
                return h.Finish();
            }
            case "CreateIncrementalHasher(digestLength, key)":
            {
                Hasher h = a.CreateIncrementalHasher(20, key);
                h.Update(Input);
                return h.Finish();
            }
            case "CreateHMAC(key)":
            {
                using var hmac = a.CreateHMAC(key);
                return hmac.ComputeHash(Input);
            }
            case "CreateHMAC(digestLength, key)":
            {
                using var hmac = a.CreateHMAC(20, key);
                return hmac.ComputeHash(Input);
            }
            default: throw new ArgumentException("Unknown overload: " + overload, nameof(overload));
        }
    }

    [Theory]
    [MemberData(nameof(BadKeyCases))]
    public void Key_TooLong_ThrowsArgumentException_NamedKey_AndWritesNothing(string algorithm, string overload, int keyLength)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] output = Sentinel.Buffer(a.MaxDigestLength + 16);

        var e = Assert.Throws<ArgumentException>(() => CallWithKey(a, overload, Hex.Sequence(keyLength), output));

        Assert.Equal("key", e.ParamName);
        Sentinel.AssertUntouched(output);
    }

    /// <summary>A key of exactly the maximum length works through every overload and gives the reference MAC.</summary>
    [Theory]
    [MemberData(nameof(KeyOverloadCases))]
    public void Key_OfMaximumLength_IsAccepted_AndMatchesReference(string algorithm, string overload)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] key = Hex.Sequence(a.MaxKeyLength);
        byte[] output = Sentinel.Buffer(a.MaxDigestLength + 16);

        byte[]? digest = CallWithKey(a, overload, key, output);

        // Cross-checked against the parameter-block entry point; Key_OfMaximumLength_MatchesPythonHashlib anchors that one.
        Assert.NotNull(digest);
        int expectedLength = overload.Contains("digestLength", StringComparison.Ordinal) ? 20 : a.MaxDigestLength;
        Assert.Equal(expectedLength, digest!.Length);
        Assert.Equal(a.ComputeHash(new Blake2Parameters { DigestLength = expectedLength, Key = key }, Input), digest);
    }

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void Key_OfMaximumLength_MatchesPythonHashlib(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        // hashlib.blake2b(b"abc", key=bytes(range(64))) / hashlib.blake2s(b"abc", key=bytes(range(32)))
        string expected = a.Name == "blake2b"
            ? "06bbc3dedf13a31139498655251b7588ccd3bb5aaa071b2d44d8e0a04095579ed590fbfdcf941f4370ce5ce623624e7a76d33e7a8109dcda9b57d72f8f8efa51"
            : "a281f725754969a702f6fe36fc591b7def866e4b70173ece402fc01c064d6b65";

        Assert.Equal(expected, Hex.Encode(a.ComputeHash(Hex.Sequence(a.MaxKeyLength), "abc"u8)));
        Assert.Equal(expected, Hex.Encode(a.ComputeHash(new Blake2Parameters { Key = Hex.Sequence(a.MaxKeyLength) }, "abc"u8)));
    }

    // ---------------------------------------------------------------------------------------------------------
    // Blake2Parameters
    // ---------------------------------------------------------------------------------------------------------

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    [InlineData(-64)]
    [InlineData(int.MinValue)]
    public void Parameters_DigestLengthBelowOne_ThrowsWhenSet_AndKeepsThePreviousValue(int value)
    {
        var p = new Blake2Parameters { DigestLength = 20 };
        ArgumentOutOfRangeException? caught = null;
        try
        {
            p.DigestLength = value;
        }
        catch (ArgumentOutOfRangeException e)
        {
            caught = e;
        }

        Assert.NotNull(caught);
        Assert.Equal(typeof(ArgumentOutOfRangeException), caught!.GetType());
        Assert.Equal("DigestLength", caught.ParamName);
        Assert.Equal(20, p.DigestLength);
    }

    [Fact]
    public void Parameters_DigestLengthBelowOne_ThrowsWhenSet_InAnObjectInitializer()
    {
        var e = Assert.Throws<ArgumentOutOfRangeException>(() => _ = new Blake2Parameters { DigestLength = 0 }.DigestLength);
        Assert.Equal("DigestLength", e.ParamName);
    }

    private static readonly string[] ParameterEntryPoints =
    {
        "ComputeHash(parameters, input)",
        "ComputeAndWriteHash(parameters, input, output)",
        "CreateIncrementalHasher(parameters)",
    };

    /// <summary>A bad field, by name, with the exception type and ParamName it must produce.</summary>
    private sealed record BadParameter(string Case, Type Exception, string ParamName);

    private static IEnumerable<BadParameter> BadParameters(FixedDigestDriver a)
    {
        yield return new($"DigestLength={a.MaxDigestLength + 1}", typeof(ArgumentOutOfRangeException), "DigestLength");
        yield return new("DigestLength=255", typeof(ArgumentOutOfRangeException), "DigestLength");
        yield return new("DigestLength=256", typeof(ArgumentOutOfRangeException), "DigestLength");
        yield return new("DigestLength=257", typeof(ArgumentOutOfRangeException), "DigestLength");
        yield return new("DigestLength=int.MaxValue", typeof(ArgumentOutOfRangeException), "DigestLength");
        yield return new($"Key={a.MaxKeyLength + 1} bytes", typeof(ArgumentException), "Key");
        yield return new("Key=1000 bytes", typeof(ArgumentException), "Key");
        yield return new($"Salt={a.SaltLength + 1} bytes", typeof(ArgumentException), "Salt");
        yield return new("Salt=100 bytes", typeof(ArgumentException), "Salt");
        yield return new($"Personalization={a.SaltLength + 1} bytes", typeof(ArgumentException), "Personalization");
        yield return new("Personalization=100 bytes", typeof(ArgumentException), "Personalization");
        yield return new($"InnerLength={a.MaxDigestLength + 1}", typeof(ArgumentOutOfRangeException), "InnerLength");
        yield return new("InnerLength=255", typeof(ArgumentOutOfRangeException), "InnerLength");
        if (a.MaxNodeOffset < (1UL << 48))
        {
            yield return new("NodeOffset=2^48", typeof(ArgumentOutOfRangeException), "NodeOffset");
            yield return new("NodeOffset=2^63", typeof(ArgumentOutOfRangeException), "NodeOffset");
            yield return new("NodeOffset=ulong.MaxValue", typeof(ArgumentOutOfRangeException), "NodeOffset");
        }
    }

    private static Blake2Parameters MakeParameters(string @case)
    {
        var p = new Blake2Parameters();
        switch (@case.Split('=')[0])
        {
            case "DigestLength":
                p.DigestLength = @case == "DigestLength=int.MaxValue" ? int.MaxValue : int.Parse(@case.Split('=')[1], System.Globalization.CultureInfo.InvariantCulture);
                break;
            case "Key": p.Key = Hex.Sequence(LengthOf(@case)); break;
            case "Salt": p.Salt = Hex.Sequence(LengthOf(@case)); break;
            case "Personalization": p.Personalization = Hex.Sequence(LengthOf(@case)); break;
            case "InnerLength": p.InnerLength = byte.Parse(@case.Split('=')[1], System.Globalization.CultureInfo.InvariantCulture); break;
            case "NodeOffset":
                p.NodeOffset = @case switch
                {
                    "NodeOffset=2^48" => 1UL << 48,
                    "NodeOffset=2^63" => 1UL << 63,
                    "NodeOffset=ulong.MaxValue" => ulong.MaxValue,
                    _ => throw new ArgumentException(@case),
                };
                break;
            default: throw new ArgumentException("Unknown case: " + @case);
        }
        return p;

        static int LengthOf(string c) => int.Parse(c.Split('=')[1].Split(' ')[0], System.Globalization.CultureInfo.InvariantCulture);
    }

    private static void UseParameters(FixedDigestDriver a, string entryPoint, in Blake2Parameters p, byte[] output)
    {
        switch (entryPoint)
        {
            case "ComputeHash(parameters, input)": a.ComputeHash(p, Input); break;
            case "ComputeAndWriteHash(parameters, input, output)": a.ComputeAndWriteHash(p, Input, output); break;
            case "CreateIncrementalHasher(parameters)": a.CreateIncrementalHasher(p); break;
            default: throw new ArgumentException("Unknown entry point: " + entryPoint, nameof(entryPoint));
        }
    }

    public static IEnumerable<object[]> BadParameterCases() =>
        from a in FixedDigestDriver.All
        from entry in ParameterEntryPoints
        from bad in BadParameters(a)
        select new object[] { a.Name, entry, bad.Case };

    [Theory]
    [MemberData(nameof(BadParameterCases))]
    public void Parameters_OutOfRange_ThrowWhenUsed_NamingTheProperty_AndWriteNothing(string algorithm, string entryPoint, string @case)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        BadParameter bad = BadParameters(a).Single(b => b.Case == @case);
        byte[] output = Sentinel.Buffer(300);

        Exception? caught = null;
        try
        {
            Blake2Parameters p = MakeParameters(@case);
            UseParameters(a, entryPoint, p, output);
        }
        catch (Exception e)
        {
            caught = e;
        }

        Assert.NotNull(caught);
        Assert.Equal(bad.Exception, caught!.GetType());
        Assert.Equal(bad.ParamName, ((ArgumentException)caught).ParamName);
        Sentinel.AssertUntouched(output);
    }

    /// <summary>The internal per-instruction-set entry points validate the same way (every instruction set, one representative bad field each).</summary>
    [Theory]
    [MemberData(nameof(FixedDigestDriver.AllInstructionSets), MemberType = typeof(FixedDigestDriver))]
    public void Parameters_OutOfRange_ThrowOnEveryInstructionSet(string algorithm, string instructionSet)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        var c = FixedDigestDriver.ParseInstructionSet(instructionSet);
        foreach (BadParameter bad in BadParameters(a))
        {
            byte[] output = Sentinel.Buffer(300);
            Exception? caught = null;
            try
            {
                Blake2Parameters p = MakeParameters(bad.Case);
                a.Hash(c, p, Input, output);
            }
            catch (Exception e)
            {
                caught = e;
            }

            Assert.True(caught is not null, bad.Case + ": no exception");
            Assert.True(bad.Exception == caught!.GetType(), $"{bad.Case}: expected {bad.Exception.Name}, got {caught.GetType().Name}");
            Assert.Equal(bad.ParamName, ((ArgumentException)caught).ParamName);
            Sentinel.AssertUntouched(output);
        }
    }

    /// <summary>
    /// Every field at its limit is accepted and gives the value Python's hashlib computes for "abc", so the refusals
    /// above are exactly one past the limit.
    /// </summary>
    [Theory]
    [InlineData("blake2b", "Salt", "1c93b4efd961dfe707e50cae854100e568d67dd920f97d823856bae0d2ef931b49f774c48d2a50ec03702e417c15775dd34e71d8d3baa1231ab99f03c665309d")]
    [InlineData("blake2b", "Personalization", "83aa936eade0f42a10fa2e5dc45f520ca24cb73e1ade813a5bbc38dfd98a4fd6d8628044fb97f5ae2a4ec06f3a65de804a1c9c9c5b785a5f6a6076a7bb776f34")]
    [InlineData("blake2b", "InnerLength", "0da600a35e601f5bb1c9f3165235e23dffb4daab10452bcf11264f439093c2458b75068adc7d97bdacdf8991883418a59cef0684027f21e1e13db3f6574112a3")]
    [InlineData("blake2b", "NodeOffset", "c13b7e701ba658f441b145d0b06d2a628f421a82de98d4038d84f2a45c48d9761037d27b57ef347c53b2636d2ba731687c31a66038b956ca5915281f19f7e2d2")]
    [InlineData("blake2s", "Salt", "fb420ca847a4fee55d6efc88804053bc131acbfb368db85aed863f5d091a9c44")]
    [InlineData("blake2s", "Personalization", "e4983ec7376f0ccf4a59a14a1b2107c6df36b65b1d9e748e022a2247e2b1f051")]
    [InlineData("blake2s", "InnerLength", "428b806854a3bf17d3d08ca27d2f3bb65c923e6669706b67442b232c5ae22565")]
    [InlineData("blake2s", "NodeOffset", "ac736796f30209c7989823e0022c1d70a06ee4edee5f40cc60dba7acad6c84e8")]
    public void Parameters_AtTheirLimits_AreAccepted_AndMatchPythonHashlib(string algorithm, string field, string expected)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        // Python: salt=bytes(range(1, n+1)), person=bytes(range(0x41, 0x41+n)), inner_size=max, node_offset=2^64-1 / 2^48-1.
        byte[] salt = Enumerable.Range(1, a.SaltLength).Select(i => (byte)i).ToArray();
        byte[] person = Enumerable.Range(0x41, a.SaltLength).Select(i => (byte)i).ToArray();
        var p = new Blake2Parameters();
        switch (field)
        {
            case "Salt": p.Salt = salt; break;
            case "Personalization": p.Personalization = person; break;
            case "InnerLength": p.InnerLength = (byte)a.MaxDigestLength; break;
            case "NodeOffset": p.NodeOffset = a.MaxNodeOffset; break;
            default: throw new ArgumentException(field);
        }

        Assert.Equal(expected, Hex.Encode(a.ComputeHash(p, "abc"u8)));
        byte[] output = Sentinel.Buffer(a.MaxDigestLength);
        a.ComputeAndWriteHash(p, "abc"u8, output);
        Assert.Equal(expected, Hex.Encode(output));
        Hasher h = a.CreateIncrementalHasher(p);
        h.Update("abc"u8);
        Assert.Equal(expected, Hex.Encode(h.Finish()));
    }

    // ---------------------------------------------------------------------------------------------------------
    // Output too small
    // ---------------------------------------------------------------------------------------------------------

    private static readonly string[] OutputOverloads =
    {
        "ComputeAndWriteHash(input, output)",
        "ComputeAndWriteHash(digestLength, input, output)",
        "ComputeAndWriteHash(key, input, output)",
        "ComputeAndWriteHash(digestLength, key, input, output)",
        "ComputeAndWriteHash(parameters, input, output)",
        "ComputeAndWriteHash(parameters with DigestLength, input, output)",
    };

    private static int DigestLengthOf(FixedDigestDriver a, string overload) =>
        overload.Contains("digestLength", StringComparison.Ordinal) || overload.Contains("with DigestLength", StringComparison.Ordinal) ? 20 : a.MaxDigestLength;

    public static IEnumerable<object[]> OutputTooSmallCases() =>
        from a in FixedDigestDriver.All
        from overload in OutputOverloads
        from shortBy in new[] { 1, 2, -1 } // -1: an empty output
        select new object[] { a.Name, overload, shortBy == -1 ? 0 : DigestLengthOf(a, overload) - shortBy };

    private static void WriteHash(FixedDigestDriver a, string overload, byte[] key, byte[] output, int offset, int length)
    {
        Span<byte> destination = output.AsSpan(offset, length);
        switch (overload)
        {
            case "ComputeAndWriteHash(input, output)": a.ComputeAndWriteHash(Input, destination); break;
            case "ComputeAndWriteHash(digestLength, input, output)": a.ComputeAndWriteHash(20, Input, destination); break;
            case "ComputeAndWriteHash(key, input, output)": a.ComputeAndWriteHash(key, Input, destination); break;
            case "ComputeAndWriteHash(digestLength, key, input, output)": a.ComputeAndWriteHash(20, key, Input, destination); break;
            case "ComputeAndWriteHash(parameters, input, output)": a.ComputeAndWriteHash(new Blake2Parameters { Key = key }, Input, destination); break;
            case "ComputeAndWriteHash(parameters with DigestLength, input, output)": a.ComputeAndWriteHash(new Blake2Parameters { DigestLength = 20, Key = key }, Input, destination); break;
            default: throw new ArgumentException("Unknown overload: " + overload, nameof(overload));
        }
    }

    [Theory]
    [MemberData(nameof(OutputTooSmallCases))]
    public void ComputeAndWriteHash_OutputTooSmall_ThrowsArgumentException_NamedOutput_AndWritesNothing(string algorithm, string overload, int outputLength)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        // The destination is a window in the middle of a larger sentinel buffer, so writes past its end are caught too.
        byte[] buffer = Sentinel.Buffer(outputLength + 2 * a.MaxDigestLength);

        var e = Assert.Throws<ArgumentException>(() => WriteHash(a, overload, Hex.Sequence(7), buffer, a.MaxDigestLength, outputLength));

        Assert.Equal("output", e.ParamName);
        Sentinel.AssertUntouched(buffer);
    }

    public static IEnumerable<object[]> FinishTooSmallCases() =>
        from a in FixedDigestDriver.All
        from digestLength in new[] { 1, 20, a.MaxDigestLength }
        from buffered in new[] { 0, 1, a.BlockSize, a.BlockSize + 1, 3 * a.BlockSize }
        from keyed in new[] { false, true }
        select new object[] { a.Name, digestLength, buffered, keyed };

    private static Hasher StartHash(FixedDigestDriver a, int digestLength, bool keyed, byte[] data)
    {
        Hasher h = keyed ? a.CreateIncrementalHasher(digestLength, Hex.Sequence(a.MaxKeyLength)) : a.CreateIncrementalHasher(digestLength);
        h.Update(data);
        return h;
    }

    private static byte[] OneShot(FixedDigestDriver a, int digestLength, bool keyed, byte[] data) =>
        keyed ? a.ComputeHash(digestLength, Hex.Sequence(a.MaxKeyLength), data) : a.ComputeHash(digestLength, data);

    [Theory]
    [MemberData(nameof(FinishTooSmallCases))]
    public void StateFinish_OutputTooSmall_ThrowsNamedOutput_WritesNothing_AndStateStaysUsable(string algorithm, int digestLength, int dataLength, bool keyed)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] data = Hex.Sequence(dataLength);
        Hasher h = StartHash(a, digestLength, keyed, data);

        foreach (int outputLength in new[] { 0, digestLength - 1 }.Distinct())
        {
            byte[] buffer = Sentinel.Buffer(outputLength + 2 * a.MaxDigestLength);
            var e = Assert.Throws<ArgumentException>(() => h.Finish(buffer.AsSpan(a.MaxDigestLength, outputLength)));
            Assert.Equal("output", e.ParamName);
            Sentinel.AssertUntouched(buffer);
        }

        // Still usable: it gives the right digest, both when finished now and after more input.
        Hasher copy = h.Snapshot();
        Assert.Equal(OneShot(a, digestLength, keyed, data), h.Finish());
        copy.Update("more"u8);
        Assert.Equal(OneShot(a, digestLength, keyed, data.Concat("more"u8.ToArray()).ToArray()), copy.Finish());
    }

    [Theory]
    [MemberData(nameof(FinishTooSmallCases))]
    public void StateTryFinish_OutputTooSmall_ReturnsFalse_WritesNothing_AndStateStaysUsable(string algorithm, int digestLength, int dataLength, bool keyed)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        byte[] data = Hex.Sequence(dataLength);
        Hasher h = StartHash(a, digestLength, keyed, data);

        foreach (int outputLength in new[] { 0, digestLength - 1 }.Distinct())
        {
            byte[] buffer = Sentinel.Buffer(outputLength + 2 * a.MaxDigestLength);
            int written = -1;
            bool ok = h.TryFinish(buffer.AsSpan(a.MaxDigestLength, outputLength), out written);
            Assert.False(ok);
            Assert.Equal(0, written);
            Sentinel.AssertUntouched(buffer);
        }

        Hasher copy = h.Snapshot();
        byte[] exact = Sentinel.Buffer(digestLength);
        Assert.True(h.TryFinish(exact, out int bytesWritten));
        Assert.Equal(digestLength, bytesWritten);
        Assert.Equal(OneShot(a, digestLength, keyed, data), exact);

        copy.Update("more"u8);
        Assert.Equal(OneShot(a, digestLength, keyed, data.Concat("more"u8.ToArray()).ToArray()), copy.Finish());
    }

    // ---------------------------------------------------------------------------------------------------------
    // default and finished states
    // ---------------------------------------------------------------------------------------------------------

    public static IEnumerable<object[]> DefaultStateCases() =>
        from a in FixedDigestDriver.All
        from action in StateActions.All
        select new object[] { a.Name, action };

    [Theory]
    [MemberData(nameof(DefaultStateCases))]
    public void DefaultState_EveryOperation_ThrowsInvalidOperation_AndWritesNothing(string algorithm, string action)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        Hasher h = a.DefaultState();
        byte[] output = Sentinel.Buffer(a.MaxDigestLength + 16);

        Assert.Throws<InvalidOperationException>(() => StateActions.Apply(a, h, action, output, a.MaxDigestLength));

        Sentinel.AssertUntouched(output);
        // And it stays refused: a second attempt throws as well.
        Assert.Throws<InvalidOperationException>(() => h.Update("x"u8));
        Assert.Throws<InvalidOperationException>(() => h.Finish());
    }

    private static readonly string[] Finishers = { "Finish()", "Finish(exact span)", "Finish(larger span)", "TryFinish(exact span)", "TryFinish(larger span)" };

    public static IEnumerable<object[]> FinishedStateCases() =>
        from a in FixedDigestDriver.All
        from finisher in Finishers
        from action in StateActions.All
        select new object[] { a.Name, finisher, action };

    [Theory]
    [MemberData(nameof(FinishedStateCases))]
    public void FinishedState_EveryOperation_ThrowsInvalidOperation_AndWritesNothing(string algorithm, string finisher, string action)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        const int digestLength = 20;
        Hasher h = a.CreateIncrementalHasher(digestLength);
        h.Update(Input);
        byte[] first = Sentinel.Buffer(digestLength + 16);
        switch (finisher)
        {
            case "Finish()": h.Finish(); break;
            case "Finish(exact span)": h.Finish(first.AsSpan(0, digestLength)); break;
            case "Finish(larger span)": h.Finish(first); break;
            case "TryFinish(exact span)": Assert.True(h.TryFinish(first.AsSpan(0, digestLength), out _)); break;
            case "TryFinish(larger span)": Assert.True(h.TryFinish(first, out _)); break;
            default: throw new ArgumentException(finisher);
        }

        byte[] output = Sentinel.Buffer(digestLength + 16);
        Assert.Throws<InvalidOperationException>(() => StateActions.Apply(a, h, action, output, digestLength));
        Sentinel.AssertUntouched(output);
    }

    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void FinishedKeyedState_EvenEmptyUpdate_ThrowsInvalidOperation(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        Hasher h = a.CreateIncrementalHasher(Hex.Sequence(a.MaxKeyLength));
        h.Finish();

        Assert.Throws<InvalidOperationException>(() => h.Update(ReadOnlySpan<byte>.Empty));
        Assert.Throws<InvalidOperationException>(() => h.Finish());
        Assert.Throws<InvalidOperationException>(() => h.TryFinish(new byte[a.MaxDigestLength], out _));
    }

    /// <summary>A copy taken after finishing is finished too; a copy taken before is not.</summary>
    [Theory]
    [MemberData(nameof(AlgorithmNames))]
    public void FinishedState_CopiesAreFinished_ButEarlierCopiesAreNot(string algorithm)
    {
        FixedDigestDriver a = FixedDigestDriver.Parse(algorithm);
        Hasher h = a.CreateIncrementalHasher();
        h.Update(Input);
        Hasher before = h.Snapshot();
        h.Finish();
        Hasher after = h.Snapshot();

        Assert.Throws<InvalidOperationException>(() => after.Update("x"u8));
        Assert.Throws<InvalidOperationException>(() => after.Finish());
        Assert.Equal(a.ComputeHash(Input), before.Finish());
    }
}
