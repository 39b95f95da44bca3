using System;
using System.IO;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tool.IO;

/// <summary>
/// A file opened for hashing. On Linux straight from the C library: openat, one lseek for the size (which also tells a
/// pipe from a file), preads, close; four system calls where the runtime's <see cref="File.OpenHandle"/> adds an
/// fstat, a second fstat for the length, and (unless switched off) flock twice. Elsewhere through the runtime.
/// </summary>
internal abstract class InputFile : IDisposable
{
    /// <summary>The size when opened, or -1 where there is none to trust (pipes, character devices, some /proc files).</summary>
    public long Size { get; protected init; } = -1;

    /// <summary>Whether reads can name their offset, and so run on several threads at once.</summary>
    public bool Positional { get; protected init; }

    /// <summary>
    /// Opens <paramref name="path"/> for reading, or returns what went wrong in coreutils' words (the C library's
    /// text for the error).
    /// </summary>
    public static FileFailure? TryOpen(string path, out InputFile? file)
    {
        file = null;
        if (path.Length == 0 || path.IndexOf('\0') >= 0)
        {
            return new FileFailure("No such file or directory", IsMissing: true);
        }

        if (!OperatingSystem.IsLinux())
        {
            FileFailure? failure = FileOpening.TryOpenHandle(path, out SafeFileHandle? handle);
            if (failure is null)
            {
                file = new RuntimeFile(handle!);
            }

            return failure;
        }

        int descriptor = Posix.OpenForReading(path, out int errno);
        if (descriptor < 0)
        {
            return new FileFailure(Posix.Describe(errno), IsMissing: errno == Posix.ENOENT);
        }

        file = new LinuxFile(descriptor);
        return null;
    }

    /// <summary>
    /// Reads into <paramref name="buffer"/> at <paramref name="offset"/> (ignored where not <see cref="Positional"/>:
    /// reads then follow each other); returns the bytes read, 0 at the end. Failures are <see cref="IOException"/>s
    /// carrying the system's text.
    /// </summary>
    public abstract int Read(Span<byte> buffer, long offset);

    /// <summary>
    /// The file as a runtime handle, for the library's <c>UpdateParallel</c>, which reads it with
    /// <see cref="RandomAccess"/>; only where <see cref="Positional"/>. The handle does not own the file: disposing
    /// this <see cref="InputFile"/> closes it.
    /// </summary>
    public abstract SafeFileHandle Handle { get; }

    public abstract void Dispose();

    /// <summary>A descriptor from the C library's open.</summary>
    private sealed class LinuxFile : InputFile
    {
        private int _descriptor;
        private SafeFileHandle? _handle;

        public LinuxFile(int descriptor)
        {
            _descriptor = descriptor;
            long size = Posix.SeekToEnd(descriptor);
            Positional = size >= 0;
            Size = size;
        }

        public override int Read(Span<byte> buffer, long offset) => Posix.Read(_descriptor, buffer, Positional ? offset : -1);

        public override SafeFileHandle Handle => _handle ??= new SafeFileHandle((IntPtr)_descriptor, ownsHandle: false);

        public override void Dispose()
        {
            if (_descriptor >= 0)
            {
                _handle?.Dispose(); // marks it closed; it does not own the descriptor
                Posix.Close(_descriptor);
                _descriptor = -1;
            }
        }
    }

    /// <summary>The runtime's file handle: positioned reads on a file, a stream on a pipe.</summary>
    private sealed class RuntimeFile : InputFile
    {
        private readonly SafeFileHandle _handle;
        private FileStream? _stream;

        public RuntimeFile(SafeFileHandle handle)
        {
            _handle = handle;
            try
            {
                Size = RandomAccess.GetLength(handle);
                Positional = true;
            }
            catch (NotSupportedException)
            {
                _stream = new FileStream(handle, FileAccess.Read, bufferSize: 0);
            }
        }

        public override int Read(Span<byte> buffer, long offset)
        {
            if (_stream is not null)
            {
                return _stream.Read(buffer);
            }

            try
            {
                return RandomAccess.Read(_handle, buffer, offset);
            }
            catch (NotSupportedException)
            {
                // A handle the runtime sized but cannot read at an offset (a pipe that reported a length).
                _stream = new FileStream(_handle, FileAccess.Read, bufferSize: 0);
                return _stream.Read(buffer);
            }
        }

        public override SafeFileHandle Handle => _handle;

        public override void Dispose()
        {
            _stream?.Dispose();
            _handle.Dispose();
        }
    }
}
