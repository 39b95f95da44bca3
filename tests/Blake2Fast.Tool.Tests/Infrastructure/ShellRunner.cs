using System;
using System.Diagnostics;
using System.IO;
using System.Text;
using System.Threading.Tasks;

namespace Blake2Fast.Tool.Tests.Infrastructure;

/// <summary>
/// Runs the real b2fsum executable, and coreutils' b2sum, as child processes of a shell: what only a process shows
/// (standard descriptors closed at start, death by a signal, the exit status a shell sees) cannot be tested in-process.
/// </summary>
public static class ShellRunner
{
    private const string Locale = "C.UTF-8";

    /// <summary>How long a run may take before it counts as hung; the process tree is then killed and the test fails.</summary>
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

    /// <summary>Names the b2fsum executable to test instead of the app host: CI sets it to the NativeAOT build it ships.</summary>
    public const string ExecutableVariable = "B2FSUM_EXE";

    /// <summary>
    /// The b2fsum executable the tests run: <c>$B2FSUM_EXE</c> (the published native executable, in CI), else the
    /// tool's JIT app host built next to this test assembly.
    /// </summary>
    public static string B2fsumPath { get; } = Environment.GetEnvironmentVariable(ExecutableVariable) is { Length: > 0 } path
        ? Path.GetFullPath(path)
        : Path.Combine(AppContext.BaseDirectory, OperatingSystem.IsWindows() ? "Blake2Fast.Tool.exe" : "Blake2Fast.Tool");

    /// <summary>
    /// Runs <paramref name="script"/> with <c>bash -c</c> in <paramref name="directory"/>, once with <c>$TOOL</c>
    /// naming b2sum and once naming b2fsum, and asserts the same exit status, standard output and standard error
    /// (b2sum's name in its messages replaced by b2fsum's). Returns b2fsum's run.
    /// </summary>
    public static ToolResult AssertSameAsB2sum(string directory, string script)
    {
        Runner.RequireB2sum();
        ToolResult raw = Run(directory, script, Runner.B2sumPath);
        ToolResult expected = raw with { Stderr = Runner.RenameProgram(raw.Stderr) };
        ToolResult actual = Run(directory, script, B2fsumPath);
        Runner.AssertSame(expected, actual, new[] { "bash -c", script });
        return actual;
    }

    /// <summary>Runs <paramref name="script"/> with <c>bash -c</c>, <c>$TOOL</c> set to <paramref name="tool"/>.</summary>
    public static ToolResult Run(string directory, string script, string tool)
    {
        Assert.True(File.Exists(tool), tool + " does not exist: build the tool (dotnet build -c Release) first.");
        // The test host ignores SIGPIPE (the .NET runtime does), and children inherit that, so the shell is started
        // with the default disposition, as from a terminal: only then does b2sum die of SIGPIPE.
        var start = new ProcessStartInfo("/usr/bin/env")
        {
            WorkingDirectory = directory,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add("--default-signal=PIPE");
        start.ArgumentList.Add("/bin/bash");
        start.ArgumentList.Add("-c");
        start.ArgumentList.Add(script);
        start.Environment["TOOL"] = tool;
        start.Environment["LC_ALL"] = Locale;
        start.Environment.Remove("LANGUAGE");
        start.Environment.Remove("POSIXLY_CORRECT");

        using Process process = Process.Start(start) ?? throw new InvalidOperationException("Could not start bash");
        process.StandardInput.Close();
        Task<byte[]> stdout = Runner.ReadAllAsync(process.StandardOutput.BaseStream);
        Task<byte[]> stderr = Runner.ReadAllAsync(process.StandardError.BaseStream);
        if (!process.WaitForExit(Timeout))
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail("Did not finish within " + Timeout.TotalSeconds + " s (hung?): TOOL=" + tool + " bash -c '" + script + "'");
        }

        process.WaitForExit();
        var utf8 = new UTF8Encoding(false, false);
        return new ToolResult(process.ExitCode, utf8.GetString(stdout.Result), utf8.GetString(stderr.Result));
    }
}
