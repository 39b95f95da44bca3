#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Blake2Fast.Cores;

/// <summary>
/// BLAKE3 on the runtime's cross-platform 128-bit vectors (<see cref="InstructionSet.Vector128"/>, WebAssembly's SIMD):
/// 4 inputs (chunks or parents) side by side, one per 32-bit lane, the rounds written out by the build with
/// <see cref="Vector128Rotate"/>'s rotations. The message goes in and the chaining values out through 4x4 transposes
/// of word reads and writes: every vector operation in between works on all four inputs.
/// </summary>
[UnrolledBlake3Lanes("Vector128<uint>", "Vector128Rotate.Right{1}({0})")]
internal static partial class Blake3Vector128
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated && BitConverter.IsLittleEndian;

    public const int Lanes = 4;

    /// <summary>Hashes <c>groups * 4</c> inputs; the contract of <see cref="Blake3Portable.HashMany"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void HashMany(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output) =>
        Blake3LaneKernel<Vector128<uint>, Ops>.HashMany(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);

    private readonly struct Ops : IBlake3LaneOps<Vector128<uint>>
    {
        public Vector128<uint> Indices => Vector128.Create(0u, 1, 2, 3);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool UnrolledRounds(ref Vector128<uint> v0, ref Vector128<uint> v1, ref Vector128<uint> v2, ref Vector128<uint> v3, ref Vector128<uint> v4, ref Vector128<uint> v5, ref Vector128<uint> v6, ref Vector128<uint> v7, ref Vector128<uint> v8, ref Vector128<uint> v9, ref Vector128<uint> v10, ref Vector128<uint> v11, ref Vector128<uint> v12, ref Vector128<uint> v13, ref Vector128<uint> v14, ref Vector128<uint> v15, ref Vector128<uint> message)
        {
            Rounds(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref message);
            return true;
        }

        public bool ParkForRotations => false;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Broadcast(uint value) => Vector128.Create(value);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Subtract(Vector128<uint> a, Vector128<uint> b) => a - b;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> LessThan(Vector128<uint> a, Vector128<uint> b) => Vector128.LessThan(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Add(Vector128<uint> a, Vector128<uint> b) => a + b;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Xor(Vector128<uint> a, Vector128<uint> b) => a ^ b;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR1(Vector128<uint> x) => Vector128Rotate.Right16(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR2(Vector128<uint> x) => Vector128Rotate.Right12(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR3(Vector128<uint> x) => Vector128Rotate.Right8(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR4(Vector128<uint> x) => Vector128Rotate.Right7(x);

        /// <summary>Word i of the four inputs' blocks into vector i: each vector built from four word reads.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void LoadMessage(ref byte input, nint stride, ref Vector128<uint> words)
        {
            ref byte i1 = ref Unsafe.Add(ref input, stride), i2 = ref Unsafe.Add(ref input, 2 * stride), i3 = ref Unsafe.Add(ref input, 3 * stride);
            for (int w = 0; w < 16; w++)
            {
                Unsafe.Add(ref words, w) = Vector128.Create(
                    Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref input, 4 * w)), Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref i1, 4 * w)),
                    Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref i2, 4 * w)), Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref i3, 4 * w)));
            }
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreChains(ref byte output, Vector128<uint> h0, Vector128<uint> h1, Vector128<uint> h2, Vector128<uint> h3, Vector128<uint> h4, Vector128<uint> h5, Vector128<uint> h6, Vector128<uint> h7)
        {
            for (int k = 0; k < 4; k++)
            {
                // Lane k's eight words, in two vectors of four.
                Vector128.Create(h0.GetElement(k), h1.GetElement(k), h2.GetElement(k), h3.GetElement(k)).StoreUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref output, 32 * k)));
                Vector128.Create(h4.GetElement(k), h5.GetElement(k), h6.GetElement(k), h7.GetElement(k)).StoreUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref output, 32 * k + 16)));
            }
        }
    }
}
#endif
