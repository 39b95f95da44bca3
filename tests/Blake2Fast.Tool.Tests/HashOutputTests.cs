using System;
using System.Linq;
using System.Text;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>Computing checksums: b2fsum must print exactly what coreutils' b2sum prints.</summary>
public sealed class HashOutputTests : IClassFixture<SampleFiles>
{
    private readonly SampleFiles _samples;

    public HashOutputTests(SampleFiles samples) => _samples = samples;

    /// <summary>Option sets, written as on a command line (split at spaces).</summary>
    public static TheoryData<string> OptionSets => new()
    {
        "(no options)",
        "-l 256",
        "-l 8",
        "-l 0",
        "-l 512",
        "--length=128",
        "--tag",
        "--tag -l 256",
        "--tag -l 512",
        "--tag -l 8",
        "-z",
        "-z -l 256",
        "--tag -z",
        "-b",
        "-b -l 160",
        "-t",
        "-b -t",
        "--binary --tag",
    };

    [Theory]
    [MemberData(nameof(OptionSets))]
    public void All_sample_files_hash_like_b2sum(string options)
    {
        string[] args = Split(options).Concat(SampleFiles.Names).ToArray();
        ToolResult result = Runner.AssertSameAsB2sum(_samples.Directory, null, args);
        Assert.Equal(0, result.ExitCode);
    }

    [Theory]
    [InlineData("(no options)")]
    [InlineData("-")]
    [InlineData("--tag -l 256 -")]
    [InlineData("-b -")]
    [InlineData("-z")]
    [InlineData("- -")]
    public void Standard_input_hashes_like_b2sum(string options)
    {
        byte[] input = Encoding.UTF8.GetBytes(string.Concat(Enumerable.Repeat("standard input, several blocks long. ", 40)));
        Runner.AssertSameAsB2sum(_samples.Directory, input, Split(options));
    }

    [Fact]
    public void Empty_standard_input_hashes_like_b2sum()
    {
        Runner.AssertSameAsB2sum(_samples.Directory, Array.Empty<byte>(), "-l", "128");
    }

    [Fact]
    public void Standard_input_between_files_hashes_like_b2sum()
    {
        byte[] input = _samples.Read("1025-bytes");
        Runner.AssertSameAsB2sum(_samples.Directory, input, "one-byte", "-", "129-bytes");
    }

    [Fact]
    public void Options_after_file_names_and_double_dash_are_handled_like_b2sum()
    {
        Runner.AssertSameAsB2sum(_samples.Directory, null, "one-byte", "--tag", "empty", "-l256", "--", "128-bytes");
    }

    [Fact]
    public void Escaped_names_start_the_line_with_a_backslash()
    {
        ToolResult result = Runner.AssertSameAsB2sum(_samples.Directory, null, "back\\slash.txt", "new\nline.txt", "carriage\rreturn.txt");
        string[] lines = result.Stdout.TrimEnd('\n').Split('\n');
        Assert.Equal(3, lines.Length);
        Assert.All(lines, line => Assert.StartsWith("\\", line, StringComparison.Ordinal));
        Assert.EndsWith("  back\\\\slash.txt", lines[0], StringComparison.Ordinal);
        Assert.EndsWith("  new\\nline.txt", lines[1], StringComparison.Ordinal);
        Assert.EndsWith("  carriage\\rreturn.txt", lines[2], StringComparison.Ordinal);
    }

    [Fact]
    public void Zero_terminated_lines_do_not_escape_names()
    {
        ToolResult result = Runner.AssertSameAsB2sum(_samples.Directory, null, "-z", "new\nline.txt", "back\\slash.txt");
        Assert.Equal(new[] { "new\nline.txt", "back\\slash.txt" }, result.Stdout.TrimEnd('\0').Split('\0').Select(l => l.Substring(130)));
    }

    internal static string[] Split(string options) =>
        options == "(no options)" ? Array.Empty<string>() : options.Split(' ', StringSplitOptions.RemoveEmptyEntries);
}
