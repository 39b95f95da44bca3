using System;
using System.IO;
using System.Text;
using Blake2Fast.Tool.BaoVerbs;
using Blake2Fast.Tool.Checking;
using Blake2Fast.Tool.Cli;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.IO;
using Blake2Fast.Tool.Subtrees;

namespace Blake2Fast.Tool;

/// <summary>
/// The <c>b2fsum</c> command: prints or checks BLAKE2 (b, s, bp, sp), BLAKE3 and BLAKE-256/224 checksums, as a drop-in
/// for GNU coreutils' <c>b2sum</c> (same options, output lines, messages and exit status), with the other algorithms
/// and <c>b3sum</c>'s options as extras.
/// </summary>
public static class B2fSum
{
    /// <summary>Runs the command as the console would, without a progress display.</summary>
    /// <param name="args">The command-line arguments, without the program name.</param>
    /// <param name="stdin">Standard input, read for the file name <c>-</c> or when no file is given.</param>
    /// <param name="stdout">Receives checksum lines and check results.</param>
    /// <param name="stderr">Receives diagnostics.</param>
    /// <returns>The exit status: 0 for success, 1 for any failure.</returns>
    public static int Run(string[] args, Stream stdin, TextWriter stdout, TextWriter stderr) =>
        Run(args, stdin, stdout, stderr, new ToolSettings());

    internal static int Run(string[] args, Stream stdin, TextWriter stdout, TextWriter stderr, ToolSettings settings)
    {
        if (args is null)
        {
            throw new ArgumentNullException(nameof(args));
        }

        var context = new ToolContext(stdin, stdout, stderr, settings);
        int status = args.Length > 0 && args[0] == "--bao" ? BaoCommands.Run(args[1..], context) : HashOrCheck(args, context);
        if (context.StdinUsed && stdin is ClosedDescriptorStream closed)
        {
            // b2sum closes standard input after use and fails if that fails, as it does for a descriptor never open.
            context.Error("standard input: " + closed.Reason);
            status = 1;
        }

        // The console's writer is flushed by its host, which must see a failure of that last write itself: coreutils
        // reports the reason of a failure at exit, not of an earlier one.
        if (stdout is not StandardOutputWriter)
        {
            stdout.Flush();
        }

        stderr.Flush();
        return status;
    }

    /// <summary>b2sum's command line: hash the files, or check them (<c>-c</c>), and the extras.</summary>
    private static int HashOrCheck(string[] args, ToolContext context)
    {
        ParseOutcome outcome = CommandLine.Parse(args, context, out Options options);
        return outcome switch
        {
            ParseOutcome.Done => 0,
            ParseOutcome.Failed => 1,
            _ when options.Benchmark => SelfBenchmark.Run(options, context),
            _ when options.Check => Checker.CheckAll(options, context),
            _ when options.Subtree is not null => SubtreeCommands.PrintSubtree(options, context),
            _ when options.Merge => SubtreeCommands.Merge(options, context),
            _ => HashAll(options, context),
        };
    }

    /// <summary>The most worker threads one run starts, whatever <c>--threads</c> says.</summary>
    private const int MaxWorkers = 256;

    private static int HashAll(Options options, ToolContext context)
    {
        bool ok = true;
        // One builder for every line (lines are formatted on this thread only): no allocation per file.
        var line = new StringBuilder(256);
        int threads = options.Threads ?? DefaultThreads;
        void Deliver(string name, FileFailure? failure, ReadOnlySpan<byte> digest)
        {
            if (failure is not null)
            {
                context.Error(context.QuoteName(name) + ": " + failure.Value.Message);
                ok = false;
                return;
            }

            WriteResult(name, digest, options, context, line);
        }

        // Threads beyond the processors cannot spread one file further (each reads and hashes 1 MiB slices).
        int spreadThreads = Math.Min(threads, Environment.ProcessorCount);
        int workers = Workers(threads, options.Files.Count);
        if (workers <= 1)
        {
            // One file, or --threads 1: on this thread, each line written as soon as it is done (a single BLAKE3
            // file may still use every thread).
            var workspace = new Workspace(spreadThreads);
            byte[] digest = new byte[options.DigestBytes];
            foreach (string name in options.Files)
            {
                Deliver(name, FileHasher.TryHash(name, options.Algorithm, digest, context, workspace), digest);
            }

            return ok ? 0 : 1;
        }

        int next = 0;
        HashJob? Next() => next < options.Files.Count ? new HashJob(options.Files[next++], options.Algorithm, options.DigestBytes) : null;
        RunOrdered(Next, sourceMayWait: false, workers, spreadThreads, context, (job, failure, digest) => Deliver(job.Name, failure, digest));
        return ok ? 0 : 1;
    }

