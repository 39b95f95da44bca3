using System;
using System.IO;
using System.Runtime.InteropServices;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// Rust's <c>blake2b_simd</c> 1.0 and <c>blake2s_simd</c> 0.5 (BLAKE2b/s, BLAKE2bp/sp and many-message hashing, with
/// their AVX2 kernels chosen at run time), through the small C-ABI wrapper in native/blake2-rs that the build
/// compiles next to the benchmarks when cargo and Debian's crate sources are there. Bound at run time so a machine
/// without it only loses these rows (see <see cref="PeerFilter"/>), with the reason printed.
/// </summary>
internal static unsafe class RustBlake2
{
    private const string LibraryName = "libblake2_rs_peer.so";

    // int f(const uint8_t* data, size_t len, uint8_t* out, size_t out_len)
    private static readonly delegate* unmanaged<byte*, nuint, byte*, nuint, int> s_blake2b, s_blake2s, s_blake2bp, s_blake2sp;

    // int f(const uint8_t* const* datas, const size_t* lens, size_t count, uint8_t* out, size_t out_len)
    private static readonly delegate* unmanaged<byte**, nuint*, nuint, byte*, nuint, int> s_blake2bMany, s_blake2sMany;

    /// <summary>Why the peer is unusable here, or null when it loaded.</summary>
    public static readonly string? LoadError;

    /// <summary>What was loaded, for the run log.</summary>
    public static readonly string Description = "not loaded";

    static RustBlake2()
    {
        string path = Path.Combine(AppContext.BaseDirectory, LibraryName);
        if (!File.Exists(path))
        {
            LoadError = $"{path} not built (tests/Blake2Fast.Benchmarks/native/blake2-rs/build.sh needs cargo and Debian's librust-blake2b-simd-dev and librust-blake2s-simd-dev; the build printed why it skipped)";
            return;
        }
        if (!NativeLibrary.TryLoad(path, out IntPtr lib))
        {
            LoadError = "could not load " + path;
            return;
        }
        if (!NativeLibrary.TryGetExport(lib, "b2rs_blake2b", out IntPtr b)
            || !NativeLibrary.TryGetExport(lib, "b2rs_blake2s", out IntPtr s)
            || !NativeLibrary.TryGetExport(lib, "b2rs_blake2bp", out IntPtr bp)
            || !NativeLibrary.TryGetExport(lib, "b2rs_blake2sp", out IntPtr sp)
            || !NativeLibrary.TryGetExport(lib, "b2rs_blake2b_many", out IntPtr bMany)
            || !NativeLibrary.TryGetExport(lib, "b2rs_blake2s_many", out IntPtr sMany))
        {
            LoadError = path + " lacks the b2rs_* exports (rebuild it)";
            return;
        }
        s_blake2b = (delegate* unmanaged<byte*, nuint, byte*, nuint, int>)b;
        s_blake2s = (delegate* unmanaged<byte*, nuint, byte*, nuint, int>)s;
        s_blake2bp = (delegate* unmanaged<byte*, nuint, byte*, nuint, int>)bp;
        s_blake2sp = (delegate* unmanaged<byte*, nuint, byte*, nuint, int>)sp;
        s_blake2bMany = (delegate* unmanaged<byte**, nuint*, nuint, byte*, nuint, int>)bMany;
        s_blake2sMany = (delegate* unmanaged<byte**, nuint*, nuint, byte*, nuint, int>)sMany;
        Description = "blake2b_simd 1.0.0 / blake2s_simd 0.5.11 (" + path + ")";
    }

    public static void Blake2b(ReadOnlySpan<byte> input, Span<byte> output) => Call(s_blake2b, input, output);

    public static void Blake2s(ReadOnlySpan<byte> input, Span<byte> output) => Call(s_blake2s, input, output);

    public static void Blake2bp(ReadOnlySpan<byte> input, Span<byte> output) => Call(s_blake2bp, input, output);

    public static void Blake2sp(ReadOnlySpan<byte> input, Span<byte> output) => Call(s_blake2sp, input, output);

    private static void Call(delegate* unmanaged<byte*, nuint, byte*, nuint, int> function, ReadOnlySpan<byte> input, Span<byte> output)
    {
        int result;
        fixed (byte* pIn = input)
        fixed (byte* pOut = output)
            result = function(pIn, (nuint)input.Length, pOut, (nuint)output.Length);
        if (result != 0)
            throw new InvalidOperationException("The Rust peer refused the call (digest length " + output.Length + ").");
    }

    /// <summary>
    /// Many inputs at once (the crate's <c>many::hash_many</c>), <paramref name="digestLength"/> bytes each, written
    /// one after another. The inputs must be pinned (arrays allocated with <see cref="GC.AllocateArray{T}(int, bool)"/>
    /// pinned, or native memory) for as long as <paramref name="pointers"/> is used.
    /// </summary>
    public static void HashMany(bool isB, ReadOnlySpan<IntPtr> pointers, ReadOnlySpan<nuint> lengths, Span<byte> output, int digestLength)
    {
        int result;
        fixed (IntPtr* pPointers = pointers)
        fixed (nuint* pLengths = lengths)
        fixed (byte* pOut = output)
            result = (isB ? s_blake2bMany : s_blake2sMany)((byte**)pPointers, pLengths, (nuint)pointers.Length, pOut, (nuint)digestLength);
        if (result != 0)
            throw new InvalidOperationException("The Rust peer refused the many-message call.");
    }
}
