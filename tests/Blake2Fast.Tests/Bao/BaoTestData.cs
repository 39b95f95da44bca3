using System;
using System.IO;
using System.Linq;
using System.Text.Json;

namespace Blake2Fast.Tests.BaoSuite;

/// <summary>
/// The Bao test vectors (TestData/bao/test_vectors.json, from github.com/oconnor663/bao at commit 3466bb3,
/// CC0-1.0 OR Apache-2.0), their inputs, and streams that cannot seek or that return short reads.
/// </summary>
internal static class BaoTestData
{
    private static readonly Lazy<JsonDocument> Document = new(() => TestDataFiles.Load(Path.Combine("bao", "test_vectors.json")));

    public static JsonElement Root => Document.Value.RootElement;

    /// <summary>The vectors' input: a 4-byte little-endian counter from 1, cut to <paramref name="length"/> (generate_input.py).</summary>
    public static byte[] Input(int length)
    {
        var input = new byte[length];
        for (int i = 0; i < length; i++)
            input[i] = (byte)((i / 4 + 1) >> (8 * (i % 4)));
        return input;
    }

    /// <summary>Random bytes from a seed (printed by the tests that use it).</summary>
    public static byte[] Random(int length, int seed)
    {
        var data = new byte[length];
        new Random(seed).NextBytes(data);
        return data;
    }

    public static byte[] Hex(JsonElement element, string name) => Convert.FromHexString(element.GetProperty(name).GetString()!);

    public static byte[] Blake3Of(byte[] data) => Blake3.HashData(data);

    /// <summary>Reads <paramref name="stream"/> to its end through small odd-sized reads.</summary>
    public static byte[] ReadAll(Stream stream, int pieceLength = 777)
    {
        using var result = new MemoryStream();
        var buffer = new byte[pieceLength];
        int n;
        while ((n = stream.Read(buffer, 0, buffer.Length)) > 0)
            result.Write(buffer, 0, n);
        return result.ToArray();
    }

    /// <summary>
    /// Reads until the decoder throws or ends; returns what it yielded and the exception (null when it ended).
    /// </summary>
    public static (byte[] Yielded, BaoVerificationException? Error) ReadUntilError(Stream stream, int pieceLength = 500)
    {
        using var result = new MemoryStream();
        var buffer = new byte[pieceLength];
        try
        {
            int n;
            while ((n = stream.Read(buffer, 0, buffer.Length)) > 0)
                result.Write(buffer, 0, n);
            return (result.ToArray(), null);
        }
        catch (BaoVerificationException e)
        {
            return (result.ToArray(), e);
        }
    }

    public static byte[] Flip(byte[] data, int index)
    {
        byte[] copy = data.ToArray();
        copy[index] ^= 1;
        return copy;
    }
}

/// <summary>A read-only or write-only stream that cannot seek, and returns at most <c>maxRead</c> bytes a read (short reads).</summary>
internal sealed class ForwardOnlyStream(Stream inner, int maxRead = int.MaxValue) : Stream
{
    public override bool CanRead => inner.CanRead;
    public override bool CanSeek => false;
    public override bool CanWrite => inner.CanWrite;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
    public override void Flush() => inner.Flush();
    public override int Read(byte[] buffer, int offset, int count) => inner.Read(buffer, offset, Math.Min(count, maxRead));
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();
    public override void Write(byte[] buffer, int offset, int count) => inner.Write(buffer, offset, count);
}
