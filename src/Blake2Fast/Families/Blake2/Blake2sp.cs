using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Families.Blake2.State;
using Blake2Fast.State;
using Blake2Fast.Surface;

namespace Blake2Fast;

/// <summary>
/// BLAKE2sp: 8 BLAKE2s leaves hashed side by side and a root over their outputs (the BLAKE2 paper, section 2.9).
/// Digests of 1 to 32 bytes, keys of up to 32 bytes. A different function from BLAKE2s: the digests differ.
/// </summary>
/// <remarks>
/// All members are thread-safe; methods that take an output span allocate nothing. The leaves run in the SIMD
/// lanes of one core (AVX-512 or AVX2), so long inputs hash several times faster than with BLAKE2s. The 2.x names
/// and the BCL-style names (<c>HashData</c>, keyed ones in <see cref="Keyed"/>) compute the same hashes.
/// </remarks>
// The overloads, InstructionSet, the named-instruction-set members and Blake2spHashState are generated from this declaration (src/Blake2Fast.Generators/Surface).
[HashSurface(InstructionSet = nameof(InstructionSets.DefaultSp), Name = "BLAKE2sp", DigestLength = 32, MaxKeyLength = 32, StateSize = 1440,
    Inner = typeof(Blake2State<uint, ParallelEngine<uint, Blake2sWord, Blake2sCompressor, Blake2spLanes, Blake2spStorage>, Blake2spStorage>))]
public static partial class Blake2sp;
