using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Tool;

/// <summary>
/// The few C library calls .NET does not expose that a Unix filter needs: whether a standard descriptor was really
/// inherited, and dying of SIGPIPE like a C program. Callers check <see cref="OperatingSystem.IsWindows"/> first.
/// </summary>
internal static partial class Posix
{
    /// <summary>The errno of a closed descriptor (the same value on Linux, macOS and the BSDs).</summary>
    public const int EBADF = 9;

    /// <summary>The errno of a write to a pipe nobody reads any more.</summary>
    public const int EPIPE = 32;

    private const int F_GETFD = 1;
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

    [LibraryImport("libc", EntryPoint = "fcntl", SetLastError = true)]
    private static partial int Fcntl(int descriptor, int command);

    [LibraryImport("libc", EntryPoint = "signal")]
    private static partial IntPtr Signal(int signal, IntPtr handler);

    [LibraryImport("libc", EntryPoint = "raise")]
    private static partial int Raise(int signal);
}
