#if !LIBRARY_NETSTANDARD
using System;
using Xunit;

namespace Blake2Fast.Tests.BaoSuite;

/// <summary>The line-writing paths' non-temporal stores against a compacting GC (AVX-512 only, so not in the netstandard build).</summary>
[Collection(HeapCompactionCollection.Name)]
public class BaoCompactionTests
{
    /// <summary>
    /// The non-temporal stores are fenced before the destination is unpinned: a compacting GC copying an array while
    /// stores still sat in write-combining buffers lost them (12 of 40,000 encodings on two threads, before the fence).
    /// Unpinned destinations on two threads while a third compacts the heap.
    /// </summary>
    [Fact]
    public async System.Threading.Tasks.Task EncodingsAndDecodingsSurviveACompactingCollection()
    {
        const int length = 31 * 1024 + 7;
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
            // Bounded in time as well (coverage runs it several times slower).
            var clock = System.Diagnostics.Stopwatch.StartNew();
            for (int i = 0; i < 3000 && clock.Elapsed.TotalSeconds < 4; i++)
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

}
#endif
