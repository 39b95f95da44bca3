using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;

namespace Blake2Fast.Tests.BaoSuite;

/// <summary>
/// Encodings at lengths around the chunk (1 KiB), tree-level and run (1 MiB, the encoders' batch) boundaries, against
/// the plain reference (<see cref="ReferenceBao"/>) where it is quick and between the encoders (pre-order in memory,
/// post-order then flipped for streams) past it; decoded back whole, in odd pieces, asynchronously and after seeks.
/// </summary>
public class BaoRoundTripTests
{
    public static TheoryData<int> Lengths() => new(
        0, 1, 63, 64, 65, 1023, 1024, 1025, 2047, 2048, 2049, 3072, 4095, 4096, 4097, 8193, 16385, 65535, 65536, 65537);

    public static TheoryData<int> LargeLengths() => new(
        (1 << 20) - 1, 1 << 20, (1 << 20) + 1, (1 << 20) + 1024 * 5 + 7, 2 << 20, (2 << 20) + 1, 3 << 20, 4 << 20, (3 << 20) + 1, (4 << 20) + 1025);

    [Theory]
    [MemberData(nameof(Lengths))]
    public void EncodingsEqualTheReference(int length)
    {
        byte[] input = BaoTestData.Random(length, length);
        foreach (bool outboard in new[] { false, true })
        {
            var (expected, hash) = ReferenceBao.Encode(input, outboard);
            byte[] encoded = outboard ? Bao.EncodeOutboard(input, out byte[] h) : Bao.Encode(input, out h);
            Assert.Equal(hash, h);
            Assert.Equal(expected, encoded);
            foreach (byte[] streamed in BaoVectorTests.EncodeThroughStreams(input, outboard, hash))
                Assert.Equal(expected, streamed);
        }
    }

    [Fact]
    public void OneMebibytePlusOneEqualsTheReference()
    {
        byte[] input = BaoTestData.Random((1 << 20) + 1, 11);
        var (expected, hash) = ReferenceBao.Encode(input, outboard: true);
        Assert.Equal(expected, Bao.EncodeOutboard(input, out byte[] h));
        Assert.Equal(hash, h);
        using var output = new MemoryStream();
        Assert.Equal(hash, Bao.Encode(new ForwardOnlyStream(new MemoryStream(input)), output, outboard: true));
        Assert.Equal(expected, output.ToArray());
    }

