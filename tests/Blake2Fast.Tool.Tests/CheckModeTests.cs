using System;
using System.IO;
using System.Linq;
using System.Text;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// <c>--check</c>: b2fsum must accept the checksum files b2sum writes, find the same failures, and report them with
/// the same lines, warnings and exit status.
/// </summary>
public sealed class CheckModeTests : IClassFixture<SampleFiles>
{
    private readonly SampleFiles _samples;

    public CheckModeTests(SampleFiles samples) => _samples = samples;

    public static TheoryData<string> ChecksumFormats => new()
    {
        "(no options)",
        "-l 256",
        "-l 8",
        "--tag",
        "--tag -l 256",
        "--tag -l 136",
        "-b",
    };

    [Theory]
    [MemberData(nameof(ChecksumFormats))]
    public void Checksum_files_written_by_b2sum_verify(string format)
    {
        string scratch = _samples.CopySmallFilesToScratch();
        WriteChecksumsWithB2sum(scratch, "sums", HashOutputTests.Split(format));

        ToolResult result = Runner.AssertSameAsB2sum(scratch, null, "-c", "sums");

        Assert.Equal(0, result.ExitCode);
        Assert.Equal(SampleFiles.SmallNames.Length, result.Stdout.Split('\n').Count(l => l.EndsWith(": OK", StringComparison.Ordinal)));
        Assert.Equal(string.Empty, result.Stderr);
    }

    [Fact]
    public void Large_files_verify()
    {
        string[] names = { "one-MiB", "one-MiB-plus-one", "five-MiB-random.bin" };
        string sums = Runner.B2sum(_samples.Directory, null, names).Stdout;
        ToolResult result = Runner.AssertSameAsB2sum(_samples.Directory, Encoding.UTF8.GetBytes(sums), "--check");
        Assert.Equal(0, result.ExitCode);
    }

