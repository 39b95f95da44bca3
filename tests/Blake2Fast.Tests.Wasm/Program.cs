using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Runtime.Intrinsics;
using System.Text;
using System.Text.Json;
using Blake2Fast;
using Blake2Fast.Tests.Wasm;

// The library on browser-wasm: the official vectors of every algorithm and the host's differential sample, each
// through one-shot hashing, incremental hashing in random pieces and writes into a span; and the instruction set the
// library chose (the Vector128 kernels wherever the runtime accelerates Vector128). Prints a summary; exits 1 on any
// failure. `--corrupt` flips one expected byte (the run must then fail), `--expect NAME` names the instruction set
// to expect instead (for a run with BLAKE2FAST_CORE set).
return Checks.Run(args);

internal static class Checks
{
    private static readonly List<string> s_failures = [];
    private static int s_checks;
    private static bool s_corrupt;
    private static Random s_random = new(48);

    public static int Run(string[] args)
    {
        s_corrupt = Array.IndexOf(args, "--corrupt") >= 0;
        int expectAt = Array.IndexOf(args, "--expect");
        string expected = expectAt >= 0 && expectAt + 1 < args.Length ? args[expectAt + 1] : Vector128.IsHardwareAccelerated ? "vector128" : "scalar";
        var time = Stopwatch.StartNew();
        Console.WriteLine($"Blake2Fast on {System.Runtime.InteropServices.RuntimeInformation.ProcessArchitecture}, {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription}; " +
            $"Vector128.IsHardwareAccelerated={Vector128.IsHardwareAccelerated} PackedSimd.IsSupported={System.Runtime.Intrinsics.Wasm.PackedSimd.IsSupported} " +
            $"BLAKE2FAST_CORE={Environment.GetEnvironmentVariable("BLAKE2FAST_CORE") ?? "(unset)"}");
        Console.WriteLine($"instruction sets: BLAKE2b {Blake2b.CompressionCore}, BLAKE2s {Blake2s.CompressionCore}, BLAKE2bp {Blake2bp.CompressionCore}, " +
            $"BLAKE2sp {Blake2sp.CompressionCore}, BLAKE2Xb {Blake2Xb.CompressionCore}, BLAKE2Xs {Blake2Xs.CompressionCore}, BLAKE3 {Blake3.CompressionCore}, BLAKE-256 {Blake256.CompressionCore}");

        // Every algorithm with a kernel of the expected instruction set runs on it; BLAKE-256 has none but the scalar one.
        Check("CompressionCore BLAKE2b", expected, Blake2b.CompressionCore);
        Check("CompressionCore BLAKE2s", expected, Blake2s.CompressionCore);
        Check("CompressionCore BLAKE2bp", expected, Blake2bp.CompressionCore);
        Check("CompressionCore BLAKE2sp", expected, Blake2sp.CompressionCore);
        Check("CompressionCore BLAKE2Xb", expected, Blake2Xb.CompressionCore);
        Check("CompressionCore BLAKE2Xs", expected, Blake2Xs.CompressionCore);
        Check("CompressionCore BLAKE3", expected, Blake3.CompressionCore);
        Check("CompressionCore BLAKE-256", "scalar", Blake256.CompressionCore);

        int before = s_checks;
        Blake2Vectors();
        Console.WriteLine($"BLAKE2 official vectors: {s_checks - before} checks");
        before = s_checks;
        Blake3Vectors();
        Console.WriteLine($"BLAKE3 official vectors: {s_checks - before} checks");
        before = s_checks;
        Blake256Vectors();
        Console.WriteLine($"BLAKE-256/224 vectors: {s_checks - before} checks");
        before = s_checks;
        Parallel();
        Console.WriteLine($"BLAKE3 UpdateParallel: {s_checks - before} checks");
        before = s_checks;
        Differential();
        Console.WriteLine($"differential sample against the host: {s_checks - before} checks");

        if (s_failures.Count > 0)
        {
            Console.WriteLine($"FAIL: {s_failures.Count} of {s_checks} checks failed ({time.ElapsedMilliseconds} ms):");
            foreach (string failure in s_failures.GetRange(0, Math.Min(s_failures.Count, 30)))
                Console.WriteLine("  " + failure);
            return 1;
        }
        Console.WriteLine($"OK: {s_checks} checks passed in {time.ElapsedMilliseconds} ms");
        return 0;
    }

