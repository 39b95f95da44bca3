using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// libsodium's <c>crypto_generichash</c> (BLAKE2b, with libsodium's AVX2/SSE4.1 compression chosen at
/// <c>sodium_init</c>), called directly: NSec.Cryptography wraps this same call, so the two rows show NSec's own
/// cost. The libsodium that NSec ships (the libsodium package, found through this app's deps.json) is loaded first,
/// so both rows run the same binary; otherwise the system's. Bound at run time so a machine without libsodium only
/// loses this benchmark (see <see cref="PeerFilter"/>).
/// </summary>
internal static unsafe class Sodium
{
    private static readonly string[] s_libraryNames = ["libsodium.so.23", "libsodium.so.26", "libsodium.so", "libsodium.dylib", "libsodium.dll"];

    /// <summary>crypto_generichash_BYTES_MIN: libsodium refuses shorter BLAKE2b digests.</summary>
    public const int MinDigestLength = 16;

    // int crypto_generichash(unsigned char* out, size_t outlen, const unsigned char* in, unsigned long long inlen,
    //                        const unsigned char* key, size_t keylen)
    private static readonly delegate* unmanaged<byte*, nuint, byte*, ulong, byte*, nuint, int> s_genericHash;

    /// <summary>Why the library is unusable here, or null when it loaded and initialized.</summary>
    public static readonly string? LoadError;

    /// <summary>Which library file was loaded, for the run log.</summary>
    public static readonly string Description = "not loaded";

    public static bool IsAvailable => LoadError is null;

    static Sodium()
    {
        IntPtr lib = IntPtr.Zero;
        string? loaded = null;
        if (NativeLibrary.TryLoad("libsodium", typeof(Sodium).Assembly, null, out lib))
            loaded = "libsodium (package)";
        foreach (string name in loaded is null ? s_libraryNames : [])
        {
            if (NativeLibrary.TryLoad(name, out lib))
            {
                loaded = name;
                break;
            }
        }
        if (loaded is null)
        {
            LoadError = "could not load " + string.Join(" / ", s_libraryNames);
            return;
        }
        if (!NativeLibrary.TryGetExport(lib, "sodium_init", out IntPtr init)
            || !NativeLibrary.TryGetExport(lib, "crypto_generichash", out IntPtr hash))
        {
            LoadError = loaded + " lacks sodium_init/crypto_generichash";
            return;
        }
        // 0 = initialized now, 1 = already initialized, -1 = failure.
        if (((delegate* unmanaged<int>)init)() < 0)
        {
            LoadError = "sodium_init failed";
            return;
        }
        s_genericHash = (delegate* unmanaged<byte*, nuint, byte*, ulong, byte*, nuint, int>)hash;
        string version = NativeLibrary.TryGetExport(lib, "sodium_version_string", out IntPtr versionPtr)
            ? Marshal.PtrToStringAnsi(((delegate* unmanaged<IntPtr>)versionPtr)()) ?? "?"
            : "?";
        Description = $"{loaded} {version}";
    }

    /// <summary>Unkeyed BLAKE2b of <paramref name="input"/> into all of <paramref name="output"/> (16..64 bytes).</summary>
    public static void GenericHash(ReadOnlySpan<byte> input, Span<byte> output)
    {
        int ok;
        fixed (byte* pIn = input)
        fixed (byte* pOut = output)
            ok = s_genericHash(pOut, (nuint)output.Length, pIn, (ulong)input.Length, null, 0);
        if (ok != 0)
            throw new InvalidOperationException("crypto_generichash failed.");
    }
}
