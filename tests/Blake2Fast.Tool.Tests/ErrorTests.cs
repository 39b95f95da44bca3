using System;
using System.IO;
using System.Linq;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>Bad files and bad command lines: the same messages (with b2fsum's name) and exit codes as b2sum.</summary>
public sealed class ErrorTests : IClassFixture<SampleFiles>
{
    private readonly SampleFiles _samples;

    public ErrorTests(SampleFiles samples)
    {
        _samples = samples;
        Directory.CreateDirectory(Path.Combine(samples.Directory, "a directory"));
    }

    [Fact]
    public void A_missing_file_is_reported_and_the_other_files_are_still_hashed()
    {
        ToolResult result = Runner.AssertSameAsB2sum(_samples.Directory, null, "one-byte", "no-such-file", "129-bytes");
        Assert.Equal(1, result.ExitCode);
        Assert.Equal("b2fsum: no-such-file: No such file or directory\n", result.Stderr);
        Assert.Equal(2, result.Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries).Length);
    }

    [Fact]
    public void A_directory_is_reported_and_the_other_files_are_still_hashed()
    {
        ToolResult result = Runner.AssertSameAsB2sum(_samples.Directory, null, "--tag", "a directory", "empty", ".");
        Assert.Equal(1, result.ExitCode);
        Assert.Equal("b2fsum: 'a directory': Is a directory\nb2fsum: .: Is a directory\n", result.Stderr);
    }

    [Theory]
    [InlineData("one-byte/child")]
    [InlineData("one-byte/")]
    [InlineData("no-such-dir/file")]
    [InlineData("")]
    public void Unopenable_paths_are_reported_like_b2sum(string path)
    {
        ToolResult result = Runner.AssertSameAsB2sum(_samples.Directory, null, path, "empty");
        Assert.Equal(1, result.ExitCode);
    }

    /// <summary>Missing files whose names need shell quoting in the message.</summary>
    [Theory]
    [InlineData("plain")]
    [InlineData("with space")]
    [InlineData("it's")]
    [InlineData("it's $HOME")]
    [InlineData("double\"quote")]
    [InlineData("star*")]
    [InlineData("colon:name")]
    [InlineData("#hash")]
    [InlineData("mid#hash")]
    [InlineData("~tilde")]
    [InlineData("{")]
    [InlineData("{}")]
    [InlineData("new\nline")]
    [InlineData("tab\there")]
    [InlineData("quote'and\nnewline")]
    [InlineData("\n'\n")]
    [InlineData("escape\u001b")]
    [InlineData("delete\u007f")]
    [InlineData("é ünicode")]
    [InlineData("c1 control \u0085")]
    [InlineData("back\\slash")]
    public void Missing_file_names_are_quoted_like_b2sum(string name)
    {
        ToolResult result = Runner.AssertSameAsB2sum(_samples.Directory, null, "--", name);
        Assert.Equal(1, result.ExitCode);
    }

    [Theory]
    [InlineData("7")]
    [InlineData("513")]
    [InlineData("520")]
    [InlineData("1024")]
    [InlineData("abc")]
    [InlineData("-8")]
    [InlineData("")]
    [InlineData(" ")]
    [InlineData("256x")]
    [InlineData("0x100")]
    [InlineData("1e3")]
    [InlineData("99999999999999999999")]
    [InlineData("18446744073709551615")]
    [InlineData("18446744073709551608")]
    public void Invalid_lengths_are_rejected_like_b2sum(string length)
    {
        ToolResult result = Runner.AssertSameAsB2sum(_samples.Directory, null, "-l", length, "one-byte");
        Assert.Equal(1, result.ExitCode);
        Assert.Equal(string.Empty, result.Stdout);
    }

    [Theory]
    [InlineData(" +256")]
    [InlineData("08")]
    [InlineData("00")]
    public void Unusual_but_valid_lengths_are_accepted_like_b2sum(string length)
    {
        ToolResult result = Runner.AssertSameAsB2sum(_samples.Directory, null, "-l", length, "one-byte");
        Assert.Equal(0, result.ExitCode);
    }

    [Theory]
    [InlineData("--bogus")]
    [InlineData("--bogus=1")]
    [InlineData("-x")]
    [InlineData("-bx")]
    [InlineData("--s")]
    [InlineData("--t")]
    [InlineData("-l")]
    [InlineData("--length")]
    [InlineData("--binary=yes")]
    [InlineData("--help=me")]
    [InlineData("--quiet")]
    [InlineData("--status")]
    [InlineData("--strict")]
    [InlineData("--warn")]
    [InlineData("-w")]
    [InlineData("--ignore-missing")]
    [InlineData("--status --warn")]
    [InlineData("--quiet --strict")]
    [InlineData("-c --tag")]
    [InlineData("-c -z")]
    [InlineData("-c --tag -z")]
    [InlineData("-c -b")]
    [InlineData("-c --text")]
    [InlineData("-l 7 -x")]
    [InlineData("-x -l 7")]
    public void Command_line_errors_are_reported_like_b2sum(string options)
    {
        ToolResult result = Runner.AssertSameAsB2sum(_samples.Directory, null, options.Split(' ').Append("one-byte").ToArray());
        Assert.Equal(1, result.ExitCode);
        Assert.Equal(string.Empty, result.Stdout);
    }

    [Theory]
    [InlineData("--stat -c")]
    [InlineData("--che")]
    [InlineData("--ta")]
    [InlineData("-bl8")]
    [InlineData("-l8")]
    [InlineData("--leng=16")]
    public void Abbreviated_and_clustered_options_work_like_b2sum(string options)
    {
        string scratch = _samples.CopySmallFilesToScratch();
        string sums = Runner.B2sum(scratch, null, "one-byte").Stdout;
        File.WriteAllText(Path.Combine(scratch, "one-byte.sums"), sums);
        string operand = options.Contains("-c", StringComparison.Ordinal) || options.Contains("--che", StringComparison.Ordinal) ? "one-byte.sums" : "one-byte";
        ToolResult result = Runner.AssertSameAsB2sum(scratch, null, options.Split(' ').Append(operand).ToArray());
        Assert.Equal(0, result.ExitCode);
    }
}
