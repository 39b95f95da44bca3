#if NET8_0_OR_GREATER
using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using Blake2Fast.Dispatch;
using Blake2Fast.Simd;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>
/// BLAKE2b hashes side by side on the runtime's cross-platform 128-bit vectors (<see cref="InstructionSet.Vector128"/>,
/// WebAssembly's SIMD): 2 messages, or BLAKE2bp's 4 leaves as two groups of 2. The lane code is NEON's
/// (<see cref="NeonLanes{T, TWord, TVariant}"/>, written on <c>Vector128</c> operators), with this file's words:
/// transposes by word reads and rotations from <see cref="Vector128Rotate"/>.
/// </summary>
internal static class Blake2bLanesVector128
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated && BitConverter.IsLittleEndian;

    /// <summary>Compresses superblocks of 2 x 128 bytes (lane k's block at k * 128) into 2 lane chains.</summary>
    public static void Compress2(ref ulong laneChain, ref byte input, nuint superblocks, uint increment) =>
        NeonLanes<ulong, Vector128Word64, Blake2bWord>.Compress(ref laneChain, ref input, superblocks, increment);

    /// <summary>Compresses superblocks of 4 x 128 bytes into 4 lane chains (word w of lane k at <c>4 * w + k</c>).</summary>
    public static void Compress4(ref ulong laneChain, ref byte input, nuint superblocks, uint increment) =>
        NeonLanes<ulong, Vector128Word64, Blake2bWord>.CompressTwoGroups(ref laneChain, ref input, superblocks, increment);
}

/// <summary>
/// BLAKE2s hashes side by side on the cross-platform 128-bit vectors: 4 messages, or BLAKE2sp's 8 leaves as two groups
/// of 4 (see <see cref="Blake2bLanesVector128"/>).
/// </summary>
internal static class Blake2sLanesVector128
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated && BitConverter.IsLittleEndian;

    /// <summary>Compresses superblocks of 4 x 64 bytes (lane k's block at k * 64) into 4 lane chains.</summary>
    public static void Compress4(ref uint laneChain, ref byte input, nuint superblocks, uint increment) =>
        NeonLanes<uint, Vector128Word32, Blake2sWord>.Compress(ref laneChain, ref input, superblocks, increment);

    /// <summary>Compresses superblocks of 8 x 64 bytes into 8 lane chains (word w of lane k at <c>8 * w + k</c>).</summary>
    public static void Compress8(ref uint laneChain, ref byte input, nuint superblocks, uint increment) =>
        NeonLanes<uint, Vector128Word32, Blake2sWord>.CompressTwoGroups(ref laneChain, ref input, superblocks, increment);
}

/// <summary>64-bit words, 2 lanes, on cross-platform vectors: BLAKE2b.</summary>
internal readonly struct Vector128Word64 : INeonWord<ulong>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<ulong> Broadcast(ulong value) => Vector128.Create(value);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public ulong Lane0(Vector128<ulong> x) => x.ToScalar();

    /// <summary>Word i of both lanes' blocks (lane 1's 128 bytes after lane 0's) into vector i.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Transpose(ref byte input, ref Vector128<ulong> words)
    {
        for (int w = 0; w < 16; w++)
            Unsafe.Add(ref words, w) = Vector128.Create(Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref input, 8 * w)), Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref input, 128 + 8 * w)));
    }

    /// <summary>By BLAKE2b's amounts, 32, 24, 16 or 63 (a constant at every call).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Vector128<ulong> RotateRight(Vector128<ulong> x, int n)
    {
        Debug.Assert(n is 32 or 24 or 16 or 63);
        return n switch
        {
            32 => Vector128Rotate.Right32(x),
            24 => Vector128Rotate.Right24(x),
            16 => Vector128Rotate.Right16(x),
            _ => Vector128Rotate.Right63(x),
        };
    }
}

/// <summary>32-bit words, 4 lanes, on cross-platform vectors: BLAKE2s.</summary>
internal readonly struct Vector128Word32 : INeonWord<uint>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Broadcast(ulong value) => Vector128.Create((uint)value);
    [MethodImpl(MethodImplOptions.AggressiveInlining)] public ulong Lane0(Vector128<uint> x) => x.ToScalar();

    /// <summary>Word i of the four lanes' blocks (64 bytes apart) into vector i.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Transpose(ref byte input, ref Vector128<uint> words)
    {
        for (int w = 0; w < 16; w++)
        {
            Unsafe.Add(ref words, w) = Vector128.Create(
                Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref input, 4 * w)), Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref input, 64 + 4 * w)),
                Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref input, 128 + 4 * w)), Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref input, 192 + 4 * w)));
        }
    }

    /// <summary>By BLAKE2s's amounts, 16, 12, 8 or 7 (a constant at every call).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Vector128<uint> RotateRight(Vector128<uint> x, int n)
    {
        Debug.Assert(n is 16 or 12 or 8 or 7);
        return n switch
        {
            16 => Vector128Rotate.Right16(x),
            12 => Vector128Rotate.Right12(x),
            8 => Vector128Rotate.Right8(x),
            _ => Vector128Rotate.Right7(x),
        };
    }
}
#endif
