using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading.Tasks;

namespace Blake2Fast.Tests.BaoSuite;

/// <summary>
/// Against the bao crate 0.13 (the Rust implementation of the reference), run as a command: encodings, outboards and
/// slices byte for byte, and each side's slices decoded by the other. The command is built offline by
/// TestData/bao-oracle/build.sh; these tests run when BLAKE2FAST_BAO_ORACLE names it, and are skipped, with that
/// reason, when it is unset (a path that names no file fails instead).
/// </summary>
public class BaoOracleTests
{
    private const string Variable = "BLAKE2FAST_BAO_ORACLE";

    /// <summary>A fact that needs the oracle command.</summary>
    public sealed class OracleFactAttribute : FactAttribute
    {
        public OracleFactAttribute()
        {
            if (string.IsNullOrEmpty(Environment.GetEnvironmentVariable(Variable)))
                Skip = $"{Variable} is not set: build the bao crate's command with tests/Blake2Fast.Tests/TestData/bao-oracle/build.sh and set {Variable} to the path it prints";
        }
    }

    private static (byte[] Output, string Error, int ExitCode) Run(byte[] input, params string[] args)
    {
        string path = Environment.GetEnvironmentVariable(Variable)!;
        Assert.True(File.Exists(path), $"{Variable}={path} names no file");
        var start = new ProcessStartInfo(path) { RedirectStandardInput = true, RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string arg in args)
            start.ArgumentList.Add(arg);
        using Process process = Process.Start(start)!;
        Task<string> error = process.StandardError.ReadToEndAsync();
        using var output = new MemoryStream();
        Task copy = process.StandardOutput.BaseStream.CopyToAsync(output);
        process.StandardInput.BaseStream.Write(input);
        process.StandardInput.Close();
        copy.Wait();
        process.WaitForExit();
        return (output.ToArray(), error.Result.Trim(), process.ExitCode);
    }

    private static readonly int[] Lengths = [0, 1, 1023, 1024, 1025, 4097, 65537, 300_001, (1 << 20) + 1, (3 << 20) + 5];

    [OracleFact]
    public void EncodingsAndOutboardsEqualTheCrates()
    {
        foreach (int length in Lengths)
        {
            byte[] input = BaoTestData.Random(length, length + 100);
            var (encoded, hashHex, code) = Run(input, "encode");
            Assert.Equal(0, code);
            Assert.Equal(encoded, Bao.Encode(input, out byte[] hash));
            Assert.Equal(hashHex, Convert.ToHexString(hash).ToLowerInvariant());
            var (outboard, _, outboardCode) = Run(input, "outboard");
            Assert.Equal(0, outboardCode);
            Assert.Equal(outboard, Bao.EncodeOutboard(input, out _));
            // On several threads, and decoded in place, the same.
            Assert.Equal(encoded, Bao.EncodeParallel(input, out _, 3));
            Assert.Equal(outboard, Bao.EncodeOutboardParallel(input, out _, 2));
            Assert.Equal(input, Bao.Decode(encoded, hash));
            using var streamed = new MemoryStream();
            Bao.Encode(new ForwardOnlyStream(new MemoryStream(input)), new ForwardOnlyStream(streamed), outboard: false);
            Assert.Equal(encoded, streamed.ToArray());
        }
    }

    [OracleFact]
    public void SlicesEqualTheCratesAndEachSideDecodesTheOthers()
    {
        foreach (int length in new[] { 0, 5000, 300_001 })
        {
            byte[] input = BaoTestData.Random(length, 7);
            byte[] encoded = Bao.Encode(input, out byte[] hash);
            string hex = Convert.ToHexString(hash).ToLowerInvariant();
            var random = new Random(length);
            var ranges = Enumerable.Range(0, 15).Select(_ => ((long)random.Next(length + 2000), (long)random.Next(20_000)))
                .Concat(new[] { (0L, 0L), ((long)length, 0L), (0L, (long)length + 10) });
            foreach (var (start, count) in ranges)
            {
                var (theirs, _, code) = Run(encoded, "slice", start.ToString(), count.ToString());
                Assert.Equal(0, code);
                byte[] ours = Bao.ExtractSlice(encoded, start, count);
                Assert.Equal(theirs, ours);
                var (decoded, error, decodeCode) = Run(ours, "decode-slice", hex, start.ToString(), count.ToString());
                Assert.True(decodeCode == 0, error);
                Assert.Equal(decoded, Bao.DecodeSlice(theirs, hash, start, count));
                if (ours.Length > 8)
                {
                    byte[] bad = BaoTestData.Flip(ours, 8 + random.Next(ours.Length - 8));
                    Assert.Equal(2, Run(bad, "decode-slice", hex, start.ToString(), count.ToString()).ExitCode);
                    Assert.Throws<BaoVerificationException>(() => Bao.DecodeSlice(bad, hash, start, count));
                }
            }
        }
    }
}
