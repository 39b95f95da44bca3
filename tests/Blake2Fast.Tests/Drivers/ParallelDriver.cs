using System;
using System.Collections.Generic;
using Blake2Fast.Cores;
using Blake2Fast.Tests.Family;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The parallel-mode contract (BLAKE2bp, BLAKE2sp): the fixed-digest surface without a parameter block, hashed as a
/// tree of leaves dealt whole blocks round robin under one root. A third algorithm of this contract is one subclass.
/// </summary>
public abstract class ParallelDriver : HashDriver
{
    public abstract int Lanes { get; }
    public abstract int BlockSize { get; }
    public abstract int MaxDigestLength { get; }
    public int MaxKeyLength => MaxDigestLength;

    /// <summary>The tree built from the test project's reference BLAKE2 (<see cref="TreeConstruction"/>).</summary>
    internal abstract ParallelAlgorithm Algorithm { get; }

    public override byte[] Reference(Request request) =>
        TreeConstruction.Compute(Algorithm, request.Input, request.Key ?? Array.Empty<byte>(), request.DigestLength ?? MaxDigestLength);

    private static readonly string[] Declared =
    {
        "byte[] State.Finish()",
        "bool State.TryFinish(Span<byte> output, out int bytesWritten)",
        "int State.DigestLength { get; }",
        "int State.SaveState(Span<byte> destination, bool includeKeyedState)",
        "int State.SavedStateLength { get; }",
        "static byte[] ComputeHash(ReadOnlySpan<byte> input)",
        "static byte[] ComputeHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input)",
        "static byte[] ComputeHash(ReadOnlySpan<byte> key, Stream input)",
        "static byte[] ComputeHash(Stream input)",
        "static byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> input)",
        "static byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input)",
        "static byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> key, Stream input)",
        "static byte[] ComputeHash(int digestLength, Stream input)",
        "static byte[] HashData(ReadOnlySpan<byte> source)",
        "static byte[] HashData(Stream source)",
        "static byte[] HashData(int digestLength, ReadOnlySpan<byte> source)",
        "static byte[] HashData(int digestLength, Stream source)",
        "static byte[] Keyed.HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source)",
        "static byte[] Keyed.HashData(ReadOnlySpan<byte> key, Stream source)",
        "static byte[] Keyed.HashData(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> source)",
        "static byte[] Keyed.HashData(int digestLength, ReadOnlySpan<byte> key, Stream source)",
        "static HMAC CreateHMAC(ReadOnlySpan<byte> key)",
        "static HMAC CreateHMAC(int digestLength, ReadOnlySpan<byte> key)",
        "static HashAlgorithm CreateHashAlgorithm()",
        "static HashAlgorithm CreateHashAlgorithm(int digestLength)",
        "static Task<byte[]> ComputeHashAsync(ReadOnlyMemory<byte> key, Stream input, CancellationToken cancellationToken)",
        "static Task<byte[]> ComputeHashAsync(Stream input, CancellationToken cancellationToken)",
        "static Task<byte[]> ComputeHashAsync(int digestLength, ReadOnlyMemory<byte> key, Stream input, CancellationToken cancellationToken)",
        "static Task<byte[]> ComputeHashAsync(int digestLength, Stream input, CancellationToken cancellationToken)",
        "static ValueTask<byte[]> HashDataAsync(Stream source, CancellationToken cancellationToken)",
        "static ValueTask<byte[]> HashDataAsync(int digestLength, Stream source, CancellationToken cancellationToken)",
        "static ValueTask<byte[]> Keyed.HashDataAsync(ReadOnlyMemory<byte> key, Stream source, CancellationToken cancellationToken)",
        "static ValueTask<byte[]> Keyed.HashDataAsync(int digestLength, ReadOnlyMemory<byte> key, Stream source, CancellationToken cancellationToken)",
        "static ValueTask<int> HashDataAsync(Stream source, Memory<byte> destination, CancellationToken cancellationToken)",
        "static ValueTask<int> HashDataAsync(int digestLength, Stream source, Memory<byte> destination, CancellationToken cancellationToken)",
        "static ValueTask<int> Keyed.HashDataAsync(ReadOnlyMemory<byte> key, Stream source, Memory<byte> destination, CancellationToken cancellationToken)",
        "static ValueTask<int> Keyed.HashDataAsync(int digestLength, ReadOnlyMemory<byte> key, Stream source, Memory<byte> destination, CancellationToken cancellationToken)",
        "static bool Keyed.TryHashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)",
        "static bool Keyed.TryHashData(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)",
        "static bool TryHashData(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)",
        "static bool TryHashData(int digestLength, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)",
        "static int HashData(ReadOnlySpan<byte> source, Span<byte> destination)",
        "static int HashData(Stream source, Span<byte> destination)",
        "static int HashData(int digestLength, ReadOnlySpan<byte> source, Span<byte> destination)",
        "static int HashData(int digestLength, Stream source, Span<byte> destination)",
        "static int Keyed.HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)",
        "static int Keyed.HashData(ReadOnlySpan<byte> key, Stream source, Span<byte> destination)",
        "static int Keyed.HashData(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)",
        "static int Keyed.HashData(int digestLength, ReadOnlySpan<byte> key, Stream source, Span<byte> destination)",
        "static string CompressionCore { get; }",
        "static void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output)",
        "static void ComputeAndWriteHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output)",
        "static void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> input, Span<byte> output)",
        "static void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output)",
        "static {State} CreateIncrementalHasher()",
        "static {State} CreateIncrementalHasher(ReadOnlySpan<byte> key)",
        "static {State} CreateIncrementalHasher(int digestLength)",
        "static {State} CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key)",
        "static {State} State.RestoreState(ReadOnlySpan<byte> savedState)",
        "void State.Finish(Span<byte> output)",
        "void State.Update(ReadOnlySpan<byte> input)",
        "void State.Update<T>(ReadOnlySpan<T> input)",
        "void State.Update<T>(T input)",
        "void State.UpdateInt16BigEndian(short value)",
        "void State.UpdateInt16LittleEndian(short value)",
        "void State.UpdateInt32BigEndian(int value)",
        "void State.UpdateInt32LittleEndian(int value)",
        "void State.UpdateInt64BigEndian(long value)",
        "void State.UpdateInt64LittleEndian(long value)",
        "void State.UpdateUInt16BigEndian(ushort value)",
        "void State.UpdateUInt16LittleEndian(ushort value)",
        "void State.UpdateUInt32BigEndian(uint value)",
        "void State.UpdateUInt32LittleEndian(uint value)",
        "void State.UpdateUInt64BigEndian(ulong value)",
        "void State.UpdateUInt64LittleEndian(ulong value)",
        "void State.UpdateUtf8(ReadOnlySpan<char> text)",
    };

