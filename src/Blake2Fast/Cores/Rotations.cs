#if NET8_0_OR_GREATER
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Cores;

/// <summary>
/// G's rotations without AVX-512: byte-multiple amounts are one byte shuffle (or a 32-bit word shuffle for 32),
/// the others shift-shift-or (for 63, x + x stands in for the left shift: same result, cheaper port).
/// </summary>
internal static class Avx2Rotate
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> R32(Vector256<ulong> x) => Avx2.Shuffle(x.AsUInt32(), 0b_10_11_00_01).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> R24(Vector256<ulong> x) =>
        Avx2.Shuffle(x.AsByte(), Vector256.Create((byte)3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10, 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10)).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> R16(Vector256<ulong> x) =>
        Avx2.Shuffle(x.AsByte(), Vector256.Create((byte)2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9)).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> R63(Vector256<ulong> x) => Avx2.Or(Avx2.Add(x, x), Avx2.ShiftRightLogical(x, 63));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> R16(Vector256<uint> x) =>
        Avx2.Shuffle(x.AsByte(), Vector256.Create((byte)2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13)).AsUInt32();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> R12(Vector256<uint> x) => Avx2.Or(Avx2.ShiftRightLogical(x, 12), Avx2.ShiftLeftLogical(x, 20));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> R8(Vector256<uint> x) =>
        Avx2.Shuffle(x.AsByte(), Vector256.Create((byte)1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12)).AsUInt32();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> R7(Vector256<uint> x) => Avx2.Or(Avx2.ShiftRightLogical(x, 7), Avx2.ShiftLeftLogical(x, 25));
}
#endif
