// BLAKE3 against the official C (with its assembly) and the Blake3 package in one process, called in alternation:
//
//   dotnet run -c Release --project tests/Blake2Fast.Benchmarks -- --alternate [sizes in KiB, comma-separated]
//
// On a shared VM a BenchmarkDotNet row can move by 10% from one run to the next, and the libraries' rows come from
// different processes minutes apart; slow spells last minutes, so even three launches of one row, run back to back,
// can all land in one. Here every round times a block of calls of each, back to back (the order rotated every
// round), so all see the same machine; the ratio of each round is a peer's time over ours (above 1 we are faster),
// and the median of the rounds is reported with its range. The one-shot sizes, then 16 MiB fed to Update in pieces
// (as the streaming sweep), then each size's rate per byte against the size before it (ours both), then the chunk
// kernels alone, ours against the assembly's blake3_hash_many (AVX-512, else AVX2) called 16 chunks at a time as
// its tree does.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Benchmarks.Infrastructure;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Families.Blake3.Kernels;

namespace Blake2Fast.Benchmarks;

internal static unsafe class Blake3Alternation
{
    private const int Rounds = 9;
    private const double BlockSeconds = 0.02;
    private const double WarmSeconds = 0.3;

    private static readonly int[] DefaultKiB = [2, 8, 16, 64, 256, 1024, 2048, 8192, 16384, 65536];
    private static readonly int[] PieceKiB = [4, 16, 64, 1024];
    private const int StreamBytes = 16 << 20;

    public static int Run(string[] args)
    {
        if (OfficialBlake3.LoadError is not null)
        {
            Console.WriteLine("// official C not available: " + OfficialBlake3.LoadError);
            return 1;
        }
        int[] sizes = args.Length > 0 ? args[0].Split(',').Select(s => int.Parse(s) * 1024).ToArray() : DefaultKiB.Select(k => k * 1024).ToArray();
        int largest = Math.Max(sizes.Max(), 64 << 20);
        byte[] input = GC.AllocateUninitializedArray<byte>(largest, pinned: true);
        new Random(20260101).NextBytes(input);
        byte* hasher = OfficialBlake3.NewHasher();
        byte[] ours = new byte[32], theirs = new byte[32];

        Console.WriteLine($"// {Rounds} rounds per row, blocks of calls of at least {BlockSeconds * 1000:F0} ms each, order rotated every round");
        Header("one-shot");
        foreach (int size in sizes)
        {
            byte[] bytes = input;
            int n = size;
            Action? package = null;
#if PEER_BLAKE3
            package = () => global::Blake3.Hasher.Hash(bytes.AsSpan(0, n), theirs);
#endif
            Row(Label(size), size, ours, theirs,
                () => Blake3.HashData(bytes.AsSpan(0, n), ours.AsSpan()),
                () => OfficialBlake3.Hash(hasher, bytes.AsSpan(0, n), n, theirs),
                package);
        }

        Console.WriteLine();
        Header($"{Label(StreamBytes)} in pieces of");
        foreach (int pieceKiB in PieceKiB)
        {
            byte[] bytes = input;
            int piece = pieceKiB * 1024;
            Action? package = null;
#if PEER_BLAKE3
            package = () =>
            {
                using global::Blake3.Hasher pieces = global::Blake3.Hasher.New();
                for (int at = 0; at < StreamBytes; at += piece)
                    pieces.Update(bytes.AsSpan(at, piece));
                pieces.Finalize(theirs);
            };
#endif
            Row(Label(piece), StreamBytes, ours, theirs,
                () =>
                {
                    Blake3HashState state = Blake3.CreateIncrementalHasher();
                    for (int at = 0; at < StreamBytes; at += piece)
                        state.Update(bytes.AsSpan(at, piece));
                    state.Finish(ours);
                },
                () => OfficialBlake3.Hash(hasher, bytes.AsSpan(0, StreamBytes), piece, theirs),
                package);
        }

        Steps(input, sizes);

        fixed (byte* data = input)
            Kernels(data);
        return 0;
    }

