using System;
using System.Collections.Generic;
using System.Globalization;
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
                "hash" => Hash(positional, outboard, context),
                "encode" => Encode(positional, outboard, context),
                "decode" => Decode(positional, outboard, context),
                "slice" => Slice(positional, outboard, context),
                "decode-slice" => DecodeSlice(positional, outboard, context),
                _ => Refuse("unknown --bao verb " + context.QuoteArgument(verb) + " (hash, encode, decode, slice or decode-slice)", context),
            };
        }
        catch (BadArgument bad)
        {
            return Refuse(bad.Message, context);
        }
        catch (OpenFailure failure)
        {
            context.Error(context.QuoteName(failure.Name) + ": " + failure.Message);
            return 1;
        }
    }

    private static int Hash(List<string> files, string? outboard, ToolContext context)
    {
        NoOutboard(outboard, "hash");
        if (files.Count == 0)
        {
            files.Add("-");
        }

        bool ok = true;
        foreach (string name in files)
        {
            try
            {
                using Stream input = OpenInput(name, context);
                string hex = Convert.ToHexString(Blake3.HashData(input)).ToLowerInvariant();
                context.Stdout.Write(files.Count > 1 ? hex + "  " + name + "\n" : hex + "\n");
            }
            catch (OpenFailure failure)
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

    private static int Encode(List<string> args, string? outboard, ToolContext context)
    {
        // bao: encode <input> (<output> | --outboard=<file>)
        if (args.Count != (outboard is null ? 2 : 1))
        {
            throw new BadArgument(outboard is null ? "encode takes INPUT and OUTPUT" : "encode with --outboard takes INPUT only");
        }

        string inputName = args[0];
        string outputName = outboard ?? args[1];
        using Stream input = OpenInput(inputName, context);
        using Stream output = OpenOutput(outputName, context);
        return Guard(inputName, context, () => Bao.Encode(input, output, outboard is not null));
    }

    private static int Decode(List<string> args, string? outboard, ToolContext context)
    {
        // bao: decode <hash> [<input>] [<output>] [--outboard=<file>]
        if (args.Count is < 1 or > 3)
        {
            throw new BadArgument("decode takes HASH, then INPUT and OUTPUT if given");
        }

        byte[] hash = ParseHash(args[0]);
        string inputName = args.Count > 1 ? args[1] : "-";
        using Stream input = OpenInput(inputName, context);
        using Stream? tree = outboard is null ? null : OpenInput(outboard, context);
        using Stream output = OpenOutput(args.Count > 2 ? args[2] : "-", context);
        return Guard(outboard ?? inputName, context, () =>
        {
            using var decoder = tree is null ? new BaoDecoder(input, hash, leaveOpen: true) : new BaoDecoder(tree, input, hash, leaveOpen: true);
            Copy(decoder, output);
            return null;
        });
    }

    private static int Slice(List<string> args, string? outboard, ToolContext context)
    {
        // bao: slice <start> <count> [<input>] [<output>] [--outboard=<file>]
        if (args.Count is < 2 or > 4)
        {
            throw new BadArgument("slice takes START and COUNT, then INPUT and OUTPUT if given");
        }

        long start = ParseCount(args[0], "START");
        long count = ParseCount(args[1], "COUNT");
        string inputName = args.Count > 2 ? args[2] : "-";
        using Stream input = OpenInput(inputName, context);
        using Stream? tree = outboard is null ? null : OpenInput(outboard, context);
        using Stream output = OpenOutput(args.Count > 3 ? args[3] : "-", context);
        return Guard(outboard ?? inputName, context, () =>
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

    private static int DecodeSlice(List<string> args, string? outboard, ToolContext context)
    {
        // bao: decode-slice <hash> <start> <count> [<input>] [<output>]
        NoOutboard(outboard, "decode-slice");
        if (args.Count is < 3 or > 5)
        {
            throw new BadArgument("decode-slice takes HASH, START and COUNT, then INPUT and OUTPUT if given");
        }

        byte[] hash = ParseHash(args[0]);
        long start = ParseCount(args[1], "START");
        long count = ParseCount(args[2], "COUNT");
        string inputName = args.Count > 3 ? args[3] : "-";
        using Stream input = OpenInput(inputName, context);
        using Stream output = OpenOutput(args.Count > 4 ? args[4] : "-", context);
        return Guard(inputName, context, () =>
        {
            using BaoDecoder decoder = BaoDecoder.ForSlice(input, hash, start, count, leaveOpen: true);
            Copy(decoder, output);
            return null;
        });
    }

    /// <summary>
    /// Runs <paramref name="work"/>, turning a verification failure or an I/O error into the tool's message about
    /// <paramref name="name"/> (what was written before it was verified) and exit status 1.
    /// </summary>
    private static int Guard(string name, ToolContext context, Func<byte[]?> work)
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

    private static Stream OpenInput(string name, ToolContext context)
    {
        if (name == "-")
        {
            context.StdinUsed = true;
            return new NonClosing(context.Stdin);
        }

        // The tool's one way of opening an input: coreutils' reasons ("No such file or directory", a directory).
        FileFailure? failure = FileOpening.TryOpen(context.ResolvePath(name), out Stream? stream);
        return failure is null ? new BufferedStream(stream!, 1 << 16) : throw new OpenFailure(name, failure.Value.Message);
    }

    private static Stream OpenOutput(string name, ToolContext context)
    {
        if (name == "-")
        {
            return new StandardOutputStream(context);
        }

        try
        {
            // Read and write: the encoder flips its tree into pre-order inside a file it can seek.
            return new FileStream(context.ResolvePath(name), FileMode.Create, FileAccess.ReadWrite, FileShare.None, 1 << 16);
        }
        catch (IOException ex)
        {
            throw new OpenFailure(name, FileOpening.Describe(ex));
        }
        catch (UnauthorizedAccessException)
        {
            throw new OpenFailure(name, Directory.Exists(context.ResolvePath(name)) ? "Is a directory" : "Permission denied");
        }
    }

    private static byte[] ParseHash(string hex)
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

    private static long ParseCount(string text, string what)
    {
        if (!long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out long value))
        {
            throw new BadArgument(what + " must be a non-negative whole number of bytes: " + text);
        }

        return value;
    }

    private static void NoOutboard(string? outboard, string verb)
    {
        if (outboard is not null)
        {
            throw new BadArgument(verb + " takes no --outboard");
        }
    }

    private static int Refuse(string message, ToolContext context)
    {
        context.Error(message);
        context.Stderr.Write("Try '" + ToolContext.ProgramName + " --bao --help' for more information.\n");
        context.Stderr.Flush();
        return 1;
    }

    private sealed class BadArgument(string message) : Exception(message);

    private sealed class OpenFailure(string name, string message) : Exception(message)
    {
        public string Name { get; } = name;
    }

    /// <summary>Standard input for a verb: read as it is, and left open for the tool (which reports a failure to close it).</summary>
    private sealed class NonClosing(Stream inner) : Stream
    {
        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count) => inner.Read(buffer, offset, count);

        public override int Read(Span<byte> buffer) => inner.Read(buffer);

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }

    /// <summary>Standard output as a byte stream (write only, not seekable): the bytes go out unencoded.</summary>
    private sealed class StandardOutputStream(ToolContext context) : Stream
    {
        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override void Flush() => context.Stdout.Flush();

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => context.WriteBytes(buffer.AsSpan(offset, count));

        public override void Write(ReadOnlySpan<byte> buffer) => context.WriteBytes(buffer);
    }
}
