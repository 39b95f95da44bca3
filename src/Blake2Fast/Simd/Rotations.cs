#if NET8_0_OR_GREATER
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Simd;

/// <summary>
/// G's rotations on x86 without AVX-512: byte-multiple amounts are one byte shuffle (or a 32-bit word shuffle for 32),
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

/// <summary>
/// G's rotations on ARM64 AdvSIMD, which has no vector rotate: by half a word with one element reverse (REV32 on
/// 16-bit elements, REV64 on 32-bit ones), by other whole bytes with one table lookup (TBL), else a right shift
/// and a shift-left-and-insert (USHR + SLI: two instructions where shift-shift-or takes three). The amount is a
/// JIT constant at every call (a variant's <see cref="Families.Blake2.Kernels.IBlake2Variant.Rotation"/> or a literal), so one arm remains.
/// </summary>
internal static class NeonRotate
{
    /// <summary><paramref name="x"/>'s 32-bit lanes rotated right by <paramref name="n"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> Right(Vector128<uint> x, int n) => n switch
    {
        16 => AdvSimd.ReverseElement16(x),
        8 => AdvSimd.Arm64.VectorTableLookup(x.AsByte(), Vector128.Create((byte)1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12)).AsUInt32(),
        12 => AdvSimd.ShiftLeftAndInsert(AdvSimd.ShiftRightLogical(x, 12), x, 20),
        7 => AdvSimd.ShiftLeftAndInsert(AdvSimd.ShiftRightLogical(x, 7), x, 25),
        _ => Vector128.ShiftRightLogical(x, n) | Vector128.ShiftLeft(x, 32 - n),
    };

    /// <summary><paramref name="x"/>'s 64-bit lanes rotated right by <paramref name="n"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> Right(Vector128<ulong> x, int n) => n switch
    {
        32 => AdvSimd.ReverseElement32(x),
        24 => AdvSimd.Arm64.VectorTableLookup(x.AsByte(), Vector128.Create((byte)3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10)).AsUInt64(),
        16 => AdvSimd.Arm64.VectorTableLookup(x.AsByte(), Vector128.Create((byte)2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9)).AsUInt64(),
        63 => AdvSimd.ShiftLeftAndInsert(Vector128.ShiftRightLogical(x, 63), x, 1),
        _ => Vector128.ShiftRightLogical(x, n) | Vector128.ShiftLeft(x, 64 - n),
    };
}
#endif
