using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Features;

/// <summary>
/// Hashing streams: <c>ComputeHash(Stream)</c> and <c>ComputeHashAsync(Stream)</c> with all their overloads on
/// BLAKE2b, BLAKE2s, BLAKE2bp and BLAKE2sp. Every result is compared with the span one-shot of the same bytes;
/// the streams hand out short reads of random sizes so that chunk, block and superblock edges fall anywhere.
/// </summary>
public class StreamTests
{
    /// <summary>The library reads streams in chunks of this size (StreamHasher.ChunkSize).</summary>
    private const int Chunk = 128 * 1024;

    public enum Overload
    {
        /// <summary><c>ComputeHash(Stream)</c>: full length, no key.</summary>
        Plain,
        /// <summary><c>ComputeHash(int digestLength, Stream)</c>.</summary>
        DigestLength,
        /// <summary><c>ComputeHash(key, Stream)</c>: full length, keyed.</summary>
        Key,
        /// <summary><c>ComputeHash(int digestLength, key, Stream)</c>.</summary>
        DigestLengthAndKey,
    }

    private static readonly Overload[] AllOverloads = (Overload[])Enum.GetValues(typeof(Overload));

    /// <summary>The four algorithms behind one face: span one-shots, sync and async stream overloads.</summary>
    public sealed class StreamAlgorithm
    {
        private readonly Func<Overload, int, byte[], byte[], byte[]> _span;
        private readonly Func<Overload, int, byte[], Stream, byte[]> _sync;
        private readonly Func<Overload, int, byte[], Stream, CancellationToken?, Task<byte[]>> _async;

        private StreamAlgorithm(string name, int maxDigestLength, int blockSize, int lanes,
            Func<Overload, int, byte[], byte[], byte[]> span,
            Func<Overload, int, byte[], Stream, byte[]> sync,
            Func<Overload, int, byte[], Stream, CancellationToken?, Task<byte[]>> async,
            string sourceName = "input")
        {
            Name = name;
            SourceName = sourceName;
            MaxDigestLength = maxDigestLength;
            BlockSize = blockSize;
            Superblock = lanes * blockSize;
            _span = span;
            _sync = sync;
            _async = async;
        }

        public string Name { get; }
        /// <summary>The stream argument's name in exceptions: <c>input</c> for the 2.x names, <c>source</c> for HashData.</summary>
        public string SourceName { get; }
        public int MaxDigestLength { get; }
        public int MaxKeyLength => MaxDigestLength;
        public int BlockSize { get; }
        /// <summary>One block per leaf for the parallel modes; one block for the sequential ones.</summary>
        public int Superblock { get; }

        public override string ToString() => Name;

        /// <summary>The span one-shot equivalent of the stream overload.</summary>
        public byte[] Span(Overload overload, int digestLength, byte[] key, byte[] input) => _span(overload, digestLength, key, input);

        public byte[] Sync(Overload overload, int digestLength, byte[] key, Stream? input) => _sync(overload, digestLength, key, input!);

        /// <summary>The async overload; a null token calls the overload without the token argument.</summary>
        public Task<byte[]> Async(Overload overload, int digestLength, byte[] key, Stream? input, CancellationToken? token = null) =>
            _async(overload, digestLength, key, input!, token);

        public static readonly StreamAlgorithm B = new("blake2b", 64, 128, 1,
            (o, d, k, i) => o switch
            {
                Overload.Plain => Blake2b.ComputeHash(i),
                Overload.DigestLength => Blake2b.ComputeHash(d, i),
                Overload.Key => Blake2b.ComputeHash(k, i),
                _ => Blake2b.ComputeHash(d, k, i),
            },
            (o, d, k, s) => o switch
            {
                Overload.Plain => Blake2b.ComputeHash(s),
                Overload.DigestLength => Blake2b.ComputeHash(d, s),
                Overload.Key => Blake2b.ComputeHash(k.AsSpan(), s),
                _ => Blake2b.ComputeHash(d, k.AsSpan(), s),
            },
            (o, d, k, s, t) => (o, t.HasValue) switch
            {
                (Overload.Plain, false) => Blake2b.ComputeHashAsync(s),
                (Overload.Plain, true) => Blake2b.ComputeHashAsync(s, t!.Value),
                (Overload.DigestLength, false) => Blake2b.ComputeHashAsync(d, s),
                (Overload.DigestLength, true) => Blake2b.ComputeHashAsync(d, s, t!.Value),
                (Overload.Key, false) => Blake2b.ComputeHashAsync(k.AsMemory(), s),
                (Overload.Key, true) => Blake2b.ComputeHashAsync(k.AsMemory(), s, t!.Value),
                (_, false) => Blake2b.ComputeHashAsync(d, k.AsMemory(), s),
                (_, true) => Blake2b.ComputeHashAsync(d, k.AsMemory(), s, t!.Value),
            });

