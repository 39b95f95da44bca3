using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text.Json;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake256.State;
using Blake2Fast.Tests.Blake256Family;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The salted fixed-length contract's test face (BLAKE-256 and BLAKE-224): every test is written once against it and
/// runs for each algorithm, through every public API (by name) and on every instruction set. A salt of <see langword="null"/>
/// means the unsalted overloads (2.x names) or the unsalted class (BCL-style names).
/// </summary>
public abstract partial class SaltedDriver
{
    /// <summary>Every algorithm of this contract (BLAKE-224, BLAKE-256).</summary>
    public static readonly SaltedDriver[] All = Discover<SaltedDriver>();
    public static readonly SaltedDriver B256 = All.OfType<Blake256Driver>().Single();
    public static readonly SaltedDriver B224 = All.OfType<Blake224Driver>().Single();

    public static SaltedDriver Parse(string name) => All.FirstOrDefault(v => v.Name == name) ?? throw new ArgumentException(name);

    public byte[] Reference(byte[] input, byte[]? salt) => ReferenceHash(input, salt);

    /// <summary>Every instruction set of BLAKE-256 that runs here (the tests run each); both algorithms share them.</summary>
    internal static IReadOnlyList<InstructionSet> SupportedInstructionSets => KernelTable.Blake256.Supported;

    internal abstract InstructionSet DefaultInstructionSet { get; }

    // ---- the public API, by name ----

    /// <summary>The one-shot and span APIs; each returns the digest it computed.</summary>
    public static readonly string[] OneShotApis =
    {
        "ComputeHash", "HashData", "ComputeAndWriteHash", "HashDataSpan", "TryHashData", "HashDataStream", "HashDataStreamSpan",
        "ComputeHashStream", "ComputeHashAsync", "HashDataAsync", "HashDataAsyncMemory", "HashAlgorithm", "CryptoStream",
    };

    public byte[] Api(string api, byte[]? salt, byte[] input)
    {
        byte[] output = new byte[DigestLength];
        switch (api)
        {
            case "ComputeHash":
                return ComputeHash(salt, input);
            case "HashData":
                return HashData(salt, input);
            case "ComputeAndWriteHash":
                ComputeAndWriteHash(salt, input, output);
                return output;
            case "HashDataSpan":
            {
                int n = HashData(salt, input, output);
                Assert.Equal(DigestLength, n);
                return output;
            }
            case "TryHashData":
            {
                int written;
                bool ok = TryHashData(salt, input, output, out written);
                Assert.True(ok);
                Assert.Equal(DigestLength, written);
                return output;
            }
            case "HashDataStream":
                return HashData(salt, new MemoryStream(input));
            case "HashDataStreamSpan":
            {
                int n = HashData(salt, new MemoryStream(input), output);
                Assert.Equal(DigestLength, n);
                return output;
            }
            case "ComputeHashStream":
                return ComputeHash(salt, new MemoryStream(input));
            case "ComputeHashAsync":
                return ComputeHashAsync(salt, new MemoryStream(input)).GetAwaiter().GetResult();
#if !LIBRARY_NETSTANDARD
            case "HashDataAsync":
                return HashDataAsync(salt, new MemoryStream(input)).AsTask().GetAwaiter().GetResult();
            case "HashDataAsyncMemory":
            {
                int n = HashDataAsync(salt, new MemoryStream(input), output).AsTask().GetAwaiter().GetResult();
                Assert.Equal(DigestLength, n);
                return output;
            }
#else
            case "HashDataAsync":
            case "HashDataAsyncMemory":
                return Api("ComputeHashAsync", salt, input); // not in the netstandard2.0 build
#endif
            case "HashAlgorithm":
            {
                using HashAlgorithm algorithm = CreateHashAlgorithm(salt);
                Assert.Equal(DigestLength * 8, algorithm.HashSize);
                // Twice: the object starts a new hash after each.
                byte[] first = algorithm.ComputeHash(input);
                Assert.Equal(first, algorithm.ComputeHash(input));
                return first;
            }
            case "CryptoStream":
            {
                using HashAlgorithm algorithm = CreateHashAlgorithm(salt);
                using (var crypto = new CryptoStream(Stream.Null, algorithm, CryptoStreamMode.Write))
                {
                    int offset = 0, piece = 1;
                    while (offset < input.Length)
                    {
                        int take = Math.Min(piece, input.Length - offset);
                        crypto.Write(input, offset, take);
                        offset += take;
                        piece = piece * 3 % 97 + 1;
                    }
                }
                return algorithm.Hash!;
            }
            default:
                throw new ArgumentException(api);
        }
    }

