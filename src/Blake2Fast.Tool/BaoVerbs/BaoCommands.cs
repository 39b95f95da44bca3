using System;
using System.Collections.Generic;
using System.IO;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool.BaoVerbs;

/// <summary>
/// <c>b2fsum --bao VERB ...</c>: the <c>bao</c> command line's verbs (oconnor663/bao), on the library's public Bao API.
/// <c>--bao</c> comes first, so that every other command line means what it means to <c>b2sum</c> (a file may be
/// called <c>encode</c>). Paths or <c>-</c> for the standard streams; decoding writes only verified bytes and, at the
/// first corrupt or missing one, stops with an error naming the input offset and exit status 1.
/// </summary>
internal static class BaoCommands
{
    public const string Usage =
        "Usage: b2fsum --bao hash [FILE]...\n" +
        "  or:  b2fsum --bao encode INPUT (OUTPUT | --outboard=FILE)\n" +
        "  or:  b2fsum --bao decode HASH [INPUT] [OUTPUT] [--outboard=FILE]\n" +
        "  or:  b2fsum --bao slice START COUNT [INPUT] [OUTPUT] [--outboard=FILE]\n" +
        "  or:  b2fsum --bao decode-slice HASH START COUNT [INPUT] [OUTPUT]\n" +
        "Bao, BLAKE3's verified streaming, as the bao command line has it. With --outboard, INPUT is the data and\n" +
        "FILE the outboard tree. A missing INPUT or OUTPUT, or -, is standard input or output.\n";

    /// <summary>Runs the verb in <paramref name="args"/> (the arguments after <c>--bao</c>).</summary>
    public static int Run(IReadOnlyList<string> args, ToolContext context)
    {
        var positional = new List<string>();
        string? outboard = null;
        for (int i = 0; i < args.Count; i++)
        {
            string arg = args[i];
            if (arg.StartsWith("--outboard=", StringComparison.Ordinal))
            {
                outboard = arg.Substring("--outboard=".Length);
            }
            else if (arg == "--outboard")
            {
                if (++i == args.Count)
                {
                    context.UsageError("option '--outboard' requires an argument");
                    return 1;
                }

                outboard = args[i];
            }
            else if (arg == "--help")
            {
                context.Stdout.Write(Usage);
                return 0;
            }
            else if (arg.Length > 1 && arg[0] == '-' && arg != "-")
            {
                context.UsageError("unrecognized option for --bao " + context.QuoteArgument(arg));
                return 1;
            }
            else
            {
                positional.Add(arg);
            }
        }

        if (positional.Count == 0)
        {
            context.UsageError("--bao needs a verb: hash, encode, decode, slice or decode-slice");
            return 1;
        }

        string verb = positional[0];
        positional.RemoveAt(0);
        try
        {
            return verb switch
            {
                "hash" => BaoEncodeVerbs.Hash(positional, outboard, context),
                "encode" => BaoEncodeVerbs.Encode(positional, outboard, context),
                "decode" => BaoDecodeVerbs.Decode(positional, outboard, context),
                "slice" => BaoDecodeVerbs.Slice(positional, outboard, context),
                "decode-slice" => BaoDecodeVerbs.DecodeSlice(positional, outboard, context),
                _ => Refuse("unknown --bao verb " + context.QuoteArgument(verb) + " (hash, encode, decode, slice or decode-slice)", context),
            };
        }
        catch (BaoArguments.BadArgument bad)
        {
            return Refuse(bad.Message, context);
        }
        catch (BaoStreams.OpenFailure failure)
        {
            context.Error(context.QuoteName(failure.Name) + ": " + failure.Message);
            return 1;
        }
    }

    /// <summary>
    /// Runs <paramref name="work"/>, turning a verification failure or an I/O error into the tool's message about
    /// <paramref name="name"/> (what was written before it was verified) and exit status 1.
    /// </summary>
    internal static int Guard(string name, ToolContext context, Func<byte[]?> work)
    {
        try
        {
            work();
            return 0;
        }
        catch (BaoVerificationException ex)
        {
            context.Error(context.QuoteName(name) + ": " + ex.Message);
            return 1;
        }
        catch (IOException ex)
        {
            context.Error(context.QuoteName(name) + ": " + FileOpening.Describe(ex));
            return 1;
        }
        catch (ArgumentException ex)
        {
            // The library's refusal of the request itself (a slice's range, a stream that cannot be used).
            context.Error(ex.Message.Split(" (Parameter", 2)[0]);
            return 1;
        }
    }

    internal static int Refuse(string message, ToolContext context)
    {
        context.Error(message);
        context.Stderr.Write("Try '" + ToolContext.ProgramName + " --bao --help' for more information.\n");
        context.Stderr.Flush();
        return 1;
    }
}
