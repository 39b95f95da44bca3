using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Cores;
using Blake2Fast.Tests.Infrastructure;
using Blake2Fast.Tests.Oracle;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The fixed-digest contract (BLAKE2b, BLAKE2s): a digest of 1..max bytes, an optional key of 1..max bytes, a full
/// parameter block, many messages at once. A third algorithm of this contract is one subclass.
/// </summary>
public abstract class FixedDigestDriver : HashDriver
{
    public abstract int BlockSize { get; }
    public abstract int MaxDigestLength { get; }
    public int MaxKeyLength => MaxDigestLength;
    public abstract int WordSize { get; }
    public abstract int SaltLength { get; }

    /// <summary>The test project's reference implementation of this algorithm.</summary>
    public abstract byte[] ReferenceHash(ReferenceParameters parameters, byte[] message);

    public override byte[] Reference(Request request) => ReferenceHash(request.Parameters ?? new ReferenceParameters
    {
        DigestLength = request.DigestLength ?? MaxDigestLength,
        Key = request.Key ?? Array.Empty<byte>(),
    }, request.Input);

    /// <summary>Every field of the block away from its default, so a field the library dropped shows.</summary>
    protected ReferenceParameters FullParameters => new()
    {
        DigestLength = MaxDigestLength - 5, Key = Hex.Sequence(9), Salt = "salt"u8.ToArray(), Personalization = "me"u8.ToArray(),
        Fanout = 3, Depth = 7, LeafLength = 9, NodeOffset = 5, NodeDepth = 2, InnerLength = 11, LastNode = true,
    };

    protected static Blake2Parameters ToPublic(ReferenceParameters p) => new()
    {
        DigestLength = p.DigestLength, Key = p.Key, Salt = p.Salt, Personalization = p.Personalization, Fanout = p.Fanout,
        Depth = p.Depth, LeafLength = p.LeafLength, NodeOffset = p.NodeOffset, NodeDepth = p.NodeDepth, InnerLength = p.InnerLength,
        LastNode = p.LastNode,
    };

    /// <summary>The messages the many-message calls hash: empty, one block, and a ragged length.</summary>
    protected ReadOnlyMemory<byte>[] ManyInputs => new ReadOnlyMemory<byte>[] { Message.AsMemory(0, 0), Message.AsMemory(0, BlockSize), Message.AsMemory(7, 777) };

    protected byte[] ManyExpected(ReferenceParameters parameters) =>
        ManyInputs.SelectMany(m => ReferenceHash(parameters, m.ToArray())).ToArray();

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
        "static byte[] ComputeHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input)",
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
        "static void ComputeAndWriteHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output)",
        "static void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> input, Span<byte> output)",
        "static void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output)",
        "static void ComputeAndWriteHashes(ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs)",
        "static void ComputeAndWriteHashes(in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs)",
        "static {State} CreateIncrementalHasher()",
        "static {State} CreateIncrementalHasher(ReadOnlySpan<byte> key)",
        "static {State} CreateIncrementalHasher(in Blake2Parameters parameters)",
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

public sealed class Blake2bDriver : FixedDigestDriver
{
    public override string Name => "blake2b";
    public override Type PublicType => typeof(Blake2b);
    public override Type StateType => typeof(Blake2bHashState);
    internal override KernelSet Kernels => CoreTable.Blake2b;
    public override int BlockSize => 128;
    public override int MaxDigestLength => 64;
    public override int WordSize => 8;
    public override int SaltLength => 16;
    public override byte[] ReferenceHash(ReferenceParameters parameters, byte[] message) => ReferenceBlake2b.Hash(parameters, message);
    protected override object NewState() => Blake2b.CreateIncrementalHasher();

    protected override IReadOnlyDictionary<string, Func<(byte[] Actual, byte[] Expected)>> DirectCalls => new Dictionary<string, Func<(byte[], byte[])>>
    {
        ["static byte[] ComputeHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input)"] = () =>
            (Blake2b.ComputeHash(ToPublic(FullParameters), Message), ReferenceHash(FullParameters, Message)),
        ["static void ComputeAndWriteHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output)"] = () =>
        {
            byte[] output = new byte[FullParameters.DigestLength];
            Blake2b.ComputeAndWriteHash(ToPublic(FullParameters), Message, output);
            return (output, ReferenceHash(FullParameters, Message));
        },
        ["static {State} CreateIncrementalHasher(in Blake2Parameters parameters)"] = () =>
        {
            Blake2bHashState state = Blake2b.CreateIncrementalHasher(ToPublic(FullParameters));
            state.Update(Message);
            return (state.Finish(), ReferenceHash(FullParameters, Message));
        },
        ["static void ComputeAndWriteHashes(in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs)"] = () =>
        {
            byte[] outputs = new byte[3 * FullParameters.DigestLength];
            Blake2b.ComputeAndWriteHashes(ToPublic(FullParameters), ManyInputs, outputs);
            return (outputs, ManyExpected(FullParameters));
        },
    };
}

public sealed class Blake2sDriver : FixedDigestDriver
{
    public override string Name => "blake2s";
    public override Type PublicType => typeof(Blake2s);
    public override Type StateType => typeof(Blake2sHashState);
    internal override KernelSet Kernels => CoreTable.Blake2s;
    public override int BlockSize => 64;
    public override int MaxDigestLength => 32;
    public override int WordSize => 4;
    public override int SaltLength => 8;
    public override byte[] ReferenceHash(ReferenceParameters parameters, byte[] message) => ReferenceBlake2s.Hash(parameters, message);
    protected override object NewState() => Blake2s.CreateIncrementalHasher();

    protected override IReadOnlyDictionary<string, Func<(byte[] Actual, byte[] Expected)>> DirectCalls => new Dictionary<string, Func<(byte[], byte[])>>
    {
        ["static byte[] ComputeHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input)"] = () =>
            (Blake2s.ComputeHash(ToPublic(FullParameters), Message), ReferenceHash(FullParameters, Message)),
        ["static void ComputeAndWriteHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output)"] = () =>
        {
            byte[] output = new byte[FullParameters.DigestLength];
            Blake2s.ComputeAndWriteHash(ToPublic(FullParameters), Message, output);
            return (output, ReferenceHash(FullParameters, Message));
        },
        ["static {State} CreateIncrementalHasher(in Blake2Parameters parameters)"] = () =>
        {
            Blake2sHashState state = Blake2s.CreateIncrementalHasher(ToPublic(FullParameters));
            state.Update(Message);
            return (state.Finish(), ReferenceHash(FullParameters, Message));
        },
        ["static void ComputeAndWriteHashes(in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs)"] = () =>
        {
            byte[] outputs = new byte[3 * FullParameters.DigestLength];
            Blake2s.ComputeAndWriteHashes(ToPublic(FullParameters), ManyInputs, outputs);
            return (outputs, ManyExpected(FullParameters));
        },
    };
}
