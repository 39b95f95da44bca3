using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// One BLAKE3 file hashed in pieces from the command line: <c>--subtree=OFFSET,LENGTH</c> for each piece of a random
/// split, the lines shuffled, then <c>--merge</c>, which must print what <c>b3sum</c> prints for the whole file, in every
/// mode and at several output lengths; and every malformed or misplaced piece refused with exit 1 and a message.
/// </summary>
public sealed class SubtreeOptionTests : IDisposable
{
    private const int MiB = 1 << 20;

    private static readonly byte[] Key32 = Enumerable.Range(0, 32).Select(i => (byte)(255 - (i * 7))).ToArray();

    private readonly string _directory = SampleFiles.CreateTempDirectory("b2fsum-subtree");

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [B3sumTheory]
    [InlineData(1025, "", 1)]
    [InlineData(3000, "-l 8", 2)]
    [InlineData(65536, "", 3)]
    [InlineData(MiB + 1, "-l 512", 4)]
    [InlineData((7 * MiB) + 4321, "", 5)]
    [InlineData(100 * MiB, "-l 1024", 6)]
    public void Pieces_of_a_random_split_merge_into_what_b3sum_prints(int size, string length, int seed)
    {
        string name = "file " + size + ".bin";
        WriteFile(name, size, seed);
        string[] ours = length.Length == 0 ? Array.Empty<string>() : length.Split(' ');
        string[] theirs = length.Length == 0 ? Array.Empty<string>() : new[] { "--length", (int.Parse(length.Split(' ')[1]) / 8).ToString() };
        var random = new Random(seed);
        foreach ((string[] mode, byte[]? key) in new (string[], byte[]?)[]
        {
            (Array.Empty<string>(), null),
            (new[] { "--keyed" }, Key32),
            (new[] { "--derive-key", "b2fsum subtree tests 2026-11-27" }, null),
        })
        {
            List<(long Offset, long Length)> split = RandomSplit(size, random);
            var lines = new StringBuilder();
            foreach ((long offset, long pieceLength) in split.OrderBy(_ => random.Next()))
            {
                ToolResult piece = Runner.B2fsum(_directory, key, new[] { "-a", "blake3", "--subtree=" + offset + "," + pieceLength }.Concat(mode).Append(name).ToArray());
                Assert.True(piece.ExitCode == 0, piece.ToString());
                lines.Append(piece.Stdout);
            }

            string expected = B3sum.Run(_directory, mode.Concat(theirs).Append(name).ToArray(), key);
            string pieces = Path.Combine(_directory, "pieces");
            File.WriteAllText(pieces, lines.ToString());
            ToolResult merged = key is null
                ? Runner.B2fsum(_directory, Encoding.UTF8.GetBytes(lines.ToString()), new[] { "-a", "blake3", "--merge" }.Concat(mode).Concat(ours).ToArray())
                : Runner.B2fsum(_directory, key, new[] { "-a", "blake3", "--merge" }.Concat(mode).Concat(ours).Append("pieces").ToArray());
            Assert.True(new ToolResult(0, expected, string.Empty) == merged, string.Join(" ", split) + "\n" + merged);
        }
    }

    [Fact]
    public void A_range_that_runs_past_the_end_stops_there_so_one_length_asks_for_every_piece()
    {
        WriteFile("f", (5 * 4096) + 100, 7);
        var lines = new StringBuilder();
        for (int offset = 0; offset < (5 * 4096) + 100; offset += 4096)
        {
            lines.Append(Run(null, "-a", "blake3", "--subtree=" + offset + ",4096", "f").Stdout);
        }

        Assert.Matches("  20480\\+100/20580  [0-9a-f]{8}  f\n$", lines.ToString());
        Assert.Equal(
            Run(null, "-a", "blake3", "f"),
            Runner.B2fsum(_directory, Encoding.UTF8.GetBytes(lines.ToString()), "-a", "blake3", "--merge"));
    }

