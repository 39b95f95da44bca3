using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Threading;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;
using Xunit.Abstractions;

namespace Blake2Fast.Tests.Oracle;

// Randomized differential tests: the library, through every API and on every compression kernel, against the
// plain reference implementation in ReferenceBlake2.cs, which is itself first checked against the official KAT,
// the RFC 7693 "abc" vectors and vectors from Python's hashlib (ReferenceBlake2ValidationTests below).
//
// One run of the test project compares at least OracleBudget.TotalCases digests (8 methods of
// OracleBudget.SmallCasesPerMethod short inputs, plus OracleBudget.LargeCasesPerAlgorithm inputs of just over
// 1 MiB per algorithm). The methods live in two classes (BLAKE2b, BLAKE2s) so xunit runs them in parallel.
//
// Seeds: BLAKE2FAST_ORACLE_SEED (decimal or 0x-hex) runs every case with that seed. Unset, half the cases use
// OracleSeed.FixedSeed (the same every run) and half a seed taken from the clock (new cases every run). Each
// case draws everything (parameters, input, split points, API variant) from a generator seeded by
// (seed, test method, case index), so a failure message's seed, method and case index replay it exactly:
//     BLAKE2FAST_ORACLE_SEED=<seed> BLAKE2FAST_ORACLE_CASE=<index> dotnet test -c Release --filter <method>

/// <summary>How many cases the oracle tests run; the total is checked by a test.</summary>
internal static class OracleBudget
{
    public const int SmallCasesPerMethod = 12_500;
    public const int SmallMethodsPerAlgorithm = 4;
    public const int LargeCasesPerAlgorithm = 12;
    public const int MaxSmallLength = 4096;
    public const int LargeBaseLength = 1 << 20;

    public const int TotalCases = 2 * (SmallMethodsPerAlgorithm * SmallCasesPerMethod + LargeCasesPerAlgorithm);
}

/// <summary>The seeds of this run (see the file's header).</summary>
internal static class OracleSeed
{
    public const string SeedVariable = "BLAKE2FAST_ORACLE_SEED";
    public const string CaseVariable = "BLAKE2FAST_ORACLE_CASE";
    public const ulong FixedSeed = 0x0B1A_2E5F_A570_0001UL;

    /// <summary>The clock-based seed, drawn once per process so every method of the run reports the same one.</summary>
    public static readonly ulong TimeSeed = OracleRandom.Mix((ulong)DateTime.UtcNow.Ticks ^ ((ulong)Stopwatch.GetTimestamp() << 17) ^ (ulong)Environment.ProcessId);

    public static readonly ulong? EnvironmentSeed = ParseSeed(Environment.GetEnvironmentVariable(SeedVariable));

    /// <summary>When set, only this case index runs (to replay one failure).</summary>
    public static readonly int? OnlyCase = ParseCase(Environment.GetEnvironmentVariable(CaseVariable));

    public static ulong[] Seeds => EnvironmentSeed is ulong seed ? new[] { seed } : new[] { FixedSeed, TimeSeed };

    public static string Format(ulong seed) => "0x" + seed.ToString("x16", CultureInfo.InvariantCulture);

    private static ulong? ParseSeed(string? text)
    {
        if (string.IsNullOrWhiteSpace(text))
            return null;
        text = text.Trim();
        bool ok = text.StartsWith("0x", StringComparison.OrdinalIgnoreCase)
            ? ulong.TryParse(text.AsSpan(2), NumberStyles.HexNumber, CultureInfo.InvariantCulture, out ulong value)
            : ulong.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out value);
        return ok ? value : throw new InvalidOperationException($"{SeedVariable}='{text}' is not a decimal or 0x-hex 64-bit number.");
    }

    private static int? ParseCase(string? text) =>
        string.IsNullOrWhiteSpace(text) ? null
        : int.TryParse(text.Trim(), NumberStyles.Integer, CultureInfo.InvariantCulture, out int value) ? value
        : throw new InvalidOperationException($"{CaseVariable}='{text}' is not a case index.");
}

/// <summary>SplitMix64: tiny, fast, and seedable per case, which makes every case replayable on its own.</summary>
internal struct OracleRandom
{
    private ulong _state;

    public OracleRandom(ulong seed) => _state = seed;

    public static ulong Mix(ulong z)
    {
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
        return z ^ (z >> 31);
    }

    /// <summary>A generator for one case of one test method, independent of every other case.</summary>
    public static OracleRandom ForCase(ulong seed, string method, int index)
    {
        // FNV-1a of the method name: stable across processes (string.GetHashCode is not).
        ulong name = 0xCBF29CE484222325UL;
        foreach (char c in method)
            name = (name ^ c) * 0x100000001B3UL;
        return new OracleRandom(Mix(seed ^ Mix(name) ^ Mix((ulong)index + 0x9E3779B97F4A7C15UL)));
    }

    public ulong NextUInt64() => Mix(_state += 0x9E3779B97F4A7C15UL);

    /// <summary>0 .. <paramref name="maxExclusive"/> - 1.</summary>
    public int Next(int maxExclusive) => (int)(NextUInt64() % (ulong)maxExclusive);

    /// <summary><paramref name="min"/> .. <paramref name="maxExclusive"/> - 1.</summary>
    public int Next(int min, int maxExclusive) => min + Next(maxExclusive - min);

    public bool Chance(int percent) => Next(100) < percent;

    public byte NextByte() => (byte)NextUInt64();

    public void Fill(Span<byte> destination)
    {
        int i = 0;
        for (; i + 8 <= destination.Length; i += 8)
            BinaryPrimitives.WriteUInt64LittleEndian(destination.Slice(i), NextUInt64());
        if (i < destination.Length)
        {
            ulong last = NextUInt64();
            for (; i < destination.Length; i++, last >>= 8)
                destination[i] = (byte)last;
        }
    }

    public byte[] Bytes(int length)
    {
        var bytes = new byte[length];
        Fill(bytes);
        return bytes;
    }
}

