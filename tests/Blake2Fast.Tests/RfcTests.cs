using System;
using System.Collections.Generic;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests;

/// <summary>The examples and the self-test of RFC 7693 (Appendices A, B and E).</summary>
public class RfcTests
{
    // RFC 7693 Appendix A: BLAKE2b-512("abc").
    private static readonly byte[] s_blake2b512Abc =
    {
        0xBA, 0x80, 0xA5, 0x3F, 0x98, 0x1C, 0x4D, 0x0D, 0x6A, 0x27, 0x97, 0xB6, 0x9F, 0x12, 0xF6, 0xE9,
        0x4C, 0x21, 0x2F, 0x14, 0x68, 0x5A, 0xC4, 0xB7, 0x4B, 0x12, 0xBB, 0x6F, 0xDB, 0xFF, 0xA2, 0xD1,
        0x7D, 0x87, 0xC5, 0x39, 0x2A, 0xAB, 0x79, 0x2D, 0xC2, 0x52, 0xD5, 0xDE, 0x45, 0x33, 0xCC, 0x95,
        0x18, 0xD3, 0x8A, 0xA8, 0xDB, 0xF1, 0x92, 0x5A, 0xB9, 0x23, 0x86, 0xED, 0xD4, 0x00, 0x99, 0x23,
    };

    // RFC 7693 Appendix B: BLAKE2s-256("abc").
    private static readonly byte[] s_blake2s256Abc =
    {
        0x50, 0x8C, 0x5E, 0x8C, 0x32, 0x7C, 0x14, 0xE2, 0xE1, 0xA7, 0x2B, 0xA3, 0x4E, 0xEB, 0x45, 0x2F,
        0x37, 0x45, 0x8B, 0x20, 0x9E, 0xD6, 0x3A, 0x29, 0x4D, 0x99, 0x9B, 0x4C, 0x86, 0x67, 0x59, 0x82,
    };

    // RFC 7693 Appendix E: blake2b_res and blake2s_res, the expected "grand hashes" of the self-test.
    private static readonly byte[] s_blake2bSelfTestResult =
    {
        0xC2, 0x3A, 0x78, 0x00, 0xD9, 0x81, 0x23, 0xBD, 0x10, 0xF5, 0x06, 0xC6, 0x1E, 0x29, 0xDA, 0x56,
        0x03, 0xD7, 0x63, 0xB8, 0xBB, 0xAD, 0x2E, 0x73, 0x7F, 0x5E, 0x76, 0x5A, 0x7B, 0xCC, 0xD4, 0x75,
    };

    private static readonly byte[] s_blake2sSelfTestResult =
    {
        0x6A, 0x41, 0x1F, 0x08, 0xCE, 0x25, 0xAD, 0xCD, 0xFB, 0x02, 0xAB, 0xA6, 0x41, 0x45, 0x1C, 0xEC,
        0x53, 0xC5, 0x98, 0xB2, 0x4F, 0x4F, 0xC7, 0x87, 0xFB, 0xDC, 0x88, 0x79, 0x7F, 0x4C, 0x1D, 0xFE,
    };

    private static readonly byte[] s_abc = { 0x61, 0x62, 0x63 };

    // RFC 7693's appendices, by algorithm (a third algorithm of the contract has no RFC vectors: the lookup fails for it).
    private static byte[] AbcDigest(FixedDigestDriver algorithm) => algorithm.Name switch { "blake2b" => s_blake2b512Abc, "blake2s" => s_blake2s256Abc, _ => throw new KeyNotFoundException(algorithm.Name) };

    private static byte[] SelfTestResult(FixedDigestDriver algorithm) => algorithm.Name switch { "blake2b" => s_blake2bSelfTestResult, "blake2s" => s_blake2sSelfTestResult, _ => throw new KeyNotFoundException(algorithm.Name) };

    private static int[] SelfTestDigestLengths(FixedDigestDriver algorithm) => algorithm.Name switch { "blake2b" => new[] { 20, 32, 48, 64 }, "blake2s" => new[] { 16, 20, 28, 32 }, _ => throw new KeyNotFoundException(algorithm.Name) };

    private static int[] SelfTestInputLengths(FixedDigestDriver algorithm) => new[] { 0, 3, algorithm.BlockSize, algorithm.BlockSize + 1, 255, 1024 };

    /// <summary>selftest_seq from RFC 7693 Appendix E: a Fibonacci-like generator, all in uint32 arithmetic.</summary>
    internal static byte[] SelfTestSequence(int length, uint seed)
    {
        var output = new byte[length];
        uint a = unchecked(0xDEAD4BAD * seed);
        uint b = 1;
        for (int i = 0; i < length; i++)
        {
            uint t = unchecked(a + b);
            a = b;
            b = t;
            output[i] = (byte)((t >> 24) & 0xFF);
        }
        return output;
    }

    [Fact]
    public void SelfTestSequence_MatchesTheRfcGenerator()
    {
        // Hand-computed: seed 0 gives a = 0, b = 1 -> t = 1, 1, 2, 3, 5, ... whose top bytes are zero.
        Assert.Equal(new byte[8], SelfTestSequence(8, 0));
        // Seed 1: t0 = 0xDEAD4BAD + 1 = 0xDEAD4BAE (top byte DE); t1 = 1 + t0 = 0xDEAD4BAF (DE); t2 = t0 + t1 = 0x1BD5A975D -> 0xBD5A975D (BD).
        Assert.Equal(new byte[] { 0xDE, 0xDE, 0xBD }, SelfTestSequence(3, 1));
        Assert.Empty(SelfTestSequence(0, 5));
    }

