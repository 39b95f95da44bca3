using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.Subtrees;

namespace Blake2Fast.Tool.Cli;

/// <summary>How parsing the command line ended.</summary>
internal enum ParseOutcome
{
    /// <summary>Options are valid; go on and hash or check.</summary>
    Run,

    /// <summary>Help or version information was printed; exit 0.</summary>
    Done,

    /// <summary>An error was reported; exit 1.</summary>
    Failed,
}

/// <summary>
/// Parses the command line with the conventions of GNU getopt_long: options and operands in any order, clustered
/// short options (<c>-bl256</c>), <c>--name=value</c>, unambiguous abbreviations of long options (<c>--stat</c>),
/// and <c>--</c> to end the options. Errors are worded like getopt's.
/// </summary>
internal static class CommandLine
{
    private enum Id
    {
        Algorithm,
        Binary,
        Check,
        IgnoreMissing,
        Length,
        Quiet,
        Status,
        Strict,
        Tag,
        Text,
        Warn,
        Zero,
        Help,
        Version,
        Keyed,
        DeriveKey,
        NoNames,
        Raw,
        Threads,
        Subtree,
        Merge,
        Benchmark,
        Short,
    }

    /// <summary>A long option; <paramref name="Extension"/>: b2fsum's own, never part of an abbreviation b2sum also matches.</summary>
    private readonly record struct LongOption(string Name, bool HasArgument, Id Id, bool Extension = false);

    // Order matters: it is the order in which ambiguous abbreviations list their possibilities.
    private static readonly LongOption[] LongOptions =
    {
        new("algorithm", true, Id.Algorithm),
        new("binary", false, Id.Binary),
        new("check", false, Id.Check),
        new("ignore-missing", false, Id.IgnoreMissing),
        new("length", true, Id.Length),
        new("quiet", false, Id.Quiet),
        new("status", false, Id.Status),
        new("strict", false, Id.Strict),
        new("tag", false, Id.Tag),
        new("text", false, Id.Text),
        new("warn", false, Id.Warn),
        new("zero", false, Id.Zero),
        new("help", false, Id.Help),
        new("version", false, Id.Version),

        // b3sum's options, after b2sum's own so that abbreviations b2sum takes keep their meaning and messages.
        new("keyed", false, Id.Keyed),
        new("derive-key", true, Id.DeriveKey),
        new("no-names", false, Id.NoNames),
        new("raw", false, Id.Raw),
        new("threads", true, Id.Threads, Extension: true),
        new("num-threads", true, Id.Threads, Extension: true),
        new("subtree", true, Id.Subtree, Extension: true),
        new("merge", false, Id.Merge, Extension: true),
        new("benchmark", false, Id.Benchmark, Extension: true),
        new("short", false, Id.Short, Extension: true),
    };

    /// <summary>The short options, each another name of a long one.</summary>
    private static readonly (char Letter, Id Id)[] ShortOptions =
    {
        ('a', Id.Algorithm),
        ('b', Id.Binary),
        ('c', Id.Check),
        ('l', Id.Length),
        ('t', Id.Text),
        ('w', Id.Warn),
        ('z', Id.Zero),
    };

    /// <summary>
    /// Every option the parser accepts, as <c>--help</c> has to list it: each long name, with the letter of its short
    /// form where it has one (<c>('a', "algorithm")</c>).
    /// </summary>
    internal static IEnumerable<(char? Short, string Long)> AcceptedOptions =>
        LongOptions.Select(o => (ShortOptions.Where(s => s.Id == o.Id).Select(s => (char?)s.Letter).FirstOrDefault(), o.Name));

    private static Id? ShortOption(char c)
    {
        foreach ((char letter, Id id) in ShortOptions)
        {
            if (letter == c)
            {
                return id;
            }
        }

        return null;
    }

    /// <summary>The first long name of an option, for messages.</summary>
    private static string LongName(Id id) => LongOptions.First(o => o.Id == id).Name;

