using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Families.Blake2.State;
using Blake2Fast.State;
using Blake2Fast.Tests.Family;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The parallel-mode contract (BLAKE2bp, BLAKE2sp): the fixed-digest surface without a parameter block, hashed as a
/// tree of leaves dealt whole blocks round robin under one root. A third algorithm of this contract is one subclass.
/// </summary>
public abstract partial class ParallelDriver : HashDriver
{
    /// <summary>Every algorithm of this contract (BLAKE2bp, BLAKE2sp).</summary>
    public static readonly ParallelDriver[] All = Discover<ParallelDriver>();
    public static readonly ParallelDriver Bp = All.OfType<Blake2bpDriver>().Single();
    public static readonly ParallelDriver Sp = All.OfType<Blake2spDriver>().Single();

    public static ParallelDriver Parse(string name) => All.FirstOrDefault(a => a.Name == name) ?? throw new ArgumentException(name);
    internal static InstructionSet ParseInstructionSet(string name) => Enum.Parse<InstructionSet>(name);

    /// <summary>(algorithm name, kernel name) for every parallel kernel that runs here.</summary>
    public static IEnumerable<object[]> AllInstructionSets() => All.SelectMany(a => a.SupportedInstructionSets.Select(c => new object[] { a.Name, c.ToString() }));

    /// <summary>The number of leaves P: 4 for BLAKE2bp, 8 for BLAKE2sp.</summary>
    public abstract int Lanes { get; }
    public abstract int BlockSize { get; }

    /// <summary>One block per leaf: 512 bytes for both.</summary>
    public int Superblock => Lanes * BlockSize;
    public abstract int MaxDigestLength { get; }
    public int MaxKeyLength => MaxDigestLength;

    /// <summary>A constant per algorithm that the tests mix into their random seeds (0xB for BLAKE2bp, 0x5 for BLAKE2sp).</summary>
    public abstract int SeedTag { get; }

    /// <summary>Whether the first of the long inputs is keyed (the others then are not); the two algorithms alternate.</summary>
    internal abstract bool KeysFirstLongInput { get; }

    internal IReadOnlyList<InstructionSet> SupportedInstructionSets => Kernels.Supported;
    internal InstructionSet DefaultInstructionSet => Kernels.Default;

    /// <summary>The leaves' algorithm, whose reference and public one-shot the construction tests build the tree from.</summary>
    public abstract FixedDigestDriver Leaf { get; }

    public override byte[] Reference(Request request) =>
        TreeConstruction.Compute(this, request.Input, request.Key ?? Array.Empty<byte>(), request.DigestLength ?? MaxDigestLength);

    // ---- the public API (the keyed forms refuse an empty key, KeyRefusalTests; here an empty key means unkeyed) ----
    public abstract byte[] ComputeHash(ReadOnlySpan<byte> input);
    public abstract byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> input);
    protected abstract byte[] ComputeKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input);
    protected abstract byte[] ComputeKeyedHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input);
    public byte[] ComputeHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => key.IsEmpty ? ComputeHash(input) : ComputeKeyedHash(key, input);
    public byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => key.IsEmpty ? ComputeHash(digestLength, input) : ComputeKeyedHash(digestLength, key, input);

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

    public abstract ParallelHasher CreateIncrementalHasher();
    public abstract ParallelHasher CreateIncrementalHasher(int digestLength);
    protected abstract ParallelHasher CreateKeyedHasher(ReadOnlySpan<byte> key);
    protected abstract ParallelHasher CreateKeyedHasher(int digestLength, ReadOnlySpan<byte> key);
    public ParallelHasher CreateIncrementalHasher(ReadOnlySpan<byte> key) => key.IsEmpty ? CreateIncrementalHasher() : CreateKeyedHasher(key);
    public ParallelHasher CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key) => key.IsEmpty ? CreateIncrementalHasher(digestLength) : CreateKeyedHasher(digestLength, key);

    public abstract HashAlgorithm CreateHashAlgorithm();
    public abstract HashAlgorithm CreateHashAlgorithm(int digestLength);
    public abstract HMAC CreateHMAC(ReadOnlySpan<byte> key);
    public abstract HMAC CreateHMAC(int digestLength, ReadOnlySpan<byte> key);

    /// <summary>A default (never created) state.</summary>
    public abstract ParallelHasher DefaultState();

    // ---- internal entry points on a named kernel ----
    internal abstract void Hash(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output);

    internal byte[] Hash(InstructionSet instructionSet, int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input)
    {
        var output = new byte[digestLength];
        Hash(instructionSet, new Blake2Parameters { DigestLength = digestLength, Key = key }, input, output);
        return output;
    }

    /// <summary>
    /// The one-shot path (the engine's Hash, which the public ComputeHash takes) on a named kernel: it finishes the
    /// leaves from the input itself, apart from the state's buffer, so it is tested on every kernel too.
    /// </summary>
    internal byte[] HashOneShot(InstructionSet instructionSet, int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input)
    {
        var output = new byte[digestLength];
        HashOneShot(new Blake2Parameters { DigestLength = digestLength, Key = key }, instructionSet, input, output);
        return output;
    }

    private protected abstract void HashOneShot(in Blake2Parameters parameters, InstructionSet instructionSet, ReadOnlySpan<byte> input, Span<byte> output);

    internal abstract ParallelHasher CreateIncrementalHasher(InstructionSet instructionSet, in Blake2Parameters parameters);

    /// <summary>Hashes <paramref name="input"/> on <paramref name="instructionSet"/> with one Update per piece (the pieces must cover it).</summary>
    internal byte[] HashInPieces(InstructionSet instructionSet, int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, int[] pieces)
    {
        ParallelHasher hasher = CreateIncrementalHasher(instructionSet, new Blake2Parameters { DigestLength = digestLength, Key = key });
        int offset = 0;
        foreach (int length in pieces)
        {
            hasher.Update(input.Slice(offset, length));
            offset += length;
        }
        if (offset != input.Length)
            throw new InvalidOperationException($"The split pattern covers {offset} of {input.Length} bytes.");
        return hasher.Finish();
    }

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
        "static int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)",
        "static int HashData(ReadOnlySpan<byte> source, Span<byte> destination)",
        "static int HashData(Stream source, Span<byte> destination)",
        "static int HashData(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)",
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

