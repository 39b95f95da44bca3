// First-call, per-call and ramp-up measurements (issue 34), in one program that is both the measured child and the
// driver that starts the children and prints the tables. build/first-call-and-aot.sh builds the variants and runs it;
// docs/benchmarks/first-call-and-aot.md holds the tables and says how to read them.
//
// Children (one process each, prints one line of numbers):
//   first ALG SIZE                 the first hash of SIZE bytes, timed from just before the call: wall, process and
//                                  calling thread's processor microseconds
//   percall ALG SIZES ROUNDS MS    warm-up, then ROUNDS alternated rounds of every size, MS ms each: median ns per call
//   ramp ALG SIZE MS [pointer]     ns per call in the 10 ms window that starts after 100 ms of calls, and at the end of MS ms;
//                                  with "pointer", from an optimized loop through a function pointer (the library's own
//                                  ramp, without the caller's tier-0 loop or its inlining); FIRSTCALL_WINDOWS=1 also
//                                  prints every 10 ms window to stderr
//   stack ALG SIZE ROUNDS MS       ns per call with the caller's stack moved down by 0, 16, ..., 240 bytes (every
//                                  placement modulo a 64-byte cache line four times), rounds alternated: does the
//                                  speed depend on where the hash's stack buffers fall?
//   offset ALG SIZE ROUNDS MS      ns per call with the input at 0, 64, ..., 4032 bytes into a pinned buffer: does the
//                                  speed depend on where the input falls against the stack (4 KiB aliasing)?
//   cores                          the instruction set this build chose for each algorithm
//   count ALG SIZE N               exactly N calls, untimed (for instruction counts under callgrind)
// Per-call times are the calling thread's processor time (CLOCK_THREAD_CPUTIME_ID), so that time the thread waited
// for a core on a loaded machine does not count.
// Drivers (run by the JIT build):
//   first-table PROCESSES          best of PROCESSES fresh processes, for every algorithm at 64 B and 1 MiB
//   jit-list ALG SIZE              the methods the JIT compiles for a first call, their tiers and IL sizes
//   jit-times ALG SIZE             the same from an in-process listener on the JIT's events: each method's tier, IL
//                                  size, JIT time and thread (run directly: it is its own child)
//   percall-table ROUNDS MS LABEL=EXE...   per-call ns of the JIT, the JIT without PGO, without tiering, and each
//                                  NativeAOT executable (LABEL=PATH), in ROUNDS rounds of fresh processes; ratios to the JIT
//   spread-table PROCESSES MS LABEL=EXE...   PROCESSES fresh processes per build (the JIT and each LABEL=PATH),
//                                  alternated: each row's median, slowest and fastest process at 3 B to 4 KiB
//   ramp-table MS                  the ramp child for each algorithm at 64 B and 4 KiB: with PGO and without, and through a pointer
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;

namespace Blake2Fast.FirstCall;

internal enum Algorithm
{
    Blake3,
    Blake2b,
    Blake2s,
    Blake3Package,
    Sha256,
}

