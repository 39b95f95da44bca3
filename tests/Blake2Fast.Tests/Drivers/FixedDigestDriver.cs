using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;
using Blake2Fast.Tests.Oracle;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The fixed-digest contract (BLAKE2b, BLAKE2s): a digest of 1..max bytes, an optional key of 1..max bytes, a full
/// parameter block, many messages at once. A third algorithm of this contract is one subclass.
/// </summary>
public abstract partial class FixedDigestDriver : HashDriver
{
    /// <summary>Every algorithm of this contract (BLAKE2b, BLAKE2s).</summary>
    public static readonly FixedDigestDriver[] All = Discover<FixedDigestDriver>();
    public static readonly FixedDigestDriver B = All.OfType<Blake2bDriver>().Single();
    public static readonly FixedDigestDriver S = All.OfType<Blake2sDriver>().Single();

    public static FixedDigestDriver Parse(string name) => All.FirstOrDefault(a => a.Name == name) ?? throw new ArgumentException(name);
    internal static InstructionSet ParseInstructionSet(string name) => Enum.Parse<InstructionSet>(name);

    /// <summary>(algorithm, instruction set) for every instruction set of every algorithm of this contract that runs on this machine.</summary>
    public static IEnumerable<object[]> AllInstructionSets() => All.SelectMany(a => a.SupportedInstructionSets.Select(c => new object[] { a.Name, c.ToString() }));

    /// <summary>Every instruction set of this algorithm that runs on this machine, by name.</summary>
    internal IReadOnlyList<InstructionSet> SupportedInstructionSets => Kernels.Supported;
    internal InstructionSet DefaultInstructionSet => Kernels.Default;

    public abstract int BlockSize { get; }
    public abstract int MaxDigestLength { get; }
    public int MaxKeyLength => MaxDigestLength;
    public abstract int WordSize { get; }
    public abstract int SaltLength { get; }

