using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// <c>-c</c> with BSD-style (<c>--tag</c>) lines: each tagged line is checked with the algorithm and length it names,
/// as GNU <c>cksum -c</c> does; untagged lines use <c>-a</c>; a tag the tool does not know makes the line improperly
/// formatted. What b2sum does with BLAKE2b lines stays byte for byte the same.
/// </summary>
public sealed class TaggedCheckTests : IClassFixture<SampleFiles>
{
    private static readonly string[] Files = { "empty", "one-byte", "65-bytes", "129-bytes", "1025-bytes", "name with spaces.txt" };

    private readonly SampleFiles _samples;

    public TaggedCheckTests(SampleFiles samples) => _samples = samples;

    /// <summary>Each algorithm with the tag <c>--tag</c> writes for it, at its standard length (0) and a shorter or longer one.</summary>
    public static TheoryData<string, string, int> TaggedLines => new()
    {
        { "blake2b", "BLAKE2b", 0 },
        { "blake2b", "BLAKE2b", 128 },
        { "blake2s", "BLAKE2s", 0 },
        { "blake2s", "BLAKE2s", 128 },
        { "blake2bp", "BLAKE2bp", 0 },
        { "blake2bp", "BLAKE2bp", 256 },
        { "blake2sp", "BLAKE2sp", 0 },
        { "blake2sp", "BLAKE2sp", 96 },
        { "blake3", "BLAKE3", 0 },
        { "blake3", "BLAKE3", 128 },
        { "blake3", "BLAKE3", 1024 },
        { "blake256", "BLAKE256", 0 },
        { "blake224", "BLAKE224", 0 },
    };

    [Theory]
    [MemberData(nameof(TaggedLines))]
    public void Tagged_lines_are_checked_with_the_algorithm_and_length_they_name(string algorithm, string tag, int bits)
    {
        string scratch = _samples.CopySmallFilesToScratch();
        string[] length = bits == 0 ? Array.Empty<string>() : new[] { "-l", bits.ToString(CultureInfo.InvariantCulture) };
        string sums = Runner.B2fsum(scratch, null, new[] { "-a", algorithm, "--tag" }.Concat(length).Concat(Files).ToArray()).Stdout;
        Assert.StartsWith(tag + (bits == 0 ? string.Empty : "-" + bits.ToString(CultureInfo.InvariantCulture)) + " (empty) = ", sums, StringComparison.Ordinal);
        File.WriteAllText(Path.Combine(scratch, "sums"), sums);
        string allOk = string.Concat(Files.Select(f => f + ": OK\n"));

        // No -a (BLAKE2b), and -a naming another algorithm: the tag decides either way.
        foreach (string[] options in new[] { Array.Empty<string>(), new[] { "-a", algorithm == "blake2s" ? "blake224" : "blake2s" } })
        {
            ToolResult ok = Runner.B2fsum(scratch, null, options.Concat(new[] { "-c", "--strict", "sums" }).ToArray());
            Assert.Equal(new ToolResult(0, allOk, string.Empty), ok);
        }

        File.AppendAllText(Path.Combine(scratch, "65-bytes"), "!");
        ToolResult changed = Runner.B2fsum(scratch, null, "-c", "--quiet", "sums");
        Assert.Equal(new ToolResult(1, "65-bytes: FAILED\n", "b2fsum: WARNING: 1 computed checksum did NOT match\n"), changed);
    }

    [Fact]
    public void A_mixed_file_is_checked_line_by_line()
    {
        string scratch = _samples.CopySmallFilesToScratch();
        var sums = new StringBuilder("# every algorithm, then an untagged BLAKE2b line, then a BLAKE2s digest under another tag\n");
        foreach (string algorithm in new[] { "blake2b", "blake2s", "blake2bp", "blake2sp", "blake3", "blake256", "blake224" })
        {
            sums.Append(Runner.B2fsum(scratch, null, "-a", algorithm, "--tag", "one-byte").Stdout);
        }

        sums.Append(Runner.B2fsum(scratch, null, "129-bytes").Stdout);
        sums.Append(Runner.B2fsum(scratch, null, "-a", "blake2s", "--tag", "65-bytes").Stdout.Replace("BLAKE2s (", "BLAKE2sp (", StringComparison.Ordinal));
        File.WriteAllText(Path.Combine(scratch, "mixed.sums"), sums.ToString());

        ToolResult result = Runner.B2fsum(scratch, null, "-c", "--strict", "mixed.sums");

        Assert.Equal(
            new ToolResult(
                1,
                string.Concat(Enumerable.Repeat("one-byte: OK\n", 7)) + "129-bytes: OK\n65-bytes: FAILED\n",
                "b2fsum: WARNING: 1 computed checksum did NOT match\n"),
            result);
    }

