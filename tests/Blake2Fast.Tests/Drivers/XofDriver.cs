using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Family;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The XOF contract (BLAKE2Xb, BLAKE2Xs): an output of any declared length (or unknown in advance), an optional key,
/// read incrementally from a state. A third algorithm of this contract is one subclass.
/// </summary>
public abstract partial class XofDriver : HashDriver
{
    /// <summary>Every algorithm of this contract (BLAKE2Xb, BLAKE2Xs).</summary>
    public static readonly XofDriver[] All = Discover<XofDriver>();
    public static readonly XofDriver Xb = All.OfType<Blake2XbDriver>().Single();
    public static readonly XofDriver Xs = All.OfType<Blake2XsDriver>().Single();

    public const long UnknownOutputLength = -1;

    public static XofDriver Parse(string name) => All.FirstOrDefault(a => a.Name == name) ?? throw new ArgumentException(name);

    /// <summary>The size of an output block (the underlying hash's full digest): 64 or 32 bytes.</summary>
    public int BlockSize => Leaf.MaxDigestLength;
    public int MaxKeyLength => Leaf.MaxKeyLength;
    public abstract long MaxOutputLength { get; }

    /// <summary>The all-ones value of the parameter block's XOF length field, meaning "unknown".</summary>
    public abstract uint UnknownField { get; }

    /// <summary>The underlying hash (H0 and the output blocks are its digests).</summary>
    public abstract FixedDigestDriver Leaf { get; }

    internal IReadOnlyList<InstructionSet> SupportedInstructionSets => Kernels.Supported;
    internal override KernelSet Kernels => Leaf.Kernels;

    public override byte[] Reference(Request request)
    {
        long length = request.OutputLength ?? throw new ArgumentException("an XOF request names its output length");
        return XofConstruction.Output(this, request.Key ?? Array.Empty<byte>(), request.Input, (uint)length, (int)length);
    }

    // ---- the public API (the keyed forms refuse an empty key, KeyRefusalTests; here an empty key means unkeyed) ----
    public abstract byte[] ComputeHash(int outputLength, ReadOnlySpan<byte> input);
    protected abstract byte[] ComputeKeyedHash(int outputLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input);
    public byte[] ComputeHash(int outputLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => key.IsEmpty ? ComputeHash(outputLength, input) : ComputeKeyedHash(outputLength, key, input);
    public abstract void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output);
    protected abstract void ComputeAndWriteKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output);
    public void ComputeAndWriteHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output)
    {
        if (key.IsEmpty) ComputeAndWriteHash(input, output); else ComputeAndWriteKeyedHash(key, input, output);
    }
    public abstract XofReader CreateIncrementalHasher(long outputLength);
    protected abstract XofReader CreateKeyedHasher(long outputLength, ReadOnlySpan<byte> key);
    public XofReader CreateIncrementalHasher(long outputLength, ReadOnlySpan<byte> key) => key.IsEmpty ? CreateIncrementalHasher(outputLength) : CreateKeyedHasher(outputLength, key);

    // The BCL-style names; a null key means the unkeyed class, any other (even empty) the Keyed one.
    public abstract byte[] HashData(byte[]? key, ReadOnlySpan<byte> source, int outputLength);
    public abstract void HashData(byte[]? key, ReadOnlySpan<byte> source, Span<byte> destination);
    public abstract byte[] HashData(byte[]? key, Stream source, int outputLength);
    public abstract void HashData(byte[]? key, Stream source, Span<byte> destination);
#if !LIBRARY_NETSTANDARD
    public abstract ValueTask<byte[]> HashDataAsync(byte[]? key, Stream source, int outputLength);
    public abstract ValueTask HashDataAsync(byte[]? key, Stream source, Memory<byte> destination);
