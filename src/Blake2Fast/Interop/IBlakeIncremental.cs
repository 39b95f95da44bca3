using System;

namespace Blake2Fast;

/// <summary>
/// An incremental hash with a digest: the state of every algorithm that has one (BLAKE2b, BLAKE2s, BLAKE2bp, BLAKE2sp,
/// BLAKE3, BLAKE-256, BLAKE-224), behind one interface for code that takes any of them.
/// </summary>
/// <remarks>
/// <para>The name the original Blake2Fast's 3.0 development gave this interface; <see cref="IBlake2Incremental"/> is its 2.x name.</para>
/// <para>The states are structs: assigning one to this interface boxes a copy, and the calls then go to that copy.
/// The typed <c>Update</c> members here take any <see langword="struct"/> and refuse, at run time, one that holds
/// references (<see cref="NotSupportedException"/>); the states' own overloads take only <see langword="unmanaged"/>
/// types, so the compiler refuses those. Every other refusal is the state's own: the same exception, parameter name
/// and message as the state's method of the same name.</para>
/// </remarks>
public interface IBlakeIncremental
{
    /// <summary>The length in bytes of the digest that <see cref="Finish()"/> returns.</summary>
    int DigestLength { get; }

    /// <summary>Adds the in-memory bytes of every element of <paramref name="input"/>, in the machine's byte order.</summary>
    /// <typeparam name="T">A value type without reference fields; its bytes are hashed as they lie in memory, padding included.</typeparam>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is or contains a reference.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    void Update<T>(ReadOnlySpan<T> input) where T : struct;

    /// <inheritdoc cref="Update{T}(ReadOnlySpan{T})"/>
    void Update<T>(Span<T> input) where T : struct;

    /// <inheritdoc cref="Update{T}(ReadOnlySpan{T})"/>
    void Update<T>(ArraySegment<T> input) where T : struct;

    /// <inheritdoc cref="Update{T}(ReadOnlySpan{T})"/>
    void Update<T>(T[] input) where T : struct;

    /// <summary>Adds the in-memory bytes of <paramref name="input"/>, in the machine's byte order.</summary>
    /// <typeparam name="T">A value type without reference fields; its bytes are hashed as they lie in memory, padding included.</typeparam>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is or contains a reference.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    void Update<T>(T input) where T : struct;

    /// <summary>Finishes the hash and returns the digest (<see cref="DigestLength"/> bytes); the state cannot be used afterwards.</summary>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    byte[] Finish();

    /// <summary>Finishes the hash and writes the digest to <paramref name="output"/>.</summary>
    /// <remarks>
    /// A BLAKE2 or BLAKE-256 state writes <see cref="DigestLength"/> bytes to the start of <paramref name="output"/> and
    /// refuses a shorter one; a BLAKE3 state fills all of it (any length), as <c>Blake3HashState.Finish(Span&lt;byte&gt;)</c> does.
    /// </remarks>
    /// <exception cref="ArgumentException"><paramref name="output"/> is too short; nothing is written and the state stays usable.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    void Finish(Span<byte> output);

    /// <summary>Finishes the hash if <paramref name="output"/> can hold <see cref="DigestLength"/> bytes, and writes them to its start.</summary>
    /// <param name="output">Receives the digest in its first <see cref="DigestLength"/> bytes.</param>
    /// <param name="bytesWritten"><see cref="DigestLength"/> on success, otherwise 0.</param>
    /// <returns><see langword="false"/>, with nothing written and the state still usable, if <paramref name="output"/> is too short.</returns>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or already finished.</exception>
    bool TryFinish(Span<byte> output, out int bytesWritten);
}

/// <summary>
/// The original Blake2Fast 2.x name of <see cref="IBlakeIncremental"/>, kept so that 2.x code which passes a BLAKE2
/// hasher as this interface compiles unchanged. Implemented by the BLAKE2 states (BLAKE2b, BLAKE2s, BLAKE2bp, BLAKE2sp).
/// </summary>
/// <remarks>It adds nothing to <see cref="IBlakeIncremental"/>: the members are the same, with the same meaning as in 2.x.</remarks>
public interface IBlake2Incremental : IBlakeIncremental
{
}
