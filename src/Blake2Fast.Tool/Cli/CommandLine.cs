using System;
using System.Collections.Generic;
using System.Linq;

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
internal static partial class CommandLine
{
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
}