    [Fact]
    public void Untagged_lines_use_the_algorithm_of_the_a_option_next_to_tagged_lines_of_others()
    {
        string scratch = _samples.CopySmallFilesToScratch();
        File.WriteAllText(
            Path.Combine(scratch, "mixed.sums"),
            Runner.B2fsum(scratch, null, "-a", "blake2s", "one-byte", "65-bytes").Stdout
            + Runner.B2fsum(scratch, null, "--tag", "-l", "256", "129-bytes").Stdout
            + Runner.B2fsum(scratch, null, "-a", "blake3", "--tag", "empty").Stdout);

        Assert.Equal(
            new ToolResult(0, "one-byte: OK\n65-bytes: OK\n129-bytes: OK\nempty: OK\n", string.Empty),
            Runner.B2fsum(scratch, null, "-a", "blake2s", "-c", "--strict", "mixed.sums"));

        // Without -a the untagged lines are BLAKE2b lines (here of a BLAKE2s digest): they fail.
        Assert.Equal(
            new ToolResult(1, "one-byte: FAILED\n65-bytes: FAILED\n129-bytes: OK\nempty: OK\n", "b2fsum: WARNING: 2 computed checksums did NOT match\n"),
            Runner.B2fsum(scratch, null, "-c", "mixed.sums"));
    }

    [Fact]
    public void Unknown_tags_and_lengths_a_tag_does_not_allow_are_improperly_formatted()
    {
        string scratch = _samples.CopySmallFilesToScratch();
        string hex32 = new('a', 64);
        string hex64 = new('a', 128);
        string[] bad =
        {
            "SHA256 (one-byte) = " + hex32,
            "BLAKE2x (one-byte) = " + hex64,
            "BLAKE2sq (one-byte) = " + hex32,
            "BLAKE (one-byte) = " + hex32,
            "blake3 (one-byte) = " + hex32,
            "BLAKE-256 (one-byte) = " + hex32,
            "BLAKE3-260 (one-byte) = " + hex32,
            "BLAKE2s (one-byte) = " + hex64,
            "BLAKE2s-512 (one-byte) = " + hex64,
            "BLAKE256-128 (one-byte) = " + new string('a', 32),
            "BLAKE224 (one-byte) = " + hex32,
        };
        string good = Runner.B2fsum(scratch, null, "-a", "blake3", "--tag", "one-byte").Stdout;
        File.WriteAllText(Path.Combine(scratch, "bad.sums"), string.Join("\n", bad) + "\n" + good);

        string warnings = string.Concat(Enumerable.Range(1, bad.Length).Select(n => "b2fsum: bad.sums: " + n.ToString(CultureInfo.InvariantCulture) + ": improperly formatted BLAKE2b checksum line\n"));
        string summary = "b2fsum: WARNING: " + bad.Length.ToString(CultureInfo.InvariantCulture) + " lines are improperly formatted\n";
        Assert.Equal(new ToolResult(0, "one-byte: OK\n", warnings + summary), Runner.B2fsum(scratch, null, "-c", "-w", "bad.sums"));
        Assert.Equal(new ToolResult(1, "one-byte: OK\n", summary), Runner.B2fsum(scratch, null, "-c", "--strict", "bad.sums"));

        File.WriteAllText(Path.Combine(scratch, "only-bad.sums"), string.Join("\n", bad) + "\n");
        Assert.Equal(
            new ToolResult(1, string.Empty, "b2fsum: only-bad.sums: no properly formatted checksum lines found\n"),
            Runner.B2fsum(scratch, null, "-c", "only-bad.sums"));
    }

