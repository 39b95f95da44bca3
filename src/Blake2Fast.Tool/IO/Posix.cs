using System;
using System.IO;
using System.Runtime.InteropServices;

namespace Blake2Fast.Tool.IO;

/// <summary>
/// The few C library calls .NET does not expose that a Unix filter needs: whether a standard descriptor was really
/// inherited, dying of SIGPIPE like a C program, and (Linux only) opening and reading a file with no more system calls
/// than a C program makes. Callers check <see cref="OperatingSystem.IsWindows"/> (or IsLinux) first.
/// </summary>
internal static partial class Posix
{
    /// <summary>The errno of a missing file (the same value everywhere).</summary>
    public const int ENOENT = 2;

    /// <summary>The errno of a closed descriptor (the same value on Linux, macOS and the BSDs).</summary>
    public const int EBADF = 9;

    /// <summary>The errno of a write to a pipe nobody reads any more.</summary>
    public const int EPIPE = 32;

    private const int EINTR = 4;
    private const int F_GETFD = 1;
    private const int SEEK_SET = 0;
    private const int SEEK_CUR = 1;
    private const int SEEK_END = 2;

    // Linux's values (the same on x64 and arm64): read-only, closed at exec.
    private const int O_RDONLY_CLOEXEC = 0x80000;
    private const int O_NONBLOCK = 0x800;
    private const int FD_CLOEXEC = 1;
    private const int SIGPIPE = 13;

    /// <summary>
    /// Whether <paramref name="descriptor"/> is one this process was started with. A descriptor that was closed at
    /// exec is either still closed (EBADF), or the runtime has since reused its number for one of its own files
    /// (before <c>Main</c> runs, CoreCLR opens a pipe that lands on a closed descriptor 0). The runtime opens
    /// everything close-on-exec, and an inherited descriptor cannot be close-on-exec (exec would have closed it),
    /// so that flag tells the two apart.
    /// </summary>
    public static bool IsInherited(int descriptor)
    {
        try
        {
            int flags = Fcntl(descriptor, F_GETFD);
            if (flags == -1)
            {
                return Marshal.GetLastPInvokeError() != EBADF;
            }

            return (flags & FD_CLOEXEC) == 0;
        }
        catch (Exception ex) when (ex is DllNotFoundException or EntryPointNotFoundException)
        {
            // No C library under that name: assume the descriptor is fine, as .NET itself does.
            return true;
        }
    }

    /// <summary>The C library's text for an errno value ("Bad file descriptor").</summary>
    public static string Describe(int errno) => Marshal.GetPInvokeErrorMessage(errno);

    /// <summary>
    /// Ends the process by SIGPIPE, as a C program writing to a closed pipe ends: the parent sees the signal in the
    /// wait status (a shell reports 141), which is what <c>set -o pipefail</c> scripts and xargs expect. The runtime
    /// ignores SIGPIPE, so the default disposition is restored first. Returns only if the signal could not be
    /// delivered (blocked, or no C library), and the caller then reports the write error instead.
    /// </summary>
    public static void DieOfSigpipe()
    {
        try
        {
            _ = Signal(SIGPIPE, IntPtr.Zero);
            _ = Raise(SIGPIPE);
        }
        catch (Exception ex) when (ex is DllNotFoundException or EntryPointNotFoundException)
        {
        }
    }

    /// <summary>Linux: opens a file read-only; a descriptor, or -1 with the errno in <paramref name="errno"/>.</summary>
    public static int OpenForReading(string path, out int errno) => Open(path, O_RDONLY_CLOEXEC, out errno);

    /// <summary>
    /// Linux: the size of the file <paramref name="path"/> names, -1 where there is none to go by (a FIFO, a
    /// character device), 0 for one that cannot be opened (its run only reports that). Opened without waiting: a FIFO
    /// with no writer would block.
    /// </summary>
    public static long SizeOf(string path)
    {
        int descriptor = Open(path, O_RDONLY_CLOEXEC | O_NONBLOCK, out _);
        if (descriptor < 0)
        {
            return 0;
        }

        long size = SeekToEnd(descriptor);
        Close(descriptor);
        return size;
    }

