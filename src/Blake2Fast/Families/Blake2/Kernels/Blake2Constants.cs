namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>Constants of RFC 7693 section 2.6 and 2.7.</summary>
internal static partial class Blake2Constants
{
    // BLAKE2b's IV is SHA-512's; BLAKE2s's is SHA-256's (the top halves of BLAKE2b's words).
    public const ulong IVb0 = 0x6A09E667F3BCC908, IVb1 = 0xBB67AE8584CAA73B, IVb2 = 0x3C6EF372FE94F82B, IVb3 = 0xA54FF53A5F1D36F1;
    public const ulong IVb4 = 0x510E527FADE682D1, IVb5 = 0x9B05688C2B3E6C1F, IVb6 = 0x1F83D9ABFB41BD6B, IVb7 = 0x5BE0CD19137E2179;
    public const uint IVs0 = 0x6A09E667, IVs1 = 0xBB67AE85, IVs2 = 0x3C6EF372, IVs3 = 0xA54FF53A;
    public const uint IVs4 = 0x510E527F, IVs5 = 0x9B05688C, IVs6 = 0x1F83D9AB, IVs7 = 0x5BE0CD19;

    /// <summary>
    /// The state words each G function of a round mixes, four at a time: the four columns, then the four diagonals.
    /// BLAKE3 keeps BLAKE2s's round, so its compact compression (<c>Blake3Compact</c>) reads this too.
    /// </summary>
    public static System.ReadOnlySpan<byte> Mix => [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0, 5, 10, 15, 1, 6, 11, 12, 2, 7, 8, 13, 3, 4, 9, 14];

    // SIGMA is generated (Blake2Fast.Generators/Cores/UnrolledKernelGenerator.cs), beside the unrolled kernels that use it.

    // The IV by index is each variant's InitialValue (Blake2Variants.cs), written there once.
}
