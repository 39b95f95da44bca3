#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// BLAKE3 on SSE4.1: 4 inputs (chunks or parents) side by side in 128-bit registers. Rotations by 16 and 8 are
/// byte shuffles (SSSE3), by 12 and 7 shift-shift-or; where AVX-512 VL is present each is one vprord instead.
/// </summary>
internal static class Blake3Sse41
{
    public static bool IsSupported => Sse41.IsSupported && BitConverter.IsLittleEndian;

    public const int Lanes = 4;

    /// <summary>Hashes <c>groups * 4</c> inputs; the contract of <see cref="Blake3Avx512.HashMany"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void HashMany(
        ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter, bool incrementCounter,
        uint flags, uint flagsStart, uint flagsEnd, ref byte output) =>
        Blake3LaneKernel<Vector128<uint>, Ops>.HashMany(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);

    internal readonly struct Ops : IBlake3LaneOps<Vector128<uint>>
    {
        public Vector128<uint> Indices => Vector128.Create(0u, 1, 2, 3);
        // The looped rounds: written out (as AVX-512's are) they would gain nothing, the rounds being latency-bound
        // rather than issue-bound, and the loop keeps the method small.
        public bool UnrolledRounds(ref Vector128<uint> v0, ref Vector128<uint> v1, ref Vector128<uint> v2, ref Vector128<uint> v3, ref Vector128<uint> v4, ref Vector128<uint> v5, ref Vector128<uint> v6, ref Vector128<uint> v7, ref Vector128<uint> v8, ref Vector128<uint> v9, ref Vector128<uint> v10, ref Vector128<uint> v11, ref Vector128<uint> v12, ref Vector128<uint> v13, ref Vector128<uint> v14, ref Vector128<uint> v15, ref Vector128<uint> message) => false;
        public bool ParkForRotations => !Avx512F.VL.IsSupported;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Broadcast(uint value) => Vector128.Create(value);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Subtract(Vector128<uint> a, Vector128<uint> b) => Sse2.Subtract(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> LessThan(Vector128<uint> a, Vector128<uint> b) => Vector128.LessThan(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Add(Vector128<uint> a, Vector128<uint> b) => Sse2.Add(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Xor(Vector128<uint> a, Vector128<uint> b) => Sse2.Xor(a, b);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> RotR1(Vector128<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 16)
            : Ssse3.Shuffle(x.AsByte(), Vector128.Create((byte)2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13)).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> RotR2(Vector128<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 12)
            : Sse2.Or(Sse2.ShiftRightLogical(x, 12), Sse2.ShiftLeftLogical(x, 20));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> RotR3(Vector128<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 8)
            : Ssse3.Shuffle(x.AsByte(), Vector128.Create((byte)1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12)).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> RotR4(Vector128<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 7)
            : Sse2.Or(Sse2.ShiftRightLogical(x, 7), Sse2.ShiftLeftLogical(x, 25));

        // Four 4x4 transposes: rows are 16 bytes of each lane's block, two unpack stages each.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void LoadMessage(ref byte input, nint stride, ref Vector128<uint> words)
        {
            Blake3Prefetch.One(ref input); Blake3Prefetch.One(ref Unsafe.Add(ref input, stride));
            Blake3Prefetch.One(ref Unsafe.Add(ref input, 2 * stride)); Blake3Prefetch.One(ref Unsafe.Add(ref input, 3 * stride));
            for (int g = 0; g < 4; g++)
            {
                ref byte row = ref Unsafe.Add(ref input, 16 * g);
                Vector128<uint> r0 = Vector128.LoadUnsafe(ref Unsafe.As<byte, uint>(ref row));
                Vector128<uint> r1 = Vector128.LoadUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref row, stride)));
                Vector128<uint> r2 = Vector128.LoadUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref row, 2 * stride)));
                Vector128<uint> r3 = Vector128.LoadUnsafe(ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref row, 3 * stride)));
                Transpose4x4(ref r0, ref r1, ref r2, ref r3);
                ref Vector128<uint> w = ref Unsafe.Add(ref words, 4 * g);
                w = r0;
                Unsafe.Add(ref w, 1) = r1;
                Unsafe.Add(ref w, 2) = r2;
                Unsafe.Add(ref w, 3) = r3;
            }
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreChains(ref byte output, Vector128<uint> h0, Vector128<uint> h1, Vector128<uint> h2, Vector128<uint> h3, Vector128<uint> h4, Vector128<uint> h5, Vector128<uint> h6, Vector128<uint> h7)
        {
            Transpose4x4(ref h0, ref h1, ref h2, ref h3);
            Transpose4x4(ref h4, ref h5, ref h6, ref h7);
            ref uint o = ref Unsafe.As<byte, uint>(ref output);
            h0.StoreUnsafe(ref o, 0); h4.StoreUnsafe(ref o, 4); h1.StoreUnsafe(ref o, 8); h5.StoreUnsafe(ref o, 12);
            h2.StoreUnsafe(ref o, 16); h6.StoreUnsafe(ref o, 20); h3.StoreUnsafe(ref o, 24); h7.StoreUnsafe(ref o, 28);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void Transpose4x4(ref Vector128<uint> r0, ref Vector128<uint> r1, ref Vector128<uint> r2, ref Vector128<uint> r3)
        {
            Vector128<ulong> t0 = Sse2.UnpackLow(r0, r1).AsUInt64(), t1 = Sse2.UnpackHigh(r0, r1).AsUInt64();
            Vector128<ulong> t2 = Sse2.UnpackLow(r2, r3).AsUInt64(), t3 = Sse2.UnpackHigh(r2, r3).AsUInt64();
            r0 = Sse2.UnpackLow(t0, t2).AsUInt32();
            r1 = Sse2.UnpackHigh(t0, t2).AsUInt32();
            r2 = Sse2.UnpackLow(t1, t3).AsUInt32();
            r3 = Sse2.UnpackHigh(t1, t3).AsUInt32();
        }
    }
}
#endif
