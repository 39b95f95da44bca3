// BLAKE3 against the official C (with its assembly) in one process, the two called in alternation:
//
//   dotnet run -c Release --project tests/Blake2Fast.Benchmarks -- --alternate [sizes in KiB, comma-separated]
//
// On a shared VM a BenchmarkDotNet row can move by 10% from one run to the next, and the two libraries' rows come
// from different processes minutes apart. Here every round times a block of calls of each, back to back (the order
// swapped every round), so both see the same machine; the ratio of each round is the official C's time over ours
// (above 1 we are faster), and the median of the rounds is reported with its range. Then the chunk kernels alone,
// ours against the assembly's blake3_hash_many (AVX-512, else AVX2) called 16 chunks at a time as its tree does.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Benchmarks.Infrastructure;
using Blake2Fast.Cores;

namespace Blake2Fast.Benchmarks;

internal static unsafe class Blake3Alternation
{
    private const int Rounds = 9;
    private const double BlockSeconds = 0.02;
    private const double WarmSeconds = 0.3;

    private static readonly int[] DefaultKiB = [2, 8, 16, 64, 256, 1024, 2048, 8192, 16384, 65536];

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

        Console.WriteLine($"// {Rounds} rounds per row, blocks of calls of at least {BlockSeconds * 1000:F0} ms each, order swapped every round");
        Console.WriteLine("| one-shot | Blake2Fast MB/s | official C MB/s | official time / ours: median (range) |");
        Console.WriteLine("| --- | ---: | ---: | --- |");
        foreach (int size in sizes)
        {
            byte[] bytes = input;
            int n = size;
            Action a = () => Blake3.HashData(bytes.AsSpan(0, n), ours);
            Action b = () => OfficialBlake3.Hash(hasher, bytes.AsSpan(0, n), n, theirs);
            a(); b();
            BenchmarkInput.Verify("official BLAKE3 C", ours, theirs);
            Print(Label(size), size, a, b);
        }

        fixed (byte* data = input)
            Kernels(data);
        return 0;
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

    private static void Print(string label, long bytes, Action ours, Action theirs)
    {
        int inner = Warm(ours, theirs);
        var ratios = new List<double>();
        var timesOurs = new List<double>();
        var timesTheirs = new List<double>();
        for (int r = 0; r < Rounds; r++)
        {
            double x, y;
            if (r % 2 == 0)
            {
                x = Time(ours, inner);
                y = Time(theirs, inner);
            }
            else
            {
                y = Time(theirs, inner);
                x = Time(ours, inner);
            }
            timesOurs.Add(x);
            timesTheirs.Add(y);
            ratios.Add(y / x);
        }
        Console.WriteLine($"| {label} | {bytes / Median(timesOurs) / 1e6:N0} | {bytes / Median(timesTheirs) / 1e6:N0} | " +
            $"**{Median(ratios):F2}** ({ratios.Min():F2} to {ratios.Max():F2}) |");
    }

    /// <summary>Runs both for a while (past the JIT's tiers), then returns calls per block.</summary>
    private static int Warm(Action ours, Action theirs)
    {
        var clock = Stopwatch.StartNew();
        int calls = 0;
        while (clock.Elapsed.TotalSeconds < WarmSeconds)
        {
            ours();
            theirs();
            calls++;
        }
        double perCall = Math.Min(Time(ours, calls), Time(theirs, calls));
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