    [Theory]
    [MemberData(nameof(LargeLengths))]
    public void LargeInputsRoundTrip(int length)
    {
        byte[] input = BaoTestData.Random(length, length);
        byte[] hash = Blake3.HashData(input);
        byte[] encoded = Bao.Encode(input, out byte[] h);
        Assert.Equal(hash, h);
        byte[] outboard = Bao.EncodeOutboard(input, out h);
        Assert.Equal(hash, h);
        Assert.Equal(Bao.EncodedLength(length), encoded.Length);
        Assert.Equal(Bao.OutboardLength(length), outboard.Length);
        foreach (byte[] streamed in BaoVectorTests.EncodeThroughStreams(input, false, hash))
            Assert.Equal(encoded, streamed);
        foreach (byte[] streamed in BaoVectorTests.EncodeThroughStreams(input, true, hash))
            Assert.Equal(outboard, streamed);

        // The combined encoding's chunks are the input's, in order, around the parents the outboard holds.
        using (var decoder = new BaoDecoder(new MemoryStream(encoded), hash))
            Assert.Equal(input, BaoTestData.ReadAll(decoder, 100_000));
        using (var decoder = new BaoDecoder(new MemoryStream(outboard), new MemoryStream(input), hash))
            Assert.Equal(input, BaoTestData.ReadAll(decoder, 4095));
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void DecodesInEveryPieceSize(int length)
    {
        byte[] input = BaoTestData.Random(length, length + 1);
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        foreach (int piece in new[] { 1, 7, 1023, 1024, 1025, 70_000 })
        {
            using var decoder = new BaoDecoder(new ForwardOnlyStream(new MemoryStream(encoded), 13), hash);
            Assert.Equal(input, BaoTestData.ReadAll(decoder, piece));
            Assert.Equal(0, decoder.Read(new byte[10], 0, 10)); // and stays at the end
        }
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1025)]
    [InlineData(70_001)]
    public async Task ReadsAsynchronously(int length)
    {
        byte[] input = BaoTestData.Random(length, 5);
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        byte[] outboard = Bao.EncodeOutboard(input, out _);
        await using (var decoder = new BaoDecoder(new MemoryStream(encoded), hash))
        {
            using var result = new MemoryStream();
            await decoder.CopyToAsync(result, 3000);
            Assert.Equal(input, result.ToArray());
        }
        await using (var decoder = new BaoDecoder(new MemoryStream(outboard), new MemoryStream(input), hash))
        {
            var buffer = new byte[input.Length + 10];
            int total = 0, n;
            while ((n = await decoder.ReadAsync(buffer.AsMemory(total, Math.Min(999, buffer.Length - total)))) > 0)
                total += n;
            Assert.Equal(input, buffer.AsSpan(0, total).ToArray());
        }
        // The async path verifies too.
        if (length > 0)
        {
            byte[] bad = BaoTestData.Flip(encoded, encoded.Length - 1);
            await using var decoder = new BaoDecoder(new MemoryStream(bad), hash);
            await Assert.ThrowsAsync<BaoVerificationException>(() => decoder.CopyToAsync(Stream.Null));
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(4097)]
    [InlineData(65537)]
    public void SeeksAnywhere(int length)
    {
        byte[] input = BaoTestData.Random(length, 3);
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        var random = new Random(length);
        using var decoder = new BaoDecoder(new MemoryStream(encoded), hash);
        for (int i = 0; i < 200; i++)
        {
            int to = random.Next(length + 2);
            int count = random.Next(3000);
            decoder.Position = to;
            var buffer = new byte[count];
            int n = decoder.Read(buffer, 0, count);
            Assert.Equal(Math.Max(0, Math.Min(count, length - to)), n);
            Assert.Equal(input.Skip(to).Take(n).ToArray(), buffer.Take(n).ToArray());
        }
        Assert.Equal(length, decoder.Length);
        int back = Math.Min(10, length);
        Assert.Equal(length - back, decoder.Seek(-back, SeekOrigin.End));
        Assert.Equal(input.Skip(length - back).ToArray(), BaoTestData.ReadAll(decoder));
        Assert.Equal(length + 5, decoder.Seek(5, SeekOrigin.End));
        Assert.Equal(0, decoder.Read(new byte[4], 0, 4));
        Assert.Throws<IOException>(() => decoder.Seek(-1, SeekOrigin.Begin));
    }

    [Theory]
    [InlineData(100_000, false)]
    [InlineData(100_000, true)]
    [InlineData(300_000, false)]
    public async Task ACopyWritesEveryVerifiedByteBeforeTheFailure(int length, bool outboard)
    {
        // A copy in large reads (CopyTo's 80 KiB, whole subtrees verified in bulk) still gets every byte a reader in
        // order would have verified: all of the input before the node that fails, and nothing of it or after it.
        byte[] input = BaoTestData.Random(length, 23);
        byte[] encoded = outboard ? Bao.EncodeOutboard(input, out byte[] hash) : Bao.Encode(input, out hash);
        var layout = ReferenceBao.Layout(length, outboard);
        var random = new Random(length);
        for (int trial = 0; trial < 40; trial++)
        {
            int i = 8 + random.Next(encoded.Length - 8);
            byte[] bad = BaoTestData.Flip(encoded, i);
            ReferenceBao.Node node = layout.Last(n => n.EncodedOffset <= i && n.Size > 0);
            foreach (int mode in new[] { 0, 1, 2 })
            {
                // 0: seekable streams, read in 80 KiB pieces; 1: forward-only streams, CopyTo; 2: forward-only,
                // CopyToAsync. (CopyTo on a seekable stream asks for Length first, which verifies the final chunk.)
                Stream tree = mode == 0 ? new MemoryStream(bad) : new ForwardOnlyStream(new MemoryStream(bad));
                Stream? data = outboard ? (mode == 0 ? new MemoryStream(input) : new ForwardOnlyStream(new MemoryStream(input))) : null;
                using BaoDecoder decoder = data is null ? new BaoDecoder(tree, hash) : new BaoDecoder(tree, data, hash);
                using var copy = new MemoryStream();
                BaoVerificationException e = mode switch
                {
                    0 => Assert.Throws<BaoVerificationException>(() =>
                    {
                        byte[] buffer = new byte[81920];
                        int n;
                        while ((n = decoder.Read(buffer, 0, buffer.Length)) > 0)
                            copy.Write(buffer, 0, n);
                    }),
                    1 => Assert.Throws<BaoVerificationException>(() => decoder.CopyTo(copy)),
                    _ => await Assert.ThrowsAsync<BaoVerificationException>(() => decoder.CopyToAsync(copy)),
                };
                Assert.Equal(node.InputStart, e.Position);
                Assert.True(copy.Length == node.InputStart, $"mode {mode}, byte {i}: {copy.Length} bytes copied, the failing node starts at {node.InputStart}");
                Assert.Equal(input.AsSpan(0, (int)node.InputStart).ToArray(), copy.ToArray());
                // The failure stays: the next read reports it again, and yields nothing.
                Assert.Throws<BaoVerificationException>(() => decoder.Read(new byte[10], 0, 10));
            }
        }
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(1024)]
    [InlineData(1025)]
    [InlineData(2049)]
    [InlineData(4097)]
    public void EveryCorruptedByteIsDetectedAndNothingPastItIsYielded(int length)
    {
        byte[] input = BaoTestData.Random(length, 17);
        foreach (bool outboard in new[] { false, true })
        {
            byte[] encoded = outboard ? Bao.EncodeOutboard(input, out byte[] hash) : Bao.Encode(input, out hash);
            var layout = ReferenceBao.Layout(length, outboard);
            for (int i = 0; i < encoded.Length; i++)
            {
                byte[] bad = BaoTestData.Flip(encoded, i);
                using var decoder = outboard ? new BaoDecoder(new MemoryStream(bad), new MemoryStream(input), hash) : new BaoDecoder(new MemoryStream(bad), hash);
                var (yielded, error) = BaoTestData.ReadUntilError(decoder, 300);
                Assert.True(error is not null, $"byte {i} of {encoded.Length} flipped, not detected");
                Assert.Equal(input.AsSpan(0, yielded.Length).ToArray(), yielded);
                if (i >= 8)
                {
                    // Nothing of the subtree the corrupted node guards is yielded.
                    ReferenceBao.Node node = layout.Last(n => n.EncodedOffset <= i && n.Size > 0);
                    Assert.True(yielded.Length <= node.InputStart, $"byte {i}: {yielded.Length} bytes yielded, past {node.InputStart}");
                    Assert.Equal(node.InputStart, error!.Position);
                }
            }
            // From a seek into the first chunk: that chunk is verified alone, the subtrees after it in bulk.
            for (int i = 0; i < encoded.Length && length > 1; i++)
            {
                byte[] bad = BaoTestData.Flip(encoded, i);
                using var decoder = outboard ? new BaoDecoder(new MemoryStream(bad), new MemoryStream(input), hash) : new BaoDecoder(new MemoryStream(bad), hash);
                BaoVerificationException? error;
                byte[] yielded = [];
                try
                {
                    decoder.Position = 1;
                    (yielded, error) = BaoTestData.ReadUntilError(decoder, 300);
                }
                catch (BaoVerificationException e)
                {
                    error = e;
                }
                Assert.True(error is not null, $"byte {i} of {encoded.Length} flipped, not detected after a seek");
                Assert.Equal(input.AsSpan(1, yielded.Length).ToArray(), yielded);
            }
            if (outboard)
            {
                for (int i = 0; i < length; i++)
                {
                    using var decoder = new BaoDecoder(new MemoryStream(encoded), new MemoryStream(BaoTestData.Flip(input, i)), hash);
                    var (yielded, error) = BaoTestData.ReadUntilError(decoder, 300);
                    Assert.NotNull(error);
                    Assert.Equal(i / 1024 * 1024, error!.Position);
                    Assert.True(yielded.Length <= i / 1024 * 1024);
                }
            }
        }
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1000)]
    [InlineData(5000)]
    public void TheLengthIsNotRevealedBeforeTheFinalChunkIsVerified(int length)
    {
        byte[] input = BaoTestData.Random(length, 23);
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        // The final chunk corrupted: Length, a seek from the end, a seek past the end and the end of a read all throw.
        byte[] bad = length == 0 ? encoded : BaoTestData.Flip(encoded, encoded.Length - 1);
        byte[] wrongHash = length == 0 ? BaoTestData.Flip(hash, 0) : hash;
        using (var decoder = new BaoDecoder(new MemoryStream(bad), wrongHash))
            Assert.Throws<BaoVerificationException>(() => decoder.Length);
        using (var decoder = new BaoDecoder(new MemoryStream(bad), wrongHash))
            Assert.Throws<BaoVerificationException>(() => decoder.Seek(0, SeekOrigin.End));
        using (var decoder = new BaoDecoder(new MemoryStream(bad), wrongHash))
            Assert.Throws<BaoVerificationException>(() => decoder.Seek(length + 100, SeekOrigin.Begin));
        using (var decoder = new BaoDecoder(new MemoryStream(bad), wrongHash))
            Assert.Throws<BaoVerificationException>(() => BaoTestData.ReadAll(decoder));

        // A header one more or one less: never the wrong length, always an error.
        foreach (long delta in new long[] { -1, 1, 1024, 1L << 40 })
        {
            if (length + delta < 0)
                continue;
            byte[] tampered = encoded.ToArray();
            BitConverter.GetBytes((ulong)(length + delta)).CopyTo(tampered, 0);
            tampered = tampered.Concat(new byte[3000]).ToArray(); // bytes to read, so it is not just an early end
            using var decoder = new BaoDecoder(new MemoryStream(tampered), hash);
            Assert.Throws<BaoVerificationException>(() => decoder.Length);
            using var reader = new BaoDecoder(new MemoryStream(tampered), hash);
            var (yielded, error) = BaoTestData.ReadUntilError(reader);
            Assert.NotNull(error);
            Assert.Equal(input.AsSpan(0, yielded.Length).ToArray(), yielded);
        }
    }

