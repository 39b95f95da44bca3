using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Text;
using System.Threading.Tasks;

namespace Blake2Fast.Tool.Tests.Infrastructure;

/// <summary>What a run of either tool produced.</summary>
public sealed record ToolResult(int ExitCode, string Stdout, string Stderr)
{
    /// <summary>A readable rendering, with invisible characters spelled out, for assertion messages.</summary>
    public override string ToString() =>
        "exit code " + ExitCode + "\n--- stdout ---\n" + Visible(Stdout) + "\n--- stderr ---\n" + Visible(Stderr);

    public static string Visible(string text) => text
        .Replace("\\", "\\\\", StringComparison.Ordinal)
        .Replace("\0", "\\0\n", StringComparison.Ordinal)
        .Replace("\r", "\\r", StringComparison.Ordinal)
        .Replace("\t", "\\t", StringComparison.Ordinal);
}

/// <summary>
/// Runs b2fsum in-process and GNU coreutils' b2sum as a child process, on the same files, arguments and input.
/// Both run in the C.UTF-8 locale, so that quoting in messages is the same on every machine.
/// </summary>
public static class Runner
{
    /// <summary>Where the reference implementation lives. CI installs coreutils; a machine without it fails the tests.</summary>
    public const string B2sumPath = "/usr/bin/b2sum";

    private const string Locale = "C.UTF-8";

    private const string TryHelp = "Try '" + B2sumPath + " --help'";

    private static readonly Lazy<string> B2sumVersion = new(() =>
    {
        ToolResult result = RunProcess(Path.GetTempPath(), null, new[] { "--version" });
        return result.Stdout.Split('\n')[0];
    });

    /// <summary>Runs b2fsum in this process, with <paramref name="directory"/> as its working directory.</summary>
    public static ToolResult B2fsum(string directory, byte[]? stdin, params string[] args)
    {
        UseTestLocale();
        using var input = new MemoryStream(stdin ?? Array.Empty<byte>(), writable: false);
        using var stdout = new StringWriter { NewLine = "\n" };
        using var stderr = new StringWriter { NewLine = "\n" };
        int exitCode = B2fSum.Run(args, input, stdout, stderr, new ToolSettings { WorkingDirectory = directory });
        return new ToolResult(exitCode, stdout.ToString(), stderr.ToString());
    }

    /// <summary>
    /// Runs coreutils' b2sum in <paramref name="directory"/>, with its program name in diagnostics replaced by
    /// b2fsum's so that the two can be compared directly.
    /// </summary>
    public static ToolResult B2sum(string directory, byte[]? stdin, params string[] args)
    {
        RequireB2sum();
        ToolResult raw = RunProcess(directory, stdin, args);
        return raw with { Stderr = RenameProgram(raw.Stderr) };
    }

    /// <summary>Runs both tools and asserts identical exit codes, standard output and standard error.</summary>
    public static ToolResult AssertSameAsB2sum(string directory, byte[]? stdin, params string[] args)
    {
        ToolResult expected = B2sum(directory, stdin, args);
        ToolResult actual = B2fsum(directory, stdin, args);
        AssertSame(expected, actual, args);
        return actual;
    }

    public static void AssertSame(ToolResult expected, ToolResult actual, IReadOnlyList<string> args)
    {
        if (expected == actual)
        {
            return;
        }

        Assert.Fail(
            "b2fsum differs from coreutils b2sum (" + B2sumVersion.Value + ") for arguments ["
            + string.Join(", ", Quote(args)) + "] in " + Locale + ".\n"
            + "===== b2sum =====\n" + expected + "\n===== b2fsum =====\n" + actual);
    }

    /// <summary>Fails, with instructions, when coreutils' b2sum is not installed.</summary>
    public static void RequireB2sum()
    {
        if (!File.Exists(B2sumPath))
        {
            Assert.Fail(
                "GNU coreutils' b2sum is required by the b2fsum tests, which compare against it, but "
                + B2sumPath + " does not exist. Install coreutils (apt-get install coreutils) and run the tests again.");
        }
    }

    /// <summary>Sets the locale for the in-process tool (which reads LC_ALL like the C library does).</summary>
    private static void UseTestLocale()
    {
        if (Environment.GetEnvironmentVariable("LC_ALL") != Locale)
        {
            Environment.SetEnvironmentVariable("LC_ALL", Locale);
        }
    }

    /// <summary>b2sum's diagnostics with its program name replaced by b2fsum's.</summary>
    public static string RenameProgram(string stderr)
    {
        var sb = new StringBuilder(stderr.Length);
        foreach (string line in stderr.Split('\n'))
        {
            if (sb.Length > 0)
            {
                sb.Append('\n');
            }

            // b2sum names itself by the path it was started with.
            if (line.StartsWith(B2sumPath + ": ", StringComparison.Ordinal))
            {
                sb.Append("b2fsum: ").Append(line, B2sumPath.Length + 2, line.Length - B2sumPath.Length - 2);
            }
            else if (line.StartsWith(TryHelp, StringComparison.Ordinal))
            {
                sb.Append("Try 'b2fsum --help'").Append(line, TryHelp.Length, line.Length - TryHelp.Length);
            }
            else
            {
                sb.Append(line);
            }
        }

        return sb.ToString();
    }

    private static ToolResult RunProcess(string directory, byte[]? stdin, string[] args)
    {
        var start = new ProcessStartInfo(B2sumPath)
        {
            WorkingDirectory = directory,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        start.Environment["LC_ALL"] = Locale;
        start.Environment.Remove("LANGUAGE");
        start.Environment.Remove("POSIXLY_CORRECT");

        using Process process = Process.Start(start) ?? throw new InvalidOperationException("Could not start " + B2sumPath);
        Task<byte[]> stdout = ReadAllAsync(process.StandardOutput.BaseStream);
        Task<byte[]> stderr = ReadAllAsync(process.StandardError.BaseStream);
        try
        {
            if (stdin is not null)
            {
                process.StandardInput.BaseStream.Write(stdin);
            }

            process.StandardInput.Close();
        }
        catch (IOException)
        {
            // b2sum may exit before reading its input (a usage error); that is not the test's business.
        }

        if (!process.WaitForExit(60_000))
        {
            process.Kill();
            Assert.Fail("b2sum did not finish within a minute: " + string.Join(' ', args));
        }

        process.WaitForExit();
        var utf8 = new UTF8Encoding(false, false);
        return new ToolResult(process.ExitCode, utf8.GetString(stdout.Result), utf8.GetString(stderr.Result));
    }

    internal static async Task<byte[]> ReadAllAsync(Stream stream)
    {
        using var buffer = new MemoryStream();
        await stream.CopyToAsync(buffer).ConfigureAwait(false);
        return buffer.ToArray();
    }

    internal static IEnumerable<string> Quote(IEnumerable<string> args)
    {
        foreach (string arg in args)
        {
            yield return "\"" + ToolResult.Visible(arg).Replace("\n", "\\n", StringComparison.Ordinal) + "\"";
        }
    }
}
