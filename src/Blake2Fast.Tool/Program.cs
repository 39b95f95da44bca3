using System;
using System.IO;
using System.Text;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tool;

/// <summary>The console entry point of <c>b2fsum</c>.</summary>
internal static class Program
{
    private static int Main(string[] args)
    {
        var utf8 = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false);
        using Stream stdin = OpenStandard(0, FileAccess.Read);
        using var stderr = new StreamWriter(OpenStandard(2, FileAccess.Write), utf8) { AutoFlush = true };
        var stdout = new StreamWriter(OpenStandard(1, FileAccess.Write), utf8, 64 * 1024)
        {
            // Line by line on a terminal, in large blocks into a pipe or file (like C stdio).
            AutoFlush = !Console.IsOutputRedirected,
        };
        var settings = new ToolSettings { ShowProgress = !Console.IsErrorRedirected };
        try
        {
            int status = B2fSum.Run(args, stdin, stdout, stderr, settings);
            stdout.Dispose();
            return status;
        }
        catch (IOException ex)
        {
            // Standard output went away (a closed pipe, a full disk).
            TryWrite(stderr, ToolContext.ProgramName + ": write error: " + ex.Message + "\n");
            return 1;
        }
    }

    /// <summary>
    /// The standard streams. On Unix they are opened as plain file descriptors: .NET's console streams would switch
    /// a terminal into keypad mode (writing escape sequences to it) on first use, which a checksum tool has no need
    /// for. Elsewhere, the console streams.
    /// </summary>
    private static Stream OpenStandard(int descriptor, FileAccess access)
    {
        if (OperatingSystem.IsWindows())
        {
            return descriptor switch
            {
                0 => Console.OpenStandardInput(),
                1 => Console.OpenStandardOutput(),
                _ => Console.OpenStandardError(),
            };
        }

        try
        {
            return new FileStream(new SafeFileHandle((IntPtr)descriptor, ownsHandle: false), access, bufferSize: 0);
        }
        catch (Exception ex) when (ex is IOException or ArgumentException or UnauthorizedAccessException)
        {
            // A closed descriptor or one .NET cannot wrap: fall back to the console streams.
            return descriptor switch
            {
                0 => Console.OpenStandardInput(),
                1 => Console.OpenStandardOutput(),
                _ => Console.OpenStandardError(),
            };
        }
    }

    private static void TryWrite(TextWriter writer, string text)
    {
        try
        {
            writer.Write(text);
        }
        catch (IOException)
        {
        }
    }
}
