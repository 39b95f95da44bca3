using System;
using System.IO;
using System.Runtime.InteropServices;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// The <c>bao</c> crate 0.13 (BLAKE3 1.3.1 underneath, with its assembly kernels chosen at run time), through the
/// small C-ABI wrapper in native/bao-rs that the build compiles next to the benchmarks when cargo, the crate and
/// Debian's crate sources are there. Bound at run time so a machine without it only loses these rows, with the
/// reason printed.
/// </summary>
internal static unsafe class BaoRsPeer
{
    private const string LibraryName = "libbao_rs_peer.so";

    // int f(const uint8_t* input, size_t len, uint8_t* out, size_t out_len, uint8_t* hash)
    private static readonly delegate* unmanaged<byte*, nuint, byte*, nuint, byte*, int> s_encode, s_outboard;

    // int64_t f(const uint8_t* encoded, size_t len, const uint8_t* hash, uint8_t* buf, size_t buf_len)
    private static readonly delegate* unmanaged<byte*, nuint, byte*, byte*, nuint, long> s_decode;

    /// <summary>Why the peer is unusable here, or null when it loaded.</summary>
    public static readonly string? LoadError;

    /// <summary>What was loaded, for the run log.</summary>
    public static readonly string Description = "not loaded";

    static BaoRsPeer()
    {
        string path = Path.Combine(AppContext.BaseDirectory, LibraryName);
        if (!File.Exists(path))
        {
            LoadError = $"{path} not built (tests/Blake2Fast.Benchmarks/native/bao-rs/build.sh needs cargo, the bao crate 0.13.0 in ../shared/peers and Debian's librust-blake3-dev; the build printed why it skipped)";
            return;
        }
        if (!NativeLibrary.TryLoad(path, out IntPtr lib))
        {
            LoadError = "could not load " + path;
            return;
        }
        if (!NativeLibrary.TryGetExport(lib, "baors_encode", out IntPtr encode)
            || !NativeLibrary.TryGetExport(lib, "baors_outboard", out IntPtr outboard)
            || !NativeLibrary.TryGetExport(lib, "baors_decode", out IntPtr decode))
        {
            LoadError = path + " lacks the baors_* exports (rebuild it)";
            return;
        }
        s_encode = (delegate* unmanaged<byte*, nuint, byte*, nuint, byte*, int>)encode;
        s_outboard = (delegate* unmanaged<byte*, nuint, byte*, nuint, byte*, int>)outboard;
        s_decode = (delegate* unmanaged<byte*, nuint, byte*, byte*, nuint, long>)decode;
        Description = "bao 0.13.0 with blake3 1.3.1 (" + path + ")";
    }

    /// <summary>The combined encoding (<paramref name="outboard"/> false) or the outboard one into <paramref name="output"/>.</summary>
    public static void Encode(ReadOnlySpan<byte> input, Span<byte> output, Span<byte> hash, bool outboard)
    {
        int result;
        fixed (byte* pIn = input)
        fixed (byte* pOut = output)
        fixed (byte* pHash = hash)
            result = (outboard ? s_outboard : s_encode)(pIn, (nuint)input.Length, pOut, (nuint)output.Length, pHash);
        if (result != 0)
            throw new InvalidOperationException("The bao crate refused the encoding (" + result + ").");
    }

    /// <summary>
    /// Verifies and decodes a combined encoding to its end through reads the size of <paramref name="buffer"/> (as
    /// BaoAlternation reads our decoder); returns the bytes decoded.
    /// </summary>
    public static long Decode(ReadOnlySpan<byte> encoded, ReadOnlySpan<byte> hash, Span<byte> buffer)
    {
        long result;
        fixed (byte* pIn = encoded)
        fixed (byte* pHash = hash)
        fixed (byte* pOut = buffer)
            result = s_decode(pIn, (nuint)encoded.Length, pHash, pOut, (nuint)buffer.Length);
        if (result < 0)
            throw new InvalidOperationException("The bao crate did not verify the encoding.");
        return result;
    }
}
