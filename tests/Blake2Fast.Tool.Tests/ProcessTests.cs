using System.IO;
using System.Linq;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// The executable itself, run from a shell next to coreutils' b2sum: standard descriptors closed at start, output
/// that cannot be written, and a reader that goes away. Each script runs with <c>$TOOL</c> naming either tool.
/// </summary>
public sealed class ProcessTests : IClassFixture<SampleFiles>
{
    private readonly SampleFiles _samples;

    public ProcessTests(SampleFiles samples)
    {
        _samples = samples;

        // A checksum file that lists standard input ("-", here empty) among the files to check.
        string empty = Runner.B2sum(samples.Directory, null, "empty").Stdout.Split(' ')[0];
        string oneByte = Runner.B2sum(samples.Directory, null, "one-byte").Stdout;
        File.WriteAllText(Path.Combine(samples.Directory, "with-stdin.sums"), oneByte + empty + "  -\n");
    }

    /// <summary>
    /// Standard input closed (<c>&lt;&amp;-</c>): b2sum fails each read of <c>-</c> with EBADF, then again closing it,
    /// and exits 1. b2fsum used to read a pipe the runtime had opened on descriptor 0, and never returned.
    /// </summary>
    [Theory]
    [InlineData("")]
    [InlineData("-")]
    [InlineData("one-byte -")]
    [InlineData("- -")]
    [InlineData("--tag -l 256 -")]
    [InlineData("-c")]
    [InlineData("-c -")]
    [InlineData("-c with-stdin.sums")]
    [InlineData("-c --status with-stdin.sums")]
    public void Closed_standard_input_fails_like_b2sum_and_never_hangs(string args)
    {
        ToolResult result = ShellRunner.AssertSameAsB2sum(_samples.Directory, "\"$TOOL\" " + args + " <&-");
        Assert.Equal(1, result.ExitCode);
        Assert.EndsWith("b2fsum: standard input: Bad file descriptor\n", result.Stderr, System.StringComparison.Ordinal);
    }

    [Fact]
    public void Closed_standard_input_is_not_touched_when_no_operand_reads_it()
    {
        ToolResult result = ShellRunner.AssertSameAsB2sum(_samples.Directory, "\"$TOOL\" one-byte <&-");
        Assert.Equal(0, result.ExitCode);
    }

    /// <summary>
    /// Output that cannot be written: the other files are still processed (their errors reported), then
    /// "write error" with the reason coreutils gives (none after an earlier failed line, except for a descriptor that
    /// was never open), and exit 1.
    /// </summary>
    [Theory]
    [InlineData(">&-", "one-byte no-such-file 129-bytes")]
    [InlineData(">&-", "--version")]
    [InlineData("<&- >&-", "one-byte -")]
    [InlineData(">/dev/full", "one-byte no-such-file 129-bytes")]
    [InlineData(">/dev/full", "-z one-byte")]
    [InlineData(">/dev/full", "--help")]
    [InlineData(">/dev/full", "-c with-stdin.sums")]
    public void Unwritable_standard_output_is_reported_like_b2sum(string redirection, string args)
    {
        ToolResult result = ShellRunner.AssertSameAsB2sum(_samples.Directory, "\"$TOOL\" " + args + " " + redirection + " </dev/null");
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("b2fsum: write error", result.Stderr, System.StringComparison.Ordinal);
    }

    [Fact]
    public void All_standard_descriptors_closed_still_fails()
    {
        ToolResult result = ShellRunner.AssertSameAsB2sum(_samples.Directory, "\"$TOOL\" one-byte <&- >&- 2>&-");
        Assert.Equal(1, result.ExitCode);
    }

    /// <summary>
    /// A reader that stops early: b2sum writes each line as it is done and dies of SIGPIPE at the next one, which a
    /// shell reports as 141 and <c>set -o pipefail</c> passes on. b2fsum used to exit 0 or 1.
    /// </summary>
    [Theory]
    [InlineData("")]
    [InlineData("-c all.sums")]
    public void A_reader_that_goes_away_ends_the_tool_by_SIGPIPE_like_b2sum(string mode)
    {
        // Enough lines, each after a few MiB of hashing, that the reader is gone before the last ones are written.
        string[] files = Enumerable.Repeat("five-MiB-random.bin", 12).ToArray();
        File.WriteAllText(Path.Combine(_samples.Directory, "all.sums"), Runner.B2sum(_samples.Directory, null, files).Stdout);
        string operands = mode.Length > 0 ? mode : string.Join(' ', files);

        ToolResult result = ShellRunner.AssertSameAsB2sum(_samples.Directory, "set -o pipefail; \"$TOOL\" " + operands + " | head -c 1");
        Assert.Equal(128 + 13, result.ExitCode);
    }

    /// <summary>
    /// The executable on each compression kernel (the library's own switch, which the native build honours; the
    /// runtime's DOTNET_Enable* switches only reach a JIT build), on block-boundary sizes and the 5 MiB file.
    /// </summary>
    [Theory]
    [InlineData("scalar")]
    [InlineData("sse41")]
    [InlineData("avx2")]
    [InlineData("avx512")]
    [InlineData("vector128")]
    public void The_executable_hashes_like_b2sum_on_every_instruction_set(string instructionSet)
    {
        string files = "empty 127-bytes 128-bytes 129-bytes one-MiB-plus-one five-MiB-random.bin";
        ToolResult result = ShellRunner.AssertSameAsB2sum(_samples.Directory, "export BLAKE2FAST_CORE=" + instructionSet + "; \"$TOOL\" " + files + " && \"$TOOL\" -l 256 --tag " + files);
        Assert.Equal(0, result.ExitCode);
        Assert.Equal(12, result.Stdout.Count(c => c == '\n'));
    }

    [Fact]
    public void A_reader_that_reads_everything_sees_every_line()
    {
        string[] files = SampleFiles.SmallNames.Where(n => !n.Contains('\n', System.StringComparison.Ordinal) && !n.Contains('\r', System.StringComparison.Ordinal)).ToArray();
        string operands = string.Join(' ', files.Select(n => "'" + n.Replace("'", "'\\''", System.StringComparison.Ordinal) + "'"));
        ToolResult result = ShellRunner.AssertSameAsB2sum(_samples.Directory, "set -o pipefail; \"$TOOL\" " + operands + " | cat");
        Assert.Equal(0, result.ExitCode);
        Assert.Equal(files.Length, result.Stdout.Count(c => c == '\n'));
    }
}