    // ---- the public API, one member per overload pair (a null salt picks the unsalted one) ----
    public abstract byte[] ComputeHash(byte[]? salt, ReadOnlySpan<byte> input);
    public abstract byte[] ComputeHash(byte[]? salt, Stream input);
    public abstract System.Threading.Tasks.Task<byte[]> ComputeHashAsync(byte[]? salt, Stream input);
    public abstract void ComputeAndWriteHash(byte[]? salt, ReadOnlySpan<byte> input, Span<byte> output);
    public abstract byte[] HashData(byte[]? salt, ReadOnlySpan<byte> source);
    public abstract int HashData(byte[]? salt, ReadOnlySpan<byte> source, Span<byte> destination);
    public abstract bool TryHashData(byte[]? salt, ReadOnlySpan<byte> source, Span<byte> destination, out int written);
    public abstract byte[] HashData(byte[]? salt, Stream source);
    public abstract int HashData(byte[]? salt, Stream source, Span<byte> destination);
#if !LIBRARY_NETSTANDARD
    public abstract System.Threading.Tasks.ValueTask<byte[]> HashDataAsync(byte[]? salt, Stream source);
    public abstract System.Threading.Tasks.ValueTask<int> HashDataAsync(byte[]? salt, Stream source, Memory<byte> destination);
#endif
    public abstract HashAlgorithm CreateHashAlgorithm(byte[]? salt);
    public abstract Blake256Hasher CreateIncrementalHasher(byte[]? salt);
    internal abstract Blake256Hasher CreateIncrementalHasher(InstructionSet instructionSet, byte[]? salt);
    public abstract Blake256Hasher Restore(ReadOnlySpan<byte> blob);

    /// <summary>A <see langword="default"/> state, never initialized.</summary>
    public abstract Blake256Hasher DefaultState();

    /// <summary>One-shot on a named instruction set.</summary>
    internal byte[] Hash(InstructionSet instructionSet, byte[]? salt, ReadOnlySpan<byte> input)
    {
        byte[] output = new byte[DigestLength];
        Blake256State.Hash(DigestLength, salt, instructionSet, input, output, "output");
        return output;
    }

    /// <summary>Hashes <paramref name="input"/> incrementally on <paramref name="instructionSet"/>, cut into the given pieces.</summary>
    internal byte[] HashInPieces(InstructionSet instructionSet, byte[]? salt, ReadOnlySpan<byte> input, IEnumerable<int> pieceLengths)
    {
        Blake256Hasher hasher = CreateIncrementalHasher(instructionSet, salt);
        int offset = 0;
        foreach (int length in pieceLengths)
        {
            if (offset == input.Length)
                break;
            int take = Math.Min(length, input.Length - offset);
            hasher.Update(input.Slice(offset, take));
            offset += take;
        }
        hasher.Update(input.Slice(offset));
        return hasher.Finish();
    }
}

/// <summary>A BLAKE-256/224 state behind one face (a class, so the struct inside is changed in place).</summary>
public abstract class Blake256Hasher
{
    public abstract int DigestLength { get; }
    public abstract void Update(ReadOnlySpan<byte> input);
    public abstract byte[] Finish();
    public abstract void Finish(Span<byte> output);
    public abstract bool TryFinish(Span<byte> output, out int written);
    public abstract int SavedStateLength { get; }
    public abstract int SaveState(Span<byte> destination);

    public byte[] SaveState()
    {
        byte[] blob = new byte[SavedStateLength];
        Assert.Equal(blob.Length, SaveState(blob));
        return blob;
    }

    public static Blake256Hasher Restore(SaltedDriver variant, ReadOnlySpan<byte> blob) => variant.Restore(blob);

