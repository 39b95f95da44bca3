using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast;
using Blake2Fast.Cores;

namespace Blake2Fast.Tests.Infrastructure;

/// <summary>
/// One test driver for both algorithms: every test is written once against this and runs for BLAKE2b and
/// BLAKE2s, on every compression core the machine supports.
/// </summary>
public sealed class Algorithm
{
    public static readonly Algorithm B = new("blake2b", isB: true);
    public static readonly Algorithm S = new("blake2s", isB: false);
    public static readonly Algorithm[] Both = { B, S };

    private Algorithm(string name, bool isB)
    {
        Name = name;
        IsB = isB;
    }

    public string Name { get; }
    internal bool IsB { get; }
    public int WordSize => IsB ? 8 : 4;
    public int BlockSize => IsB ? 128 : 64;
    public int MaxDigestLength => IsB ? 64 : 32;
    public int MaxKeyLength => MaxDigestLength;
    public int SaltLength => IsB ? 16 : 8;

    /// <summary>Every core of this algorithm that runs on this machine, by name.</summary>
    internal IReadOnlyList<InstructionSet> Cores => InstructionSets.Supported(IsB);

    internal InstructionSet DefaultCore => IsB ? InstructionSets.DefaultB : InstructionSets.DefaultS;

    public override string ToString() => Name;

