using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// The options b2fsum takes from b3sum: <c>--keyed</c> (BLAKE3 and the BLAKE2 algorithms), <c>--derive-key</c>,
/// output longer than 256 bits, <c>--no-names</c>, <c>--raw</c>; compared with b3sum where it has the feature, with the
/// official keyed BLAKE2 vectors otherwise, and their usage errors.
/// </summary>
public sealed class B3sumOptionTests : IClassFixture<SampleFiles>
{
    // No name here needs escaping, which b3sum and b2sum do differently.
    private static readonly string[] Files = { "empty", "one-byte", "64-bytes", "1024-bytes", "1025-bytes", "128000-bytes", "one-MiB-plus-one", "name with spaces.txt" };

    private static readonly byte[] Key32 = Enumerable.Range(0, 32).Select(i => (byte)((i * 37) + 11)).ToArray();

    private readonly SampleFiles _samples;

    public B3sumOptionTests(SampleFiles samples) => _samples = samples;

    [B3sumTheory]
    [InlineData("")]
    [InlineData("-l 64")]
    [InlineData("-l 8200")]
    public void Keyed_blake3_hashes_like_b3sum(string length)
    {
        (string[] ours, string[] theirs) = Lengths(length);
        string expected = B3sum.Run(_samples.Directory, new[] { "--keyed" }.Concat(theirs).Concat(Files).ToArray(), Key32);
        ToolResult actual = Runner.B2fsum(_samples.Directory, Key32, new[] { "-a", "blake3", "--keyed" }.Concat(ours).Concat(Files).ToArray());
        Assert.Equal(new ToolResult(0, expected, string.Empty), actual);
    }

    [B3sumTheory]
    [InlineData("", "b2fsum test 2026-11-25 derive-key context")]
    [InlineData("-l 1024", "")]
    [InlineData("-l 8", "ünïcødé context")]
    public void Derive_key_hashes_like_b3sum(string length, string context)
    {
        (string[] ours, string[] theirs) = Lengths(length);
        string expected = B3sum.Run(_samples.Directory, new[] { "--derive-key", context }.Concat(theirs).Concat(Files).ToArray());
        ToolResult actual = Runner.B2fsum(_samples.Directory, null, new[] { "-a", "blake3", "--derive-key", context }.Concat(ours).Concat(Files).ToArray());
        Assert.Equal(new ToolResult(0, expected, string.Empty), actual);
    }

    [B3sumFact]
    public void No_names_prints_what_b3sum_prints()
    {
        string expected = B3sum.Run(_samples.Directory, new[] { "--no-names", "--length", "100" }.Concat(Files).ToArray());
        ToolResult actual = Runner.B2fsum(_samples.Directory, null, new[] { "-a", "blake3", "--no-names", "-l", "800" }.Concat(Files).ToArray());
        Assert.Equal(new ToolResult(0, expected, string.Empty), actual);
    }

    [Fact]
    public void No_names_prints_the_digests_alone_for_every_algorithm_and_ends_lines_with_nul_under_z()
    {
        ToolResult named = Runner.B2fsum(_samples.Directory, null, "-a", "blake2sp", "-l", "160", "one-byte", "new\nline.txt");
        string[] digests = named.Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(l => l.TrimStart('\\').Split(' ')[0]).ToArray();
        Assert.Equal(2, digests.Length);
        Assert.Equal(
            new ToolResult(0, digests[0] + "\n" + digests[1] + "\n", string.Empty),
            Runner.B2fsum(_samples.Directory, null, "-a", "blake2sp", "-l", "160", "--no-names", "one-byte", "new\nline.txt"));
        Assert.Equal(
            new ToolResult(0, digests[0] + "\0" + digests[1] + "\0", string.Empty),
            Runner.B2fsum(_samples.Directory, null, "-a", "blake2sp", "-l", "160", "--no-names", "-z", "one-byte", "new\nline.txt"));
    }