    /// <summary>A copy of the state as it is now (struct copy semantics).</summary>
    public abstract Blake256Hasher Snapshot();

    internal abstract ref Blake256State Engine { get; }
}

public sealed class Blake256StateHasher : Blake256Hasher
{
    private Blake256HashState _state;

    public Blake256StateHasher(Blake256HashState state) => _state = state;

    public override int DigestLength => _state.DigestLength;
    public override void Update(ReadOnlySpan<byte> input) => _state.Update(input);
    public override byte[] Finish() => _state.Finish();
    public override void Finish(Span<byte> output) => _state.Finish(output);
    public override bool TryFinish(Span<byte> output, out int written) => _state.TryFinish(output, out written);
    public override int SavedStateLength => _state.SavedStateLength;
    public override int SaveState(Span<byte> destination) => _state.SaveState(destination);
    public override Blake256Hasher Snapshot() => new Blake256StateHasher(_state);
    internal override ref Blake256State Engine => ref _state.Inner;
}

public sealed class Blake224StateHasher : Blake256Hasher
{
    private Blake224HashState _state;

    public Blake224StateHasher(Blake224HashState state) => _state = state;

    public override int DigestLength => _state.DigestLength;
    public override void Update(ReadOnlySpan<byte> input) => _state.Update(input);
    public override byte[] Finish() => _state.Finish();
    public override void Finish(Span<byte> output) => _state.Finish(output);
    public override bool TryFinish(Span<byte> output, out int written) => _state.TryFinish(output, out written);
    public override int SavedStateLength => _state.SavedStateLength;
    public override int SaveState(Span<byte> destination) => _state.SaveState(destination);
    public override Blake256Hasher Snapshot() => new Blake224StateHasher(_state);
    internal override ref Blake256State Engine => ref _state.Inner;
}

/// <summary>TestData/blake256-vectors.json (decred/dcrd crypto/blake256/hasher_test.go, ISC licence).</summary>
internal static class Blake256Vectors
{
    public sealed record HashCase(string Name, byte[]? Salt, byte[] Input, byte[] Blake224, byte[] Blake256)
    {
        public byte[] Expected(SaltedDriver v) => v.Name switch { "blake256" => Blake256, "blake224" => Blake224, _ => throw new KeyNotFoundException(v.Name) };
    }

    public sealed record ResumeCase(string Name, byte[]? Salt, byte[] Before, byte[] After, byte[] Blake224, byte[] Blake256)
    {
        public byte[] Expected(SaltedDriver v) => v.Name switch { "blake256" => Blake256, "blake224" => Blake224, _ => throw new KeyNotFoundException(v.Name) };
    }

    private static readonly Lazy<(List<HashCase>, List<ResumeCase>)> s_all = new(Load);

    public static IReadOnlyList<HashCase> Hash => s_all.Value.Item1;
    public static IReadOnlyList<ResumeCase> SaveAndResume => s_all.Value.Item2;

    private static byte[]? Salt(JsonElement e)
    {
        string hex = e.GetProperty("salt").GetString()!;
        return hex.Length == 0 ? null : Hex.Decode(hex);
    }

    private static (List<HashCase>, List<ResumeCase>) Load()
    {
        using JsonDocument document = TestDataFiles.Load("blake256-vectors.json");
        var hash = document.RootElement.GetProperty("hash").EnumerateArray().Select(e => new HashCase(
            e.GetProperty("name").GetString()!, Salt(e), Hex.Decode(e.GetProperty("in").GetString()!),
            Hex.Decode(e.GetProperty("blake224").GetString()!), Hex.Decode(e.GetProperty("blake256").GetString()!))).ToList();
        var resume = document.RootElement.GetProperty("save_and_resume").EnumerateArray().Select(e => new ResumeCase(
            e.GetProperty("name").GetString()!, Salt(e), Hex.Decode(e.GetProperty("before").GetString()!), Hex.Decode(e.GetProperty("after").GetString()!),
            Hex.Decode(e.GetProperty("blake224").GetString()!), Hex.Decode(e.GetProperty("blake256").GetString()!))).ToList();
        return (hash, resume);
    }
}
