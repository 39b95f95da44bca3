namespace Blake2Fast.Cores;

/// <summary>
/// BLAKE-256's (and BLAKE-224's) portable core: 14 rounds, every one unrolled by the build from the same description
/// of the round as BLAKE2's cores (src/Blake2Fast.Generators/Cores), with the constants folded in as literals.
/// </summary>
/// <remarks>
/// No SIMD row core: on the CPUs this library is tuned on (AMD Zen 4 and Zen 5), unrolled scalar code already matches
/// or beats the 128-bit row cores for BLAKE2s, whose round BLAKE-256 shares, and BLAKE-256 adds only XORs with
/// constants, which scalar code takes as immediates.
/// </remarks>
[UnrolledBlake256(rounds: 14)]
internal static partial class Blake256Scalar
{
}