    /// <summary>
    /// Each size from 1 KiB to 4 MiB against the next smaller one, ours both, alternated as above: the rate per byte
    /// of the larger over the smaller's (below 0.90 is a cliff). Rows of the one-shot table are timed seconds apart,
    /// and a slow spell between two rows moves their quotient; timed round by round, it does not.
    /// </summary>
    private static void Steps(byte[] input, int[] sizes)
    {
        int[] inside = sizes.Where(s => s >= 1024 && s <= 4 << 20).Distinct().OrderBy(s => s).ToArray();
        if (inside.Length < 2)
            return;
        byte[] output = new byte[32];
        Console.WriteLine();
        Console.WriteLine("| step | Blake2Fast MB/s | the size before, MB/s | rate per byte over the size before: median (range) |");
        Console.WriteLine("| --- | ---: | ---: | --- |");
        for (int i = 1; i < inside.Length; i++)
        {
            int larger = inside[i], smaller = inside[i - 1];
            Action a = () => Blake3.HashData(input.AsSpan(0, larger), output.AsSpan());
            Action b = () => Blake3.HashData(input.AsSpan(0, smaller), output.AsSpan());
            int innerLarger = Warm([a]), innerSmaller = Warm([b]);
            var ratios = new List<double>();
            var rateLarger = new List<double>();
            var rateSmaller = new List<double>();
            for (int r = 0; r < Rounds; r++)
            {
                double x, y;
                if (r % 2 == 0)
                {
                    x = Time(a, innerLarger);
                    y = Time(b, innerSmaller);
                }
                else
                {
                    y = Time(b, innerSmaller);
                    x = Time(a, innerLarger);
                }
                rateLarger.Add(larger / x / 1e6);
                rateSmaller.Add(smaller / y / 1e6);
                ratios.Add(larger / x / (smaller / y));
            }
            Console.WriteLine($"| {Label(smaller)} to {Label(larger)} | {Median(rateLarger):N0} | {Median(rateSmaller):N0} | " +
                $"**{Median(ratios):F2}** ({ratios.Min():F2} to {ratios.Max():F2}) |");
        }
    }

    private static void Kernels(byte* data)
    {
        bool wide = Blake3Avx512.IsSupported && OfficialBlake3.HashManyAvx512 != null;
        bool narrow = !wide && Blake3Avx2.IsSupported && OfficialBlake3.HashManyAvx2 != null;
        if (!wide && !narrow)
        {
            Console.WriteLine("// chunk kernels: neither AVX-512 nor AVX2 here; skipped");
            return;
        }
        var theirs = wide ? OfficialBlake3.HashManyAvx512 : OfficialBlake3.HashManyAvx2;
        int lanes = wide ? Blake3Avx512.Lanes : Blake3Avx2.Lanes;
        int most = 64 * 1024;
        byte** pointers = (byte**)NativeMemory.Alloc((nuint)most * (nuint)sizeof(byte*));
        for (int i = 0; i < most; i++)
            pointers[i] = data + 1024L * i;
        byte* cvOurs = (byte*)NativeMemory.Alloc((nuint)most * 32), cvTheirs = (byte*)NativeMemory.Alloc((nuint)most * 32);
        uint* key = (uint*)NativeMemory.Alloc(32);
        uint[] iv = [Blake2Constants.IVs0, Blake2Constants.IVs1, Blake2Constants.IVs2, Blake2Constants.IVs3,
            Blake2Constants.IVs4, Blake2Constants.IVs5, Blake2Constants.IVs6, Blake2Constants.IVs7];
        for (int i = 0; i < 8; i++)
            key[i] = iv[i];

        Console.WriteLine();
        Console.WriteLine($"| chunk kernel ({(wide ? "AVX-512, 16 lanes" : "AVX2, 8 lanes")}) | Blake2Fast MB/s | blake3_hash_many_{(wide ? "avx512" : "avx2")} MB/s | official time / ours: median (range) |");
        Console.WriteLine("| --- | ---: | ---: | --- |");
        foreach (int chunks in new[] { 16, 1024, most })
        {
            int n = chunks;
            // Ours in calls of up to 1,024 chunks, as the tree's batches; theirs 16 at a time, as its subtree recursion.
            Action a = () =>
            {
                for (int c = 0; c < n; c += 1024)
                {
                    int groups = Math.Min(1024, n - c) / lanes;
                    if (wide)
                        Blake3Avx512.HashMany(ref data[1024L * c], (nuint)groups, 1024, 16, ref *key, (ulong)c, true, 0, 1, 2, ref cvOurs[32L * c]);
                    else
                        Blake3Avx2.HashMany(ref data[1024L * c], (nuint)groups, 1024, 16, ref *key, (ulong)c, true, 0, 1, 2, ref cvOurs[32L * c]);
                }
            };
            Action b = () =>
            {
                for (int c = 0; c < n; c += 16)
                    theirs(pointers + c, 16, 16, key, (ulong)c, 1, 0, 1, 2, cvTheirs + 32L * c);
            };
            a(); b();
            BenchmarkInput.Verify("blake3_hash_many", new ReadOnlySpan<byte>(cvOurs, 32 * n), new ReadOnlySpan<byte>(cvTheirs, 32 * n));
            Print($"{n:N0} chunks", n * 1024L, a, b);
        }
    }

