using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Blake3Suite;
using Blake2Fast.Tests.Infrastructure;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The BLAKE3 contract: a chunk tree with a 32-byte key, derive-key from a context string, an output reader of any
/// length and a multi-threaded update. A second algorithm of this shape (a BLAKE3 variant) is one subclass.
/// </summary>
public abstract class TreeXofDriver : HashDriver
{
    public const int ChunkLength = 1024;
    public const int KeyLength = 32;

    public override Type? ReaderType => typeof(Blake3OutputReader);
    protected override byte[] SurfaceKey => Hex.Sequence(KeyLength);

    private static readonly string[] Declared =
    {
        "byte[] State.Finish()",
        "bool State.TryFinish(Span<byte> output, out int bytesWritten)",
        "int State.DigestLength { get; }",
        "int State.SaveState(Span<byte> destination, bool includeKeyedState)",
        "int State.SavedStateLength { get; }",
        "long Reader.Position { get; }",
        "long Reader.Position { set; }",
        "static byte[] ComputeHash(ReadOnlySpan<byte> input)",
        "static byte[] ComputeHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input)",
        "static byte[] ComputeHash(ReadOnlySpan<byte> key, Stream input)",
        "static byte[] ComputeHash(Stream input)",
        "static byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> input)",
        "static byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input)",
        "static byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> key, Stream input)",
        "static byte[] ComputeHash(int digestLength, Stream input)",
        "static byte[] DeriveKey(string context, ReadOnlySpan<byte> material)",
        "static byte[] DeriveKey(string context, ReadOnlySpan<byte> material, int length)",
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
        "static void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> input, Span<byte> output)",
        "static void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output)",
        "static void DeriveKey(string context, ReadOnlySpan<byte> material, Span<byte> destination)",
        "static {State} CreateDeriveKeyHasher(string context)",
        "static {State} CreateDeriveKeyHasher(string context, int length)",
        "static {State} CreateIncrementalHasher()",
        "static {State} CreateIncrementalHasher(ReadOnlySpan<byte> key)",
        "static {State} CreateIncrementalHasher(int digestLength)",
        "static {State} CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key)",
        "static {State} CreateIncrementalHasher(Blake3Mode mode)",
        "static {State} CreateIncrementalHasher(int digestLength, Blake3Mode mode)",
        "static byte[] HashData(Blake3Mode mode, ReadOnlySpan<byte> source)",
        "static byte[] HashData(Blake3Mode mode, int digestLength, ReadOnlySpan<byte> source)",
        "static int HashData(Blake3Mode mode, ReadOnlySpan<byte> source, Span<byte> destination)",
        "long State.InputOffset { get; }",
        "void State.SetInputOffset(long offset)",
        "void State.FinishSubtree(Span<byte> chainingValue)",
        "byte[] State.FinishSubtree()",
        "static {State} State.RestoreState(ReadOnlySpan<byte> savedState)",
        "void Reader.Clear()",
        "void Reader.Read(Span<byte> destination)",
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
        "void State.UpdateParallel(ReadOnlySpan<byte> input, int maxDegreeOfParallelism)",
        "long State.UpdateParallel(SafeFileHandle file, long fileOffset, long length, int maxDegreeOfParallelism)",
        "void State.UpdateUInt16BigEndian(ushort value)",
        "void State.UpdateUInt16LittleEndian(ushort value)",
        "void State.UpdateUInt32BigEndian(uint value)",
        "void State.UpdateUInt32LittleEndian(uint value)",
        "void State.UpdateUInt64BigEndian(ulong value)",
        "void State.UpdateUInt64LittleEndian(ulong value)",
        "void State.UpdateUtf8(ReadOnlySpan<char> text)",
        "{Reader} State.FinishXof()",
    };

    protected override IReadOnlyList<string> ContractSurface => Declared;

