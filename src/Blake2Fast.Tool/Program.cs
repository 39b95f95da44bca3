using System;
using System.IO;
using System.Text;
using Blake2Fast.Tool.IO;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tool;

/// <summary>The console entry point of <c>b2fsum</c>.</summary>
internal static class Program
{
    private static int Main(string[] args)
    {
        var utf8 = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false);
        using Stream stdin = OpenStandard(0);
        using var stderr = new DiagnosticWriter(new StreamWriter(OpenStandard(2), utf8) { AutoFlush = true });
        var stdout = new StandardOutputWriter(OpenStandard(1), utf8);
        var settings = new ToolSettings
        {
            ShowProgress = !Console.IsErrorRedirected,
            BeforeRun = options => NativeTwin.RunTwinIfFaster(args, options),
        };
        int status = B2fSum.Run(args, stdin, stdout, stderr, settings);
        string? writeError = stdout.Finish();
        if (writeError is not null)
        {
            // Standard output failed (closed, a full disk): the results are incomplete.
            stderr.Write(ToolContext.ProgramName + ": write error" + writeError + "\n");
            return 1;
        }

        return status;
    }

    /// <summary>
    /// A standard stream. On Linux every standard descriptor is read and written as it is, as C stdio does
    /// (<see cref="DescriptorStream"/>: no console set-up, which was a large part of the tool's own start-up). On
    /// other Unix systems a terminal or a pipe is opened as a plain descriptor: .NET's console streams switch an
    /// attached terminal into keypad mode on first use, writing escape sequences that a checksum tool has no business
    /// sending. A regular file goes through the console stream there, which reads and writes at the descriptor's shared
    /// offset (a FileStream would track its own), as does everything on Windows.
    /// </summary>
    private static Stream OpenStandard(int descriptor)
    {
        if (!OperatingSystem.IsWindows())
        {
            if (!Posix.IsInherited(descriptor))
            {
                return new ClosedDescriptorStream(Posix.Describe(Posix.EBADF));
            }

            if (OperatingSystem.IsLinux())
            {
                return new DescriptorStream(descriptor, writes: descriptor != 0);
            }

            FileStream? stream = null;
            try
            {
                var handle = new SafeFileHandle((IntPtr)descriptor, ownsHandle: false);
                stream = new FileStream(handle, descriptor == 0 ? FileAccess.Read : FileAccess.Write, bufferSize: 0);
                if (!stream.CanSeek)
                {
                    return stream;
                }
            }
            catch (Exception ex) when (ex is IOException or ArgumentException or UnauthorizedAccessException)
            {
                // A closed descriptor, or one FileStream does not take: use the console stream.
            }

            stream?.Dispose();
        }

        return descriptor switch
        {
            0 => Console.OpenStandardInput(),
            1 => Console.OpenStandardOutput(),
            _ => Console.OpenStandardError(),
        };
    }

    /// <summary>Standard error that never fails the run: if it is closed, diagnostics are lost, not fatal.</summary>
    private sealed class DiagnosticWriter : TextWriter
    {
        private readonly TextWriter _inner;

        public DiagnosticWriter(TextWriter inner) => _inner = inner;

        public override Encoding Encoding => _inner.Encoding;

        public override void Write(char value) => Guard(() => _inner.Write(value));

        public override void Write(string? value) => Guard(() => _inner.Write(value));

        public override void Write(char[] buffer, int index, int count) => Guard(() => _inner.Write(buffer, index, count));

        public override void Flush() => Guard(_inner.Flush);

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                Guard(_inner.Dispose);
            }

            base.Dispose(disposing);
        }

        private static void Guard(Action action)
        {
            try
            {
                action();
            }
            catch (IOException ex)
            {
                // Like b2sum, whose unbuffered stderr takes SIGPIPE too; any other failure only loses the message.
                StandardOutputWriter.DieIfBrokenPipe(ex);
            }
            catch (UnauthorizedAccessException)
            {
            }
        }
    }
}
