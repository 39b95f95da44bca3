#if NET8_0_OR_GREATER
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Blake2Fast.Simd;

/// <summary>
/// G's rotations on the runtime's cross-platform 128-bit vectors (<see cref="Dispatch.InstructionSet.Vector128"/>), one method
/// per amount, so that no kernel passes an amount to a switch the WebAssembly interpreter would have to fold.
/// Whole-byte amounts are one byte shuffle with constant indices (<c>pshufb</c> on x64, <c>tbl</c> on ARM64), the others
/// shift-shift-or: under node the byte shuffle measured about half the time of shift-shift-or (docs/benchmarks/wasm.md).
/// </summary>
internal static class Vector128Rotate
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> Right16(Vector128<uint> x) =>
        Vector128.Shuffle(x.AsByte(), Vector128.Create((byte)2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13)).AsUInt32();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> Right12(Vector128<uint> x) => Vector128.ShiftRightLogical(x, 12) | Vector128.ShiftLeft(x, 20);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> Right8(Vector128<uint> x) =>
        Vector128.Shuffle(x.AsByte(), Vector128.Create((byte)1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12)).AsUInt32();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> Right7(Vector128<uint> x) => Vector128.ShiftRightLogical(x, 7) | Vector128.ShiftLeft(x, 25);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> Right32(Vector128<ulong> x) =>
        Vector128.Shuffle(x.AsByte(), Vector128.Create((byte)4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11)).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> Right24(Vector128<ulong> x) =>
        Vector128.Shuffle(x.AsByte(), Vector128.Create((byte)3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10)).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> Right16(Vector128<ulong> x) =>
        Vector128.Shuffle(x.AsByte(), Vector128.Create((byte)2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9)).AsUInt64();

    /// <summary>By 63: x + x stands in for the left shift by one.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> Right63(Vector128<ulong> x) => Vector128.ShiftRightLogical(x, 63) | (x + x);
}
#endif