    /// <summary>
    /// The bytes left from where <paramref name="descriptor"/> stands to its end, or -1 for a pipe; its offset, shared
    /// with whoever reads it next, is left where it was.
    /// </summary>
    public static long RemainingIn(int descriptor)
    {
        long position = Seek(descriptor, 0, SEEK_CUR);
        if (position < 0)
        {
            return -1;
        }

        long end = Seek(descriptor, 0, SEEK_END);
        _ = Seek(descriptor, position, SEEK_SET);
        return end < 0 ? -1 : end - position;
    }

    private static int Open(string path, int flags, out int errno)
    {
        int descriptor;
        do
        {
            descriptor = Open(path, flags);
            errno = descriptor < 0 ? Marshal.GetLastPInvokeError() : 0;
        }
        while (descriptor < 0 && errno == EINTR);

        return descriptor;
    }

    /// <summary>The offset of a descriptor's end (a regular file's size), or -1 where it has none (a pipe).</summary>
    public static long SeekToEnd(int descriptor) => Seek(descriptor, 0, SEEK_END);

    /// <summary>
    /// Reads at <paramref name="offset"/> (pread), or where the descriptor stands when it is -1 (read); the bytes
    /// read, 0 at the end. A failure is an <see cref="IOException"/> with the C library's text and the errno.
    /// </summary>
    public static unsafe int Read(int descriptor, Span<byte> buffer, long offset)
    {
        fixed (byte* target = buffer)
        {
            while (true)
            {
                nint read = offset < 0 ? ReadAt(descriptor, target, (nuint)buffer.Length) : ReadAt(descriptor, target, (nuint)buffer.Length, offset);
                if (read >= 0)
                {
                    return (int)read;
                }

                int errno = Marshal.GetLastPInvokeError();
                if (errno != EINTR)
                {
                    throw new IOException(Describe(errno), errno);
                }
            }
        }
    }

    public static void Close(int descriptor) => _ = CloseDescriptor(descriptor);

    /// <summary>
    /// Writes all of <paramref name="buffer"/> where the descriptor stands (write, again after a partial write or an
    /// interruption). A failure is an <see cref="IOException"/> with the C library's text and the errno.
    /// </summary>
    public static unsafe void Write(int descriptor, ReadOnlySpan<byte> buffer)
    {
        fixed (byte* source = buffer)
        {
            int done = 0;
            while (done < buffer.Length)
            {
                nint written = WriteFrom(descriptor, source + done, (nuint)(buffer.Length - done));
                if (written >= 0)
                {
                    done += (int)written;
                    continue;
                }

                int errno = Marshal.GetLastPInvokeError();
                if (errno != EINTR)
                {
                    throw new IOException(Describe(errno), errno);
                }
            }
        }
    }

    [LibraryImport("libc", EntryPoint = "open", StringMarshalling = StringMarshalling.Utf8, SetLastError = true)]
    private static partial int Open(string path, int flags);

    [LibraryImport("libc", EntryPoint = "lseek")]
    private static partial long Seek(int descriptor, long offset, int whence);

    [LibraryImport("libc", EntryPoint = "read", SetLastError = true)]
    private static unsafe partial nint ReadAt(int descriptor, byte* buffer, nuint count);

    [LibraryImport("libc", EntryPoint = "pread", SetLastError = true)]
    private static unsafe partial nint ReadAt(int descriptor, byte* buffer, nuint count, long offset);

    [LibraryImport("libc", EntryPoint = "write", SetLastError = true)]
    private static unsafe partial nint WriteFrom(int descriptor, byte* buffer, nuint count);

    [LibraryImport("libc", EntryPoint = "close")]
    private static partial int CloseDescriptor(int descriptor);

    [LibraryImport("libc", EntryPoint = "fcntl", SetLastError = true)]
    private static partial int Fcntl(int descriptor, int command);

    [LibraryImport("libc", EntryPoint = "signal")]
    private static partial IntPtr Signal(int signal, IntPtr handler);

    [LibraryImport("libc", EntryPoint = "raise")]
    private static partial int Raise(int signal);
}