internal static unsafe class Program
{
    private static int Main(string[] args)
    {
        if (args.Length == 0)
        {
            Console.Error.WriteLine("usage: see the top of tests/Blake2Fast.FirstCall/Program.cs");
            return 2;
        }
        switch (args[0])
        {
            case "first":
                return First(ParseAlgorithm(args[1]), Int(args[2]));
            case "percall":
                return PerCall(ParseAlgorithm(args[1]), args[2].Split(',').Select(Int).ToArray(), Int(args[3]), Int(args[4]), args.Length > 5 && args[5] == "control");
            case "ramp":
                return Ramp(ParseAlgorithm(args[1]), Int(args[2]), Int(args[3]), args.Length > 4 && args[4] == "pointer");
            case "count":
                // Exactly N calls and nothing timed: for instruction counts (valgrind --tool=callgrind), where the
                // difference between two values of N is N's share.
                Calls(ParseAlgorithm(args[1]), Input(Int(args[2])), new byte[64], Int(args[2]), Int(args[3]));
                return 0;
            case "offset":
                return InputPlacement(ParseAlgorithm(args[1]), Int(args[2]), Int(args[3]), Int(args[4]));
            case "relocate":
                return Relocate(ParseAlgorithm(args[1]), Int(args[2]), Int(args[3]), Int(args[4]));
            case "stack":
                return StackPlacement(ParseAlgorithm(args[1]), Int(args[2]), Int(args[3]), Int(args[4]));
            case "cores":
                // Which kernel this build chose for each algorithm (NativeAOT fixes some choices at build time).
                Console.WriteLine($"BLAKE3 {Blake3.CompressionCore}, BLAKE2b {Blake2b.CompressionCore}, BLAKE2s {Blake2s.CompressionCore}, BLAKE-256 {Blake256.CompressionCore}");
                return 0;
            case "first-table":
                return Drivers.FirstTable(Int(args[1]));
            case "jit-times":
                return JitTimes.Run(ParseAlgorithm(args[1]), Int(args[2]));
            case "jit-list":
                return Drivers.JitList(ParseAlgorithm(args[1]), Int(args[2]));
            case "percall-table":
                return Drivers.PerCallTable(Int(args[1]), Int(args[2]), args[3..]);
            case "spread-table":
                return Drivers.SpreadTable(Int(args[1]), Int(args[2]), args[3..]);
            case "ramp-table":
                return Drivers.RampTable(Int(args[1]));
            default:
                Console.Error.WriteLine($"unknown mode {args[0]}");
                return 2;
        }
    }

    internal static int Int(string s) => int.Parse(s, CultureInfo.InvariantCulture);

    internal static Algorithm ParseAlgorithm(string name) => Enum.Parse<Algorithm>(name, ignoreCase: true);

    internal static int DigestLength(Algorithm algorithm) => algorithm == Algorithm.Blake2b ? 64 : 32;

    private static int First(Algorithm algorithm, int size)
    {
        byte[] input = Input(size);
        byte[] output = new byte[64];
        long cpuStart = ProcessCpu.Nanoseconds();
        long threadStart = ProcessCpu.ThreadNanoseconds();
        long start = Stopwatch.GetTimestamp();
        // The call goes through a method compiled at this point, so loading the library and compiling its path count.
        HashOnce(algorithm, input, output);
        TimeSpan elapsed = Stopwatch.GetElapsedTime(start);
        // Processor time too: the calling thread's (on a loaded machine it moves less than the wall clock), and every
        // thread's of the process (the JIT's included, and work a library does on other threads meanwhile).
        double threadUs = (ProcessCpu.ThreadNanoseconds() - threadStart) / 1000.0;
        double cpuUs = (ProcessCpu.Nanoseconds() - cpuStart) / 1000.0;
        Console.WriteLine(FormattableString.Invariant($"{elapsed.TotalMicroseconds:F0} {cpuUs:F0} {threadUs:F0}"));
        return output.Take(DigestLength(algorithm)).All(b => b == 0) ? 1 : 0;
    }

    /// <summary>The first-call child's call, for the listing modes.</summary>
    internal static void HashOnceForListing(Algorithm algorithm, byte[] input, byte[] output) => HashOnce(algorithm, input, output);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void HashOnce(Algorithm algorithm, byte[] input, byte[] output)
    {
        switch (algorithm)
        {
            case Algorithm.Blake3: Blake3Once(input, output); break;
            case Algorithm.Blake2b: Blake2bOnce(input, output); break;
            case Algorithm.Blake2s: Blake2sOnce(input, output); break;
            case Algorithm.Blake3Package: PackageOnce(input, output); break;
            default: Sha256Once(input, output); break;
        }
    }

    // One method per algorithm, so that a first call loads and compiles only what its own algorithm needs.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Blake3Once(byte[] input, byte[] output) => Blake2Fast.Blake3.HashData(input, output.AsSpan(0, 32));

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Blake2bOnce(byte[] input, byte[] output) => Blake2Fast.Blake2b.HashData(input, output.AsSpan(0, 64));

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Blake2sOnce(byte[] input, byte[] output) => Blake2Fast.Blake2s.HashData(input, output.AsSpan(0, 32));

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void PackageOnce(byte[] input, byte[] output) => global::Blake3.Hasher.Hash(input, output.AsSpan(0, 32));

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Sha256Once(byte[] input, byte[] output) => SHA256.HashData(input, output.AsSpan(0, 32));

