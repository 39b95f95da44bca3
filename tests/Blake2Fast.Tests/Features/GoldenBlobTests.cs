using System;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Features;

/// <summary>
/// Saved BLAKE3 and BLAKE-256/224 states (format version 1) kept verbatim, as <see cref="SavedStateTests"/> keeps
/// BLAKE2's, so that every later version must still restore them. Each blob is the state after <c>Prefix</c> bytes of
/// <see cref="Hex.Sequence"/>(5000), written by <c>SaveState</c> (with <c>includeKeyedState: true</c> for the keyed and
/// derive-key states) at commit 880f80e: BLAKE3 plain after 3,100 bytes (three chunks on the chaining-value stack,
/// one in progress), keyed (key 00..1f) after 2,049, derive-key (context "Blake2Fast golden 2026-11-28 v1") after
/// exactly one chunk; BLAKE-256 salted (salt 00..0f) after 100; BLAKE-224 after exactly one block. The expected digest
/// of the whole input comes from the one-shot API, never from the blob.
/// </summary>
public class GoldenBlobTests
{
    private const int Total = 5000;
    private static readonly byte[] Key = Hex.Sequence(32);
    private static readonly byte[] Salt = Hex.Sequence(16);
    private const string Context = "Blake2Fast golden 2026-11-28 v1";

    private const string Blake3Plain = "42324653013000001c02000020000000030000000000000067e6096a85ae67bb72f36e3c3af54fa57f520e518c68059babd9831f19cde05b"
            + "67e6096a85ae67bb72f36e3c3af54fa57f520e518c68059babd9831f19cde05b000102030405060708090a0b0c0d0e0f1011121314151617"
            + "18191a1bec00dfd1339e5c71c9d895f6b3ec09ca5b1cb975b83cba1e3d349bccb667069718ea945c7eadf1ca54be1e2659c415bb68021a66"
            + "be68a37b7f3be35fc9876992dfef7ccb14dae3339ec9bd3ce7172e38";

    private const string Blake3Keyed = "423246530130100001010000200000000200000000000000000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
            + "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f00274a2d17b66931c6f6f308e131ed1953df75a67d0e6f54"
            + "db45f01371007ca95e8d7dc13635c0738240fdc828ea32e770";

    private const string Blake3DeriveKey = "423246530130400f40000000200000000000000000000000e92c7a2bf2e59bf1abb8bb169e6f4cb74823524660b2db70dd4c549fc6e6b169"
            + "8b11f895e68366e230afa50b06b9ea7ef5e100c46fb1536729928ec36f0c630dc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7"
            + "d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff039b956533a03d95ca633d1a4fe77cbe";

    private const string Blake256Salted = "423246530120200000000000240000002ba5918d499786b0f3ce4bc5ffe42034ae15d6286b9dfef5b94fae77d644196d0302010007060504"
            + "0b0a09080f0e0d0c0002000000000000404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f606162633734e97c"
            + "4bbf9dcc8909faf82e9649aa";

    private const string Blake224Plain = "4232465301211c0000000000000000006b147efcae5b08f5d26fcf3cd55fcea436c3ab456937635eff820764fc04fcbd0000000000000000"
            + "000000000000000000020000000000003aa6df396c49cf23a48685e672a7a8c1";

    [Theory]
    [InlineData("plain", 3100)]
    [InlineData("keyed", 2049)]
    [InlineData("derive-key", 1024)]
    public void Blake3_FormatVersion1_StillRestoresAndFinishesToTheOneShotDigest(string mode, int prefix)
    {
        byte[] input = Hex.Sequence(Total);
        (string blobHex, byte[] expected) = mode switch
        {
            "plain" => (Blake3Plain, Blake3.HashData(input)),
            "keyed" => (Blake3Keyed, Blake3.Keyed.HashData(Key, input)),
            _ => (Blake3DeriveKey, Blake3.DeriveKey(Context, input)),
        };
        byte[] blob = Hex.Decode(blobHex);

        Blake3HashState restored = Blake3HashState.RestoreState(blob);
        byte[] again = new byte[restored.SavedStateLength];
        restored.SaveState(again, includeKeyedState: true);
        Assert.Equal(blobHex, Hex.Encode(again));                  // what SaveState writes today is the same blob
        restored.Update(input.AsSpan(prefix));
        Assert.Equal(Hex.Encode(expected), Hex.Encode(restored.Finish()));
    }

    [Fact]
    public void Blake256_FormatVersion1_StillRestoresAndFinishesToTheOneShotDigest()
    {
        byte[] input = Hex.Sequence(Total);

        Blake256HashState salted = Blake256HashState.RestoreState(Hex.Decode(Blake256Salted));
        byte[] again = new byte[salted.SavedStateLength];
        salted.SaveState(again);
        Assert.Equal(Blake256Salted, Hex.Encode(again));
        salted.Update(input.AsSpan(100));
        Assert.Equal(Hex.Encode(Blake256.Salted.HashData(Salt, input)), Hex.Encode(salted.Finish()));

        Blake224HashState plain = Blake224HashState.RestoreState(Hex.Decode(Blake224Plain));
        again = new byte[plain.SavedStateLength];
        plain.SaveState(again);
        Assert.Equal(Blake224Plain, Hex.Encode(again));
        plain.Update(input.AsSpan(64));
        Assert.Equal(Hex.Encode(Blake224.HashData(input)), Hex.Encode(plain.Finish()));
    }
}