    private static void Header(string first)
    {
#if PEER_BLAKE3
        Console.WriteLine($"| {first} | Blake2Fast MB/s | official C MB/s | official time / ours: median (range) | Blake3 3.0.2 MB/s | package time / ours |");
        Console.WriteLine("| --- | ---: | ---: | --- | ---: | --- |");
#else
        Console.WriteLine($"| {first} | Blake2Fast MB/s | official C MB/s | official time / ours: median (range) |");
        Console.WriteLine("| --- | ---: | ---: | --- |");
#endif
    }

    /// <summary>Each peer's digest checked against ours (into <paramref name="ours"/> and <paramref name="theirs"/>), then <see cref="Print"/>.</summary>
    private static void Row(string label, long bytes, byte[] ours, byte[] theirs, Action blake2Fast, Action official, Action? package)
    {
        blake2Fast();
        official();
        BenchmarkInput.Verify("official BLAKE3 C", ours, theirs);
        if (package is null)
        {
            Print(label, bytes, blake2Fast, official);
            return;
        }
        package();
        BenchmarkInput.Verify("Blake3 package", ours, theirs);
        Print(label, bytes, blake2Fast, official, package);
    }

    /// <summary>One row: ours and each peer timed in turn every round, the turn's order rotated round by round.</summary>
    private static void Print(string label, long bytes, Action ours, params Action[] peers)
    {
        Action[] all = [ours, .. peers];
        int inner = Warm(all);
        var times = all.Select(_ => new List<double>()).ToArray();
        var ratios = peers.Select(_ => new List<double>()).ToArray();
        for (int r = 0; r < Rounds; r++)
        {
            var round = new double[all.Length];
            for (int i = 0; i < all.Length; i++)
            {
                int which = (r + i) % all.Length;
                round[which] = Time(all[which], inner);
            }
            for (int i = 0; i < all.Length; i++)
                times[i].Add(round[i]);
            for (int i = 0; i < peers.Length; i++)
                ratios[i].Add(round[i + 1] / round[0]);
        }
        var row = new System.Text.StringBuilder($"| {label} | {bytes / Median(times[0]) / 1e6:N0} |");
        for (int i = 0; i < peers.Length; i++)
            row.Append($" {bytes / Median(times[i + 1]) / 1e6:N0} | **{Median(ratios[i]):F2}** ({ratios[i].Min():F2} to {ratios[i].Max():F2}) |");
        Console.WriteLine(row);
    }

    /// <summary>Runs each for a while (past the JIT's tiers), then returns calls per block (at least the block time for the fastest).</summary>
    private static int Warm(Action[] all)
    {
        var clock = Stopwatch.StartNew();
        int calls = 0;
        while (clock.Elapsed.TotalSeconds < WarmSeconds)
        {
            foreach (Action action in all)
                action();
            calls++;
        }
        double perCall = all.Min(action => Time(action, calls));
        return Math.Max(1, (int)Math.Ceiling(BlockSeconds / perCall));
    }

    /// <summary>Seconds per call, over a block of calls.</summary>
    private static double Time(Action action, int calls)
    {
        long start = Stopwatch.GetTimestamp();
        for (int i = 0; i < calls; i++)
            action();
        return (Stopwatch.GetTimestamp() - start) / (double)Stopwatch.Frequency / calls;
    }

    private static double Median(List<double> values)
    {
        var sorted = values.OrderBy(v => v).ToList();
        return sorted[sorted.Count / 2];
    }

    private static string Label(int size) => size >= 1 << 20 ? $"{size >> 20} MiB" : $"{size >> 10} KiB";
}
