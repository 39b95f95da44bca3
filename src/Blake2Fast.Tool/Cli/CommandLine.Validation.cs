using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Tool.Subtrees;

namespace Blake2Fast.Tool.Cli;

/// <summary>The checks of option combinations, made once every option is read.</summary>
internal static partial class CommandLine
{
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
}