/// <summary>Glue between the reference's plain parameters and the library's <see cref="Blake2Parameters"/>.</summary>
internal static class OracleHelpers
{
    /// <summary>
    /// The library's parameters for <paramref name="p"/>. With <paramref name="leaveDigestLengthUnset"/> the
    /// digest length is left at 0 (meaning the full length). With a generator, key, salt and personalization are
    /// given as the start of a longer array of random bytes, so reading past a span's end would show.
    /// </summary>
    public static Blake2Parameters ToLibrary(ReferenceParameters p, bool leaveDigestLengthUnset = false, OracleRandom? trailing = null)
    {
        ReadOnlySpan<byte> key = p.Key, salt = p.Salt, personalization = p.Personalization;
        if (trailing is OracleRandom rng)
        {
            key = WithTrailingBytes(p.Key, ref rng).AsSpan(0, p.Key.Length);
            salt = WithTrailingBytes(p.Salt, ref rng).AsSpan(0, p.Salt.Length);
            personalization = WithTrailingBytes(p.Personalization, ref rng).AsSpan(0, p.Personalization.Length);
        }

        var parameters = new Blake2Parameters
        {
            Key = key,
            Salt = salt,
            Personalization = personalization,
            Fanout = p.Fanout,
            Depth = p.Depth,
            LeafLength = p.LeafLength,
            NodeOffset = p.NodeOffset,
            NodeDepth = p.NodeDepth,
            InnerLength = p.InnerLength,
            LastNode = p.LastNode,
        };
        if (!leaveDigestLengthUnset)
            parameters.DigestLength = p.DigestLength;
        return parameters;
    }

    /// <summary>A copy of <paramref name="value"/> followed by 16 random bytes.</summary>
    private static byte[] WithTrailingBytes(byte[] value, ref OracleRandom rng)
    {
        var buffer = new byte[value.Length + 16];
        rng.Fill(buffer);
        value.CopyTo(buffer, 0);
        return buffer;
    }

    /// <summary>Random parameters over every field (key, salt, personalization, tree parameters, digest length).</summary>
    public static ReferenceParameters RandomParameters(FixedDigestDriver algorithm, ref OracleRandom rng)
    {
        ReferenceParameters p = RandomSimpleParameters(algorithm, ref rng);
        if (rng.Chance(35))
            p.Salt = rng.Bytes(rng.Chance(50) ? algorithm.SaltLength : rng.Next(0, algorithm.SaltLength + 1));
        if (rng.Chance(35))
            p.Personalization = rng.Bytes(rng.Chance(50) ? algorithm.SaltLength : rng.Next(0, algorithm.SaltLength + 1));

        int tree = rng.Next(100);
        if (tree < 35)
        {
            p.Fanout = rng.NextByte();
            p.Depth = rng.NextByte();
            p.LeafLength = rng.Chance(30) ? (uint)rng.Next(0, 4096) : (uint)rng.NextUInt64();
            ulong offset = rng.Chance(30) ? (ulong)rng.Next(0, 1024) : rng.NextUInt64();
            p.NodeOffset = offset & algorithm.MaxNodeOffset;
            p.NodeDepth = rng.NextByte();
            p.InnerLength = (byte)rng.Next(0, algorithm.MaxDigestLength + 1);
            p.LastNode = rng.Chance(50);
        }
        else if (tree < 45)
        {
            p.LastNode = true;
        }
        return p;
    }

    /// <summary>Random digest length and key only (what the simple overloads and the HashAlgorithm wrappers take).</summary>
    public static ReferenceParameters RandomSimpleParameters(FixedDigestDriver algorithm, ref OracleRandom rng)
    {
        var p = new ReferenceParameters
        {
            DigestLength = rng.Chance(40) ? algorithm.MaxDigestLength : rng.Next(1, algorithm.MaxDigestLength + 1),
        };
        int key = rng.Next(100);
        if (key >= 45)
            p.Key = rng.Bytes(key < 55 ? algorithm.MaxKeyLength : key < 60 ? 1 : rng.Next(1, algorithm.MaxKeyLength + 1));
        return p;
    }

    /// <summary>0..4 KiB, weighted to block boundaries (k blocks - 2 .. k blocks + 2) and to short inputs.</summary>
    public static int SmallLength(FixedDigestDriver algorithm, ref OracleRandom rng)
    {
        int bb = algorithm.BlockSize;
        int kind = rng.Next(100);
        int length =
            kind < 45 ? rng.Next(0, OracleBudget.MaxSmallLength / bb + 1) * bb + rng.Next(-2, 3)
            : kind < 75 ? rng.Next(0, OracleBudget.MaxSmallLength + 1)
            : rng.Next(0, 2 * bb + 2);
        return Math.Clamp(length, 0, OracleBudget.MaxSmallLength);
    }

    /// <summary>1 MiB .. 1 MiB + 6 blocks, with the block-boundary lengths favoured.</summary>
    public static int LargeLength(FixedDigestDriver algorithm, ref OracleRandom rng)
    {
        int bb = algorithm.BlockSize;
        int[] favourites = { 0, 1, bb - 1, bb, bb + 1, 3 * bb, 6 * bb };
        return OracleBudget.LargeBaseLength + (rng.Chance(50) ? favourites[rng.Next(favourites.Length)] : rng.Next(0, 6 * bb + 1));
    }

    /// <summary>Split points for incremental hashing; the pieces add up to exactly <paramref name="length"/>.</summary>
    public static List<int> Pieces(FixedDigestDriver algorithm, int length, ref OracleRandom rng)
    {
        int bb = algorithm.BlockSize;
        bool large = length > 64 * 1024;
        int strategy = large ? new[] { 0, 1, 2, 5 }[rng.Next(4)] : rng.Next(7);
        if (strategy == 3 && length > 700)
            strategy = 0;
        var pieces = new List<int>();
        int remaining = length;
        while (remaining > 0)
        {
            int piece = strategy switch
            {
                0 => rng.Next(0, 2 * bb + 2),                            // short pieces, empty ones included
                1 => rng.Next(8) == 0 ? 0 : bb,                          // whole blocks
                2 => rng.Next(1, large ? 200_000 : 3 * bb),              // longer pieces
                3 => 1,                                                  // byte by byte
                4 => rng.Chance(50) ? bb - 1 : bb + 1,                   // just off the block size
                5 => rng.Next(0, length + 1),                            // a few big pieces
                _ => new[] { 4, 8, 8, 12, 16, 64 }[rng.Next(6)],         // word-sized (for Update<T>)
            };
            piece = Math.Min(piece, remaining);
            pieces.Add(piece);
            remaining -= piece;
        }
        if (rng.Chance(20))
            pieces.Add(0);
        return pieces;
    }

    public static string DescribePieces(List<int> pieces)
    {
        const int shown = 24;
        string list = string.Join(",", pieces.Take(shown));
        return pieces.Count > shown ? $"[{list},... ({pieces.Count} pieces)]" : $"[{list}]";
    }

