// Bao encoding against our own BLAKE3 one-shot hash, in one process, called in alternation:
//
//   dotnet run -c Release --project tests/Blake2Fast.Benchmarks -- --bao [sizes in MiB, comma-separated]
//
// Each round times a block of calls of each row back to back (the order rotated every round), so all see the same
// machine; the ratio is Blake3.HashData's time over the row's (1.00: as fast as hashing; the target is 0.9 or more for
// the outboard encoding), and the median of the rounds is printed with its range. Rows: the outboard and combined
// encodings from memory into a caller's buffer, the outboard encoding of a MemoryStream (length known: straight into
// pre-order) and of a stream that hides its length (post-order, flipped in place), and decoding (verifying) a combined
// encoding with BaoDecoder.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;

namespace Blake2Fast.Benchmarks;

internal static class BaoAlternation
{
    private const int Rounds = 7;
    private const double BlockSeconds = 0.05;

    private static readonly int[] DefaultMiB = [1, 4, 16, 64, 256];

    public static int Run(string[] args)
    {
        int[] sizes = args.Length > 0 ? args[0].Split(',').Select(int.Parse).ToArray() : DefaultMiB;
        int largest = sizes.Max() << 20;
        byte[] input = GC.AllocateUninitializedArray<byte>(largest, pinned: true);
        new Random(20260101).NextBytes(input);
        byte[] hash = new byte[32];
        byte[] combined = GC.AllocateUninitializedArray<byte>((int)Bao.EncodedLength(largest));
        byte[] outboard = GC.AllocateUninitializedArray<byte>((int)Bao.OutboardLength(largest));
        byte[] readBuffer = new byte[1 << 16];

        Console.WriteLine($"// {Rounds} rounds per row, blocks of calls of at least {BlockSeconds * 1000:F0} ms each, order rotated every round");
        Console.WriteLine("// ratio = Blake3.HashData time / row time (median of rounds, [min, max]); MB/s of the row (median)");
        foreach (int mib in sizes)
        {
            int size = mib << 20;
            var memory = new ReadOnlyMemory<byte>(input, 0, size);
            var stream = new MemoryStream(outboard.Length + 64);
            Bao.Encode(memory.Span, combined, hash);
            var rows = new (string Name, Action Call)[]
            {
                ("Blake3.HashData", () => Blake3.HashData(memory.Span, hash.AsSpan())),
                ("Bao.EncodeOutboard (span)", () => Bao.EncodeOutboard(memory.Span, outboard, hash)),
                ("Bao.Encode combined (span)", () => Bao.Encode(memory.Span, combined, hash)),
                ("Bao.Encode outboard (stream)", () =>
                {
                    // Length known (the input can seek): straight into pre-order.
                    stream.Position = 0;
                    Bao.Encode(new MemoryStream(input, 0, size, false), stream, outboard: true);
                }),
                ("Bao.Encode outboard (pipe)", () =>
                {
                    // Length unknown (the input cannot seek): post-order, then flipped in place.
                    stream.Position = 0;
                    Bao.Encode(new Unseekable(new MemoryStream(input, 0, size, false)), stream, outboard: true);
                }),
                ("BaoDecoder combined (verify)", () =>
                {
                    using var decoder = new BaoDecoder(new MemoryStream(combined, 0, (int)Bao.EncodedLength(size), false), hash);
                    while (decoder.Read(readBuffer, 0, readBuffer.Length) > 0)
                    {
                    }
                }),
            };
            var times = rows.Select(_ => new List<double>()).ToArray();
            foreach (var row in rows)
                row.Call(); // compile and touch
            for (int round = 0; round < Rounds; round++)
            {
                for (int k = 0; k < rows.Length; k++)
                {
                    int r = (k + round) % rows.Length;
                    times[r].Add(Time(rows[r].Call));
                }
            }
            Console.WriteLine($"{mib} MiB");
            for (int r = 0; r < rows.Length; r++)
            {
                var ratios = Enumerable.Range(0, Rounds).Select(i => times[0][i] / times[r][i]).OrderBy(x => x).ToArray();
                double median = times[r].OrderBy(x => x).ElementAt(Rounds / 2);
                Console.WriteLine($"  {rows[r].Name,-30} {ratios[Rounds / 2],5:F2} [{ratios[0]:F2}, {ratios[^1]:F2}]  {size / median / 1e6,8:F0} MB/s");
            }
        }
        return 0;
    }

    /// <summary>A stream that hides its length, as a pipe or a socket does.</summary>
    private sealed class Unseekable(Stream inner) : Stream
    {
        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
        public override void Flush() { }
        public override int Read(byte[] buffer, int offset, int count) => inner.Read(buffer, offset, count);
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }

    /// <summary>Seconds per call, over a block of calls of at least <see cref="BlockSeconds"/>.</summary>
    private static double Time(Action call)
    {
        int calls = 0;
        var watch = Stopwatch.StartNew();
        do
        {
            call();
            calls++;
        }
        while (watch.Elapsed.TotalSeconds < BlockSeconds);
        return watch.Elapsed.TotalSeconds / calls;
    }
}
