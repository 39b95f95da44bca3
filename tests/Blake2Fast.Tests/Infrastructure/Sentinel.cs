using System;

namespace Blake2Fast.Tests;

/// <summary>Output buffers pre-filled with a sentinel, so a test can prove that nothing (or only a part) was written.</summary>
internal static class Sentinel
{
    public const byte Value = 0xAA;

    public static byte[] Buffer(int length)
    {
        var buffer = new byte[length];
        buffer.AsSpan().Fill(Value);
        return buffer;
    }

    /// <summary>Fails, naming the first changed index, unless every byte of <paramref name="span"/> still holds the sentinel.</summary>
    public static void AssertUntouched(ReadOnlySpan<byte> span)
    {
        int changed = span.IndexOfAnyExcept(Value);
        Assert.True(changed < 0, $"Byte {changed} of a refused output was written; it must still hold the sentinel 0x{Value:x2}.");
    }

    /// <summary>Fails, naming the first changed index, unless every byte of <paramref name="buffer"/> in the range still holds the sentinel.</summary>
    public static void AssertUntouched(byte[] buffer, int start = 0, int length = -1)
    {
        if (length < 0)
            length = buffer.Length - start;
        for (int i = start; i < start + length; i++)
        {
            if (buffer[i] != Value)
                Assert.Fail($"Byte {i} of the {buffer.Length}-byte output buffer was overwritten (0x{buffer[i]:x2}); it must still hold the sentinel 0x{Value:x2}.");
        }
    }
}