    public static string Hex(ReadOnlySpan<byte> bytes) => Infrastructure.Hex.Encode(bytes);

    /// <summary>Checks that every byte of <paramref name="span"/> still holds <paramref name="fill"/>.</summary>
    public static void CheckUntouched(ReadOnlySpan<byte> span, byte fill, string what)
    {
        for (int i = 0; i < span.Length; i++)
        {
            if (span[i] != fill)
                throw new OracleCheckException($"{what}: byte {i} was overwritten (0x{span[i]:x2}, expected 0x{fill:x2})");
        }
    }
}

/// <summary>A side condition of a case (bytes outside the output, a return value) does not hold.</summary>
internal sealed class OracleCheckException : Exception
{
    public OracleCheckException(string message) : base(message) { }
}

/// <summary>The API a case goes through.</summary>
internal enum OracleApi
{
    /// <summary>Algorithm.Hash(instructionSet, parameters, input): the one-shot path on a named instruction set, returning an array.</summary>
    InstructionSetOneShot,
    /// <summary>Algorithm.Hash(instructionSet, parameters, input, output) into a larger span at a random offset.</summary>
    InstructionSetSpanOutput,
    /// <summary>Algorithm.HashInPieces(instructionSet, ...) with random split points (sometimes with a mid-way struct copy).</summary>
    InstructionSetIncremental,
    /// <summary>Public ComputeHash(in Blake2Parameters, input).</summary>
    PublicComputeHash,
    /// <summary>Public ComputeAndWriteHash(in Blake2Parameters, input, output).</summary>
    PublicComputeAndWriteHash,
    /// <summary>The public simple overloads (digest length and/or key) of ComputeHash and ComputeAndWriteHash.</summary>
    PublicSimpleOverloads,
    /// <summary>Public CreateIncrementalHasher (all overloads), Update / Update&lt;T&gt;, Finish / TryFinish variants.</summary>
    PublicIncremental,
    /// <summary>CreateHashAlgorithm / CreateHMAC, TransformBlock chunks then TransformFinalBlock, then reuse.</summary>
    HashAlgorithmChunks,
}

/// <summary>Runs the random cases of one test method against the reference.</summary>
internal static class OracleRunner
{
    private static long s_totalCases;

    /// <summary>Cases compared so far in this process (all methods).</summary>
    public static long TotalCases => Interlocked.Read(ref s_totalCases);

    public static void Run(ITestOutputHelper log, FixedDigestDriver algorithm, string method, OracleApi[] apis, int cases, bool large)
    {
        ulong[] seeds = OracleSeed.Seeds;
        int perSeed = (cases + seeds.Length - 1) / seeds.Length;
        var failures = new List<string>();
        var apiCounts = new int[Enum.GetValues<OracleApi>().Length];
        var instructionSetCounts = new Dictionary<string, int>();
        long inputBytes = 0;
        int ran = 0;
        var watch = Stopwatch.StartNew();

        foreach (ulong seed in seeds)
        {
            for (int index = 0; index < perSeed && failures.Count < 5; index++)
            {
                if (OracleSeed.OnlyCase is int only && only != index)
                    continue;
                OracleCase c = OracleCase.Create(algorithm, method, apis, seed, index, large);
                ran++;
                apiCounts[(int)c.Api]++;
                instructionSetCounts[c.InstructionSetName] = instructionSetCounts.GetValueOrDefault(c.InstructionSetName) + 1;
                inputBytes += c.Input.Length;
                string? failure = c.Run();
                if (failure is not null)
                    failures.Add(failure);
            }
        }

        Interlocked.Add(ref s_totalCases, ran);
        log.WriteLine($"{algorithm.Name} {method}: {ran} cases, {inputBytes / 1024} KiB of input, {watch.ElapsedMilliseconds} ms; " +
            $"seeds {string.Join(", ", seeds.Select(OracleSeed.Format))}");
        log.WriteLine("  by API: " + string.Join(", ", apis.Select(a => $"{a}={apiCounts[(int)a]}")));
        log.WriteLine("  by instructionSet: " + string.Join(", ", instructionSetCounts.OrderBy(kv => kv.Key, StringComparer.Ordinal).Select(kv => $"{kv.Key}={kv.Value}")));

        Assert.True(failures.Count == 0, $"{failures.Count} case(s) differ from the reference (showing at most 5):\n\n" + string.Join("\n\n", failures));
        if (OracleSeed.OnlyCase is null)
        {
            Assert.True(ran >= cases, $"{method}: ran {ran} cases, budget {cases}");
            foreach (OracleApi api in apis)
                Assert.True(apiCounts[(int)api] > 0, $"{method}: no case went through {api}");
        }
    }
}

/// <summary>One random case: parameters, input, API, instruction set; everything drawn from the case's own generator.</summary>
internal sealed class OracleCase
{
    private OracleRandom _rng;
    private readonly StringBuilder _detail = new();

    private OracleCase(FixedDigestDriver algorithm, string method, ulong seed, int index, OracleRandom rng, OracleApi api, InstructionSet instructionSet, bool instructionSetSpecific, bool large,
        ReferenceParameters parameters, bool leaveDigestLengthUnset, byte[] input)
    {
        Algorithm = algorithm;
        Method = method;
        Seed = seed;
        Index = index;
        _rng = rng;
        Api = api;
        InstructionSet = instructionSet;
        // Large inputs: the reference digest is the expensive part, so a instruction-set-specific case runs on every instruction set.
        RunOnEveryInstructionSet = instructionSetSpecific && large;
        InstructionSetName = RunOnEveryInstructionSet ? "every instructionSet" : instructionSetSpecific ? instructionSet.ToString() : $"default({algorithm.DefaultInstructionSet})";
        Parameters = parameters;
        LeaveDigestLengthUnset = leaveDigestLengthUnset;
        Input = input;
    }

    public FixedDigestDriver Algorithm { get; }
    public string Method { get; }
    public ulong Seed { get; }
    public int Index { get; }
    public OracleApi Api { get; }
    public InstructionSet InstructionSet { get; private set; }
    public bool RunOnEveryInstructionSet { get; }
    public string InstructionSetName { get; }
    public ReferenceParameters Parameters { get; }
    public bool LeaveDigestLengthUnset { get; }
    public byte[] Input { get; }

    private int DigestLength => Parameters.DigestLength;