    [Theory]
    [InlineData("--subtree=1000,1024", "range 1000+1024 starts at 1000, not a multiple of BLAKE3's 1024-byte chunk")]
    [InlineData("--subtree=1024,2048", "range 1024+2048 is longer than the largest subtree at offset 1024 (1024 bytes)")]
    [InlineData("--subtree=0,3072", "range 0+3072 is not the file's last piece, so it must be a power of two of 1024-byte chunks")]
    [InlineData("--subtree=0,10000", "range 0+10000 is the whole file, the root of its tree, which has no chaining value: hash the file without --subtree")]
    [InlineData("--subtree=0,20000", "range 0+10000 is the whole file, the root of its tree, which has no chaining value: hash the file without --subtree")]
    [InlineData("--subtree=10240,1024", "range 10240+1024 starts at or past the end of the file (10000 bytes)")]
    public void A_range_that_is_not_a_subtree_of_the_file_is_refused(string option, string message)
    {
        WriteFile("f", 10000, 1);
        Assert.Equal(new ToolResult(1, string.Empty, "b2fsum: f: " + message + "\n"), Run(null, "-a", "blake3", option, "f"));
    }

    [Theory]
    [InlineData("-a blake2b --subtree=0,1024 f", "the --subtree option is meaningful only with --algorithm=blake3")]
    [InlineData("-a blake3 --merge -c f", "the --merge option is meaningless when verifying checksums")]
    [InlineData("-a blake3 --subtree=0,1024 --merge f", "the --subtree and --merge options are mutually exclusive")]
    [InlineData("-a blake3 --subtree=0,1024 f f", "extra operand \u2018f\u2019: --subtree reads a range of one FILE")]
    [InlineData("-a blake3 --subtree=0,1024", "--subtree reads a range of one FILE, which standard input is not")]
    [InlineData("-a blake3 --subtree=0,1024 --tag f", "the --subtree option prints a subtree line: --tag, --raw, --no-names and --zero do not apply")]
    [InlineData("-a blake3 --subtree=0 f", "invalid range \u20180\u2019 for --subtree: expected OFFSET,LENGTH in bytes")]
    [InlineData("-a blake3 --subtree=-1024,1024 f", "invalid range \u2018-1024,1024\u2019 for --subtree: expected OFFSET,LENGTH in bytes")]
    public void Usage_errors_exit_1_with_a_coreutils_style_message(string args, string message)
    {
        WriteFile("f", 10000, 1);
        Assert.Equal(
            new ToolResult(1, string.Empty, "b2fsum: " + message + "\nTry 'b2fsum --help' for more information.\n"),
            Run(null, args.Split(' ')));
    }

