using System;
using System.IO;
using System.Linq;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// <c>b2fsum -a blake3</c> against the BLAKE3 team's <c>b3sum</c> (skipped where it is not installed), which prints
/// the same <c>HEX  NAME</c> lines as b2sum. b3sum does not escape carriage returns in names (b2sum does, and so does
/// b2fsum), so that one sample file is left out of the comparisons.
/// </summary>
public sealed class Blake3ToolTests : IClassFixture<SampleFiles>
{
    private readonly SampleFiles _samples;

    public Blake3ToolTests(SampleFiles samples) => _samples = samples;

    private static string[] Names => SampleFiles.Names.Where(n => !n.Contains('\r', StringComparison.Ordinal)).ToArray();

    [B3sumFact]
    public void Every_sample_file_hashes_like_b3sum()
    {
        string expected = B3sum(_samples.Directory, Names);
        ToolResult actual = Runner.B2fsum(_samples.Directory, null, new[] { "-a", "blake3" }.Concat(Names).ToArray());
        Assert.Equal(0, actual.ExitCode);
        Assert.Equal("", actual.Stderr);
        Assert.Equal(expected, actual.Stdout);
    }

    [B3sumTheory]
    [InlineData(8)]
    [InlineData(160)]
    [InlineData(256)]
    [InlineData(264)]
    [InlineData(512)]
    [InlineData(8200)]
    public void A_length_in_bits_gives_b3sums_output_of_that_many_bytes(int bits)
    {
        string expected = B3sum(_samples.Directory, new[] { "--length", (bits / 8).ToString(System.Globalization.CultureInfo.InvariantCulture) }.Concat(Names).ToArray());
        ToolResult actual = Runner.B2fsum(_samples.Directory, null, new[] { "-a", "blake3", "-l", bits.ToString(System.Globalization.CultureInfo.InvariantCulture) }.Concat(Names).ToArray());
        Assert.Equal(0, actual.ExitCode);
        Assert.Equal(expected, actual.Stdout);
    }

    [Fact]
    public void A_length_not_a_multiple_of_8_is_refused()
    {
        Assert.NotEqual(0, Runner.B2fsum(_samples.Directory, null, "-a", "blake3", "-l", "12", "empty").ExitCode);
    }

    [B3sumFact]
    public void Standard_input_hashes_like_b3sum()
    {
        byte[] input = Enumerable.Range(0, 5000).Select(i => (byte)(i * 7)).ToArray();
        string expected = B3sum(_samples.Directory, Array.Empty<string>(), input);
        ToolResult actual = Runner.B2fsum(_samples.Directory, input, "-a", "blake3");
        Assert.Equal(expected, actual.Stdout);
    }

    [B3sumFact]
    public void Check_round_trips_and_reads_b3sums_lines()
    {
        string sums = Path.Combine(_samples.Directory, "blake3-sums-" + Guid.NewGuid().ToString("N"));
        File.WriteAllText(sums, Runner.B2fsum(_samples.Directory, null, new[] { "-a", "blake3" }.Concat(Names).ToArray()).Stdout);
        ToolResult check = Runner.B2fsum(_samples.Directory, null, "-a", "blake3", "--check", sums);
        Assert.Equal(0, check.ExitCode);
        Assert.Equal(Names.Length, check.Stdout.Split('\n').Count(l => l.EndsWith(": OK", StringComparison.Ordinal)));

        // b3sum's own lines check too, and a changed digest fails.
        File.WriteAllText(sums, B3sum(_samples.Directory, new[] { "empty", "1025-bytes", "one-MiB" }));
        Assert.Equal(0, Runner.B2fsum(_samples.Directory, null, "-a", "blake3", "-c", sums).ExitCode);
        string text = File.ReadAllText(sums);
        File.WriteAllText(sums, (text[0] == '0' ? "1" : "0") + text[1..]);
        Assert.Equal(1, Runner.B2fsum(_samples.Directory, null, "-a", "blake3", "-c", sums).ExitCode);
        File.Delete(sums);
    }

    private static string B3sum(string directory, string[] args, byte[]? stdin = null) => Infrastructure.B3sum.Run(directory, args, stdin);
}
