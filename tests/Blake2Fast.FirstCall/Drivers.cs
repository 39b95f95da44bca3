using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.Intrinsics.X86;
using System.Text.RegularExpressions;

namespace Blake2Fast.FirstCall;

/// <summary>The table-printing modes: each starts fresh child processes of this program and reads their one line.</summary>
internal static partial class Drivers
{
    private static readonly int[] s_firstSizes = [64, 1 << 20];
    private static readonly int[] s_perCallSizes = [3, 64, 128, 1024, 4096];
    private static readonly Algorithm[] s_ours = [Algorithm.Blake3, Algorithm.Blake2b, Algorithm.Blake2s];

    /// <summary>This program's JIT build: the apphost in the driver's folder (the drivers run from the JIT build).</summary>
    private static string JitExe => Path.Combine(AppContext.BaseDirectory, "Blake2Fast.FirstCall");

    private static void Header(string what)
    {
        Console.WriteLine($"# {what}");
        Console.WriteLine($"CPU: {CpuLine()}; {Environment.ProcessorCount} cores; .NET {Environment.Version}; {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC");
        Console.WriteLine();
    }

    private static string CpuLine()
    {
        if (!X86Base.IsSupported)
            return System.Runtime.InteropServices.RuntimeInformation.ProcessArchitecture.ToString();
        (_, int ebx, int ecx, int edx) = X86Base.CpuId(0, 0);
        string vendor = string.Concat(new[] { ebx, edx, ecx }.SelectMany(r => Enumerable.Range(0, 4).Select(i => (char)((r >> (8 * i)) & 0xFF))));
        int eax = X86Base.CpuId(1, 0).Eax;
        int baseFamily = (eax >> 8) & 0xF;
        int family = baseFamily == 0xF ? baseFamily + ((eax >> 20) & 0xFF) : baseFamily;
        int model = baseFamily is 0x6 or 0xF ? ((eax >> 4) & 0xF) + (((eax >> 16) & 0xF) << 4) : (eax >> 4) & 0xF;
        return $"{vendor} family {family} (0x{family:X}) model {model} (0x{model:X}), AVX-512 {(Avx512F.IsSupported ? "yes" : "no")}";
    }