    /// <summary>The lines of a good split of a 10,000-byte file, changed one way each; <c>--merge</c> must refuse them all.</summary>
    [Theory]
    [InlineData("short value", "standard input: 2: the chaining value has 62 hex digits; a BLAKE3 chaining value has 64 (32 bytes)")]
    [InlineData("long value", "standard input: 2: the chaining value has 66 hex digits; a BLAKE3 chaining value has 64 (32 bytes)")]
    [InlineData("not hex", "standard input: 2: the chaining value zz")]
    [InlineData("gap", "bytes 4096 to 8192 are in no range: a gap before range 8192+1808")]
    [InlineData("overlap", "range 4096+4096 overlaps the range before it, which ends at 8192")]
    [InlineData("no end", "bytes 8192 to 10000 are in no range: the ranges stop before the end of the file")]
    [InlineData("no start", "bytes 0 to 4096 are in no range: a gap before range 4096+4096")]
    [InlineData("other size", "standard input: 3: the line gives the file 10001 bytes, earlier lines 10000: the file changed between the runs")]
    [InlineData("other name", "standard input: 2: the line is about g, earlier lines about f")]
    [InlineData("bad offset", "standard input: 2: range 4000+4096 starts at 4000, not a multiple of BLAKE3's 1024-byte chunk")]
    [InlineData("not a subtree", "standard input: 2: range 4096+5904 is longer than the largest subtree at offset 4096 (4096 bytes)")]
    [InlineData("unformatted", "standard input: 2: improperly formatted subtree line (expected HEX  OFFSET+LENGTH/SIZE  MODE  NAME)")]
    [InlineData("no mode", "standard input: 2: improperly formatted subtree line (expected HEX  OFFSET+LENGTH/SIZE  MODE  NAME)")]
    [InlineData("bad range", "standard input: 2: improperly formatted range 4096-4096/10000 (expected OFFSET+LENGTH/SIZE)")]
    [InlineData("nothing", "no subtree lines found")]
    public void Merge_refuses_pieces_that_would_not_give_the_file_s_hash(string change, string message)
    {
        WriteFile("f", 10000, 1);
        string[] lines =
        {
            Run(null, "-a", "blake3", "--subtree=0,4096", "f").Stdout.TrimEnd('\n'),
            Run(null, "-a", "blake3", "--subtree=4096,4096", "f").Stdout.TrimEnd('\n'),
            Run(null, "-a", "blake3", "--subtree=8192,1808", "f").Stdout.TrimEnd('\n'),
        };
        Assert.Equal(Run(null, "-a", "blake3", "f"), Runner.B2fsum(_directory, Encoding.UTF8.GetBytes(string.Join("\n", lines) + "\n"), "-a", "blake3", "--merge"));
        string hex = lines[1].Substring(0, 64);
        string mode = lines[1].Split("  ")[2];
        string[] changed = change switch
        {
            "short value" => new[] { lines[0], lines[1].Substring(2), lines[2] },
            "long value" => new[] { lines[0], "ab" + lines[1], lines[2] },
            "not hex" => new[] { lines[0], "zz" + lines[1].Substring(2), lines[2] },
            "gap" => new[] { lines[0], lines[2] },
            "overlap" => new[] { lines[0], lines[1], lines[1], lines[2] },
            "no end" => new[] { lines[0], lines[1] },
            "no start" => new[] { lines[1], lines[2] },
            "other size" => new[] { lines[0], lines[1], lines[2].Replace("/10000", "/10001", StringComparison.Ordinal) },
            "other name" => new[] { lines[0], lines[1].Substring(0, lines[1].Length - 1) + "g", lines[2] },
            "bad offset" => new[] { lines[0], hex + "  4000+4096/10000  " + mode + "  f", lines[2] },
            "not a subtree" => new[] { lines[0], hex + "  4096+5904/10000  " + mode + "  f" },
            "unformatted" => new[] { lines[0], hex + " 4096+4096/10000 " + mode + " f", lines[2] },
            "no mode" => new[] { lines[0], hex + "  4096+4096/10000  f", lines[2] },
            "bad range" => new[] { lines[0], hex + "  4096-4096/10000  " + mode + "  f", lines[2] },
            _ => Array.Empty<string>(),
        };
        ToolResult result = Runner.B2fsum(_directory, Encoding.UTF8.GetBytes(string.Concat(changed.Select(l => l + "\n"))), "-a", "blake3", "--merge");
        Assert.Equal(1, result.ExitCode);
        Assert.Equal(string.Empty, result.Stdout);
        Assert.StartsWith("b2fsum: " + message, result.Stderr, StringComparison.Ordinal);
    }

    [Fact]
    public void Lines_from_several_lists_merge_into_one_digest_raw_too()
    {
        WriteFile("f", 10000, 5);
        File.WriteAllText(Path.Combine(_directory, "p1"), Run(null, "-a", "blake3", "--subtree=0,8192", "f").Stdout);
        File.WriteAllText(Path.Combine(_directory, "p2"), Run(null, "-a", "blake3", "--subtree=8192,8192", "f").Stdout);
        Assert.Equal(Run(null, "-a", "blake3", "--raw", "f"), Run(null, "-a", "blake3", "--merge", "--raw", "p2", "p1"));
        Assert.Equal(Run(null, "-a", "blake3", "--tag", "-l", "96", "f"), Run(null, "-a", "blake3", "--merge", "--tag", "-l", "96", "p1", "p2"));
    }

