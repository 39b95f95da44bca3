using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Families.Blake2.State;
using Blake2Fast.State;
using Blake2Fast.Surface;

namespace Blake2Fast;

/// <summary>BLAKE2s (RFC 7693): 32-bit words, digests of 1 to 32 bytes, keys of up to 32 bytes.</summary>
/// <remarks>
/// All members are thread-safe. Methods that take an output span allocate nothing. The 2.x names
/// (<c>ComputeHash</c>, <c>ComputeAndWriteHash</c>, <c>CreateIncrementalHasher</c>) and the BCL-style names
/// (<c>HashData</c>, <c>TryHashData</c>, <c>HashDataAsync</c>, keyed ones in <see cref="Keyed"/>) compute the same hashes.
/// </remarks>
// The overloads, InstructionSet, the named-instruction-set members and Blake2sHashState are generated from this declaration (src/Blake2Fast.Generators/Surface).
[HashSurface(Name = "BLAKE2s", OriginalKeyedHashData = true, DigestLength = 32, MaxKeyLength = 32, ParameterBlock = true, StateSize = 120, InstructionSet = nameof(InstructionSets.DefaultS),
    Many = typeof(ManyHasher<uint, Blake2sWord, Blake2sCompressor, Blake2sManyLanes>), ManyInstructionSet = nameof(InstructionSets.DefaultSp),
    Inner = typeof(Blake2State<uint, SequentialEngine<uint, Blake2sWord, Blake2sCompressor, Blake2sStorage>, Blake2sStorage>))]
public static partial class Blake2s;
