using System;
using Blake2Fast.Cores;
using Blake2Fast.State;
using Blake2Fast.Xof;

namespace Blake2Fast;

/// <summary>
/// An incremental BLAKE2Xs hash: <see cref="Update(ReadOnlySpan{byte})"/> with the input, then <see cref="Read(Span{byte})"/>
/// the output in pieces of any size. Create it with <see cref="Blake2Xs.CreateIncrementalHasher(long)"/>.
/// </summary>
/// <remarks>
/// A value type that allocates nothing; copying it snapshots it. Once output has been read, no more input can be
/// added. A <see langword="default"/> instance throws <see cref="InvalidOperationException"/>.
/// </remarks>
public struct Blake2XsHashState
{
    private Blake2XofState<uint, Blake2sWord, Blake2sCompressor, Blake2sStorage> _inner;

    internal Blake2XsHashState(long outputLength, ReadOnlySpan<byte> key, Blake2Core core, string outputLengthName = "outputLength", string keyName = "key") =>
        _inner = new(outputLength, key, core, outputLengthName, keyName);

    /// <summary>The declared output length, or <see cref="Blake2Xs.UnknownOutputLength"/>.</summary>
    public readonly long OutputLength => _inner.OutputLength;

    /// <summary>Adds <paramref name="input"/> to the data being hashed.</summary>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/>, or output has already been read.</exception>
    public void Update(ReadOnlySpan<byte> input) => _inner.Update(input);

    /// <summary>Fills <paramref name="output"/> with the next bytes of output. The first call ends the input.</summary>
    /// <exception cref="ArgumentException">Fewer than <c>output.Length</c> bytes of the declared length remain; nothing is written.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/>.</exception>
    public void Read(Span<byte> output) => _inner.Read(output, nameof(output));
}
