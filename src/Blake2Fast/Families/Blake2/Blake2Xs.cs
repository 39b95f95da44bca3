using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Families.Blake2.State;
using Blake2Fast.State;
using Blake2Fast.Surface;

namespace Blake2Fast;

/// <summary>
/// BLAKE2Xs, the extendable-output form of BLAKE2s: any output length from 1 to 65534 bytes, declared in advance or
/// left open (<see cref="UnknownOutputLength"/>), read in pieces of any size.
/// </summary>
/// <remarks>
/// The declared length is part of the hash: outputs of different declared lengths are unrelated, not prefixes
/// of each other. With an unknown length every output block is full-size, so any prefix read is consistent (this is
/// where the output differs from the reference C code's one-shot final; see <see cref="Blake2XsHashState.Read"/>).
/// The 2.x names and the BCL-style names (<c>HashData</c>, as <c>Shake128</c> has them; keyed ones in <see cref="Keyed"/>)
/// compute the same output.
/// </remarks>
// The overloads, InstructionSet, the named-instruction-set members and Blake2XsHashState are generated from this declaration (src/Blake2Fast.Generators/Surface).
[HashSurface(InstructionSet = nameof(InstructionSets.DefaultS), Name = "BLAKE2Xs", Xof = true, DigestLength = 32, MaxKeyLength = 32, MaxOutputLength = 65534,
    Inner = typeof(Blake2XofState<uint, Blake2sWord, Blake2sCompressor, Blake2sStorage>))]
public static partial class Blake2Xs;