    /// <summary>Runs a child and returns its output's first line; the child's environment gets <paramref name="env"/> on top.</summary>
    private static string Run(string exe, IEnumerable<string> args, IReadOnlyDictionary<string, string>? env = null)
    {
        var info = new ProcessStartInfo(exe) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string a in args)
            info.ArgumentList.Add(a);
        if (env is not null)
        {
            foreach ((string key, string value) in env)
                info.Environment[key] = value;
        }
        using Process process = Process.Start(info)!;
        string output = process.StandardOutput.ReadToEnd();
        string error = process.StandardError.ReadToEnd();
        process.WaitForExit();
        if (process.ExitCode != 0)
            throw new InvalidOperationException($"{exe} {string.Join(' ', args)} exited {process.ExitCode}: {error}{output}");
        return output.Split('\n')[0].Trim();
    }

    private static string Size(int bytes) => bytes >= 1 << 20 ? $"{bytes >> 20} MiB" : bytes >= 1024 ? $"{bytes >> 10} KiB" : $"{bytes} B";

    private static string Name(Algorithm algorithm) => algorithm switch
    {
        Algorithm.Blake3 => "BLAKE3",
        Algorithm.Blake2b => "BLAKE2b",
        Algorithm.Blake2s => "BLAKE2s",
        Algorithm.Blake3Package => "`Blake3` package 3.0.2",
        _ => "BCL SHA-256",
    };

    private static string F(double value, string format = "F2") => value.ToString(format, CultureInfo.InvariantCulture);

    public static int FirstTable(int processes)
    {
        Header($"First hash in a fresh JIT process, ms (best of {processes} processes, run in rounds)");
        Algorithm[] all = [.. s_ours, Algorithm.Blake3Package, Algorithm.Sha256];
        var samples = new Dictionary<(Algorithm, int, int), List<double>>();
        for (int p = 0; p < processes; p++)
        {
            foreach (Algorithm algorithm in all)
            {
                foreach (int size in s_firstSizes)
                {
                    string[] line = Run(JitExe, ["first", algorithm.ToString(), size.ToString(CultureInfo.InvariantCulture)]).Split(' ');
                    for (int k = 0; k < 3; k++)
                    {
                        if (!samples.TryGetValue((algorithm, size, k), out List<double>? list))
                            samples[(algorithm, size, k)] = list = [];
                        list.Add(double.Parse(line[k], CultureInfo.InvariantCulture) / 1000);
                    }
                }
            }
        }
        Console.WriteLine("| | " + string.Join(" | ", s_firstSizes.Select(s => $"{Size(s)} wall | {Size(s)} processor | {Size(s)} calling thread")) + " |");
        Console.WriteLine("| --- |" + string.Concat(s_firstSizes.Select(_ => " ---: | ---: | ---: |")));
        foreach (Algorithm algorithm in all)
        {
            Console.WriteLine($"| {Name(algorithm)} | " + string.Join(" | ", s_firstSizes.SelectMany(size => new[] { 0, 1, 2 }.Select(k =>
            {
                List<double> list = samples[(algorithm, size, k)];
                return $"{F(list.Min(), "F1")} ({F(Stats.Median(list), "F1")}, {F(list.Max(), "F1")})";
            }))) + " |");
        }
        Console.WriteLine();
        Console.WriteLine("Each cell: the best process (the median, the worst). Processor time counts every thread of the process (the JIT's too, and");
        Console.WriteLine("any background compilation running during the call); the calling thread's is the call's own share of it.");
        return 0;
    }

    [GeneratedRegex(@"JIT compiled (?<name>.+?) \[(?<tier>[^,\]]+)(?:, [^\]]*?)?IL size=(?<il>\d+)")]
    private static partial Regex JitLine();

    public static int JitList(Algorithm algorithm, int size)
    {
        string file = Path.GetTempFileName();
        try
        {
            string[] first = Run(JitExe, ["first", algorithm.ToString(), size.ToString(CultureInfo.InvariantCulture)],
                new Dictionary<string, string> { ["DOTNET_JitStdOutFile"] = file, ["DOTNET_JitDisasmSummary"] = "1" }).Split(' ');
            var methods = File.ReadAllLines(file).Select(l => JitLine().Match(l)).Where(m => m.Success)
                .Select(m => (Name: m.Groups["name"].Value, Tier: m.Groups["tier"].Value, Il: int.Parse(m.Groups["il"].Value, CultureInfo.InvariantCulture)))
                .ToList();
            var library = methods.Where(m => m.Name.StartsWith("Blake2Fast.", StringComparison.Ordinal) && !m.Name.StartsWith("Blake2Fast.FirstCall", StringComparison.Ordinal)).ToList();
            Console.WriteLine($"# Methods the JIT compiled for the first {Name(algorithm)} hash of {Size(size)} ({CpuLine()})");
            Console.WriteLine($"first call (with the listing on): {F(double.Parse(first[0], CultureInfo.InvariantCulture) / 1000, "F1")} ms; " +
                $"methods compiled in the process: {methods.Count}; of the library: {library.Count}, IL {library.Sum(m => m.Il)} bytes; " +
                "by tier: " + string.Join(", ", library.GroupBy(m => m.Tier).Select(g => $"{g.Key} {g.Count()} (IL {g.Sum(m => m.Il)})")));
            foreach (var m in library)
                Console.WriteLine($"  {m.Tier,-24} IL {m.Il,6}  {m.Name}");
            return 0;
        }
        finally
        {
            File.Delete(file);
        }
    }

    public static int PerCallTable(int rounds, int ms, string[] aot)
    {
        Header($"Per-call time, ratio to the JIT (PGO on) in the same round; median of {rounds} rounds of fresh processes [min-max]");
        var configs = new List<(string Label, string Exe, Dictionary<string, string>? Env)>
        {
            ("JIT", JitExe, null),
            ("JIT, DOTNET_TieredPGO=0", JitExe, new() { ["DOTNET_TieredPGO"] = "0" }),
            ("JIT, DOTNET_TieredCompilation=0", JitExe, new() { ["DOTNET_TieredCompilation"] = "0" }),
        };
        foreach (string item in aot)
        {
            int eq = item.IndexOf('=', StringComparison.Ordinal);
            configs.Add(($"NativeAOT, {item[..eq]}", item[(eq + 1)..], null));
        }
        string sizes = string.Join(',', s_perCallSizes);
        // [config][algorithm][round][size] ns per call
        var ns = new double[configs.Count, s_ours.Length, rounds, s_perCallSizes.Length];
        for (int r = 0; r < rounds; r++)
        {
            for (int a = 0; a < s_ours.Length; a++)
            {
                for (int c = 0; c < configs.Count; c++)
                {
                    string[] line = Run(configs[c].Exe, ["percall", s_ours[a].ToString(), sizes, "9", ms.ToString(CultureInfo.InvariantCulture)], configs[c].Env).Split(' ');
                    for (int s = 0; s < s_perCallSizes.Length; s++)
                        ns[c, a, r, s] = double.Parse(line[s], CultureInfo.InvariantCulture);
                }
            }
        }
        Console.WriteLine("| build | algorithm | " + string.Join(" | ", s_perCallSizes.Select(Size)) + " |");
        Console.WriteLine("| --- | --- |" + string.Concat(s_perCallSizes.Select(_ => " ---: |")));
        for (int c = 0; c < configs.Count; c++)
        {
            for (int a = 0; a < s_ours.Length; a++)
            {
                var cells = new List<string>();
                for (int s = 0; s < s_perCallSizes.Length; s++)
                {
                    double[] values = Enumerable.Range(0, rounds).Select(r => c == 0 ? ns[0, a, r, s] : ns[c, a, r, s] / ns[0, a, r, s]).ToArray();
                    double median = Stats.Median(values);
                    cells.Add(c == 0 ? $"{F(median, "F1")} ns" : $"{F(median)} [{F(values.Min())}-{F(values.Max())}]");
                }
                Console.WriteLine($"| {configs[c].Label} | {Name(s_ours[a])} | {string.Join(" | ", cells)} |");
            }
        }
        Console.WriteLine();
        Console.WriteLine("The JIT rows are ns per call; the others are their time over the JIT's.");
        return 0;
    }

    /// <summary>
    /// Issue 49's spread check: PROCESSES fresh processes of each build, alternated (process p of every build and
    /// algorithm before process p + 1 of any), each timing 3 B, 64 B, 1 KiB and 4 KiB per call; per row the median
    /// process, the slowest and the fastest, and the slowest over the median (the target: at most 1.10). Every
    /// process also times a control, the BCL's SHA-256 at 64 B and 4 KiB (native code, placed alike in every process):
    /// the last column is the slowest process's control over the control's median, so a slow process that is slow at
    /// the control too was slowed by the machine, not by the library. Every process's numbers also go to stderr.
    /// </summary>
    public static int SpreadTable(int processes, int ms, string[] aot)
    {
        int[] sizes = [3, 64, 1024, 4096];
        Header($"Per-call time across {processes} fresh processes per build, alternated: median process, slowest, fastest (ns per call)");
        var configs = new List<(string Label, string Exe)> { ("JIT", JitExe) };
        foreach (string item in aot)
        {
            int eq = item.IndexOf('=', StringComparison.Ordinal);
            configs.Add(($"NativeAOT, {item[..eq]}", item[(eq + 1)..]));
        }
        // [config][algorithm][size][process] ns per call
        var ns = new double[configs.Count, s_ours.Length, sizes.Length, processes];
        var control = new double[configs.Count, s_ours.Length, processes]; // SHA-256, 64 B and 4 KiB summed
        var control64 = new double[configs.Count, s_ours.Length, processes]; // SHA-256, 64 B alone
        for (int p = 0; p < processes; p++)
        {
            for (int c = 0; c < configs.Count; c++)
            {
                for (int a = 0; a < s_ours.Length; a++)
                {
                    string[] line = Run(configs[c].Exe, ["percall", s_ours[a].ToString(), string.Join(',', sizes), "3", ms.ToString(CultureInfo.InvariantCulture), "control"]).Split(' ');
                    for (int s = 0; s < sizes.Length; s++)
                        ns[c, a, s, p] = double.Parse(line[s], CultureInfo.InvariantCulture);
                    control64[c, a, p] = double.Parse(line[sizes.Length], CultureInfo.InvariantCulture);
                    control[c, a, p] = control64[c, a, p] + double.Parse(line[sizes.Length + 1], CultureInfo.InvariantCulture);
                    Console.Error.WriteLine($"process {p} | {configs[c].Label} | {Name(s_ours[a])} | {string.Join(" ", line)}");
                }
            }
        }
        // A process whose control ran 5% or more over the control's median, at 64 B or in all, shared a slow spell of
        // the host's (the control is OpenSSL's code, placed alike in every process; a spell can touch the short calls
        // more than the long ones): the last column leaves those processes out.
        const double QuietControl = 1.05;
        Console.WriteLine("| build | algorithm | size | median | slowest | fastest | slowest / median | its control / median | slowest / median, quiet control |");
        Console.WriteLine("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        double worst = 0, worstQuiet = 0;
        int excluded = 0;
        for (int c = 0; c < configs.Count; c++)
        {
            for (int a = 0; a < s_ours.Length; a++)
            {
                for (int s = 0; s < sizes.Length; s++)
                {
                    double[] values = Enumerable.Range(0, processes).Select(p => ns[c, a, s, p]).ToArray();
                    double[] controls = Enumerable.Range(0, processes).Select(p => control[c, a, p]).ToArray();
                    double[] controls64 = Enumerable.Range(0, processes).Select(p => control64[c, a, p]).ToArray();
                    double median = Stats.Median(values), controlMedian = Stats.Median(controls);
                    int slowest = Array.IndexOf(values, values.Max());
                    worst = Math.Max(worst, values.Max() / median);
                    double control64Median = Stats.Median(controls64);
                    int[] quiet = Enumerable.Range(0, processes).Where(p => controls[p] < QuietControl * controlMedian && controls64[p] < QuietControl * control64Median).ToArray();
                    double quietWorst = quiet.Length == 0 ? double.NaN : quiet.Max(p => values[p]) / median;
                    worstQuiet = Math.Max(worstQuiet, double.IsNaN(quietWorst) ? 0 : quietWorst);
                    if (s == 0)
                        excluded += processes - quiet.Length;
                    Console.WriteLine($"| {configs[c].Label} | {Name(s_ours[a])} | {Size(sizes[s])} | {F(median, "F1")} | {F(values.Max(), "F1")} | {F(values.Min(), "F1")} | {F(values.Max() / median)} | {F(controls[slowest] / controlMedian)} | {F(quietWorst)} |");
                }
            }
        }
        Console.WriteLine();
        Console.WriteLine($"Worst row: slowest process at {F(worst)}x its row's median (target: at most 1.10).");
        Console.WriteLine($"Leaving out the {excluded} of {configs.Count * s_ours.Length * processes} processes whose control ran {F(QuietControl)}x its median or slower: {F(worstQuiet)}x.");
        return 0;
    }

    public static int RampTable(int ms)
    {
        Header($"A fresh process calling one size: ns per call in the 10 ms after 100 ms of calls, against the last fifth of {ms} ms");
        Console.WriteLine("| build | algorithm | size | after 100 ms | steady | ratio |");
        Console.WriteLine("| --- | --- | ---: | ---: | ---: | ---: |");
        (string Label, Dictionary<string, string>? Env, string Caller)[] configs =
        [
            ("JIT", null, "direct"),
            ("JIT, DOTNET_TieredPGO=0", new() { ["DOTNET_TieredPGO"] = "0" }, "direct"),
            ("JIT, through a function pointer", null, "pointer"),
        ];
        foreach ((string label, Dictionary<string, string>? env, string caller) in configs)
        {
            foreach (Algorithm algorithm in s_ours)
            {
                foreach (int size in (int[])[64, 4096])
                {
                    string[] line = Run(JitExe, ["ramp", algorithm.ToString(), size.ToString(CultureInfo.InvariantCulture), ms.ToString(CultureInfo.InvariantCulture), caller], env).Split(' ');
                    double at100 = double.Parse(line[0], CultureInfo.InvariantCulture), steady = double.Parse(line[1], CultureInfo.InvariantCulture);
                    Console.WriteLine($"| {label} | {Name(algorithm)} | {Size(size)} | {F(at100, "F1")} ns | {F(steady, "F1")} ns | {F(at100 / steady)} |");
                }
            }
        }
        return 0;
    }
}
