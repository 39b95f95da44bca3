using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text.Json;
using Blake2Fast.Cores;
using Blake2Fast.State;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Blake256Family;

/// <summary>
/// One face for BLAKE-256 and BLAKE-224, so every test is written once and runs for both, through every public API
/// (by name) and on every core. A salt of <see langword="null"/> means the unsalted overloads.
/// </summary>
public sealed class Blake256Variant
{
    public static readonly Blake256Variant B256 = new("blake256", is256: true);
    public static readonly Blake256Variant B224 = new("blake224", is256: false);
    public static readonly Blake256Variant[] Both = { B256, B224 };

    private Blake256Variant(string name, bool is256)
    {
        Name = name;
        Is256 = is256;
    }

    public string Name { get; }
    public bool Is256 { get; }
    public int DigestLength => Is256 ? 32 : 28;
    public const int BlockSize = 64;

    public override string ToString() => Name;

    public static Blake256Variant Parse(string name) => name == B256.Name ? B256 : name == B224.Name ? B224 : throw new ArgumentException(name);

    public byte[] Reference(byte[] input, byte[]? salt) => ReferenceBlake256.Hash(input, salt, Is256);

    /// <summary>Every core of BLAKE-256 that runs here (the tests run each).</summary>
    internal static IReadOnlyList<InstructionSet> Cores => CoreTable.Blake256.Supported;

