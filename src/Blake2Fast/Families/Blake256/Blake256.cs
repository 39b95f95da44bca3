using Blake2Fast.Dispatch;
using Blake2Fast.Surface;

namespace Blake2Fast;

/// <summary>
/// BLAKE-256, the SHA-3 finalist (not BLAKE2s): 32-byte digests, an optional 16-byte salt, no key. Used by Decred and
/// other systems that settled on it before BLAKE2 existed.
/// </summary>
/// <remarks>
/// All members are thread-safe. Methods that take an output span allocate nothing. The salted forms take the salt
/// first (<c>ComputeHash(salt, input)</c>); the BCL-style salted ones are in <see cref="Salted"/>. An unsalted hash
/// equals the hash with an all-zero salt, as the specification defines it.
/// </remarks>
// The overloads and the two states are generated from these declarations (src/Blake2Fast.Generators/Surface).
[HashSurface(InstructionSet = nameof(InstructionSets.DefaultBlake256), Name = "BLAKE-256", DigestLength = 32, MinDigestLength = 32, MaxKeyLength = 0, SaltLength = 16, StateSize = 140, Inner = typeof(Families.Blake256.State.Blake256State))]
public static partial class Blake256;

/// <summary>
/// BLAKE-224, the SHA-3 finalist's short form: BLAKE-256 with SHA-224's initial value, one padding bit cleared and the
/// digest cut to 28 bytes; an optional 16-byte salt, no key.
/// </summary>
/// <remarks>
/// All members are thread-safe. Methods that take an output span allocate nothing. The BCL-style salted forms are in
/// <see cref="Salted"/>.
/// </remarks>
[HashSurface(InstructionSet = nameof(InstructionSets.DefaultBlake256), Name = "BLAKE-224", DigestLength = 28, MinDigestLength = 28, MaxKeyLength = 0, SaltLength = 16, StateSize = 140, Inner = typeof(Families.Blake256.State.Blake256State))]
public static partial class Blake224;
