using System;
using System.Collections.Generic;
using Blake2Fast.Cores;
using Blake2Fast.Tests.Family;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The XOF contract (BLAKE2Xb, BLAKE2Xs): an output of any declared length (or unknown in advance), an optional key,
/// read incrementally from a state. A third algorithm of this contract is one subclass.
/// </summary>
public abstract class XofDriver : HashDriver
{
    public abstract int BlockSize { get; }
    public int MaxKeyLength => BlockSize;
    public abstract long MaxOutputLength { get; }

    /// <summary>BLAKE2X built from the test project's reference BLAKE2 (<see cref="XofConstruction"/>).</summary>
    internal abstract XofAlgorithm Algorithm { get; }

    public override byte[] Reference(Request request)
    {
        long length = request.OutputLength ?? throw new ArgumentException("an XOF request names its output length");
        return XofConstruction.Output(Algorithm, request.Key ?? Array.Empty<byte>(), request.Input, (uint)length, (int)length);
    }

    protected override Request NewStateRequest(byte[] input) => new(input) { OutputLength = SurfaceOutputLength };

    private static readonly string[] Declared =
    {
        "long State.OutputLength { get; }",
        "static byte[] ComputeHash(int outputLength, ReadOnlySpan<byte> input)",
        "static byte[] ComputeHash(int outputLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input)",
        "static byte[] HashData(ReadOnlySpan<byte> source, int outputLength)",
        "static byte[] HashData(Stream source, int outputLength)",
        "static byte[] Keyed.HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int outputLength)",
        "static byte[] Keyed.HashData(ReadOnlySpan<byte> key, Stream source, int outputLength)",
        "static ValueTask HashDataAsync(Stream source, Memory<byte> destination, CancellationToken cancellationToken)",
        "static ValueTask Keyed.HashDataAsync(ReadOnlyMemory<byte> key, Stream source, Memory<byte> destination, CancellationToken cancellationToken)",
        "static ValueTask<byte[]> HashDataAsync(Stream source, int outputLength, CancellationToken cancellationToken)",
        "static ValueTask<byte[]> Keyed.HashDataAsync(ReadOnlyMemory<byte> key, Stream source, int outputLength, CancellationToken cancellationToken)",
        "static string CompressionCore { get; }",
        "static void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output)",
        "static void ComputeAndWriteHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output)",
        "static void HashData(ReadOnlySpan<byte> source, Span<byte> destination)",
        "static void HashData(Stream source, Span<byte> destination)",
        "static void Keyed.HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)",
        "static void Keyed.HashData(ReadOnlySpan<byte> key, Stream source, Span<byte> destination)",
        "static {State} CreateIncrementalHasher(long outputLength)",
        "static {State} CreateIncrementalHasher(long outputLength, ReadOnlySpan<byte> key)",
        "void State.Read(Span<byte> output)",
        "void State.Update(ReadOnlySpan<byte> input)",
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

public sealed class Blake2XbDriver : XofDriver
{
    public override string Name => "blake2xb";
    public override Type PublicType => typeof(Blake2Xb);
    public override Type StateType => typeof(Blake2XbHashState);
    internal override KernelSet Kernels => CoreTable.Blake2b;
    internal override XofAlgorithm Algorithm => XofAlgorithm.Xb;
    public override int BlockSize => 64;
    public override long MaxOutputLength => Blake2Xb.MaxOutputLength;
    protected override object NewState() => Blake2Xb.CreateIncrementalHasher(SurfaceOutputLength);
}

public sealed class Blake2XsDriver : XofDriver
{
    public override string Name => "blake2xs";
    public override Type PublicType => typeof(Blake2Xs);
    public override Type StateType => typeof(Blake2XsHashState);
    internal override KernelSet Kernels => CoreTable.Blake2s;
    internal override XofAlgorithm Algorithm => XofAlgorithm.Xs;
    public override int BlockSize => 32;
    public override long MaxOutputLength => Blake2Xs.MaxOutputLength;
    protected override object NewState() => Blake2Xs.CreateIncrementalHasher(SurfaceOutputLength);
}