    public static OracleCase Create(FixedDigestDriver algorithm, string method, OracleApi[] apis, ulong seed, int index, bool large)
    {
        OracleRandom rng = OracleRandom.ForCase(seed, method, index);
        OracleApi api = apis[index % apis.Length];
        bool instructionSetSpecific = api is OracleApi.InstructionSetOneShot or OracleApi.InstructionSetSpanOutput or OracleApi.InstructionSetIncremental;
        IReadOnlyList<InstructionSet> instructionSets = algorithm.SupportedInstructionSets;
        InstructionSet instructionSet = instructionSetSpecific ? instructionSets[(index / apis.Length) % instructionSets.Count] : algorithm.DefaultInstructionSet;
        bool simple = api is OracleApi.PublicSimpleOverloads or OracleApi.HashAlgorithmChunks;
        ReferenceParameters p = simple ? OracleHelpers.RandomSimpleParameters(algorithm, ref rng) : OracleHelpers.RandomParameters(algorithm, ref rng);
        bool unset = !simple && p.DigestLength == algorithm.MaxDigestLength && rng.Chance(50);
        int length = large ? OracleHelpers.LargeLength(algorithm, ref rng) : OracleHelpers.SmallLength(algorithm, ref rng);
        byte[] input = rng.Bytes(length);
        return new OracleCase(algorithm, method, seed, index, rng, api, instructionSet, instructionSetSpecific, large, p, unset, input);
    }

    /// <summary>Runs the case; null if the library agrees with the reference, otherwise the full description.</summary>
    public string? Run()
    {
        byte[] expected = Algorithm.ReferenceHash(Parameters, Input);
        foreach (InstructionSet instructionSet in RunOnEveryInstructionSet ? Algorithm.SupportedInstructionSets : new[] { InstructionSet })
        {
            InstructionSet = instructionSet;
            byte[] actual;
            try
            {
                actual = Execute(expected);
            }
            catch (Exception e)
            {
                return Describe($"{e.GetType().Name}: {e.Message}", expected, null);
            }
            if (!actual.AsSpan().SequenceEqual(expected))
                return Describe("digest differs from the reference", expected, actual);
            _detail.Clear();
        }
        return null;
    }

    private string Describe(string problem, byte[] expected, byte[]? actual) =>
        $"{problem}\n" +
        $"  seed={OracleSeed.Format(Seed)} method={Method} case={Index} (replay: {OracleSeed.SeedVariable}={OracleSeed.Format(Seed)} {OracleSeed.CaseVariable}={Index})\n" +
        $"  algorithm={Algorithm.Name} api={Api}={(RunOnEveryInstructionSet ? InstructionSet.ToString() : InstructionSetName)} inputLength={Input.Length} digestLengthUnset={LeaveDigestLengthUnset}\n" +
        $"  parameters: {Parameters}\n" +
        $"  details: {_detail}\n" +
        $"  expected={OracleHelpers.Hex(expected)}\n" +
        $"  actual  ={(actual is null ? "(none)" : OracleHelpers.Hex(actual))}";

    private Blake2Parameters LibraryParameters()
    {
        // Half the time, key/salt/personalization come from the start of longer random arrays.
        OracleRandom? trailing = _rng.Chance(50) ? new OracleRandom(_rng.NextUInt64()) : null;
        return OracleHelpers.ToLibrary(Parameters, LeaveDigestLengthUnset, trailing);
    }

    private byte[] Execute(byte[] expected) => Api switch
    {
        OracleApi.InstructionSetOneShot => InstructionSetOneShot(),
        OracleApi.InstructionSetSpanOutput => SpanOutput(instructionSet: true),
        OracleApi.InstructionSetIncremental => InstructionSetIncremental(),
        OracleApi.PublicComputeHash => PublicComputeHash(),
        OracleApi.PublicComputeAndWriteHash => SpanOutput(instructionSet: false),
        OracleApi.PublicSimpleOverloads => PublicSimpleOverloads(),
        OracleApi.PublicIncremental => PublicIncremental(),
        OracleApi.HashAlgorithmChunks => HashAlgorithmChunks(expected),
        _ => throw new InvalidOperationException(Api.ToString()),
    };

    private byte[] InstructionSetOneShot()
    {
        Blake2Parameters parameters = LibraryParameters();
        return Algorithm.Hash(InstructionSet, parameters, Input);
    }

    private byte[] PublicComputeHash()
    {
        Blake2Parameters parameters = LibraryParameters();
        return Algorithm.ComputeHash(parameters, Input);
    }

    /// <summary>Into a span at a random offset in a larger, pattern-filled buffer; nothing around it may change.</summary>
    private byte[] SpanOutput(bool instructionSet)
    {
        Blake2Parameters parameters = LibraryParameters();
        int offset = _rng.Next(0, 16), slack = _rng.Next(0, 33);
        const byte fill = 0xA5;
        var buffer = new byte[offset + DigestLength + slack];
        buffer.AsSpan().Fill(fill);
        Span<byte> output = buffer.AsSpan(offset);
        _detail.Append($"output offset {offset}, span length {output.Length}");
        if (instructionSet)
            Algorithm.Hash(InstructionSet, parameters, Input, output);
        else
            Algorithm.ComputeAndWriteHash(parameters, Input, output);
        OracleHelpers.CheckUntouched(buffer.AsSpan(0, offset), fill, "bytes before the output span");
        OracleHelpers.CheckUntouched(buffer.AsSpan(offset + DigestLength), fill, "bytes after the digest");
        return buffer.AsSpan(offset, DigestLength).ToArray();
    }

    private byte[] InstructionSetIncremental()
    {
        List<int> pieces = OracleHelpers.Pieces(Algorithm, Input.Length, ref _rng);
        _detail.Append("pieces ").Append(OracleHelpers.DescribePieces(pieces));
        Blake2Parameters parameters = LibraryParameters();
        if (!_rng.Chance(20))
            return Algorithm.HashInPieces(InstructionSet, parameters, Input, pieces);

        // A struct copy part-way through: the copy and the original must both finish with the full digest.
        int copyAfter = _rng.Next(0, pieces.Count + 1);
        _detail.Append($"; state copied after piece {copyAfter}, both finished");
        Hasher hasher = Algorithm.CreateIncrementalHasher(InstructionSet, parameters);
        Hasher? copy = null;
        int offset = 0;
        for (int i = 0; i <= pieces.Count; i++)
        {
            if (i == copyAfter)
                copy = hasher.Snapshot();
            if (i == pieces.Count)
                break;
            hasher.Update(Input.AsSpan(offset, pieces[i]));
            copy?.Update(Input.AsSpan(offset, pieces[i]));
            offset += pieces[i];
        }
        byte[] fromCopy = copy!.Finish();
        byte[] fromOriginal = hasher.Finish();
        if (!fromCopy.AsSpan().SequenceEqual(fromOriginal))
            throw new OracleCheckException($"the state copy finished with {OracleHelpers.Hex(fromCopy)}, the original with {OracleHelpers.Hex(fromOriginal)}");
        return fromOriginal;
    }