    // ---- the public API, by algorithm ----
    public byte[] ComputeHash(ReadOnlySpan<byte> input) => IsB ? Blake2b.ComputeHash(input) : Blake2s.ComputeHash(input);
    public byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> input) => IsB ? Blake2b.ComputeHash(digestLength, input) : Blake2s.ComputeHash(digestLength, input);
    // The keyed overloads refuse an empty key (KeyRefusalTests); in this driver an empty key means the unkeyed overload.
    public byte[] ComputeHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => key.IsEmpty ? ComputeHash(input) : IsB ? Blake2b.ComputeHash(key, input) : Blake2s.ComputeHash(key, input);
    public byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => key.IsEmpty ? ComputeHash(digestLength, input) : IsB ? Blake2b.ComputeHash(digestLength, key, input) : Blake2s.ComputeHash(digestLength, key, input);
    public byte[] ComputeHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input) => IsB ? Blake2b.ComputeHash(parameters, input) : Blake2s.ComputeHash(parameters, input);

    public void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output) { if (IsB) Blake2b.ComputeAndWriteHash(input, output); else Blake2s.ComputeAndWriteHash(input, output); }
    public void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> input, Span<byte> output) { if (IsB) Blake2b.ComputeAndWriteHash(digestLength, input, output); else Blake2s.ComputeAndWriteHash(digestLength, input, output); }
    public void ComputeAndWriteHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) { if (key.IsEmpty) ComputeAndWriteHash(input, output); else if (IsB) Blake2b.ComputeAndWriteHash(key, input, output); else Blake2s.ComputeAndWriteHash(key, input, output); }
    public void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) { if (key.IsEmpty) ComputeAndWriteHash(digestLength, input, output); else if (IsB) Blake2b.ComputeAndWriteHash(digestLength, key, input, output); else Blake2s.ComputeAndWriteHash(digestLength, key, input, output); }
    public void ComputeAndWriteHash(in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output) { if (IsB) Blake2b.ComputeAndWriteHash(parameters, input, output); else Blake2s.ComputeAndWriteHash(parameters, input, output); }

    public Hasher CreateIncrementalHasher() => IsB ? new Hasher(Blake2b.CreateIncrementalHasher()) : new Hasher(Blake2s.CreateIncrementalHasher());
    public Hasher CreateIncrementalHasher(int digestLength) => IsB ? new Hasher(Blake2b.CreateIncrementalHasher(digestLength)) : new Hasher(Blake2s.CreateIncrementalHasher(digestLength));
    public Hasher CreateIncrementalHasher(ReadOnlySpan<byte> key) => key.IsEmpty ? CreateIncrementalHasher() : IsB ? new Hasher(Blake2b.CreateIncrementalHasher(key)) : new Hasher(Blake2s.CreateIncrementalHasher(key));
    public Hasher CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key) => key.IsEmpty ? CreateIncrementalHasher(digestLength) : IsB ? new Hasher(Blake2b.CreateIncrementalHasher(digestLength, key)) : new Hasher(Blake2s.CreateIncrementalHasher(digestLength, key));
    public Hasher CreateIncrementalHasher(in Blake2Parameters parameters) => IsB ? new Hasher(Blake2b.CreateIncrementalHasher(parameters)) : new Hasher(Blake2s.CreateIncrementalHasher(parameters));

    public System.Security.Cryptography.HashAlgorithm CreateHashAlgorithm() => IsB ? Blake2b.CreateHashAlgorithm() : Blake2s.CreateHashAlgorithm();
    public System.Security.Cryptography.HashAlgorithm CreateHashAlgorithm(int digestLength) => IsB ? Blake2b.CreateHashAlgorithm(digestLength) : Blake2s.CreateHashAlgorithm(digestLength);
    public System.Security.Cryptography.HMAC CreateHMAC(ReadOnlySpan<byte> key) => IsB ? Blake2b.CreateHMAC(key) : Blake2s.CreateHMAC(key);
    public System.Security.Cryptography.HMAC CreateHMAC(int digestLength, ReadOnlySpan<byte> key) => IsB ? Blake2b.CreateHMAC(digestLength, key) : Blake2s.CreateHMAC(digestLength, key);

    // ---- internal entry points on a named core ----
    internal void Hash(InstructionSet core, in Blake2Parameters parameters, ReadOnlySpan<byte> input, Span<byte> output)
    {
        if (IsB)
            Blake2b.Hash(parameters, input, output, core);
        else
            Blake2s.Hash(parameters, input, output, core);
    }

    internal byte[] Hash(InstructionSet core, in Blake2Parameters parameters, ReadOnlySpan<byte> input)
    {
        var output = new byte[parameters.DigestLength == 0 ? MaxDigestLength : parameters.DigestLength];
        Hash(core, parameters, input, output);
        return output;
    }

    internal Hasher CreateIncrementalHasher(InstructionSet core, in Blake2Parameters parameters) =>
        IsB ? new Hasher(new Blake2bHashState(parameters, core)) : new Hasher(new Blake2sHashState(parameters, core));

    /// <summary>Hashes <paramref name="input"/> incrementally, cutting it at the given split points.</summary>
    internal byte[] HashInPieces(InstructionSet core, in Blake2Parameters parameters, ReadOnlySpan<byte> input, IEnumerable<int> pieceLengths)
    {
        Hasher hasher = CreateIncrementalHasher(core, parameters);
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

    public static IEnumerable<object[]> AllCores() =>
        Both.SelectMany(a => a.Cores.Select(c => new object[] { a.Name, c.ToString() }));

    public static Algorithm Parse(string name) => name == B.Name ? B : name == S.Name ? S : throw new ArgumentException(name);
    internal static InstructionSet ParseCore(string name) => Enum.Parse<InstructionSet>(name);
}

/// <summary>Either state type behind one face (a class, so the struct inside is mutated in place).</summary>
public sealed class Hasher
{
    private Blake2bHashState _b;
    private Blake2sHashState _s;
    private readonly bool _isB;

    public Hasher(Blake2bHashState state) { _b = state; _isB = true; }
    public Hasher(Blake2sHashState state) { _s = state; _isB = false; }

    public int DigestLength => _isB ? _b.DigestLength : _s.DigestLength;
    public void Update(ReadOnlySpan<byte> input) { if (_isB) _b.Update(input); else _s.Update(input); }
    public byte[] Finish() => _isB ? _b.Finish() : _s.Finish();
    public void Finish(Span<byte> output) { if (_isB) _b.Finish(output); else _s.Finish(output); }
    public bool TryFinish(Span<byte> output, out int written) => _isB ? _b.TryFinish(output, out written) : _s.TryFinish(output, out written);

    /// <summary>A copy of the state as it is now (struct copy semantics).</summary>
    public Hasher Snapshot() => _isB ? new Hasher(_b) : new Hasher(_s);

    internal ref Blake2bHashState B => ref _b;
    internal ref Blake2sHashState S => ref _s;
    internal bool IsB => _isB;
}