    private static void Check(string what, string expected, string actual)
    {
        s_checks++;
        if (expected != actual)
            s_failures.Add($"{what}: {actual}, expected {expected}");
    }

    private static void Check(string what, byte[] expected, ReadOnlySpan<byte> actual)
    {
        s_checks++;
        if (s_corrupt && expected.Length > 0)
        {
            // Once: the first digest checked gets a wrong expected byte.
            s_corrupt = false;
            expected = (byte[])expected.Clone();
            expected[0] ^= 1;
        }
        if (!actual.SequenceEqual(expected))
            s_failures.Add($"{what}: {Convert.ToHexString(actual)}, expected {Convert.ToHexString(expected)}");
    }

    private static Stream Resource(string name) =>
        typeof(Checks).Assembly.GetManifestResourceStream(name) ?? throw new InvalidOperationException("missing resource " + name);

    /// <summary>Cuts <paramref name="input"/> into random pieces (empty ones too) and hands them to <paramref name="update"/>.</summary>
    private static void InPieces(byte[] input, Action<byte[], int, int> update)
    {
        int at = 0;
        while (at < input.Length)
        {
            int piece = s_random.Next(4) switch
            {
                0 => 0,
                1 => s_random.Next(1, 8),
                2 => s_random.Next(1, 200),
                _ => s_random.Next(1, 5000),
            };
            piece = Math.Min(piece, input.Length - at);
            update(input, at, piece);
            at += piece;
        }
    }

