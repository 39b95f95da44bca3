using System;
using System.IO;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.IO;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tool.Tests.Infrastructure;

/// <summary>
/// A regular file whose size at the open was <c>sizeAtOpen</c> but which holds other bytes by the time it is read
/// (it grew or shrank in between), for <see cref="FileHasher.HashFile(InputFile, DigestAlgorithm, Span{byte}, Workspace, Action{long, long}?)"/>.
/// The bytes are in a temporary file, so that the library's <c>UpdateParallel</c> reads them through <see cref="Handle"/>
/// as the tool's own reads do.
/// </summary>
internal sealed class ChangedFile : InputFile
{
    private readonly string _path = Path.Combine(Path.GetTempPath(), "b2f-changed-" + Guid.NewGuid().ToString("N"));
    private readonly SafeFileHandle _handle;

    public ChangedFile(ReadOnlyMemory<byte> bytes, long sizeAtOpen)
    {
        File.WriteAllBytes(_path, bytes.ToArray());
        _handle = File.OpenHandle(_path);
        Size = sizeAtOpen;
        Positional = true;
    }

    /// <summary>How many reads the tool made (the library's reads through <see cref="Handle"/> are not counted).</summary>
    public int Reads { get; private set; }

    public override SafeFileHandle Handle => _handle;

    public override int Read(Span<byte> buffer, long offset)
    {
        Reads++;
        return RandomAccess.Read(_handle, buffer, offset);
    }

    public override void Dispose()
    {
        _handle.Dispose();
        File.Delete(_path);
    }
}
