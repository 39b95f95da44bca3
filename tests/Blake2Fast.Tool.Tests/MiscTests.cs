using System;
using System.IO;
using System.Linq;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>Help, version, the public entry point and the progress display.</summary>
public sealed class MiscTests : IClassFixture<SampleFiles>
{
    private readonly SampleFiles _samples;

    public MiscTests(SampleFiles samples) => _samples = samples;

    [Theory]
    [InlineData("--help")]
    [InlineData("--he")]
    [InlineData("--help -x")]
    [InlineData("--help --version")]
    public void Help_describes_every_option_and_exits_0(string options)
    {
        ToolResult result = Runner.B2fsum(_samples.Directory, null, options.Split(' '));
        Assert.Equal(0, result.ExitCode);
        Assert.Equal(string.Empty, result.Stderr);
        Assert.StartsWith("Usage: b2fsum [OPTION]... [FILE]...\n", result.Stdout, StringComparison.Ordinal);
        foreach (string option in new[]
        {
            "-a, --algorithm", "-b, --binary", "-c, --check", "-l, --length", "--tag", "-t, --text", "-z, --zero",
            "--ignore-missing", "--quiet", "--status", "--strict", "-w, --warn", "--help", "--version",
        })
        {
            Assert.Contains(option, result.Stdout, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Version_names_the_tool_and_exits_0()
    {
        ToolResult result = Runner.B2fsum(_samples.Directory, null, "--version", "--help");
        Assert.Equal(0, result.ExitCode);
        Assert.Matches(@"^b2fsum \(Blake2Fast\) \d+\.\d+\.\d+\S*\n", result.Stdout);
        Assert.DoesNotContain("Usage", result.Stdout, StringComparison.Ordinal);
    }

    [Fact]
    public void An_error_before_help_wins()
    {
        ToolResult result = Runner.AssertSameAsB2sum(_samples.Directory, null, "-x", "--help");
        Assert.Equal(1, result.ExitCode);
    }

    [Fact]
    public void The_public_entry_point_resolves_names_against_the_current_directory()
    {
        string path = Path.Combine(_samples.Directory, "129-bytes");
        using var stdout = new StringWriter();
        using var stderr = new StringWriter();
        using var stdin = new MemoryStream();

        int exitCode = B2fSum.Run(new[] { "--tag", "-l", "256", path }, stdin, stdout, stderr);

        Assert.Equal(0, exitCode);
        Assert.Equal(Runner.B2sum(_samples.Directory, null, "--tag", "-l", "256", path).Stdout, stdout.ToString());
        Assert.Equal(string.Empty, stderr.ToString());
    }

    [Fact]
    public void Progress_is_shown_on_stderr_for_large_files_when_enabled_and_leaves_stdout_alone()
    {
        using var stdout = new StringWriter();
        using var stderr = new StringWriter();
        using var stdin = new MemoryStream();
        var settings = new ToolSettings { ShowProgress = true, ProgressThreshold = 2 * SampleFiles.MiB, WorkingDirectory = _samples.Directory };

        int exitCode = B2fSum.Run(new[] { "one-MiB", "five-MiB-random.bin" }, stdin, stdout, stderr, settings);

        Assert.Equal(0, exitCode);
        Assert.Equal(Runner.B2sum(_samples.Directory, null, "one-MiB", "five-MiB-random.bin").Stdout, stdout.ToString());
        string progress = stderr.ToString();
        Assert.Contains("\rfive-MiB-random.bin: 100% (5.0 of 5.0 MiB)", progress, StringComparison.Ordinal);
        Assert.DoesNotContain("one-MiB:", progress, StringComparison.Ordinal);
        Assert.EndsWith("\r", progress, StringComparison.Ordinal);
        Assert.Equal(string.Empty, progress.Replace("\r", string.Empty, StringComparison.Ordinal).Split("MiB)").Last().Trim());
    }

    [Fact]
    public void No_progress_is_shown_unless_enabled()
    {
        ToolResult result = Runner.B2fsum(_samples.Directory, null, "five-MiB-random.bin");
        Assert.Equal(string.Empty, result.Stderr);
    }
}
