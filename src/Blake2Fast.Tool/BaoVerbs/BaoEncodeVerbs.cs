using System;
using System.Collections.Generic;
using System.IO;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool.BaoVerbs;

/// <summary><c>b2fsum --bao hash</c> and <c>encode</c>: a file's root hash, and its combined or outboard encoding.</summary>
internal static class BaoEncodeVerbs
{
    internal static int Hash(List<string> files, string? outboard, ToolContext context)
    {
        BaoArguments.NoOutboard(outboard, "hash");
        if (files.Count == 0)
        {
            files.Add("-");
        }

        bool ok = true;
        foreach (string name in files)
        {
            try
            {
                using Stream input = BaoStreams.OpenInput(name, context);
                string hex = Convert.ToHexString(Blake3.HashData(input)).ToLowerInvariant();
                context.Stdout.Write(files.Count > 1 ? hex + "  " + name + "\n" : hex + "\n");
            }
            catch (BaoStreams.OpenFailure failure)
            {
                context.Error(context.QuoteName(failure.Name) + ": " + failure.Message);
                ok = false;
            }
            catch (IOException ex)
            {
                context.Error(context.QuoteName(name) + ": " + FileOpening.Describe(ex));
                ok = false;
            }
        }

        return ok ? 0 : 1;
    }

    internal static int Encode(List<string> args, string? outboard, ToolContext context)
    {
        // bao: encode <input> (<output> | --outboard=<file>)
        if (args.Count != (outboard is null ? 2 : 1))
        {
            throw new BaoArguments.BadArgument(outboard is null ? "encode takes INPUT and OUTPUT" : "encode with --outboard takes INPUT only");
        }

        string inputName = args[0];
        string outputName = outboard ?? args[1];
        bool files;
        using (Stream input = BaoStreams.OpenInput(inputName, context))
        using (Stream output = BaoStreams.OpenOutput(outputName, context))
        {
            // A file to a file: read, hashed and written on every core. Opened first all the same, for the tool's
            // messages about a missing input or an output that cannot be created.
            files = input.CanSeek && output.CanSeek;
            if (!files)
            {
                return BaoCommands.Guard(inputName, context, () => Bao.Encode(input, output, outboard is not null));
            }
        }

        return BaoCommands.Guard(inputName, context, () => Bao.EncodeFileParallel(context.ResolvePath(inputName), context.ResolvePath(outputName), outboard is not null));
    }
}
