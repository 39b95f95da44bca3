using System;
using Blake2Fast.Families.Blake3.Bao;
using Xunit;

namespace Blake2Fast.Tests.BaoSuite;

/// <summary>
/// The combined encoding, and the decoded input, into a destination at every alignment within a cache line: where
/// AVX-512 VBMI runs, the chunks' whole lines are written by the chunk kernel and the lines between them by
/// <c>BaoLineWriter</c>, both split by the destination's alignment, and only the lines at a run's ends take ordinary
/// stores. Each encoding is set against the other path's (<c>BaoLevels.WritingLines</c> off) and the reference's,
/// each decoding against the input, and the bytes around them stay untouched; a corrupt chunk leaves the destination
/// cleared. At lengths around 16 chunks (the kernel's group), 1 MiB runs, and a short last chunk.
/// </summary>
public class BaoAlignmentTests
{
    private const int KiB = 1024, MiB = 1 << 20;

    public static TheoryData<int, int> Cases()
    {
        var data = new TheoryData<int, int>();
#if LIBRARY_NETSTANDARD
        int[] small = [16 * KiB, 17 * KiB + 5], large = [];
#else
        int[] small = [15 * KiB, 16 * KiB - 1, 16 * KiB, 16 * KiB + 1, 17 * KiB, 31 * KiB + 7, 32 * KiB, 48 * KiB + 1000];
        int[] large = [MiB - 1, MiB, MiB + 1, MiB + 17 * KiB + 3, 2 * MiB + 16 * KiB];
#endif
        foreach (int length in small)
        {
            for (int offset = 0; offset < 64; offset++)
                data.Add(length, offset);
        }
        foreach (int length in large)
        {
            foreach (int offset in new[] { 0, 1, 7, 8, 31, 56, 63 })
                data.Add(length, offset);
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void CombinedEncodingAtEveryOffsetMatchesTheOtherPathAndTheReference(int length, int offset)
    {
        byte[] input = BaoTestData.Random(length, length + offset);
        int encoded = (int)Bao.EncodedLength(length);
        byte[] expected = length <= 64 * KiB ? ReferenceBao.Encode(input, false).Encoded : Other(input);

        // Guard bytes around the encoding, in the same lines as its first and last bytes.
        var destination = new byte[offset + encoded + 128];
        destination.AsSpan().Fill(0xA5);
        var hash = new byte[32];
        Bao.Encode(input, destination.AsSpan(offset, encoded), hash);
        Assert.True(expected.AsSpan().SequenceEqual(destination.AsSpan(offset, encoded)));
        Assert.Equal(Blake3.HashData(input), hash);
        Assert.All(destination[..offset], b => Assert.Equal(0xA5, b));
        Assert.All(destination[(offset + encoded)..], b => Assert.Equal(0xA5, b));

        destination.AsSpan().Fill(0xA5);
        Bao.EncodeParallel(input, destination.AsSpan(offset, encoded), hash, 2);
        Assert.True(expected.AsSpan().SequenceEqual(destination.AsSpan(offset, encoded)));
        Assert.All(destination[..offset], b => Assert.Equal(0xA5, b));
        Assert.All(destination[(offset + encoded)..], b => Assert.Equal(0xA5, b));
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void DecodingIntoEveryOffsetGivesTheInputOrNothing(int length, int offset)
    {
        byte[] input = BaoTestData.Random(length, length - offset);
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        var destination = new byte[offset + length + 128];
        destination.AsSpan().Fill(0xA5);
        Assert.Equal(length, Bao.Decode(encoded, hash, destination.AsSpan(offset, length)));
        Assert.True(input.AsSpan().SequenceEqual(destination.AsSpan(offset, length)));
        Assert.All(destination[..offset], b => Assert.Equal(0xA5, b));
        Assert.All(destination[(offset + length)..], b => Assert.Equal(0xA5, b));

        // One byte of the middle chunk changed: refused, and nothing of the input is left in the destination.
        long chunk = (length / 1024) / 2;
        encoded[(int)(Bao.EncodedLength(length) - Bao.EncodedLength(length - chunk * 1024)) + 100] ^= 1;
        destination.AsSpan().Fill(0xA5);
        Assert.Throws<BaoVerificationException>(() => Bao.Decode(encoded, hash, destination.AsSpan(offset, length)));
        Assert.All(destination[offset..(offset + length)], b => Assert.Equal(0, b));
        Assert.All(destination[..offset], b => Assert.Equal(0xA5, b));
        Assert.All(destination[(offset + length)..], b => Assert.Equal(0xA5, b));
    }

    /// <summary>
    /// The non-temporal stores are fenced before the destination is unpinned: a compacting GC copying an array while
    /// stores still sat in write-combining buffers lost them (12 of 40,000 encodings on two threads, before the fence).
    /// Unpinned destinations on two threads while a third compacts the heap.
    /// </summary>
    [Fact]
    public async System.Threading.Tasks.Task EncodingsAndDecodingsSurviveACompactingCollection()
    {
        const int length = 31 * KiB + 7;
        byte[] input = BaoTestData.Random(length, 7);
        byte[] expected = Bao.Encode(input, out byte[] hash);
        using var stop = new System.Threading.CancellationTokenSource();
        var collector = System.Threading.Tasks.Task.Run(() =>
        {
            while (!stop.IsCancellationRequested)
            {
                GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
                System.Threading.Thread.Sleep(1);
            }
        });
        int bad = 0;
        System.Threading.Tasks.Parallel.For(0, 2, thread =>
        {
            for (int i = 0; i < 3000; i++)
            {
                int offset = (i * 7 + thread) % 64;
                var encoded = new byte[offset + expected.Length + 64];
                Bao.Encode(input, encoded.AsSpan(offset, expected.Length), new byte[32]);
                var decoded = new byte[offset + length + 64];
                Bao.Decode(expected, hash, decoded.AsSpan(offset, length));
                if (!encoded.AsSpan(offset, expected.Length).SequenceEqual(expected) || !decoded.AsSpan(offset, length).SequenceEqual(input))
                    System.Threading.Interlocked.Increment(ref bad);
            }
        });
        stop.Cancel();
        await collector;
        Assert.Equal(0, bad);
    }

    /// <summary>The encoding by the path that hashes first and copies after (the reference is slow at megabytes).</summary>
    private static byte[] Other(byte[] input)
    {
        lock (Switch)
        {
            BaoLevels.WritingLines = false;
            try
            {
                return Bao.Encode(input, out _);
            }
            finally
            {
                BaoLevels.WritingLines = true;
            }
        }
    }

    private static readonly object Switch = new();
}
