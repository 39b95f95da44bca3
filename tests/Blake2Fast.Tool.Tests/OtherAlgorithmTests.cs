using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// <c>-a blake2s|blake2bp|blake2sp</c>, which b2sum does not have. Digests are checked against the official
/// known-answer vectors, and against the library's one-shot <c>ComputeHash</c> (itself tested against those
/// vectors), which shares no code with the tool's chunked incremental reading.
/// </summary>
public sealed class OtherAlgorithmTests : IClassFixture<SampleFiles>
{
    private readonly SampleFiles _samples;

    public OtherAlgorithmTests(SampleFiles samples) => _samples = samples;

    /// <summary>The one-shot library call for each algorithm name: (digest length in bytes, input) to digest.</summary>
    private static readonly Dictionary<string, Func<int, byte[], byte[]>> OneShot = new()
    {
        ["blake2b"] = (length, input) => Blake2b.ComputeHash(length, input),
        ["blake2s"] = (length, input) => Blake2s.ComputeHash(length, input),
        ["blake2bp"] = (length, input) => Blake2bp.ComputeHash(length, input),
        ["blake2sp"] = (length, input) => Blake2sp.ComputeHash(length, input),
    };

    private static readonly Dictionary<string, (string Tag, int MaxBits)> Names = new()
    {
        ["blake2b"] = ("BLAKE2b", 512),
        ["blake2s"] = ("BLAKE2s", 256),
        ["blake2bp"] = ("BLAKE2bp", 512),
        ["blake2sp"] = ("BLAKE2sp", 256),
    };

    public static TheoryData<string> Algorithms => new() { "blake2b", "blake2s", "blake2bp", "blake2sp" };

    public static TheoryData<string, int> AlgorithmsAndLengths => new()
    {
        { "blake2s", 0 },
        { "blake2s", 256 },
        { "blake2s", 128 },
        { "blake2s", 8 },
        { "blake2s", 248 },
        { "blake2bp", 0 },
        { "blake2bp", 256 },
        { "blake2bp", 8 },
        { "blake2sp", 0 },
        { "blake2sp", 160 },
        { "blake2sp", 8 },
    };

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Official_known_answers_are_reproduced(string algorithm)
    {
        string scratch = SampleFiles.CreateTempDirectory("b2fsum-kat");
        try
        {
            (List<(string Name, string Expected)> cases, _) = KnownAnswerFiles.Write(scratch, algorithm, keyed: false);
            ToolResult result = Runner.B2fsum(scratch, null, new[] { "-a", algorithm }.Concat(cases.Select(c => c.Name)).ToArray());

            Assert.Equal(0, result.ExitCode);
            Assert.Equal(string.Concat(cases.Select(c => c.Expected + "  " + c.Name + "\n")), result.Stdout);
        }
        finally
        {
            Directory.Delete(scratch, recursive: true);
        }
    }