    /// <summary>Lines b2sum reads as BLAKE2b lines, or refuses, get the same treatment, to the byte.</summary>
    [Theory]
    [InlineData("-c", "-w")]
    [InlineData("-c", "--strict")]
    [InlineData("-c", "--quiet")]
    public void Blake2b_lines_and_near_misses_are_checked_exactly_as_b2sum_checks_them(string check, string option)
    {
        string scratch = _samples.CopySmallFilesToScratch();
        string one = Runner.B2sum(scratch, null, "--tag", "one-byte").Stdout;
        string hex = one.Substring(one.IndexOf("= ", StringComparison.Ordinal) + 2).TrimEnd('\n');
        string[] lines =
        {
            one.TrimEnd('\n'),
            Runner.B2sum(scratch, null, "--tag", "-l", "256", "129-bytes").Stdout.TrimEnd('\n'),
            Runner.B2sum(scratch, null, "-l", "128", "65-bytes").Stdout.TrimEnd('\n'),
            "BLAKE2bx (one-byte) = " + hex,
            "BLAKE2bxy (one-byte) = " + hex,
            "BLAKE2b/(one-byte) = " + hex,
            "BLAKE2b\t(one-byte) = " + hex,
            "BLAKE2b \t(one-byte) = " + hex,
            "BLAKE2b  (one-byte) = " + hex,
            "BLAKE2b   (one-byte) = " + hex,
            "BLAKE2bx-512 (one-byte) = " + hex,
            "BLAKE2b-512  (one-byte) = " + hex,
            "BLAKE2b-512\t(one-byte) = " + hex,
            "BLAKE2b- 512 (one-byte) = " + hex,
            "BLAKE2b-0x200 (one-byte) = " + hex,
            "BLAKE2b-01000 (one-byte) = " + hex,
            "BLAKE2b-512x (one-byte) = " + hex,
            "BLAKE2B (one-byte) = " + hex,
            "BLAKE2 (one-byte) = " + hex,
            "BLAKE2b-0 (one-byte) = " + hex,
            "BLAKE2b-520 (one-byte) = " + hex,
            "BLAKE2b (one-byte)= " + hex,
            "BLAKE2b(one-byte) = " + hex,
            "BLAKE2b (one-byte) = " + hex.Substring(2),
            "BLAKE2b (one-byte) = " + "00" + hex.Substring(2),
        };
        File.WriteAllText(Path.Combine(scratch, "near.sums"), string.Join("\n", lines) + "\n");

        Runner.AssertSameAsB2sum(scratch, null, check, option, "near.sums");
    }

    [Fact]
    public void Keyed_check_keys_every_line_whose_algorithm_takes_the_key()
    {
        string scratch = _samples.CopySmallFilesToScratch();
        byte[] key = Enumerable.Range(0, 32).Select(i => (byte)(0x40 + i)).ToArray();
        File.WriteAllText(
            Path.Combine(scratch, "keyed.sums"),
            Runner.B2fsum(scratch, key, "--keyed", "one-byte").Stdout
            + Runner.B2fsum(scratch, key, "-a", "blake3", "--keyed", "--tag", "65-bytes").Stdout
            + Runner.B2fsum(scratch, key, "-a", "blake2s", "--keyed", "--tag", "-l", "160", "129-bytes").Stdout
            + Runner.B2fsum(scratch, null, "-a", "blake256", "--tag", "empty").Stdout);

        Assert.Equal(
            new ToolResult(0, "one-byte: OK\n65-bytes: OK\n129-bytes: OK\n", "b2fsum: keyed.sums: 4: improperly formatted BLAKE2b checksum line\nb2fsum: WARNING: 1 line is improperly formatted\n"),
            Runner.B2fsum(scratch, key, "--keyed", "-c", "-w", "keyed.sums"));

        // Unkeyed, the keyed lines fail and BLAKE-256's verifies.
        Assert.Equal(
            new ToolResult(1, "one-byte: FAILED\n65-bytes: FAILED\n129-bytes: FAILED\nempty: OK\n", "b2fsum: WARNING: 3 computed checksums did NOT match\n"),
            Runner.B2fsum(scratch, null, "-c", "keyed.sums"));
    }
}
