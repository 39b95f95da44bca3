#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Simd;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// BLAKE3 on AVX2: 8 inputs (chunks or parents) side by side in 256-bit registers. Rotations by 16 and 8 are
/// byte shuffles, by 12 and 7 shift-shift-or; where AVX-512 VL is present each is one vprord instead.
/// </summary>
[UnrolledBlake3Lanes("Vector256<uint>", "Avx512F.VL.RotateRight({0}, {1})")]
internal static partial class Blake3Avx2
{
    public static bool IsSupported => Avx2.IsSupported && BitConverter.IsLittleEndian;

    public const int Lanes = 8;

    /// <summary>Hashes <c>groups * 8</c> inputs; the contract of <see cref="Blake3Avx512.HashMany"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void HashMany(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output) =>
        Blake3LaneKernel<Vector256<uint>, Ops>.HashMany(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);

    private readonly struct Ops : IBlake3LaneOps<Vector256<uint>>
    {
        public Vector256<uint> Indices => Vector256.Create(0u, 1, 2, 3, 4, 5, 6, 7);
        // With AVX-512 VL (32 registers, vprord), the rounds as the build writes them out: the message words then
        // stay in registers beside the state. Without it the looped rounds, whose message words are memory operands:
        // with 16 registers all holding state, writing the rounds out gains nothing.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool UnrolledRounds(ref Vector256<uint> v0, ref Vector256<uint> v1, ref Vector256<uint> v2, ref Vector256<uint> v3, ref Vector256<uint> v4, ref Vector256<uint> v5, ref Vector256<uint> v6, ref Vector256<uint> v7, ref Vector256<uint> v8, ref Vector256<uint> v9, ref Vector256<uint> v10, ref Vector256<uint> v11, ref Vector256<uint> v12, ref Vector256<uint> v13, ref Vector256<uint> v14, ref Vector256<uint> v15, ref Vector256<uint> message)
        {
            if (!Avx512F.VL.IsSupported)
                return false;
            Rounds(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref message);
            return true;
        }
        public bool ParkForRotations => !Avx512F.VL.IsSupported;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Broadcast(uint value) => Vector256.Create(value);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Subtract(Vector256<uint> a, Vector256<uint> b) => Avx2.Subtract(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> LessThan(Vector256<uint> a, Vector256<uint> b) => Vector256.LessThan(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Add(Vector256<uint> a, Vector256<uint> b) => Avx2.Add(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Xor(Vector256<uint> a, Vector256<uint> b) => Avx2.Xor(a, b);

        // IsSupported checks are JIT-time constants: one branch survives.
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> RotR1(Vector256<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 16) : Avx2Rotate.R16(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> RotR2(Vector256<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 12) : Avx2Rotate.R12(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> RotR3(Vector256<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 8) : Avx2Rotate.R8(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> RotR4(Vector256<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 7) : Avx2Rotate.R7(x);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void LoadMessage(ref byte input, nint stride, ref Vector256<uint> words) =>
            LaneTranspose.Words32Pieces(ref input, stride, ref words, Blake3Prefetch.Distance);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreChains(ref byte output, Vector256<uint> h0, Vector256<uint> h1, Vector256<uint> h2, Vector256<uint> h3, Vector256<uint> h4, Vector256<uint> h5, Vector256<uint> h6, Vector256<uint> h7)
        {
            Vector256<ulong> r0 = h0.AsUInt64(), r1 = h1.AsUInt64(), r2 = h2.AsUInt64(), r3 = h3.AsUInt64();
            Vector256<ulong> r4 = h4.AsUInt64(), r5 = h5.AsUInt64(), r6 = h6.AsUInt64(), r7 = h7.AsUInt64();
            LaneTranspose.Words32x8<Vector256<ulong>, Transpose256>(ref r0, ref r1, ref r2, ref r3, ref r4, ref r5, ref r6, ref r7);
            ref ulong o = ref Unsafe.As<byte, ulong>(ref output);
            r0.StoreUnsafe(ref o, 0); r1.StoreUnsafe(ref o, 4); r2.StoreUnsafe(ref o, 8); r3.StoreUnsafe(ref o, 12);
            r4.StoreUnsafe(ref o, 16); r5.StoreUnsafe(ref o, 20); r6.StoreUnsafe(ref o, 24); r7.StoreUnsafe(ref o, 28);
        }
    }
}
#endif