    [Theory]
    [MemberData(nameof(ChecksumFormats))]
    public void An_altered_file_fails_like_in_b2sum(string format)
    {
        string scratch = _samples.CopySmallFilesToScratch();
        WriteChecksumsWithB2sum(scratch, "sums", HashOutputTests.Split(format));
        byte[] altered = File.ReadAllBytes(Path.Combine(scratch, "1024-bytes"));
        altered[517] ^= 0x01;
        File.WriteAllBytes(Path.Combine(scratch, "1024-bytes"), altered);

        ToolResult result = Runner.AssertSameAsB2sum(scratch, null, "-c", "sums");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("1024-bytes: FAILED\n", result.Stdout, StringComparison.Ordinal);
        Assert.Contains("b2fsum: WARNING: 1 computed checksum did NOT match\n", result.Stderr, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--quiet")]
    [InlineData("--status")]
    [InlineData("--warn")]
    [InlineData("--strict")]
    [InlineData("--ignore-missing")]
    [InlineData("--quiet --strict")]
    [InlineData("--status --ignore-missing")]
    [InlineData("--status --warn")]
    [InlineData("--warn --status")]
    [InlineData("--status --quiet")]
    [InlineData("--ignore-missing --strict --warn")]
    public void Reporting_options_behave_like_b2sum_on_a_mixed_checksum_file(string options)
    {
        string scratch = MixedCheckScenario();
        Runner.AssertSameAsB2sum(scratch, null, HashOutputTests.Split(options).Append("-c").Append("mixed.sums").ToArray());
    }

    [Theory]
    [InlineData("(no options)")]
    [InlineData("--quiet")]
    [InlineData("--status")]
    [InlineData("--warn")]
    [InlineData("--strict")]
    [InlineData("--ignore-missing")]
    public void Reporting_options_behave_like_b2sum_when_everything_verifies(string options)
    {
        string scratch = _samples.CopySmallFilesToScratch();
        WriteChecksumsWithB2sum(scratch, "sums", Array.Empty<string>());
        ToolResult result = Runner.AssertSameAsB2sum(scratch, null, HashOutputTests.Split(options).Append("-c").Append("sums").ToArray());
        Assert.Equal(0, result.ExitCode);
    }

    [Theory]
    [InlineData("(no options)", 0)]
    [InlineData("--warn", 0)]
    [InlineData("--strict", 1)]
    [InlineData("--strict --status", 1)]
    public void A_malformed_line_is_a_warning_unless_strict(string options, int expectedExitCode)
    {
        string scratch = _samples.CopySmallFilesToScratch();
        WriteChecksumsWithB2sum(scratch, "sums", Array.Empty<string>(), new[] { "one-byte", "empty" });
        File.AppendAllText(Path.Combine(scratch, "sums"), "this is not a checksum line\n");

        ToolResult result = Runner.AssertSameAsB2sum(scratch, null, HashOutputTests.Split(options).Append("--check").Append("sums").ToArray());

        Assert.Equal(expectedExitCode, result.ExitCode);
    }

    [Fact]
    public void Only_missing_files_with_ignore_missing_means_nothing_was_verified()
    {
        string scratch = _samples.CopySmallFilesToScratch();
        WriteChecksumsWithB2sum(scratch, "sums", Array.Empty<string>(), new[] { "one-byte", "empty" });
        File.Delete(Path.Combine(scratch, "one-byte"));
        File.Delete(Path.Combine(scratch, "empty"));

        ToolResult result = Runner.AssertSameAsB2sum(scratch, null, "-c", "--ignore-missing", "sums");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("no file was verified", result.Stderr, StringComparison.Ordinal);
    }

    [Fact]
    public void Checksums_read_from_standard_input_verify()
    {
        string scratch = _samples.CopySmallFilesToScratch();
        byte[] sums = File.ReadAllBytes(WriteChecksumsWithB2sum(scratch, "sums", new[] { "--tag" }, new[] { "127-bytes", "name with spaces.txt" }));
        Runner.AssertSameAsB2sum(scratch, sums, "-c");
        Runner.AssertSameAsB2sum(scratch, sums, "-c", "-");
    }

    [Fact]
    public void Several_checksum_files_are_each_summarised()
    {
        string scratch = MixedCheckScenario();
        WriteChecksumsWithB2sum(scratch, "good.sums", Array.Empty<string>(), new[] { "one-byte", "129-bytes" });
        File.WriteAllText(Path.Combine(scratch, "garbage.sums"), "garbage\n");
        Runner.AssertSameAsB2sum(scratch, null, "-c", "good.sums", "mixed.sums", "garbage.sums", "no-such.sums", "good.sums");
    }

    [Fact]
    public void A_missing_or_directory_checksum_file_is_reported()
    {
        string scratch = _samples.CopySmallFilesToScratch();
        Directory.CreateDirectory(Path.Combine(scratch, "a directory"));
        ToolResult result = Runner.AssertSameAsB2sum(scratch, null, "-c", "no-such.sums", "a directory");
        Assert.Equal(1, result.ExitCode);
    }

    /// <summary>
    /// Hand-written checksum lines in the corners of the format: separators, modes, escapes, tag spellings,
    /// digest lengths, comments, carriage returns. Each case is one checksum file; "{A}" stands for the right
    /// BLAKE2b-512 hex of the file "a", "{A8}" for its 8-bit digest, "{A16}" for the 16-bit one.
    /// </summary>
    public static TheoryData<string, string> TrickyLines => new()
    {
        { "two spaces", "{A}  a\n" },
        { "CRLF line end", "{A}  a\r\n" },
        { "two carriage returns", "{A}  a\r\r\n" },
        { "uppercase hex", "{AU}  a\n" },
        { "leading blanks", "  \t{A}  a\n" },
        { "binary mode star", "{A} *a\n" },
        { "single space (BSD reversed)", "{A} a\n" },
        { "tab separator", "{A}\ta\n" },
        { "tab then star", "{A}\t*a\n" },
        { "three spaces: name starts with a space", "{A}   a\n" },
        { "two spaces then star: name starts with a star", "{A}  *a\n" },
        { "trailing space in the name", "{A}  a \n" },
        { "no name after one space", "{A} \n" },
        { "only a space as the name", "{A}  \n" },
        { "no separator", "{A}\n" },
        { "no final newline", "{A}  a" },
        { "blank lines and a comment", "\n#comment\n\n{A}  a\n\n" },
        { "blank-only and indented comment lines", "  \n  #x\n{A}  a\n" },
        { "mixed untagged forms, two spaces first", "{A}  a\n{A} a\n" },
        { "mixed untagged forms, one space first", "{A} a\n{A}  a\n{A} *a\n" },
        { "8-bit digest", "{A8}  a\n" },
        { "odd hex length", "{A8}0  a\n" },
        { "one hex digit", "6  a\n" },
        { "too long hex", "{A}00  a\n" },
        { "non-hex digit", "{A8}g  a\n" },
        { "wrong digest", "{A16}  a\n" },
        { "escaped line, plain name", "\\{A}  a\n" },
        { "escaped newline in name", "\\{A}  a\\n\n" },
        { "escaped carriage return in name", "\\{A}  a\\r\n" },
        { "invalid escape", "\\{A}  a\\t\n" },
        { "trailing backslash", "\\{A}  a\\\n" },
        { "backslash then blank", "\\ {A}  a\n" },
        { "tag", "BLAKE2b (a) = {A}\n" },
        { "tag with length", "BLAKE2b-8 (a) = {A8}\nBLAKE2b-16 (a) = {A16}\n" },
        { "tag with 512", "BLAKE2b-512 (a) = {A}\n" },
        { "tag length not matching hex", "BLAKE2b-16 (a) = {A8}\n" },
        { "tag length not a multiple of 8", "BLAKE2b-7 (a) = {A8}\n" },
        { "tag length 0", "BLAKE2b-0 (a) = {A}\n" },
        { "tag length too big", "BLAKE2b-520 (a) = {A}00\n" },
        { "tag length octal and hex", "BLAKE2b-010 (a) = {A8}\nBLAKE2b-0x10 (a) = {A16}\nBLAKE2b-08 (a) = {A8}\n" },
        { "tag length with plus, blank, minus", "BLAKE2b-+8 (a) = {A8}\nBLAKE2b- 8 (a) = {A8}\nBLAKE2b--8 (a) = {A8}\n" },
        { "tag length overflow", "BLAKE2b-99999999999999999999 (a) = {A8}\n" },
        { "tag without blank", "BLAKE2b(a) = {A}\nBLAKE2b-8(a) = {A8}\n" },
        { "tag with extra blanks", "BLAKE2b  (a)  =  {A}\nBLAKE2b\t(a)\t=\t{A}\n" },
        { "tag without blanks around =", "BLAKE2b (a)={A}\n" },
        { "tag with blank before length", "BLAKE2b -8 (a) = {A8}\n" },
        { "tag with trailing blank", "BLAKE2b (a) = {A} \n" },
        { "tag with uppercase hex", "BLAKE2b (a) = {AU}\n" },
        { "tag with empty name", "BLAKE2b () = {A}\n" },
        { "tag name with ') = '", "BLAKE2b (x) = y) = {A}\n" },
        { "tag missing parenthesis", "BLAKE2b (a = {A}\nBLAKE2b a) = {A}\n" },
        { "tag of another algorithm", "BLAKE2s (a) = {A}\n" },
        { "escaped tag", "\\BLAKE2b (a\\\\b) = {A}\n" },
        { "unescaped tag keeps backslashes", "BLAKE2b (a\\\\b) = {A}\n" },
        { "standard input as a listed name", "{A}  -\n" },
        { "directory and missing names", "{A}  .\n{A}  missing file\n{A}  a/b\n" },
        { "leading indentation before a tag", "  BLAKE2b (a) = {A}\n" },
    };

    [Theory]
    [MemberData(nameof(TrickyLines))]
    public void Tricky_checksum_lines_are_judged_like_b2sum(string description, string content)
    {
        Assert.NotNull(description);
        string scratch = _samples.CopySmallFilesToScratch();
        File.WriteAllText(Path.Combine(scratch, "a"), "abc");
        (string a, string a8, string a16) = AbcDigests.Value;
        string text = content
            .Replace("{AU}", a.ToUpperInvariant(), StringComparison.Ordinal)
            .Replace("{A}", a, StringComparison.Ordinal)
            .Replace("{A8}", a8, StringComparison.Ordinal)
            .Replace("{A16}", a16, StringComparison.Ordinal);
        File.WriteAllText(Path.Combine(scratch, "tricky.sums"), text);

        Runner.AssertSameAsB2sum(scratch, null, "-c", "tricky.sums");
        Runner.AssertSameAsB2sum(scratch, null, "-c", "--warn", "--ignore-missing", "tricky.sums");
    }

    [Fact]
    public void Names_with_newlines_and_backslashes_round_trip_through_check()
    {
        string scratch = _samples.CopySmallFilesToScratch();
        string[] names = { "back\\slash.txt", "new\nline.txt", "carriage\rreturn.txt", "name with spaces.txt" };
        WriteChecksumsWithB2sum(scratch, "plain.sums", Array.Empty<string>(), names);
        WriteChecksumsWithB2sum(scratch, "tag.sums", new[] { "--tag" }, names);
        ToolResult result = Runner.AssertSameAsB2sum(scratch, null, "-c", "plain.sums", "tag.sums");
        Assert.Equal(0, result.ExitCode);
        Assert.Contains("\\new\\nline.txt: OK\n", result.Stdout, StringComparison.Ordinal);
    }

    [Fact]
    public void B2fsum_output_is_accepted_by_b2sum()
    {
        string scratch = _samples.CopySmallFilesToScratch();
        string[] names = SampleFiles.SmallNames;
        foreach (string[] options in new[] { Array.Empty<string>(), new[] { "--tag", "-l", "248" }, new[] { "-b", "-l", "64" } })
        {
            ToolResult ours = Runner.B2fsum(scratch, null, options.Concat(names).ToArray());
            Assert.Equal(0, ours.ExitCode);
            ToolResult verified = Runner.B2sum(scratch, Encoding.UTF8.GetBytes(ours.Stdout), "-c", "--strict");
            Assert.True(verified.ExitCode == 0, "b2sum rejected b2fsum's output:\n" + verified);
        }
    }

    /// <summary>
    /// A checksum file with a good line, a bad digest, a missing file, a directory, a malformed line and a
    /// BSD-style line, with the sample files as they are.
    /// </summary>
    private string MixedCheckScenario()
    {
        string scratch = _samples.CopySmallFilesToScratch();
        Directory.CreateDirectory(Path.Combine(scratch, "a directory"));
        string good = Runner.B2sum(scratch, null, "one-byte", "129-bytes").Stdout;
        string tagged = Runner.B2sum(scratch, null, "--tag", "-l", "256", "1023-bytes").Stdout;
        string wrong = Runner.B2sum(scratch, null, "empty").Stdout.Substring(0, 128);
        var sums = new StringBuilder();
        sums.Append(good);
        sums.Append(wrong).Append("  1024-bytes\n");
        sums.Append(wrong).Append("  missing-file\n");
        sums.Append("not a checksum line\n");
        sums.Append(wrong).Append("  a directory\n");
        sums.Append(tagged);
        sums.Append(wrong).Append("  name with spaces.txt\n");
        File.WriteAllText(Path.Combine(scratch, "mixed.sums"), sums.ToString());
        return scratch;
    }

    private static string WriteChecksumsWithB2sum(string directory, string checksumFile, string[] options, string[]? names = null)
    {
        string[] args = options.Concat(names ?? SampleFiles.SmallNames).ToArray();
        ToolResult result = Runner.B2sum(directory, null, args);
        Assert.True(result.ExitCode == 0, "b2sum could not write the checksum file:\n" + result);
        string path = Path.Combine(directory, checksumFile);
        File.WriteAllText(path, result.Stdout);
        return path;
    }

    /// <summary>The digests of "abc" that the tricky lines use, from b2sum: full length, 8 and 16 bits.</summary>
    private static readonly Lazy<(string Full, string Bits8, string Bits16)> AbcDigests = new(() =>
    {
        byte[] abc = Encoding.ASCII.GetBytes("abc");
        string directory = Path.GetTempPath();
        return (
            Runner.B2sum(directory, abc).Stdout.Substring(0, 128),
            Runner.B2sum(directory, abc, "-l", "8").Stdout.Substring(0, 2),
            Runner.B2sum(directory, abc, "-l", "16").Stdout.Substring(0, 4));
    });
}
