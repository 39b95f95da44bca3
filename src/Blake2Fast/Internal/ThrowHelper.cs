using System;
using System.Diagnostics.CodeAnalysis;

namespace Blake2Fast.Internal;

/// <summary>Throws from out-of-line methods so the callers' hot paths stay small enough to inline.</summary>
internal static class ThrowHelper
{
    [DoesNotReturn]
    public static void DigestLengthOutOfRange(string paramName, int value, int max) =>
        throw new ArgumentOutOfRangeException(paramName, value, $"The digest length must be between 1 and {max} bytes.");

    [DoesNotReturn]
    public static void InnerLengthOutOfRange(string paramName, int value, int max) =>
        throw new ArgumentOutOfRangeException(paramName, value, $"The inner hash length must be between 0 and {max} bytes.");

    [DoesNotReturn]
    public static void TooLong(string paramName, int max) =>
        throw new ArgumentException($"The value must be at most {max} bytes long.", paramName);

    [DoesNotReturn]
    public static void NodeOffsetOutOfRange(string paramName, int bits) =>
        throw new ArgumentOutOfRangeException(paramName, $"The node offset must be below 2^{bits}.");

    [DoesNotReturn]
    public static void DestinationTooSmall(string paramName, int needed) =>
        throw new ArgumentException($"The destination must be at least {needed} bytes long.", paramName);

    [DoesNotReturn]
    public static void KeyEmpty(string paramName) =>
        throw new ArgumentException("The key is empty (a null array passed for a key arrives empty). " + KeyHint, paramName);

    [DoesNotReturn]
    public static void KeyNull(string paramName) =>
        throw new ArgumentNullException(paramName, "The key is null. " + KeyHint);

    private const string KeyHint = "A keyed hash needs a key of at least one byte; to hash without a key, call the overload without one.";

    /// <param name="stateName">The public state type, e.g. "Blake256HashState" (from <c>nameof</c>).</param>
    /// <param name="factory">The member that makes it, e.g. "Blake256.CreateIncrementalHasher".</param>
    [DoesNotReturn]
    public static void StateNotInitialized(string stateName, string factory) =>
        throw new InvalidOperationException($"This {stateName} is not initialized (it is default). Create it with {factory}.");

    [DoesNotReturn]
    public static void StateFinished() =>
        throw new InvalidOperationException("The hash has already been finished; create a new state to hash again.");

    [DoesNotReturn]
    public static void ReadPastEnd(string paramName, long remaining) =>
        throw new ArgumentException($"Only {remaining} bytes of output remain of the declared length.", paramName);
}