    /// <summary>A case through the three entry shapes: one-shot, incremental in random pieces, a write into a span.</summary>
    private static void ThreeShapes(string what, string algorithm, byte[] key, byte[] input, byte[] expected)
    {
        int length = expected.Length;
        bool keyed = key.Length != 0;
        var c = new WasmDifferential.Case(algorithm, input.Length, key.Length, length);
        Check(what + " one-shot", expected, WasmDifferential.OneShot(c, key, input));

        byte[] incremental = new byte[length];
        switch (algorithm)
        {
            case "blake2xb":
            {
                Blake2XbHashState state = keyed ? Blake2Xb.CreateIncrementalHasher(length, key) : Blake2Xb.CreateIncrementalHasher(length);
                InPieces(input, (b, o, n) => state.Update(b.AsSpan(o, n)));
                state.Read(incremental);
                break;
            }
            case "blake2xs":
            {
                Blake2XsHashState state = keyed ? Blake2Xs.CreateIncrementalHasher(length, key) : Blake2Xs.CreateIncrementalHasher(length);
                InPieces(input, (b, o, n) => state.Update(b.AsSpan(o, n)));
                state.Read(incremental);
                break;
            }
            default:
            {
                IBlakeIncremental state = algorithm switch
                {
                    "blake2b" => keyed ? Blake2b.CreateIncrementalHasher(length, key) : Blake2b.CreateIncrementalHasher(length),
                    "blake2s" => keyed ? Blake2s.CreateIncrementalHasher(length, key) : Blake2s.CreateIncrementalHasher(length),
                    "blake2bp" => keyed ? Blake2bp.CreateIncrementalHasher(length, key) : Blake2bp.CreateIncrementalHasher(length),
                    "blake2sp" => keyed ? Blake2sp.CreateIncrementalHasher(length, key) : Blake2sp.CreateIncrementalHasher(length),
                    "blake3" => Blake3.CreateIncrementalHasher(length),
                    "blake3-keyed" => Blake3.CreateIncrementalHasher(length, key),
                    "blake3-derive" => Blake3.CreateDeriveKeyHasher(WasmDifferential.Context, length),
                    "blake256" => keyed ? Blake256.CreateIncrementalHasher(key) : Blake256.CreateIncrementalHasher(),
                    "blake224" => keyed ? Blake224.CreateIncrementalHasher(key) : Blake224.CreateIncrementalHasher(),
                    _ => throw new ArgumentException(algorithm),
                };
                InPieces(input, (b, o, n) => state.Update(new ReadOnlySpan<byte>(b, o, n)));
                state.Finish(incremental);
                break;
            }
        }
        Check(what + " incremental", expected, incremental);

        // Into a span at an odd offset of a larger buffer, whose other bytes must stay as they were.
        byte[] buffer = new byte[length + 7];
        Array.Fill(buffer, (byte)0xA5);
        Span<byte> destination = buffer.AsSpan(3, length);
        switch (algorithm)
        {
            case "blake2b": _ = keyed ? Blake2b.HashData(length, key, input, destination) : Blake2b.HashData(length, input, destination); break;
            case "blake2s": _ = keyed ? Blake2s.HashData(length, key, input, destination) : Blake2s.HashData(length, input, destination); break;
            case "blake2bp": _ = keyed ? Blake2bp.HashData(length, key, input, destination) : Blake2bp.HashData(length, input, destination); break;
            case "blake2sp": _ = keyed ? Blake2sp.HashData(length, key, input, destination) : Blake2sp.HashData(length, input, destination); break;
            case "blake2xb": if (keyed) Blake2Xb.Keyed.HashData(key, input, destination); else Blake2Xb.HashData(input, destination); break;
            case "blake2xs": if (keyed) Blake2Xs.Keyed.HashData(key, input, destination); else Blake2Xs.HashData(input, destination); break;
            case "blake3": _ = Blake3.HashData(length, input, destination); break;
            case "blake3-keyed": _ = Blake3.Keyed.HashData(length, key, input, destination); break;
            case "blake3-derive":
            {
                Blake3HashState state = Blake3.CreateDeriveKeyHasher(WasmDifferential.Context, length);
                state.Update(input);
                state.Finish(destination);
                break;
            }
            case "blake256": _ = keyed ? Blake256.Salted.HashData(key, input, destination) : Blake256.HashData(input, destination); break;
            case "blake224": _ = keyed ? Blake224.Salted.HashData(key, input, destination) : Blake224.HashData(input, destination); break;
            default: throw new ArgumentException(algorithm);
        }
        Check(what + " span", expected, destination);
        s_checks++;
        if (buffer[0] != 0xA5 || buffer[1] != 0xA5 || buffer[2] != 0xA5 || buffer[3 + length] != 0xA5)
            s_failures.Add(what + " span: wrote outside its destination");
    }

    private static void Blake2Vectors()
    {
        using JsonDocument document = JsonDocument.Parse(Resource("blake2-kat.json"));
        foreach (JsonElement vector in document.RootElement.EnumerateArray())
        {
            string hash = vector.GetProperty("hash").GetString()!;
            byte[] input = Convert.FromHexString(vector.GetProperty("in").GetString()!);
            byte[] key = Convert.FromHexString(vector.GetProperty("key").GetString()!);
            byte[] expected = Convert.FromHexString(vector.GetProperty("out").GetString()!);
            ThreeShapes($"{hash} KAT in={input.Length} key={key.Length}", hash, key, input, expected);
        }
    }