public sealed class Blake2bpDriver : ParallelDriver
{
    public override string Name => "blake2bp";
    public override Type PublicType => typeof(Blake2bp);
    public override Type StateType => typeof(Blake2bpHashState);
    internal override KernelSet Kernels => KernelTable.Blake2bpLeaves;
    public override FixedDigestDriver Leaf => FixedDigestDriver.B;
    public override int SeedTag => 0xB;
    internal override bool KeysFirstLongInput => true;
    public override byte[] ComputeHash(ReadOnlySpan<byte> input) => Blake2bp.ComputeHash(input);
    public override byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> input) => Blake2bp.ComputeHash(digestLength, input);
    protected override byte[] ComputeKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => Blake2bp.ComputeHash(key, input);
    protected override byte[] ComputeKeyedHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => Blake2bp.ComputeHash(digestLength, key, input);
    public override void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output) => Blake2bp.ComputeAndWriteHash(input, output);
    public override void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> input, Span<byte> output) => Blake2bp.ComputeAndWriteHash(digestLength, input, output);
    protected override void ComputeAndWriteKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) => Blake2bp.ComputeAndWriteHash(key, input, output);
    protected override void ComputeAndWriteKeyedHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) => Blake2bp.ComputeAndWriteHash(digestLength, key, input, output);
    public override ParallelHasher CreateIncrementalHasher() => new Blake2bpHasher(Blake2bp.CreateIncrementalHasher());
    public override ParallelHasher CreateIncrementalHasher(int digestLength) => new Blake2bpHasher(Blake2bp.CreateIncrementalHasher(digestLength));
    protected override ParallelHasher CreateKeyedHasher(ReadOnlySpan<byte> key) => new Blake2bpHasher(Blake2bp.CreateIncrementalHasher(key));
    protected override ParallelHasher CreateKeyedHasher(int digestLength, ReadOnlySpan<byte> key) => new Blake2bpHasher(Blake2bp.CreateIncrementalHasher(digestLength, key));
    public override HashAlgorithm CreateHashAlgorithm() => Blake2bp.CreateHashAlgorithm();
    public override HashAlgorithm CreateHashAlgorithm(int digestLength) => Blake2bp.CreateHashAlgorithm(digestLength);
    public override HMAC CreateHMAC(ReadOnlySpan<byte> key) => Blake2bp.CreateHMAC(key);
    public override HMAC CreateHMAC(int digestLength, ReadOnlySpan<byte> key) => Blake2bp.CreateHMAC(digestLength, key);
    public override ParallelHasher DefaultState() => new Blake2bpHasher(default);
    internal override void Hash(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output) => Blake2bp.Hash(parameters, input, output, instructionSet);
    private protected override void HashOneShot(in Blake2Parameters parameters, InstructionSet instructionSet, ReadOnlySpan<byte> input, Span<byte> output) =>
        Blake2State<ulong, ParallelEngine<ulong, Blake2bWord, Blake2bCompressor, Blake2bpLanes, Blake2bpStorage>, Blake2bpStorage>.Hash(parameters, instructionSet, input, output, "output");
    internal override ParallelHasher CreateIncrementalHasher(InstructionSet instructionSet, in Blake2Parameters parameters) => new Blake2bpHasher(new Blake2bpHashState(parameters, instructionSet));
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
    internal override KernelSet Kernels => KernelTable.Blake2spLeaves;
    public override FixedDigestDriver Leaf => FixedDigestDriver.S;
    public override int SeedTag => 0x5;
    internal override bool KeysFirstLongInput => false;
    public override byte[] ComputeHash(ReadOnlySpan<byte> input) => Blake2sp.ComputeHash(input);
    public override byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> input) => Blake2sp.ComputeHash(digestLength, input);
    protected override byte[] ComputeKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => Blake2sp.ComputeHash(key, input);
    protected override byte[] ComputeKeyedHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => Blake2sp.ComputeHash(digestLength, key, input);
    public override void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output) => Blake2sp.ComputeAndWriteHash(input, output);
    public override void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> input, Span<byte> output) => Blake2sp.ComputeAndWriteHash(digestLength, input, output);
    protected override void ComputeAndWriteKeyedHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) => Blake2sp.ComputeAndWriteHash(key, input, output);
    protected override void ComputeAndWriteKeyedHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) => Blake2sp.ComputeAndWriteHash(digestLength, key, input, output);
    public override ParallelHasher CreateIncrementalHasher() => new Blake2spHasher(Blake2sp.CreateIncrementalHasher());
    public override ParallelHasher CreateIncrementalHasher(int digestLength) => new Blake2spHasher(Blake2sp.CreateIncrementalHasher(digestLength));
    protected override ParallelHasher CreateKeyedHasher(ReadOnlySpan<byte> key) => new Blake2spHasher(Blake2sp.CreateIncrementalHasher(key));
    protected override ParallelHasher CreateKeyedHasher(int digestLength, ReadOnlySpan<byte> key) => new Blake2spHasher(Blake2sp.CreateIncrementalHasher(digestLength, key));
    public override HashAlgorithm CreateHashAlgorithm() => Blake2sp.CreateHashAlgorithm();
    public override HashAlgorithm CreateHashAlgorithm(int digestLength) => Blake2sp.CreateHashAlgorithm(digestLength);
    public override HMAC CreateHMAC(ReadOnlySpan<byte> key) => Blake2sp.CreateHMAC(key);
    public override HMAC CreateHMAC(int digestLength, ReadOnlySpan<byte> key) => Blake2sp.CreateHMAC(digestLength, key);
    public override ParallelHasher DefaultState() => new Blake2spHasher(default);
    internal override void Hash(InstructionSet instructionSet, in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output) => Blake2sp.Hash(parameters, input, output, instructionSet);
    private protected override void HashOneShot(in Blake2Parameters parameters, InstructionSet instructionSet, ReadOnlySpan<byte> input, Span<byte> output) =>
        Blake2State<uint, ParallelEngine<uint, Blake2sWord, Blake2sCompressor, Blake2spLanes, Blake2spStorage>, Blake2spStorage>.Hash(parameters, instructionSet, input, output, "output");
    internal override ParallelHasher CreateIncrementalHasher(InstructionSet instructionSet, in Blake2Parameters parameters) => new Blake2spHasher(new Blake2spHashState(parameters, instructionSet));
    public override int Lanes => 8;
    public override int BlockSize => 64;
    public override int MaxDigestLength => 32;
    protected override object NewState() => Blake2sp.CreateIncrementalHasher();
}

