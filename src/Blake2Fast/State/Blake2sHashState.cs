using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Cores;
using Blake2Fast.Interop;
using Blake2Fast.State;

namespace Blake2Fast;

/// <summary>
/// An incremental BLAKE2s hash: create it with <see cref="Blake2s.CreateIncrementalHasher()"/>, feed it with
/// <see cref="Update(ReadOnlySpan{byte})"/>, and read the digest with <see cref="Finish()"/>.
/// </summary>
/// <remarks>
/// <para>This is a value type of about 120 bytes that allocates nothing. Copying it (assignment, passing by
/// value) snapshots the hash in progress: the copy and the original then go on independently, so a common
/// prefix can be hashed once and finished with different suffixes. Pass it by <see langword="ref"/> to
/// share one hash between methods.</para>
/// <para>A <see langword="default"/> instance is not usable, and a finished state refuses further use; both
/// throw <see cref="InvalidOperationException"/>. Finishing clears the key material held in the state.</para>
/// </remarks>
public struct Blake2sHashState : IIncrementalState
{
    internal Blake2State<uint, SequentialEngine<uint, Blake2sWord, Blake2sCompressor, Blake2sStorage>, Blake2sStorage> Inner;

    internal Blake2sHashState(in Blake2Parameters parameters, Blake2Core core) => Inner = new(parameters, core);

    /// <summary>The length in bytes of the digest that <see cref="Finish()"/> produces.</summary>
    public readonly int DigestLength => Inner.DigestLength;

    /// <summary>Adds <paramref name="input"/> to the data being hashed.</summary>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public void Update(ReadOnlySpan<byte> input) => Inner.Update(input);

    /// <summary>Adds the memory of <paramref name="input"/>, in the machine's byte order, to the data being hashed.</summary>
    /// <typeparam name="T">An unmanaged element type; its in-memory bytes are hashed.</typeparam>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public void Update<T>(ReadOnlySpan<T> input) where T : unmanaged => Inner.Update(MemoryMarshal.AsBytes(input));

    /// <summary>Adds the in-memory bytes of <paramref name="input"/>, in the machine's byte order, to the data being hashed.</summary>
    /// <typeparam name="T">An unmanaged type, such as an integer or a struct of them.</typeparam>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public unsafe void Update<T>(T input) where T : unmanaged => Inner.Update(new ReadOnlySpan<byte>(Unsafe.AsPointer(ref input), sizeof(T)));

    /// <summary>Finishes the hash and returns the digest; the state cannot be used afterwards.</summary>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public byte[] Finish() => Inner.Finish();

    /// <summary>Finishes the hash and writes the digest (<see cref="DigestLength"/> bytes) to the start of <paramref name="output"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="output"/> is shorter than <see cref="DigestLength"/>; nothing is written and the state stays usable.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public void Finish(Span<byte> output) => Inner.Finish(output, nameof(output));

    /// <summary>Finishes the hash if <paramref name="output"/> can hold the digest.</summary>
    /// <param name="output">Receives the digest in its first <see cref="DigestLength"/> bytes.</param>
    /// <param name="bytesWritten"><see cref="DigestLength"/> on success, otherwise 0.</param>
    /// <returns><see langword="false"/>, with nothing written and the state still usable, if <paramref name="output"/> is too short.</returns>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    public bool TryFinish(Span<byte> output, out int bytesWritten) => Inner.TryFinish(output, out bytesWritten);

    /// <summary>The number of bytes <see cref="SaveState"/> writes for this state as it is now.</summary>
    public readonly int SavedStateLength => Inner.SavedLength;

    /// <summary>
    /// Saves the hash in progress to <paramref name="destination"/> (<see cref="SavedStateLength"/> bytes, no
    /// allocation), to be resumed with <see cref="RestoreState"/> later, in another process or on another machine.
    /// </summary>
    /// <param name="destination">Receives the saved state.</param>
    /// <param name="includeKeyedState">
    /// Must be <see langword="true"/> to save a keyed hash: its state holds key-derived material (the chaining
    /// value, and before any input the key block itself), so whoever holds the saved bytes can forge MACs of any
    /// message that extends what was hashed so far. Store such a blob as you would the key.
    /// </param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short; nothing is written.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or finished, or keyed without <paramref name="includeKeyedState"/>.</exception>
    public int SaveState(Span<byte> destination, bool includeKeyedState = false) => Inner.Save(destination, includeKeyedState, nameof(destination));

    /// <summary>Resumes a hash saved with <see cref="SaveState"/>.</summary>
    /// <remarks>The saved bytes carry a format version and a checksum: a truncated, damaged or foreign blob is refused, never resumed into a wrong hash.</remarks>
    /// <exception cref="ArgumentException"><paramref name="savedState"/> is not a valid saved BLAKE2s state.</exception>
    public static Blake2sHashState RestoreState(ReadOnlySpan<byte> savedState) =>
        new() { Inner = Blake2State<uint, SequentialEngine<uint, Blake2sWord, Blake2sCompressor, Blake2sStorage>, Blake2sStorage>.Restore(savedState, Blake2Cores.DefaultS, 32, nameof(savedState)) };

    string IIncrementalState.AlgorithmName => "BLAKE2s";

    int IIncrementalState.MaxDigestLength => 32;

    void IIncrementalState.Reset(int digestLength, ReadOnlySpan<byte> key) =>
        Inner = new(new Blake2Parameters { DigestLength = digestLength, Key = key }, Blake2Cores.DefaultS);
}
