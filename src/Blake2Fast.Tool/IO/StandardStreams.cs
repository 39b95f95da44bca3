using System;
using System.IO;
using System.Text;

namespace Blake2Fast.Tool.IO;

/// <summary>
/// A standard descriptor the process was started without (<c>b2fsum &lt;&amp;-</c>): every read and write fails with
/// EBADF, as it does for a C program, instead of reaching whatever file the runtime has since opened on that number.
/// </summary>
internal sealed class ClosedDescriptorStream : Stream
{
    public ClosedDescriptorStream(string reason) => Reason = reason;

    /// <summary>The system's text for EBADF, as coreutils prints it.</summary>
    public string Reason { get; }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    // Nothing is ever buffered here, so there is nothing to fail on.
    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => throw Failure();

    public override int Read(Span<byte> buffer) => throw Failure();

    public override void Write(byte[] buffer, int offset, int count) => throw Failure();

    public override void Write(ReadOnlySpan<byte> buffer) => throw Failure();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    private IOException Failure() => new(Reason, Posix.EBADF);
}

/// <summary>
/// Linux: a standard descriptor read or written with the C library's read and write, as C stdio does: at the
/// descriptor's offset, shared with the parent and whoever else holds it (a FileStream keeps its own), and with no
/// console set-up. .NET's console stream loads the terminal's description, installs terminal signal handling and
/// builds <c>Console.Out</c> at its first write, and puts a terminal into keypad mode: a large part of the tool's own
/// start-up cost (docs/benchmarks/first-call-and-aot.md).
/// </summary>
internal sealed class DescriptorStream : Stream
{
    private readonly int _descriptor;
    private readonly bool _writes;

    public DescriptorStream(int descriptor, bool writes)
    {
        _descriptor = descriptor;
        _writes = writes;
    }

    public override bool CanRead => !_writes;

    public override bool CanSeek => false;

    public override bool CanWrite => _writes;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    // Every write goes straight to the descriptor: nothing to flush.
    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer) => buffer.IsEmpty ? 0 : Posix.Read(_descriptor, buffer, -1);

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer) => Posix.Write(_descriptor, buffer);

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();
}

/// <summary>
/// Standard output as C stdio gives it to b2sum: line buffered, so each result leaves as soon as its line is
/// complete (a reader sees it while the next file is hashed, and a reader that has gone away is noticed at the next
/// line, not at exit), and a failed write is remembered, not thrown, so the run goes on and reports
/// "write error" at the end. A write into a pipe whose reader is gone ends the process by SIGPIPE, as it ends b2sum.
/// </summary>
internal sealed class StandardOutputWriter : TextWriter
{
    private readonly Stream _stream;
    private readonly StreamWriter _inner;
    private bool _failed;

    public StandardOutputWriter(Stream stream, Encoding encoding)
    {
        _stream = stream;
        _inner = new StreamWriter(stream, encoding, 64 * 1024);
    }

    public override Encoding Encoding => _inner.Encoding;

    /// <summary>
    /// Whether a newline writes the line out at once (the default, as each file is done). Parallel hashing turns it
    /// off and flushes itself before it waits, so that lines done together leave in one write.
    /// </summary>
    public bool FlushEachLine { get; set; } = true;

    public override void Write(char value)
    {
        try
        {
            _inner.Write(value);
        }
        catch (IOException ex)
        {
            Failed(ex);
        }

        if (value == '\n' && FlushEachLine)
        {
            Flush();
        }
    }

    public override void Write(char[] buffer, int index, int count) => Write(buffer.AsSpan(index, count));

    public override void Write(string? value) => Write(value.AsSpan());

    // Every write comes here, with no allocation per line (the runtime's default would copy the span into a string).
    public override void Write(ReadOnlySpan<char> value)
    {
        if (value.IsEmpty)
        {
            return;
        }

        int end = FlushEachLine ? value.LastIndexOf('\n') + 1 : 0;
        if (end == 0)
        {
            WriteInner(value);
            return;
        }

        // Up to the last newline now, the rest (a -z line, a partial line) stays buffered.
        WriteInner(value.Slice(0, end));
        Flush();
        if (end < value.Length)
        {
            WriteInner(value.Slice(end));
        }
    }

    public override void Flush()
    {
        try
        {
            _inner.Flush();
        }
        catch (IOException ex)
        {
            Failed(ex);
        }
    }

    /// <summary>Writes bytes unencoded (<c>--raw</c>), after the text already buffered.</summary>
    public void WriteBytes(ReadOnlySpan<byte> bytes)
    {
        try
        {
            _inner.Flush();
            _stream.Write(bytes);
        }
        catch (IOException ex)
        {
            Failed(ex);
        }
    }

    /// <summary>
    /// Writes out what is still buffered and says how writing went, as coreutils' close_stdout does: null when all
    /// went well, else what follows "write error" in the message. That is the reason of the final failure; after an
    /// earlier failure, only a descriptor that was never open still has one (closing it fails with EBADF).
    /// </summary>
    public string? Finish()
    {
        try
        {
            _inner.Flush();
        }
        catch (IOException ex)
        {
            DieIfBrokenPipe(ex);
            return ": " + Reason(ex);
        }

        if (!_failed)
        {
            return null;
        }

        return _stream is ClosedDescriptorStream closed ? ": " + closed.Reason : string.Empty;
    }

    /// <summary>On Unix, a write error that means "the reader is gone" ends the process by SIGPIPE.</summary>
    public static void DieIfBrokenPipe(IOException ex)
    {
        if (!OperatingSystem.IsWindows() && ex.HResult == Posix.EPIPE)
        {
            Posix.DieOfSigpipe();
        }
    }

    /// <summary>The system's reason in an I/O exception, or coreutils' fallback when there is none.</summary>
    public static string Reason(IOException ex) => ex.Message.Length > 0 ? ex.Message : "Input/output error";

    private void WriteInner(ReadOnlySpan<char> value)
    {
        try
        {
            _inner.Write(value);
        }
        catch (IOException ex)
        {
            Failed(ex);
        }
    }

    /// <summary>A failed write: the end by SIGPIPE if the reader is gone, else remembered for <see cref="Finish"/>.</summary>
    private void Failed(IOException ex)
    {
        DieIfBrokenPipe(ex);
        _failed = true;
    }
}
