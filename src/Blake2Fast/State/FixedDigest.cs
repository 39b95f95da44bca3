using System;
using System.Diagnostics;
using Blake2Fast.Internal;

namespace Blake2Fast.State;

/// <summary>A state whose digest has one length, fixed when it was created (BLAKE2, BLAKE-256).</summary>
internal interface IFixedDigestState
{
    int DigestLength { get; }

    /// <summary>Throws <see cref="InvalidOperationException"/> for a default or finished state.</summary>
    void ThrowIfNotUsable();

    /// <summary>Writes the digest into the first <see cref="DigestLength"/> bytes of <paramref name="output"/> and ends the state.</summary>
    void FinishCore(Span<byte> output);
}

/// <summary>
/// The three ways to finish such a state, written once: into a new array, into a span the public door has checked
/// (or the HashAlgorithm wrapper sized), into a span that may not fit. Called on the state by reference, so the struct is neither copied nor boxed.
/// </summary>
internal static class FixedDigest
{
    public static byte[] Finish<TState>(ref TState state) where TState : struct, IFixedDigestState
    {
        state.ThrowIfNotUsable();
        byte[] digest = new byte[state.DigestLength];
        state.FinishCore(digest);
        return digest;
    }

    public static void Finish<TState>(ref TState state, Span<byte> output) where TState : struct, IFixedDigestState
    {
        state.ThrowIfNotUsable();
        Debug.Assert(output.Length >= state.DigestLength); // checked and named by the public Finish (or sized by the HashAlgorithm wrapper)
        state.FinishCore(output);
    }

    public static bool TryFinish<TState>(ref TState state, Span<byte> output, out int bytesWritten) where TState : struct, IFixedDigestState
    {
        state.ThrowIfNotUsable();
        if (output.Length < state.DigestLength)
        {
            bytesWritten = 0;
            return false;
        }
        state.FinishCore(output);
        bytesWritten = state.DigestLength;
        return true;
    }
}
