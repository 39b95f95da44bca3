#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Simd;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// BLAKE3's single-block compression on the runtime's cross-platform 128-bit vectors
/// (<see cref="InstructionSet.Vector128"/>, WebAssembly's SIMD): the 4x4 state as four row vectors, for a lone chunk,
/// the root, parents merged one at a time and extended output.
/// </summary>
/// <remarks>
/// Shaped for the WebAssembly interpreter, as <see cref="Blake3Vector128"/>: the rows and the 16 message words are locals
/// (the words as scalars, permuted between rounds by renaming), the rounds looped, each round's four message vectors
/// built from the scalars (one build each, where shuffling message vectors takes two-source shuffles the API lacks),
/// the diagonal step by three word shuffles and back.
/// In a process that runs the 4-lane kernel, one block took about 1 us here every time, where the portable kernel took
/// 1 to 3 us from one process to the next (docs/benchmarks/wasm.md).
/// </remarks>
internal static class Blake3RowVector128
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated && BitConverter.IsLittleEndian;

    /// <summary>One input at a time, as the portable kernel.</summary>
    public const int Lanes = 1;

    /// <summary>The contract of <see cref="Blake3Portable.HashMany"/>, one input at a time.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void HashMany(ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter,
        bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, ref byte output)
    {
        for (nuint i = 0; i < groups; i++)
        {
            Vector128<uint> h0 = Vector128.LoadUnsafe(ref key), h1 = Vector128.LoadUnsafe(ref key, 4);
            Chain(ref h0, ref h1, ref Unsafe.Add(ref input, (nint)(i * stride)), blocks, counter + (incrementCounter ? i : 0), flags, flagsStart, flagsEnd);
            ref uint o = ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref output, (nint)(32 * i)));
            h0.StoreUnsafe(ref o);
            h1.StoreUnsafe(ref o, 4);
        }
    }

    /// <summary>The contract of <see cref="Blake3Portable.Compress"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void Compress(ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags)
    {
        Rows rows = Rounds(Vector128.LoadUnsafe(ref cv), Vector128.LoadUnsafe(ref cv, 4), ref block, Row3(counter, blockLength, flags));
        (rows.A ^ rows.C).StoreUnsafe(ref cv);
        (rows.B ^ rows.D).StoreUnsafe(ref cv, 4);
    }

    /// <summary>The contract of <see cref="Blake3Portable.CompressXof"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void CompressXof(ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output)
    {
        Vector128<uint> h0 = Vector128.LoadUnsafe(ref cv), h1 = Vector128.LoadUnsafe(ref cv, 4);
        Rows rows = Rounds(h0, h1, ref block, Row3(counter, blockLength, flags));
        ref uint o = ref Unsafe.As<byte, uint>(ref output);
        (rows.A ^ rows.C).StoreUnsafe(ref o);
        (rows.B ^ rows.D).StoreUnsafe(ref o, 4);
        (rows.C ^ h0).StoreUnsafe(ref o, 8);
        (rows.D ^ h1).StoreUnsafe(ref o, 12);
    }

    /// <summary>The contract of <see cref="Blake3Portable.CompressBlocks"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void CompressBlocks(ref uint cv, ref byte input, nuint blocks, ulong counter, uint flags, uint flagsStart, uint flagsEnd)
    {
        Vector128<uint> h0 = Vector128.LoadUnsafe(ref cv), h1 = Vector128.LoadUnsafe(ref cv, 4);
        Chain(ref h0, ref h1, ref input, blocks, counter, flags, flagsStart, flagsEnd);
        h0.StoreUnsafe(ref cv);
        h1.StoreUnsafe(ref cv, 4);
    }

    /// <summary>Full blocks of one input through the chaining value (h0, h1), flagged as the contracts say.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Chain(ref Vector128<uint> h0, ref Vector128<uint> h1, ref byte input, nuint blocks, ulong counter, uint flags, uint flagsStart, uint flagsEnd)
    {
        Vector128<uint> a = h0, b = h1;
        for (nuint j = 0; j < blocks; j++)
        {
            uint f = flags | (j == 0 ? flagsStart : 0) | (j == blocks - 1 ? flagsEnd : 0);
            Rows rows = Rounds(a, b, ref Unsafe.Add(ref input, (nint)(64 * j)), Row3(counter, 64, f));
            a = rows.A ^ rows.C;
            b = rows.B ^ rows.D;
        }
        h0 = a;
        h1 = b;
    }

    /// <summary>The state's last row: counter (low, high), block length, flags.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Row3(ulong counter, uint blockLength, uint flags) =>
        Vector128.Create((uint)counter, (uint)(counter >> 32), blockLength, flags);

    /// <summary>The four rows after the rounds.</summary>
    private struct Rows
    {
        public Vector128<uint> A, B, C, D;
    }

    /// <summary>The seven rounds from the chaining value rows (h0, h1), the IV row and <paramref name="row3"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Rows Rounds(Vector128<uint> h0, Vector128<uint> h1, ref byte block, Vector128<uint> row3)
    {
        uint m0 = W(ref block, 0), m1 = W(ref block, 1), m2 = W(ref block, 2), m3 = W(ref block, 3);
        uint m4 = W(ref block, 4), m5 = W(ref block, 5), m6 = W(ref block, 6), m7 = W(ref block, 7);
        uint m8 = W(ref block, 8), m9 = W(ref block, 9), m10 = W(ref block, 10), m11 = W(ref block, 11);
        uint m12 = W(ref block, 12), m13 = W(ref block, 13), m14 = W(ref block, 14), m15 = W(ref block, 15);
        Vector128<uint> a = h0, b = h1, c = Vector128.Create(Blake2Constants.IVs0, Blake2Constants.IVs1, Blake2Constants.IVs2, Blake2Constants.IVs3), d = row3;
        for (int r = 0; ; r++)
        {
            // Columns: G0..G3 in lanes 0..3.
            a += Vector128.Create(m0, m2, m4, m6) + b; d = Vector128Rotate.Right16(d ^ a); c += d; b = Vector128Rotate.Right12(b ^ c);
            a += Vector128.Create(m1, m3, m5, m7) + b; d = Vector128Rotate.Right8(d ^ a); c += d; b = Vector128Rotate.Right7(b ^ c);
            // Diagonals: b turned left by one word, c by two, d by three, so lane j runs G4+j; then back.
            b = Vector128.Shuffle(b, Vector128.Create(1u, 2, 3, 0));
            c = Vector128.Shuffle(c, Vector128.Create(2u, 3, 0, 1));
            d = Vector128.Shuffle(d, Vector128.Create(3u, 0, 1, 2));
            a += Vector128.Create(m8, m10, m12, m14) + b; d = Vector128Rotate.Right16(d ^ a); c += d; b = Vector128Rotate.Right12(b ^ c);
            a += Vector128.Create(m9, m11, m13, m15) + b; d = Vector128Rotate.Right8(d ^ a); c += d; b = Vector128Rotate.Right7(b ^ c);
            b = Vector128.Shuffle(b, Vector128.Create(3u, 0, 1, 2));
            c = Vector128.Shuffle(c, Vector128.Create(2u, 3, 0, 1));
            d = Vector128.Shuffle(d, Vector128.Create(1u, 2, 3, 0));
            if (r == 6)
                break;
            // BLAKE3's message permutation [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8], as renaming.
            uint p0 = m2, p1 = m6, p2 = m3, p3 = m10, p4 = m7, p5 = m0, p6 = m4, p7 = m13;
            uint p8 = m1, p9 = m11, p10 = m12, p11 = m5, p12 = m9, p13 = m14, p14 = m15, p15 = m8;
            m0 = p0; m1 = p1; m2 = p2; m3 = p3; m4 = p4; m5 = p5; m6 = p6; m7 = p7;
            m8 = p8; m9 = p9; m10 = p10; m11 = p11; m12 = p12; m13 = p13; m14 = p14; m15 = p15;
        }
        return new Rows { A = a, B = b, C = c, D = d };
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint W(ref byte block, int w) => Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 4 * w));
}
#endif