        public static readonly StreamAlgorithm S = new("blake2s", 32, 64, 1,
            (o, d, k, i) => o switch
            {
                Overload.Plain => Blake2s.ComputeHash(i),
                Overload.DigestLength => Blake2s.ComputeHash(d, i),
                Overload.Key => Blake2s.ComputeHash(k, i),
                _ => Blake2s.ComputeHash(d, k, i),
            },
            (o, d, k, s) => o switch
            {
                Overload.Plain => Blake2s.ComputeHash(s),
                Overload.DigestLength => Blake2s.ComputeHash(d, s),
                Overload.Key => Blake2s.ComputeHash(k.AsSpan(), s),
                _ => Blake2s.ComputeHash(d, k.AsSpan(), s),
            },
            (o, d, k, s, t) => (o, t.HasValue) switch
            {
                (Overload.Plain, false) => Blake2s.ComputeHashAsync(s),
                (Overload.Plain, true) => Blake2s.ComputeHashAsync(s, t!.Value),
                (Overload.DigestLength, false) => Blake2s.ComputeHashAsync(d, s),
                (Overload.DigestLength, true) => Blake2s.ComputeHashAsync(d, s, t!.Value),
                (Overload.Key, false) => Blake2s.ComputeHashAsync(k.AsMemory(), s),
                (Overload.Key, true) => Blake2s.ComputeHashAsync(k.AsMemory(), s, t!.Value),
                (_, false) => Blake2s.ComputeHashAsync(d, k.AsMemory(), s),
                (_, true) => Blake2s.ComputeHashAsync(d, k.AsMemory(), s, t!.Value),
            });

        public static readonly StreamAlgorithm Bp = new("blake2bp", 64, 128, 4,
            (o, d, k, i) => o switch
            {
                Overload.Plain => Blake2bp.ComputeHash(i),
                Overload.DigestLength => Blake2bp.ComputeHash(d, i),
                Overload.Key => Blake2bp.ComputeHash(k, i),
                _ => Blake2bp.ComputeHash(d, k, i),
            },
            (o, d, k, s) => o switch
            {
                Overload.Plain => Blake2bp.ComputeHash(s),
                Overload.DigestLength => Blake2bp.ComputeHash(d, s),
                Overload.Key => Blake2bp.ComputeHash(k.AsSpan(), s),
                _ => Blake2bp.ComputeHash(d, k.AsSpan(), s),
            },
            (o, d, k, s, t) => (o, t.HasValue) switch
            {
                (Overload.Plain, false) => Blake2bp.ComputeHashAsync(s),
                (Overload.Plain, true) => Blake2bp.ComputeHashAsync(s, t!.Value),
                (Overload.DigestLength, false) => Blake2bp.ComputeHashAsync(d, s),
                (Overload.DigestLength, true) => Blake2bp.ComputeHashAsync(d, s, t!.Value),
                (Overload.Key, false) => Blake2bp.ComputeHashAsync(k.AsMemory(), s),
                (Overload.Key, true) => Blake2bp.ComputeHashAsync(k.AsMemory(), s, t!.Value),
                (_, false) => Blake2bp.ComputeHashAsync(d, k.AsMemory(), s),
                (_, true) => Blake2bp.ComputeHashAsync(d, k.AsMemory(), s, t!.Value),
            });

