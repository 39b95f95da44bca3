using System;
using Blake2Fast;

namespace Blake2Fast.Tests.DocExamples;

/// <summary>The example of docs/errors.md, verbatim (<see cref="DocExampleTests"/> checks it), run and its results asserted.</summary>
public class ErrorsExamples
{
    [Fact]
    public void TryReturnsFalse_AndAnEmptyKeyIsRefused()
    {
        byte[] data = "hello"u8.ToArray();
        Span<byte> small = stackalloc byte[16];
        bool fits = Blake2b.TryHashData(data, small, out int bytesWritten);  // false: 64 bytes do not fit; nothing written
        string? refused = null;
        try
        {
            Blake2s.Keyed.HashData(ReadOnlySpan<byte>.Empty, data);          // an empty key is refused, never "unkeyed"
        }
        catch (ArgumentException e)
        {
            refused = e.ParamName;                                           // "key"
        }

        Assert.False(fits);
        Assert.Equal(0, bytesWritten);
        Assert.Equal(new byte[16], small.ToArray());
        Assert.Equal("key", refused);
    }
}
