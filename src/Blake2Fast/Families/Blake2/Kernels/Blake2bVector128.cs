#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using Blake2Fast.Dispatch;
using Blake2Fast.Simd;
using static Blake2Fast.Families.Blake2.Kernels.Blake2Constants;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>
/// BLAKE2b on the runtime's cross-platform 128-bit vectors (<see cref="InstructionSet.Vector128"/>, WebAssembly's
/// SIMD), in the row layout: each row of four 64-bit words is a pair of vectors, its even words (w0, w2) and its odd ones
/// (w1, w3), not its halves as in <see cref="Blake2bSse41"/>. Every lane turn of the diagonal step is then a swap inside
/// one vector or a change of roles between the two, never a word moved across vectors (the API has no two-source
/// shuffle; element reads and a build cost several shuffles in the interpreter).
/// </summary>
/// <remarks>
/// Shaped for the WebAssembly interpreter, as <see cref="Families.Blake3.Kernels.Blake3Vector128"/>: one method, the eight row vectors locals
/// (no refs, no pair structs, which the interpreter copies), the rounds looped, swaps as 32-bit word shuffles (half the
/// price of 64-bit ones there).
/// </remarks>
internal static class Blake2bVector128
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated && BitConverter.IsLittleEndian;

    /// <summary>The kernels' contract <c>(ref chain, ref input, blocks, increment)</c> (<see cref="KernelTable"/>).</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void Compress(ref ulong chain, ref byte input, nuint blocks, uint increment)
    {
        // Rows h0..h3 and h4..h7 as (even, odd) pairs.
        Vector128<ulong> hE0 = Vector128.Create(chain, Unsafe.Add(ref chain, 2)), hO0 = Vector128.Create(Unsafe.Add(ref chain, 1), Unsafe.Add(ref chain, 3));
        Vector128<ulong> hE1 = Vector128.Create(Unsafe.Add(ref chain, 4), Unsafe.Add(ref chain, 6)), hO1 = Vector128.Create(Unsafe.Add(ref chain, 5), Unsafe.Add(ref chain, 7));
        ulong t0 = Unsafe.Add(ref chain, 8), t1 = Unsafe.Add(ref chain, 9), f0 = Unsafe.Add(ref chain, 10), f1 = Unsafe.Add(ref chain, 11);
        ref byte sigma = ref MemoryMarshal.GetReference(RowSchedule.OffsetsB);
        do
        {
            t0 += increment;
            if (t0 < increment)
                t1++;
            Vector128<ulong> aE = hE0, aO = hO0, bE = hE1, bO = hO1;
            Vector128<ulong> cE = Vector128.Create(IVb0, IVb2), cO = Vector128.Create(IVb1, IVb3);
            Vector128<ulong> dE = Vector128.Create(IVb4 ^ t0, IVb6 ^ f0), dO = Vector128.Create(IVb5 ^ t1, IVb7 ^ f1);
            for (int r = 0; r < 12; r++)
            {
                // The round's message words in lane order (RowSchedule: x0, y0 for G0..G3, x1, y1 for G4..G7), as pairs.
                ref byte s = ref Unsafe.Add(ref sigma, 16 * r);
                Vector128<ulong> xE = M(ref input, ref s, 0, 2), xO = M(ref input, ref s, 1, 3);
                Vector128<ulong> yE = M(ref input, ref s, 4, 6), yO = M(ref input, ref s, 5, 7);
                // Columns.
                aE += xE + bE; dE = Vector128Rotate.Right32(dE ^ aE); cE += dE; bE = Vector128Rotate.Right24(bE ^ cE);
                aO += xO + bO; dO = Vector128Rotate.Right32(dO ^ aO); cO += dO; bO = Vector128Rotate.Right24(bO ^ cO);
                aE += yE + bE; dE = Vector128Rotate.Right16(dE ^ aE); cE += dE; bE = Vector128Rotate.Right63(bE ^ cE);
                aO += yO + bO; dO = Vector128Rotate.Right16(dO ^ aO); cO += dO; bO = Vector128Rotate.Right63(bO ^ cO);
                // Diagonals, lane j running G4+j: b turned left by one word is (odd, swapped even), c by two (both
                // swapped), d by three (swapped odd, even); the RowSchedule order (G7, G4, G5, G6) is a's turn, so the
                // message pairs are turned to match: (s8, s10, s12, s14) in lane order G4..G7 from (x1 = G7, G4, G5, G6).
                Vector128<ulong> bE1 = bO, bO1 = Swap(bE), cE1 = Swap(cE), cO1 = Swap(cO), dE1 = Swap(dO), dO1 = dE;
                xE = M(ref input, ref s, 9, 11); xO = M(ref input, ref s, 10, 8);
                yE = M(ref input, ref s, 13, 15); yO = M(ref input, ref s, 14, 12);
                aE += xE + bE1; dE1 = Vector128Rotate.Right32(dE1 ^ aE); cE1 += dE1; bE1 = Vector128Rotate.Right24(bE1 ^ cE1);
                aO += xO + bO1; dO1 = Vector128Rotate.Right32(dO1 ^ aO); cO1 += dO1; bO1 = Vector128Rotate.Right24(bO1 ^ cO1);
                aE += yE + bE1; dE1 = Vector128Rotate.Right16(dE1 ^ aE); cE1 += dE1; bE1 = Vector128Rotate.Right63(bE1 ^ cE1);
                aO += yO + bO1; dO1 = Vector128Rotate.Right16(dO1 ^ aO); cO1 += dO1; bO1 = Vector128Rotate.Right63(bO1 ^ cO1);
                bE = Swap(bO1); bO = bE1;
                cE = Swap(cE1); cO = Swap(cO1);
                dE = dO1; dO = Swap(dE1);
            }
            hE0 ^= aE ^ cE;
            hO0 ^= aO ^ cO;
            hE1 ^= bE ^ dE;
            hO1 ^= bO ^ dO;
            input = ref Unsafe.Add(ref input, 128);
        }
        while (--blocks != 0);
        chain = hE0.GetElement(0);
        Unsafe.Add(ref chain, 1) = hO0.GetElement(0);
        Unsafe.Add(ref chain, 2) = hE0.GetElement(1);
        Unsafe.Add(ref chain, 3) = hO0.GetElement(1);
        Unsafe.Add(ref chain, 4) = hE1.GetElement(0);
        Unsafe.Add(ref chain, 5) = hO1.GetElement(0);
        Unsafe.Add(ref chain, 6) = hE1.GetElement(1);
        Unsafe.Add(ref chain, 7) = hO1.GetElement(1);
        Unsafe.Add(ref chain, 8) = t0;
        Unsafe.Add(ref chain, 9) = t1;
    }

    /// <summary>The message words at schedule entries <paramref name="i"/> and <paramref name="j"/> (byte offsets into the block).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> M(ref byte block, ref byte schedule, int i, int j) => Vector128.Create(
        Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref block, Unsafe.Add(ref schedule, i))),
        Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref block, Unsafe.Add(ref schedule, j))));

    /// <summary>The two words swapped, as a 32-bit word shuffle (half the price of a 64-bit one in the interpreter).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> Swap(Vector128<ulong> x) => Vector128.Shuffle(x.AsUInt32(), Vector128.Create(2u, 3, 0, 1)).AsUInt64();
}
#endif
