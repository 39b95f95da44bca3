// The ONLY file of the benchmark project that names the library's internal kernel table (Blake2Fast.Cores) and its
// internal Hash(..., instruction set) entry points. When the library's instruction set selection changes, adapt this file alone.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using Blake2Fast.Dispatch;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// A Blake2Fast compression kernel as a benchmark argument. The instruction set type is internal to the library, and
/// BenchmarkDotNet's generated runner (a separate assembly) can only name public types, so it travels in this
/// public wrapper; the row shows the instruction set's name.
/// </summary>
public sealed class InstructionSetChoice
{
    private readonly InstructionSet _instructionSet;

    private InstructionSetChoice(InstructionSet instructionSet) => _instructionSet = instructionSet;

    /// <summary>Orders the rows of a summary group: lowest instruction set first.</summary>
    public int SortKey => (int)_instructionSet;

    /// <summary>Every instruction set of BLAKE2b (<paramref name="isB"/>) or BLAKE2s that runs on this machine, lowest first.</summary>
    public static IEnumerable<InstructionSetChoice> Supported(bool isB) =>
        InstructionSets.Supported(isB).Select(instructionSet => new InstructionSetChoice(instructionSet)).ToArray();

    /// <summary>Every kernel of BLAKE2bp (<paramref name="isB"/>) or BLAKE2sp that runs on this machine, lowest first.</summary>
    public static IEnumerable<InstructionSetChoice> SupportedParallel(bool isB) =>
        InstructionSets.SupportedParallel(isB).Select(instructionSet => new InstructionSetChoice(instructionSet)).ToArray();

    /// <summary>For the run log: the instruction sets the library picked by default and all that run here.</summary>
    public static string Describe() =>
        $"BLAKE2b {InstructionSets.DefaultB}, BLAKE2s {InstructionSets.DefaultS}, BLAKE2bp {InstructionSets.DefaultBp}, BLAKE2sp {InstructionSets.DefaultSp}; " +
        $"supported: BLAKE2b [{string.Join(", ", InstructionSets.Supported(true))}], BLAKE2s [{string.Join(", ", InstructionSets.Supported(false))}]";

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Blake2b(int digestLength, ReadOnlySpan<byte> input, Span<byte> output) =>
        global::Blake2Fast.Blake2b.Hash(new Blake2Parameters { DigestLength = digestLength }, input, output, _instructionSet);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Blake2s(int digestLength, ReadOnlySpan<byte> input, Span<byte> output) =>
        global::Blake2Fast.Blake2s.Hash(new Blake2Parameters { DigestLength = digestLength }, input, output, _instructionSet);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Blake2bp(ReadOnlySpan<byte> input, Span<byte> output) => global::Blake2Fast.Blake2bp.Hash(default, input, output, _instructionSet);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Blake2sp(ReadOnlySpan<byte> input, Span<byte> output) => global::Blake2Fast.Blake2sp.Hash(default, input, output, _instructionSet);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ManyBlake2b(ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs) =>
        global::Blake2Fast.Blake2b.HashMany(default, inputs, outputs, _instructionSet);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ManyBlake2s(ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs) =>
        global::Blake2Fast.Blake2s.HashMany(default, inputs, outputs, _instructionSet);

    public override string ToString() => _instructionSet.ToString();
}

/// <summary>Bare compressions on the default instruction sets, the floor a one-shot call of one block is measured against.</summary>
public static class LibraryKernels
{
    /// <summary>One BLAKE2b compression of <paramref name="block"/> (128 bytes) into <paramref name="chain"/> (12 words) on the default instruction set.</summary>
    public static unsafe void CompressOneBlockB(ulong[] chain, byte[] block) =>
        KernelTable.Blake2b.Entry(InstructionSets.DefaultB)(ref chain[0], ref block[0], 1, 128);

    /// <summary>One BLAKE2s compression of <paramref name="block"/> (64 bytes) into <paramref name="chain"/> (12 words) on the default instruction set.</summary>
    public static unsafe void CompressOneBlockS(uint[] chain, byte[] block) =>
        KernelTable.Blake2s.Entry(InstructionSets.DefaultS)(ref chain[0], ref block[0], 1, 64);

    /// <summary>One BLAKE-256 compression of <paramref name="block"/> (64 bytes) into <paramref name="chain"/> on its instruction set.</summary>
    public static unsafe void CompressOneBlock256(uint[] chain, byte[] block) =>
        KernelTable.Blake256.Entry(InstructionSets.DefaultBlake256)(ref chain[0], ref block[0], 1, 512);
}
