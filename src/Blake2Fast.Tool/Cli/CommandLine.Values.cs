using System;
using System.Linq;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.Subtrees;

namespace Blake2Fast.Tool.Cli;

/// <summary>Each option applied to the options as it is read, and the parsing of its argument.</summary>
internal static partial class CommandLine
{
    private static ParseOutcome Apply(Id id, string? value, Options options, ToolContext context)
    {
        switch (id)
        {
            case Id.Algorithm:
                DigestAlgorithm? algorithm = ParseAlgorithm(value!, context);
                if (algorithm is null)
                {
                    return ParseOutcome.Failed;
                }

                options.Algorithm = algorithm;
                break;
            case Id.Binary:
                options.Binary = true;
                break;
            case Id.Text:
                options.Binary = false;
                break;
            case Id.Check:
                options.Check = true;
                break;
            case Id.IgnoreMissing:
                options.IgnoreMissing = true;
                break;
            case Id.Length:
                if (!TryParseLength(value!, options.Algorithm, context, out int bits))
                {
                    return ParseOutcome.Failed;
                }

                options.LengthBits = bits;
                options.LengthArgument = value;
                break;

            // --warn, --status and --quiet exclude each other: the last one given wins.
            case Id.Quiet:
                options.Quiet = true;
                options.Status = false;
                options.Warn = false;
                break;
            case Id.Status:
                options.Status = true;
                options.Quiet = false;
                options.Warn = false;
                break;
            case Id.Warn:
                options.Warn = true;
                options.Status = false;
                options.Quiet = false;
                break;
            case Id.Strict:
                options.Strict = true;
                break;
            case Id.Tag:
                options.Tag = true;
                break;
            case Id.Zero:
                options.Zero = true;
                break;
            case Id.Threads:
                if (!TryParseThreads(value!, context, out int threads))
                {
                    return ParseOutcome.Failed;
                }

                options.Threads = threads;
                break;
            case Id.Help:
                HelpText.WriteHelp(context.Stdout);
                return ParseOutcome.Done;
            case Id.Version:
                HelpText.WriteVersion(context.Stdout);
                return ParseOutcome.Done;
            case Id.Keyed:
                options.Keyed = true;
                break;
            case Id.DeriveKey:
                options.DeriveKeyContext = value;
                break;
            case Id.NoNames:
                options.NoNames = true;
                break;
            case Id.Raw:
                options.Raw = true;
                break;
            case Id.Subtree:
                if (!TryParseRange(value!, out long offset, out long length))
                {
                    context.UsageError("invalid range " + context.QuoteArgument(value!) + " for --subtree: expected OFFSET,LENGTH in bytes");
                    return ParseOutcome.Failed;
                }

                options.Subtree = (offset, length);
                break;
            case Id.Merge:
                options.Merge = true;
                break;
            case Id.Benchmark:
                options.Benchmark = true;
                break;
            case Id.Short:
                options.Short = true;
                break;
        }

        return ParseOutcome.Run;
    }

    /// <summary>Matches an <c>--algorithm</c> argument exactly or by an unambiguous prefix.</summary>
    private static DigestAlgorithm? ParseAlgorithm(string value, ToolContext context)
    {
        DigestAlgorithm? exact = DigestAlgorithm.All.FirstOrDefault(a => a.Name == value);
        if (exact is not null)
        {
            return exact;
        }

        DigestAlgorithm[] prefixed = value.Length == 0
            ? Array.Empty<DigestAlgorithm>()
            : DigestAlgorithm.All.Where(a => a.Name.StartsWith(value, StringComparison.Ordinal)).ToArray();
        if (prefixed.Length == 1)
        {
            return prefixed[0];
        }

        context.Error((prefixed.Length == 0 ? "invalid argument " : "ambiguous argument ")
            + context.QuoteArgument(value) + " for " + context.QuoteArgument("--algorithm"));
        string list = "Valid arguments are:\n"
            + string.Concat(DigestAlgorithm.All.Select(a => "  - " + context.QuoteArgument(a.Name) + "\n"));
        context.Stderr.Write(list);
        context.Stderr.Write("Try '" + ToolContext.ProgramName + " --help' for more information.\n");
        return null;
    }

