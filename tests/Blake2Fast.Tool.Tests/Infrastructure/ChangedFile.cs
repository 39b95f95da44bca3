using System;

namespace Blake2Fast.Tool.Tests.Infrastructure;

/// <summary>
/// A regular file whose size at the open was <c>sizeAtOpen</c> but which holds other bytes by the time it is read
/// (it grew or shrank in between), for <see cref="FileHasher.HashFile(InputFile, DigestAlgorithm, Span{byte}, Workspace, Action{long, long}?)"/>.
/// </summary>
internal sealed class ChangedFile : InputFile
{
    private readonly ReadOnlyMemory<byte> _bytes;

    public ChangedFile(ReadOnlyMemory<byte> bytes, long sizeAtOpen)
    {
        _bytes = bytes;
        Size = sizeAtOpen;
        Positional = true;
    }

    /// <summary>How many reads were made.</summary>
    public int Reads { get; private set; }

    public override int Read(Span<byte> buffer, long offset)
    {
        Reads++;
        if (offset >= _bytes.Length)
        {
            return 0;
        }

        int count = (int)Math.Min(buffer.Length, _bytes.Length - offset);
        _bytes.Span.Slice((int)offset, count).CopyTo(buffer);
        return count;
    }

    public override void Dispose()
    {
    }
}
