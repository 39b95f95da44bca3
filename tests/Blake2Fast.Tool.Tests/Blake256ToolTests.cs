using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.Json;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// <c>-a blake256</c> and <c>-a blake224</c>. No reference tool exists, so digests are checked against the vectors
/// (decred/dcrd, TestData/blake256-vectors.json) and against the library's one-shot <c>ComputeHash</c>.
/// </summary>
public sealed class Blake256ToolTests : IClassFixture<SampleFiles>
{
    private readonly SampleFiles _samples;

    public Blake256ToolTests(SampleFiles samples) => _samples = samples;

    private static readonly Dictionary<string, (string Tag, int Bits, Func<byte[], byte[]> OneShot)> Algorithms = new()
    {
        ["blake256"] = ("BLAKE256", 256, input => Blake256.ComputeHash(input)),
        ["blake224"] = ("BLAKE224", 224, input => Blake224.ComputeHash(input)),
    };

    public static TheoryData<string> Names => new() { "blake256", "blake224" };

    [Theory]
    [MemberData(nameof(Names))]
    public void Unsalted_vectors_are_reproduced(string algorithm)
    {
        string scratch = SampleFiles.CreateTempDirectory("b2fsum-blake256");
        try
        {
            using JsonDocument vectors = JsonDocument.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "TestData", "blake256-vectors.json")));
            var cases = new List<(string Name, string Expected)>();
            int index = 0;
            foreach (JsonElement entry in vectors.RootElement.GetProperty("hash").EnumerateArray())
            {
                if (entry.GetProperty("salt").GetString()!.Length != 0)
                    continue;
                string name = "vector-" + (index++).ToString(CultureInfo.InvariantCulture);
                File.WriteAllBytes(Path.Combine(scratch, name), Convert.FromHexString(entry.GetProperty("in").GetString()!));
                cases.Add((name, entry.GetProperty(algorithm).GetString()!));
            }

            Assert.True(cases.Count >= 10);
            ToolResult result = Runner.B2fsum(scratch, null, new[] { "-a", algorithm }.Concat(cases.Select(c => c.Name)).ToArray());
            Assert.Equal(0, result.ExitCode);
            Assert.Equal(string.Concat(cases.Select(c => c.Expected + "  " + c.Name + "\n")), result.Stdout);
            Assert.Equal(string.Empty, result.Stderr);
        }
        finally
        {
            Directory.Delete(scratch, recursive: true);
        }
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void Lines_and_tag_lines_match_the_library_for_every_sample_file(string algorithm)
    {
        (string tag, int bits, Func<byte[], byte[]> oneShot) = Algorithms[algorithm];
        string[] names = SampleFiles.Names.Where(n => !n.Contains('\\', StringComparison.Ordinal) && !n.Contains('\n', StringComparison.Ordinal) && !n.Contains('\r', StringComparison.Ordinal)).ToArray();

        ToolResult plain = Runner.B2fsum(_samples.Directory, null, new[] { "-a", algorithm }.Concat(names).ToArray());
        Assert.Equal(0, plain.ExitCode);
        Assert.Equal(string.Concat(names.Select(n => Hex(oneShot(_samples.Read(n))) + "  " + n + "\n")), plain.Stdout);

        ToolResult tagged = Runner.B2fsum(_samples.Directory, null, new[] { "-a", algorithm, "--tag" }.Concat(names).ToArray());
        Assert.Equal(string.Concat(names.Select(n => tag + " (" + n + ") = " + Hex(oneShot(_samples.Read(n))) + "\n")), tagged.Stdout);

        // The full length, given explicitly or as 0, is the same output (no length suffix).
        Assert.Equal(tagged, Runner.B2fsum(_samples.Directory, null, new[] { "-a", algorithm, "--tag", "-l", bits.ToString(CultureInfo.InvariantCulture) }.Concat(names).ToArray()));
        Assert.Equal(tagged, Runner.B2fsum(_samples.Directory, null, new[] { "-l", "0", "-a", algorithm, "--tag" }.Concat(names).ToArray()));
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void Check_mode_verifies_its_own_lines_and_catches_a_changed_digest(string algorithm)
    {
        string scratch = _samples.CopySmallFilesToScratch();
        try
        {
            foreach (bool tag in new[] { false, true })
            {
                string[] args = tag ? new[] { "-a", algorithm, "--tag", "empty", "129-bytes" } : new[] { "-a", algorithm, "empty", "129-bytes" };
                ToolResult sums = Runner.B2fsum(scratch, null, args);
                File.WriteAllText(Path.Combine(scratch, "SUMS"), sums.Stdout);
                ToolResult ok = Runner.B2fsum(scratch, null, "-a", algorithm, "-c", "SUMS");
                Assert.Equal(0, ok.ExitCode);
                Assert.Equal("empty: OK\n129-bytes: OK\n", ok.Stdout);

                // One hex digit changed: that file FAILED, exit 1.
                string changed = sums.Stdout;
                int at = tag ? changed.IndexOf(" = ", StringComparison.Ordinal) + 3 : 0;
                changed = changed.Substring(0, at) + (changed[at] == '0' ? '1' : '0') + changed.Substring(at + 1);
                File.WriteAllText(Path.Combine(scratch, "SUMS"), changed);
                ToolResult bad = Runner.B2fsum(scratch, null, "-a", algorithm, "-c", "SUMS");
                Assert.Equal(1, bad.ExitCode);
                Assert.StartsWith("empty: FAILED\n129-bytes: OK\n", bad.Stdout, StringComparison.Ordinal);
            }

            // A line of another length (a BLAKE2s digest of 128 bits) is not a BLAKE-256 line.
            File.WriteAllText(Path.Combine(scratch, "SUMS"), Hex(Blake2s.ComputeHash(16, ReadOnlySpan<byte>.Empty)) + "  empty\n");
            ToolResult foreign = Runner.B2fsum(scratch, null, "-a", algorithm, "-c", "SUMS");
            Assert.Equal(1, foreign.ExitCode);
            Assert.Contains("no properly formatted", foreign.Stderr, StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(scratch, recursive: true);
        }
    }

    [Theory]
    [InlineData("-a blake256 -l 128", "128", "BLAKE256", 256)]
    [InlineData("-l 8 -a blake256", "8", "BLAKE256", 256)]
    [InlineData("-a blake224 -l 216", "216", "BLAKE224", 224)]
    public void Lengths_other_than_the_full_length_are_rejected(string options, string length, string tag, int bits)
    {
        ToolResult result = Runner.B2fsum(_samples.Directory, null, options.Split(' ').Append("one-byte").ToArray());
        Assert.Equal(1, result.ExitCode);
        Assert.Equal(string.Empty, result.Stdout);
        Assert.Equal(
            "b2fsum: invalid length: \u2018" + length + "\u2019\nb2fsum: digest length for \u2018" + tag + "\u2019 must be "
            + bits.ToString(CultureInfo.InvariantCulture) + " bits\n",
            result.Stderr);
    }

    private static string Hex(byte[] bytes) => Convert.ToHexString(bytes).ToLowerInvariant();
}
