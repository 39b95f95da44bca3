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
/// BLAKE2s on the runtime's cross-platform 128-bit vectors (<see cref="InstructionSet.Vector128"/>, WebAssembly's
/// SIMD), in the row layout: the 4x4 state as four row vectors, one vector operation running four G functions; the
/// message vectors built from the block by <see cref="RowSchedule"/>'s offsets.
/// </summary>
/// <remarks>
/// Shaped for the WebAssembly interpreter, as <see cref="Families.Blake3.Kernels.Blake3Vector128"/>: one method, the rows locals (no refs, which
/// the interpreter keeps in memory), the rounds looped; the diagonal step turns a, c and d, as
/// <see cref="RowKernel{T, TWord, TVec, TOps}"/> does, so that the schedule's diagonal order (G7, G4, G5, G6) applies.
/// </remarks>
internal static class Blake2sVector128
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated && BitConverter.IsLittleEndian;

    /// <summary>The kernels' contract <c>(ref chain, ref input, blocks, increment)</c> (<see cref="KernelTable"/>).</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void Compress(ref uint chain, ref byte input, nuint blocks, uint increment)
    {
        Vector128<uint> h0 = Vector128.LoadUnsafe(ref chain), h1 = Vector128.LoadUnsafe(ref chain, 4);
        uint t0 = Unsafe.Add(ref chain, 8), t1 = Unsafe.Add(ref chain, 9), f0 = Unsafe.Add(ref chain, 10), f1 = Unsafe.Add(ref chain, 11);
        ref byte sigma = ref MemoryMarshal.GetReference(RowSchedule.OffsetsS);
        do
        {
            t0 += increment;
            if (t0 < increment)
                t1++;
            Vector128<uint> a = h0, b = h1, c = Vector128.Create(IVs0, IVs1, IVs2, IVs3);
            Vector128<uint> d = Vector128.Create(IVs4 ^ t0, IVs5 ^ t1, IVs6 ^ f0, IVs7 ^ f1);
            for (int r = 0; r < 10; r++)
            {
                ref byte s = ref Unsafe.Add(ref sigma, 16 * r);
                a += M(ref input, ref s, 0) + b; d = Vector128Rotate.Right16(d ^ a); c += d; b = Vector128Rotate.Right12(b ^ c);
                a += M(ref input, ref s, 4) + b; d = Vector128Rotate.Right8(d ^ a); c += d; b = Vector128Rotate.Right7(b ^ c);
                // Lane j then runs the diagonal G holding b's word j: G7, G4, G5, G6.
                a = Vector128.Shuffle(a, Vector128.Create(3u, 0, 1, 2));
                d = Vector128.Shuffle(d, Vector128.Create(2u, 3, 0, 1));
                c = Vector128.Shuffle(c, Vector128.Create(1u, 2, 3, 0));
                a += M(ref input, ref s, 8) + b; d = Vector128Rotate.Right16(d ^ a); c += d; b = Vector128Rotate.Right12(b ^ c);
                a += M(ref input, ref s, 12) + b; d = Vector128Rotate.Right8(d ^ a); c += d; b = Vector128Rotate.Right7(b ^ c);
                a = Vector128.Shuffle(a, Vector128.Create(1u, 2, 3, 0));
                d = Vector128.Shuffle(d, Vector128.Create(2u, 3, 0, 1));
                c = Vector128.Shuffle(c, Vector128.Create(3u, 0, 1, 2));
            }
            h0 ^= a ^ c;
            h1 ^= b ^ d;
            input = ref Unsafe.Add(ref input, 64);
        }
        while (--blocks != 0);
        h0.StoreUnsafe(ref chain);
        h1.StoreUnsafe(ref chain, 4);
        Unsafe.Add(ref chain, 8) = t0;
        Unsafe.Add(ref chain, 9) = t1;
    }

    /// <summary>Four message words, their byte offsets the schedule's entries <paramref name="i"/> to <paramref name="i"/> + 3.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> M(ref byte block, ref byte schedule, int i) => Vector128.Create(
        Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, Unsafe.Add(ref schedule, i))),
        Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, Unsafe.Add(ref schedule, i + 1))),
        Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, Unsafe.Add(ref schedule, i + 2))),
        Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, Unsafe.Add(ref schedule, i + 3))));
}
#endif