        public static readonly StreamAlgorithm Sp = new("blake2sp", 32, 64, 8,
            (o, d, k, i) => o switch
            {
                Overload.Plain => Blake2sp.ComputeHash(i),
                Overload.DigestLength => Blake2sp.ComputeHash(d, i),
                Overload.Key => Blake2sp.ComputeHash(k, i),
                _ => Blake2sp.ComputeHash(d, k, i),
            },
            (o, d, k, s) => o switch
            {
                Overload.Plain => Blake2sp.ComputeHash(s),
                Overload.DigestLength => Blake2sp.ComputeHash(d, s),
                Overload.Key => Blake2sp.ComputeHash(k.AsSpan(), s),
                _ => Blake2sp.ComputeHash(d, k.AsSpan(), s),
            },
            (o, d, k, s, t) => (o, t.HasValue) switch
            {
                (Overload.Plain, false) => Blake2sp.ComputeHashAsync(s),
                (Overload.Plain, true) => Blake2sp.ComputeHashAsync(s, t!.Value),
                (Overload.DigestLength, false) => Blake2sp.ComputeHashAsync(d, s),
                (Overload.DigestLength, true) => Blake2sp.ComputeHashAsync(d, s, t!.Value),
                (Overload.Key, false) => Blake2sp.ComputeHashAsync(k.AsMemory(), s),
                (Overload.Key, true) => Blake2sp.ComputeHashAsync(k.AsMemory(), s, t!.Value),
                (_, false) => Blake2sp.ComputeHashAsync(d, k.AsMemory(), s),
                (_, true) => Blake2sp.ComputeHashAsync(d, k.AsMemory(), s, t!.Value),
            });

#if LIBRARY_NETSTANDARD
        public static readonly StreamAlgorithm[] All = { B, S, Bp, Sp };
#else
        // The same algorithms under the BCL-style names, through every test below: HashData(Stream) for the
        // synchronous form, HashDataAsync into a destination for the asynchronous one (netstandard2.0 has no HashDataAsync).
        public static readonly StreamAlgorithm[] All =
            { B, S, Bp, Sp, Bcl(B, BclDriver.B), Bcl(S, BclDriver.S), Bcl(Bp, BclDriver.Bp), Bcl(Sp, BclDriver.Sp) };

        private static StreamAlgorithm Bcl(StreamAlgorithm legacy, BclDriver bcl) =>
            new(legacy.Name + ".HashData", legacy.MaxDigestLength, legacy.BlockSize, legacy.Superblock / legacy.BlockSize,
                (o, d, k, i) => bcl.HashData(Map(o), d, k, i),
                (o, d, k, s) => bcl.StreamHashData(Map(o), d, k, s),
                async (o, d, k, s, t) =>
                {
                    // Longer than any digest, so the returned count (not the buffer) says how much was written.
                    var destination = new byte[legacy.MaxDigestLength + 8];
                    int written = await bcl.HashDataIntoAsync!(Map(o), d, k, s, destination, t ?? CancellationToken.None);
                    return destination.AsSpan(0, written).ToArray();
                },
                sourceName: "source");

        private static BclOverload Map(Overload o) => o switch
        {
            Overload.Plain => BclOverload.Plain,
            Overload.DigestLength => BclOverload.Length,
            Overload.Key => BclOverload.Key,
            _ => BclOverload.LengthAndKey,
        };
#endif

        public static StreamAlgorithm Parse(string name) => All.Single(a => a.Name == name);

        public bool UsesDigestLength(Overload o) => o is Overload.DigestLength or Overload.DigestLengthAndKey;
        public bool UsesKey(Overload o) => o is Overload.Key or Overload.DigestLengthAndKey;
        public int ExpectedLength(Overload o, int digestLength) => UsesDigestLength(o) ? digestLength : MaxDigestLength;
    }

    // ---------------------------------------------------------------- equality with the span one-shot

    /// <summary>Lengths around the block and the superblock (one block per leaf for the parallel modes).</summary>
    private static IEnumerable<int> ShortLengths(StreamAlgorithm a)
    {
        var lengths = new SortedSet<int> { 0, 1, a.BlockSize - 1, a.BlockSize, a.BlockSize + 1, 2 * a.BlockSize + 1, 4099 };
        if (a.Superblock != a.BlockSize)
        {
            foreach (int n in new[] { a.Superblock - 1, a.Superblock, a.Superblock + 1, 2 * a.Superblock - a.BlockSize + 1, 2 * a.Superblock + 1 })
                lengths.Add(n);
        }
        return lengths;
    }

    /// <summary>Lengths around the library's internal read chunk, and a long input of many chunks.</summary>
    private static readonly int[] LongLengths = { Chunk - 1, Chunk, Chunk + 1, 1024 * 1024 + 3 };

