using System;
using System.Diagnostics;
using System.IO;

namespace Blake2Fast.Tool.Tests.Infrastructure;

/// <summary>
/// The BLAKE3 team's <c>b3sum</c> (Debian package b3sum; CI installs it), the reference for <c>-a blake3</c> and
/// the options b2fsum takes from it.
/// </summary>
public static class B3sum
{
    public const string Path = "/usr/bin/b3sum";

    /// <summary>Why tests that compare with b3sum are skipped here, or null when it is installed.</summary>
    public static string? Missing { get; } = File.Exists(Path)
        ? null
        : "b3sum is not installed (" + Path + "); these tests compare with it: apt-get install b3sum";

    /// <summary>Runs b3sum in <paramref name="directory"/> and returns its standard output's bytes (it must succeed).</summary>
    public static byte[] RunBytes(string directory, string[] args, byte[]? stdin = null)
    {
        if (Missing is not null)
        {
            Assert.Fail(Missing);
        }

        var start = new ProcessStartInfo(Path) { WorkingDirectory = directory, RedirectStandardOutput = true, RedirectStandardInput = true, UseShellExecute = false };
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        using Process process = Process.Start(start)!;
        if (stdin is not null)
        {
            process.StandardInput.BaseStream.Write(stdin);
        }

        process.StandardInput.Close();
        using var output = new MemoryStream();
        process.StandardOutput.BaseStream.CopyTo(output);
        process.WaitForExit();
        Assert.Equal(0, process.ExitCode);
        return output.ToArray();
    }

    /// <summary>Runs b3sum and returns its standard output as UTF-8 text.</summary>
    public static string Run(string directory, string[] args, byte[]? stdin = null) =>
        System.Text.Encoding.UTF8.GetString(RunBytes(directory, args, stdin));
}

/// <summary>A fact that compares with b3sum: skipped, with the reason, where b3sum is not installed.</summary>
public sealed class B3sumFactAttribute : FactAttribute
{
    public B3sumFactAttribute() => Skip = B3sum.Missing!;
}

/// <summary>A theory that compares with b3sum: skipped, with the reason, where b3sum is not installed.</summary>
public sealed class B3sumTheoryAttribute : TheoryAttribute
{
    public B3sumTheoryAttribute() => Skip = B3sum.Missing!;
}
