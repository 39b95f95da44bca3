using System;
using System.Globalization;

namespace Blake2Fast.Tool.BaoVerbs;

/// <summary>The Bao verbs' arguments: a root hash in hexadecimal, byte counts, and the refusal of a bad one.</summary>
internal static class BaoArguments
{
    internal static byte[] ParseHash(string hex)
    {
        if (hex.Length != 2 * Bao.HashLength)
        {
            throw new BadArgument("a Bao hash is " + 2 * Bao.HashLength + " hexadecimal digits; " + hex.Length + " given");
        }

        try
        {
            return Convert.FromHexString(hex);
        }
        catch (FormatException)
        {
            throw new BadArgument("the hash is not hexadecimal: " + hex);
        }
    }

    internal static long ParseCount(string text, string what)
    {
        if (!long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out long value))
        {
            throw new BadArgument(what + " must be a non-negative whole number of bytes: " + text);
        }

        return value;
    }

    internal static void NoOutboard(string? outboard, string verb)
    {
        if (outboard is not null)
        {
            throw new BadArgument(verb + " takes no --outboard");
        }
    }

    internal sealed class BadArgument(string message) : Exception(message);
}
