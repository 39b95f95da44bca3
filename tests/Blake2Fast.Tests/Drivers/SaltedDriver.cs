using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;
using System.Threading.Tasks;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Blake256Family;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The salted fixed-length contract (BLAKE-256, BLAKE-224): one digest length, an optional 16-byte salt, no key.
/// A third algorithm of this contract is one subclass.
/// </summary>
public abstract partial class SaltedDriver : HashDriver
{
    public abstract int DigestLength { get; }
    public const int BlockSize = 64;
    public const int SaltLength = 16;

    /// <summary>The test project's reference BLAKE-256/224 (<see cref="ReferenceBlake256"/>).</summary>
    public abstract byte[] ReferenceHash(byte[] message, byte[]? salt);

    /// <summary>The reference with the bit counter starting at <paramref name="startBits"/>.</summary>
    public abstract byte[] ReferenceHash(byte[] message, byte[]? salt, long startBits);

    public override byte[] Reference(Request request) => ReferenceHash(request.Input, request.Salt);

    internal override KernelSet Kernels => KernelTable.Blake256;

    private static readonly string[] Declared =
    {
        "byte[] State.Finish()",
        "bool State.TryFinish(Span<byte> output, out int bytesWritten)",
        "int State.DigestLength { get; }",
        "int State.SaveState(Span<byte> destination)",
        "int State.SavedStateLength { get; }",
        "static byte[] ComputeHash(ReadOnlySpan<byte> input)",
        "static byte[] ComputeHash(ReadOnlySpan<byte> salt, ReadOnlySpan<byte> input)",
        "static byte[] ComputeHash(ReadOnlySpan<byte> salt, Stream input)",
        "static byte[] ComputeHash(Stream input)",
        "static byte[] HashData(ReadOnlySpan<byte> source)",
        "static byte[] HashData(Stream source)",
        "static byte[] Salted.HashData(ReadOnlySpan<byte> salt, ReadOnlySpan<byte> source)",
        "static byte[] Salted.HashData(ReadOnlySpan<byte> salt, Stream source)",
        "static HashAlgorithm CreateHashAlgorithm()",
        "static HashAlgorithm CreateHashAlgorithm(ReadOnlySpan<byte> salt)",
        "static Task<byte[]> ComputeHashAsync(ReadOnlyMemory<byte> salt, Stream input, CancellationToken cancellationToken)",
        "static Task<byte[]> ComputeHashAsync(Stream input, CancellationToken cancellationToken)",
        "static ValueTask<byte[]> HashDataAsync(Stream source, CancellationToken cancellationToken)",
        "static ValueTask<byte[]> Salted.HashDataAsync(ReadOnlyMemory<byte> salt, Stream source, CancellationToken cancellationToken)",
        "static ValueTask<int> HashDataAsync(Stream source, Memory<byte> destination, CancellationToken cancellationToken)",
        "static ValueTask<int> Salted.HashDataAsync(ReadOnlyMemory<byte> salt, Stream source, Memory<byte> destination, CancellationToken cancellationToken)",
        "static bool Salted.TryHashData(ReadOnlySpan<byte> salt, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)",
        "static bool TryHashData(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)",
        "static int HashData(ReadOnlySpan<byte> source, Span<byte> destination)",
        "static int HashData(Stream source, Span<byte> destination)",
        "static int Salted.HashData(ReadOnlySpan<byte> salt, ReadOnlySpan<byte> source, Span<byte> destination)",
        "static int Salted.HashData(ReadOnlySpan<byte> salt, Stream source, Span<byte> destination)",
        "static string CompressionCore { get; }",
        "static void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output)",
        "static void ComputeAndWriteHash(ReadOnlySpan<byte> salt, ReadOnlySpan<byte> input, Span<byte> output)",
        "static {State} CreateIncrementalHasher()",
        "static {State} CreateIncrementalHasher(ReadOnlySpan<byte> salt)",
        "static {State} State.RestoreState(ReadOnlySpan<byte> savedState)",
        "void State.Finish(Span<byte> output)",
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

public sealed class Blake256Driver : SaltedDriver
{
    public override string Name => "blake256";
    public override Type PublicType => typeof(Blake256);
    public override Type StateType => typeof(Blake256HashState);
    public override int DigestLength => 32;
    public override byte[] ReferenceHash(byte[] message, byte[]? salt) => ReferenceBlake256.Blake256(message, salt);
    protected override object NewState() => Blake256.CreateIncrementalHasher();
    public override byte[] ReferenceHash(byte[] message, byte[]? salt, long startBits) => ReferenceBlake256.Hash(message, salt, is256: true, startBits);
    internal override InstructionSet DefaultInstructionSet => Blake256.InstructionSet;
    public override byte[] ComputeHash(byte[]? salt, ReadOnlySpan<byte> input) => salt is null ? Blake256.ComputeHash(input) : Blake256.ComputeHash(salt, input);
    public override byte[] ComputeHash(byte[]? salt, Stream input) => salt is null ? Blake256.ComputeHash(input) : Blake256.ComputeHash(salt, input);
    public override Task<byte[]> ComputeHashAsync(byte[]? salt, Stream input) => salt is null ? Blake256.ComputeHashAsync(input) : Blake256.ComputeHashAsync(salt, input);
    public override void ComputeAndWriteHash(byte[]? salt, ReadOnlySpan<byte> input, Span<byte> output)
    {
        if (salt is null) Blake256.ComputeAndWriteHash(input, output); else Blake256.ComputeAndWriteHash(salt, input, output);
    }
    public override byte[] HashData(byte[]? salt, ReadOnlySpan<byte> source) => salt is null ? Blake256.HashData(source) : Blake256.Salted.HashData(salt, source);
    public override int HashData(byte[]? salt, ReadOnlySpan<byte> source, Span<byte> destination) => salt is null ? Blake256.HashData(source, destination) : Blake256.Salted.HashData(salt, source, destination);
    public override bool TryHashData(byte[]? salt, ReadOnlySpan<byte> source, Span<byte> destination, out int written) =>
        salt is null ? Blake256.TryHashData(source, destination, out written) : Blake256.Salted.TryHashData(salt, source, destination, out written);
    public override byte[] HashData(byte[]? salt, Stream source) => salt is null ? Blake256.HashData(source) : Blake256.Salted.HashData(salt, source);
    public override int HashData(byte[]? salt, Stream source, Span<byte> destination) => salt is null ? Blake256.HashData(source, destination) : Blake256.Salted.HashData(salt, source, destination);
#if !LIBRARY_NETSTANDARD
    public override ValueTask<byte[]> HashDataAsync(byte[]? salt, Stream source) => salt is null ? Blake256.HashDataAsync(source) : Blake256.Salted.HashDataAsync(salt, source);
    public override ValueTask<int> HashDataAsync(byte[]? salt, Stream source, Memory<byte> destination) =>
        salt is null ? Blake256.HashDataAsync(source, destination) : Blake256.Salted.HashDataAsync(salt, source, destination);
#endif
    public override HashAlgorithm CreateHashAlgorithm(byte[]? salt) => salt is null ? Blake256.CreateHashAlgorithm() : Blake256.CreateHashAlgorithm(salt);
    public override Blake256Hasher CreateIncrementalHasher(byte[]? salt) => new Blake256StateHasher(salt is null ? Blake256.CreateIncrementalHasher() : Blake256.CreateIncrementalHasher(salt));
    internal override Blake256Hasher CreateIncrementalHasher(InstructionSet instructionSet, byte[]? salt) => new Blake256StateHasher(new Blake256HashState(salt, instructionSet));
    public override Blake256Hasher Restore(ReadOnlySpan<byte> blob) => new Blake256StateHasher(Blake256HashState.RestoreState(blob));
    public override Blake256Hasher DefaultState() => new Blake256StateHasher(default);
}

public sealed class Blake224Driver : SaltedDriver
{
    public override string Name => "blake224";
    public override Type PublicType => typeof(Blake224);
    public override Type StateType => typeof(Blake224HashState);
    public override int DigestLength => 28;
    public override byte[] ReferenceHash(byte[] message, byte[]? salt) => ReferenceBlake256.Blake224(message, salt);
    protected override object NewState() => Blake224.CreateIncrementalHasher();
    public override byte[] ReferenceHash(byte[] message, byte[]? salt, long startBits) => ReferenceBlake256.Hash(message, salt, is256: false, startBits);
    internal override InstructionSet DefaultInstructionSet => Blake224.InstructionSet;
    public override byte[] ComputeHash(byte[]? salt, ReadOnlySpan<byte> input) => salt is null ? Blake224.ComputeHash(input) : Blake224.ComputeHash(salt, input);
    public override byte[] ComputeHash(byte[]? salt, Stream input) => salt is null ? Blake224.ComputeHash(input) : Blake224.ComputeHash(salt, input);
    public override Task<byte[]> ComputeHashAsync(byte[]? salt, Stream input) => salt is null ? Blake224.ComputeHashAsync(input) : Blake224.ComputeHashAsync(salt, input);
    public override void ComputeAndWriteHash(byte[]? salt, ReadOnlySpan<byte> input, Span<byte> output)
    {
        if (salt is null) Blake224.ComputeAndWriteHash(input, output); else Blake224.ComputeAndWriteHash(salt, input, output);
    }
    public override byte[] HashData(byte[]? salt, ReadOnlySpan<byte> source) => salt is null ? Blake224.HashData(source) : Blake224.Salted.HashData(salt, source);
    public override int HashData(byte[]? salt, ReadOnlySpan<byte> source, Span<byte> destination) => salt is null ? Blake224.HashData(source, destination) : Blake224.Salted.HashData(salt, source, destination);
    public override bool TryHashData(byte[]? salt, ReadOnlySpan<byte> source, Span<byte> destination, out int written) =>
        salt is null ? Blake224.TryHashData(source, destination, out written) : Blake224.Salted.TryHashData(salt, source, destination, out written);
    public override byte[] HashData(byte[]? salt, Stream source) => salt is null ? Blake224.HashData(source) : Blake224.Salted.HashData(salt, source);
    public override int HashData(byte[]? salt, Stream source, Span<byte> destination) => salt is null ? Blake224.HashData(source, destination) : Blake224.Salted.HashData(salt, source, destination);
#if !LIBRARY_NETSTANDARD
    public override ValueTask<byte[]> HashDataAsync(byte[]? salt, Stream source) => salt is null ? Blake224.HashDataAsync(source) : Blake224.Salted.HashDataAsync(salt, source);
    public override ValueTask<int> HashDataAsync(byte[]? salt, Stream source, Memory<byte> destination) =>
        salt is null ? Blake224.HashDataAsync(source, destination) : Blake224.Salted.HashDataAsync(salt, source, destination);
#endif
    public override HashAlgorithm CreateHashAlgorithm(byte[]? salt) => salt is null ? Blake224.CreateHashAlgorithm() : Blake224.CreateHashAlgorithm(salt);
    public override Blake256Hasher CreateIncrementalHasher(byte[]? salt) => new Blake224StateHasher(salt is null ? Blake224.CreateIncrementalHasher() : Blake224.CreateIncrementalHasher(salt));
    internal override Blake256Hasher CreateIncrementalHasher(InstructionSet instructionSet, byte[]? salt) => new Blake224StateHasher(new Blake224HashState(salt, instructionSet));
    public override Blake256Hasher Restore(ReadOnlySpan<byte> blob) => new Blake224StateHasher(Blake224HashState.RestoreState(blob));
    public override Blake256Hasher DefaultState() => new Blake224StateHasher(default);
}
