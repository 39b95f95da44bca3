using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Blake2Fast.Internal;

/// <summary>
/// The check every keyed entry point makes first: a key that is missing must not turn a MAC into a plain hash. In the
/// parameter block an empty key means "unkeyed", and a null array becomes an empty span, so both are refused here.
/// </summary>
internal static class KeyGuard
{
    /// <summary>Returns <paramref name="key"/> if it holds at least one byte; otherwise throws, naming <paramref name="paramName"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ReadOnlySpan<byte> Require(ReadOnlySpan<byte> key, string paramName = "key")
    {
        if (key.IsEmpty)
            ThrowHelper.KeyMissing(paramName, IsNull(key));
        return key;
    }

    /// <inheritdoc cref="Require(ReadOnlySpan{byte}, string)"/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ReadOnlySpan<byte> Require(ReadOnlyMemory<byte> key, string paramName = "key") => Require(key.Span, paramName);

    // A null array converts to the default span, whose reference is null; an empty array's span points into the array.
    private static bool IsNull(ReadOnlySpan<byte> key) => Unsafe.IsNullRef(ref MemoryMarshal.GetReference(key));
}
