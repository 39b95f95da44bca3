using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using Blake2Fast.Dispatch;

namespace Blake2Fast;

/// <summary>
/// The kernel benchmark (what <c>b2fsum --benchmark</c> prints): times every compression kernel this CPU and runtime
/// run, for every job of the library (BLAKE2b, BLAKE2s, BLAKE-256, the parallel modes, many messages, BLAKE3), and
/// writes a table of MB/s, the kernel the library chooses, the CPU's identity and, where another kernel measured
/// clearly faster, the <c>BLAKE2FAST_CORE</c> value that selects it. Meant for CPUs nobody has measured (ARM64 above
/// all) and for runtimes such as WebAssembly: run it where your code runs and report the table.
/// </summary>
/// <remarks>
/// Each kernel is timed on about 64 KiB in the cache, so the table compares kernels, not memory; about a second and a
/// half per kernel, or a few hundredths with <c>brief</c>. It runs on the calling thread and allocates its inputs.
/// </remarks>
public static class KernelBenchmark
{
    /// <summary>Times every kernel that runs here and writes the report to <paramref name="output"/>.</summary>
    /// <param name="output">Where the report goes, line by line (for example <see cref="Console.Out"/>).</param>
    /// <param name="brief">
    /// <see langword="true"/> for a few hundredths of a second per kernel (rough timings, to check that every kernel
    /// runs); <see langword="false"/> (the default) for about half a second of warm-up and one second of timing each.
    /// </param>
    /// <exception cref="ArgumentNullException"><paramref name="output"/> is <see langword="null"/>.</exception>
    public static void Run(TextWriter output, bool brief = false)
    {
        if (output is null)
            throw new ArgumentNullException(nameof(output));
        // The warm-up also lets a JIT-run build (dotnet tool) reach fully optimized code; the published executable is
        // compiled ahead of time.
        TimeSpan warmUp = brief ? TimeSpan.FromMilliseconds(20) : TimeSpan.FromMilliseconds(500);
        TimeSpan measure = brief ? TimeSpan.FromMilliseconds(50) : TimeSpan.FromSeconds(1);
        output.WriteLine($"Blake2Fast kernel benchmark: {System.Runtime.InteropServices.RuntimeInformation.ProcessArchitecture}, {Cpu.Current}");
        output.WriteLine($"{InstructionSets.EnvironmentVariable}={Environment.GetEnvironmentVariable(InstructionSets.EnvironmentVariable) ?? "(not set)"}; " +
            $"{(brief ? "short mode: timings are rough" : "about 1 s per kernel after warm-up")}");
        output.WriteLine();
        output.WriteLine($"{"job",-22} {"kernel",-10} {"lanes",5} {"MB/s",10}  note");
        foreach (KernelSet set in KernelTable.All)
        {
            Kernel[] kernels = set.Kernels.Where(k => k.IsSupported).ToArray();
            if (kernels.Length == 0)
                continue; // a lane job with no lane kernel here runs its lanes on the single-stream kernels above
            // About 64 KiB of input per call: in cache, so the table compares kernels, not memory.
            int unit = set.BytesPerUnit(kernels.Max(k => k.Lanes));
            var input = new byte[Math.Max(unit, 65536 / unit * unit)];
            new Random(21).NextBytes(input);
            InstructionSet best = kernels[0].InstructionSet;
            double bestRate = 0, chosenRate = 0;
            bool chosenSeen = false;
            foreach (Kernel kernel in kernels)
            {
                int units = input.Length / set.BytesPerUnit(kernel.Lanes);
                long bytes = (long)units * set.BytesPerUnit(kernel.Lanes);
                Time(set, kernel, input, units, warmUp);
                double rate = bytes * Time(set, kernel, input, units, measure) / 1e6;
                // A kernel with a woven row runs only a group plus its row, never as the job's kernel.
                bool woven = kernel.WovenRow > 0;
                // The first kernel of the default instruction set is the job's; a later one of the same set (BLAKE3's
                // AVX-512 rows) takes only a rest of a few inputs.
                string note = woven ? "a group plus its row"
                    : kernel.InstructionSet != set.Default ? ""
                    : chosenSeen ? "chosen for a short rest" : "chosen";
                if (!woven && kernel.InstructionSet == set.Default)
                    chosenSeen = true;
                output.WriteLine($"{set.Name,-22} {kernel.Label,-10} {kernel.Lanes,5} {rate.ToString("N0", CultureInfo.InvariantCulture),10}  {note}");
                if (woven)
                    continue;
                if (rate > bestRate)
                    (best, bestRate) = (kernel.InstructionSet, rate);
                if (note == "chosen")
                    chosenRate = rate;
            }
            // Only a clear win (5 %, beyond run-to-run noise on an idle machine) in a full run is worth an override.
            if (!brief && best != set.Default && chosenRate > 0 && bestRate > 1.05 * chosenRate)
                output.WriteLine($"{"",-22} -> {InstructionSets.Name(best)} measured fastest here; {InstructionSets.EnvironmentVariable}={InstructionSets.Name(best)} selects it " +
                    "(for every job) if the difference holds on an idle machine");
        }
        output.WriteLine();
        output.WriteLine(ReportRequest(Internal.ProjectAddress.Url));
    }

    /// <summary>
    /// Where to send the table: the issue tracker at the project's address, which a build has when it was given one
    /// (<c>Blake2FastRepositoryUrl</c>, build/Packaging.props); otherwise where to find that address.
    /// </summary>
    internal static string ReportRequest(string projectUrl)
    {
        const string Request = "Please report the table with the CPU line at the project's issue tracker";
        if (projectUrl.Length == 0)
            return Request + " (this build carries no project address: find the project from where you got Blake2Fast, such as the Blake2Fast package's page on NuGet.org).";
        // GitHub's tracker is at a fixed place under the repository; of another host, name the project's page.
        return projectUrl.StartsWith("https://github.com/", StringComparison.OrdinalIgnoreCase)
            ? $"{Request}: {projectUrl}/issues"
            : $"{Request}, linked from {projectUrl}";
    }

    /// <summary>Calls per second, over at least <paramref name="duration"/>.</summary>
    private static double Time(KernelSet set, Kernel kernel, byte[] input, int units, TimeSpan duration)
    {
        long calls = 0;
        var clock = Stopwatch.StartNew();
        do
        {
            set.Run(kernel, input, units);
            calls++;
        }
        while (clock.Elapsed < duration);
        return calls / clock.Elapsed.TotalSeconds;
    }
}
