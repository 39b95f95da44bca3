// The examples of docs/bao.md, verbatim (DocExampleTests checks it; each block's own using lines are at the top here,
// since they cannot be in a method), each run by a test that checks its result.
using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;

namespace Blake2Fast.Tests.DocExamples;

/// <summary>The Bao page's examples, compiled and run: each [Fact] holds a block verbatim, then checks what it made.</summary>
public class BaoExamples
{
    [Fact]
    public void EncodeAndDecode()
    {
        byte[] input = new byte[100_000];
        Random.Shared.NextBytes(input);

        byte[] encoded = Bao.Encode(input, out byte[] hash);    // hash is Blake3.HashData(input)
        Console.WriteLine($"{input.Length} bytes, {encoded.Length} encoded, root {Convert.ToHexString(hash)}");

        using var decoder = new BaoDecoder(new MemoryStream(encoded), hash);
        using var output = new MemoryStream();
        decoder.CopyTo(output);                                // only verified bytes come out
        Console.WriteLine(output.ToArray().AsSpan().SequenceEqual(input));

        Assert.Equal(Blake3.HashData(input), hash);
        Assert.Equal(input, output.ToArray());
        Assert.Equal(100_000 + 8 + 64 * 97, encoded.Length);
    }

    [Fact]
    public void FileAndOutboard()
    {
        string folder = Directory.CreateTempSubdirectory("b2f-bao-doc-").FullName;
        try
        {
            string[] args = { Path.Combine(folder, "data.bin") };

            string file = args.Length > 0 ? args[0] : "data.bin";
            if (!File.Exists(file))
                File.WriteAllBytes(file, new byte[3_000_000]);

            byte[] hash = Bao.EncodeFile(file, file + ".obao", outboard: true);

            using var decoder = new BaoDecoder(File.OpenRead(file + ".obao"), File.OpenRead(file), hash);
            decoder.Position = 2_000_000;                          // verifies the parents down to the chunk there, and the chunk
            var buffer = new byte[4096];
            int read = decoder.Read(buffer, 0, buffer.Length);
            Console.WriteLine($"{read} verified bytes from offset 2000000");

            Assert.Equal(4096, read);
            Assert.Equal(Blake3.HashData(new byte[3_000_000]), hash);
            Assert.Equal(Bao.OutboardLength(3_000_000), new FileInfo(file + ".obao").Length);
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public async Task StreamOfUnknownLength()
    {
        using var source = new MemoryStream(new byte[70_000]);   // any readable stream: a pipe, a socket
        using var outboard = new MemoryStream();
        byte[] hash = await Bao.EncodeAsync(source, outboard, outboard: true);
        Console.WriteLine($"outboard {outboard.Length} bytes, {Bao.OutboardLength(70_000)} expected");

        Assert.Equal(Bao.OutboardLength(70_000), outboard.Length);
        Assert.Equal(Bao.EncodeOutboard(new byte[70_000], out _), outboard.ToArray());
        Assert.Equal(Blake3.HashData(new byte[70_000]), hash);
    }

    [Fact]
    public void OnEveryCore()
    {
        byte[] input = new byte[8 << 20];
        Random.Shared.NextBytes(input);

        byte[] outboard = Bao.EncodeOutboardParallel(input, out byte[] hash);          // every core
        Console.WriteLine(outboard.AsSpan().SequenceEqual(Bao.EncodeOutboard(input, out _)));

        var encoded = new byte[Bao.EncodedLength(input.Length)];
        Bao.EncodeParallel(input, encoded, hash, maxDegreeOfParallelism: 2);          // at most two threads

        var decoded = new byte[input.Length];
        int length = Bao.Decode(encoded, hash, decoded);                               // verified in place, nothing allocated
        Console.WriteLine(length == input.Length && decoded.AsSpan().SequenceEqual(input));

        Assert.Equal(Bao.EncodeOutboard(input, out byte[] expected), outboard);
        Assert.Equal(expected, hash);
        Assert.Equal(Bao.Encode(input, out _), encoded);
        Assert.Equal(input, decoded);
    }

    [Fact]
    public void CorruptionIsRefused()
    {
        string? message = null;
        using var console = new StringWriter();
        TextWriter previous = Console.Out;
        Console.SetOut(console);
        try
        {
            byte[] encoded = Bao.Encode(new byte[5000], out byte[] hash);
            encoded[3000] ^= 1;                                    // one bit flipped in transit
            try
            {
                Bao.Decode(encoded, hash);
            }
            catch (BaoVerificationException e)
            {
                Console.WriteLine($"refused at input offset {e.Position}: {e.Message}");
            }
        }
        finally
        {
            Console.SetOut(previous);
            message = console.ToString();
        }
        // Byte 3000 of the encoding is in the third chunk (8 + 64 + 64 + 2048 + 64 = 2248 is where it starts).
        Assert.StartsWith("refused at input offset 2048:", message);
    }

    [Fact]
    public void Slices()
    {
        byte[] input = new byte[1 << 20];
        byte[] encoded = Bao.Encode(input, out byte[] hash);

        byte[] slice = Bao.ExtractSlice(encoded, 500_000, 10_000);         // the server sends this
        byte[] bytes = Bao.DecodeSlice(slice, hash, 500_000, 10_000);      // the client, holding the hash, checks it
        Console.WriteLine($"{slice.Length} bytes of slice, {bytes.Length} verified bytes");

        Assert.Equal(10_000, bytes.Length);
        Assert.InRange(slice.Length, 11_000, 13_000);
    }

    [Fact]
    public void ChunkGroups()
    {
        byte[] data = new byte[200_000];
        Random.Shared.NextBytes(data);

        byte[] outboard = Bao.EncodeGroupOutboard(data, chunkGroupLog: 4, postOrder: false, out byte[] hash);
        Console.WriteLine($"{outboard.Length} bytes of outboard for 16 KiB groups, {Bao.OutboardLength(data.Length)} for Bao's");

        using var decoder = BaoDecoder.ForChunkGroups(new MemoryStream(outboard), new MemoryStream(data), hash, data.Length, chunkGroupLog: 4);
        decoder.Position = 100_000;                            // verifies the group there, whole

        byte[] slice = Bao.ExtractGroupSlice(outboard, data, chunkGroupLog: 4, postOrder: false, 100_000, 5000);
        byte[] bytes = Bao.DecodeGroupSlice(slice, hash, 100_000, 5000, chunkGroupLog: 4);
        Console.WriteLine($"{slice.Length} bytes of slice, {bytes.Length} verified bytes");

        Assert.Equal(64 * 12, outboard.Length); // 13 groups of 16 KiB
        Assert.Equal(data.AsSpan(100_000, 5000).ToArray(), bytes);
        var buffer = new byte[10];
        Assert.Equal(10, decoder.Read(buffer, 0, 10));
        Assert.Equal(data.AsSpan(100_000, 10).ToArray(), buffer);
    }
}
