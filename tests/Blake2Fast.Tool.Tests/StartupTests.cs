using System;
using System.IO;
using System.Linq;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// What the executable does before it hashes (strace): it opens no ICU (the tool runs with invariant globalization),
/// and, in the NativeAOT build, searches for no C library its P/Invokes bind to at link time; it execs its x86-64-v4
/// twin only for work that pays for a second runtime start. Each of these once cost milliseconds of start-up on every
/// run.
/// </summary>
public sealed class StartupTests : IClassFixture<SampleFiles>
{
    private const string Strace = "/usr/bin/strace";

    private readonly SampleFiles _samples;

    public StartupTests(SampleFiles samples) => _samples = samples;

    [StraceFact]
    public void The_executable_loads_no_ICU_and_searches_for_no_C_library()
    {
        // The JIT build is an app host beside its managed assembly (an installed command may be a link to either).
        string executable = File.ResolveLinkTarget(ShellRunner.B2fsumPath, returnFinalTarget: true)?.FullName ?? ShellRunner.B2fsumPath;
        bool native = !File.Exists(executable + ".dll");

        // Every file the process (and the twin it may exec) tries to open, on standard error; the tool's own output
        // goes to /dev/null.
        ToolResult traced = ShellRunner.Run(
            _samples.Directory, Strace + " -f -e trace=open,openat,execve \"$TOOL\" empty >/dev/null", ShellRunner.B2fsumPath);

        Assert.True(traced.ExitCode == 0, traced.ToString());
        Assert.Contains("\"empty\"", traced.Stderr, StringComparison.Ordinal); // the positive control: the trace is there
        Assert.DoesNotContain("libicu", traced.Stderr, StringComparison.Ordinal);
        if (native)
        {
            Assert.DoesNotContain("liblibc", traced.Stderr, StringComparison.Ordinal);
        }
    }

    /// <summary>
    /// The linux-x64 executable (installed from the tool package, or published) replaces itself with its x86-64-v4
    /// twin exactly where the twin sits next to it, the kernel reports the AVX-512 subsets x86-64-v4 needs (read here
    /// from /proc/cpuinfo, as the tool does after CPUID), and the files named add up to the twin's threshold
    /// (<see cref="NativeTwin.TwinThreshold"/>); <c>B2FSUM_BASELINE=1</c> keeps it in the baseline build. The JIT app
    /// host never execs. <c>--version</c> says which build ran.
    /// </summary>
    [StraceFact]
    public void The_executable_runs_its_x86_64_v4_twin_exactly_for_large_work_where_the_cpu_runs_it()
    {
        // The command `dotnet tool install` makes is a symbolic link to the executable in the tool's store.
        string executable = new FileInfo(ShellRunner.B2fsumPath).ResolveLinkTarget(returnFinalTarget: true)?.FullName ?? ShellRunner.B2fsumPath;
        bool twinShipped = File.Exists(executable + NativeTwin.Suffix);
        bool expectTwin = twinShipped && KernelReportsX86_64_V4() && !executable.EndsWith(NativeTwin.Suffix, StringComparison.Ordinal);
        string large = "large-sparse.bin";
        using (var file = File.Create(Path.Combine(_samples.Directory, large)))
        {
            file.SetLength(NativeTwin.TwinThreshold); // sparse: nothing written, all zeros when read
        }

        bool RunsTwin(string environment, string operands)
        {
            ToolResult traced = ShellRunner.Run(
                _samples.Directory, environment + " " + Strace + " -f -e trace=execve \"$TOOL\" " + operands + " >/dev/null", ShellRunner.B2fsumPath);
            Assert.True(traced.ExitCode == 0, traced.ToString());
            Assert.Contains("execve(", traced.Stderr, StringComparison.Ordinal); // the positive control: the tool's own
            return traced.Stderr.Contains(NativeTwin.Suffix + "\"", StringComparison.Ordinal);
        }

        Assert.False(RunsTwin("unset B2FSUM_BASELINE;", "empty one-byte"));
        Assert.Equal(expectTwin, RunsTwin("unset B2FSUM_BASELINE;", "-a blake3 " + large));
        Assert.Equal(expectTwin, RunsTwin("unset B2FSUM_BASELINE;", "one-byte - < " + large));
        Assert.False(RunsTwin("B2FSUM_BASELINE=1", "-a blake3 " + large));

        ToolResult version = ShellRunner.Run(_samples.Directory, "unset B2FSUM_BASELINE; \"$TOOL\" --version", ShellRunner.B2fsumPath);
        Assert.Equal(0, version.ExitCode);
        if (twinShipped)
        {
            Assert.Contains("Build: NativeAOT, baseline instruction set (64 MiB of input and more: the x86-64-v4 build beside it", version.Stdout, StringComparison.Ordinal);
        }
    }

    private static bool KernelReportsX86_64_V4()
    {
        if (!File.Exists("/proc/cpuinfo"))
        {
            return false;
        }

        string? flags = File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("flags", StringComparison.Ordinal));
        string[] names = flags is null ? [] : flags.Substring(flags.IndexOf(':') + 1).Split(' ', StringSplitOptions.RemoveEmptyEntries);
        return new[] { "avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl" }.All(names.Contains);
    }

    /// <summary>A fact that traces the executable: skipped, with the reason, where strace is not installed.</summary>
    private sealed class StraceFactAttribute : FactAttribute
    {
        public StraceFactAttribute() => Skip = File.Exists(Strace) ? null! : "strace is not installed (" + Strace + "): apt-get install strace";
    }
}