    /// <summary>A chaining value does not say its mode; the line's mode check does, so a merge in another mode is refused.</summary>
    [Theory]
    [InlineData("", "--derive-key|ctx")]
    [InlineData("--derive-key|ctx", "")]
    [InlineData("--derive-key|ctx", "--derive-key|other")]
    [InlineData("--keyed", "--keyed|--other-key")]
    [InlineData("--keyed", "")]
    public void Pieces_hashed_in_another_mode_than_the_merge_are_refused(string pieceMode, string mergeMode)
    {
        WriteFile("f", 10000, 4);
        byte[] otherKey = Key32.Select(b => (byte)(b ^ 1)).ToArray();
        string[] pieceArgs = pieceMode.Split('|', StringSplitOptions.RemoveEmptyEntries);
        string lines = string.Concat(new[] { "0,8192", "8192,8192" }.Select(range =>
            Run(Key32, new[] { "-a", "blake3", "--subtree=" + range }.Concat(pieceArgs).Append("f").ToArray()).Stdout));
        File.WriteAllText(Path.Combine(_directory, "pieces"), lines);
        bool otherKeyWanted = mergeMode.EndsWith("--other-key", StringComparison.Ordinal);
        string[] mergeArgs = mergeMode.Replace("|--other-key", string.Empty, StringComparison.Ordinal).Split('|', StringSplitOptions.RemoveEmptyEntries);
        ToolResult result = Run(otherKeyWanted ? otherKey : Key32, new[] { "-a", "blake3", "--merge" }.Concat(mergeArgs).Append("pieces").ToArray());
        Assert.Equal(
            new ToolResult(1, string.Empty, "b2fsum: pieces: 1: the piece was hashed in another mode than this merge (plain, --keyed with another key, or --derive-key with another context)\n"),
            result);
    }

    [Fact]
    public void A_name_that_needs_escaping_is_escaped_in_the_subtree_line_and_merged_back()
    {
        WriteFile("new\nline", 5000, 3);
        string lines = Run(null, "-a", "blake3", "--subtree=0,4096", "new\nline").Stdout + Run(null, "-a", "blake3", "--subtree=4096,4096", "new\nline").Stdout;
        Assert.StartsWith("\\", lines, StringComparison.Ordinal);
        Assert.Equal(Run(null, "-a", "blake3", "new\nline"), Runner.B2fsum(_directory, Encoding.UTF8.GetBytes(lines), "-a", "blake3", "--merge"));
    }

    /// <summary>
    /// A random tiling of <paramref name="size"/> bytes into subtrees: from each offset a power of two of chunks that
    /// fits there (mostly among the largest that do, so that a large file gets a handful of pieces), or the rest of the
    /// file where it fits; always at least two pieces.
    /// </summary>
    private static List<(long Offset, long Length)> RandomSplit(long size, Random random)
    {
        var pieces = new List<(long, long)>();
        long offset = 0;
        while (offset < size)
        {
            long rest = size - offset;
            long largest = offset == 0 ? long.MaxValue : offset & -offset;
            if (offset != 0 && rest <= largest && random.Next(3) != 0)
            {
                pieces.Add((offset, rest));
                break;
            }

            var fits = new List<long>();
            for (long p = 1024; p <= largest && p < rest; p *= 2)
            {
                fits.Add(p);
            }

            if (fits.Count == 0)
            {
                pieces.Add((offset, rest));
                break;
            }

            long length = fits[Math.Max(0, fits.Count - 1 - random.Next(Math.Min(4, fits.Count)))];
            pieces.Add((offset, length));
            offset += length;
        }

        return pieces;
    }

    private void WriteFile(string name, int size, int seed)
    {
        byte[] bytes = new byte[size];
        new Random(seed).NextBytes(bytes);
        File.WriteAllBytes(Path.Combine(_directory, name), bytes);
    }

    private ToolResult Run(byte[]? stdin, params string[] args) => Runner.B2fsum(_directory, stdin, args);
}
