using System;
using System.Collections.Generic;
using System.IO;

namespace Blake2Fast.Tool.BaoVerbs;

/// <summary><c>b2fsum --bao decode</c>, <c>slice</c> and <c>decode-slice</c>: verified bytes out, and slices of an encoding.</summary>
internal static class BaoDecodeVerbs
{
    internal static int Decode(List<string> args, string? outboard, ToolContext context)
    {
        // bao: decode <hash> [<input>] [<output>] [--outboard=<file>]
        if (args.Count is < 1 or > 3)
        {
            throw new BaoArguments.BadArgument("decode takes HASH, then INPUT and OUTPUT if given");
        }

        byte[] hash = BaoArguments.ParseHash(args[0]);
        string inputName = args.Count > 1 ? args[1] : "-";
        using Stream input = BaoStreams.OpenInput(inputName, context);
        using Stream? tree = outboard is null ? null : BaoStreams.OpenInput(outboard, context);
        using Stream output = BaoStreams.OpenOutput(args.Count > 2 ? args[2] : "-", context);
        return BaoCommands.Guard(outboard ?? inputName, context, () =>
        {
            using var decoder = tree is null ? new BaoDecoder(input, hash, leaveOpen: true) : new BaoDecoder(tree, input, hash, leaveOpen: true);
            Copy(decoder, output);
            return null;
        });
    }

    internal static int Slice(List<string> args, string? outboard, ToolContext context)
    {
        // bao: slice <start> <count> [<input>] [<output>] [--outboard=<file>]
        if (args.Count is < 2 or > 4)
        {
            throw new BaoArguments.BadArgument("slice takes START and COUNT, then INPUT and OUTPUT if given");
        }

        long start = BaoArguments.ParseCount(args[0], "START");
        long count = BaoArguments.ParseCount(args[1], "COUNT");
        string inputName = args.Count > 2 ? args[2] : "-";
        using Stream input = BaoStreams.OpenInput(inputName, context);
        using Stream? tree = outboard is null ? null : BaoStreams.OpenInput(outboard, context);
        using Stream output = BaoStreams.OpenOutput(args.Count > 3 ? args[3] : "-", context);
        return BaoCommands.Guard(outboard ?? inputName, context, () =>
        {
            if (tree is null)
            {
                Bao.ExtractSlice(input, output, start, count);
            }
            else
            {
                Bao.ExtractSlice(tree, input, output, start, count);
            }

            return null;
        });
    }

    internal static int DecodeSlice(List<string> args, string? outboard, ToolContext context)
    {
        // bao: decode-slice <hash> <start> <count> [<input>] [<output>]
        BaoArguments.NoOutboard(outboard, "decode-slice");
        if (args.Count is < 3 or > 5)
        {
            throw new BaoArguments.BadArgument("decode-slice takes HASH, START and COUNT, then INPUT and OUTPUT if given");
        }

        byte[] hash = BaoArguments.ParseHash(args[0]);
        long start = BaoArguments.ParseCount(args[1], "START");
        long count = BaoArguments.ParseCount(args[2], "COUNT");
        string inputName = args.Count > 3 ? args[3] : "-";
        using Stream input = BaoStreams.OpenInput(inputName, context);
        using Stream output = BaoStreams.OpenOutput(args.Count > 4 ? args[4] : "-", context);
        return BaoCommands.Guard(inputName, context, () =>
        {
            using BaoDecoder decoder = BaoDecoder.ForSlice(input, hash, start, count, leaveOpen: true);
            Copy(decoder, output);
            return null;
        });
    }

    /// <summary>
    /// Copies the verified bytes out as they come. Not <see cref="Stream.CopyTo(Stream)"/>: on a seekable decoder it asks
    /// for the length first, which verifies the final chunk, and a corrupt end would then write nothing at all.
    /// </summary>
    private static void Copy(BaoDecoder decoder, Stream output)
    {
        byte[] buffer = new byte[1 << 16];
        int read;
        while ((read = decoder.Read(buffer, 0, buffer.Length)) > 0)
        {
            output.Write(buffer, 0, read);
        }
    }
}