    /// <summary>
    /// Parses <c>--length</c>: a decimal number of bits (leading blanks and a plus sign allowed), a multiple of 8 and
    /// no more than the algorithm's maximum; 0 means the maximum.
    /// </summary>
    private static bool TryParseLength(string text, DigestAlgorithm algorithm, ToolContext context, out int bits)
    {
        bits = 0;
        string invalid = "invalid length: " + context.QuoteArgument(text);
        int i = 0;
        while (i < text.Length && IsCSpace(text[i]))
        {
            i++;
        }

        if (i < text.Length && text[i] == '+')
        {
            i++;
        }

        if (i >= text.Length || !IsAsciiDigit(text[i]))
        {
            context.Error(invalid);
            return false;
        }

        ulong value = 0;
        bool overflow = false;
        for (; i < text.Length && IsAsciiDigit(text[i]); i++)
        {
            ulong digit = (ulong)(text[i] - '0');
            if (value > (ulong.MaxValue - digit) / 10)
            {
                overflow = true;
            }
            else
            {
                value = (value * 10) + digit;
            }
        }

        if (i != text.Length)
        {
            context.Error(invalid);
            return false;
        }

        if (overflow)
        {
            context.Error(invalid + ": Value too large for defined data type");
            return false;
        }

        if (value % 8 != 0)
        {
            context.Error(invalid);
            context.Error("length is not a multiple of 8");
            return false;
        }

        if (value > (ulong)algorithm.MaxDigestBits)
        {
            ReportTooLong(text, algorithm, context);
            return false;
        }

        bits = (int)value;
        return true;
    }

    /// <summary>
    /// Parses <c>--threads</c>: a positive decimal number (leading blanks and a plus sign allowed, as for
    /// <c>--length</c>); anything else is reported in coreutils' words for a bad count ("invalid number of ...").
    /// </summary>
    private static bool TryParseThreads(string text, ToolContext context, out int threads)
    {
        string trimmed = text.TrimStart(' ', '\t', '\n', '\v', '\f', '\r');
        string digits = trimmed.StartsWith("+", StringComparison.Ordinal) ? trimmed.Substring(1) : trimmed;
        threads = 0;
        bool valid = digits.Length > 0 && digits.All(IsAsciiDigit);
        if (valid && (!int.TryParse(digits, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out threads)))
        {
            context.Error("invalid number of threads: " + context.QuoteArgument(text) + ": Value too large for defined data type");
            return false;
        }

        if (!valid || threads == 0)
        {
            context.Error("invalid number of threads: " + context.QuoteArgument(text));
            return false;
        }

        return true;
    }

    private static void ReportTooLong(string text, DigestAlgorithm algorithm, ToolContext context)
    {
        context.Error("invalid length: " + context.QuoteArgument(text));
        context.Error("maximum digest length for " + context.QuoteArgument(algorithm.TagName)
            + " is " + algorithm.MaxDigestBits + " bits");
    }

    /// <summary>Reads <c>OFFSET,LENGTH</c>, two decimal byte counts.</summary>
    private static bool TryParseRange(string text, out long offset, out long length)
    {
        length = 0;
        int comma = text.IndexOf(',');
        return (offset = 0) == 0 && comma > 0
            && SubtreeLines.TryParseCount(text.Substring(0, comma), out offset)
            && SubtreeLines.TryParseCount(text.Substring(comma + 1), out length);
    }

    private static bool IsAsciiDigit(char c) => c >= '0' && c <= '9';

    /// <summary>The C locale's isspace: space, tab, newline, vertical tab, form feed, carriage return.</summary>
    internal static bool IsCSpace(char c) => c == ' ' || (c >= '\t' && c <= '\r');
}