    /// <summary>In-process the host's writer has no bytes: each raw byte arrives as the character of that number.</summary>
    [Theory]
    [InlineData("blake3", 0)]
    [InlineData("blake3", 4096)]
    [InlineData("blake2b", 0)]
    [InlineData("blake2s", 128)]
    public void Raw_writes_the_digest_bytes_alone(string algorithm, int bits)
    {
        string hex = Runner.B2fsum(_samples.Directory, null, "-a", algorithm, "-l", bits.ToString(CultureInfo.InvariantCulture), "--no-names", "1025-bytes").Stdout.TrimEnd('\n');
        string expected = new(Convert.FromHexString(hex).Select(b => (char)b).ToArray());
        Assert.Equal(
            new ToolResult(0, expected, string.Empty),
            Runner.B2fsum(_samples.Directory, null, "-a", algorithm, "-l", bits.ToString(CultureInfo.InvariantCulture), "--raw", "1025-bytes"));
    }

    /// <summary>The executable writes raw bytes unencoded: byte for byte what b3sum writes.</summary>
    [B3sumTheory]
    [InlineData("--raw one-MiB-plus-one", "--raw one-MiB-plus-one")]
    [InlineData("--raw -l 2048 empty", "--raw -l 256 empty")]
    [InlineData("--raw --derive-key ctx 1025-bytes", "--raw --derive-key ctx 1025-bytes")]
    [InlineData("--raw < 1025-bytes", "--raw < 1025-bytes")]
    public void Raw_output_of_the_executable_is_b3sums_byte_for_byte(string ours, string theirs)
    {
        string script = "cmp <(\"$TOOL\" -a blake3 " + ours + ") <(" + B3sum.Path + " " + theirs + ") && echo same";
        Assert.Equal(new ToolResult(0, "same\n", string.Empty), ShellRunner.Run(_samples.Directory, script, ShellRunner.B2fsumPath));
    }

    [B3sumFact]
    public void Keyed_raw_output_of_the_executable_is_b3sums_byte_for_byte()
    {
        string keyFile = Path.Combine(_samples.Directory, "key-" + Guid.NewGuid().ToString("N"));
        File.WriteAllBytes(keyFile, Key32);
        string script = "cmp <(\"$TOOL\" -a blake3 --keyed --raw 129-bytes < '" + keyFile + "') <(" + B3sum.Path + " --keyed --raw 129-bytes < '" + keyFile + "') && echo same";
        Assert.Equal(new ToolResult(0, "same\n", string.Empty), ShellRunner.Run(_samples.Directory, script, ShellRunner.B2fsumPath));
        File.Delete(keyFile);
    }

    [B3sumFact]
    public void Check_reads_b3sums_keyed_and_derive_key_files()
    {
        string scratch = _samples.CopySmallFilesToScratch();
        string[] names = { "empty", "one-byte", "1025-bytes" };
        File.WriteAllText(Path.Combine(scratch, "keyed.sums"), B3sum.Run(scratch, new[] { "--keyed" }.Concat(names).ToArray(), Key32));
        File.WriteAllText(Path.Combine(scratch, "derived.sums"), B3sum.Run(scratch, new[] { "--derive-key", "ctx" }.Concat(names).ToArray()));
        string allOk = string.Concat(names.Select(n => n + ": OK\n"));

        Assert.Equal(new ToolResult(0, allOk, string.Empty), Runner.B2fsum(scratch, Key32, "-a", "blake3", "--keyed", "-c", "keyed.sums"));
        Assert.Equal(new ToolResult(0, allOk, string.Empty), Runner.B2fsum(scratch, null, "-a", "blake3", "--derive-key", "ctx", "-c", "derived.sums"));
        Assert.Equal(1, Runner.B2fsum(scratch, null, "-a", "blake3", "--derive-key", "ctx2", "-c", "derived.sums").ExitCode);
        Assert.Equal(1, Runner.B2fsum(scratch, null, "-a", "blake3", "-c", "keyed.sums").ExitCode);
    }

