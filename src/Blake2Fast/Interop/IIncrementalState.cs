using System;

namespace Blake2Fast.Interop;

/// <summary>
/// What the <see cref="HashStateHmac{TState}"/> wrapper needs of a state. The public state structs implement it;
/// called through a constrained generic, their methods run on the wrapper's field in place, without boxing.
/// </summary>
internal interface IIncrementalState : IUpdatable
{
    /// <summary>The algorithm's name, for <c>HashAlgorithm.HashName</c>-style display.</summary>
    string AlgorithmName { get; }

    /// <summary>The largest digest (and key) length in bytes.</summary>
    int MaxDigestLength { get; }

    /// <summary>Starts a new hash in this state.</summary>
    void Reset(int digestLength, ReadOnlySpan<byte> key);

    /// <summary>The length in bytes of the digest that Finish produces.</summary>
    int DigestLength { get; }

    void Finish(Span<byte> output);

    byte[] Finish();
}

/// <summary>What every state has in common: it takes input.</summary>
internal interface IUpdatable
{
    void Update(ReadOnlySpan<byte> input);
}

/// <summary>
/// The typed writes the generator gives every state (Surface/TypedWritesEmitter.cs), as an interface so that one
/// test drives them on every state.
/// </summary>
internal interface ITypedUpdatable : IUpdatable
{
    void UpdateUtf8(ReadOnlySpan<char> text);
    void UpdateInt16BigEndian(short value);
    void UpdateUInt16BigEndian(ushort value);
    void UpdateInt32BigEndian(int value);
    void UpdateUInt32BigEndian(uint value);
    void UpdateInt64BigEndian(long value);
    void UpdateUInt64BigEndian(ulong value);
    void UpdateInt16LittleEndian(short value);
    void UpdateUInt16LittleEndian(ushort value);
    void UpdateInt32LittleEndian(int value);
    void UpdateUInt32LittleEndian(uint value);
    void UpdateInt64LittleEndian(long value);
    void UpdateUInt64LittleEndian(ulong value);
}