    [Theory]
    [MemberData(nameof(AlgorithmsAndLengths))]
    public void Lines_match_the_library_for_every_sample_file(string algorithm, int bits)
    {
        string[] args = new[] { "-a", algorithm, "-l", bits.ToString(CultureInfo.InvariantCulture) }.Concat(SampleFiles.Names).ToArray();
        ToolResult result = Runner.B2fsum(_samples.Directory, null, args);

        int bytes = bits == 0 ? Names[algorithm].MaxBits / 8 : bits / 8;
        string expected = string.Concat(SampleFiles.Names.Select(name =>
            (NeedsEscape(name) ? "\\" : string.Empty) + Hex(OneShot[algorithm](bytes, _samples.Read(name))) + "  " + Escape(name) + "\n"));
        Assert.Equal(0, result.ExitCode);
        Assert.Equal(expected, result.Stdout);
        Assert.Equal(string.Empty, result.Stderr);
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Tag_lines_use_the_algorithm_name_and_a_length_suffix_below_the_maximum(string algorithm)
    {
        string[] names = { "empty", "129-bytes", "name with spaces.txt" };
        (string tag, int maxBits) = Names[algorithm];
        ToolResult full = Runner.B2fsum(_samples.Directory, null, new[] { "--algorithm=" + algorithm, "--tag" }.Concat(names).ToArray());
        ToolResult maximum = Runner.B2fsum(_samples.Directory, null, new[] { "-a", algorithm, "--tag", "-l", maxBits.ToString(CultureInfo.InvariantCulture) }.Concat(names).ToArray());
        ToolResult shorter = Runner.B2fsum(_samples.Directory, null, new[] { "-a", algorithm, "--tag", "-l", "128" }.Concat(names).ToArray());

        Assert.Equal(string.Concat(names.Select(n => tag + " (" + n + ") = " + Hex(OneShot[algorithm](maxBits / 8, _samples.Read(n))) + "\n")), full.Stdout);
        Assert.Equal(full, maximum);
        Assert.Equal(string.Concat(names.Select(n => tag + "-128 (" + n + ") = " + Hex(OneShot[algorithm](16, _samples.Read(n))) + "\n")), shorter.Stdout);
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Standard_input_matches_the_library(string algorithm)
    {
        byte[] input = Encoding.UTF8.GetBytes(new string('x', 5000));
        ToolResult result = Runner.B2fsum(_samples.Directory, input, "-a", algorithm, "-b");
        Assert.Equal(Hex(OneShot[algorithm](Names[algorithm].MaxBits / 8, input)) + " *-\n", result.Stdout);
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Checksums_verify_and_detect_a_change(string algorithm)
    {
        string scratch = _samples.CopySmallFilesToScratch();
        string plain = Runner.B2fsum(scratch, null, new[] { "-a", algorithm }.Concat(SampleFiles.SmallNames).ToArray()).Stdout;
        string tagged = Runner.B2fsum(scratch, null, new[] { "-a", algorithm, "--tag", "-l", "96" }.Concat(SampleFiles.SmallNames).ToArray()).Stdout;
        File.WriteAllText(Path.Combine(scratch, "plain.sums"), plain);
        File.WriteAllText(Path.Combine(scratch, "tagged.sums"), tagged);

        ToolResult ok = Runner.B2fsum(scratch, null, "-a", algorithm, "-c", "--strict", "plain.sums", "tagged.sums");
        Assert.Equal(0, ok.ExitCode);
        Assert.Equal(2 * SampleFiles.SmallNames.Length, ok.Stdout.Split('\n').Count(l => l.EndsWith(": OK", StringComparison.Ordinal)));

        File.AppendAllText(Path.Combine(scratch, "65-bytes"), "!");
        ToolResult failed = Runner.B2fsum(scratch, null, "-a", algorithm, "-c", "--quiet", "plain.sums", "tagged.sums");
        Assert.Equal(1, failed.ExitCode);
        Assert.Equal("65-bytes: FAILED\n65-bytes: FAILED\n", failed.Stdout);
        Assert.Equal(
            "b2fsum: WARNING: 1 computed checksum did NOT match\nb2fsum: WARNING: 1 computed checksum did NOT match\n",
            failed.Stderr);
    }

    [Fact]
    public void Untagged_blake2b_lines_longer_than_256_bits_are_not_blake2s_lines()
    {
        string scratch = _samples.CopySmallFilesToScratch();
        File.WriteAllText(Path.Combine(scratch, "b.sums"), Runner.B2fsum(scratch, null, "one-byte").Stdout);

        ToolResult result = Runner.B2fsum(scratch, null, "-a", "blake2s", "-c", "b.sums");

        Assert.Equal(1, result.ExitCode);
        Assert.Equal("b2fsum: b.sums: no properly formatted checksum lines found\n", result.Stderr);
    }

    [Theory]
    [InlineData("-a blake2s -l 264", "264", "BLAKE2s", 256)]
    [InlineData("-a blake2s -l 512", "512", "BLAKE2s", 256)]
    [InlineData("-l 512 -a blake2s", "512", "BLAKE2s", 256)]
    [InlineData("-a blake2sp -l 264", "264", "BLAKE2sp", 256)]
    [InlineData("-a blake2bp -l 520", "520", "BLAKE2bp", 512)]
    public void Lengths_above_the_maximum_are_rejected(string options, string length, string tag, int maxBits)
    {
        ToolResult result = Runner.B2fsum(_samples.Directory, null, options.Split(' ').Append("one-byte").ToArray());
        Assert.Equal(1, result.ExitCode);
        Assert.Equal(string.Empty, result.Stdout);
        Assert.Equal(
            "b2fsum: invalid length: \u2018" + length + "\u2019\nb2fsum: maximum digest length for \u2018" + tag + "\u2019 is "
            + maxBits.ToString(CultureInfo.InvariantCulture) + " bits\n",
            result.Stderr);
    }

    [Theory]
    [InlineData("sha256", "invalid")]
    [InlineData("blake2", "ambiguous")]
    [InlineData("", "invalid")]
    [InlineData("BLAKE2b", "invalid")]
    public void Unknown_algorithms_are_rejected_with_the_valid_list(string algorithm, string kind)
    {
        ToolResult result = Runner.B2fsum(_samples.Directory, null, "--algorithm", algorithm, "one-byte");
        Assert.Equal(1, result.ExitCode);
        Assert.Equal(
            "b2fsum: " + kind + " argument \u2018" + algorithm + "\u2019 for \u2018--algorithm\u2019\n"
            + "Valid arguments are:\n  - \u2018blake2b\u2019\n  - \u2018blake2s\u2019\n  - \u2018blake2bp\u2019\n  - \u2018blake2sp\u2019\n  - \u2018blake3\u2019\n"
            + "  - \u2018blake256\u2019\n  - \u2018blake224\u2019\n"
            + "Try 'b2fsum --help' for more information.\n",
            result.Stderr);
    }

    [Fact]
    public void Algorithm_option_spellings_agree()
    {
        ToolResult result = Runner.B2fsum(_samples.Directory, null, "-a", "blake2sp", "empty");
        Assert.Equal(Hex(Blake2sp.ComputeHash(ReadOnlySpan<byte>.Empty)) + "  empty\n", result.Stdout);
        Assert.Equal(result, Runner.B2fsum(_samples.Directory, null, "-ablake2sp", "empty"));
        Assert.Equal(result, Runner.B2fsum(_samples.Directory, null, "--algorithm=blake2sp", "empty"));
        Assert.Equal(result, Runner.B2fsum(_samples.Directory, null, "--alg", "blake2sp", "empty"));
        Assert.Equal(result, Runner.B2fsum(_samples.Directory, null, "-a", "blake2b", "-a", "blake2sp", "empty"));
    }

    [Fact]
    public void Default_algorithm_is_blake2b()
    {
        Assert.Equal(
            Runner.B2fsum(_samples.Directory, null, "129-bytes"),
            Runner.B2fsum(_samples.Directory, null, "-a", "blake2b", "129-bytes"));
    }

    private static bool NeedsEscape(string name) =>
        name.Contains('\\', StringComparison.Ordinal) || name.Contains('\n', StringComparison.Ordinal) || name.Contains('\r', StringComparison.Ordinal);

    private static string Escape(string name) => NeedsEscape(name)
        ? name.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("\n", "\\n", StringComparison.Ordinal).Replace("\r", "\\r", StringComparison.Ordinal)
        : name;

    private static string Hex(byte[] bytes) => Convert.ToHexString(bytes).ToLowerInvariant();
}
