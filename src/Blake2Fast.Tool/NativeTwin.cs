using System;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics.X86;
#endif
using Blake2Fast.Tool.Cli;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool;

/// <summary>
/// The published x64 tool is two NativeAOT executables: the baseline one (x86-64-v2 plus AVX, what every x64 CPU
/// since 2011 runs) and a twin compiled for x86-64-v4 next to it. NativeAOT fixes the instruction set at compile
/// time and never turns AVX-512 on at run time, so only the twin can run the AVX-512 kernels (BLAKE3 1.5 to 2 times
/// faster). Once the command line is read, the baseline executable replaces itself with the twin (execv: same
/// process, arguments, descriptors and environment) when the twin exists, the CPU and kernel run AVX-512, and the
/// work is large enough to pay for starting a second runtime: small files and empty runs stay here.
/// </summary>
internal static partial class NativeTwin
{
    /// <summary>The twin's file name: the executable's own name with this suffix.</summary>
    public const string Suffix = "-x86-64-v4";

    /// <summary>Set to 1 to stay in the baseline executable (to compare the two, or if the twin misbehaves).</summary>
    public const string BaselineVariable = "B2FSUM_BASELINE";

    /// <summary>What this executable was compiled for, as <c>--version</c> reports it.</summary>
    public static string Build =>
#if B2FSUM_X86_64_V4
        "NativeAOT, x86-64-v4";
#else
        RuntimeFeature.IsDynamicCodeSupported ? "JIT"
            : Environment.ProcessPath is string self && File.Exists(self + Suffix)
                ? "NativeAOT, baseline instruction set (" + (TwinThreshold >> 20) + " MiB of input and more: the x86-64-v4 build beside it, where the CPU runs it)"
                : "NativeAOT, baseline instruction set";
#endif

    /// <summary>
    /// Input below this many bytes is hashed by the baseline build: the exec starts the runtime a second time, which
    /// costs more than the AVX-512 kernels save on less (docs/tool.md has the measurements).
    /// </summary>
    public const long TwinThreshold = 64L << 20;

    /// <summary>
    /// Replaces this process with the twin where that pays; returns if it does not (or cannot). The kernel benchmark
    /// (<see cref="Options.Benchmark"/>) always goes to the twin, which alone runs the AVX-512 kernels.
    /// </summary>
    public static void RunTwinIfFaster(string[] args, Options options)
    {
#if NET8_0_OR_GREATER && !B2FSUM_X86_64_V4
        // Only the AOT baseline build on Linux x64: the JIT build turns AVX-512 on by itself.
        if (RuntimeFeature.IsDynamicCodeSupported || !OperatingSystem.IsLinux() || !X86Base.IsSupported
            || Environment.GetEnvironmentVariable(BaselineVariable) == "1" || !IsLarge(options) || !CpuRunsX86_64_V4())
        {
            return;
        }

        string? self = Environment.ProcessPath;
        if (self is null)
        {
            return;
        }

        string twin = self + Suffix;
        if (!File.Exists(twin))
        {
            return;
        }

        var argv = new string?[args.Length + 2];
        argv[0] = twin;
        args.CopyTo(argv, 1);
        try
        {
            // Returns only on failure; the baseline build then does the work itself.
            _ = Execv(twin, argv);
        }
        catch (Exception ex) when (ex is DllNotFoundException or EntryPointNotFoundException)
        {
        }
#endif
    }

#if NET8_0_OR_GREATER && !B2FSUM_X86_64_V4
    /// <summary>More operands than this are not sized one by one: hashing that many files takes longer than the exec.</summary>
    private const int MostSized = 64;

    /// <summary>
    /// Whether the run may hash <see cref="TwinThreshold"/> bytes or more: the files named add up to that, or one of
    /// them has no size to go by (standard input from a pipe, a FIFO), or the files come from checksum lists.
    /// </summary>
    private static bool IsLarge(Options options)
    {
        if (options.Benchmark)
        {
            return true; // every kernel the CPU runs, AVX-512 included
        }

        if (options.Merge)
        {
            return false; // only chaining values to combine
        }

        if (options.Check || options.Files.Count > MostSized)
        {
            return true;
        }

        if (options.Subtree is { } range)
        {
            return range.Length >= TwinThreshold;
        }

        long total = 0;
        foreach (string name in options.Files)
        {
            long size = name == "-" ? Posix.RemainingIn(0) : name.Length == 0 || name.IndexOf('\0') >= 0 ? 0 : Posix.SizeOf(name);
            if (size < 0 || (total += size) >= TwinThreshold)
            {
                return true;
            }
        }

        return false;
    }
#endif

#if NET8_0_OR_GREATER
    /// <summary>
    /// Whether the CPU has all of x86-64-v4: v3 (AVX2, BMI1/2, FMA, LZCNT, MOVBE, F16C, with the YMM state enabled,
    /// which the runtime's own <see cref="Avx2.IsSupported"/> check covers here) and the AVX-512 subsets F, BW, CD,
    /// DQ and VL (CPUID leaf 7), with the kernel saving their registers. The twin's runtime checks the same at start
    /// and exits if one is missing, so this must not be looser: the kernel lists an AVX-512 flag in /proc/cpuinfo
    /// only where it enabled that state (XCR0), which managed code cannot read directly.
    /// </summary>
    private static bool CpuRunsX86_64_V4()
    {
        if (!Avx2.IsSupported || !Bmi1.IsSupported || !Bmi2.IsSupported || !Fma.IsSupported || !Lzcnt.IsSupported
            || X86Base.CpuId(0, 0).Eax < 7)
        {
            return false;
        }

        const int MovbeF16c = (1 << 22) | (1 << 29); // CPUID leaf 1, ECX
        const int Avx512 = (1 << 16) | (1 << 17) | (1 << 28) | (1 << 30) | (1 << 31); // leaf 7, EBX: F, DQ, CD, BW, VL
        if ((X86Base.CpuId(1, 0).Ecx & MovbeF16c) != MovbeF16c || (X86Base.CpuId(7, 0).Ebx & Avx512) != Avx512)
        {
            return false;
        }

        try
        {
            // The first processor's flags line; the file is read only up to it.
            string? flags = File.ReadLines("/proc/cpuinfo").FirstOrDefault(line => line.StartsWith("flags", StringComparison.Ordinal));
            if (flags is not null)
            {
                string[] names = flags.Substring(flags.IndexOf(':') + 1).Split(' ', StringSplitOptions.RemoveEmptyEntries);
                return Array.TrueForAll(["avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"], names.Contains);
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
        }

        return false;
    }

    [LibraryImport("libc", EntryPoint = "execv", StringMarshalling = StringMarshalling.Utf8)]
    private static partial int Execv(string path, string?[] argv);
#endif
}
