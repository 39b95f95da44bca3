using System;
using System.Linq;
using System.Text.RegularExpressions;
using Blake2Fast.Tool.Cli;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// The tool's surface: <c>--help</c> lists every option the parser accepts, <c>--help</c> and <c>--version</c> name
/// every algorithm family the tool hashes, and a mode that takes no operand (the kernel benchmark) refuses one.
/// </summary>
public sealed class SurfaceTests : IClassFixture<SampleFiles>
{
    private const string TryHelp = "Try 'b2fsum --help' for more information.\n";

    private readonly SampleFiles _samples;

    public SurfaceTests(SampleFiles samples) => _samples = samples;

    /// <summary>
    /// The options come from the parser's own table (<c>CommandLine.AcceptedOptions</c>), so an option added there
    /// without a line in the help fails here. Each must start a line of the option column: <c>  -a, --algorithm=NAME</c>
    /// or <c>      --tag</c>.
    /// </summary>
    [Fact]
    public void Help_lists_every_option_the_parser_accepts()
    {
        string[] lines = Runner.B2fsum(_samples.Directory, null, "--help").Stdout.Split('\n');
        var accepted = CommandLine.AcceptedOptions.ToList();
        Assert.True(accepted.Count >= 24, "the parser's table has " + accepted.Count + " options");
        Assert.Contains(accepted, o => o.Long == "benchmark");
        Assert.Contains(accepted, o => o.Long == "short");
        Assert.Contains(accepted, o => o.Short == 'a' && o.Long == "algorithm");

        var missing = accepted
            .Where(o =>
            {
                string start = o.Short is char letter ? "  -" + letter + ", --" + o.Long : "      --" + o.Long;
                var pattern = new Regex("^" + Regex.Escape(start) + "(=[A-Z,]+)? ", RegexOptions.CultureInvariant);
                return !lines.Any(pattern.IsMatch);
            })
            .Select(o => (o.Short is char letter ? "-" + letter + ", " : string.Empty) + "--" + o.Long)
            .ToList();
        Assert.True(missing.Count == 0, "--help does not list: " + string.Join(", ", missing));
    }

    [Fact]
    public void Help_fits_80_columns()
    {
        string help = Runner.B2fsum(_samples.Directory, null, "--help").Stdout;
        Assert.All(help.Split('\n'), line => Assert.True(line.Length <= 80, line));
    }

    [Fact]
    public void Help_and_version_name_every_algorithm_family()
    {
        string[] help = Runner.B2fsum(_samples.Directory, null, "--help").Stdout.Split('\n');
        Assert.Equal("Print or check BLAKE2 (b, s, bp, sp), BLAKE3 or BLAKE-256/224 checksums", help[1]);

        string version = Runner.B2fsum(_samples.Directory, null, "--version").Stdout;
        Assert.Contains("BLAKE2 (b, s, bp, sp), BLAKE3 and BLAKE-256/224 checksums", version, StringComparison.Ordinal);

        // The families named above are all the tool has: each algorithm's tag starts with one of them.
        Assert.All(DigestAlgorithm.All, a => Assert.Matches("^(BLAKE2(b|s|bp|sp)|BLAKE3|BLAKE(256|224))$", a.TagName));
    }

    /// <summary>The kernel benchmark reads no FILE: an operand anywhere on its command line is an extra operand.</summary>
    [Theory]
    [InlineData("--benchmark hello", "hello")]
    [InlineData("hello --benchmark", "hello")]
    [InlineData("--benchmark --short hello", "hello")]
    [InlineData("--short --benchmark - hello", "-")]
    [InlineData("--bench -- --short", "--short")]
    public void The_benchmark_refuses_an_operand_as_an_extra_operand(string args, string operand)
    {
        ToolResult result = Runner.B2fsum(_samples.Directory, null, args.Split(' '));
        Assert.Equal(new ToolResult(1, string.Empty, "b2fsum: extra operand \u2018" + operand + "\u2019\n" + TryHelp), result);
    }

    [Theory]
    [InlineData("--benchmark -a blake3", "the --algorithm option is meaningless with --benchmark")]
    [InlineData("--benchmark --threads 2", "the --threads option is meaningless with --benchmark")]
    [InlineData("--tag --benchmark", "the --tag option is meaningless with --benchmark")]
    [InlineData("--short", "the --short option is meaningful only with --benchmark")]
    [InlineData("--short one-byte", "the --short option is meaningful only with --benchmark")]
    public void The_benchmark_takes_no_other_option(string args, string message)
    {
        ToolResult result = Runner.B2fsum(_samples.Directory, null, args.Split(' '));
        Assert.Equal(new ToolResult(1, string.Empty, "b2fsum: " + message + "\n" + TryHelp), result);
    }

    /// <summary>
    /// <c>--help</c> and <c>--version</c> print and exit 0 whatever follows, as in every coreutils command (getopt
    /// stops there): b2sum does the same with an operand or an unknown option after them.
    /// </summary>
    [Theory]
    [InlineData("--version", "hello")]
    [InlineData("--help", "hello")]
    [InlineData("--version", "--benchmark hello")]
    [InlineData("--help", "-x")]
    public void Help_and_version_ignore_what_follows_like_b2sum(string option, string rest)
    {
        string[] args = new[] { option }.Concat(rest.Split(' ')).ToArray();
        ToolResult reference = Runner.B2sum(_samples.Directory, null, args);
        Assert.Equal(0, reference.ExitCode);
        Assert.Equal(string.Empty, reference.Stderr);

        ToolResult result = Runner.B2fsum(_samples.Directory, null, args);
        Assert.Equal(Runner.B2fsum(_samples.Directory, null, option), result);
        Assert.Equal(0, result.ExitCode);
    }

    /// <summary>The benchmark is an option like the others now: anywhere on the line, abbreviated, in the executable.</summary>
    [Fact]
    public void The_short_benchmark_runs_and_exits_0()
    {
        ToolResult result = Runner.B2fsum(_samples.Directory, null, "--sh", "--bench");
        Assert.Equal(0, result.ExitCode);
        Assert.Equal(string.Empty, result.Stderr);
        Assert.Contains("short mode: timings are rough", result.Stdout, StringComparison.Ordinal);
    }

    [Fact]
    public void The_executable_refuses_an_extra_operand_of_the_benchmark()
    {
        ToolResult result = ShellRunner.Run(_samples.Directory, "\"$TOOL\" --benchmark hello", ShellRunner.B2fsumPath);
        Assert.Equal(new ToolResult(1, string.Empty, "b2fsum: extra operand \u2018hello\u2019\n" + TryHelp), result);
    }
}