    internal InstructionSet DefaultCore => Is256 ? Blake2Fast.Blake256.Core : Blake2Fast.Blake224.Core;

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
        bool s = salt is not null;
        switch (api)
        {
            case "ComputeHash":
                return Is256 ? (s ? Blake2Fast.Blake256.ComputeHash(salt, input) : Blake2Fast.Blake256.ComputeHash(input))
                    : (s ? Blake2Fast.Blake224.ComputeHash(salt, input) : Blake2Fast.Blake224.ComputeHash(input));
            case "HashData":
                return Is256 ? (s ? Blake2Fast.Blake256.Salted.HashData(salt, input) : Blake2Fast.Blake256.HashData(input))
                    : (s ? Blake2Fast.Blake224.Salted.HashData(salt, input) : Blake2Fast.Blake224.HashData(input));
            case "ComputeAndWriteHash":
                if (Is256) { if (s) Blake2Fast.Blake256.ComputeAndWriteHash(salt, input, output); else Blake2Fast.Blake256.ComputeAndWriteHash(input, output); }
                else { if (s) Blake2Fast.Blake224.ComputeAndWriteHash(salt, input, output); else Blake2Fast.Blake224.ComputeAndWriteHash(input, output); }
                return output;
            case "HashDataSpan":
            {
                int n = Is256 ? (s ? Blake2Fast.Blake256.Salted.HashData(salt, input, output) : Blake2Fast.Blake256.HashData(input, output))
                    : (s ? Blake2Fast.Blake224.Salted.HashData(salt, input, output) : Blake2Fast.Blake224.HashData(input, output));
                Assert.Equal(DigestLength, n);
                return output;
            }
            case "TryHashData":
            {
                int written;
                bool ok = Is256 ? (s ? Blake2Fast.Blake256.Salted.TryHashData(salt, input, output, out written) : Blake2Fast.Blake256.TryHashData(input, output, out written))
                    : (s ? Blake2Fast.Blake224.Salted.TryHashData(salt, input, output, out written) : Blake2Fast.Blake224.TryHashData(input, output, out written));
                Assert.True(ok);
                Assert.Equal(DigestLength, written);
                return output;
            }
            case "HashDataStream":
                return Is256 ? (s ? Blake2Fast.Blake256.Salted.HashData(salt, new MemoryStream(input)) : Blake2Fast.Blake256.HashData(new MemoryStream(input)))
                    : (s ? Blake2Fast.Blake224.Salted.HashData(salt, new MemoryStream(input)) : Blake2Fast.Blake224.HashData(new MemoryStream(input)));
            case "HashDataStreamSpan":
            {
                int n = Is256 ? (s ? Blake2Fast.Blake256.Salted.HashData(salt, new MemoryStream(input), output) : Blake2Fast.Blake256.HashData(new MemoryStream(input), output))
                    : (s ? Blake2Fast.Blake224.Salted.HashData(salt, new MemoryStream(input), output) : Blake2Fast.Blake224.HashData(new MemoryStream(input), output));
                Assert.Equal(DigestLength, n);
                return output;
            }
            case "ComputeHashStream":
                return Is256 ? (s ? Blake2Fast.Blake256.ComputeHash(salt, new MemoryStream(input)) : Blake2Fast.Blake256.ComputeHash(new MemoryStream(input)))
                    : (s ? Blake2Fast.Blake224.ComputeHash(salt, new MemoryStream(input)) : Blake2Fast.Blake224.ComputeHash(new MemoryStream(input)));
            case "ComputeHashAsync":
                return (Is256 ? (s ? Blake2Fast.Blake256.ComputeHashAsync(salt, new MemoryStream(input)) : Blake2Fast.Blake256.ComputeHashAsync(new MemoryStream(input)))
                    : (s ? Blake2Fast.Blake224.ComputeHashAsync(salt, new MemoryStream(input)) : Blake2Fast.Blake224.ComputeHashAsync(new MemoryStream(input)))).GetAwaiter().GetResult();
#if !LIBRARY_NETSTANDARD
            case "HashDataAsync":
                return (Is256 ? (s ? Blake2Fast.Blake256.Salted.HashDataAsync(salt, new MemoryStream(input)) : Blake2Fast.Blake256.HashDataAsync(new MemoryStream(input)))
                    : (s ? Blake2Fast.Blake224.Salted.HashDataAsync(salt, new MemoryStream(input)) : Blake2Fast.Blake224.HashDataAsync(new MemoryStream(input)))).AsTask().GetAwaiter().GetResult();
            case "HashDataAsyncMemory":
            {
                int n = (Is256 ? (s ? Blake2Fast.Blake256.Salted.HashDataAsync(salt, new MemoryStream(input), output) : Blake2Fast.Blake256.HashDataAsync(new MemoryStream(input), output))
                    : (s ? Blake2Fast.Blake224.Salted.HashDataAsync(salt, new MemoryStream(input), output) : Blake2Fast.Blake224.HashDataAsync(new MemoryStream(input), output))).AsTask().GetAwaiter().GetResult();
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

    public HashAlgorithm CreateHashAlgorithm(byte[]? salt) => Is256
        ? (salt is null ? Blake2Fast.Blake256.CreateHashAlgorithm() : Blake2Fast.Blake256.CreateHashAlgorithm(salt))
        : (salt is null ? Blake2Fast.Blake224.CreateHashAlgorithm() : Blake2Fast.Blake224.CreateHashAlgorithm(salt));

    public Blake256Hasher CreateIncrementalHasher(byte[]? salt) => Is256
        ? new Blake256Hasher(salt is null ? Blake2Fast.Blake256.CreateIncrementalHasher() : Blake2Fast.Blake256.CreateIncrementalHasher(salt))
        : new Blake256Hasher(salt is null ? Blake2Fast.Blake224.CreateIncrementalHasher() : Blake2Fast.Blake224.CreateIncrementalHasher(salt));

    internal Blake256Hasher CreateIncrementalHasher(InstructionSet core, byte[]? salt) => Is256
        ? new Blake256Hasher(new Blake256HashState(salt, core))
        : new Blake256Hasher(new Blake224HashState(salt, core));

    /// <summary>One-shot on a named core.</summary>
    internal byte[] Hash(InstructionSet core, byte[]? salt, ReadOnlySpan<byte> input)
    {
        byte[] output = new byte[DigestLength];
        Blake256State.Hash(DigestLength, salt, core, input, output, "output");
        return output;
    }

    /// <summary>Hashes <paramref name="input"/> incrementally on <paramref name="core"/>, cut into the given pieces.</summary>
    internal byte[] HashInPieces(InstructionSet core, byte[]? salt, ReadOnlySpan<byte> input, IEnumerable<int> pieceLengths)
    {
        Blake256Hasher hasher = CreateIncrementalHasher(core, salt);
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

/// <summary>Either state type behind one face (a class, so the struct inside is changed in place).</summary>
public sealed class Blake256Hasher
{
    private Blake256HashState _b256;
    private Blake224HashState _b224;
    private readonly bool _is256;

    public Blake256Hasher(Blake256HashState state) { _b256 = state; _is256 = true; }
    public Blake256Hasher(Blake224HashState state) { _b224 = state; _is256 = false; }

    public int DigestLength => _is256 ? _b256.DigestLength : _b224.DigestLength;
    public void Update(ReadOnlySpan<byte> input) { if (_is256) _b256.Update(input); else _b224.Update(input); }
    public byte[] Finish() => _is256 ? _b256.Finish() : _b224.Finish();
    public void Finish(Span<byte> output) { if (_is256) _b256.Finish(output); else _b224.Finish(output); }
    public bool TryFinish(Span<byte> output, out int written) => _is256 ? _b256.TryFinish(output, out written) : _b224.TryFinish(output, out written);
    public int SavedStateLength => _is256 ? _b256.SavedStateLength : _b224.SavedStateLength;
    public int SaveState(Span<byte> destination) => _is256 ? _b256.SaveState(destination) : _b224.SaveState(destination);

    public byte[] SaveState()
    {
        byte[] blob = new byte[SavedStateLength];
        Assert.Equal(blob.Length, SaveState(blob));
        return blob;
    }

    public static Blake256Hasher Restore(Blake256Variant variant, ReadOnlySpan<byte> blob) => variant.Is256
        ? new Blake256Hasher(Blake256HashState.RestoreState(blob))
        : new Blake256Hasher(Blake224HashState.RestoreState(blob));

    /// <summary>A copy of the state as it is now (struct copy semantics).</summary>
    public Blake256Hasher Snapshot() => _is256 ? new Blake256Hasher(_b256) : new Blake256Hasher(_b224);

    internal ref Blake256State Engine => ref _is256 ? ref _b256.Inner : ref _b224.Inner;
}

/// <summary>TestData/blake256-vectors.json (decred/dcrd crypto/blake256/hasher_test.go, ISC licence).</summary>
internal static class Blake256Vectors
{
    public sealed record HashCase(string Name, byte[]? Salt, byte[] Input, byte[] Blake224, byte[] Blake256)
    {
        public byte[] Expected(Blake256Variant v) => v.Is256 ? Blake256 : Blake224;
    }

    public sealed record ResumeCase(string Name, byte[]? Salt, byte[] Before, byte[] After, byte[] Blake224, byte[] Blake256)
    {
        public byte[] Expected(Blake256Variant v) => v.Is256 ? Blake256 : Blake224;
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