    private static void Blake3Vectors()
    {
        using JsonDocument document = JsonDocument.Parse(Resource("blake3-test-vectors.json"));
        byte[] key = Encoding.ASCII.GetBytes(document.RootElement.GetProperty("key").GetString()!);
        string context = document.RootElement.GetProperty("context_string").GetString()!;
        foreach (JsonElement vector in document.RootElement.GetProperty("cases").EnumerateArray())
        {
            int length = vector.GetProperty("input_len").GetInt32();
            byte[] input = new byte[length];
            for (int i = 0; i < length; i++)
                input[i] = (byte)(i % 251);
            byte[] hash = Convert.FromHexString(vector.GetProperty("hash").GetString()!);
            byte[] keyed = Convert.FromHexString(vector.GetProperty("keyed_hash").GetString()!);
            byte[] derived = Convert.FromHexString(vector.GetProperty("derive_key").GetString()!);
            ThreeShapes($"blake3 vector {length}", "blake3", [], input, hash);
            ThreeShapes($"blake3 keyed vector {length}", "blake3-keyed", key, input, keyed);
            // The default length (32) is the extended output's first 32 bytes.
            Check($"blake3 vector {length} default length", hash.AsSpan(0, 32).ToArray(), Blake3.HashData(input));
            // Derive-key with the official context (the shapes' helper uses the sample's context).
            Check($"blake3 derive vector {length}", derived, Blake3.DeriveKey(context, input, derived.Length));
            Blake3HashState state = Blake3.CreateDeriveKeyHasher(context, derived.Length);
            InPieces(input, (b, o, n) => state.Update(b.AsSpan(o, n)));
            Check($"blake3 derive vector {length} incremental", derived, state.Finish());
            // The extended output read in pieces.
            Blake3HashState xof = Blake3.CreateIncrementalHasher();
            xof.Update(input);
            Blake3OutputReader reader = xof.FinishXof();
            byte[] read = new byte[hash.Length];
            for (int at = 0; at < read.Length;)
            {
                int piece = Math.Min(read.Length - at, s_random.Next(1, 70));
                reader.Read(read.AsSpan(at, piece));
                at += piece;
            }
            Check($"blake3 vector {length} XOF in pieces", hash, read);
        }
    }

    private static void Blake256Vectors()
    {
        using JsonDocument document = JsonDocument.Parse(Resource("blake256-vectors.json"));
        foreach (JsonElement vector in document.RootElement.GetProperty("hash").EnumerateArray())
        {
            string name = vector.GetProperty("name").GetString()!;
            byte[] salt = Convert.FromHexString(vector.GetProperty("salt").GetString()!);
            byte[] input = Convert.FromHexString(vector.GetProperty("in").GetString()!);
            ThreeShapes($"blake256 '{name}'", "blake256", salt, input, Convert.FromHexString(vector.GetProperty("blake256").GetString()!));
            ThreeShapes($"blake224 '{name}'", "blake224", salt, input, Convert.FromHexString(vector.GetProperty("blake224").GetString()!));
        }
    }

    /// <summary>
    /// UpdateParallel on a runtime without threads (one processor): the work runs on the calling thread, the digest is
    /// Update's, whatever degree is asked for.
    /// </summary>
    private static void Parallel()
    {
        byte[] input = WasmDifferential.Bytes(48, (3 << 20) + 5);
        byte[] expected = Blake3.HashData(input);
        foreach (int degree in new[] { -1, 1, 4 })
        {
            Blake3HashState state = Blake3.CreateIncrementalHasher();
            state.UpdateParallel(input, degree);
            Check($"BLAKE3 UpdateParallel({degree}) on {Environment.ProcessorCount} processor(s)", expected, state.Finish());
        }
    }

    private static void Differential()
    {
        using var reader = new StreamReader(Resource(WasmDifferential.FileName));
        var expected = new Dictionary<string, byte[]>();
        while (reader.ReadLine() is { } line)
        {
            if (line.Length == 0 || line[0] == '#')
                continue;
            int last = line.LastIndexOf(' ');
            expected[line.Substring(0, last)] = Convert.FromHexString(line.Substring(last + 1));
        }
        int cases = 0;
        foreach (WasmDifferential.Case c in WasmDifferential.Cases())
        {
            cases++;
            if (!expected.TryGetValue(c.ToString(), out byte[]? digest))
            {
                s_checks++;
                s_failures.Add($"differential {c}: not in {WasmDifferential.FileName} (regenerate it)");
                continue;
            }
            ThreeShapes($"differential {c}", c.Algorithm, WasmDifferential.Key(c), WasmDifferential.Input(c), digest);
        }
        Check("differential cases in the file", cases.ToString(System.Globalization.CultureInfo.InvariantCulture), expected.Count.ToString(System.Globalization.CultureInfo.InvariantCulture));
    }
}
