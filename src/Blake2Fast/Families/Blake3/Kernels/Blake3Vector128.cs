#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Simd;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// BLAKE3 on the runtime's cross-platform 128-bit vectors (<see cref="InstructionSet.Vector128"/>, WebAssembly's SIMD):
/// 4 inputs (chunks or parents) side by side, one per 32-bit lane.
/// </summary>
/// <remarks>
/// Shaped for the WebAssembly interpreter and its jiterpreter rather than for a JIT: one method whose state and message
/// are 32 vector locals (no refs: the interpreter keeps a local whose address is taken in memory), the rounds in a loop,
/// the message permuted between rounds by renaming locals (a move each, where reading words through a schedule costs a
/// load, an index and an address per word), rotations by 16 and 8 as one byte shuffle each (<see cref="Vector128Rotate"/>).
/// The generator's written-out rounds over ref parameters, as the x86 and NEON lane kernels use them, ran at an eighth of
/// this speed there (docs/benchmarks/wasm.md).
/// </remarks>
internal static class Blake3Vector128
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated && BitConverter.IsLittleEndian;

    public const int Lanes = 4;

    /// <summary>Hashes <c>groups * 4</c> inputs; the contract of <see cref="Blake3Portable.HashMany"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void HashMany(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output)
    {
        nint s = (nint)stride;
        for (; groups != 0; groups--)
        {
            // Lane k's counter: counter + k when counting (the low word's carry into the high word per lane).
            Vector128<uint> t0 = Vector128.Create((uint)counter), t1 = Vector128.Create((uint)(counter >> 32));
            if (incrementCounter)
            {
                Vector128<uint> low = t0 + Vector128.Create(0u, 1, 2, 3);
                t1 -= Vector128.LessThan(low, t0);
                t0 = low;
            }
            Vector128<uint> h0 = Vector128.Create(key), h1 = Vector128.Create(Unsafe.Add(ref key, 1));
            Vector128<uint> h2 = Vector128.Create(Unsafe.Add(ref key, 2)), h3 = Vector128.Create(Unsafe.Add(ref key, 3));
            Vector128<uint> h4 = Vector128.Create(Unsafe.Add(ref key, 4)), h5 = Vector128.Create(Unsafe.Add(ref key, 5));
            Vector128<uint> h6 = Vector128.Create(Unsafe.Add(ref key, 6)), h7 = Vector128.Create(Unsafe.Add(ref key, 7));
            ref byte block = ref input;
            for (nuint j = 0; j < blocks; j++)
            {
                uint blockFlags = flags | (j == 0 ? flagsStart : 0) | (j == blocks - 1 ? flagsEnd : 0);
                // Word w of the four lanes' blocks.
                Vector128<uint> m0 = Word(ref block, s, 0), m1 = Word(ref block, s, 1), m2 = Word(ref block, s, 2), m3 = Word(ref block, s, 3);
                Vector128<uint> m4 = Word(ref block, s, 4), m5 = Word(ref block, s, 5), m6 = Word(ref block, s, 6), m7 = Word(ref block, s, 7);
                Vector128<uint> m8 = Word(ref block, s, 8), m9 = Word(ref block, s, 9), m10 = Word(ref block, s, 10), m11 = Word(ref block, s, 11);
                Vector128<uint> m12 = Word(ref block, s, 12), m13 = Word(ref block, s, 13), m14 = Word(ref block, s, 14), m15 = Word(ref block, s, 15);

                Vector128<uint> v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
                Vector128<uint> v8 = Vector128.Create(Blake2Constants.IVs0), v9 = Vector128.Create(Blake2Constants.IVs1);
                Vector128<uint> v10 = Vector128.Create(Blake2Constants.IVs2), v11 = Vector128.Create(Blake2Constants.IVs3);
                Vector128<uint> v12 = t0, v13 = t1, v14 = Vector128.Create(64u), v15 = Vector128.Create(blockFlags);
                for (int r = 0; ; r++)
                {
                    // Columns.
                    v0 += m0 + v4; v12 = Vector128Rotate.Right16(v12 ^ v0); v8 += v12; v4 = Vector128Rotate.Right12(v4 ^ v8);
                    v0 += m1 + v4; v12 = Vector128Rotate.Right8(v12 ^ v0); v8 += v12; v4 = Vector128Rotate.Right7(v4 ^ v8);
                    v1 += m2 + v5; v13 = Vector128Rotate.Right16(v13 ^ v1); v9 += v13; v5 = Vector128Rotate.Right12(v5 ^ v9);
                    v1 += m3 + v5; v13 = Vector128Rotate.Right8(v13 ^ v1); v9 += v13; v5 = Vector128Rotate.Right7(v5 ^ v9);
                    v2 += m4 + v6; v14 = Vector128Rotate.Right16(v14 ^ v2); v10 += v14; v6 = Vector128Rotate.Right12(v6 ^ v10);
                    v2 += m5 + v6; v14 = Vector128Rotate.Right8(v14 ^ v2); v10 += v14; v6 = Vector128Rotate.Right7(v6 ^ v10);
                    v3 += m6 + v7; v15 = Vector128Rotate.Right16(v15 ^ v3); v11 += v15; v7 = Vector128Rotate.Right12(v7 ^ v11);
                    v3 += m7 + v7; v15 = Vector128Rotate.Right8(v15 ^ v3); v11 += v15; v7 = Vector128Rotate.Right7(v7 ^ v11);
                    // Diagonals.
                    v0 += m8 + v5; v15 = Vector128Rotate.Right16(v15 ^ v0); v10 += v15; v5 = Vector128Rotate.Right12(v5 ^ v10);
                    v0 += m9 + v5; v15 = Vector128Rotate.Right8(v15 ^ v0); v10 += v15; v5 = Vector128Rotate.Right7(v5 ^ v10);
                    v1 += m10 + v6; v12 = Vector128Rotate.Right16(v12 ^ v1); v11 += v12; v6 = Vector128Rotate.Right12(v6 ^ v11);
                    v1 += m11 + v6; v12 = Vector128Rotate.Right8(v12 ^ v1); v11 += v12; v6 = Vector128Rotate.Right7(v6 ^ v11);
                    v2 += m12 + v7; v13 = Vector128Rotate.Right16(v13 ^ v2); v8 += v13; v7 = Vector128Rotate.Right12(v7 ^ v8);
                    v2 += m13 + v7; v13 = Vector128Rotate.Right8(v13 ^ v2); v8 += v13; v7 = Vector128Rotate.Right7(v7 ^ v8);
                    v3 += m14 + v4; v14 = Vector128Rotate.Right16(v14 ^ v3); v9 += v14; v4 = Vector128Rotate.Right12(v4 ^ v9);
                    v3 += m15 + v4; v14 = Vector128Rotate.Right8(v14 ^ v3); v9 += v14; v4 = Vector128Rotate.Right7(v4 ^ v9);
                    if (r == 6)
                        break;
                    // BLAKE3's message permutation [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8], as renaming.
                    Vector128<uint> p0 = m2, p1 = m6, p2 = m3, p3 = m10, p4 = m7, p5 = m0, p6 = m4, p7 = m13;
                    Vector128<uint> p8 = m1, p9 = m11, p10 = m12, p11 = m5, p12 = m9, p13 = m14, p14 = m15, p15 = m8;
                    m0 = p0; m1 = p1; m2 = p2; m3 = p3; m4 = p4; m5 = p5; m6 = p6; m7 = p7;
                    m8 = p8; m9 = p9; m10 = p10; m11 = p11; m12 = p12; m13 = p13; m14 = p14; m15 = p15;
                }
                h0 = v0 ^ v8; h1 = v1 ^ v9; h2 = v2 ^ v10; h3 = v3 ^ v11;
                h4 = v4 ^ v12; h5 = v5 ^ v13; h6 = v6 ^ v14; h7 = v7 ^ v15;
                block = ref Unsafe.Add(ref block, 64);
            }

            // Lane k's chaining value: its word w is lane k of h_w.
            for (int k = 0; k < 4; k++)
            {
                ref uint o = ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref output, 32 * k));
                Vector128.Create(h0.GetElement(k), h1.GetElement(k), h2.GetElement(k), h3.GetElement(k)).StoreUnsafe(ref o);
                Vector128.Create(h4.GetElement(k), h5.GetElement(k), h6.GetElement(k), h7.GetElement(k)).StoreUnsafe(ref o, 4);
            }
            input = ref Unsafe.Add(ref input, 4 * s);
            output = ref Unsafe.Add(ref output, 128);
            if (incrementCounter)
                counter += 4;
        }
    }

    /// <summary>Word <paramref name="w"/> of the four lanes' blocks (lane k's at <c>k * stride</c>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Word(ref byte block, nint stride, int w) => Vector128.Create(
        Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 4 * w)), Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, stride + 4 * w)),
        Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 2 * stride + 4 * w)), Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 3 * stride + 4 * w)));
}
#endif