    // ---- the public API (the keyed forms refuse an empty key, KeyRefusalTests; here an empty key means unkeyed) ----
    public abstract byte[] ComputeHash(ReadOnlySpan<byte> input);
    public abstract byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> input);
    protected abstract byte[] ComputeKeyedHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input);
    protected abstract byte[] ComputeKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input);
    public byte[] ComputeHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => key.IsEmpty ? ComputeHash(input) : ComputeKeyedHash(key, input);
    public byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => key.IsEmpty ? ComputeHash(digestLength, input) : ComputeKeyedHash(digestLength, key, input);
    public abstract byte[] ComputeHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input);

    public abstract void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output);
    public abstract void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> input, Span<byte> output);
    protected abstract void ComputeAndWriteKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output);
    protected abstract void ComputeAndWriteKeyedHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output);
    public void ComputeAndWriteHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output)
    {
        if (key.IsEmpty) ComputeAndWriteHash(input, output); else ComputeAndWriteKeyedHash(key, input, output);
    }
    public void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output)
    {
        if (key.IsEmpty) ComputeAndWriteHash(digestLength, input, output); else ComputeAndWriteKeyedHash(digestLength, key, input, output);
    }
    public abstract void ComputeAndWriteHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output);

    public abstract Hasher CreateIncrementalHasher();
    public abstract Hasher CreateIncrementalHasher(int digestLength);
    protected abstract Hasher CreateKeyedHasher(ReadOnlySpan<byte> key);
    protected abstract Hasher CreateKeyedHasher(int digestLength, ReadOnlySpan<byte> key);
    public Hasher CreateIncrementalHasher(ReadOnlySpan<byte> key) => key.IsEmpty ? CreateIncrementalHasher() : CreateKeyedHasher(key);
    public Hasher CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key) => key.IsEmpty ? CreateIncrementalHasher(digestLength) : CreateKeyedHasher(digestLength, key);
    public abstract Hasher CreateIncrementalHasher(in Blake2Parameters parameters);
    /// <summary>A <see langword="default"/> state, never initialized.</summary>
    public abstract Hasher DefaultState();

    public abstract System.Security.Cryptography.HashAlgorithm CreateHashAlgorithm();
    public abstract System.Security.Cryptography.HashAlgorithm CreateHashAlgorithm(int digestLength);
    public abstract System.Security.Cryptography.HMAC CreateHMAC(ReadOnlySpan<byte> key);
    public abstract System.Security.Cryptography.HMAC CreateHMAC(int digestLength, ReadOnlySpan<byte> key);

    // ---- internal entry points on a named instruction set ----
    internal abstract void Hash(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output);
    internal abstract Hasher CreateIncrementalHasher(InstructionSet instructionSet, in Blake2Parameters parameters);

    internal byte[] Hash(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<byte> input)
    {
        var output = new byte[parameters.DigestLength == 0 ? MaxDigestLength : parameters.DigestLength];
        Hash(instructionSet, parameters, input, output);
        return output;
    }

    /// <summary>Hashes <paramref name="input"/> incrementally, cutting it at the given split points.</summary>
    internal byte[] HashInPieces(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<byte> input, IEnumerable<int> pieceLengths)
    {
        Hasher hasher = CreateIncrementalHasher(instructionSet, parameters);
        int offset = 0;
        foreach (int length in pieceLengths)
        {
            int take = Math.Min(length, input.Length - offset);
            hasher.Update(input.Slice(offset, take));
            offset += take;
            if (offset == input.Length)
                break;
        }
        hasher.Update(input.Slice(offset));
        return hasher.Finish();
    }

    /// <summary>The largest node offset the parameter block holds (64 bits in BLAKE2b, 48 in BLAKE2s).</summary>
    public abstract ulong MaxNodeOffset { get; }

    /// <summary>The largest value of one word of the byte counter t (the word size's maximum).</summary>
    public ulong CounterWordMax => WordSize == 8 ? ulong.MaxValue : uint.MaxValue;

    /// <summary>A constant per algorithm that the tests mix into their random seeds (0xB for BLAKE2b, 0x5 for BLAKE2s).</summary>
    public abstract int SeedTag { get; }

    /// <summary>The many-message lanes an instruction set hashes at once (1 for an instruction set without a lane kernel).</summary>
    internal abstract int ManyLanes(InstructionSet instructionSet);

    /// <summary>The instruction sets the many-message and parallel modes run on (the leaf kernels of the algorithm's parallel mode).</summary>
    internal abstract KernelSet LaneKernels { get; }

    internal abstract void HashMany(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs);
    public abstract void ComputeAndWriteHashes(in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs);
    public abstract void ComputeAndWriteHashes(ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs);

    /// <summary>Calls that must allocate nothing (StateTests): the span APIs and the incremental state.</summary>
    internal abstract Action[] NonAllocatingCalls(byte[] input, byte[] key, long[] longs, byte[] output);

    /// <summary>Calls that allocate only their result array, each handing it to <paramref name="keep"/> (StateTests).</summary>
    internal abstract Action[] ResultOnlyCalls(int digestLength, byte[] input, byte[] key, Action<byte[]> keep);

    /// <summary>The test project's reference implementation of this algorithm.</summary>
    public abstract byte[] ReferenceHash(ReferenceParameters parameters, byte[] message);

    /// <summary>The reference's parameter block for <paramref name="parameters"/>.</summary>
    public abstract byte[] ReferenceParameterBlock(ReferenceParameters parameters);

    /// <summary>Plain BLAKE2 from an explicit parameter block and key block, the full chaining value out (<see cref="Family.RawBlake2"/>).</summary>
    public abstract byte[] RawHash(byte[] parameterBlock, byte[] keyBlock, byte[] message, bool lastNode);

    /// <summary>The reference with the counter starting at <paramref name="counterLow"/> + <paramref name="counterHigh"/> * 2^w.</summary>
    public abstract byte[] ReferenceHash(ReferenceParameters parameters, byte[] message, ulong counterLow, ulong counterHigh);

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
        "static int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)",
        "static int HashData(ReadOnlySpan<byte> source, Span<byte> destination)",
        "static int HashData(ReadOnlySpan<byte> source, byte[] destination)",
        "static int HashData(Stream source, Span<byte> destination)",
        "static int HashData(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)",
        "static int HashData(int digestLength, ReadOnlySpan<byte> source, Span<byte> destination)",
        "static int HashData(int digestLength, ReadOnlySpan<byte> source, byte[] destination)",
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
        "void State.Update<T>(ArraySegment<T> input)",
        "void State.Update<T>(in T input)",
        "void State.Update<T>(in T[] input)",
        "void State.Update<T>(Span<T> input)",
        "void State.Update<T>(ReadOnlySpan<T> input)",
        "void State.Update<T>(T input)",
        "void State.Update<T>(T[] input)",
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

