using System;
using System.IO;
using System.Linq;
using System.Text;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// <c>b2fsum --bao VERB</c>, the bao command line's verbs: what they write is what the library's Bao API gives for the
/// same input (itself checked against the format's vectors), round trips through files and the standard streams,
/// corruption stopping the output at verified bytes with exit 1 and the offset, and every malformed command refused.
/// </summary>
public sealed class BaoVerbTests : IDisposable
{
    private readonly string _directory = SampleFiles.CreateTempDirectory("b2fsum-bao");

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    private byte[] WriteInput(string name, int length, int seed)
    {
        var data = new byte[length];
        new Random(seed).NextBytes(data);
        File.WriteAllBytes(Path.Combine(_directory, name), data);
        return data;
    }

    private byte[] Read(string name) => File.ReadAllBytes(Path.Combine(_directory, name));

    private static string Hex(byte[] bytes) => Convert.ToHexString(bytes).ToLowerInvariant();

    /// <summary>Standard output as bytes: the in-process runner's writer holds each byte as the character of that number.</summary>
    private static byte[] Bytes(string stdout) => Encoding.Latin1.GetBytes(stdout);

    private ToolResult Run(byte[]? stdin, params string[] args) => Runner.B2fsum(_directory, stdin, new[] { "--bao" }.Concat(args).ToArray());

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(1024)]
    [InlineData(1025)]
    [InlineData(100_000)]
    [InlineData(3 * 1024 * 1024 + 5)] // two or more subtrees of 256 KiB: encoded on every core
    public void EncodeAndDecode_AsTheLibraryDoes_ThroughFilesAndTheStandardStreams(int length)
    {
        byte[] input = WriteInput("in", length, length);
        byte[] combined = Bao.Encode(input, out byte[] hash);
        byte[] outboard = Bao.EncodeOutboard(input, out _);

        Assert.Equal(new ToolResult(0, Hex(hash) + "\n", string.Empty), Run(null, "hash", "in"));
        Assert.Equal(new ToolResult(0, Hex(hash) + "\n", string.Empty), Run(input, "hash"));

        Assert.Equal(0, Run(null, "encode", "in", "in.bao").ExitCode);
        Assert.Equal(combined, Read("in.bao"));
        Assert.Equal(0, Run(null, "encode", "in", "--outboard=in.obao").ExitCode);
        Assert.Equal(outboard, Read("in.obao"));
        ToolResult piped = Run(input, "encode", "-", "-");
        Assert.Equal(0, piped.ExitCode);
        Assert.Equal(combined, Bytes(piped.Stdout));

        Assert.Equal(0, Run(null, "decode", Hex(hash), "in.bao", "out").ExitCode);
        Assert.Equal(input, Read("out"));
        Assert.Equal(0, Run(null, "decode", Hex(hash), "in", "out2", "--outboard", "in.obao").ExitCode);
        Assert.Equal(input, Read("out2"));
        ToolResult decoded = Run(combined, "decode", Hex(hash));
        Assert.Equal(0, decoded.ExitCode);
        Assert.Equal(input, Bytes(decoded.Stdout));
    }

    [Theory]
    [InlineData(100_000, 5000, 20000)]
    [InlineData(100_000, 0, 1)]
    [InlineData(100_000, 99_999, 10)]
    [InlineData(3000, 1024, 0)]
    public void SliceAndDecodeSlice_GiveTheRange(int length, int start, int count)
    {
        byte[] input = WriteInput("in", length, 7);
        byte[] combined = Bao.Encode(input, out byte[] hash);
        File.WriteAllBytes(Path.Combine(_directory, "in.bao"), combined);
        File.WriteAllBytes(Path.Combine(_directory, "in.obao"), Bao.EncodeOutboard(input, out _));

        Assert.Equal(0, Run(null, "slice", $"{start}", $"{count}", "in.bao", "slice").ExitCode);
        Assert.Equal(Bao.ExtractSlice(combined, start, count), Read("slice"));
        Assert.Equal(0, Run(null, "slice", $"{start}", $"{count}", "in", "slice2", "--outboard=in.obao").ExitCode);
        Assert.Equal(Read("slice"), Read("slice2")); // a slice is the same bytes from either encoding

        ToolResult range = Run(Read("slice"), "decode-slice", Hex(hash), $"{start}", $"{count}");
        Assert.Equal(0, range.ExitCode);
        Assert.Equal(input.Skip(start).Take(Math.Min(count, length - start)).ToArray(), Bytes(range.Stdout));
    }

    [Fact]
    public void ACorruptByte_StopsTheOutputAtVerifiedBytes_WithExit1AndTheOffset()
    {
        byte[] input = WriteInput("in", 100_000, 3);
        byte[] combined = Bao.Encode(input, out byte[] hash);
        combined[60_000] ^= 1;
        File.WriteAllBytes(Path.Combine(_directory, "bad.bao"), combined);

        ToolResult result = Run(null, "decode", Hex(hash), "bad.bao", "out");
        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith("b2fsum: bad.bao: ", result.Stderr, StringComparison.Ordinal);
        Assert.Contains("input offset", result.Stderr, StringComparison.Ordinal);
        // Every chunk before the corrupt one (the chunk at input offset 56320, encoded at 59976) was verified and
        // written, and nothing of it or after it.
        Assert.Contains("input offset 56320", result.Stderr, StringComparison.Ordinal);
        Assert.Equal(input.Take(56_320).ToArray(), Read("out"));

        // A wrong hash verifies nothing.
        byte[] wrong = (byte[])hash.Clone();
        wrong[0] ^= 1;
        ToolResult none = Run(Bao.Encode(input, out _), "decode", Hex(wrong));
        Assert.Equal(1, none.ExitCode);
        Assert.Equal(string.Empty, none.Stdout);
    }

    [Theory]
    [InlineData("", "--bao needs a verb: hash, encode, decode, slice or decode-slice", "--help")]
    [InlineData("frob", "unknown --bao verb \u2018frob\u2019 (hash, encode, decode, slice or decode-slice)", "--bao --help")]
    [InlineData("decode 00", "a Bao hash is 64 hexadecimal digits; 2 given", "--bao --help")]
    [InlineData("encode in", "encode takes INPUT and OUTPUT", "--bao --help")]
    [InlineData("encode in out --outboard=x", "encode with --outboard takes INPUT only", "--bao --help")]
    [InlineData("hash in --outboard=x", "hash takes no --outboard", "--bao --help")]
    [InlineData("slice 1 x", "COUNT must be a non-negative whole number of bytes: x", "--bao --help")]
    [InlineData("slice -1 2", "unrecognized option for --bao \u2018-1\u2019", "--help")]
    [InlineData("decode-slice", "decode-slice takes HASH, START and COUNT, then INPUT and OUTPUT if given", "--bao --help")]
    public void AMalformedCommand_IsRefusedWithExit1(string args, string message, string help)
    {
        WriteInput("in", 10, 1);
        ToolResult result = Run(null, args.Length == 0 ? Array.Empty<string>() : args.Split(' '));
        Assert.Equal(new ToolResult(1, string.Empty, $"b2fsum: {message}\nTry 'b2fsum {help}' for more information.\n"), result);
    }

    [Fact]
    public void AMissingFile_IsNamedAsB2sumNamesIt()
    {
        Assert.Equal(new ToolResult(1, string.Empty, "b2fsum: nope: No such file or directory\n"), Run(null, "hash", "nope"));
        string hash = new('0', 64);
        Assert.Equal(new ToolResult(1, string.Empty, "b2fsum: nope: No such file or directory\n"), Run(null, "decode", hash, "nope", "out"));
        Assert.False(File.Exists(Path.Combine(_directory, "out"))); // the input is opened first
    }

    [Fact]
    public void OnlyAFirstArgument_MakesABaoVerb_SoFilesNamedLikeVerbsAreStillHashed()
    {
        WriteInput("encode", 100, 2);
        ToolResult hashed = Runner.B2fsum(_directory, null, "encode");
        Assert.Equal(0, hashed.ExitCode);
        Assert.EndsWith("  encode\n", hashed.Stdout, StringComparison.Ordinal);
        Assert.Equal(1, Runner.B2fsum(_directory, null, "encode", "--bao").ExitCode); // --bao elsewhere is no b2sum option
    }

    [Fact]
    public void BaoHelp_ListsTheVerbs()
    {
        ToolResult help = Run(null, "--help");
        Assert.Equal(0, help.ExitCode);
        foreach (string verb in new[] { "hash", "encode", "decode", "slice", "decode-slice", "--outboard" })
            Assert.Contains(verb, help.Stdout, StringComparison.Ordinal);
        Assert.Contains("--bao VERB", Runner.B2fsum(_directory, null, "--help").Stdout, StringComparison.Ordinal);
    }
}