    public static IEnumerable<object[]> AlgorithmsAndShortLengths() =>
        StreamAlgorithm.All.SelectMany(a => ShortLengths(a).Select(n => new object[] { a.Name, n }));

    /// <summary>Each long length with one overload (rotating), to keep the time down: the overloads are checked on the short lengths.</summary>
    public static IEnumerable<object[]> AlgorithmsAndLongLengths() =>
        StreamAlgorithm.All.SelectMany((a, i) => LongLengths.Select((n, j) => new object[] { a.Name, n, AllOverloads[(i + j) % AllOverloads.Length] }));

    public static IEnumerable<object[]> Algorithms() => StreamAlgorithm.All.Select(a => new object[] { a.Name });

    private static byte[] RandomBytes(Random random, int length)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }

    /// <summary>A digest length and a key chosen per case: short and odd lengths included, keys of any length 0..max.</summary>
    private static (int DigestLength, byte[] Key) Settings(StreamAlgorithm a, Random random)
    {
        int digestLength = random.Next(1, a.MaxDigestLength + 1);
        // 1 byte or more: the keyed overloads refuse an empty key (KeyRefusalTests).
        byte[] key = RandomBytes(random, random.Next(4) == 0 ? a.MaxKeyLength : random.Next(1, a.MaxKeyLength + 1));
        return (digestLength, key);
    }

    [Theory]
    [MemberData(nameof(AlgorithmsAndShortLengths))]
    public void ComputeHash_ShortReadStream_EqualsSpanOneShot_EveryOverload(string algorithm, int length)
    {
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        var random = new Random(length * 31 + algorithm.Length);
        byte[] input = RandomBytes(random, length);
        foreach (Overload o in AllOverloads)
        {
            (int digestLength, byte[] key) = Settings(a, random);
            byte[] expected = a.Span(o, digestLength, key, input);
            Assert.Equal(a.ExpectedLength(o, digestLength), expected.Length);

            var stream = new ShortReadStream(input, seed: random.Next());
            byte[] actual = a.Sync(o, digestLength, key, stream);

            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{a} {o} length {length} digest {digestLength} key {key.Length}: stream {Hex(actual)} != span {Hex(expected)}");
            Assert.Equal(0, stream.Remaining);
        }
    }

    [Theory]
    [MemberData(nameof(AlgorithmsAndShortLengths))]
    public async Task ComputeHashAsync_ShortReadStream_EqualsSpanOneShot_EveryOverload(string algorithm, int length)
    {
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        var random = new Random(length * 37 + algorithm.Length);
        byte[] input = RandomBytes(random, length);
        foreach (Overload o in AllOverloads)
        {
            foreach (bool passToken in new[] { false, true })
            {
                (int digestLength, byte[] key) = Settings(a, random);
                byte[] expected = a.Span(o, digestLength, key, input);

                // Sync reads are refused: an async hash must read asynchronously.
                var stream = new ShortReadStream(input, seed: random.Next()) { ForbidSyncReads = true };
                using var cts = new CancellationTokenSource();
                byte[] actual = await a.Async(o, digestLength, key, stream, passToken ? cts.Token : null);

                Assert.True(expected.AsSpan().SequenceEqual(actual), $"{a} async {o} (token: {passToken}) length {length} digest {digestLength} key {key.Length}: stream {Hex(actual)} != span {Hex(expected)}");
                Assert.Equal(0, stream.Remaining);
            }
        }
    }

    [Theory]
    [MemberData(nameof(AlgorithmsAndLongLengths))]
    public async Task LongShortReadStream_SyncAndAsync_EqualSpanOneShot(string algorithm, int length, Overload o)
    {
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        var random = new Random(length * 41 + algorithm.Length);
        byte[] input = RandomBytes(random, length);
        (int digestLength, byte[] key) = Settings(a, random);
        byte[] expected = a.Span(o, digestLength, key, input);

        var syncStream = new ShortReadStream(input, seed: random.Next());
        byte[] sync = a.Sync(o, digestLength, key, syncStream);
        Assert.True(expected.AsSpan().SequenceEqual(sync), $"{a} {o} length {length} digest {digestLength} key {key.Length}: stream {Hex(sync)} != span {Hex(expected)}");
        Assert.Equal(0, syncStream.Remaining);

        var asyncStream = new ShortReadStream(input, seed: random.Next()) { ForbidSyncReads = true };
        byte[] async = await a.Async(o, digestLength, key, asyncStream, CancellationToken.None);
        Assert.True(expected.AsSpan().SequenceEqual(async), $"{a} async {o} length {length} digest {digestLength} key {key.Length}: stream {Hex(async)} != span {Hex(expected)}");
        Assert.Equal(0, asyncStream.Remaining);
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public async Task ComputeHash_MemoryStreamPartlyRead_HashesTheRestOnly(string algorithm)
    {
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        var random = new Random(5);
        byte[] input = RandomBytes(random, 3 * a.Superblock + 17);
        foreach (int skip in new[] { 1, a.BlockSize + 3, input.Length - 1, input.Length })
        {
            byte[] expected = a.Span(Overload.Plain, 0, Array.Empty<byte>(), input.AsSpan(skip).ToArray());

            using var sync = new MemoryStream(input) { Position = skip };
            Assert.Equal(Hex(expected), Hex(a.Sync(Overload.Plain, 0, Array.Empty<byte>(), sync)));
            Assert.Equal(input.Length, sync.Position);

            using var async = new MemoryStream(input) { Position = skip };
            Assert.Equal(Hex(expected), Hex(await a.Async(Overload.Plain, 0, Array.Empty<byte>(), async)));
            Assert.Equal(input.Length, async.Position);
        }
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public async Task ComputeHash_EmptyStream_EqualsHashOfNothing_KeyedAndNot(string algorithm)
    {
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        byte[] key = Infrastructure.Hex.Sequence(a.MaxKeyLength);
        foreach (Overload o in AllOverloads)
        {
            byte[] expected = a.Span(o, 7, key, Array.Empty<byte>());
            Assert.Equal(Hex(expected), Hex(a.Sync(o, 7, key, new MemoryStream())));
            Assert.Equal(Hex(expected), Hex(await a.Async(o, 7, key, new MemoryStream(), CancellationToken.None)));
        }
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void ComputeHash_KeyedStream_DiffersFromUnkeyed_AndFromOtherKey(string algorithm)
    {
        // Guards against a stream overload that drops the key or the digest length on the way to the state.
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        byte[] input = Infrastructure.Hex.Sequence(300);
        byte[] key1 = { 1 }, key2 = { 2 };
        string plain = Hex(a.Sync(Overload.Plain, 0, key1, new MemoryStream(input)));
        string keyed1 = Hex(a.Sync(Overload.Key, 0, key1, new MemoryStream(input)));
        string keyed2 = Hex(a.Sync(Overload.Key, 0, key2, new MemoryStream(input)));
        Assert.NotEqual(plain, keyed1);
        Assert.NotEqual(keyed1, keyed2);
        byte[] short1 = a.Sync(Overload.DigestLengthAndKey, 5, key1, new MemoryStream(input));
        Assert.Equal(5, short1.Length);
        Assert.NotEqual(keyed1.Substring(0, 10), Hex(short1)); // the digest length is in the parameter block, not a truncation
    }

    // ---------------------------------------------------------------- argument errors

    public static IEnumerable<object[]> AlgorithmsAndOverloads() =>
        StreamAlgorithm.All.SelectMany(a => AllOverloads.Select(o => new object[] { a.Name, o }));

    [Theory]
    [MemberData(nameof(AlgorithmsAndOverloads))]
    public async Task NullStream_ThrowsArgumentNullException_NamedInput(string algorithm, Overload o)
    {
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        byte[] key = { 1, 2, 3 };
        var sync = Assert.Throws<ArgumentNullException>(() => a.Sync(o, 9, key, null));
        Assert.Equal(a.SourceName, sync.ParamName);

        var async1 = await Assert.ThrowsAsync<ArgumentNullException>(() => a.Async(o, 9, key, null));
        Assert.Equal(a.SourceName, async1.ParamName);
        var async2 = await Assert.ThrowsAsync<ArgumentNullException>(() => a.Async(o, 9, key, null, CancellationToken.None));
        Assert.Equal(a.SourceName, async2.ParamName);
    }

    [Theory]
    [MemberData(nameof(AlgorithmsAndOverloads))]
    public async Task UnreadableStream_ThrowsArgumentException_NamedInput(string algorithm, Overload o)
    {
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        byte[] key = { 1, 2, 3 };
        var disposed = new MemoryStream(new byte[10]);
        disposed.Dispose();
        foreach (Stream unreadable in new Stream[] { new WriteOnlyStream(), disposed })
        {
            // Assert.Throws wants the exact type: ArgumentException, not a subclass.
            var sync = Assert.Throws<ArgumentException>(() => a.Sync(o, 9, key, unreadable));
            Assert.Equal(a.SourceName, sync.ParamName);
            var async = await Assert.ThrowsAsync<ArgumentException>(() => a.Async(o, 9, key, unreadable, CancellationToken.None));
            Assert.Equal(a.SourceName, async.ParamName);
        }
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public async Task BadDigestLength_ThrowsArgumentOutOfRange_BeforeLookingAtTheStream(string algorithm)
    {
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        foreach (Overload o in new[] { Overload.DigestLength, Overload.DigestLengthAndKey })
        {
            foreach (int digestLength in new[] { int.MinValue, -1, 0, a.MaxDigestLength + 1, 255, 256, int.MaxValue })
            {
                foreach (Stream? stream in new Stream?[] { null, new WriteOnlyStream(), new MemoryStream(new byte[5]) })
                {
                    string what = $"{a} {o} digestLength {digestLength} stream {stream?.GetType().Name ?? "null"}";
                    var sync = Assert.Throws<ArgumentOutOfRangeException>(() => a.Sync(o, digestLength, new byte[1], stream));
                    Assert.True(sync.ParamName == "digestLength", what);
                    var async = await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => a.Async(o, digestLength, new byte[1], stream, CancellationToken.None));
                    Assert.True(async.ParamName == "digestLength", what);
                    if (stream is MemoryStream ms)
                        Assert.Equal(0, ms.Position);
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public async Task KeyTooLong_ThrowsArgumentException_NamedKey_BeforeLookingAtTheStream(string algorithm)
    {
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        foreach (Overload o in new[] { Overload.Key, Overload.DigestLengthAndKey })
        {
            foreach (int keyLength in new[] { a.MaxKeyLength + 1, 2 * a.MaxKeyLength, 1000 })
            {
                byte[] key = new byte[keyLength];
                foreach (Stream? stream in new Stream?[] { null, new WriteOnlyStream(), new MemoryStream(new byte[5]) })
                {
                    string what = $"{a} {o} key {keyLength} stream {stream?.GetType().Name ?? "null"}";
                    var sync = Assert.Throws<ArgumentException>(() => a.Sync(o, 1, key, stream));
                    Assert.True(sync.ParamName == "key", what + ": " + sync.ParamName);
                    var async = await Assert.ThrowsAsync<ArgumentException>(() => a.Async(o, 1, key, stream, CancellationToken.None));
                    Assert.True(async.ParamName == "key", what + ": " + async.ParamName);
                    if (stream is MemoryStream ms)
                        Assert.Equal(0, ms.Position);
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void MaximalKeyAndDigestLengths_AreAccepted(string algorithm)
    {
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        byte[] key = Infrastructure.Hex.Sequence(a.MaxKeyLength);
        byte[] input = Infrastructure.Hex.Sequence(77);
        Assert.Equal(Hex(a.Span(Overload.DigestLengthAndKey, a.MaxDigestLength, key, input)), Hex(a.Sync(Overload.DigestLengthAndKey, a.MaxDigestLength, key, new MemoryStream(input))));
        Assert.Equal(Hex(a.Span(Overload.DigestLengthAndKey, 1, key, input)), Hex(a.Sync(Overload.DigestLengthAndKey, 1, key, new MemoryStream(input))));
    }

    // ---------------------------------------------------------------- cancellation

    [Theory]
    [MemberData(nameof(AlgorithmsAndOverloads))]
    public async Task PreCanceledToken_MemoryStream_ThrowsOperationCanceled(string algorithm, Overload o)
    {
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        using var cts = new CancellationTokenSource();
        cts.Cancel();
        foreach (int length in new[] { 0, 1000 })
        {
            var ex = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => a.Async(o, 3, new byte[] { 7 }, new MemoryStream(new byte[length]), cts.Token));
            Assert.Equal(cts.Token, ex.CancellationToken);
        }
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public async Task PreCanceledToken_StreamIgnoringTheToken_ThrowsOperationCanceled_AfterAtMostOneRead(string algorithm)
    {
        // "Cancellation is checked by every read and between reads": a stream that ignores the token still hands
        // over data, and the hash must stop there instead of reading on.
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        using var cts = new CancellationTokenSource();
        cts.Cancel();
        foreach (Overload o in AllOverloads)
        {
            // 100 reads' worth: if the token were never checked the hash would end (and the test fail) quickly.
            var stream = new SlowStream(length: 100 * 1000, honourToken: false) { MaxRead = 1000, DelayMilliseconds = 0 };
            var ex = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => a.Async(o, 3, new byte[] { 7 }, stream, cts.Token));
            Assert.Equal(cts.Token, ex.CancellationToken);
            Assert.True(stream.Reads <= 1, $"{a} {o}: {stream.Reads} reads with a canceled token");
        }
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public async Task TokenCanceledMidway_BySlowStream_ThrowsOperationCanceled_AndStopsReading(string algorithm)
    {
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        foreach (bool honourToken in new[] { true, false })
        {
            foreach (Overload o in honourToken ? new[] { Overload.Plain, Overload.DigestLengthAndKey } : new[] { Overload.DigestLength, Overload.Key })
            {
                using var cts = new CancellationTokenSource();
                // 256 reads' worth: if cancellation were ignored the hash would finish, and the test fail, instead of hanging.
                var stream = new SlowStream(length: 256 * 1024, honourToken) { MaxRead = 1024, CancelOnRead = 3, ToCancel = cts };
                var ex = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => a.Async(o, 3, new byte[] { 7 }, stream, cts.Token));
                Assert.Equal(cts.Token, ex.CancellationToken);
                string what = $"{a} {o} honourToken {honourToken}";
                Assert.True(stream.Reads >= 3, what + ": canceled before the stream canceled it");
                Assert.True(stream.ReadsAfterCancel <= 1, $"{what}: {stream.ReadsAfterCancel} reads after cancellation");
                Assert.True(stream.Position < stream.Length, what + ": read to the end");
            }
        }
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public async Task TokenCanceledByTimer_WhileSlowStreamIsWaiting_ThrowsOperationCanceled(string algorithm)
    {
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        using var cts = new CancellationTokenSource();
        // At ~1 ms a read this stream would take well over a second to end; the timer fires after 20 ms.
        var stream = new SlowStream(length: 4000L * 4096, honourToken: true) { MaxRead = 4096, DelayMilliseconds = 1 };
        cts.CancelAfter(20);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => a.Async(Overload.DigestLengthAndKey, 16, new byte[] { 1 }, stream, cts.Token));
        Assert.True(stream.Position < stream.Length);
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public async Task UncanceledToken_SlowStream_CompletesWithTheRightDigest(string algorithm)
    {
        StreamAlgorithm a = StreamAlgorithm.Parse(algorithm);
        using var cts = new CancellationTokenSource();
        var stream = new SlowStream(length: 3 * Chunk + 5, honourToken: true) { MaxRead = Chunk / 3, DelayMilliseconds = 0 };
        byte[] actual = await a.Async(Overload.Key, 0, new byte[] { 9, 9 }, stream, cts.Token);
        byte[] expected = a.Span(Overload.Key, 0, new byte[] { 9, 9 }, SlowStream.Content(3 * Chunk + 5));
        Assert.Equal(Hex(expected), Hex(actual));
    }

    // ---------------------------------------------------------------- allocations

    [Fact]
    public void ComputeHash_MemoryStream_AllocatesLittleMoreThanTheDigest()
    {
        // The 128 KiB read buffer comes from the shared array pool: after a warm-up the call allocates the
        // digest array and (at most) small change, never a fresh chunk buffer.
        byte[] input = new byte[Chunk + 1000];
        new Random(1).NextBytes(input);
        using var stream = new MemoryStream(input);
        foreach (StreamAlgorithm a in StreamAlgorithm.All)
        {
            long best = long.MaxValue;
            for (int attempt = 0; attempt < 4; attempt++)
            {
                stream.Position = 0;
                long before = GC.GetAllocatedBytesForCurrentThread();
                byte[] digest = a.Sync(Overload.Plain, 0, Array.Empty<byte>(), stream);
                long after = GC.GetAllocatedBytesForCurrentThread();
                Assert.Equal(a.MaxDigestLength, digest.Length);
                if (attempt >= 2) // the first calls warm up the JIT and the pool
                    best = Math.Min(best, after - before);
            }
            long budget = 1024 + 24 + a.MaxDigestLength;
            Assert.True(best < budget, $"{a}: ComputeHash(Stream) allocated {best} bytes (budget {budget})");
        }
    }

    private static string Hex(ReadOnlySpan<byte> bytes) => Infrastructure.Hex.Encode(bytes);

    // ---------------------------------------------------------------- test streams

    /// <summary>A read-only, non-seekable stream over a byte array that returns short reads of random sizes.</summary>
    internal sealed class ShortReadStream : Stream
    {
        private readonly byte[] _data;
        private readonly Random _random;
        private int _position;

        public ShortReadStream(byte[] data, int seed)
        {
            _data = data;
            _random = new Random(seed);
        }

        /// <summary>Makes the synchronous Read methods throw (for the async overloads).</summary>
        public bool ForbidSyncReads { get; init; }

        public int Remaining => _data.Length - _position;

        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        public override int Read(Span<byte> buffer)
        {
            if (ForbidSyncReads)
                throw new InvalidOperationException("The async hash read this stream synchronously.");
            return ReadCore(buffer);
        }

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (_random.Next(4) == 0)
                await Task.Yield(); // complete asynchronously now and then
            return ReadCore(buffer.Span);
        }

        private int ReadCore(Span<byte> buffer)
        {
            if (buffer.IsEmpty || Remaining == 0)
                return 0;
            int n = _random.Next(5) switch
            {
                0 => _random.Next(1, 17),
                1 => _random.Next(1, 1000),
                2 => _random.Next(1, buffer.Length + 1),
                3 => buffer.Length - _random.Next(0, Math.Min(buffer.Length, 200)),
                _ => buffer.Length,
            };
            n = Math.Min(n, Math.Min(Remaining, buffer.Length));
            _data.AsSpan(_position, n).CopyTo(buffer);
            _position += n;
            return n;
        }

        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }

    /// <summary>An async stream of a known pattern that waits before each read and can cancel a token itself.</summary>
    private sealed class SlowStream : Stream
    {
        private readonly long _length;
        private readonly bool _honourToken;
        private long _position;

        public SlowStream(long length, bool honourToken)
        {
            _length = length;
            _honourToken = honourToken;
        }

        public int MaxRead { get; init; } = int.MaxValue;
        public int DelayMilliseconds { get; init; } = 1;
        /// <summary>During this read (1-based) the stream cancels <see cref="ToCancel"/>, then returns its data anyway.</summary>
        public int CancelOnRead { get; init; }
        public CancellationTokenSource? ToCancel { get; init; }
        public int Reads { get; private set; }
        public int ReadsAfterCancel { get; private set; }

        /// <summary>The bytes this stream delivers: byte i is (i * 7 + i / 251) mod 256.</summary>
        public static byte[] Content(int length)
        {
            var bytes = new byte[length];
            for (int i = 0; i < length; i++)
                bytes[i] = Pattern(i);
            return bytes;
        }

        private static byte Pattern(long i) => (byte)(i * 7 + i / 251);

        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => _length;
        public override long Position { get => _position; set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count) => throw new InvalidOperationException("The async hash read this stream synchronously.");

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            Reads++;
            if (ToCancel is not null && ToCancel.IsCancellationRequested)
                ReadsAfterCancel++;
            CancellationToken token = _honourToken ? cancellationToken : CancellationToken.None;
            if (DelayMilliseconds > 0)
                await Task.Delay(DelayMilliseconds, token);
            else
                await Task.Yield();
            token.ThrowIfCancellationRequested();
            if (Reads == CancelOnRead)
                ToCancel!.Cancel();

            int n = (int)Math.Min(Math.Min(buffer.Length, MaxRead), _length - _position);
            Span<byte> span = buffer.Span;
            for (int i = 0; i < n; i++)
                span[i] = Pattern(_position + i);
            _position += n;
            return n;
        }

        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }

    /// <summary>A stream that can only be written to.</summary>
    private sealed class WriteOnlyStream : Stream
    {
        public int Writes { get; private set; }
        public override bool CanRead => false;
        public override bool CanSeek => false;
        public override bool CanWrite => true;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException("write-only");
        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => Writes++;
    }
}