    [Fact]
    public void A_keyed_check_cannot_read_standard_input_listed_as_a_file()
    {
        string scratch = _samples.CopySmallFilesToScratch();
        string line = Runner.B2fsum(scratch, Key32, "--keyed", "one-byte").Stdout;
        File.WriteAllText(Path.Combine(scratch, "sums"), line + line.Replace("one-byte", "-", StringComparison.Ordinal));
        Assert.Equal(
            new ToolResult(1, "one-byte: OK\n-: FAILED open or read\n", "b2fsum: -: standard input holds the key in keyed mode\nb2fsum: WARNING: 1 listed file could not be read\n"),
            Runner.B2fsum(scratch, Key32, "--keyed", "-c", "sums"));
    }

    /// <summary>BLAKE2's own keyed mode, against the official keyed vectors (key 00 01 02 ..., the longest allowed).</summary>
    [Theory]
    [InlineData("blake2b")]
    [InlineData("blake2s")]
    [InlineData("blake2bp")]
    [InlineData("blake2sp")]
    public void Keyed_blake2_matches_the_official_keyed_vectors(string algorithm)
    {
        string scratch = SampleFiles.CreateTempDirectory("b2fsum-keyed-kat");
        try
        {
            (List<(string Name, string Expected)> cases, byte[] key) = KnownAnswerFiles.Write(scratch, algorithm, keyed: true);
            ToolResult result = Runner.B2fsum(scratch, key, new[] { "-a", algorithm, "--keyed" }.Concat(cases.Select(c => c.Name)).ToArray());
            Assert.Equal(new ToolResult(0, string.Concat(cases.Select(c => c.Expected + "  " + c.Name + "\n")), string.Empty), result);
        }
        finally
        {
            Directory.Delete(scratch, recursive: true);
        }
    }

    [Theory]
    [InlineData("blake2b", 1)]
    [InlineData("blake2b", 17)]
    [InlineData("blake2s", 32)]
    [InlineData("blake2bp", 5)]
    [InlineData("blake2sp", 31)]
    public void Keyed_blake2_takes_keys_of_every_allowed_length(string algorithm, int keyLength)
    {
        byte[] key = Enumerable.Range(0, keyLength).Select(i => (byte)(200 - i)).ToArray();
        byte[] data = _samples.Read("129-bytes");
        byte[] expected = algorithm switch
        {
            "blake2b" => Blake2b.ComputeHash(key, data),
            "blake2s" => Blake2s.ComputeHash(key, data),
            "blake2bp" => Blake2bp.ComputeHash(key, data),
            _ => Blake2sp.ComputeHash(key, data),
        };
        Assert.Equal(
            new ToolResult(0, Convert.ToHexString(expected).ToLowerInvariant() + "  129-bytes\n", string.Empty),
            Runner.B2fsum(_samples.Directory, key, "-a", algorithm, "--keyed", "129-bytes"));
    }

    [Theory]
    [InlineData("blake3", 31, "31 bytes", "BLAKE3 takes a key of exactly 32 bytes")]
    [InlineData("blake3", 0, "0 bytes", "BLAKE3 takes a key of exactly 32 bytes")]
    [InlineData("blake3", 1, "1 byte", "BLAKE3 takes a key of exactly 32 bytes")]
    [InlineData("blake3", 33, "more than 32 bytes", "BLAKE3 takes a key of exactly 32 bytes")]
    [InlineData("blake2b", 0, "0 bytes", "BLAKE2b takes a key of 1 to 64 bytes")]
    [InlineData("blake2b", 65, "more than 64 bytes", "BLAKE2b takes a key of 1 to 64 bytes")]
    [InlineData("blake2s", 33, "more than 32 bytes", "BLAKE2s takes a key of 1 to 32 bytes")]
    [InlineData("blake2sp", 1000, "more than 32 bytes", "BLAKE2sp takes a key of 1 to 32 bytes")]
    public void A_key_of_the_wrong_length_is_a_usage_error_naming_the_bytes_read(string algorithm, int keyLength, string read, string takes)
    {
        ToolResult result = Runner.B2fsum(_samples.Directory, new byte[keyLength], "-a", algorithm, "--keyed", "one-byte");
        Assert.Equal(
            new ToolResult(1, string.Empty, "b2fsum: invalid key: " + read + " read from standard input; " + takes + "\n" + TryHelp),
            result);
    }

