#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Families.Blake256.Kernels;

/// <summary>
/// BLAKE-256's (and BLAKE-224's) kernel for x64 with SSE4.1: the portable kernel's unrolled scalar rounds, with each
/// round's message terms (word XOR constant) computed for the whole block by vector instructions first, in the
/// widest vectors the CPU has (pshufb swaps the bytes). The integer units then run only the round itself, as for
/// BLAKE2s, instead of also loading, swapping and XORing two terms per G (<see cref="Blake256Scalar"/>).
/// </summary>
[UnrolledBlake256(rounds: 14, vectorTerms: true)]
internal static partial class Blake256Sse41
{
    /// <summary>SSE4.1 brings SSSE3's byte shuffle; the vector terms assume a little-endian machine, as x64 is.</summary>
    public static bool IsSupported => Sse41.IsSupported;
}
#endif
