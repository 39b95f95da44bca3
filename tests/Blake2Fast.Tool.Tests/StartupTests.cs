using System;
using System.IO;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// What the executable opens before it hashes (strace): no ICU (the tool runs with invariant globalization), and, in
/// the NativeAOT build, no search for the C library its P/Invokes bind to at link time. Each of these once cost
/// milliseconds of start-up on every run.
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

    /// <summary>A fact that traces the executable: skipped, with the reason, where strace is not installed.</summary>
    private sealed class StraceFactAttribute : FactAttribute
    {
        public StraceFactAttribute() => Skip = File.Exists(Strace) ? null! : "strace is not installed (" + Strace + "): apt-get install strace";
    }
}