#endif

    /// <summary>A default (never created) state.</summary>
    public abstract XofReader DefaultState();

    /// <summary>The internal constructor, on a named single-stream kernel.</summary>
    internal abstract XofReader Create(InstructionSet instructionSet, long outputLength, ReadOnlySpan<byte> key);

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
        "void State.Update<T>(ArraySegment<T> input)",
        "void State.Update<T>(in T input)",
        "void State.Update<T>(in T[] input)",
        "void State.Update<T>(T input)",
        "void State.Update<T>(T[] input)",
        "void State.Update<T>(Span<T> input)",
        "void State.Update<T>(ReadOnlySpan<T> input)",
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
    public void SurfaceMethod_ReturnsTheReferenceDigest(string signature) => AssertMatchesReference(signature);
}

public sealed class Blake2XbDriver : XofDriver
{
    public override string Name => "blake2xb";
    public override Type PublicType => typeof(Blake2Xb);
    public override Type StateType => typeof(Blake2XbHashState);
    public override FixedDigestDriver Leaf => FixedDigestDriver.B;
    public override uint UnknownField => uint.MaxValue;
    public override byte[] ComputeHash(int outputLength, ReadOnlySpan<byte> input) => Blake2Xb.ComputeHash(outputLength, input);
    protected override byte[] ComputeKeyedHash(int outputLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => Blake2Xb.ComputeHash(outputLength, key, input);
    public override void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output) => Blake2Xb.ComputeAndWriteHash(input, output);
    protected override void ComputeAndWriteKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) => Blake2Xb.ComputeAndWriteHash(key, input, output);
    public override XofReader CreateIncrementalHasher(long outputLength) => new Blake2XbReader(Blake2Xb.CreateIncrementalHasher(outputLength));
    protected override XofReader CreateKeyedHasher(long outputLength, ReadOnlySpan<byte> key) => new Blake2XbReader(Blake2Xb.CreateIncrementalHasher(outputLength, key));
    public override byte[] HashData(byte[]? key, ReadOnlySpan<byte> source, int outputLength) =>
        key is null ? Blake2Xb.HashData(source, outputLength) : Blake2Xb.Keyed.HashData(key, source, outputLength);
    public override void HashData(byte[]? key, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (key is null) Blake2Xb.HashData(source, destination); else Blake2Xb.Keyed.HashData(key, source, destination);
    }
    public override byte[] HashData(byte[]? key, Stream source, int outputLength) =>
        key is null ? Blake2Xb.HashData(source, outputLength) : Blake2Xb.Keyed.HashData(key, source, outputLength);
    public override void HashData(byte[]? key, Stream source, Span<byte> destination)
    {
        if (key is null) Blake2Xb.HashData(source, destination); else Blake2Xb.Keyed.HashData(key, source, destination);
    }
#if !LIBRARY_NETSTANDARD
    public override ValueTask<byte[]> HashDataAsync(byte[]? key, Stream source, int outputLength) =>
        key is null ? Blake2Xb.HashDataAsync(source, outputLength) : Blake2Xb.Keyed.HashDataAsync(key, source, outputLength);
    public override ValueTask HashDataAsync(byte[]? key, Stream source, Memory<byte> destination) =>
        key is null ? Blake2Xb.HashDataAsync(source, destination) : Blake2Xb.Keyed.HashDataAsync(key, source, destination);
#endif
    public override XofReader DefaultState() => new Blake2XbReader(default);
    internal override XofReader Create(InstructionSet instructionSet, long outputLength, ReadOnlySpan<byte> key) => new Blake2XbReader(new Blake2XbHashState(outputLength, key, instructionSet));
    public override long MaxOutputLength => Blake2Xb.MaxOutputLength;
    protected override object NewState() => Blake2Xb.CreateIncrementalHasher(SurfaceOutputLength);
}

