using System;
using System.Collections.Generic;
using System.IO;

namespace Blake2Fast.Tests.BaoSuite;

/// <summary>
/// The encoders on several threads give the single-threaded bytes: at lengths around the chunk (1 KiB) and run
/// (256 KiB to 1 MiB, the threads' share) boundaries, on 1 to 4 threads, from a span and from a file.
/// </summary>
public class BaoParallelTests
{
    private const int KiB = 1024, MiB = 1 << 20;

    public static TheoryData<int> Lengths()
    {
        var data = new TheoryData<int>();
        // Below two runs of 256 KiB the calling thread encodes alone; from there on, every run size and count. The
        // netstandard build runs the portable kernel only (and CI measures its coverage, 10-20x slower): the same code
        // paths at a few lengths there.
#if LIBRARY_NETSTANDARD
        int[] boundaries = [512 * KiB, MiB + 256 * KiB], deltas = [-1025, 0, 1];
#else
        int[] boundaries = [512 * KiB, 768 * KiB, MiB, MiB + 256 * KiB, 2 * MiB, 3 * MiB, 4 * MiB, 5 * MiB], deltas = [-1025, -1024, -1, 0, 1, 1023, 1024, 1025];
#endif
        foreach (int boundary in boundaries)
        {
            foreach (int delta in deltas)
                data.Add(boundary + delta);
        }
        data.Add(100);
#if !LIBRARY_NETSTANDARD
        data.Add(8 * MiB + 3 * KiB + 5);
#endif
        return data;
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void SpanEncodingsEqualTheSingleThreadedOnes(int length)
    {
        byte[] input = BaoTestData.Random(length, length);
        byte[] combined = Bao.Encode(input, out byte[] hash);
        byte[] outboard = Bao.EncodeOutboard(input, out _);
        for (int threads = 1; threads <= 4; threads++)
        {
            Assert.Equal(combined, Bao.EncodeParallel(input, out byte[] h, threads));
            Assert.Equal(hash, h);
            Assert.Equal(outboard, Bao.EncodeOutboardParallel(input, out h, threads));
            Assert.Equal(hash, h);

            // Into a larger destination: the bytes past the encoding stay as they were.
            var destination = new byte[combined.Length + 3];
            destination[^1] = 0xA5;
            var hashOut = new byte[40];
            Bao.EncodeParallel(input, destination, hashOut, threads);
            Assert.Equal(combined, destination[..combined.Length]);
            Assert.Equal(0xA5, destination[^1]);
            Assert.Equal(hash, hashOut[..32]);
            destination = new byte[outboard.Length];
            Bao.EncodeOutboardParallel(input, destination, hashOut, threads);
            Assert.Equal(outboard, destination);
        }
        Assert.Equal(combined, Bao.EncodeParallel(input, out _));
    }

#if !LIBRARY_NETSTANDARD // the file overload is in the net6+ builds only
    public static TheoryData<int> FileLengths() => new(0, 1025, 512 * KiB - 1, 512 * KiB + 1, MiB, 2 * MiB, 3 * MiB + 1, 4 * MiB, 5 * MiB + 1024 * 7 + 3);

    [Theory]
    [MemberData(nameof(FileLengths))]
    public void FileEncodingsEqualTheSingleThreadedOnes(int length)
    {
        byte[] input = BaoTestData.Random(length, length + 1);
        string inputPath = Path.GetTempFileName(), outputPath = Path.GetTempFileName();
        try
        {
            File.WriteAllBytes(inputPath, input);
            foreach (bool outboard in new[] { false, true })
            {
                byte[] expected = outboard ? Bao.EncodeOutboard(input, out byte[] hash) : Bao.Encode(input, out hash);
                for (int threads = 1; threads <= 4; threads++)
                {
                    // Over a longer file: the output is cut to the encoding.
                    File.WriteAllBytes(outputPath, new byte[expected.Length + 5000]);
                    Assert.Equal(hash, Bao.EncodeFileParallel(inputPath, outputPath, outboard, threads));
                    Assert.Equal(expected, File.ReadAllBytes(outputPath));
                }
            }
        }
        finally
        {
            File.Delete(inputPath);
            File.Delete(outputPath);
        }
    }

#endif

    [Fact]
    public void BadArgumentsAreRefusedByName()
    {
        byte[] input = new byte[2 * MiB];
        foreach (int bad in new[] { 0, -2, int.MinValue })
        {
            Assert.Equal("maxDegreeOfParallelism", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.EncodeParallel(input, out _, bad)).ParamName);
            Assert.Equal("maxDegreeOfParallelism", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.EncodeOutboardParallel(input, out _, bad)).ParamName);
            Assert.Equal("maxDegreeOfParallelism", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.EncodeParallel(input, new byte[Bao.EncodedLength(input.Length)], new byte[32], bad)).ParamName);
#if !LIBRARY_NETSTANDARD
            Assert.Equal("maxDegreeOfParallelism", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.EncodeFileParallel("a", "b", false, bad)).ParamName);
#endif
        }
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Bao.EncodeParallel(input, new byte[Bao.EncodedLength(input.Length) - 1], new byte[32], 2)).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Bao.EncodeOutboardParallel(input, new byte[Bao.OutboardLength(input.Length) - 1], new byte[32], 2)).ParamName);
        Assert.Equal("hash", Assert.Throws<ArgumentException>(() => Bao.EncodeOutboardParallel(input, new byte[Bao.OutboardLength(input.Length)], new byte[31], 2)).ParamName);
#if !LIBRARY_NETSTANDARD
        Assert.Equal("inputPath", Assert.Throws<ArgumentNullException>(() => Bao.EncodeFileParallel(null!, "b")).ParamName);
        Assert.Equal("outputPath", Assert.Throws<ArgumentNullException>(() => Bao.EncodeFileParallel("a", null!)).ParamName);
        Assert.Equal("outputPath", Assert.Throws<ArgumentException>(() => Bao.EncodeFileParallel("same", "./same")).ParamName);
        Assert.Throws<FileNotFoundException>(() => Bao.EncodeFileParallel(Path.Combine(Path.GetTempPath(), Guid.NewGuid().ToString("N")), "b"));
#endif
    }
}