    private static byte[] Input(int size)
    {
        var input = new byte[size];
        for (int i = 0; i < size; i++)
            input[i] = (byte)i;
        return input;
    }

    /// <summary>
    /// Calls the algorithm <paramref name="calls"/> times on <paramref name="size"/> bytes; the thread's processor
    /// time it took, in nanoseconds (on a loaded machine, time the thread was not running does not count).
    /// </summary>
    private static long Calls(Algorithm algorithm, byte[] input, byte[] output, int size, long calls)
    {
        ReadOnlySpan<byte> source = input.AsSpan(0, size);
        long start = ProcessCpu.ThreadNanoseconds();
        switch (algorithm)
        {
            case Algorithm.Blake3:
                for (long i = 0; i < calls; i++)
                    Blake2Fast.Blake3.HashData(source, output.AsSpan(0, 32));
                break;
            case Algorithm.Blake2b:
                for (long i = 0; i < calls; i++)
                    Blake2Fast.Blake2b.HashData(source, output.AsSpan(0, 64));
                break;
            case Algorithm.Blake2s:
                for (long i = 0; i < calls; i++)
                    Blake2Fast.Blake2s.HashData(source, output.AsSpan(0, 32));
                break;
            case Algorithm.Blake3Package:
                for (long i = 0; i < calls; i++)
                    global::Blake3.Hasher.Hash(source, output.AsSpan(0, 32));
                break;
            default:
                for (long i = 0; i < calls; i++)
                    SHA256.HashData(source, output.AsSpan(0, 32));
                break;
        }
        return ProcessCpu.ThreadNanoseconds() - start;
    }

    /// <summary>How many calls take about <paramref name="ms"/> milliseconds.</summary>
    private static int InputPlacement(Algorithm algorithm, int size, int rounds, int ms)
    {
        byte[] buffer = GC.AllocateArray<byte>(8192 + size, pinned: true);
        Random.Shared.NextBytes(buffer);
        byte[] output = new byte[64];
        // Calibrated at offset 0; every placement then runs the same number of calls.
        byte[] first = buffer.AsSpan(0, size).ToArray();
        long calls = WarmedCalls(algorithm, first, output, size, ms);
        // The start of the pinned array's data, rounded up to 4 KiB, is offset 0.
        int align = (int)((4096 - ((long)System.Runtime.CompilerServices.Unsafe.AsPointer(ref buffer[0]) & 4095)) & 4095);
        var ns = new double[64][];
        for (int k = 0; k < 64; k++)
            ns[k] = new double[rounds];
        for (int r = 0; r < rounds; r++)
        {
            for (int k = 0; k < 64; k++)
                ns[k][r] = (double)CallsAt(algorithm, buffer, align + 64 * k, output, size, calls) / calls;
        }
        Console.WriteLine(string.Join(' ', ns.Select(x => Stats.Median(x).ToString("F0", CultureInfo.InvariantCulture))));
        return 0;
    }