    private byte[] PublicSimpleOverloads()
    {
        byte[] key = Parameters.Key;
        bool full = DigestLength == Algorithm.MaxDigestLength, keyed = key.Length > 0;
        // Every simple overload that can express this case (an unkeyed case may also pass an empty key).
        var candidates = new List<string> { "(digestLength, key, input)" };
        if (!keyed)
            candidates.Add("(digestLength, input)");
        if (full)
            candidates.Add("(key, input)");
        if (full && !keyed)
            candidates.Add("(input)");
        string overload = candidates[_rng.Next(candidates.Count)];
        bool write = _rng.Chance(50);
        _detail.Append(write ? "ComputeAndWriteHash" : "ComputeHash").Append(overload);
        if (!write)
        {
            return overload switch
            {
                "(digestLength, key, input)" => Algorithm.ComputeHash(DigestLength, key, Input),
                "(digestLength, input)" => Algorithm.ComputeHash(DigestLength, Input),
                "(key, input)" => Algorithm.ComputeHash(key, Input),
                _ => Algorithm.ComputeHash(Input),
            };
        }

        const byte fill = 0x3C;
        var output = new byte[DigestLength + _rng.Next(0, 17)];
        output.AsSpan().Fill(fill);
        switch (overload)
        {
            case "(digestLength, key, input)": Algorithm.ComputeAndWriteHash(DigestLength, key, Input, output); break;
            case "(digestLength, input)": Algorithm.ComputeAndWriteHash(DigestLength, Input, output); break;
            case "(key, input)": Algorithm.ComputeAndWriteHash(key, Input, output); break;
            default: Algorithm.ComputeAndWriteHash(Input, output); break;
        }
        OracleHelpers.CheckUntouched(output.AsSpan(DigestLength), fill, "bytes after the digest");
        return output.AsSpan(0, DigestLength).ToArray();
    }

    private byte[] PublicIncremental()
    {
        List<int> pieces = OracleHelpers.Pieces(Algorithm, Input.Length, ref _rng);
        _detail.Append("pieces ").Append(OracleHelpers.DescribePieces(pieces));
        bool simpleCase = Parameters.Salt.Length == 0 && Parameters.Personalization.Length == 0 && Parameters.Fanout == 1 && Parameters.Depth == 1
            && Parameters.LeafLength == 0 && Parameters.NodeOffset == 0 && Parameters.NodeDepth == 0 && Parameters.InnerLength == 0 && !Parameters.LastNode;
        Hasher hasher;
        if (simpleCase && _rng.Chance(50))
        {
            bool full = DigestLength == Algorithm.MaxDigestLength, keyed = Parameters.Key.Length > 0;
            _detail.Append("; CreateIncrementalHasher simple overload");
            hasher = full && !keyed ? Algorithm.CreateIncrementalHasher()
                : !keyed ? Algorithm.CreateIncrementalHasher(DigestLength)
                : full && _rng.Chance(50) ? Algorithm.CreateIncrementalHasher(Parameters.Key)
                : Algorithm.CreateIncrementalHasher(DigestLength, Parameters.Key);
        }
        else
        {
            _detail.Append("; CreateIncrementalHasher(in Blake2Parameters)");
            Blake2Parameters parameters = LibraryParameters();
            hasher = Algorithm.CreateIncrementalHasher(parameters);
        }
        if (hasher.DigestLength != DigestLength)
            throw new OracleCheckException($"DigestLength is {hasher.DigestLength}, expected {DigestLength}");

        int offset = 0;
        int generic = 0;
        foreach (int piece in pieces)
        {
            ReadOnlySpan<byte> data = Input.AsSpan(offset, piece);
            offset += piece;
            int how = _rng.Next(4);
            if (how == 1 && piece % 4 == 0)
            {
                // Update<uint>(ReadOnlySpan<uint>): the words' memory, i.e. the same bytes.
                ReadOnlySpan<uint> words = MemoryMarshal.Cast<byte, uint>(data);
                hasher.Update(words);
                generic++;
            }
            else if (how == 2 && piece == 8)
            {
                ulong value = MemoryMarshal.Read<ulong>(data);
                hasher.Update(value);
                generic++;
            }
            else if (how == 2 && piece == 16)
            {
                Guid value = MemoryMarshal.Read<Guid>(data);
                hasher.Update(value);
                generic++;
            }
            else
            {
                hasher.Update(data);
            }
        }
        _detail.Append($"; {generic} pieces through Update<T>");

        switch (_rng.Next(3))
        {
            case 0:
                _detail.Append("; Finish()");
                return hasher.Finish();
            case 1:
            {
                const byte fill = 0x5A;
                var buffer = new byte[DigestLength + _rng.Next(0, 20)];
                buffer.AsSpan().Fill(fill);
                _detail.Append($"; Finish(span of {buffer.Length})");
                hasher.Finish(buffer);
                OracleHelpers.CheckUntouched(buffer.AsSpan(DigestLength), fill, "bytes after the digest");
                return buffer.AsSpan(0, DigestLength).ToArray();
            }
            default:
            {
                var buffer = new byte[DigestLength + _rng.Next(0, 3)];
                _detail.Append($"; TryFinish(span of {buffer.Length})");
                if (!hasher.TryFinish(buffer, out int written) || written != DigestLength)
                    throw new OracleCheckException($"TryFinish returned false or wrote {written} bytes");
                return buffer.AsSpan(0, DigestLength).ToArray();
            }
        }
    }

