using System;
using System.Diagnostics;
using System.IO;
using System.Runtime.InteropServices;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// The official BLAKE3 C implementation with its hand-written assembly, built for these benchmarks by
/// <c>native/build-blake3.sh</c> from Debian's <c>librust-blake3-dev</c> sources and bound at run time with
/// <c>blake3_hasher_init/update/finalize</c>; where it cannot be built or loaded, <see cref="LoadError"/> says why
/// and <see cref="PeerFilter"/> drops its rows.
/// </summary>
internal static unsafe class OfficialBlake3
{
    /// <summary>sizeof(blake3_hasher) in 1.3.1 is 1912 bytes; room to spare.</summary>
    private const int HasherSize = 4096;

    private static readonly delegate* unmanaged<byte*, void> s_init;
    private static readonly delegate* unmanaged<byte*, byte*, nuint, void> s_update;
    private static readonly delegate* unmanaged<byte*, byte*, nuint, void> s_finalize;

    /// <summary>
    /// blake3_hash_many_avx512 and blake3_hash_many_avx2 (inputs, count, blocks, key, counter, increment counter,
    /// flags, flags at start, flags at end, output): the assembly's chunk kernels, for the kernel-only comparison in
    /// <see cref="Blake3Alternation"/>; null where the library lacks them.
    /// </summary>
    public static readonly delegate* unmanaged<byte**, nuint, nuint, uint*, ulong, byte, byte, byte, byte, byte*, void> HashManyAvx512, HashManyAvx2;

    /// <summary>Why the library is unusable here, or null when it loaded.</summary>
    public static readonly string? LoadError;

    /// <summary>Where it was loaded from, for the run log.</summary>
    public static readonly string Description = "not loaded";

    static OfficialBlake3()
    {
        string? library = Environment.GetEnvironmentVariable("BLAKE3_C_LIBRARY");
        if (string.IsNullOrEmpty(library))
        {
            string? script = FindScript();
            if (script is null)
            {
                LoadError = "native/build-blake3.sh not found above " + AppContext.BaseDirectory;
                return;
            }
            library = Path.Combine(Path.GetDirectoryName(script)!, "bin", "libblake3.so");
            if (!File.Exists(library))
            {
                string why = Build(script);
                if (!File.Exists(library))
                {
                    LoadError = why.Length > 0 ? why : "build-blake3.sh built nothing";
                    return;
                }
            }
        }
        if (!NativeLibrary.TryLoad(library, out IntPtr lib))
        {
            LoadError = "could not load " + library;
            return;
        }
        if (!NativeLibrary.TryGetExport(lib, "blake3_hasher_init", out IntPtr init)
            || !NativeLibrary.TryGetExport(lib, "blake3_hasher_update", out IntPtr update)
            || !NativeLibrary.TryGetExport(lib, "blake3_hasher_finalize", out IntPtr finalize))
        {
            LoadError = library + " lacks blake3_hasher_init/update/finalize";
            return;
        }
        s_init = (delegate* unmanaged<byte*, void>)init;
        s_update = (delegate* unmanaged<byte*, byte*, nuint, void>)update;
        s_finalize = (delegate* unmanaged<byte*, byte*, nuint, void>)finalize;
        if (NativeLibrary.TryGetExport(lib, "blake3_hash_many_avx512", out IntPtr many512))
            HashManyAvx512 = (delegate* unmanaged<byte**, nuint, nuint, uint*, ulong, byte, byte, byte, byte, byte*, void>)many512;
        if (NativeLibrary.TryGetExport(lib, "blake3_hash_many_avx2", out IntPtr many256))
            HashManyAvx2 = (delegate* unmanaged<byte**, nuint, nuint, uint*, ulong, byte, byte, byte, byte, byte*, void>)many256;
        Description = library;
    }

    /// <summary>The script, looked for in the benchmark project above the running assembly (BenchmarkDotNet runs a copy under bin/).</summary>
    private static string? FindScript()
    {
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            foreach (string candidate in new[] { Path.Combine(dir.FullName, "native", "build-blake3.sh"), Path.Combine(dir.FullName, "tests", "Blake2Fast.Benchmarks", "native", "build-blake3.sh") })
            {
                if (File.Exists(candidate))
                    return candidate;
            }
        }
        return null;
    }

    /// <summary>Runs the build script; returns what it printed on stderr (its reason for skipping, if it did).</summary>
    private static string Build(string script)
    {
        try
        {
            using Process? process = Process.Start(new ProcessStartInfo("bash", "\"" + script + "\"") { RedirectStandardError = true, RedirectStandardOutput = true, UseShellExecute = false });
            if (process is null)
                return "could not start bash";
            string stderr = process.StandardError.ReadToEnd();
            process.StandardOutput.ReadToEnd();
            process.WaitForExit();
            return stderr.Trim();
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            return "could not run bash: " + e.Message;
        }
    }

    /// <summary>A hasher's memory (blake3_hasher), owned by the caller; never freed in a benchmark process.</summary>
    public static byte* NewHasher() => (byte*)NativeMemory.AlignedAlloc(HasherSize, 64);

    public static void Hash(byte* hasher, ReadOnlySpan<byte> input, int piece, Span<byte> output)
    {
        s_init(hasher);
        fixed (byte* data = input)
        {
            for (int at = 0; at < input.Length; at += piece)
                s_update(hasher, data + at, (nuint)Math.Min(piece, input.Length - at));
        }
        fixed (byte* o = output)
            s_finalize(hasher, o, (nuint)output.Length);
    }
}