public sealed class Blake2XsDriver : XofDriver
{
    public override string Name => "blake2xs";
    public override Type PublicType => typeof(Blake2Xs);
    public override Type StateType => typeof(Blake2XsHashState);
    public override FixedDigestDriver Leaf => FixedDigestDriver.S;
    public override uint UnknownField => ushort.MaxValue;
    public override byte[] ComputeHash(int outputLength, ReadOnlySpan<byte> input) => Blake2Xs.ComputeHash(outputLength, input);
    protected override byte[] ComputeKeyedHash(int outputLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => Blake2Xs.ComputeHash(outputLength, key, input);
    public override void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output) => Blake2Xs.ComputeAndWriteHash(input, output);
    protected override void ComputeAndWriteKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) => Blake2Xs.ComputeAndWriteHash(key, input, output);
    public override XofReader CreateIncrementalHasher(long outputLength) => new Blake2XsReader(Blake2Xs.CreateIncrementalHasher(outputLength));
    protected override XofReader CreateKeyedHasher(long outputLength, ReadOnlySpan<byte> key) => new Blake2XsReader(Blake2Xs.CreateIncrementalHasher(outputLength, key));
    public override byte[] HashData(byte[]? key, ReadOnlySpan<byte> source, int outputLength) =>
        key is null ? Blake2Xs.HashData(source, outputLength) : Blake2Xs.Keyed.HashData(key, source, outputLength);
    public override void HashData(byte[]? key, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (key is null) Blake2Xs.HashData(source, destination); else Blake2Xs.Keyed.HashData(key, source, destination);
    }
    public override byte[] HashData(byte[]? key, Stream source, int outputLength) =>
        key is null ? Blake2Xs.HashData(source, outputLength) : Blake2Xs.Keyed.HashData(key, source, outputLength);
    public override void HashData(byte[]? key, Stream source, Span<byte> destination)
    {
        if (key is null) Blake2Xs.HashData(source, destination); else Blake2Xs.Keyed.HashData(key, source, destination);
    }
#if !LIBRARY_NETSTANDARD
    public override ValueTask<byte[]> HashDataAsync(byte[]? key, Stream source, int outputLength) =>
        key is null ? Blake2Xs.HashDataAsync(source, outputLength) : Blake2Xs.Keyed.HashDataAsync(key, source, outputLength);
    public override ValueTask HashDataAsync(byte[]? key, Stream source, Memory<byte> destination) =>
        key is null ? Blake2Xs.HashDataAsync(source, destination) : Blake2Xs.Keyed.HashDataAsync(key, source, destination);
#endif
    public override XofReader DefaultState() => new Blake2XsReader(default);
    internal override XofReader Create(InstructionSet instructionSet, long outputLength, ReadOnlySpan<byte> key) => new Blake2XsReader(new Blake2XsHashState(outputLength, key, instructionSet));
    public override long MaxOutputLength => Blake2Xs.MaxOutputLength;
    protected override object NewState() => Blake2Xs.CreateIncrementalHasher(SurfaceOutputLength);
}

/// <summary>An XOF state behind one face (a class, so the struct inside is mutated in place).</summary>
public abstract class XofReader
{
    public abstract long OutputLength { get; }
    public abstract void Update(ReadOnlySpan<byte> input);
    public abstract void Read(Span<byte> output);

    /// <summary>A copy of the state as it is now (struct copy semantics).</summary>
    public abstract XofReader Snapshot();
}

public sealed class Blake2XbReader : XofReader
{
    private Blake2XbHashState _state;

    public Blake2XbReader(Blake2XbHashState state) => _state = state;

    public override long OutputLength => _state.OutputLength;
    public override void Update(ReadOnlySpan<byte> input) => _state.Update(input);
    public override void Read(Span<byte> output) => _state.Read(output);
    public override XofReader Snapshot() => new Blake2XbReader(_state);
}

public sealed class Blake2XsReader : XofReader
{
    private Blake2XsHashState _state;

    public Blake2XsReader(Blake2XsHashState state) => _state = state;

    public override long OutputLength => _state.OutputLength;
    public override void Update(ReadOnlySpan<byte> input) => _state.Update(input);
    public override void Read(Span<byte> output) => _state.Read(output);
    public override XofReader Snapshot() => new Blake2XsReader(_state);
}
