using System;
using Blake2Fast.Cores;
using Blake2Fast.State;
using Blake2Fast.Surface;

namespace Blake2Fast;

/// <summary>
/// BLAKE2bp: 4 BLAKE2b leaves hashed side by side and a root over their outputs (the BLAKE2 paper, section 2.9).
/// Digests of 1 to 64 bytes, keys of up to 64 bytes. A different function from BLAKE2b: the digests differ.
/// </summary>
/// <remarks>
/// All members are thread-safe; methods that take an output span allocate nothing. The leaves run in the SIMD
/// lanes of one core (AVX-512 or AVX2), so long inputs hash several times faster than with BLAKE2b. The 2.x names
/// and the BCL-style names (<c>HashData</c>, keyed ones in <see cref="Keyed"/>) compute the same hashes.
/// </remarks>
// The overloads and Blake2bpHashState are generated from this declaration (src/Blake2Fast.Generators/Surface).
[HashSurface(Name = "BLAKE2bp", DigestLength = 64, MaxKeyLength = 64, StateSize = 1600,
    Inner = typeof(Blake2State<ulong, ParallelEngine<ulong, Blake2bWord, Blake2bCompressor, Blake2bpLanes, Blake2bpStorage>, Blake2bpStorage>))]
public static partial class Blake2bp
{
    /// <summary>The core every BLAKE2bp hash runs on (and the lane core of <see cref="Blake2b.ComputeAndWriteHashes(ReadOnlySpan{ReadOnlyMemory{byte}}, Span{byte})"/>).</summary>
    internal static Blake2Core Core => Blake2Cores.DefaultBp;

    /// <summary>One-shot hashing on a named core (the tests run every core through this).</summary>
    internal static void Hash(in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output, Blake2Core core)
    {
        var state = new Blake2bpHashState(parameters, core);
        state.Update(input);
        state.Finish(output);
    }
}
