using System;
using Blake2Fast.Cores;
using Blake2Fast.Interop;
using Blake2Fast.State;

namespace Blake2Fast;

/// <summary>
/// An incremental BLAKE-224 hash: create it with <see cref="Blake224.CreateIncrementalHasher()"/> (or with a salt),
/// feed it with <see cref="Update(ReadOnlySpan{byte})"/>, and read the digest with <see cref="Finish()"/>.
/// </summary>
/// <remarks>
/// <para>This is a value type of about 140 bytes that allocates nothing. Copying it (assignment, passing by value)
/// snapshots the hash in progress: the copy and the original then go on independently. Pass it by
/// <see langword="ref"/> to share one hash between methods.</para>
/// <para>A <see langword="default"/> instance is not usable, and a finished state refuses further use; both throw
/// <see cref="InvalidOperationException"/>. Finishing clears the state.</para>
/// </remarks>
public partial struct Blake224HashState : IIncrementalState
{
    private const int Length = 28;

    internal Blake256Engine Inner;

    internal Blake224HashState(ReadOnlySpan<byte> salt, Blake2Core core) => Inner = new(Length, salt, core);

    // ---- what the generated overloads of Blake224 call (digestLength is always Length; key is the checked salt or empty) ----
    internal static ReadOnlySpan<byte> ValidateSalt(ReadOnlySpan<byte> salt)
    {
        if (salt.Length != Blake256Engine.SaltLength)
            Blake256Engine.ThrowBadSalt(nameof(salt));
        return salt;
    }

    internal static Blake224HashState Create(int digestLength, ReadOnlySpan<byte> key) => new(key, Blake224.Core);

    internal static int DigestLengthOf(int digestLength, ReadOnlySpan<byte> key) => Length;

    internal static void Hash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output, string outputName) =>
        Blake256Engine.Hash(Length, key, Blake224.Core, input, output, outputName);

    internal static byte[] Hash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input)
    {
        byte[] digest = new byte[Length];
        Blake256Engine.Hash(Length, key, Blake224.Core, input, digest, "output");
        return digest;
    }

    /// <summary>The length in bytes of the digest that <see cref="Finish()"/> produces: 28 (0 for a <see langword="default"/> state).</summary>
    public readonly int DigestLength => Inner.DigestLength;

    /// <summary>Adds <paramref name="input"/> to the data being hashed.</summary>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public void Update(ReadOnlySpan<byte> input) => Inner.Update(input);

    /// <summary>Finishes the hash and returns the 28-byte digest; the state cannot be used afterwards.</summary>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public byte[] Finish() => Inner.Finish();

    /// <summary>Finishes the hash and writes the digest (28 bytes) to the start of <paramref name="output"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="output"/> is shorter than 28 bytes; nothing is written and the state stays usable.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public void Finish(Span<byte> output) => Inner.Finish(output, nameof(output));

    /// <summary>Finishes the hash if <paramref name="output"/> can hold the digest.</summary>
    /// <param name="output">Receives the digest in its first 28 bytes.</param>
    /// <param name="bytesWritten">28 on success, otherwise 0.</param>
    /// <returns><see langword="false"/>, with nothing written and the state still usable, if <paramref name="output"/> is too short.</returns>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public bool TryFinish(Span<byte> output, out int bytesWritten) => Inner.TryFinish(output, out bytesWritten);

    /// <summary>The number of bytes <see cref="SaveState"/> writes for this state as it is now.</summary>
    public readonly int SavedStateLength => Inner.SavedLength;

    /// <summary>
    /// Saves the hash in progress to <paramref name="destination"/> (<see cref="SavedStateLength"/> bytes, no allocation),
    /// to be resumed with <see cref="RestoreState"/> later, in another process or on another machine. The salt is saved with it.
    /// </summary>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short; nothing is written.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or finished.</exception>
    public int SaveState(Span<byte> destination) => Inner.Save(destination, nameof(destination));

    /// <summary>Resumes a hash saved with <see cref="SaveState"/>.</summary>
    /// <remarks>The saved bytes carry a format version and a checksum: a truncated, damaged or foreign blob is refused, never resumed into a wrong hash.</remarks>
    /// <exception cref="ArgumentException"><paramref name="savedState"/> is not a valid saved BLAKE-224 state.</exception>
    public static Blake224HashState RestoreState(ReadOnlySpan<byte> savedState) =>
        new() { Inner = Blake256Engine.Restore(savedState, Length, Blake224.Core, nameof(savedState)) };

    readonly string IIncrementalState.AlgorithmName => "BLAKE-224";

    readonly int IIncrementalState.MaxDigestLength => Length;

    // The HashAlgorithm wrapper passes the salt as its "key": empty or 16 bytes.
    void IIncrementalState.Reset(int digestLength, ReadOnlySpan<byte> key) => Inner = new(Length, key, Blake224.Core);

    void IIncrementalState.Finish(Span<byte> output) => Inner.Finish(output, nameof(output));
}