    private byte[] HashAlgorithmChunks(byte[] expected)
    {
        byte[] key = Parameters.Key;
        bool full = DigestLength == Algorithm.MaxDigestLength;
        bool hmac = key.Length > 0; // CreateHMAC refuses an empty key (KeyRefusalTests)
        _detail.Append(hmac ? "CreateHMAC" : "CreateHashAlgorithm");
        using HashAlgorithm hash = hmac
            ? (full && _rng.Chance(50) ? Algorithm.CreateHMAC(key) : Algorithm.CreateHMAC(DigestLength, key))
            : (full && _rng.Chance(50) ? Algorithm.CreateHashAlgorithm() : Algorithm.CreateHashAlgorithm(DigestLength));
        if (hash.HashSize != DigestLength * 8)
            throw new OracleCheckException($"HashSize is {hash.HashSize}, expected {DigestLength * 8}");

        List<int> pieces = OracleHelpers.Pieces(Algorithm, Input.Length, ref _rng);
        // The last piece goes through TransformFinalBlock, the others through TransformBlock.
        int finalLength = pieces.Count > 0 ? pieces[^1] : 0;
        _detail.Append("; TransformBlock pieces ").Append(OracleHelpers.DescribePieces(pieces)).Append(", the last one through TransformFinalBlock");
        bool copyOut = _rng.Chance(30);
        byte[]? copy = copyOut ? new byte[Input.Length] : null;
        int offset = 0;
        for (int i = 0; i < pieces.Count - 1; i++)
        {
            int written = hash.TransformBlock(Input, offset, pieces[i], copy, offset);
            if (written != pieces[i])
                throw new OracleCheckException($"TransformBlock returned {written} for {pieces[i]} bytes");
            offset += pieces[i];
        }
        byte[] tail = hash.TransformFinalBlock(Input, offset, Input.Length - offset);
        if (tail.Length != Input.Length - offset || finalLength != Input.Length - offset)
            throw new OracleCheckException($"TransformFinalBlock returned {tail.Length} bytes for {Input.Length - offset}");
        if (copy is not null && !copy.AsSpan(0, offset).SequenceEqual(Input.AsSpan(0, offset)))
            throw new OracleCheckException("TransformBlock did not copy its input to the output buffer");
        byte[] digest = hash.Hash ?? throw new OracleCheckException("Hash is null after TransformFinalBlock");

        // The object starts over after a hash: a second hash of the same input gives the same digest.
        if (_rng.Chance(25))
        {
            byte[] again;
            // The netstandard2.0 build has no span overrides (see HashAlgorithmTests); TryComputeHash is not for it.
            bool spanApi = _rng.Chance(50);
#if LIBRARY_NETSTANDARD
            spanApi = false;
#endif
            if (!spanApi)
            {
                _detail.Append("; reused with ComputeHash(byte[])");
                again = hash.ComputeHash(Input);
            }
            else
            {
                _detail.Append("; reused with TryComputeHash");
                again = new byte[DigestLength];
                if (!hash.TryComputeHash(Input, again, out int written) || written != DigestLength)
                    throw new OracleCheckException($"TryComputeHash returned false or wrote {written} bytes");
            }
            if (!again.AsSpan().SequenceEqual(expected))
                throw new OracleCheckException($"the reused object's second digest {OracleHelpers.Hex(again)} differs from the reference");
        }
        return digest;
    }
}

/// <summary>BLAKE2b against the reference (one class, so it runs in parallel with the BLAKE2s one).</summary>
public class OracleDifferentialBlake2bTests
{
    private readonly ITestOutputHelper _log;

    public OracleDifferentialBlake2bTests(ITestOutputHelper log) => _log = log;

    [Fact]
    public void InstructionSetOneShot_AndSpanOutput_MatchReference_OnEveryInstructionSet() =>
        OracleRunner.Run(_log, FixedDigestDriver.B, nameof(OracleDifferentialBlake2bTests) + "." + nameof(InstructionSetOneShot_AndSpanOutput_MatchReference_OnEveryInstructionSet),
            new[] { OracleApi.InstructionSetOneShot, OracleApi.InstructionSetSpanOutput }, OracleBudget.SmallCasesPerMethod, large: false);

    [Fact]
    public void InstructionSetIncremental_RandomSplits_MatchReference_OnEveryInstructionSet() =>
        OracleRunner.Run(_log, FixedDigestDriver.B, nameof(OracleDifferentialBlake2bTests) + "." + nameof(InstructionSetIncremental_RandomSplits_MatchReference_OnEveryInstructionSet),
            new[] { OracleApi.InstructionSetIncremental }, OracleBudget.SmallCasesPerMethod, large: false);

    [Fact]
    public void PublicApi_MatchesReference() =>
        OracleRunner.Run(_log, FixedDigestDriver.B, nameof(OracleDifferentialBlake2bTests) + "." + nameof(PublicApi_MatchesReference),
            new[] { OracleApi.PublicComputeHash, OracleApi.PublicComputeAndWriteHash, OracleApi.PublicSimpleOverloads, OracleApi.PublicIncremental },
            OracleBudget.SmallCasesPerMethod, large: false);

    [Fact]
    public void HashAlgorithmWrapper_TransformBlockChunks_MatchReference() =>
        OracleRunner.Run(_log, FixedDigestDriver.B, nameof(OracleDifferentialBlake2bTests) + "." + nameof(HashAlgorithmWrapper_TransformBlockChunks_MatchReference),
            new[] { OracleApi.HashAlgorithmChunks }, OracleBudget.SmallCasesPerMethod, large: false);

    [Fact]
    public void LargeInputs_JustOver1MiB_MatchReference() =>
        OracleRunner.Run(_log, FixedDigestDriver.B, nameof(OracleDifferentialBlake2bTests) + "." + nameof(LargeInputs_JustOver1MiB_MatchReference),
            new[] { OracleApi.InstructionSetOneShot, OracleApi.InstructionSetIncremental, OracleApi.InstructionSetSpanOutput, OracleApi.PublicComputeHash, OracleApi.PublicIncremental, OracleApi.HashAlgorithmChunks },
            OracleBudget.LargeCasesPerAlgorithm, large: true);
}

/// <summary>BLAKE2s against the reference.</summary>
public class OracleDifferentialBlake2sTests
{
    private readonly ITestOutputHelper _log;

    public OracleDifferentialBlake2sTests(ITestOutputHelper log) => _log = log;

    [Fact]
    public void InstructionSetOneShot_AndSpanOutput_MatchReference_OnEveryInstructionSet() =>
        OracleRunner.Run(_log, FixedDigestDriver.S, nameof(OracleDifferentialBlake2sTests) + "." + nameof(InstructionSetOneShot_AndSpanOutput_MatchReference_OnEveryInstructionSet),
            new[] { OracleApi.InstructionSetOneShot, OracleApi.InstructionSetSpanOutput }, OracleBudget.SmallCasesPerMethod, large: false);