    // Issue 49: in one process, the per-call time with the arrays as percall has them, then with the output (and then
    // the input) moved to each of 64 placements across a 4 KiB page, and the BCL's SHA-256 as a control. A slow process
    // that turns fast at some placement is slow because of where its buffers fell; one slow at every placement (and
    // not at the control) is slow for another reason of its own. Prints: baseline, output min / median / max, input
    // min / median / max, control (ns per call).
    private static int Relocate(Algorithm algorithm, int size, int rounds, int ms)
    {
        byte[] input = Input(size);
        byte[] output = new byte[64];
        long calls = WarmedCalls(algorithm, input, output, size, ms);
        long controlCalls = Calibrate(Algorithm.Sha256, input, output, size, ms);
        byte[] buffer = GC.AllocateArray<byte>(8192 + 4096, pinned: true);
        input.CopyTo(buffer, 0);
        int align = (int)((4096 - ((long)System.Runtime.CompilerServices.Unsafe.AsPointer(ref buffer[0]) & 4095)) & 4095);
        byte[] outputs = GC.AllocateArray<byte>(8192 + 64, pinned: true);
        int outAlign = (int)((4096 - ((long)System.Runtime.CompilerServices.Unsafe.AsPointer(ref outputs[0]) & 4095)) & 4095);
        var baseline = new double[rounds];
        var control = new double[rounds];
        var byOutput = new double[64][];
        var byInput = new double[64][];
        for (int k = 0; k < 64; k++)
        {
            byOutput[k] = new double[rounds];
            byInput[k] = new double[rounds];
        }
        for (int r = 0; r < rounds; r++)
        {
            baseline[r] = (double)Calls(algorithm, input, output, size, calls) / calls;
            control[r] = (double)Calls(Algorithm.Sha256, input, output, size, controlCalls) / controlCalls;
            for (int k = 0; k < 64; k++)
            {
                byOutput[k][r] = (double)CallsInto(algorithm, input, outputs, outAlign + 64 * k, size, calls) / calls;
                byInput[k][r] = (double)CallsAt(algorithm, buffer, align + 64 * k, output, size, calls) / calls;
            }
        }
        double[] o = byOutput.Select(Stats.Median).ToArray(), i = byInput.Select(Stats.Median).ToArray();
        // For finding what the slow placements share: this frame's stack address within its page (the library's
        // frames sit a fixed distance below it), the pages' placements, and every placement's time.
        int here = 0;
        long stack = (long)System.Runtime.CompilerServices.Unsafe.AsPointer(ref here) & 4095;
        long inputAt = ((long)System.Runtime.CompilerServices.Unsafe.AsPointer(ref input[0])) & 4095;
        long outputAt = ((long)System.Runtime.CompilerServices.Unsafe.AsPointer(ref output[0])) & 4095;
        Console.Error.WriteLine($"stack {stack} input {inputAt} output {outputAt} | out {string.Join(',', o.Select(x => x.ToString("F0", CultureInfo.InvariantCulture)))} | in {string.Join(',', i.Select(x => x.ToString("F0", CultureInfo.InvariantCulture)))}");
        Console.WriteLine(string.Join(' ', new[] { Stats.Median(baseline), o.Min(), Stats.Median(o), o.Max(), i.Min(), Stats.Median(i), i.Max(), Stats.Median(control) }
            .Select(x => x.ToString("F1", CultureInfo.InvariantCulture))));
        return 0;
    }

    private static long CallsInto(Algorithm algorithm, byte[] input, byte[] outputs, int offset, int size, long calls)
    {
        ReadOnlySpan<byte> source = input.AsSpan(0, size);
        Span<byte> destination = outputs.AsSpan(offset, DigestLength(algorithm));
        long start = ProcessCpu.ThreadNanoseconds();
        for (long i = 0; i < calls; i++)
        {
            switch (algorithm)
            {
                case Algorithm.Blake3: Blake2Fast.Blake3.HashData(source, destination); break;
                case Algorithm.Blake2b: Blake2Fast.Blake2b.HashData(source, destination); break;
                default: Blake2Fast.Blake2s.HashData(source, destination); break;
            }
        }
        return ProcessCpu.ThreadNanoseconds() - start;
    }

    private static long CallsAt(Algorithm algorithm, byte[] buffer, int offset, byte[] output, int size, long calls)
    {
        ReadOnlySpan<byte> source = buffer.AsSpan(offset, size);
        long start = ProcessCpu.ThreadNanoseconds();
        for (long i = 0; i < calls; i++)
        {
            switch (algorithm)
            {
                case Algorithm.Blake3: Blake2Fast.Blake3.HashData(source, output.AsSpan(0, 32)); break;
                case Algorithm.Blake2b: Blake2Fast.Blake2b.HashData(source, output.AsSpan(0, 64)); break;
                default: Blake2Fast.Blake2s.HashData(source, output.AsSpan(0, 32)); break;
            }
        }
        return ProcessCpu.ThreadNanoseconds() - start;
    }