    [Fact]
    public void AppendixA_Blake2b512_Abc_PublicApi()
    {
        Assert.Equal(s_blake2b512Abc, Blake2b.ComputeHash(s_abc));
        Assert.Equal(s_blake2b512Abc, Blake2b.ComputeHash(64, s_abc));
        var output = new byte[64];
        Blake2b.ComputeAndWriteHash(s_abc, output.AsSpan());
        Assert.Equal(s_blake2b512Abc, output);
        Blake2bHashState state = Blake2b.CreateIncrementalHasher();
        state.Update(s_abc.AsSpan(0, 1));
        state.Update(s_abc.AsSpan(1));
        Assert.Equal(s_blake2b512Abc, state.Finish());
    }

    [Fact]
    public void AppendixB_Blake2s256_Abc_PublicApi()
    {
        Assert.Equal(s_blake2s256Abc, Blake2s.ComputeHash(s_abc));
        Assert.Equal(s_blake2s256Abc, Blake2s.ComputeHash(32, s_abc));
        var output = new byte[32];
        Blake2s.ComputeAndWriteHash(s_abc, output.AsSpan());
        Assert.Equal(s_blake2s256Abc, output);
        Blake2sHashState state = Blake2s.CreateIncrementalHasher();
        state.Update(s_abc.AsSpan(0, 2));
        state.Update(s_abc.AsSpan(2));
        Assert.Equal(s_blake2s256Abc, state.Finish());
    }

    [Theory]
    [MemberData(nameof(FixedDigestDriver.AllInstructionSets), MemberType = typeof(FixedDigestDriver))]
    public void AppendixAB_Abc_OnInstructionSet(string algorithmName, string instructionSetName)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        Assert.Equal(AbcDigest(algorithm), algorithm.Hash(instructionSet, default, s_abc));
        Assert.Equal(AbcDigest(algorithm), algorithm.HashInPieces(instructionSet, default, s_abc, new[] { 1, 1, 1 }));
        Assert.Equal(AbcDigest(algorithm), algorithm.HashInPieces(instructionSet, default, s_abc, new[] { 0, 3 }));
    }

    [Theory]
    [MemberData(nameof(FixedDigestDriver.AllInstructionSets), MemberType = typeof(FixedDigestDriver))]
    public void AppendixE_SelfTest_OnInstructionSet(string algorithmName, string instructionSetName)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);

        // The grand hash is a 32-byte digest over all the digests below, as in blake2b_selftest / blake2s_selftest.
        Hasher grand = algorithm.CreateIncrementalHasher(instructionSet, new Blake2Parameters { DigestLength = 32 });
        // A second grand hash over the same digests computed incrementally (in odd pieces) on the same instruction set.
        Hasher grandIncremental = algorithm.CreateIncrementalHasher(instructionSet, new Blake2Parameters { DigestLength = 32 });

        foreach (int outlen in SelfTestDigestLengths(algorithm))
        {
            foreach (int inlen in SelfTestInputLengths(algorithm))
            {
                byte[] input = SelfTestSequence(inlen, (uint)inlen);
                byte[] md = algorithm.Hash(instructionSet, new Blake2Parameters { DigestLength = outlen }, input);
                Assert.Equal(outlen, md.Length);
                grand.Update(md);
                grandIncremental.Update(algorithm.HashInPieces(instructionSet, new Blake2Parameters { DigestLength = outlen }, input, SplitPatterns.IrregularCycle(inlen)));

                byte[] key = SelfTestSequence(outlen, (uint)outlen);
                md = algorithm.Hash(instructionSet, new Blake2Parameters { DigestLength = outlen, Key = key }, input);
                grand.Update(md);
                grandIncremental.Update(algorithm.HashInPieces(instructionSet, new Blake2Parameters { DigestLength = outlen, Key = key }, input, SplitPatterns.IrregularCycle(outlen)));
            }
        }

        Assert.Equal(Hex.Encode(SelfTestResult(algorithm)), Hex.Encode(grand.Finish()));
        Assert.Equal(Hex.Encode(SelfTestResult(algorithm)), Hex.Encode(grandIncremental.Finish()));
    }

    [Theory]
    [InlineData("blake2b")]
    [InlineData("blake2s")]
    public void AppendixE_SelfTest_PublicApi(string algorithmName)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        Hasher grand = algorithm.CreateIncrementalHasher(32);
        var spanGrand = new List<byte>();

        foreach (int outlen in SelfTestDigestLengths(algorithm))
        {
            foreach (int inlen in SelfTestInputLengths(algorithm))
            {
                byte[] input = SelfTestSequence(inlen, (uint)inlen);
                byte[] key = SelfTestSequence(outlen, (uint)outlen);

                grand.Update(algorithm.ComputeHash(outlen, input));
                grand.Update(algorithm.ComputeHash(outlen, key, input));

                var md = new byte[outlen];
                algorithm.ComputeAndWriteHash(outlen, input, md);
                spanGrand.AddRange(md);
                Hasher keyed = algorithm.CreateIncrementalHasher(outlen, key);
                keyed.Update(input);
                spanGrand.AddRange(keyed.Finish());
            }
        }

        Assert.Equal(Hex.Encode(SelfTestResult(algorithm)), Hex.Encode(grand.Finish()));
        Assert.Equal(Hex.Encode(SelfTestResult(algorithm)), Hex.Encode(algorithm.ComputeHash(32, spanGrand.ToArray())));
    }
}
