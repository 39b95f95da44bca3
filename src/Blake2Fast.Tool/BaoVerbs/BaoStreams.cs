using System;
using System.IO;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool.BaoVerbs;

/// <summary>The Bao verbs' inputs and outputs: a path or <c>-</c> for the standard streams, opened with the tool's messages.</summary>
internal static class BaoStreams
{
    internal static Stream OpenInput(string name, ToolContext context)
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

    internal static Stream OpenOutput(string name, ToolContext context)
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

    internal sealed class OpenFailure(string name, string message) : Exception(message)
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