    /// <summary>
    /// The subtree members, each in a scenario of its own: the message as its first chunk and the rest, hashed apart at
    /// their offsets (Blake3Subtrees' tests cover the layer in depth).
    /// </summary>
    protected override IReadOnlyDictionary<string, Func<(byte[] Actual, byte[] Expected)>> DirectCalls => new Dictionary<string, Func<(byte[], byte[])>>
    {
        ["static {State} CreateIncrementalHasher(Blake3Mode mode)"] = () =>
        {
            Blake3HashState state = Blake3.CreateIncrementalHasher(Blake3Mode.Keyed(SurfaceKey));
            state.Update(Message);
            return (state.Finish(), Reference(new Request(Message) { Key = SurfaceKey }));
        },
        ["static {State} CreateIncrementalHasher(int digestLength, Blake3Mode mode)"] = () =>
        {
            Blake3HashState state = Blake3.CreateIncrementalHasher(SurfaceDigestLength, Blake3Mode.KeyDerivation(ModeContext));
            state.Update(Message);
            return (state.Finish(), Reference(new Request(Message) { Context = ModeContext, OutputLength = SurfaceDigestLength }));
        },
        ["static byte[] HashData(Blake3Mode mode, ReadOnlySpan<byte> source)"] = () =>
            (Blake3.HashData(Blake3Mode.Keyed(SurfaceKey), Message), Reference(new Request(Message) { Key = SurfaceKey })),
        ["static byte[] HashData(Blake3Mode mode, int digestLength, ReadOnlySpan<byte> source)"] = () =>
            (Blake3.HashData(Blake3Mode.KeyDerivation(ModeContext), SurfaceDigestLength, Message), Reference(new Request(Message) { Context = ModeContext, OutputLength = SurfaceDigestLength })),
        ["static int HashData(Blake3Mode mode, ReadOnlySpan<byte> source, Span<byte> destination)"] = () =>
        {
            byte[] destination = new byte[SurfaceDigestLength];
            int written = Blake3.HashData(Blake3Mode.Hash, Message, destination);
            return (destination.Concat(BitConverter.GetBytes(written)).ToArray(),
                Reference(new Request(Message) { OutputLength = SurfaceDigestLength }).Concat(BitConverter.GetBytes(SurfaceDigestLength)).ToArray());
        },
        ["long State.InputOffset { get; }"] = () =>
            (MergedHalves(out long offset).Concat(BitConverter.GetBytes(offset)).ToArray(), Reference(new Request(Message)).Concat(BitConverter.GetBytes((long)ChunkLength)).ToArray()),
        ["void State.SetInputOffset(long offset)"] = () => (MergedHalves(out _), Reference(new Request(Message))),
        ["void State.FinishSubtree(Span<byte> chainingValue)"] = () => (MergedHalves(out _, intoSpan: true), Reference(new Request(Message))),
        ["byte[] State.FinishSubtree()"] = () => (MergedHalves(out _), Reference(new Request(Message))),
#if !LIBRARY_NETSTANDARD
        ["long State.UpdateParallel(SafeFileHandle file, long fileOffset, long length, int maxDegreeOfParallelism)"] = () =>
        {
            // The message from a file, at an offset past a few other bytes, on two threads.
            string path = Path.GetTempFileName();
            try
            {
                File.WriteAllBytes(path, new byte[] { 1, 2, 3 }.Concat(Message).ToArray());
                using SafeFileHandle file = File.OpenHandle(path);
                Blake3HashState state = Blake3.CreateIncrementalHasher();
                long added = state.UpdateParallel(file, 3, Message.Length, 2);
                return (state.Finish().Concat(BitConverter.GetBytes(added)).ToArray(), Reference(new Request(Message)).Concat(BitConverter.GetBytes((long)Message.Length)).ToArray());
            }
            finally
            {
                File.Delete(path);
            }
        },
#endif
    };

    private const string ModeContext = "Blake2Fast tests 2026-11-27 driver modes";

    /// <summary>The message's first chunk and its rest hashed apart (the rest at its offset), merged into the root.</summary>
    private static byte[] MergedHalves(out long offset, bool intoSpan = false)
    {
        Blake3HashState left = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        left.Update(Message.AsSpan(0, ChunkLength));
        Blake3HashState right = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        right.SetInputOffset(ChunkLength);
        offset = right.InputOffset;
        right.Update(Message.AsSpan(ChunkLength));
        byte[] leftCv = new byte[32], rightCv = new byte[32];
        if (intoSpan)
        {
            left.FinishSubtree(leftCv);
            right.FinishSubtree(rightCv);
        }
        else
        {
            leftCv = left.FinishSubtree();
            rightCv = right.FinishSubtree();
        }
        return Blake3Subtrees.MergeRoot(leftCv, rightCv, Blake3Mode.Hash);
    }

    public static IEnumerable<object[]> SurfaceEntries => Entries(Declared);

    [Theory]
    [MemberData(nameof(SurfaceEntries))]
    public void SurfaceMethod_ReturnsTheReferenceDigest(string signature) => AssertMatchesReference(signature);
}

public sealed class Blake3Driver : TreeXofDriver
{
    public override string Name => "blake3";
    public override Type PublicType => typeof(Blake3);
    public override Type StateType => typeof(Blake3HashState);
    internal override KernelSet Kernels => KernelTable.Blake3;
    protected override object NewState() => Blake3.CreateIncrementalHasher();

    public override byte[] Reference(Request request)
    {
        int length = (int)(request.OutputLength ?? request.DigestLength ?? Blake3.DefaultDigestLength);
        return request.Context is { } context ? ReferenceBlake3.DeriveKey(context, request.Input, length)
            : request.Key is { } key ? ReferenceBlake3.KeyedHash_(key, request.Input, length)
            : ReferenceBlake3.Hash(request.Input, length);
    }
}
