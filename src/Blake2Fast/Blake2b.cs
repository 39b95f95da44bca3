using System;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Cores;
using Blake2Fast.Interop;
using Blake2Fast.Streams;
using Blake2Fast.Many;

namespace Blake2Fast;

/// <summary>BLAKE2b (RFC 7693): 64-bit words, digests of 1 to 64 bytes, keys of up to 64 bytes.</summary>
/// <remarks>All members are thread-safe. Methods that take an output span allocate nothing.</remarks>
public static class Blake2b
{
    /// <summary>The default (and largest) digest length in bytes: 64.</summary>
    public const int DefaultDigestLength = 64;

    /// <summary>The largest key length in bytes: 64.</summary>
    public const int MaxKeyLength = 64;

    /// <summary>Computes the 64-byte BLAKE2b digest of <paramref name="input"/>.</summary>
    public static byte[] ComputeHash(ReadOnlySpan<byte> input) => ComputeHash(DefaultDigestLength, default, input);

    /// <summary>Computes the BLAKE2b digest of <paramref name="input"/> with the given length.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is not 1..64.</exception>
    public static byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> input) => ComputeHash(digestLength, default, input);

    /// <summary>Computes the 64-byte keyed BLAKE2b digest (a MAC) of <paramref name="input"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static byte[] ComputeHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => ComputeHash(DefaultDigestLength, key, input);

    /// <summary>Computes the keyed BLAKE2b digest (a MAC) of <paramref name="input"/> with the given length.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is not 1..64.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) =>
        ComputeHash(Blake2Parameters.Simple(digestLength, key, DefaultDigestLength), input);

    /// <summary>Computes the BLAKE2b digest of <paramref name="input"/> with the full parameter block.</summary>
    /// <exception cref="ArgumentException">A parameter is out of range for BLAKE2b; the exception names it.</exception>
    public static byte[] ComputeHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input)
    {
        var state = new Blake2bHashState(parameters, Blake2Cores.DefaultB);
        state.Update(input);
        return state.Finish();
    }

    /// <summary>Computes the 64-byte BLAKE2b digest of <paramref name="input"/> into <paramref name="output"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="output"/> is shorter than 64 bytes; nothing is written.</exception>
    public static void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output) => ComputeAndWriteHash(DefaultDigestLength, default, input, output);

    /// <summary>Computes the BLAKE2b digest of <paramref name="input"/> with the given length into <paramref name="output"/>.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is not 1..64.</exception>
    /// <exception cref="ArgumentException"><paramref name="output"/> is shorter than <paramref name="digestLength"/>; nothing is written.</exception>
    public static void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> input, Span<byte> output) => ComputeAndWriteHash(digestLength, default, input, output);

    /// <summary>Computes the 64-byte keyed BLAKE2b digest of <paramref name="input"/> into <paramref name="output"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes, or <paramref name="output"/> is shorter than 64 bytes.</exception>
    public static void ComputeAndWriteHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) => ComputeAndWriteHash(DefaultDigestLength, key, input, output);

    /// <summary>Computes the keyed BLAKE2b digest of <paramref name="input"/> with the given length into <paramref name="output"/>.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is not 1..64.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes, or <paramref name="output"/> is shorter than <paramref name="digestLength"/>.</exception>
    public static void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) =>
        ComputeAndWriteHash(Blake2Parameters.Simple(digestLength, key, DefaultDigestLength), input, output);

    /// <summary>Computes the BLAKE2b digest of <paramref name="input"/> with the full parameter block into <paramref name="output"/>.</summary>
    /// <exception cref="ArgumentException">A parameter is out of range for BLAKE2b, or <paramref name="output"/> is shorter than the digest; nothing is written.</exception>
    public static void ComputeAndWriteHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output) =>
        Hash(parameters, input, output, Blake2Cores.DefaultB);

    /// <summary>Creates an incremental BLAKE2b hash with a 64-byte digest.</summary>
    public static Blake2bHashState CreateIncrementalHasher() => CreateIncrementalHasher(DefaultDigestLength, default);

    /// <summary>Creates an incremental BLAKE2b hash with the given digest length.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is not 1..64.</exception>
    public static Blake2bHashState CreateIncrementalHasher(int digestLength) => CreateIncrementalHasher(digestLength, default);

    /// <summary>Creates an incremental keyed BLAKE2b hash with a 64-byte digest.</summary>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static Blake2bHashState CreateIncrementalHasher(ReadOnlySpan<byte> key) => CreateIncrementalHasher(DefaultDigestLength, key);

    /// <summary>Creates an incremental keyed BLAKE2b hash with the given digest length.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is not 1..64.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static Blake2bHashState CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key) =>
        CreateIncrementalHasher(Blake2Parameters.Simple(digestLength, key, DefaultDigestLength));

    /// <summary>Creates an incremental BLAKE2b hash with the full parameter block. The key, salt and personalization are copied into the state.</summary>
    /// <exception cref="ArgumentException">A parameter is out of range for BLAKE2b; the exception names it.</exception>
    public static Blake2bHashState CreateIncrementalHasher(in Blake2Parameters parameters) => new(parameters, Blake2Cores.DefaultB);

    /// <summary>Computes the BLAKE2b digest (full length) of the rest of <paramref name="input"/>, read in pooled chunks.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> is not readable.</exception>
    public static byte[] ComputeHash(Stream input) => ComputeHash(DefaultDigestLength, ReadOnlySpan<byte>.Empty, input);

    /// <summary>Computes the BLAKE2b digest of the rest of <paramref name="input"/> with the given length.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is out of range.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> is not readable.</exception>
    public static byte[] ComputeHash(int digestLength, Stream input) => ComputeHash(digestLength, ReadOnlySpan<byte>.Empty, input);

    /// <summary>Computes the keyed BLAKE2b digest (full length) of the rest of <paramref name="input"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="key"/> is too long, or <paramref name="input"/> is not readable.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is <see langword="null"/>.</exception>
    public static byte[] ComputeHash(ReadOnlySpan<byte> key, Stream input) => ComputeHash(DefaultDigestLength, key, input);

    /// <summary>Computes the keyed BLAKE2b digest of the rest of <paramref name="input"/> with the given length.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is out of range.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is too long, or <paramref name="input"/> is not readable.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is <see langword="null"/>.</exception>
    public static byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> key, Stream input)
    {
        Blake2bHashState state = CreateIncrementalHasher(digestLength, key);
        StreamHasher.ThrowIfUnreadable(input, nameof(input));
        return StreamHasher.Hash(state, input);
    }

    /// <summary>Computes the BLAKE2b digest (full length) of the rest of <paramref name="input"/>, reading asynchronously.</summary>
    /// <remarks>Cancellation is checked by every read and between reads.</remarks>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> is not readable.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
    public static Task<byte[]> ComputeHashAsync(Stream input, CancellationToken cancellationToken = default) =>
        ComputeHashAsync(DefaultDigestLength, ReadOnlyMemory<byte>.Empty, input, cancellationToken);

    /// <summary>Computes the BLAKE2b digest of the rest of <paramref name="input"/> with the given length, reading asynchronously.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is out of range.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> is not readable.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
    public static Task<byte[]> ComputeHashAsync(int digestLength, Stream input, CancellationToken cancellationToken = default) =>
        ComputeHashAsync(digestLength, ReadOnlyMemory<byte>.Empty, input, cancellationToken);

    /// <summary>Computes the keyed BLAKE2b digest (full length) of the rest of <paramref name="input"/>, reading asynchronously.</summary>
    /// <exception cref="ArgumentException"><paramref name="key"/> is too long, or <paramref name="input"/> is not readable.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is <see langword="null"/>.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
    public static Task<byte[]> ComputeHashAsync(ReadOnlyMemory<byte> key, Stream input, CancellationToken cancellationToken = default) =>
        ComputeHashAsync(DefaultDigestLength, key, input, cancellationToken);

    /// <summary>Computes the keyed BLAKE2b digest of the rest of <paramref name="input"/> with the given length, reading asynchronously.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is out of range.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is too long, or <paramref name="input"/> is not readable.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is <see langword="null"/>.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled.</exception>
    public static Task<byte[]> ComputeHashAsync(int digestLength, ReadOnlyMemory<byte> key, Stream input, CancellationToken cancellationToken = default)
    {
        Blake2bHashState state = CreateIncrementalHasher(digestLength, key.Span);
        StreamHasher.ThrowIfUnreadable(input, nameof(input));
        return StreamHasher.HashAsync(state, input, cancellationToken);
    }

    /// <summary>Creates a <see cref="HashAlgorithm"/> computing 64-byte BLAKE2b digests, for APIs such as <see cref="CryptoStream"/>.</summary>
    public static HashAlgorithm CreateHashAlgorithm() => CreateHashAlgorithm(DefaultDigestLength);

    /// <summary>Creates a <see cref="HashAlgorithm"/> computing BLAKE2b digests of the given length.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is not 1..64.</exception>
    public static HashAlgorithm CreateHashAlgorithm(int digestLength) => new Blake2Hmac<Blake2bHashState>(digestLength, default);

    /// <summary>Creates an <see cref="HMAC"/> that computes 64-byte keyed BLAKE2b digests.</summary>
    /// <remarks>This is BLAKE2's own keyed mode (the key as the first block), not the RFC 2104 HMAC construction.</remarks>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static HMAC CreateHMAC(ReadOnlySpan<byte> key) => CreateHMAC(DefaultDigestLength, key);

    /// <summary>Creates an <see cref="HMAC"/> that computes keyed BLAKE2b digests of the given length.</summary>
    /// <remarks>This is BLAKE2's own keyed mode (the key as the first block), not the RFC 2104 HMAC construction.</remarks>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is not 1..64.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static HMAC CreateHMAC(int digestLength, ReadOnlySpan<byte> key) => new Blake2Hmac<Blake2bHashState>(digestLength, key);

    /// <summary>
    /// Hashes each of <paramref name="inputs"/> on its own (64-byte digests) and writes digest i to
    /// <c>outputs[i * 64..]</c>. Messages run side by side in the SIMD lanes (8 on AVX-512, 4 on AVX2), which pays for many short
    /// or equal-length messages: Merkle tree nodes, content-addressed chunks, batches of records.
    /// </summary>
    /// <remarks>Each digest equals what <see cref="ComputeHash(ReadOnlySpan{byte})"/> gives for that message. Allocates nothing.</remarks>
    /// <exception cref="ArgumentException"><paramref name="outputs"/> is shorter than <c>inputs.Length * 64</c>; nothing is written.</exception>
    public static void ComputeAndWriteHashes(ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs) =>
        ComputeAndWriteHashes(default, inputs, outputs);

    /// <summary>
    /// Hashes each of <paramref name="inputs"/> on its own with the same parameters and writes digest i to
    /// <c>outputs[i * digestLength..]</c>, running the messages side by side in the SIMD lanes.
    /// </summary>
    /// <exception cref="ArgumentException">A parameter is out of range, or <paramref name="outputs"/> is too short; nothing is written.</exception>
    public static void ComputeAndWriteHashes(in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs) =>
        HashMany(parameters, inputs, outputs, Blake2Cores.DefaultBp); // the lane cores, as the parallel mode chooses them

    internal static void HashMany(in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs, Blake2Core core) =>
        ManyEngine<ulong, Blake2bWord, Blake2bCompressor, Blake2bManyLanes>.Hash(core, parameters, inputs, outputs, nameof(outputs));

    /// <summary>One-shot hashing on a named core (the tests run every core through this).</summary>
    internal static void Hash(in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output, Blake2Core core) =>
        State.Blake2Engine<ulong, Blake2bWord, Blake2bCompressor>.Hash(core, parameters, input, output, nameof(output));
}
