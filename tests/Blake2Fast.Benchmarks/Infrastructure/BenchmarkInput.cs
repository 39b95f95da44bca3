using System;

namespace Blake2Fast.Benchmarks.Infrastructure;

internal static class BenchmarkInput
{
    /// <summary>Deterministic pseudo-random input, so every run and every peer hashes the same bytes.</summary>
    public static byte[] Create(int size)
    {
        var data = new byte[size];
        new Random(20260101 + size).NextBytes(data);
        return data;
    }

    /// <summary>Throws when a peer's digest differs from Blake2Fast's, so a benchmark cannot time a wrong function.</summary>
    public static void Verify(string peer, ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual)
    {
        if (!expected.SequenceEqual(actual))
        {
            throw new InvalidOperationException(
                $"{peer} digest {Convert.ToHexString(actual)} differs from Blake2Fast's {Convert.ToHexString(expected)}; refusing to benchmark it.");
        }
    }
}
