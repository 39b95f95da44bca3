using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Families.Blake2.State;
using Blake2Fast.State;
using Blake2Fast.Surface;

namespace Blake2Fast;

/// <summary>BLAKE2b (RFC 7693): 64-bit words, digests of 1 to 64 bytes, keys of up to 64 bytes.</summary>
/// <remarks>
/// All members are thread-safe. Methods that take an output span allocate nothing. The 2.x names
/// (<c>ComputeHash</c>, <c>ComputeAndWriteHash</c>, <c>CreateIncrementalHasher</c>) and the BCL-style names
/// (<c>HashData</c>, <c>TryHashData</c>, <c>HashDataAsync</c>, keyed ones in <see cref="Keyed"/>) compute the same hashes.
/// </remarks>
// The overloads, InstructionSet, the named-instruction-set members and Blake2bHashState are generated from this declaration (src/Blake2Fast.Generators/Surface).
[HashSurface(Name = "BLAKE2b", OriginalKeyedHashData = true, DigestLength = 64, MaxKeyLength = 64, ParameterBlock = true, StateSize = 240, InstructionSet = nameof(InstructionSets.DefaultB),
    Many = typeof(ManyHasher<ulong, Blake2bWord, Blake2bCompressor, Blake2bManyLanes>), ManyInstructionSet = nameof(InstructionSets.DefaultBp),
    Inner = typeof(Blake2State<ulong, SequentialEngine<ulong, Blake2bWord, Blake2bCompressor, Blake2bStorage>, Blake2bStorage>))]
public static partial class Blake2b;
