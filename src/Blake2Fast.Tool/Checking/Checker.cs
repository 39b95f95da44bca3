using System;
using System.Collections.Generic;
using System.IO;
using Blake2Fast.Tool.Cli;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool.Checking;

/// <summary>
/// <c>--check</c>: reads checksum files in b2sum's format or the BSD (<c>--tag</c>) one, recomputes each listed
/// file's digest with the length the line implies, and reports like coreutils. The listed files are hashed on the
/// worker pool (<see cref="OrderedHashing"/>) as the list is read, and reported in the list's order.
/// </summary>
internal static class Checker
{
    /// <summary>Why <c>-</c> cannot be read under <c>--keyed</c>: standard input held the key.</summary>
    public const string KeyOnStandardInput = "standard input holds the key in keyed mode";

    public static int CheckAll(Options options, ToolContext context)
    {
        bool ok = true;
        foreach (string file in options.Files)
        {
            ok &= CheckFile(file, options, context);
        }

        return ok ? 0 : 1;
    }

    private static bool CheckFile(string checkFile, Options options, ToolContext context)
    {
        string display = checkFile == "-" ? "standard input" : checkFile;
        string quotedDisplay = context.QuoteName(display);
        Stream? stream;
        bool ownsStream;
        if (checkFile == "-")
        {
            stream = context.Stdin;
            context.StdinUsed = true;
            ownsStream = false;
        }
        else
        {
            FileFailure? failure = FileOpening.TryOpen(context.ResolvePath(checkFile), out stream);
            if (failure is not null)
            {
                string reason = failure.Value.Message == "Is a directory" ? "read error" : failure.Value.Message;
                context.Error(quotedDisplay + ": " + reason);
                return false;
            }

            ownsStream = true;
        }

        var parser = new CheckLineParser(options.Algorithm, options.InMode);
        using IEnumerator<string> lines = ChecksumListLines.Read(stream!).GetEnumerator();
        bool readFailed = false;
        long lineNumber = 0;
        long improperlyFormatted = 0;
        long properlyFormatted = 0;
        long matched = 0;
        long mismatched = 0;
        long unreadable = 0;

        // The list's next line to report, as a job: the file to hash, or nothing to hash (an improperly formatted
        // line, or "-" under --keyed); blank lines and comments are skipped. Null at the end or on a read error.
        HashJob? Next()
        {
            while (true)
            {
                string line;
                try
                {
                    if (!lines.MoveNext())
                    {
                        return null;
                    }

                    line = lines.Current;
                }
                catch (IOException)
                {
                    readFailed = true;
                    return null;
                }

                lineNumber++;
                CheckLineParser.Result result = parser.Parse(line, out CheckLineParser.Entry entry);
                if (result == CheckLineParser.Result.Skip)
                {
                    continue;
                }

                // A list read from standard input cannot name it: coreutils counts such a line as improperly formatted.
                if (result == CheckLineParser.Result.Invalid || (checkFile == "-" && entry.Name == "-"))
                {
                    return new HashJob(string.Empty, null, 0, new CheckLine(lineNumber, null));
                }

                if (options.Keyed && entry.Name == "-")
                {
                    return new HashJob(entry.Name, null, 0, new CheckLine(lineNumber, entry));
                }

                return new HashJob(entry.Name, entry.Algorithm, entry.DigestBytes, new CheckLine(lineNumber, entry));
            }
        }

        // One line's outcome, in the list's order whichever thread hashed it.
        void Report(HashJob job, FileFailure? failure, ReadOnlySpan<byte> actual)
        {
            var line = (CheckLine)job.Tag!;
            if (line.Entry is not CheckLineParser.Entry entry)
            {
                improperlyFormatted++;
                if (options.Warn)
                {
                    context.Error(quotedDisplay + ": " + line.Number + ": improperly formatted "
                        + options.Algorithm.TagName + " checksum line");
                }

                return;
            }

            properlyFormatted++;
            if (job.Algorithm is null)
            {
                failure = new FileFailure(KeyOnStandardInput, IsMissing: false);
            }

            string shownName = Quoting.NeedsCheckResultEscape(entry.Name) ? "\\" + Quoting.EscapeName(entry.Name) : entry.Name;
            if (failure is not null)
            {
                if (options.IgnoreMissing && failure.Value.IsMissing)
                {
                    return;
                }

                context.Error(context.QuoteName(entry.Name) + ": " + failure.Value.Message);
                unreadable++;
                if (!options.Status)
                {
                    context.Stdout.Write(shownName + ": FAILED open or read\n");
                }

                return;
            }

            if (HexEquals(entry.Hex, actual))
            {
                matched++;
                if (!options.Status && !options.Quiet)
                {
                    context.Stdout.Write(shownName + ": OK\n");
                }
            }
            else
            {
                mismatched++;
                if (!options.Status)
                {
                    context.Stdout.Write(shownName + ": FAILED\n");
                }
            }
        }

        try
        {
            int threads = options.Threads ?? B2fSum.DefaultThreads;
            int spreadThreads = Math.Min(threads, Environment.ProcessorCount);
            int workers = B2fSum.Workers(threads, int.MaxValue);
            if (workers <= 1)
            {
                // --threads 1: each listed file hashed and reported in turn, on this thread.
                byte[] digest = new byte[64];
                while (Next() is HashJob job)
                {
                    if (digest.Length < job.DigestBytes)
                    {
                        digest = new byte[job.DigestBytes];
                    }

                    Span<byte> actual = digest.AsSpan(0, job.DigestBytes);
                    Report(job, job.Algorithm is null ? null : FileHasher.TryHash(job.Name, job.Algorithm, actual, context), actual);
                }
            }
            else
            {
                // A list in a regular file is read ahead freely; one from a pipe or a terminal may wait for its lines.
                B2fSum.RunOrdered(Next, sourceMayWait: !stream!.CanSeek, workers, spreadThreads, context, Report);
            }
        }
        finally
        {
            if (ownsStream)
            {
                stream!.Dispose();
            }
        }

        if (readFailed)
        {
            context.Error(quotedDisplay + ": read error");
            return false;
        }

        if (properlyFormatted == 0)
        {
            context.Error(quotedDisplay + ": no properly formatted checksum lines found");
            return false;
        }

        if (!options.Status)
        {
            if (improperlyFormatted > 0)
            {
                context.Error("WARNING: " + improperlyFormatted
                    + (improperlyFormatted == 1 ? " line is improperly formatted" : " lines are improperly formatted"));
            }

            if (unreadable > 0)
            {
                context.Error("WARNING: " + unreadable
                    + (unreadable == 1 ? " listed file could not be read" : " listed files could not be read"));
            }

            if (mismatched > 0)
            {
                context.Error("WARNING: " + mismatched
                    + (mismatched == 1 ? " computed checksum did NOT match" : " computed checksums did NOT match"));
            }

            if (options.IgnoreMissing && matched == 0)
            {
                context.Error(quotedDisplay + ": no file was verified");
            }
        }

        return mismatched == 0
            && unreadable == 0
            && !(options.Strict && improperlyFormatted > 0)
            && !(options.IgnoreMissing && matched == 0);
    }

    /// <summary>A line of a checksum list on its way to being reported: its number, and its entry (null: improperly formatted).</summary>
    private sealed record CheckLine(long Number, CheckLineParser.Entry? Entry);

    /// <summary>Compares a digest with hex text (either case).</summary>
    private static bool HexEquals(string hex, ReadOnlySpan<byte> digest)
    {
        if (hex.Length != digest.Length * 2)
        {
            return false;
        }

        for (int i = 0; i < digest.Length; i++)
        {
            if (HexValue(hex[2 * i]) != digest[i] >> 4 || HexValue(hex[(2 * i) + 1]) != (digest[i] & 15))
            {
                return false;
            }
        }

        return true;
    }

    private static int HexValue(char c) => c switch
    {
        >= '0' and <= '9' => c - '0',
        >= 'a' and <= 'f' => c - 'a' + 10,
        >= 'A' and <= 'F' => c - 'A' + 10,
        _ => -1,
    };
}
