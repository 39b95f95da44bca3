using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;

namespace Blake2Fast.Tests.BaoSuite;

/// <summary>
/// Chunk groups as bao-tree defines them: outboards without the levels inside a group, in pre-order and post-order,
/// against the reference (Bao's outboard with those nodes dropped); with groups of one chunk, Bao's own outboard and
/// slices; decoded and verified group by group, with corruptions; slices at group granularity.
/// </summary>
public class BaoChunkGroupTests
{
    public static TheoryData<int, int> Cases() => new()
    {
        { 0, 0 }, { 1, 0 }, { 2049, 0 }, { 0, 4 }, { 1, 4 }, { 16383, 4 }, { 16384, 4 }, { 16385, 4 }, { 32768, 4 }, { 32769, 4 },
        { 3 * 65536 + 5, 4 }, { (1 << 20) + 1, 4 }, { 5000, 1 }, { 70_000, 2 }, { (1 << 20) + 1, 10 }, { (3 << 20) + 7, 10 }, { (2 << 20) + 3, 3 }, { 1 << 20, 10 }, { 2 << 20, 10 }, { (1 << 20) + 1024, 10 }, { 3 << 20, 9 },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task OutboardsEqualTheReferenceAndDecode(int length, int groupLog)
    {
        byte[] input = BaoTestData.Random(length, length + groupLog);
        byte[] hash = Blake3.HashData(input);
        foreach (bool postOrder in new[] { false, true })
        {
            byte[] outboard = Bao.EncodeGroupOutboard(input, groupLog, postOrder, out byte[] h);
            Assert.Equal(hash, h);
            Assert.Equal(Bao.GroupOutboardLength(length, groupLog), outboard.Length);
            Assert.Equal(ReferenceBao.GroupOutboard(input, groupLog, postOrder), outboard);
            var destination = new byte[outboard.Length + 3];
            var h2 = new byte[32];
            Bao.EncodeGroupOutboard(input, destination, groupLog, postOrder, h2);
            Assert.Equal(outboard, destination.Take(outboard.Length).ToArray());
            Assert.Equal(hash, h2);

            // From streams: into one that can seek (flipped in place), one that cannot (post-order straight through,
            // pre-order through a temporary file), and asynchronously.
            using (var streamed = new MemoryStream())
            {
                streamed.Write(new byte[] { 7, 7 });
                Assert.Equal(hash, Bao.EncodeGroupOutboard(new ForwardOnlyStream(new MemoryStream(input), 3000), streamed, groupLog, postOrder));
                Assert.Equal(outboard, streamed.ToArray().Skip(2).ToArray());
            }
            using (var streamed = new MemoryStream())
            {
                Assert.Equal(hash, Bao.EncodeGroupOutboard(new MemoryStream(input), new ForwardOnlyStream(streamed), groupLog, postOrder));
                Assert.Equal(outboard, streamed.ToArray());
            }
            using (var streamed = new MemoryStream())
            {
                Assert.Equal(hash, await Bao.EncodeGroupOutboardAsync(new MemoryStream(input), new ForwardOnlyStream(streamed), groupLog, postOrder));
                Assert.Equal(outboard, streamed.ToArray());
            }
            using (BaoDecoder decoder = BaoDecoder.ForChunkGroups(new MemoryStream(outboard), new MemoryStream(input), hash, length, groupLog, postOrder))
                Assert.Equal(input, BaoTestData.ReadAll(decoder, 5000));
            using (BaoDecoder decoder = BaoDecoder.ForChunkGroups(new MemoryStream(outboard), new MemoryStream(input), hash, length, groupLog, postOrder))
            {
                Assert.Equal(length, decoder.Length);
                int to = length / 3;
                decoder.Position = to;
                Assert.Equal(input.Skip(to).ToArray(), BaoTestData.ReadAll(decoder));
            }
        }
        if (groupLog == 0)
            Assert.Equal(Bao.EncodeOutboard(input, out _).Skip(8).ToArray(), Bao.EncodeGroupOutboard(input, 0, false, out _));
    }

    [Theory]
    [InlineData(16385, 4)]
    [InlineData(50_000, 2)]
    [InlineData(70_000, 4)]
    public void EveryCorruptedOutboardByteAndAWrongLengthAreDetected(int length, int groupLog)
    {
        byte[] input = BaoTestData.Random(length, 77);
        long group = 1024L << groupLog;
        foreach (bool postOrder in new[] { false, true })
        {
            byte[] outboard = Bao.EncodeGroupOutboard(input, groupLog, postOrder, out byte[] hash);
            for (int i = 0; i < outboard.Length; i++)
            {
                using BaoDecoder decoder = BaoDecoder.ForChunkGroups(new MemoryStream(BaoTestData.Flip(outboard, i)), new MemoryStream(input), hash, length, groupLog, postOrder);
                var (yielded, error) = BaoTestData.ReadUntilError(decoder);
                Assert.True(error is not null, $"outboard byte {i} flipped, not detected");
                Assert.Equal(input.AsSpan(0, yielded.Length).ToArray(), yielded);
            }
            for (int i = 0; i < length; i += 997)
            {
                using BaoDecoder decoder = BaoDecoder.ForChunkGroups(new MemoryStream(outboard), new MemoryStream(BaoTestData.Flip(input, i)), hash, length, groupLog, postOrder);
                var (yielded, error) = BaoTestData.ReadUntilError(decoder);
                Assert.NotNull(error);
                Assert.Equal(i / group * group, error!.Position);
                Assert.True(yielded.Length <= i / group * group);
            }
            foreach (long wrong in new long[] { length - 1, length + 1, length + group })
            {
                using BaoDecoder decoder = BaoDecoder.ForChunkGroups(new MemoryStream(outboard), new MemoryStream(input.Concat(new byte[70_000]).ToArray()), hash, wrong, groupLog, postOrder);
                Assert.Throws<BaoVerificationException>(() => decoder.Length);
            }
        }
    }

    [Theory]
    [InlineData(0, 4)]
    [InlineData(3000, 0)]
    [InlineData(70_000, 0)]
    [InlineData(70_000, 4)]
    [InlineData(300_000, 3)]
    public void GroupSlicesDecodeAndWithOneChunkGroupsAreBaoSlices(int length, int groupLog)
    {
        byte[] input = BaoTestData.Random(length, 91);
        byte[] encoded = Bao.Encode(input, out byte[] hash);
        byte[] pre = Bao.EncodeGroupOutboard(input, groupLog, false, out _);
        byte[] post = Bao.EncodeGroupOutboard(input, groupLog, true, out _);
        var random = new Random(length + groupLog);
        var ranges = Enumerable.Range(0, 25).Select(_ => ((long)random.Next(length + 100), (long)random.Next(40_000)))
            .Concat(new[] { (0L, 0L), (0L, (long)length), ((long)length, 5L) });
        foreach (var (start, count) in ranges)
        {
            byte[] slice = Bao.ExtractGroupSlice(pre, input, groupLog, false, start, count);
            Assert.Equal(slice, Bao.ExtractGroupSlice(post, input, groupLog, true, start, count));
            using (var output = new MemoryStream())
            {
                Bao.ExtractGroupSlice(new MemoryStream(post), new ForwardOnlyStream(new MemoryStream(input)), output, length, groupLog, true, start, count);
                Assert.Equal(slice, output.ToArray());
            }
            using (var output = new MemoryStream())
            {
                Bao.ExtractGroupSlice(new ForwardOnlyStream(new MemoryStream(pre)), new ForwardOnlyStream(new MemoryStream(input)), output, length, groupLog, false, start, count);
                Assert.Equal(slice, output.ToArray());
            }
            using (var output = new MemoryStream())
            {
                // Post-order is read out of order: from a stream that cannot seek, right or refused, never misread.
                try
                {
                    Bao.ExtractGroupSlice(new ForwardOnlyStream(new MemoryStream(post)), new MemoryStream(input), output, length, groupLog, true, start, count);
                    Assert.Equal(slice, output.ToArray());
                }
                catch (NotSupportedException)
                {
                }
            }
            if (groupLog == 0)
                Assert.Equal(Bao.ExtractSlice(encoded, start, count), slice);
            long from = Math.Min(start, length);
            byte[] expected = input.Skip((int)from).Take((int)Math.Min(count, length - from)).ToArray();
            Assert.Equal(expected, Bao.DecodeGroupSlice(slice, hash, start, count, groupLog));
            if (slice.Length > 8)
            {
                int at = 8 + random.Next(slice.Length - 8);
                Assert.Throws<BaoVerificationException>(() => Bao.DecodeGroupSlice(BaoTestData.Flip(slice, at), hash, start, count, groupLog));
            }
        }
        if (post.Length >= 128)
        {
            // The whole input: the root (last in post-order) comes first, then nodes before it.
            Assert.Throws<NotSupportedException>(() => Bao.ExtractGroupSlice(new ForwardOnlyStream(new MemoryStream(post)), new MemoryStream(input), new MemoryStream(),
                length, groupLog, true, 0, length));
        }
    }

    [Fact]
    public void GroupArgumentsAreChecked()
    {
        Assert.Equal("chunkGroupLog", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.GroupOutboardLength(10, 11)).ParamName);
        Assert.Equal("chunkGroupLog", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.EncodeGroupOutboard(new byte[10], -1, false, out _)).ParamName);
        Assert.Equal("length", Assert.Throws<ArgumentOutOfRangeException>(() => BaoDecoder.ForChunkGroups(new MemoryStream(), new MemoryStream(), new byte[32], -1, 4)).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Bao.EncodeGroupOutboard(new byte[40_000], new byte[63], 4, false, new byte[32])).ParamName);
        Assert.Equal(64, Bao.GroupOutboardLength(16385, 4));
        Assert.Equal(0, Bao.GroupOutboardLength(16384, 4));
    }
}
