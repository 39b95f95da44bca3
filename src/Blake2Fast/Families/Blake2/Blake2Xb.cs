using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Families.Blake2.State;
using Blake2Fast.State;
using Blake2Fast.Surface;

namespace Blake2Fast;

/// <summary>
/// BLAKE2Xb, the extendable-output form of BLAKE2b: any output length from 1 to 4294967294 bytes, declared in advance or
/// left open (<see cref="UnknownOutputLength"/>), read in pieces of any size.
/// </summary>
/// <remarks>
/// The declared length is part of the hash: outputs of different declared lengths are unrelated, not prefixes
/// of each other. With an unknown length every output block is full-size, so any prefix read is consistent (this is
/// where the output differs from the reference C code's one-shot final; see <see cref="Blake2XbHashState.Read"/>).
/// The 2.x names and the BCL-style names (<c>HashData</c>, as <c>Shake128</c> has them; keyed ones in <see cref="Keyed"/>)
/// compute the same output.
/// </remarks>
// The overloads, InstructionSet, the named-instruction-set members and Blake2XbHashState are generated from this declaration (src/Blake2Fast.Generators/Surface).
[HashSurface(InstructionSet = nameof(InstructionSets.DefaultB), Name = "BLAKE2Xb", Xof = true, DigestLength = 64, MaxKeyLength = 64, MaxOutputLength = 4294967294,
    Inner = typeof(Blake2XofState<ulong, Blake2bWord, Blake2bCompressor, Blake2bStorage>))]
public static partial class Blake2Xb;
