// Bao encoding against our own BLAKE3 one-shot hash, in one process, called in alternation:
//
//   dotnet run -c Release --project tests/Blake2Fast.Benchmarks -- --bao [sizes in MiB, comma-separated] [--rows NAME,NAME]
//
// Each round times a block of calls of each row back to back (the order rotated every round), so all see the same
// machine; the ratio is the baseline's time over the row's (1.00: as fast as the baseline), and the median of the
// rounds is printed with its range. The baseline of the one-core rows is Blake3.HashData; of the every-core rows,
// Blake3HashState.UpdateParallel on every core. Rows: the outboard and combined encodings from memory into a caller's
// buffer (on one core and on every core; on one core also by the path without the line-writing kernel, as is
// Bao.Decode), the outboard encoding of a MemoryStream (length known: straight into
// pre-order) and of a stream that hides its length (post-order, flipped in place), decoding (verifying) a combined
// encoding with BaoDecoder in 64 KiB and 1 MiB reads and with Bao.Decode into a caller's buffer, and the bao crate 0.13 doing the same (native/bao-rs) when it was built;
// each crate row also prints ours over it, round by round ("ours 1.10x": ours took 1/1.10 of its time).
// --rows keeps the rows whose names contain one of the words (the baselines always run).
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using Blake2Fast.Benchmarks.Infrastructure;
using Blake2Fast.Families.Blake3.Bao;

namespace Blake2Fast.Benchmarks;

internal static class BaoAlternation
{
    private const int Rounds = 7;
    private const double BlockSeconds = 0.05;

    private static readonly int[] DefaultMiB = [1, 4, 16, 64, 256];

