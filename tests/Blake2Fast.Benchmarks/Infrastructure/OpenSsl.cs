using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// OpenSSL 3's one-shot <c>EVP_Digest</c>, bound at run time so that a machine without libcrypto only loses these
/// benchmarks (see <see cref="PeerFilter"/>) instead of failing the whole run.
/// </summary>
internal static unsafe class OpenSsl
{
    private static readonly string[] s_libraryNames = ["libcrypto.so.3", "libcrypto.3.dylib", "libcrypto-3-x64.dll"];

    // int EVP_Digest(const void* data, size_t count, unsigned char* md, unsigned int* size, const EVP_MD* type, ENGINE* impl)
    private static readonly delegate* unmanaged<byte*, nuint, byte*, uint*, IntPtr, IntPtr, int> s_evpDigest;

    /// <summary>The BLAKE2b-512 <c>EVP_MD*</c>, looked up once.</summary>
    public static readonly IntPtr Blake2b512;

    /// <summary>The BLAKE2s-256 <c>EVP_MD*</c>, looked up once.</summary>
    public static readonly IntPtr Blake2s256;

    /// <summary>Why the library is unusable here, or null when it loaded.</summary>
    public static readonly string? LoadError;

    /// <summary>How the digests were obtained (explicit fetch or the legacy getters), for the run log.</summary>
    public static readonly string Description = "not loaded";

    public static bool IsAvailable => LoadError is null;

    static OpenSsl()
    {
        IntPtr lib = IntPtr.Zero;
        string? loaded = null;
        foreach (string name in s_libraryNames)
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
        if (!NativeLibrary.TryGetExport(lib, "EVP_Digest", out IntPtr digest)
            || !NativeLibrary.TryGetExport(lib, "EVP_blake2b512", out IntPtr getB)
            || !NativeLibrary.TryGetExport(lib, "EVP_blake2s256", out IntPtr getS))
        {
            LoadError = loaded + " lacks EVP_Digest/EVP_blake2b512/EVP_blake2s256";
            return;
        }
        s_evpDigest = (delegate* unmanaged<byte*, nuint, byte*, uint*, IntPtr, IntPtr, int>)digest;

        // OpenSSL 3 re-fetches the provider's implementation on every EVP_Digest call when handed the legacy
        // EVP_blake2b512() object; an explicitly fetched EVP_MD skips that. .NET's own OpenSSL shim fetches
        // explicitly too, so this keeps the comparison with the in-box SHA-2 rows fair.
        if (NativeLibrary.TryGetExport(lib, "EVP_MD_fetch", out IntPtr fetchPtr))
        {
            var fetch = (delegate* unmanaged<IntPtr, byte*, byte*, IntPtr>)fetchPtr;
            Blake2b512 = Fetch(fetch, "BLAKE2B-512");
            Blake2s256 = Fetch(fetch, "BLAKE2S-256");
            Description = loaded + ", EVP_MD_fetch";
        }
        if (Blake2b512 == IntPtr.Zero || Blake2s256 == IntPtr.Zero)
        {
            Blake2b512 = ((delegate* unmanaged<IntPtr>)getB)();
            Blake2s256 = ((delegate* unmanaged<IntPtr>)getS)();
            Description = loaded + ", EVP_blake2b512()/EVP_blake2s256()";
        }
        if (Blake2b512 == IntPtr.Zero || Blake2s256 == IntPtr.Zero)
            LoadError = loaded + " returned no BLAKE2 digest (provider missing?)";
    }

    private static IntPtr Fetch(delegate* unmanaged<IntPtr, byte*, byte*, IntPtr> fetch, string name)
    {
        Span<byte> ascii = stackalloc byte[name.Length + 1];
        for (int i = 0; i < name.Length; i++)
            ascii[i] = (byte)name[i];
        ascii[name.Length] = 0;
        fixed (byte* p = ascii)
            return fetch(IntPtr.Zero, p, null);
    }

    /// <summary>Hashes <paramref name="input"/> with <paramref name="md"/>; returns the digest length written.</summary>
    public static int Digest(IntPtr md, ReadOnlySpan<byte> input, Span<byte> output)
    {
        if (output.Length < 64)
            throw new ArgumentException("EVP_Digest needs room for the largest BLAKE2 digest.", nameof(output));
        uint size = 0;
        int ok;
        fixed (byte* pIn = input)
        fixed (byte* pOut = output)
            ok = s_evpDigest(pIn, (nuint)input.Length, pOut, &size, md, IntPtr.Zero);
        if (ok != 1)
            throw new InvalidOperationException("EVP_Digest failed.");
        return (int)size;
    }
}