    protected override IReadOnlyList<string> ContractSurface => Declared;

    public static IEnumerable<object[]> SurfaceEntries => Entries(Declared);

    [Theory]
    [MemberData(nameof(SurfaceEntries))]
    public void SurfaceMethod_ReturnsTheReferenceDigest(string signature) => Exercise(signature);
}

public sealed class Blake2bpDriver : ParallelDriver
{
    public override string Name => "blake2bp";
    public override Type PublicType => typeof(Blake2bp);
    public override Type StateType => typeof(Blake2bpHashState);
    internal override KernelSet Kernels => CoreTable.Blake2bpLeaves;
    internal override ParallelAlgorithm Algorithm => ParallelAlgorithm.Bp;
    public override int Lanes => 4;
    public override int BlockSize => 128;
    public override int MaxDigestLength => 64;
    protected override object NewState() => Blake2bp.CreateIncrementalHasher();
}

public sealed class Blake2spDriver : ParallelDriver
{
    public override string Name => "blake2sp";
    public override Type PublicType => typeof(Blake2sp);
    public override Type StateType => typeof(Blake2spHashState);
    internal override KernelSet Kernels => CoreTable.Blake2spLeaves;
    internal override ParallelAlgorithm Algorithm => ParallelAlgorithm.Sp;
    public override int Lanes => 8;
    public override int BlockSize => 64;
    public override int MaxDigestLength => 32;
    protected override object NewState() => Blake2sp.CreateIncrementalHasher();
}
