using System;
using System.IO;
using System.Text;

namespace Blake2Fast.Tool;

/// <summary>The console entry point of <c>b2fsum</c>.</summary>
internal static class Program
{
    private static int Main(string[] args)
    {
        var utf8 = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false);
        using Stream stdin = Console.OpenStandardInput();
        using var stderr = new StreamWriter(Console.OpenStandardError(), utf8) { AutoFlush = true };
        var stdout = new StreamWriter(Console.OpenStandardOutput(), utf8, 64 * 1024)
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