    [Fact]
    public void TruncatedEncodingsThrowAndTrailingBytesAreIgnored()
    {
        byte[] input = BaoTestData.Random(5000, 29);
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        foreach (int cut in new[] { 0, 4, 8, 40, 72, 100, encoded.Length - 1 })
        {
            using var decoder = new BaoDecoder(new MemoryStream(encoded, 0, cut), hash);
            var (_, error) = BaoTestData.ReadUntilError(decoder);
            Assert.NotNull(error);
            Assert.Contains("ends", error!.Message);
        }
        using (var decoder = new BaoDecoder(new MemoryStream(encoded.Concat(new byte[] { 1, 2, 3 }).ToArray()), hash))
            Assert.Equal(input, BaoTestData.ReadAll(decoder));
    }

    [Fact]
    public void DisposingClosesTheStreamsUnlessLeftOpen()
    {
        byte[] encoded = Bao.Encode(new byte[10], out byte[] hash);
        var inner = new MemoryStream(encoded);
        new BaoDecoder(inner, hash, leaveOpen: true).Dispose();
        Assert.True(inner.CanRead);
        var decoder = new BaoDecoder(inner, hash);
        decoder.Dispose();
        Assert.False(inner.CanRead);
        Assert.False(decoder.CanRead);
        Assert.Throws<ObjectDisposedException>(() => decoder.Read(new byte[1], 0, 1));
    }
}
