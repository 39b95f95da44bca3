using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace Blake2Fast.Tool.Tests.Infrastructure;

/// <summary>
/// A temporary directory of files around the BLAKE2 block sizes (64 and 128 bytes), the tool's 1 MiB read size,
/// a few MiB of seeded random data, and names that need escaping or quoting. Deleted on dispose.
/// </summary>
public sealed class SampleFiles : IDisposable
{
    public const int MiB = 1024 * 1024;

    /// <summary>The files, in the order tests pass them on the command line, with their sizes.</summary>
    public static readonly IReadOnlyList<(string Name, int Length)> Files = new (string, int)[]
    {
        ("empty", 0),
        ("one-byte", 1),
        ("63-bytes", 63),
        ("64-bytes", 64),
        ("65-bytes", 65),
        ("127-bytes", 127),
        ("128-bytes", 128),
        ("129-bytes", 129),
        ("256-bytes", 256),
        ("1023-bytes", 1023),
        ("1024-bytes", 1024),
        ("1025-bytes", 1025),
        ("128000-bytes", 128 * 1000),
        ("one-MiB", MiB),
        ("one-MiB-plus-one", MiB + 1),
        ("five-MiB-random.bin", 5 * MiB),
        ("name with spaces.txt", 300),
        ("back\\slash.txt", 10),
        ("new\nline.txt", 11),
        ("carriage\rreturn.txt", 12),
        ("ünïcødé ファイル.txt", 13),
    };

    public SampleFiles()
    {
        Directory = CreateTempDirectory("b2fsum-samples");
        foreach ((string name, int length) in Files)
        {
            File.WriteAllBytes(Path.Combine(Directory, name), Content(name, length));
        }
    }

    public string Directory { get; }

    /// <summary>The names of all sample files.</summary>
    public static string[] Names => Files.Select(f => f.Name).ToArray();

    /// <summary>The names of the small sample files (up to 2 KiB).</summary>
    public static string[] SmallNames => Files.Where(f => f.Length <= 2048).Select(f => f.Name).ToArray();

    public byte[] Read(string name) => File.ReadAllBytes(Path.Combine(Directory, name));

    /// <summary>A fresh directory holding copies of the small sample files, for tests that change or delete files.</summary>
    public string CopySmallFilesToScratch()
    {
        string scratch = Path.Combine(Directory, "scratch-" + Guid.NewGuid().ToString("N"));
        System.IO.Directory.CreateDirectory(scratch);
        foreach (string name in SmallNames)
        {
            File.Copy(Path.Combine(Directory, name), Path.Combine(scratch, name));
        }

        return scratch;
    }

    public void Dispose()
    {
        try
        {
            System.IO.Directory.Delete(Directory, recursive: true);
        }
        catch (IOException)
        {
        }
        catch (UnauthorizedAccessException)
        {
        }
    }

    public static string CreateTempDirectory(string prefix)
    {
        string path = Path.Combine(Path.GetTempPath(), prefix + "-" + Guid.NewGuid().ToString("N"));
        System.IO.Directory.CreateDirectory(path);
        return path;
    }

    /// <summary>Seeded pseudo-random bytes for the large file; a simple position pattern for the others.</summary>
    private static byte[] Content(string name, int length)
    {
        var bytes = new byte[length];
        if (name.EndsWith(".bin", StringComparison.Ordinal))
        {
            new Random(20260101).NextBytes(bytes);
        }
        else
        {
            for (int i = 0; i < length; i++)
            {
                bytes[i] = (byte)((i * 31) + (i >> 8) + name.Length);
            }
        }

        return bytes;
    }
}
