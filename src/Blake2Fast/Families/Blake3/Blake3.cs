using System;
using Blake2Fast.Dispatch;
using Blake2Fast.Internal;
using Blake2Fast.Surface;

namespace Blake2Fast;

/// <summary>
/// BLAKE3: one function for hashing, keyed hashing (a MAC, with a 32-byte key) and key derivation, with output of
/// any length (32 bytes by default), built on a tree of 1 KiB chunks that SIMD lanes hash side by side.
/// </summary>
/// <remarks>
/// All members are thread-safe. Methods that take an output span allocate nothing. Output of any length is a
/// prefix of every longer output of the same input. The 2.x-style names (<c>ComputeHash</c>,
/// <c>ComputeAndWriteHash</c>, <c>CreateIncrementalHasher</c>) and the BCL-style names (<c>HashData</c>,
/// <c>TryHashData</c>, <c>HashDataAsync</c>, keyed ones in <see cref="Keyed"/>) compute the same hashes.
/// </remarks>
// The overloads are generated from this declaration (src/Blake2Fast.Generators/Surface); the state is hand-written.
[HashSurface(InstructionSet = nameof(InstructionSets.DefaultBlake3), Name = "BLAKE3", DigestLength = 32, MaxDigestLength = int.MaxValue, MaxKeyLength = 32, ExactKeyLength = true,
    OriginalKeyedHashData = true)]
public static partial class Blake3
{
    /// <summary>Every instruction set BLAKE3 can run here, lowest first (the tests force each).</summary>
    internal static System.Collections.Generic.IReadOnlyList<InstructionSet> SupportedInstructionSets => KernelTable.Blake3.Supported;

    /// <summary>The key length in bytes of keyed hashing: exactly 32.</summary>
    public const int KeyLength = 32;

    /// <summary>
    /// Derives a 32-byte key from <paramref name="material"/> for the purpose <paramref name="context"/> names (BLAKE3's
    /// derive_key mode). The context should be a hard-coded, globally unique string, such as
    /// <c>"example.com 2025-01-01 session tokens v1"</c>; the material is the secret.
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is <see langword="null"/>.</exception>
    public static byte[] DeriveKey(string context, ReadOnlySpan<byte> material) => DeriveKey(context, material, 32);

    /// <summary>Derives <paramref name="length"/> bytes from <paramref name="material"/> for the purpose <paramref name="context"/> names.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is less than 1.</exception>
    public static byte[] DeriveKey(string context, ReadOnlySpan<byte> material, int length)
    {
        Blake3HashState state = Blake3HashState.CreateDeriveKey(context, length, InstructionSet);
        state.Update(material);
        return state.Finish();
    }

    /// <summary>
    /// Derives key material for the purpose <paramref name="context"/> names into all of <paramref name="destination"/>
    /// (any length). Allocates nothing.
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is <see langword="null"/>.</exception>
    public static void DeriveKey(string context, ReadOnlySpan<byte> material, Span<byte> destination)
    {
        Blake3HashState state = Blake3HashState.CreateDeriveKey(context, 32, InstructionSet);
        state.Update(material);
        state.Finish(destination);
    }

    /// <summary>
    /// Creates an incremental key derivation for the purpose <paramref name="context"/> names: feed it the material
    /// with <see cref="Blake3HashState.Update(ReadOnlySpan{byte})"/>, then finish it.
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is <see langword="null"/>.</exception>
    public static Blake3HashState CreateDeriveKeyHasher(string context) => Blake3HashState.CreateDeriveKey(context, 32, InstructionSet);

    /// <summary>Creates an incremental key derivation whose <see cref="Blake3HashState.Finish()"/> returns <paramref name="length"/> bytes.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is less than 1.</exception>
    public static Blake3HashState CreateDeriveKeyHasher(string context, int length) => Blake3HashState.CreateDeriveKey(context, length, InstructionSet);

    /// <summary>
    /// Computes the 32-byte BLAKE3 hash of <paramref name="source"/> in <paramref name="mode"/>: plain, keyed or key
    /// derivation, as a value. What the subtree layer's merges of the same input in the same mode must give
    /// (<see cref="Blake3Subtrees"/>).
    /// </summary>
    public static byte[] HashData(Blake3Mode mode, ReadOnlySpan<byte> source) => HashData(mode, DefaultDigestLength, source);

    /// <summary>Computes the BLAKE3 hash of <paramref name="source"/> in <paramref name="mode"/>, <paramref name="digestLength"/> bytes long.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is less than 1.</exception>
    public static byte[] HashData(Blake3Mode mode, int digestLength, ReadOnlySpan<byte> source)
    {
        Blake3HashState state = Blake3HashState.Create(digestLength, mode);
        state.Update(source);
        return state.Finish();
    }

    /// <summary>
    /// Computes the BLAKE3 hash of <paramref name="source"/> in <paramref name="mode"/> into all of
    /// <paramref name="destination"/> (any length, the first 32 bytes being the standard digest). Allocates nothing.
    /// </summary>
    /// <returns>The number of bytes written: the length of <paramref name="destination"/>.</returns>
    public static int HashData(Blake3Mode mode, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Blake3HashState state = Blake3HashState.Create(DefaultDigestLength, mode);
        state.Update(source);
        state.Finish(destination);
        return destination.Length;
    }

    /// <summary>
    /// Creates an incremental hash in <paramref name="mode"/>: plain, keyed or key derivation, as a value. For the
    /// subtree layer (<see cref="Blake3Subtrees"/>), where each piece of an input is hashed by such a state at its
    /// offset (<see cref="Blake3HashState.SetInputOffset"/>).
    /// </summary>
    public static Blake3HashState CreateIncrementalHasher(Blake3Mode mode) => Blake3HashState.Create(DefaultDigestLength, mode);

    /// <summary>Creates an incremental hash in <paramref name="mode"/> whose <see cref="Blake3HashState.Finish()"/> returns <paramref name="digestLength"/> bytes.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is less than 1.</exception>
    public static Blake3HashState CreateIncrementalHasher(int digestLength, Blake3Mode mode) => Blake3HashState.Create(digestLength, mode);
}
