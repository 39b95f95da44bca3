using System;
using System.IO;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tool.IO;

/// <summary>What went wrong opening or reading a file: the system's short message, as coreutils prints it.</summary>
internal readonly record struct FileFailure(string Message, bool IsMissing);

/// <summary>
/// Opens files through the runtime (a checksum list; any file off Linux) and turns its exceptions into the short system
/// messages coreutils prints ("No such file or directory", "Is a directory", ...).
/// </summary>
internal static class FileOpening
{
    /// <summary>The process's working directory, read once: relative names are made absolute here, not by a getcwd per file.</summary>
    private static readonly string? WorkingDirectory = ReadWorkingDirectory();

    /// <summary>Opens a file for reading as a stream (a checksum list), or says why it cannot be.</summary>
    public static FileFailure? TryOpen(string path, out Stream? stream)
    {
        stream = null;
        FileFailure? failure = TryOpenHandle(path, out SafeFileHandle? handle);
        if (failure is null)
        {
            stream = new FileStream(handle!, FileAccess.Read, bufferSize: 0);
        }

        return failure;
    }

    /// <summary>
    /// Opens a file for reading, or says why it cannot be: one openat and the runtime's one fstat. No advisory lock
    /// (the project file turns off the runtime's flock emulation of FileShare) and no read-ahead advice.
    /// </summary>
    public static FileFailure? TryOpenHandle(string path, out SafeFileHandle? handle)
    {
        handle = null;
        if (path.Length == 0)
        {
            return new FileFailure("No such file or directory", IsMissing: true);
        }

        if (path.IndexOf('\0') >= 0)
        {
            return new FileFailure("No such file or directory", IsMissing: true);
        }

        try
        {
            // A directory fails in the runtime's fstat (UnauthorizedAccessException, below).
            handle = File.OpenHandle(Absolute(path), FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete);
            return null;
        }
        catch (FileNotFoundException)
        {
            return new FileFailure("No such file or directory", IsMissing: true);
        }
        catch (DirectoryNotFoundException)
        {
            return HasFileAncestor(path)
                ? new FileFailure("Not a directory", IsMissing: false)
                : new FileFailure("No such file or directory", IsMissing: true);
        }
        catch (PathTooLongException)
        {
            return new FileFailure("File name too long", IsMissing: false);
        }
        catch (UnauthorizedAccessException)
        {
            return Directory.Exists(path)
                ? new FileFailure("Is a directory", IsMissing: false)
                : new FileFailure("Permission denied", IsMissing: false);
        }
        catch (IOException ex)
        {
            if (path.EndsWith("/", StringComparison.Ordinal) && File.Exists(path.TrimEnd('/')))
            {
                return new FileFailure("Not a directory", IsMissing: false);
            }

            return new FileFailure(Describe(ex), IsMissing: false);
        }
        catch (ArgumentException)
        {
            return new FileFailure("Invalid argument", IsMissing: false);
        }
        catch (NotSupportedException)
        {
            return new FileFailure("Invalid argument", IsMissing: false);
        }
    }

    /// <summary>
    /// The system's reason from an I/O exception. On Unix .NET words these as "reason : 'path'" (or "reason"), so
    /// the path part is dropped.
    /// </summary>
    public static string Describe(IOException ex)
    {
        string message = ex.Message;
        int cut = message.IndexOf(" : '", StringComparison.Ordinal);
        if (cut > 0)
        {
            message = message.Substring(0, cut);
        }

        message = message.TrimEnd('.', ' ');
        return message.Length == 0 ? "Input/output error" : message;
    }

    /// <summary>A relative path made absolute against the working directory read at start (the runtime would call getcwd).</summary>
    private static string Absolute(string path) =>
        WorkingDirectory is null || path.Length == 0 || Path.IsPathRooted(path) ? path : Path.Join(WorkingDirectory, path);

    private static string? ReadWorkingDirectory()
    {
        try
        {
            return Directory.GetCurrentDirectory();
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            // Removed or unreadable: leave relative paths to the runtime, which fails as it would have.
            return null;
        }
    }

    private static bool HasFileAncestor(string path)
    {
        try
        {
            string? directory = Path.GetDirectoryName(Path.GetFullPath(path));
            while (!string.IsNullOrEmpty(directory))
            {
                if (File.Exists(directory))
                {
                    return true;
                }

                directory = Path.GetDirectoryName(directory);
            }
        }
        catch (ArgumentException)
        {
        }
        catch (IOException)
        {
        }

        return false;
    }
}
