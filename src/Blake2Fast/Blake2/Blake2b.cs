using System;
using Blake2Fast.Cores;
using Blake2Fast.Many;
using Blake2Fast.State;
using Blake2Fast.Surface;

namespace Blake2Fast;

/// <summary>BLAKE2b (RFC 7693): 64-bit words, digests of 1 to 64 bytes, keys of up to 64 bytes.</summary>
/// <remarks>
/// All members are thread-safe. Methods that take an output span allocate nothing. The 2.x names
/// (<c>ComputeHash</c>, <c>ComputeAndWriteHash</c>, <c>CreateIncrementalHasher</c>) and the BCL-style names
/// (<c>HashData</c>, <c>TryHashData</c>, <c>HashDataAsync</c>, keyed ones in <see cref="Keyed"/>) compute the same hashes.
/// </remarks>
// The overloads and Blake2bHashState are generated from this declaration (src/Blake2Fast.Generators/Surface).
[HashSurface(Name = "BLAKE2b", DigestLength = 64, MaxKeyLength = 64, ParameterBlock = true, StateSize = 240,
    Inner = typeof(Blake2State<ulong, SequentialEngine<ulong, Blake2bWord, Blake2bCompressor, Blake2bStorage>, Blake2bStorage>))]
public static partial class Blake2b
{
    /// <summary>The core every BLAKE2b hash runs on.</summary>
    internal static Blake2Core Core => Blake2Cores.DefaultB;

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
        HashMany(parameters, inputs, outputs, Blake2bp.Core); // the lane cores, as the parallel mode chooses them

    internal static void HashMany(in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs, Blake2Core core) =>
        ManyEngine<ulong, Blake2bWord, Blake2bCompressor, Blake2bManyLanes>.Hash(core, parameters, inputs, outputs, nameof(outputs));

    /// <summary>One-shot hashing on a named core (the tests run every core through this).</summary>
    internal static void Hash(in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output, Blake2Core core) =>
        State.Blake2Engine<ulong, Blake2bWord, Blake2bCompressor>.Hash(core, parameters, input, output, nameof(output));
}
