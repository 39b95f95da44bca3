using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Families.Blake2.State;
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
// The overloads, InstructionSet, the named-instruction-set members and Blake2bpHashState are generated from this declaration (src/Blake2Fast.Generators/Surface).
[HashSurface(InstructionSet = nameof(InstructionSets.DefaultBp), Name = "BLAKE2bp", DigestLength = 64, MaxKeyLength = 64, StateSize = 1600,
    Inner = typeof(Blake2State<ulong, ParallelEngine<ulong, Blake2bWord, Blake2bCompressor, Blake2bpLanes, Blake2bpStorage>, Blake2bpStorage>))]
public static partial class Blake2bp;