    [Theory]
    [InlineData("--keyed", "standard input holds the key with --keyed; name the files to hash")]
    [InlineData("--keyed -", "standard input holds the key with --keyed; name the files to hash")]
    [InlineData("--keyed one-byte -", "standard input holds the key with --keyed; name the files to hash")]
    [InlineData("--keyed -c", "standard input holds the key with --keyed; name the files to check")]
    [InlineData("-a blake256 --keyed one-byte", "the --keyed option is not supported for BLAKE256, which has no keyed mode")]
    [InlineData("-a blake224 --keyed one-byte", "the --keyed option is not supported for BLAKE224, which has no keyed mode")]
    [InlineData("--derive-key ctx one-byte", "the --derive-key option is meaningful only with --algorithm=blake3")]
    [InlineData("-a blake3 --keyed --derive-key ctx one-byte", "the --keyed and --derive-key options are mutually exclusive")]
    [InlineData("-a blake3 --raw one-byte empty", "extra operand \u2018empty\u2019: --raw writes the digest of one FILE")]
    [InlineData("--raw -c sums", "the --raw option is meaningless when verifying checksums")]
    [InlineData("--no-names -c sums", "the --no-names option is meaningless when verifying checksums")]
    [InlineData("--tag --raw one-byte", "the --tag and --raw options are mutually exclusive")]
    [InlineData("--tag --no-names one-byte", "the --tag and --no-names options are mutually exclusive")]
    [InlineData("--derive-key", "option '--derive-key' requires an argument")]
    public void Usage_errors_exit_1_with_a_coreutils_style_message(string args, string message)
    {
        ToolResult result = Runner.B2fsum(_samples.Directory, Key32, args.Split(' '));
        Assert.Equal(new ToolResult(1, string.Empty, "b2fsum: " + message + "\n" + TryHelp), result);
    }

    [Fact]
    public void Help_tells_how_check_mode_picks_the_algorithm_and_that_b3sum_counts_bytes()
    {
        string help = Runner.B2fsum(_samples.Directory, null, "--help").Stdout;
        Assert.Contains("b3sum -l counts\n                          bytes", help, StringComparison.Ordinal);
        Assert.Contains("names its algorithm (BLAKE3 (FILE) = HEX, BLAKE2s-128 (FILE) = HEX), which\nchecks it", help, StringComparison.Ordinal);
        foreach (string option in new[] { "--keyed", "--derive-key=CONTEXT", "--no-names", "--raw" })
        {
            Assert.Contains("      " + option + " ", help, StringComparison.Ordinal);
        }
    }

    private const string TryHelp = "Try 'b2fsum --help' for more information.\n";

    /// <summary>b2fsum's <c>-l BITS</c> and b3sum's <c>--length BYTES</c> for the same length ("" for the default).</summary>
    private static (string[] Ours, string[] Theirs) Lengths(string length)
    {
        if (length.Length == 0)
        {
            return (Array.Empty<string>(), Array.Empty<string>());
        }

        int bits = int.Parse(length.Split(' ')[1], CultureInfo.InvariantCulture);
        return (new[] { "-l", bits.ToString(CultureInfo.InvariantCulture) }, new[] { "--length", (bits / 8).ToString(CultureInfo.InvariantCulture) });
    }
}