    /// <summary>300 ms of calls (past tiering), then the calls that take about <paramref name="ms"/> ms.</summary>
    private static long WarmedCalls(Algorithm algorithm, byte[] input, byte[] output, int size, int ms)
    {
        long calls = 0;
        long warmStart = ProcessCpu.ThreadNanoseconds();
        while (ProcessCpu.ThreadNanoseconds() - warmStart < 300_000_000L)
            calls = Calibrate(algorithm, input, output, size, ms);
        return calls;
    }

    private static int StackPlacement(Algorithm algorithm, int size, int rounds, int ms)
    {
        byte[] input = Input(size);
        byte[] output = new byte[64];
        long calls = WarmedCalls(algorithm, input, output, size, ms);
        var ns = new double[16][];
        for (int d = 0; d < 16; d++)
            ns[d] = new double[rounds];
        for (int r = 0; r < rounds; r++)
        {
            for (int d = 0; d < 16; d++)
                ns[d][r] = (double)AtDepth(d, algorithm, input, output, size, calls) / calls;
        }
        Console.WriteLine(string.Join(' ', ns.Select(x => Stats.Median(x).ToString("F1", CultureInfo.InvariantCulture))));
        return 0;
    }

    // The calls run one frame below a stackalloc of 16 * (depth + 1) bytes, which moves everything the hash puts on the
    // stack by that much.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static long AtDepth(int depth, Algorithm algorithm, byte[] input, byte[] output, int size, long calls)
    {
        Span<byte> pad = stackalloc byte[16 * (depth + 1)];
        pad[0] = (byte)depth;
        long elapsed = Calls(algorithm, input, output, size, calls);
        return elapsed + pad[0] - depth;
    }

    private static long Calibrate(Algorithm algorithm, byte[] input, byte[] output, int size, int ms)
    {
        long calls = 1;
        while (true)
        {
            long ns = Calls(algorithm, input, output, size, calls);
            if (ns >= ms * 250_000L || calls > 1L << 40)
                return Math.Max(1, (long)(calls * (ms * 1e6) / Math.Max(1, ns)));
            calls *= 2;
        }
    }