public sealed class Blake2bDriver : FixedDigestDriver
{
    public override string Name => "blake2b";
    public override Type PublicType => typeof(Blake2b);
    public override Type StateType => typeof(Blake2bHashState);
    internal override KernelSet Kernels => KernelTable.Blake2b;
    public override int BlockSize => 128;
    public override int MaxDigestLength => 64;
    public override int WordSize => 8;
    public override int SaltLength => 16;
    public override byte[] ReferenceHash(ReferenceParameters parameters, byte[] message) => ReferenceBlake2b.Hash(parameters, message);
    protected override object NewState() => Blake2b.CreateIncrementalHasher();

    public override byte[] ComputeHash(ReadOnlySpan<byte> input) => Blake2b.ComputeHash(input);
    public override byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> input) => Blake2b.ComputeHash(digestLength, input);
    protected override byte[] ComputeKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => Blake2b.ComputeHash(key, input);
    protected override byte[] ComputeKeyedHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => Blake2b.ComputeHash(digestLength, key, input);
    public override byte[] ComputeHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input) => Blake2b.ComputeHash(parameters, input);
    public override void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output) => Blake2b.ComputeAndWriteHash(input, output);
    public override void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> input, Span<byte> output) => Blake2b.ComputeAndWriteHash(digestLength, input, output);
    protected override void ComputeAndWriteKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) => Blake2b.ComputeAndWriteHash(key, input, output);
    protected override void ComputeAndWriteKeyedHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) => Blake2b.ComputeAndWriteHash(digestLength, key, input, output);
    public override void ComputeAndWriteHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output) => Blake2b.ComputeAndWriteHash(parameters, input, output);
    public override Hasher CreateIncrementalHasher() => new Blake2bHasher(Blake2b.CreateIncrementalHasher());
    public override Hasher CreateIncrementalHasher(int digestLength) => new Blake2bHasher(Blake2b.CreateIncrementalHasher(digestLength));
    protected override Hasher CreateKeyedHasher(ReadOnlySpan<byte> key) => new Blake2bHasher(Blake2b.CreateIncrementalHasher(key));
    protected override Hasher CreateKeyedHasher(int digestLength, ReadOnlySpan<byte> key) => new Blake2bHasher(Blake2b.CreateIncrementalHasher(digestLength, key));
    public override Hasher CreateIncrementalHasher(in Blake2Parameters parameters) => new Blake2bHasher(Blake2b.CreateIncrementalHasher(parameters));
    public override Hasher DefaultState() => new Blake2bHasher(default);
    public override byte[] ReferenceParameterBlock(ReferenceParameters parameters) => ReferenceBlake2b.ParameterBlock(parameters);
    public override byte[] RawHash(byte[] parameterBlock, byte[] keyBlock, byte[] message, bool lastNode) => Family.RawBlake2.Blake2b(parameterBlock, keyBlock, message, lastNode);

    internal override Action[] NonAllocatingCalls(byte[] input, byte[] key, long[] longs, byte[] output) => new Action[]
    {
        () => Blake2b.ComputeAndWriteHash(input, output.AsSpan()),
        () => Blake2b.ComputeAndWriteHash(32, input, output.AsSpan()),
        () => Blake2b.ComputeAndWriteHash(key, input, output),
        () => Blake2b.ComputeAndWriteHash(32, key, input, output),
        () => Blake2b.ComputeAndWriteHash(new Blake2Parameters { DigestLength = 32, Key = key, Salt = key, Personalization = key }, input, output),
        () => Blake2b.HashData(input, output.AsSpan()),
        () => Blake2b.TryHashData(32, input, output.AsSpan(), out _),
        () => Blake2b.Keyed.HashData(key, input, output),
        () => Blake2b.Keyed.TryHashData(32, key, input, output, out _),
        () =>
        {
            Blake2bHashState s = Blake2b.CreateIncrementalHasher(key);
            s.Update(input);
            s.Update<long>(new ReadOnlySpan<long>(longs));
            s.Update<int>(42);
            Blake2bHashState copy = s;
            copy.Finish(output);
            s.TryFinish(output, out _);
        },
        () =>
        {
            Blake2bHashState s = Blake2b.CreateIncrementalHasher(new Blake2Parameters { DigestLength = 20, NodeOffset = 3, LastNode = true });
            s.Update(input);
            s.Finish(output);
        },
    };

    internal override Action[] ResultOnlyCalls(int digestLength, byte[] input, byte[] key, Action<byte[]> keep) => new Action[]
    {
        () => keep(Blake2b.ComputeHash(digestLength, input)),
        () => keep(Blake2b.ComputeHash(digestLength, key, input)),
        () => keep(Blake2b.ComputeHash(new Blake2Parameters { DigestLength = digestLength, Salt = key }, input)),
        () =>
        {
            Blake2bHashState s = Blake2b.CreateIncrementalHasher(digestLength, key);
            s.Update(input);
            keep(s.Finish());
        },
    };

    public override ulong MaxNodeOffset => ulong.MaxValue;
    public override int SeedTag => 0xB;
    internal override int ManyLanes(InstructionSet instructionSet) => instructionSet switch { InstructionSet.Avx512 => 8, InstructionSet.Avx2 => 4, InstructionSet.Neon or InstructionSet.Vector128 => 2, _ => 1 };
    internal override KernelSet LaneKernels => KernelTable.Blake2bpLeaves;
    internal override void HashMany(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs) => Blake2b.HashMany(parameters, inputs, outputs, instructionSet);
    public override void ComputeAndWriteHashes(in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs) => Blake2b.ComputeAndWriteHashes(parameters, inputs, outputs);
    public override void ComputeAndWriteHashes(ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs) => Blake2b.ComputeAndWriteHashes(inputs, outputs);
    public override byte[] ReferenceHash(ReferenceParameters parameters, byte[] message, ulong counterLow, ulong counterHigh) => ReferenceBlake2b.Hash(parameters, message, counterLow, counterHigh);
    public override System.Security.Cryptography.HashAlgorithm CreateHashAlgorithm() => Blake2b.CreateHashAlgorithm();
    public override System.Security.Cryptography.HashAlgorithm CreateHashAlgorithm(int digestLength) => Blake2b.CreateHashAlgorithm(digestLength);
    public override System.Security.Cryptography.HMAC CreateHMAC(ReadOnlySpan<byte> key) => Blake2b.CreateHMAC(key);
    public override System.Security.Cryptography.HMAC CreateHMAC(int digestLength, ReadOnlySpan<byte> key) => Blake2b.CreateHMAC(digestLength, key);
    internal override void Hash(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output) => Blake2b.Hash(parameters, input, output, instructionSet);
    internal override Hasher CreateIncrementalHasher(InstructionSet instructionSet, in Blake2Parameters parameters) => new Blake2bHasher(new Blake2bHashState(parameters, instructionSet));

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
    internal override KernelSet Kernels => KernelTable.Blake2s;
    public override int BlockSize => 64;
    public override int MaxDigestLength => 32;
    public override int WordSize => 4;
    public override int SaltLength => 8;
    public override byte[] ReferenceHash(ReferenceParameters parameters, byte[] message) => ReferenceBlake2s.Hash(parameters, message);
    protected override object NewState() => Blake2s.CreateIncrementalHasher();

    public override byte[] ComputeHash(ReadOnlySpan<byte> input) => Blake2s.ComputeHash(input);
    public override byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> input) => Blake2s.ComputeHash(digestLength, input);
    protected override byte[] ComputeKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => Blake2s.ComputeHash(key, input);
    protected override byte[] ComputeKeyedHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => Blake2s.ComputeHash(digestLength, key, input);
    public override byte[] ComputeHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input) => Blake2s.ComputeHash(parameters, input);
    public override void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output) => Blake2s.ComputeAndWriteHash(input, output);
    public override void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> input, Span<byte> output) => Blake2s.ComputeAndWriteHash(digestLength, input, output);
    protected override void ComputeAndWriteKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) => Blake2s.ComputeAndWriteHash(key, input, output);
    protected override void ComputeAndWriteKeyedHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) => Blake2s.ComputeAndWriteHash(digestLength, key, input, output);
    public override void ComputeAndWriteHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output) => Blake2s.ComputeAndWriteHash(parameters, input, output);
    public override Hasher CreateIncrementalHasher() => new Blake2sHasher(Blake2s.CreateIncrementalHasher());
    public override Hasher CreateIncrementalHasher(int digestLength) => new Blake2sHasher(Blake2s.CreateIncrementalHasher(digestLength));
    protected override Hasher CreateKeyedHasher(ReadOnlySpan<byte> key) => new Blake2sHasher(Blake2s.CreateIncrementalHasher(key));
    protected override Hasher CreateKeyedHasher(int digestLength, ReadOnlySpan<byte> key) => new Blake2sHasher(Blake2s.CreateIncrementalHasher(digestLength, key));
    public override Hasher CreateIncrementalHasher(in Blake2Parameters parameters) => new Blake2sHasher(Blake2s.CreateIncrementalHasher(parameters));
    public override Hasher DefaultState() => new Blake2sHasher(default);
    public override byte[] ReferenceParameterBlock(ReferenceParameters parameters) => ReferenceBlake2s.ParameterBlock(parameters);
    public override byte[] RawHash(byte[] parameterBlock, byte[] keyBlock, byte[] message, bool lastNode) => Family.RawBlake2.Blake2s(parameterBlock, keyBlock, message, lastNode);

    internal override Action[] NonAllocatingCalls(byte[] input, byte[] key, long[] longs, byte[] output) => new Action[]
    {
        () => Blake2s.ComputeAndWriteHash(input, output.AsSpan()),
        () => Blake2s.ComputeAndWriteHash(16, input, output.AsSpan()),
        () => Blake2s.ComputeAndWriteHash(key, input, output),
        () => Blake2s.ComputeAndWriteHash(16, key, input, output),
        () => Blake2s.ComputeAndWriteHash(new Blake2Parameters { DigestLength = 16, Key = key, Salt = key.AsSpan(0, 8), Personalization = key.AsSpan(0, 8) }, input, output),
        () => Blake2s.HashData(input, output.AsSpan()),
        () => Blake2s.TryHashData(16, input, output.AsSpan(), out _),
        () => Blake2s.Keyed.HashData(key, input, output),
        () => Blake2s.Keyed.TryHashData(16, key, input, output, out _),
        () =>
        {
            Blake2sHashState s = Blake2s.CreateIncrementalHasher(key);
            s.Update(input);
            s.Update<long>(new ReadOnlySpan<long>(longs));
            s.Update<int>(42);
            Blake2sHashState copy = s;
            copy.Finish(output);
            s.TryFinish(output, out _);
        },
        () =>
        {
            Blake2sHashState s = Blake2s.CreateIncrementalHasher(new Blake2Parameters { DigestLength = 20, NodeOffset = 3, LastNode = true });
            s.Update(input);
            s.Finish(output);
        },
    };

    internal override Action[] ResultOnlyCalls(int digestLength, byte[] input, byte[] key, Action<byte[]> keep) => new Action[]
    {
        () => keep(Blake2s.ComputeHash(digestLength, input)),
        () => keep(Blake2s.ComputeHash(digestLength, key, input)),
        () => keep(Blake2s.ComputeHash(new Blake2Parameters { DigestLength = digestLength, Salt = key.AsSpan(0, 8) }, input)),
        () =>
        {
            Blake2sHashState s = Blake2s.CreateIncrementalHasher(digestLength, key);
            s.Update(input);
            keep(s.Finish());
        },
    };

    public override ulong MaxNodeOffset => (1UL << 48) - 1;
    public override int SeedTag => 0x5;
    internal override int ManyLanes(InstructionSet instructionSet) => instructionSet switch { InstructionSet.Avx512 => 16, InstructionSet.Avx2 => 8, InstructionSet.Neon or InstructionSet.Vector128 => 4, _ => 1 };
    internal override KernelSet LaneKernels => KernelTable.Blake2spLeaves;
    internal override void HashMany(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs) => Blake2s.HashMany(parameters, inputs, outputs, instructionSet);
    public override void ComputeAndWriteHashes(in Blake2Parameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs) => Blake2s.ComputeAndWriteHashes(parameters, inputs, outputs);
    public override void ComputeAndWriteHashes(ReadOnlySpan<ReadOnlyMemory<byte>> inputs, Span<byte> outputs) => Blake2s.ComputeAndWriteHashes(inputs, outputs);
    public override byte[] ReferenceHash(ReferenceParameters parameters, byte[] message, ulong counterLow, ulong counterHigh) => ReferenceBlake2s.Hash(parameters, message, checked((uint)counterLow), checked((uint)counterHigh));
    public override System.Security.Cryptography.HashAlgorithm CreateHashAlgorithm() => Blake2s.CreateHashAlgorithm();
    public override System.Security.Cryptography.HashAlgorithm CreateHashAlgorithm(int digestLength) => Blake2s.CreateHashAlgorithm(digestLength);
    public override System.Security.Cryptography.HMAC CreateHMAC(ReadOnlySpan<byte> key) => Blake2s.CreateHMAC(key);
    public override System.Security.Cryptography.HMAC CreateHMAC(int digestLength, ReadOnlySpan<byte> key) => Blake2s.CreateHMAC(digestLength, key);
    internal override void Hash(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output) => Blake2s.Hash(parameters, input, output, instructionSet);
    internal override Hasher CreateIncrementalHasher(InstructionSet instructionSet, in Blake2Parameters parameters) => new Blake2sHasher(new Blake2sHashState(parameters, instructionSet));

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
