using System;
using System.Runtime.CompilerServices;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Internal;

namespace Blake2Fast.Families.Blake2.State;

/// <summary>What a hash state's storage is driven by: sequential BLAKE2 or one of its parallel modes.</summary>
internal interface IHashEngine<TStorage> where TStorage : unmanaged
{
    /// <summary>Where the buffer starts in the storage (after the chain).</summary>
    int ChainBytes { get; }

    /// <summary>The most bytes the buffer can hold.</summary>
    int BufferCapacity { get; }

    /// <summary>Identifies the algorithm in a saved state: BLAKE2b, BLAKE2s, BLAKE2bp or BLAKE2sp.</summary>
    SavedStateKind Kind { get; }

    /// <returns>The digest length.</returns>
    int Initialize(ref TStorage storage, out int bufferLength, in Blake2Parameters parameters, uint xofLength);

    void Update(InstructionSet instructionSet, ref TStorage storage, ref int bufferLength, ReadOnlySpan<byte> input);

    void Finish(InstructionSet instructionSet, ref TStorage storage, int bufferLength, int keyLength, bool lastNode, Span<byte> output);

    /// <summary>One-shot hashing into <paramref name="output"/>, with parameters and an output the public door has checked.</summary>
    void Hash(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output, string outputName);

    /// <summary>
    /// <see cref="Hash(InstructionSet, in Blake2Parameters, ReadOnlySpan{byte}, Span{byte}, string)"/> for the simple
    /// overloads: <paramref name="digestLength"/>, <paramref name="key"/> and <paramref name="output"/> are checked and
    /// named at the public door (the generated state), not here.
    /// </summary>
    void Hash(InstructionSet instructionSet, int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output, string outputName);
}

/// <summary>Plain (sequential) BLAKE2 over a storage of one chain and one block of buffer.</summary>
internal readonly struct SequentialEngine<T, TWord, TCompressor, TStorage> : IHashEngine<TStorage>
    where T : unmanaged
    where TWord : struct, IScalarWord<T>
    where TCompressor : struct, ICompressor<T>
    where TStorage : unmanaged
{
    public int ChainBytes => 12 * Unsafe.SizeOf<T>();
    public int BufferCapacity => 16 * Unsafe.SizeOf<T>();
    public SavedStateKind Kind => default(TWord).SequentialKind;

    private static ref T Chain(ref TStorage storage) => ref Unsafe.As<TStorage, T>(ref storage);

    private static ref byte Buffer(ref TStorage storage) => ref Unsafe.Add(ref Unsafe.As<TStorage, byte>(ref storage), 12 * Unsafe.SizeOf<T>());

    public int Initialize(ref TStorage storage, out int bufferLength, in Blake2Parameters parameters, uint xofLength) =>
        Blake2StateMachine<T, TWord, TCompressor>.Initialize(ref Chain(ref storage), ref Buffer(ref storage), out bufferLength, parameters, xofLength);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Update(InstructionSet instructionSet, ref TStorage storage, ref int bufferLength, ReadOnlySpan<byte> input) =>
        Blake2StateMachine<T, TWord, TCompressor>.Update(instructionSet, ref Chain(ref storage), ref Buffer(ref storage), ref bufferLength, input);

    public void Finish(InstructionSet instructionSet, ref TStorage storage, int bufferLength, int keyLength, bool lastNode, Span<byte> output) =>
        Blake2StateMachine<T, TWord, TCompressor>.Finish(instructionSet, ref Chain(ref storage), ref Buffer(ref storage), bufferLength, lastNode, output);

    [MethodImpl(MethodImplOptions.AggressiveInlining)] // a forwarder: no frame of its own
    public void Hash(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output, string outputName) =>
        Blake2StateMachine<T, TWord, TCompressor>.Hash(instructionSet, parameters, input, output, outputName);

    [MethodImpl(MethodImplOptions.AggressiveInlining)] // a forwarder: no frame of its own
    public void Hash(InstructionSet instructionSet, int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output, string outputName) =>
        OneShot.Hash<Blake2StateMachine<T, TWord, TCompressor>.Simple>(default(TCompressor).Job, instructionSet, digestLength, key, input, output);
}
