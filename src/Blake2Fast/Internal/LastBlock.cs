using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics;
#endif

namespace Blake2Fast.Internal;

/// <summary>
/// An input's last block, zero-padded, for the one-shot paths: a constant-size clear and two overlapping moves of the
/// widest size that fits, where the runtime's variable-length copy and fill are helper calls.
/// </summary>
internal static class LastBlock
{
    /// <summary><paramref name="last"/> (0 to 64 bytes) into the 64-byte <paramref name="block"/>, the rest zeroed.</summary>
    public static void CopyPadded64(ReadOnlySpan<byte> last, ref byte block) => CopyPadded(last, ref block, 64);

    /// <summary><paramref name="last"/> (0 to 128 bytes) into the 128-byte <paramref name="block"/>, the rest zeroed.</summary>
    public static void CopyPadded128(ReadOnlySpan<byte> last, ref byte block) => CopyPadded(last, ref block, 128);

    // Inlined into each entry above, so the clear has a constant size (a fixed run of vector stores). Whole 16-byte
    // pieces go in two overlapping moves that start on 16-byte boundaries, and a partial last piece is assembled in
    // registers and stored whole: the kernels read the block in words or 16-byte rows, and a load that spans several
    // smaller stores still in flight waits for them to reach the cache instead of taking their data (store
    // forwarding): byte-by-byte stores would make the shortest inputs the slowest to finish.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CopyPadded(ReadOnlySpan<byte> last, ref byte block, int blockLength)
    {
        int n = last.Length;
        ref byte s = ref MemoryMarshal.GetReference(last);
        ZeroBytes.Clear(ref block, blockLength);
        if (!BitConverter.IsLittleEndian)
        {
            // The assembly below is little-endian arithmetic.
            Unsafe.CopyBlockUnaligned(ref block, ref s, (uint)n);
            return;
        }
        int whole = n & ~15, rest = n - whole;
        if (whole >= 64)
        {
            Unsafe.CopyBlockUnaligned(ref block, ref s, 64);
            Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref block, whole - 64), ref Unsafe.Add(ref s, whole - 64), 64);
        }
        else if (whole >= 32)
        {
            Unsafe.CopyBlockUnaligned(ref block, ref s, 32);
            Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref block, whole - 32), ref Unsafe.Add(ref s, whole - 32), 32);
        }
        else if (whole == 16)
        {
            Unsafe.CopyBlockUnaligned(ref block, ref s, 16);
        }
        if (rest == 0)
            return;
        // The last rest bytes (1 to 15) as two little-endian words, zero above them.
        ulong low, high = 0;
        if (rest >= 8)
        {
            low = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref s, whole));
            if (rest > 8)
                high = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref s, n - 8)) >> (8 * (16 - rest));
        }
        else if (n >= 8)
            low = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref s, n - 8)) >> (8 * (8 - rest));
        else if (n >= 4)
            low = Unsafe.ReadUnaligned<uint>(ref s) | (ulong)Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref s, n - 4)) << (8 * (n - 4));
        else // 1 to 3 bytes: the first, the middle and the last cover them all
            low = s | (ulong)Unsafe.Add(ref s, n / 2) << (8 * (n / 2)) | (ulong)Unsafe.Add(ref s, n - 1) << (8 * (n - 1));
        ref ulong piece = ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref block, whole));
#if NET8_0_OR_GREATER
        Vector128.Create(low, high).StoreUnsafe(ref piece);
#else
        Unsafe.WriteUnaligned(ref Unsafe.As<ulong, byte>(ref piece), low);
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref Unsafe.As<ulong, byte>(ref piece), 8), high);
#endif
    }
}
