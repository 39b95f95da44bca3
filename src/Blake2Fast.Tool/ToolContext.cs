using System;
using System.IO;
using Blake2Fast.Tool.Cli;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool;

/// <summary>Settings a host can give <see cref="B2fSum.Run(string[], Stream, TextWriter, TextWriter, ToolSettings)"/>.</summary>
internal sealed class ToolSettings
{
    /// <summary>Show a progress line for large files; the console host sets it when standard error is a terminal.</summary>
    public bool ShowProgress { get; init; }

    /// <summary>Files at least this large get a progress line (when <see cref="ShowProgress"/> is set).</summary>
    public long ProgressThreshold { get; init; } = 64L * 1024 * 1024;

    /// <summary>
    /// Runs once the command line is known to be valid, before anything is read (a key on standard input included):
    /// where the console host may replace the process with its x86-64-v4 build (<see cref="NativeTwin"/>).
    /// </summary>
    public System.Action<Options>? BeforeRun { get; init; }

    /// <summary>Test hook: runs on a worker thread just before it hashes the file at this index of the list.</summary>
    public System.Action<int>? BeforeHash { get; init; }

    /// <summary>The directory relative file names are resolved against; null for the process's current directory.</summary>
    public string? WorkingDirectory { get; init; }
}

/// <summary>The streams and settings of one run, with the helpers that write diagnostics.</summary>
internal sealed class ToolContext
{
    public const string ProgramName = "b2fsum";

    public ToolContext(Stream stdin, TextWriter stdout, TextWriter stderr, ToolSettings settings)
    {
        Stdin = stdin;
        Stdout = stdout;
        Stderr = stderr;
        Settings = settings;
        Utf8 = Quoting.IsUtf8Locale();
    }

    public Stream Stdin { get; }

    /// <summary>Whether <c>-</c> was read (as a file or a checksum list), so standard input is closed at exit.</summary>
    public bool StdinUsed { get; set; }

    public TextWriter Stdout { get; }

    public TextWriter Stderr { get; }

    public ToolSettings Settings { get; }

    /// <summary>Whether messages may use UTF-8 (curly quotes, non-ASCII names shown as they are).</summary>
    public bool Utf8 { get; }

    /// <summary>A name quoted for a diagnostic.</summary>
    public string QuoteName(string name) => Quoting.FileName(name, Utf8);

    /// <summary>An argument quoted for a diagnostic.</summary>
    public string QuoteArgument(string argument) => Quoting.Argument(argument, Utf8);

    /// <summary>
    /// Writes bytes as they are (<c>--raw</c>). Standard output takes them unencoded; a host's own writer, which has no
    /// bytes, gets each byte as the character of that number (U+0000 to U+00FF).
    /// </summary>
    public void WriteBytes(ReadOnlySpan<byte> bytes)
    {
        if (Stdout is StandardOutputWriter standard)
        {
            standard.WriteBytes(bytes);
            return;
        }

        foreach (byte b in bytes)
        {
            Stdout.Write((char)b);
        }
    }

    /// <summary>Writes <c>b2fsum: message</c> to standard error, after what is pending on standard output.</summary>
    public void Error(string message)
    {
        Stdout.Flush();
        Stderr.Write(ProgramName + ": " + message + "\n");
        Stderr.Flush();
    }

    /// <summary>A command-line error: the message, then a pointer to <c>--help</c>.</summary>
    public void UsageError(string message)
    {
        Error(message);
        Stderr.Write("Try '" + ProgramName + " --help' for more information.\n");
        Stderr.Flush();
    }

    /// <summary>The path to open for a name given on the command line or in a checksum file.</summary>
    public string ResolvePath(string name) =>
        Settings.WorkingDirectory is null || name.Length == 0 || Path.IsPathRooted(name) ? name : Path.Combine(Settings.WorkingDirectory, name);
}