    [Fact]
    public void InstructionSetIncremental_RandomSplits_MatchReference_OnEveryInstructionSet() =>
        OracleRunner.Run(_log, FixedDigestDriver.S, nameof(OracleDifferentialBlake2sTests) + "." + nameof(InstructionSetIncremental_RandomSplits_MatchReference_OnEveryInstructionSet),
            new[] { OracleApi.InstructionSetIncremental }, OracleBudget.SmallCasesPerMethod, large: false);

    [Fact]
    public void PublicApi_MatchesReference() =>
        OracleRunner.Run(_log, FixedDigestDriver.S, nameof(OracleDifferentialBlake2sTests) + "." + nameof(PublicApi_MatchesReference),
            new[] { OracleApi.PublicComputeHash, OracleApi.PublicComputeAndWriteHash, OracleApi.PublicSimpleOverloads, OracleApi.PublicIncremental },
            OracleBudget.SmallCasesPerMethod, large: false);

    [Fact]
    public void HashAlgorithmWrapper_TransformBlockChunks_MatchReference() =>
        OracleRunner.Run(_log, FixedDigestDriver.S, nameof(OracleDifferentialBlake2sTests) + "." + nameof(HashAlgorithmWrapper_TransformBlockChunks_MatchReference),
            new[] { OracleApi.HashAlgorithmChunks }, OracleBudget.SmallCasesPerMethod, large: false);

    [Fact]
    public void LargeInputs_JustOver1MiB_MatchReference() =>
        OracleRunner.Run(_log, FixedDigestDriver.S, nameof(OracleDifferentialBlake2sTests) + "." + nameof(LargeInputs_JustOver1MiB_MatchReference),
            new[] { OracleApi.InstructionSetOneShot, OracleApi.InstructionSetIncremental, OracleApi.InstructionSetSpanOutput, OracleApi.PublicComputeHash, OracleApi.PublicIncremental, OracleApi.HashAlgorithmChunks },
            OracleBudget.LargeCasesPerAlgorithm, large: true);
}

/// <summary>
/// The oracle itself, checked before it is trusted: the official KAT (every blake2b/blake2s entry), the RFC 7693
/// "abc" vectors, parameter-block vectors from Python's hashlib, and counter-start vectors from an independent
/// pure-Python BLAKE2 (itself checked against hashlib). None of these values come from Blake2Fast.
/// </summary>
public class ReferenceBlake2ValidationTests
{
    [Fact]
    public void Budget_IsAtLeast100000CasesPerRun_WithAtLeast8LargeInputsPerAlgorithm()
    {
        Assert.True(OracleBudget.TotalCases >= 100_000, $"total {OracleBudget.TotalCases}");
        Assert.True(OracleBudget.LargeCasesPerAlgorithm >= 8);
    }

    [Fact]
    public void Reference_MatchesRfc7693_AbcVectors()
    {
        byte[] abc = Encoding.ASCII.GetBytes("abc");
        // RFC 7693 appendix A (BLAKE2b-512) and appendix B (BLAKE2s-256).
        Assert.Equal(
            "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923",
            OracleHelpers.Hex(ReferenceBlake2b.Hash(new ReferenceParameters { DigestLength = 64 }, abc)));
        Assert.Equal(
            "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982",
            OracleHelpers.Hex(ReferenceBlake2s.Hash(new ReferenceParameters { DigestLength = 32 }, abc)));
    }

    [Theory]
    [InlineData("blake2b", false)]
    [InlineData("blake2b", true)]
    [InlineData("blake2s", false)]
    [InlineData("blake2s", true)]
    public void Reference_MatchesEveryOfficialKatEntry(string hash, bool keyed)
    {
        string path = Path.Combine(AppContext.BaseDirectory, "TestData", "blake2-kat.json");
        using JsonDocument document = JsonDocument.Parse(File.ReadAllBytes(path));
        int checkedEntries = 0;
        foreach (JsonElement entry in document.RootElement.EnumerateArray())
        {
            if (entry.GetProperty("hash").GetString() != hash)
                continue;
            byte[] key = Convert.FromHexString(entry.GetProperty("key").GetString()!);
            if ((key.Length > 0) != keyed)
                continue;
            byte[] input = Convert.FromHexString(entry.GetProperty("in").GetString()!);
            string expected = entry.GetProperty("out").GetString()!.ToLowerInvariant();
            var p = new ReferenceParameters { DigestLength = expected.Length / 2, Key = key };
            byte[] actual = hash == "blake2b" ? ReferenceBlake2b.Hash(p, input) : ReferenceBlake2s.Hash(p, input);
            Assert.True(expected == OracleHelpers.Hex(actual), $"{hash} KAT entry with input length {input.Length}, key length {key.Length}");
            checkedEntries++;
        }
        Assert.Equal(256, checkedEntries);
    }

    private static byte[] Pattern(int n, int multiplier, int add)
    {
        var bytes = new byte[n];
        for (int i = 0; i < n; i++)
            bytes[i] = (byte)(i * multiplier + add);
        return bytes;
    }

    /// <summary>Every parameter-block field, against hashlib.blake2b/blake2s (digest_size, key, salt, person,
    /// fanout, depth, leaf_size, node_offset, node_depth, inner_size, last_node). Input: bytes (7i + 3) mod 256.</summary>
    public static IEnumerable<object[]> HashlibParameterVectors() => new[]
    {
        new object[] { "b: digest 37, key 13, salt 16, short person 5, fanout 3, depth 7, leaf 0x01020304, offset 0x0102030405060708, node depth 9, inner 33, last node; 300 bytes",
            "blake2b", 37, 13, 16, 5, (byte)3, (byte)7, 0x01020304u, 0x0102030405060708UL, (byte)9, (byte)33, true, 300,
            "0c01fc4a97238394bd0dd6d9ff0be937214bfb60d0b7e0e432db6a50dab1f050815393b4da" },
        new object[] { "b: short salt 7, person 16, fanout 0, depth 255, leaf max, offset max, node depth 255, inner 64; 128 bytes",
            "blake2b", 64, 0, 7, 16, (byte)0, (byte)255, 0xFFFFFFFFu, 0xFFFFFFFFFFFFFFFFUL, (byte)255, (byte)64, false, 128,
            "6ed3e7205ca0116e8489bf1e3e38e0ee6c480dd5ec30b263043abaeea26451f31342c14a8a442fd9e7266207fa397166a51b4ceef2a9bedae5efb30548674d82" },
        new object[] { "b: last node only; empty input",
            "blake2b", 64, 0, 0, 0, (byte)1, (byte)1, 0u, 0UL, (byte)0, (byte)0, true, 0,
            "05cc8cc53183c6fb48571cf02ad1984d562bdff1ef31e3db83725fe4a71b276a3e1206e2904286ceb87f292bca618fff58ee2cb65399d3e197dff83a45602d99" },
        new object[] { "s: digest 19, key 7, short salt 3, person 8, fanout 0, depth 255, leaf max, offset 2^48-1, node depth 255, inner 32, last node; 200 bytes",
            "blake2s", 19, 7, 3, 8, (byte)0, (byte)255, 0xFFFFFFFFu, 0xFFFFFFFFFFFFUL, (byte)255, (byte)32, true, 200,
            "019a34395fb4f2de3a2110bccf25c72040a1fb" },
        new object[] { "s: salt 8, short person 2, fanout 2, depth 3, leaf 0x0A0B0C0D, offset 0x010203040506, node depth 4, inner 5; 64 bytes",
            "blake2s", 32, 0, 8, 2, (byte)2, (byte)3, 0x0A0B0C0Du, 0x010203040506UL, (byte)4, (byte)5, false, 64,
            "c88e9dc1685d9b64e82f305cef44427f7d6844d0b20a163eabc76cb44d1f34e2" },
        new object[] { "s: last node only; empty input",
            "blake2s", 32, 0, 0, 0, (byte)1, (byte)1, 0u, 0UL, (byte)0, (byte)0, true, 0,
            "24fc113c3dbe8c84493c7040aeaf0d68cc3b7bab0dcdae49dbbb4a70259d5c36" },
    };