/// <summary>A parallel-mode state behind one face (a class, so the struct inside is mutated in place).</summary>
public abstract class ParallelHasher
{
    public abstract int DigestLength { get; }
    public abstract void Update(ReadOnlySpan<byte> input);
    public abstract void UpdateElements<T>(ReadOnlySpan<T> input) where T : unmanaged;
    public abstract void UpdateValue<T>(T input) where T : unmanaged;
    public abstract byte[] Finish();
    public abstract void Finish(Span<byte> output);
    public abstract bool TryFinish(Span<byte> output, out int written);

    /// <summary>A copy of the state as it is now (struct copy semantics).</summary>
    public abstract ParallelHasher Snapshot();
}

public sealed class Blake2bpHasher : ParallelHasher
{
    private Blake2bpHashState _state;

    public Blake2bpHasher(Blake2bpHashState state) => _state = state;

    public override int DigestLength => _state.DigestLength;
    public override void Update(ReadOnlySpan<byte> input) => _state.Update(input);
    public override void UpdateElements<T>(ReadOnlySpan<T> input) => _state.Update(input);
    public override void UpdateValue<T>(T input) => _state.Update(input);
    public override byte[] Finish() => _state.Finish();
    public override void Finish(Span<byte> output) => _state.Finish(output);
    public override bool TryFinish(Span<byte> output, out int written) => _state.TryFinish(output, out written);
    public override ParallelHasher Snapshot() => new Blake2bpHasher(_state);
}

public sealed class Blake2spHasher : ParallelHasher
{
    private Blake2spHashState _state;

    public Blake2spHasher(Blake2spHashState state) => _state = state;

    public override int DigestLength => _state.DigestLength;
    public override void Update(ReadOnlySpan<byte> input) => _state.Update(input);
    public override void UpdateElements<T>(ReadOnlySpan<T> input) => _state.Update(input);
    public override void UpdateValue<T>(T input) => _state.Update(input);
    public override byte[] Finish() => _state.Finish();
    public override void Finish(Span<byte> output) => _state.Finish(output);
    public override bool TryFinish(Span<byte> output, out int written) => _state.TryFinish(output, out written);
    public override ParallelHasher Snapshot() => new Blake2spHasher(_state);
}
