using System;
using Blake2Fast.Cores;
using Blake2Fast.Xof;

namespace Blake2Fast;

/// <summary>
/// BLAKE2Xb, the extendable-output form of BLAKE2b: any output length from 1 to 4294967294 bytes, declared in advance or
/// left open (<see cref="UnknownOutputLength"/>), read in pieces of any size.
/// </summary>
/// <remarks>
/// The declared length is part of the hash: outputs of different declared lengths are unrelated, not prefixes
/// of each other. With an unknown length every output block is full-size, so any prefix read is consistent.
/// </remarks>
public static class Blake2Xb
{
    /// <summary>The largest declared output length in bytes: 4294967294.</summary>
    public const long MaxOutputLength = 4294967294;

    /// <summary>Pass as the output length when it is not known in advance.</summary>
    public const long UnknownOutputLength = -1;

    /// <summary>The largest key length in bytes: 64.</summary>
    public const int MaxKeyLength = 64;

    /// <summary>Computes <paramref name="outputLength"/> bytes of BLAKE2Xb output for <paramref name="input"/>.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is not 1..4294967294.</exception>
    public static byte[] ComputeHash(int outputLength, ReadOnlySpan<byte> input) => ComputeHash(outputLength, default, input);

    /// <summary>Computes <paramref name="outputLength"/> bytes of keyed BLAKE2Xb output for <paramref name="input"/>.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is not 1..4294967294.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static byte[] ComputeHash(int outputLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input)
    {
        // -1 means "unknown" to the incremental API; a one-shot call always knows how much it wants.
        if (outputLength < 1)
            throw new ArgumentOutOfRangeException(nameof(outputLength), outputLength, "The output length must be at least 1.");
        var state = new Blake2XbHashState(outputLength, key, Blake2Cores.DefaultB, nameof(outputLength), nameof(key));
        state.Update(input);
        byte[] output = new byte[outputLength];
        state.Read(output);
        return output;
    }

    /// <summary>Fills <paramref name="output"/> with BLAKE2Xb output for <paramref name="input"/>; its length is the declared length.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="output"/> is empty or longer than 4294967294 bytes.</exception>
    public static void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output) => ComputeAndWriteHash(default, input, output);

    /// <summary>Fills <paramref name="output"/> with keyed BLAKE2Xb output for <paramref name="input"/>; its length is the declared length.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="output"/> is empty or longer than 4294967294 bytes.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static void ComputeAndWriteHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output)
    {
        if (output.IsEmpty)
            throw new ArgumentOutOfRangeException(nameof(output), "The output must not be empty.");
        var state = new Blake2XbHashState(output.Length, key, Blake2Cores.DefaultB, nameof(output), nameof(key));
        state.Update(input);
        state.Read(output);
    }

    /// <summary>Creates an incremental BLAKE2Xb hash with the given output length (or <see cref="UnknownOutputLength"/>).</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is not 1..4294967294 or <see cref="UnknownOutputLength"/>.</exception>
    public static Blake2XbHashState CreateIncrementalHasher(long outputLength) => CreateIncrementalHasher(outputLength, default);

    /// <summary>Creates an incremental keyed BLAKE2Xb hash with the given output length (or <see cref="UnknownOutputLength"/>).</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is not 1..4294967294 or <see cref="UnknownOutputLength"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static Blake2XbHashState CreateIncrementalHasher(long outputLength, ReadOnlySpan<byte> key) =>
        new(outputLength, key, Blake2Cores.DefaultB, nameof(outputLength), nameof(key));
}