    [Theory]
    [MemberData(nameof(HashlibParameterVectors))]
    public void Reference_MatchesHashlib_ForEveryParameterField(string name, string algorithm, int digestLength, int keyLength, int saltLength, int personalizationLength,
        byte fanout, byte depth, uint leafLength, ulong nodeOffset, byte nodeDepth, byte innerLength, bool lastNode, int inputLength, string expected)
    {
        var p = new ReferenceParameters
        {
            DigestLength = digestLength,
            Key = Pattern(keyLength, 13, 0x40),
            Salt = Pattern(saltLength, 5, 1),
            Personalization = Pattern(personalizationLength, 3, 0x20),
            Fanout = fanout,
            Depth = depth,
            LeafLength = leafLength,
            NodeOffset = nodeOffset,
            NodeDepth = nodeDepth,
            InnerLength = innerLength,
            LastNode = lastNode,
        };
        Assert.True(expected == OracleHelpers.Hex(FixedDigestDriver.Parse(algorithm).ReferenceHash(p, Pattern(inputLength, 7, 3))), name);
    }

    /// <summary>
    /// Counter-start vectors from a pure-Python BLAKE2 (RFC 7693 pseudocode with the counter starting at
    /// low + high * 2^w), which reproduces hashlib for every start of zero it was tried with. hashlib cannot
    /// start the counter elsewhere, so this is the independent check of the reference's counter arithmetic.
    /// </summary>
    public static IEnumerable<object[]> CounterStartVectors() => new[]
    {
        new object[] { "blake2b", 0xFFFFFFFFFFFFFFFFUL, 0x0UL, 0, 0, 64, "0a46e7cde93f5af37423f828c9b682c2eb3067d5ea912605ccddb08b51a49b1fd8677e3acb31102eef444e9b5a8297f64b2afac2f0e279f0149ee6d1540c8bc6" },
        new object[] { "blake2b", 0xFFFFFFFFFFFFFF9CUL, 0x0UL, 300, 0, 64, "0f5f961670566c0bbc6e543ae7d5fd7b0630fe7d02ee2d76c415fa666a2ffb69b218448d104f422b0742ae6970dbd3c56bf0241f0b91bcbd75d78f841984df2e" },
        new object[] { "blake2b", 0xFFFFFFFFFFFFFF7FUL, 0x0UL, 256, 17, 32, "e8338d4ce3ac3fca1b6a4f32e06574a847d74345b0dcfaee4059b5a5b0858edf" },
        new object[] { "blake2b", 0xFFFFFFFFFFFFFFFFUL, 0x5UL, 129, 0, 64, "f783aff76433880b76a2699290b667e3955c9c76880b448825dc2a4662a9b8052bc72ad0672577b5dfd7573c80e61057981a21898d4f9c478a1604e745d199c2" },
        new object[] { "blake2s", 0xFFFFFFFFUL, 0x0UL, 0, 0, 32, "785d5527b013ca14a345039d3d4b8e5c93404640112a207e00123545e52a7128" },
        new object[] { "blake2s", 0xFFFFFF9CUL, 0x0UL, 150, 0, 32, "0b1e83db1bf51ba535ef28539b7547baeaba239d4d9962b1542d78ca403f5c9d" },
        new object[] { "blake2s", 0xFFFFFFBFUL, 0x0UL, 128, 9, 20, "dd70b79763e00851d43f958c30b4442a0a16b443" },
        new object[] { "blake2s", 0xFFFFFFFDUL, 0x89ABCDEFUL, 65, 0, 32, "41770e9cbfa30cba3f4c0d823672734d518e95e9467fb7405e6ce2002e14f0c1" },
    };

    [Theory]
    [MemberData(nameof(CounterStartVectors))]
    public void Reference_WithStartingCounter_MatchesIndependentImplementation(string algorithm, ulong counterLow, ulong counterHigh, int inputLength, int keyLength, int digestLength, string expected)
    {
        var p = new ReferenceParameters { DigestLength = digestLength, Key = Pattern(keyLength, 13, 0x40) };
        Assert.Equal(expected, OracleHelpers.Hex(FixedDigestDriver.Parse(algorithm).ReferenceHash(p, Pattern(inputLength, 7, 3), counterLow, counterHigh)));
    }

    [Fact]
    public void Reference_WithCounterStartingAtZero_IsThePlainHash()
    {
        var p = new ReferenceParameters { DigestLength = 48, Key = Pattern(5, 1, 1) };
        byte[] message = Pattern(333, 7, 3);
        Assert.Equal(ReferenceBlake2b.Hash(p, message), ReferenceBlake2b.Hash(p, message, 0, 0));
        p.DigestLength = 24;
        Assert.Equal(ReferenceBlake2s.Hash(p, message), ReferenceBlake2s.Hash(p, message, 0, 0));
        // A different start changes the digest (the counter really is an input).
        Assert.NotEqual(ReferenceBlake2s.Hash(p, message), ReferenceBlake2s.Hash(p, message, 1, 0));
    }
}
