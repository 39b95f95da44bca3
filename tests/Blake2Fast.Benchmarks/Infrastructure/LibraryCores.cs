// The ONLY file of the benchmark project that names the library's internal core table (Blake2Fast.Cores) and its
// internal Hash(..., core) entry points. When the library's core selection changes, adapt this file alone.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using Blake2Fast.Cores;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// A Blake2Fast compression core as a benchmark argument. The core type is internal to the library, and
/// BenchmarkDotNet's generated runner (a separate assembly) can only name public types, so it travels in this
/// public wrapper; the row shows the core's name.
/// </summary>
public sealed class CoreChoice
{
    private readonly InstructionSet _core;

    private CoreChoice(InstructionSet core) => _core = core;

    /// <summary>Orders the rows of a summary group: lowest core first.</summary>
    public int SortKey => (int)_core;

    /// <summary>Every core of BLAKE2b (<paramref name="isB"/>) or BLAKE2s that runs on this machine, lowest first.</summary>
    public static IEnumerable<CoreChoice> Supported(bool isB) =>
        InstructionSets.Supported(isB).Select(core => new CoreChoice(core)).ToArray();

    /// <summary>Every kernel of BLAKE2bp (<paramref name="isB"/>) or BLAKE2sp that runs on this machine, lowest first.</summary>
    public static IEnumerable<CoreChoice> SupportedParallel(bool isB) =>
        InstructionSets.SupportedParallel(isB).Select(core => new CoreChoice(core)).ToArray();

    /// <summary>For the run log: the cores the library picked by default and all that run here.</summary>
    public static string Describe() =>
        $"BLAKE2b {InstructionSets.DefaultB}, BLAKE2s {InstructionSets.DefaultS}, BLAKE2bp {InstructionSets.DefaultBp}, BLAKE2sp {InstructionSets.DefaultSp}; " +
        $"supported: BLAKE2b [{string.Join(", ", InstructionSets.Supported(true))}], BLAKE2s [{string.Join(", ", InstructionSets.Supported(false))}]";

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Blake2b(int digestLength, ReadOnlySpan<byte> input, Span<byte> output) =>
        global::Blake2Fast.Blake2b.Hash(new Blake2Parameters { DigestLength = digestLength }, input, output, _core);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Blake2s(int digestLength, ReadOnlySpan<byte> input, Span<byte> output) =>
        global::Blake2Fast.Blake2s.Hash(new Blake2Parameters { DigestLength = digestLength }, input, output, _core);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Blake2bp(ReadOnlySpan<byte> input, Span<byte> output) => global::Blake2Fast.Blake2bp.Hash(default, input, output, _core);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Blake2sp(ReadOnlySpan<byte> input, Span<byte> output) => global::Blake2Fast.Blake2sp.Hash(default, input, output, _core);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ManyBlake2b(ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs) =>
        global::Blake2Fast.Blake2b.HashMany(default, inputs, outputs, _core);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ManyBlake2s(ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs) =>
        global::Blake2Fast.Blake2s.HashMany(default, inputs, outputs, _core);

    public override string ToString() => _core.ToString();
}

/// <summary>Bare compressions on the default cores, the floor a one-shot call of one block is measured against.</summary>
public static class LibraryCores
{
    /// <summary>One BLAKE2b compression of <paramref name="block"/> (128 bytes) into <paramref name="chain"/> (12 words) on the default core.</summary>
    public static unsafe void CompressOneBlockB(ulong[] chain, byte[] block) =>
        CoreTable.Blake2b.Entry(InstructionSets.DefaultB)(ref chain[0], ref block[0], 1, 128);

    /// <summary>One BLAKE2s compression of <paramref name="block"/> (64 bytes) into <paramref name="chain"/> (12 words) on the default core.</summary>
    public static unsafe void CompressOneBlockS(uint[] chain, byte[] block) =>
        CoreTable.Blake2s.Entry(InstructionSets.DefaultS)(ref chain[0], ref block[0], 1, 64);

    /// <summary>One BLAKE-256 compression of <paramref name="block"/> (64 bytes) into <paramref name="chain"/> on its core.</summary>
    public static unsafe void CompressOneBlock256(uint[] chain, byte[] block) =>
        CoreTable.Blake256.Entry(CoreTable.Blake256.Default)(ref chain[0], ref block[0], 1, 512);
}
