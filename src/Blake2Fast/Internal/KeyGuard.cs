using System;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Internal;

/// <summary>
/// The check every keyed entry point makes first: a key that is missing must not turn a MAC into a plain hash (in the
/// parameter block an empty key means "unkeyed"). One rule for every entry point: an empty key is an
/// <see cref="ArgumentException"/> naming the parameter; a null array where the parameter is an array is an
/// <see cref="ArgumentNullException"/>. A null array passed to a span parameter arrives as an empty span, which cannot
/// be told from <c>ReadOnlySpan&lt;byte&gt;.Empty</c>, so it is reported as empty.
/// </summary>
internal static class KeyGuard
{
    /// <summary>Returns <paramref name="key"/> if it holds at least one byte; otherwise throws <see cref="ArgumentException"/> naming <paramref name="paramName"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ReadOnlySpan<byte> Require(ReadOnlySpan<byte> key, string paramName = "key")
    {
        if (key.IsEmpty)
            ThrowHelper.KeyEmpty(paramName);
        return key;
    }

    /// <inheritdoc cref="Require(ReadOnlySpan{byte}, string)"/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ReadOnlySpan<byte> Require(ReadOnlyMemory<byte> key, string paramName = "key") => Require(key.Span, paramName);

    /// <summary>
    /// The check of a key parameter that is an array (the <c>HMAC.Key</c> setter): null throws
    /// <see cref="ArgumentNullException"/>, empty <see cref="ArgumentException"/>, each naming <paramref name="paramName"/>.
    /// </summary>
    public static byte[] RequireArray(byte[]? key, string paramName)
    {
        if (key is null)
            ThrowHelper.KeyNull(paramName);
        Require(key, paramName);
        return key;
    }
}