    /// <summary>
    /// The threads without <c>--threads</c>: one per processor, and one more where there are several. A read can wait
    /// even on files in the page cache (for a page lock), and on a cold cache it waits for the disk: with one worker
    /// per core that core idles meanwhile, and a spare worker takes it (docs/tool.md). One large BLAKE3 file is still
    /// spread over the processors only.
    /// </summary>
    internal static int DefaultThreads => Environment.ProcessorCount > 1 ? Environment.ProcessorCount + 1 : 1;

    /// <summary>The worker threads for a run of <paramref name="threads"/> (<c>--threads</c>, else <see cref="DefaultThreads"/>) over at most <paramref name="files"/> files.</summary>
    internal static int Workers(int threads, int files) => Math.Min(Math.Min(threads, files), MaxWorkers);

    /// <summary>
    /// Hashes the jobs of <paramref name="source"/> on <paramref name="workers"/> threads, delivering each in order on
    /// this thread (<see cref="OrderedHashing"/>), with the lines that are ready leaving standard output together.
    /// </summary>
    internal static void RunOrdered(
        Func<HashJob?> source, bool sourceMayWait, int workers, int spreadThreads, ToolContext context, Action<HashJob, FileFailure?, ReadOnlySpan<byte>> deliver)
    {
        // Lines that are ready leave together, and everything ready is written out before waiting for the next.
        var batched = context.Stdout as StandardOutputWriter;
        if (batched is not null)
        {
            batched.FlushEachLine = false;
        }

        try
        {
            OrderedHashing.Run(source, sourceMayWait, workers, spreadThreads, context, deliver, context.Stdout.Flush);

            // The last lines leave now, as they would have one by one: a failure here is a failure of the run, not
            // of the final close (which decides whether "write error" gives a reason).
            context.Stdout.Flush();
        }
        finally
        {
            if (batched is not null)
            {
                batched.FlushEachLine = true;
            }
        }
    }

    /// <summary>
    /// Writes one file's result as the options ask: its digest as raw bytes (<c>--raw</c>) or its line, formatted in
    /// <paramref name="line"/> (reused from file to file, so that no line allocates).
    /// </summary>
    internal static void WriteResult(string name, ReadOnlySpan<byte> digest, Options options, ToolContext context, StringBuilder? line = null)
    {
        if (options.Raw)
        {
            context.WriteBytes(digest);
            return;
        }

        line ??= new StringBuilder(256);
        FormatLine(line.Clear(), name, digest, options, options.Zero ? '\0' : '\n');
        foreach (ReadOnlyMemory<char> chunk in line.GetChunks())
        {
            context.Stdout.Write(chunk.Span);
        }
    }

    /// <summary>Appends one output line to <paramref name="line"/>, in b2sum's format or the BSD (<c>--tag</c>) one.</summary>
    private static void FormatLine(StringBuilder line, string name, ReadOnlySpan<byte> digest, Options options, char terminator)
    {
        if (options.NoNames)
        {
            AppendHex(line, digest);
            line.Append(terminator);
            return;
        }

        bool escape = !options.Zero && Quoting.NeedsChecksumLineEscape(name);
        string shownName = escape ? Quoting.EscapeName(name) : name;
        if (escape)
        {
            line.Append('\\');
        }

        if (options.Tag)
        {
            line.Append(options.Algorithm.TagName);
            if (digest.Length != options.Algorithm.DefaultDigestBytes)
            {
                line.Append('-').Append(digest.Length * 8);
            }

            line.Append(" (").Append(shownName).Append(") = ");
            AppendHex(line, digest);
        }
        else
        {
            AppendHex(line, digest);
            line.Append(' ').Append(options.Binary == true ? '*' : ' ').Append(shownName);
        }

        line.Append(terminator);
    }

    internal static void AppendHex(StringBuilder sb, ReadOnlySpan<byte> bytes)
    {
        // A piece at a time through a stack buffer: one append per 128 bytes, not two per byte.
        const string Digits = "0123456789abcdef";
        Span<char> hex = stackalloc char[256];
        while (!bytes.IsEmpty)
        {
            int count = Math.Min(bytes.Length, hex.Length / 2);
            for (int i = 0; i < count; i++)
            {
                hex[2 * i] = Digits[bytes[i] >> 4];
                hex[(2 * i) + 1] = Digits[bytes[i] & 15];
            }

            sb.Append(hex.Slice(0, 2 * count));
            bytes = bytes.Slice(count);
        }
    }
}