    private static int PerCall(Algorithm algorithm, int[] sizes, int rounds, int ms, bool control)
    {
        // With "control", the BCL's SHA-256 (OpenSSL's native code: its placement is the same in every process) at
        // 64 B and 4 KiB in the same rounds, after the sizes: a process slow at both is slow for a reason outside
        // the library (the host, a busy sibling core); one slow at ours alone, for a reason of its own.
        (Algorithm Algorithm, int Size)[] rows = sizes.Select(size => (algorithm, size))
            .Concat(control ? [(Algorithm.Sha256, 64), (Algorithm.Sha256, 4096)] : []).ToArray();
        byte[] input = Input(rows.Max(row => row.Size));
        byte[] output = new byte[64];
        // Warm-up: long enough for tiered compilation to finish (every size calls its own paths).
        // Warm-up by the thread's processor time, then the calibration (a calibration that met a compilation would
        // count too few calls).
        long[] calls = new long[rows.Length];
        long warmStart = ProcessCpu.ThreadNanoseconds();
        while (ProcessCpu.ThreadNanoseconds() - warmStart < Math.Max(4 * ms, 50) * 1_000_000L * sizes.Length)
        {
            for (int s = 0; s < rows.Length; s++)
                Calibrate(rows[s].Algorithm, input, output, rows[s].Size, ms);
        }
        for (int s = 0; s < rows.Length; s++)
            calls[s] = Calibrate(rows[s].Algorithm, input, output, rows[s].Size, ms);
        var samples = new double[rows.Length][];
        for (int s = 0; s < rows.Length; s++)
            samples[s] = new double[rounds];
        for (int r = 0; r < rounds; r++)
        {
            for (int s = 0; s < rows.Length; s++)
                samples[s][r] = (double)Calls(rows[s].Algorithm, input, output, rows[s].Size, calls[s]) / calls[s];
        }
        Console.WriteLine(string.Join(' ', samples.Select(x => Stats.Median(x).ToString("F2", CultureInfo.InvariantCulture))));
        return 0;
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static long PointerCalls(delegate*<ReadOnlySpan<byte>, Span<byte>, int> hash, ReadOnlySpan<byte> source, Span<byte> destination, long calls)
    {
        long start = ProcessCpu.ThreadNanoseconds();
        for (long i = 0; i < calls; i++)
            hash(source, destination);
        return ProcessCpu.ThreadNanoseconds() - start;
    }

    private static int Package(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        global::Blake3.Hasher.Hash(source, destination);
        return destination.Length;
    }

    private static int Ramp(Algorithm algorithm, int size, int ms, bool pointer)
    {
        byte[] input = Input(size);
        byte[] output = new byte[64];
        const int Window = 10;
        // Calls per clock read: a few microseconds' worth, so that reading the clock costs nothing.
        long batch = size >= 65536 ? 1 : size >= 4096 ? 8 : 64;
        var windows = new List<double>();
        // The clock is the thread's processor time: "after 100 ms of calls" means 100 ms spent calling.
        long windowNs = 0, windowCalls = 0;
        // Through a pointer, the caller's loop is compiled optimized from the start and the call follows the library's
        // method as it tiers up, never inlined: what is left is the library's own ramp.
        delegate*<ReadOnlySpan<byte>, Span<byte>, int> hash = algorithm switch
        {
            Algorithm.Blake3 => &Blake2Fast.Blake3.HashData,
            Algorithm.Blake2b => &Blake2Fast.Blake2b.HashData,
            Algorithm.Blake2s => &Blake2Fast.Blake2s.HashData,
            Algorithm.Blake3Package => &Package,
            _ => &SHA256.HashData,
        };
        int digest = DigestLength(algorithm);
        while (true)
        {
            windowNs += pointer
                ? PointerCalls(hash, input.AsSpan(0, size), output.AsSpan(0, digest), batch)
                : Calls(algorithm, input, output, size, batch);
            windowCalls += batch;
            if (windowNs >= Window * 1_000_000L)
            {
                windows.Add((double)windowNs / windowCalls);
                windowNs = 0;
                windowCalls = 0;
                if (windows.Count * Window >= ms)
                    break;
            }
        }
        // The window that starts at 100 ms, and the median of the last fifth (the steady state).
        if (Environment.GetEnvironmentVariable("FIRSTCALL_WINDOWS") is not null)
            Console.Error.WriteLine(string.Join(' ', windows.Select(x => x.ToString("F0", CultureInfo.InvariantCulture))));
        double at100 = windows[Math.Min(100 / Window, windows.Count - 1)];
        double steady = Stats.Median(windows.Skip(windows.Count * 4 / 5).ToArray());
        Console.WriteLine(FormattableString.Invariant($"{at100:F2} {steady:F2}"));
        return 0;
    }
}

/// <summary>Processor time from clock_gettime: nanosecond resolution, where /proc counts 10 ms ticks.</summary>
internal static unsafe partial class ProcessCpu
{
    private const int ClockProcessCpuTimeId = 2, ClockThreadCpuTimeId = 3;

    /// <summary>The process's (every thread, the JIT's too).</summary>
    public static long Nanoseconds() => Read(ClockProcessCpuTimeId);

    /// <summary>The calling thread's.</summary>
    public static long ThreadNanoseconds() => Read(ClockThreadCpuTimeId);

    private static long Read(int clock)
    {
        long* ts = stackalloc long[2];
        return clock_gettime(clock, ts) == 0 ? ts[0] * 1_000_000_000 + ts[1] : 0;
    }

    [System.Runtime.InteropServices.LibraryImport("libc")]
    private static partial int clock_gettime(int clock, long* timespec);
}

internal static class Stats
{
    public static double Median(IReadOnlyList<double> values)
    {
        double[] sorted = values.OrderBy(v => v).ToArray();
        int n = sorted.Length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