    public static int Run(string[] args)
    {
        int[] sizes = args.Length > 0 && !args[0].StartsWith("--", StringComparison.Ordinal) ? args[0].Split(',').Select(int.Parse).ToArray() : DefaultMiB;
        int rowsAt = Array.IndexOf(args, "--rows");
        string[]? only = rowsAt >= 0 && rowsAt + 1 < args.Length ? args[rowsAt + 1].Split(',') : null;
        int largest = sizes.Max() << 20;
        byte[] input = GC.AllocateUninitializedArray<byte>(largest, pinned: true);
        new Random(20260101).NextBytes(input);
        byte[] hash = new byte[32];
        byte[] combined = GC.AllocateUninitializedArray<byte>((int)Bao.EncodedLength(largest));
        byte[] outboard = GC.AllocateUninitializedArray<byte>((int)Bao.OutboardLength(largest));
        byte[] readBuffer = new byte[1 << 16];
        byte[] bigBuffer = new byte[1 << 20];
        byte[] decoded = GC.AllocateUninitializedArray<byte>(largest);
        bool crate = BaoRsPeer.LoadError is null;

        Console.WriteLine($"// bao crate: {BaoRsPeer.LoadError ?? BaoRsPeer.Description}");
        Console.WriteLine($"// {Rounds} rounds per row, blocks of calls of at least {BlockSeconds * 1000:F0} ms each, order rotated every round; {Environment.ProcessorCount} processors");
        Console.WriteLine("// ratio = the baseline's time / the row's (median of rounds, [min, max]); MB/s of the row (median)");
        foreach (int mib in sizes)
        {
            int size = mib << 20;
            var memory = new ReadOnlyMemory<byte>(input, 0, size);
            var stream = new MemoryStream(outboard.Length + 64);
            Bao.Encode(memory.Span, combined, hash);
            int encodedLength = (int)Bao.EncodedLength(size);
            var rows = new List<Row>
            {
                new("Blake3.HashData", () => Blake3.HashData(memory.Span, hash.AsSpan()), 0),
                new("Bao.EncodeOutboard (span)", () => Bao.EncodeOutboard(memory.Span, outboard, hash), 0),
                new("Bao.Encode combined (span)", () => Bao.Encode(memory.Span, combined, hash), 0),
                new("Bao.Encode combined, copy after", () =>
                {
                    // The other path: each run hashed, then its chunks copied (what runs without AVX-512 VBMI).
                    BaoLevels.WritingLines = false;
                    Bao.Encode(memory.Span, combined, hash);
                    BaoLevels.WritingLines = true;
                }, 0),
                new("Bao.Encode outboard (stream)", () =>
                {
                    // Length known (the input can seek): straight into pre-order.
                    stream.Position = 0;
                    Bao.Encode(new MemoryStream(input, 0, size, false), stream, outboard: true);
                }, 0),
                new("Bao.Encode outboard (pipe)", () =>
                {
                    // Length unknown (the input cannot seek): post-order, then flipped in place.
                    stream.Position = 0;
                    Bao.Encode(new Unseekable(new MemoryStream(input, 0, size, false)), stream, outboard: true);
                }, 0),
                new("BaoDecoder combined (verify)", () =>
                {
                    using var decoder = new BaoDecoder(new MemoryStream(combined, 0, encodedLength, false), hash);
                    while (decoder.Read(readBuffer, 0, readBuffer.Length) > 0)
                    {
                    }
                }, 0),
            };
            rows.Add(new("BaoDecoder, 1 MiB reads", () =>
            {
                // Room for whole subtrees: verified in the caller's buffer.
                using var decoder = new BaoDecoder(new MemoryStream(combined, 0, encodedLength, false), hash);
                while (decoder.Read(bigBuffer, 0, bigBuffer.Length) > 0)
                {
                }
            }, 0));
            rows.Add(new("Bao.Decode (span)", () => Bao.Decode(new ReadOnlySpan<byte>(combined, 0, encodedLength), hash, decoded), 0));
            rows.Add(new("Bao.Decode (span), copy first", () =>
            {
                // The other path: each run's chunks gathered into the output, then hashed there.
                BaoLevels.WritingLines = false;
                Bao.Decode(new ReadOnlySpan<byte>(combined, 0, encodedLength), hash, decoded);
                BaoLevels.WritingLines = true;
            }, 0));
            if (crate)
            {
                rows.Add(new("bao crate outboard", () => BaoRsPeer.Encode(memory.Span, outboard, hash, true), 0, "Bao.EncodeOutboard (span)"));
                rows.Add(new("bao crate combined", () => BaoRsPeer.Encode(memory.Span, combined, hash, false), 0, "Bao.Encode combined (span)"));
                rows.Add(new("bao crate decode (verify)", () => BaoRsPeer.Decode(new ReadOnlySpan<byte>(combined, 0, encodedLength), hash, readBuffer), 0, "BaoDecoder combined (verify)"));
            }
            int parallel = rows.Count;
            rows.Add(new("Blake3 UpdateParallel (all cores)", () =>
            {
                var state = Blake3.CreateIncrementalHasher();
                state.UpdateParallel(memory.Span);
                state.Finish(hash);
            }, parallel));
            rows.Add(new("Bao.EncodeOutboardParallel (all)", () => Bao.EncodeOutboardParallel(memory.Span, outboard, hash), parallel));
            rows.Add(new("Bao.EncodeParallel combined (all)", () => Bao.EncodeParallel(memory.Span, combined, hash), parallel));
            if (only is not null)
                rows = rows.Where((row, i) => i == 0 || i == parallel || only.Any(word => row.Name.Contains(word, StringComparison.OrdinalIgnoreCase))).ToList();

            var times = rows.Select(_ => new List<double>()).ToArray();
            foreach (var row in rows)
            {
                // Compile and touch; at the first size, long enough for the tiered JIT to have optimized the code
                // (else the first size's early rounds run partly on unoptimized code).
                row.Call();
                if (mib == sizes[0])
                {
                    for (int warm = 0; warm < 4; warm++)
                        Time(row.Call);
                }
            }
            for (int round = 0; round < Rounds; round++)
            {
                for (int k = 0; k < rows.Count; k++)
                {
                    int r = (k + round) % rows.Count;
                    times[r].Add(Time(rows[r].Call));
                }
            }
            Console.WriteLine($"{mib} MiB");
            for (int r = 0; r < rows.Count; r++)
            {
                int baseline = rows.FindIndex(row => row.Name == (rows[r].Baseline == 0 ? "Blake3.HashData" : "Blake3 UpdateParallel (all cores)"));
                double median = times[r].OrderBy(x => x).ElementAt(Rounds / 2);
                string line = $"  {rows[r].Name,-34} {Ratios(times[baseline], times[r])}  {size / median / 1e6,8:F0} MB/s";
                int ours = rows[r].Versus is null ? -1 : rows.FindIndex(row => row.Name == rows[r].Versus);
                if (ours >= 0)
                    line += $"   ours {Ratios(times[r], times[ours])}x";
                Console.WriteLine(line);
            }
        }
        return 0;
    }

    /// <summary>A row: what it calls, the baseline it is a ratio of (0: one core; else every core), and our row a peer row is set against.</summary>
    private sealed record Row(string Name, Action Call, int Baseline, string? Versus = null);

    /// <summary>The median and range of <paramref name="over"/>[i] / <paramref name="under"/>[i], round by round.</summary>
    private static string Ratios(List<double> over, List<double> under)
    {
        var ratios = Enumerable.Range(0, Rounds).Select(i => over[i] / under[i]).OrderBy(x => x).ToArray();
        return $"{ratios[Rounds / 2],5:F2} [{ratios[0]:F2}, {ratios[^1]:F2}]";
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