    public static ParseOutcome Parse(string[] args, ToolContext context, out Options options)
    {
        options = new Options();
        var given = new List<Id>();
        bool optionsEnded = false;
        for (int index = 0; index < args.Length; index++)
        {
            string arg = args[index];
            if (optionsEnded || arg.Length < 2 || arg[0] != '-')
            {
                options.Files.Add(arg);
                continue;
            }

            if (arg == "--")
            {
                optionsEnded = true;
                continue;
            }

            if (arg[1] == '-')
            {
                // Long option, possibly abbreviated, possibly with "=value".
                string body = arg.Substring(2);
                int equals = body.IndexOf('=');
                string name = equals < 0 ? body : body.Substring(0, equals);
                string? inlineValue = equals < 0 ? null : body.Substring(equals + 1);

                LongOption[] matches = LongOptions.Where(o => o.Name == name).ToArray();
                if (matches.Length == 0)
                {
                    matches = LongOptions.Where(o => o.Name.StartsWith(name, StringComparison.Ordinal)).ToArray();
                    if (matches.Length > 1 && matches.Any(o => !o.Extension))
                    {
                        // "--t" stays b2sum's "--tag or --text", not "or --threads".
                        matches = matches.Where(o => !o.Extension).ToArray();
                    }
                }

                if (matches.Length == 0)
                {
                    context.UsageError("unrecognized option '" + arg + "'");
                    return ParseOutcome.Failed;
                }

                if (matches.Length > 1)
                {
                    context.UsageError("option '" + arg + "' is ambiguous; possibilities:"
                        + string.Concat(matches.Select(m => " '--" + m.Name + "'")));
                    return ParseOutcome.Failed;
                }

                LongOption option = matches[0];
                string? value = null;
                if (option.HasArgument)
                {
                    if (inlineValue is not null)
                    {
                        value = inlineValue;
                    }
                    else if (index + 1 < args.Length)
                    {
                        value = args[++index];
                    }
                    else
                    {
                        context.UsageError("option '--" + option.Name + "' requires an argument");
                        return ParseOutcome.Failed;
                    }
                }
                else if (inlineValue is not null)
                {
                    context.UsageError("option '--" + option.Name + "' doesn't allow an argument");
                    return ParseOutcome.Failed;
                }

                ParseOutcome outcome = Apply(option.Id, value, options, context);
                if (outcome != ParseOutcome.Run)
                {
                    return outcome;
                }

                given.Add(option.Id);
                continue;
            }

            // A cluster of short options; one taking an argument swallows the rest of the cluster or the next word.
            for (int position = 1; position < arg.Length; position++)
            {
                char c = arg[position];
                Id? id = ShortOption(c);
                if (id is null)
                {
                    context.UsageError("invalid option -- '" + c + "'");
                    return ParseOutcome.Failed;
                }

                string? value = null;
                if (id is Id.Algorithm or Id.Length)
                {
                    if (position + 1 < arg.Length)
                    {
                        value = arg.Substring(position + 1);
                    }
                    else if (index + 1 < args.Length)
                    {
                        value = args[++index];
                    }
                    else
                    {
                        context.UsageError("option requires an argument -- '" + c + "'");
                        return ParseOutcome.Failed;
                    }

                    position = arg.Length;
                }

                ParseOutcome outcome = Apply(id.Value, value, options, context);
                if (outcome != ParseOutcome.Run)
                {
                    return outcome;
                }

                given.Add(id.Value);
            }
        }

        return Validate(options, given, context);
    }

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

    /// <summary>Checks combinations once every option is known.</summary>
    private static ParseOutcome Validate(Options options, List<Id> given, ToolContext context)
    {
        string? benchmarkProblem = BenchmarkProblem(options, given, context);
        if (benchmarkProblem is not null)
        {
            context.UsageError(benchmarkProblem);
            return ParseOutcome.Failed;
        }

        if (options.Benchmark)
        {
            context.Settings.BeforeRun?.Invoke(options);
            return ParseOutcome.Run;
        }

        // The length may have been given before the algorithm; check it against the final choice.
        if (options.LengthBits > options.Algorithm.MaxDigestBits)
        {
            ReportTooLong(options.LengthArgument ?? string.Empty, options.Algorithm, context);
            return ParseOutcome.Failed;
        }

        if (options.Algorithm.FixedLength && options.LengthBits != 0 && options.LengthBits != options.Algorithm.MaxDigestBits)
        {
            context.Error("invalid length: " + context.QuoteArgument(options.LengthArgument ?? string.Empty));
            context.Error("digest length for " + context.QuoteArgument(options.Algorithm.TagName)
                + " must be " + options.Algorithm.MaxDigestBits + " bits");
            return ParseOutcome.Failed;
        }

        string? problem = null;
        if (options.Check)
        {
            if (options.Zero)
            {
                problem = "the --zero option is not supported when verifying checksums";
            }
            else if (options.Tag)
            {
                problem = "the --tag option is meaningless when verifying checksums";
            }
            else if (options.Binary is not null)
            {
                problem = "the --binary and --text options are meaningless when verifying checksums";
            }
        }
        else if (options.IgnoreMissing)
        {
            problem = "the --ignore-missing option is meaningful only when verifying checksums";
        }
        else if (options.Warn)
        {
            problem = "the --warn option is meaningful only when verifying checksums";
        }
        else if (options.Status)
        {
            problem = "the --status option is meaningful only when verifying checksums";
        }
        else if (options.Quiet)
        {
            problem = "the --quiet option is meaningful only when verifying checksums";
        }
        else if (options.Strict)
        {
            problem = "the --strict option is meaningful only when verifying checksums";
        }

        problem ??= KeyedModes.Problem(options, context) ?? SubtreeCommands.Problem(options, context);
        if (problem is not null)
        {
            context.UsageError(problem);
            return ParseOutcome.Failed;
        }

        if (options.Files.Count == 0)
        {
            options.Files.Add("-");
        }

        context.Settings.BeforeRun?.Invoke(options);
        return KeyedModes.Apply(options, context) ? ParseOutcome.Run : ParseOutcome.Failed;
    }

    /// <summary>
    /// What is wrong with <c>--benchmark</c> and <c>--short</c> among the other options; null when nothing is. The
    /// kernel benchmark reads no FILE and takes no other option, so an operand is an extra operand, as for any
    /// coreutils command that takes none.
    /// </summary>
    private static string? BenchmarkProblem(Options options, List<Id> given, ToolContext context)
    {
        if (!options.Benchmark)
        {
            return options.Short ? "the --short option is meaningful only with --benchmark" : null;
        }

        if (options.Files.Count > 0)
        {
            return "extra operand " + context.QuoteArgument(options.Files[0]);
        }

        Id? other = given.Where(id => id is not (Id.Benchmark or Id.Short)).Select(id => (Id?)id).FirstOrDefault();
        return other is null ? null : "the --" + LongName(other.Value) + " option is meaningless with --benchmark";
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
