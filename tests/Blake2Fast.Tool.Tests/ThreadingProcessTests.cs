using System.Linq;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// The executable with workers running: standard output closed, full, or its reader gone while files are still being
/// hashed ends the run as it ends b2sum (no hang, no worker keeping the process alive), and a file that grows and
/// shrinks while it is hashed does not crash it. Scripts give b2fsum <c>--threads</c>, which b2sum does not take.
/// </summary>
public sealed class ThreadingProcessTests : IClassFixture<SampleFiles>
{
    /// <summary>"--threads=4" for b2fsum, nothing for b2sum, so that one script runs both.</summary>
    private const string Threads = "opt=; [ \"$TOOL\" = /usr/bin/b2sum ] || opt=--threads=4; ";

    private readonly SampleFiles _samples;

    public ThreadingProcessTests(SampleFiles samples) => _samples = samples;

    private static string ManyLargeFiles => string.Join(' ', Enumerable.Repeat("five-MiB-random.bin", 40));

    [Fact]
    public void A_reader_that_goes_away_while_workers_run_ends_the_tool_by_SIGPIPE()
    {
        ToolResult result = ShellRunner.AssertSameAsB2sum(_samples.Directory, Threads + "set -o pipefail; \"$TOOL\" $opt " + ManyLargeFiles + " | head -c 1");
        Assert.Equal(128 + 13, result.ExitCode);
    }

    [Fact]
    public void Closed_output_while_workers_run_is_reported_like_b2sum()
    {
        ToolResult result = ShellRunner.AssertSameAsB2sum(_samples.Directory, Threads + "\"$TOOL\" $opt one-byte no-such-file " + ManyLargeFiles + " >&-");
        Assert.Equal(1, result.ExitCode);
        Assert.EndsWith("b2fsum: write error: Bad file descriptor\n", result.Stderr, System.StringComparison.Ordinal);
    }

    /// <summary>A full disk: every file still processed, its error in place, then "write error" and exit 1.</summary>
    [Fact]
    public void Full_output_while_workers_run_is_reported_like_b2sum()
    {
        ToolResult result = ShellRunner.AssertSameAsB2sum(_samples.Directory, Threads + "\"$TOOL\" $opt one-byte no-such-file " + ManyLargeFiles + " >/dev/full");
        Assert.Equal(1, result.ExitCode);
        Assert.EndsWith("b2fsum: write error\n", result.Stderr, System.StringComparison.Ordinal);
    }

    [Fact]
    public void An_error_among_many_files_is_reported_in_its_place_by_the_executable()
    {
        string files = string.Join(' ', SampleFiles.SmallNames.Where(n => n.All(c => char.IsAsciiLetterOrDigit(c) || c == '-')).Take(8));
        string script = Threads + "\"$TOOL\" $opt " + files + " . " + files + " no-such-file " + files;
        ToolResult result = ShellRunner.AssertSameAsB2sum(_samples.Directory, script);
        Assert.Equal(1, result.ExitCode);
    }

    /// <summary>
    /// A file truncated and extended over and over while it is hashed, with BLAKE3 spread over threads and with
    /// BLAKE2b: each run hashes what its reads saw and exits 0 with one line (a memory mapping would die of SIGBUS).
    /// </summary>
    [Theory]
    [InlineData("-a blake3 --threads 4")]
    [InlineData("--threads 2")]
    public void A_file_that_grows_and_shrinks_while_hashed_does_not_crash_the_tool(string options)
    {
        string script =
            "f=changing-$$; head -c 20M /dev/zero > $f; "
            + "(while :; do truncate -s 3M $f; head -c 24M /dev/zero >> $f; truncate -s 0 $f; head -c 9M /dev/zero >> $f; done) & writer=$!; "
            + "status=0; for i in $(seq 30); do out=$(\"$TOOL\" " + options + " $f $f) || status=$?; "
            + "[ \"$(printf '%s\\n' \"$out\" | wc -l)\" = 2 ] || status=99; done; kill $writer; wait $writer 2>/dev/null; rm -f $f; exit $status";
        ToolResult result = ShellRunner.Run(_samples.Directory, script, ShellRunner.B2fsumPath);
        Assert.True(result.ExitCode == 0, result.ToString());
    }

    /// <summary>
    /// A checksum list from a pipe whose writer pauses: the result of the line already read comes out at once, as
    /// b2sum's does, not when the window of lines ahead has filled or the list has ended.
    /// </summary>
    [Fact]
    public void A_checksum_list_from_a_pausing_pipe_gets_each_result_before_the_next_line_comes()
    {
        string script =
            "sums=$(b2sum one-byte empty); start=$(date +%s); "
            + "{ printf '%s\\n' \"$sums\" | head -n 1; sleep 6; printf '%s\\n' \"$sums\" | tail -n 1; } "
            + "| \"$TOOL\" --threads 2 -c - | { IFS= read -r first; echo \"$first after $(( $(date +%s) - start ))\"; cat; }";
        ToolResult result = ShellRunner.Run(_samples.Directory, script, ShellRunner.B2fsumPath);
        Assert.True(result.ExitCode == 0, result.ToString());
        string[] lines = result.Stdout.Split('\n');
        Assert.StartsWith("one-byte: OK after ", lines[0], System.StringComparison.Ordinal);
        Assert.True(int.Parse(lines[0].Substring("one-byte: OK after ".Length), System.Globalization.CultureInfo.InvariantCulture) < 4, result.ToString());
        Assert.Equal("empty: OK", lines[1]);
    }

    /// <summary>
    /// A long checksum list from a pipe (read by its own thread, a window ahead of the results) with every outcome in
    /// it: the same bytes and status as b2sum's. Then a short one naming "-", which a list read from standard input
    /// cannot name: coreutils counts the line as improperly formatted.
    /// </summary>
    [Fact]
    public void A_checksum_list_from_a_pipe_is_checked_like_b2sum()
    {
        string files = string.Join(' ', SampleFiles.SmallNames.Where(n => n.All(c => char.IsAsciiLetterOrDigit(c) || c == '-')));
        string script =
            "list=$(mktemp); { for i in $(seq 60); do /usr/bin/b2sum " + files + "; done; echo 'not a line'; "
            + "echo '0123  no-such-file'; /usr/bin/b2sum " + files + " | sed '5s/^./0/'; } > $list; "
            + "status=0; cat $list | \"$TOOL\" --warn -c - || status=$?; rm -f $list; "
            + "{ /usr/bin/b2sum one-byte; /usr/bin/b2sum - </dev/null; } | \"$TOOL\" --warn -c - || status=$?; exit $status";
        ToolResult result = ShellRunner.AssertSameAsB2sum(_samples.Directory, script);
        Assert.Equal(1, result.ExitCode);
        Assert.EndsWith("one-byte: OK\n", result.Stdout, System.StringComparison.Ordinal);
        Assert.Contains("b2fsum: 'standard input': 2: improperly formatted BLAKE2b checksum line\n", result.Stderr, System.StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--threads 0")]
    [InlineData("--threads -2")]
    [InlineData("--num-threads many")]
    public void A_bad_thread_count_is_a_usage_error_of_the_executable(string options)
    {
        ToolResult result = ShellRunner.Run(_samples.Directory, "\"$TOOL\" " + options + " one-byte", ShellRunner.B2fsumPath);
        Assert.Equal(1, result.ExitCode);
        Assert.Equal(string.Empty, result.Stdout);
        Assert.StartsWith("b2fsum: invalid number of threads: ", result.Stderr, System.StringComparison.Ordinal);
    }
}
