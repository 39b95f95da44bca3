using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Runtime.InteropServices.JavaScript;
using System.Runtime.Intrinsics;

[assembly: System.Runtime.Versioning.SupportedOSPlatform("browser")]

// Rounds of every contender at every size, interleaved (each round times each contender once, in turn), so a change in
// the machine's load touches all alike; the median of the rounds is reported as MB/s and ns per call. hash-wasm runs in
// the same node process, through JSImport (main.mjs); its calls cross into JavaScript once per timed batch, not per hash.
//
// `first ALG SIZE [MS]` (build/wasm-first-call.sh, one fresh process per run): the wall time of the process's first
// hash (ALG BLAKE2b, BLAKE2s or BLAKE3, SIZE bytes), then MS ms (0: none) of further calls, the ramp: ns per call over
// the 1,000 and the 10,000 calls after the first, and over windows of 10 ms to 100 ms, then of 100 ms (the clock read
// every 8 calls).
return args is ["first", ..] ? Bench.First(args) : await Bench.Run(args);

internal static partial class Bench
{
    [JSImport("hashWasm", "bench")]
    private static partial double HashWasm(string algorithm, int size, int iterations);

    [JSImport("hashWasmAvailable", "bench")]
    private static partial bool HashWasmAvailable();

    public static async System.Threading.Tasks.Task<int> Run(string[] args)
    {
        await JSHost.ImportAsync("bench", "../bench.mjs");
        int rounds = args.Length > 0 ? int.Parse(args[0], CultureInfo.InvariantCulture) : 9;
        double budgetMs = args.Length > 1 ? double.Parse(args[1], CultureInfo.InvariantCulture) : 60;
        bool hashWasm = HashWasmAvailable();
        Console.WriteLine($"# {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription} {System.Runtime.InteropServices.RuntimeInformation.ProcessArchitecture}, " +
            $"Vector128.IsHardwareAccelerated={Vector128.IsHardwareAccelerated}, BLAKE2FAST_CORE={Environment.GetEnvironmentVariable("BLAKE2FAST_CORE") ?? "(unset)"}; " +
            $"Blake2Fast: BLAKE2b {Blake2Fast.Blake2b.CompressionCore}, BLAKE2s {Blake2Fast.Blake2s.CompressionCore}, BLAKE2bp {Blake2Fast.Blake2bp.CompressionCore}, BLAKE2sp {Blake2Fast.Blake2sp.CompressionCore}, BLAKE3 {Blake2Fast.Blake3.CompressionCore}; hash-wasm {(hashWasm ? "loaded" : "absent")}");
        Console.WriteLine($"# {rounds} interleaved rounds of about {budgetMs} ms per contender and size; median MB/s (ns per call)");
        Console.WriteLine("algorithm | size | contender | MB/s | ns/call");

        // Every contender at every size calibrated first (calls per batch of about budgetMs), which also warms them
        // all up (the interpreter's tiering, the jiterpreter's traces) before any round is timed.
        var plans = new List<(int Size, List<(string Algorithm, string Name, Func<int, double> Time)> Contenders, int[] Iterations)>();
        int[] sizes = args.Length > 2 ? Array.ConvertAll(args[2].Split(','), x => int.Parse(x, CultureInfo.InvariantCulture)) : [64, 4096, 1 << 20];
        foreach (int size in sizes)
        {
            byte[] input = new byte[size];
            new Random(size).NextBytes(input);
            byte[] output = new byte[64];
            var contenders = new List<(string Algorithm, string Name, Func<int, double> Time)>
            {
                ("BLAKE2b", "Blake2Fast", n => Time(n, () => Blake2Fast.Blake2b.HashData(input, output.AsSpan(0, 64)))),
                ("BLAKE2s", "Blake2Fast", n => Time(n, () => Blake2Fast.Blake2s.HashData(input, output.AsSpan(0, 32)))),
                ("BLAKE2bp", "Blake2Fast", n => Time(n, () => Blake2Fast.Blake2bp.HashData(input, output.AsSpan(0, 64)))),
                ("BLAKE2sp", "Blake2Fast", n => Time(n, () => Blake2Fast.Blake2sp.HashData(input, output.AsSpan(0, 32)))),
                ("BLAKE3", "Blake2Fast", n => Time(n, () => Blake2Fast.Blake3.HashData(input, output.AsSpan(0, 32)))),
                ("BLAKE3", "Blake3 3.0.2", n => Time(n, () => Blake3.Hasher.Hash(input, output.AsSpan(0, 32)))),
            };
            if (hashWasm)
            {
                foreach (string algorithm in new[] { "BLAKE2b", "BLAKE2s", "BLAKE3" })
                    contenders.Add((algorithm, "hash-wasm", n => HashWasm(algorithm.ToLowerInvariant(), size, n)));
            }
            var iterations = new int[contenders.Count];
            for (int c = 0; c < contenders.Count; c++)
            {
                int n = 1;
                double ms;
                while ((ms = contenders[c].Time(n)) < budgetMs / 4 && n < 1 << 24)
                    n *= 2;
                iterations[c] = Math.Max(1, (int)(n * budgetMs / Math.Max(ms, 0.001)));
            }
            plans.Add((size, contenders, iterations));
        }

        foreach ((int size, var contenders, int[] iterations) in plans)
        {
            var samples = new List<double>[contenders.Count];
            for (int c = 0; c < contenders.Count; c++)
                samples[c] = [];
            for (int r = 0; r < rounds; r++)
            {
                for (int c = 0; c < contenders.Count; c++)
                    samples[c].Add(contenders[c].Time(iterations[c]) * 1e6 / iterations[c]);
            }
            for (int c = 0; c < contenders.Count; c++)
            {
                samples[c].Sort();
                double ns = samples[c][samples[c].Count / 2];
                Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                    $"{contenders[c].Algorithm} | {Size(size)} | {contenders[c].Name} | {size * 1e3 / ns:F1} | {ns:F0}"));
            }
        }
        Console.WriteLine("# done");
        return 0;
    }

    public static int First(string[] args)
    {
        string algorithm = args[1];
        int size = int.Parse(args[2], CultureInfo.InvariantCulture);
        double rampMs = args.Length > 3 ? double.Parse(args[3], CultureInfo.InvariantCulture) : 0;
        byte[] input = new byte[size];
        new Random(size).NextBytes(input);
        byte[] output = new byte[64];
        Action hash = algorithm switch
        {
            "BLAKE2b" => () => Blake2Fast.Blake2b.HashData(input, output.AsSpan(0, 64)),
            "BLAKE2s" => () => Blake2Fast.Blake2s.HashData(input, output.AsSpan(0, 32)),
            "BLAKE3" => () => Blake2Fast.Blake3.HashData(input, output.AsSpan(0, 32)),
            _ => throw new ArgumentException("ALG: BLAKE2b, BLAKE2s or BLAKE3", nameof(args)),
        };
        string cell = $"{algorithm} | {Size(size)}";
        _ = Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp());
        long start = Stopwatch.GetTimestamp();
        hash();
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"first | {cell} | ms | {Stopwatch.GetElapsedTime(start).TotalMilliseconds:F3}"));
        if (rampMs <= 0)
            return 0;

        long begin = Stopwatch.GetTimestamp(), ms = Stopwatch.Frequency / 1000, end = begin + (long)(rampMs * ms);
        long windowStart = begin, nominal = begin, next = begin + 10 * ms;
        int calls = 0, windowCalls = 0;
        double Ns(long ticks, int n) => ticks * 1e9 / Stopwatch.Frequency / n;
        var lines = new List<string>();
        while (true)
        {
            for (int i = 0; i < 8; i++)
                hash();
            calls += 8;
            long now = Stopwatch.GetTimestamp();
            if (calls is 1000 or 10000)
                lines.Add(string.Create(CultureInfo.InvariantCulture, $"ramp | {cell} | ns/call, {calls} calls | {Ns(now - begin, calls):F0}"));
            if (now >= next)
            {
                long passed = next;
                for (; next <= now; next += (next - begin < 100 * ms ? 10 : 100) * ms)
                    passed = next;
                lines.Add(string.Create(CultureInfo.InvariantCulture, $"ramp | {cell} | ns/call, {(nominal - begin) / ms}-{(passed - begin) / ms} ms | {Ns(now - windowStart, calls - windowCalls):F0}"));
                (windowStart, windowCalls, nominal) = (now, calls, passed);
            }
            if (now >= end && calls >= 10000)
                break;
        }
        lines.ForEach(Console.WriteLine);
        return 0;
    }

    private static string Size(int size) => size >= 1 << 20 ? $"{size >> 20} MiB" : size >= 1024 ? $"{size >> 10} KiB" : $"{size} B";

    /// <summary>Milliseconds for <paramref name="n"/> calls.</summary>
    private static double Time(int n, Action call)
    {
        long start = Stopwatch.GetTimestamp();
        for (int i = 0; i < n; i++)
            call();
        return Stopwatch.GetElapsedTime(start).TotalMilliseconds;
    }
}
