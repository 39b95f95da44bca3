using System;

namespace Blake2Fast.Tests.Infrastructure;

public static class Hex
{
    public static byte[] Decode(string hex) => Convert.FromHexString(hex);
    public static string Encode(ReadOnlySpan<byte> bytes) => Convert.ToHexString(bytes).ToLowerInvariant();

    /// <summary>The bytes 00 01 02 ... (n-1) mod 256, as the official vectors use.</summary>
    public static byte[] Sequence(int n)
    {
        var bytes = new byte[n];
        for (int i = 0; i < n; i++)
            bytes[i] = (byte)i;
        return bytes;
    }
}
