namespace Blake2Fast.Families.Blake256.Kernels;

/// <summary>
/// BLAKE-256's (and BLAKE-224's) portable kernel: 14 rounds, every one unrolled by the build from the same description
/// of the round as BLAKE2's kernels (src/Blake2Fast.Generators/Cores), with the constants folded in as literals.
/// </summary>
/// <remarks>
/// No SIMD row kernel: an SSE4.1 row kernel (BLAKE2s's row layout, the block byte-swapped once, the constants XORed into
/// the message vectors) would be slower than this kernel: 128-bit rows already lose to unrolled scalar code for
/// BLAKE2s, whose round this is, and BLAKE-256 adds two more rounds of row turns. Blake256Sse41 keeps these scalar
/// rounds and moves only the message terms to vectors.
/// </remarks>
[UnrolledBlake256(rounds: 14)]
internal static partial class Blake256Scalar
{
}
