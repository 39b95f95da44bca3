namespace Blake2Fast.Cores;

/// <summary>Constants of RFC 7693 section 2.6 and 2.7.</summary>
internal static class Blake2Constants
{
    // BLAKE2b's IV is SHA-512's; BLAKE2s's is SHA-256's (the top halves of BLAKE2b's words).
    public const ulong IVb0 = 0x6A09E667F3BCC908, IVb1 = 0xBB67AE8584CAA73B, IVb2 = 0x3C6EF372FE94F82B, IVb3 = 0xA54FF53A5F1D36F1;
    public const ulong IVb4 = 0x510E527FADE682D1, IVb5 = 0x9B05688C2B3E6C1F, IVb6 = 0x1F83D9ABFB41BD6B, IVb7 = 0x5BE0CD19137E2179;
    public const uint IVs0 = 0x6A09E667, IVs1 = 0xBB67AE85, IVs2 = 0x3C6EF372, IVs3 = 0xA54FF53A;
    public const uint IVs4 = 0x510E527F, IVs5 = 0x9B05688C, IVs6 = 0x1F83D9AB, IVs7 = 0x5BE0CD19;

    /// <summary>The message schedule SIGMA: 10 rows of 16, then rows 0 and 1 again for BLAKE2b's rounds 10 and 11.</summary>
    /// <remarks>A <see cref="System.ReadOnlySpan{T}"/> over a constant array is a view of the assembly's data: no allocation.</remarks>
    public static System.ReadOnlySpan<byte> Sigma => new byte[]
    {
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3,
        11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4,
        7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8,
        9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13,
        2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9,
        12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11,
        13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10,
        6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5,
        10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0,
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3,
    };

    /// <summary>BLAKE2b's IV word <paramref name="i"/> (a JIT constant for a constant index).</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public static ulong IVB(int i) => i switch
    {
        0 => IVb0, 1 => IVb1, 2 => IVb2, 3 => IVb3, 4 => IVb4, 5 => IVb5, 6 => IVb6, _ => IVb7,
    };

    /// <summary>BLAKE2s's IV word <paramref name="i"/>.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public static uint IVS(int i) => i switch
    {
        0 => IVs0, 1 => IVs1, 2 => IVs2, 3 => IVs3, 4 => IVs4, 5 => IVs5, 6 => IVs6, _ => IVs7,
    };
}
