#if NET8_0_OR_GREATER
using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Simd;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// BLAKE3 on AVX2 in the row layout (<see cref="Blake3RowKernel{TVec, TOps}"/>): two inputs side by side, one per
/// 128-bit half, at about the cost of one; for two chunks or two parents, where a lane kernel's idle lanes cost more.
/// Rotations as <see cref="Blake3RowSse41"/>'s.
/// </summary>
[UnrolledBlake3Row("Vector256<uint>")]
internal static partial class Blake3RowAvx2
{
    public static bool IsSupported => Avx2.IsSupported && BitConverter.IsLittleEndian;

    public const int Lanes = 2;

    /// <summary>The contract of <see cref="Blake3Portable.HashMany"/>, two inputs per group.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void HashMany(ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter,
        bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, ref byte output) =>
        Blake3RowKernel<Vector256<uint>, Ops>.HashMany(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);

    internal readonly struct Ops : IBlake3RowOps<Vector256<uint>>
    {
        public int Inputs => 2;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Xor(Vector256<uint> a, Vector256<uint> b) => Avx2.Xor(a, b);

        // IsSupported checks are JIT-time constants: one branch survives.
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Rot16(Vector256<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 16) : Avx2Rotate.R16(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Rot12(Vector256<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 12) : Avx2Rotate.R12(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Rot8(Vector256<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 8) : Avx2Rotate.R8(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector256<uint> Rot7(Vector256<uint> x) => Avx512F.VL.IsSupported ? Avx512F.VL.RotateRight(x, 7) : Avx2Rotate.R7(x);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<uint> Words(Vector256<uint> x, [ConstantExpected] byte control) => Avx2.Shuffle(x, control);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<uint> Pick(Vector256<uint> a, Vector256<uint> b, [ConstantExpected] byte control) =>
            Avx.Shuffle(a.AsSingle(), b.AsSingle(), control).AsUInt32();

        /// <summary>Each lane's words of <paramref name="a"/>, those in <paramref name="mask"/> (4 bits, one per word) from <paramref name="b"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<uint> Blend(Vector256<uint> a, Vector256<uint> b, [ConstantExpected] byte mask) =>
#pragma warning disable CA1857 // the mask for both lanes: a constant once this is inlined with a constant mask
            Avx2.Blend(a, b, (byte)(mask | mask << 4));
#pragma warning restore CA1857

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Rounds(ref Vector256<uint> a, ref Vector256<uint> b, ref Vector256<uint> c, ref Vector256<uint> d, Vector256<uint> x0, Vector256<uint> y0, Vector256<uint> x1, Vector256<uint> y1) =>
            RowRounds(ref a, ref b, ref c, ref d, x0, y0, x1, y1);

        public Vector256<uint> IV => Vector256.Create(0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au, 0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<uint> Broadcast(ref uint key)
        {
            Vector128<uint> row = Vector128.LoadUnsafe(ref key);
            return Vector256.Create(row, row);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<uint> Load(ref byte input, nint stride) =>
            Avx2.InsertVector128(Vector128.LoadUnsafe(ref input).AsUInt32().ToVector256Unsafe(), Vector128.LoadUnsafe(ref Unsafe.Add(ref input, stride)).AsUInt32(), 1);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<uint> Counters(ulong counter, ulong step) => Vector256.Create(counter, 0, counter + step, 0).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector256<uint> Row3(Vector256<uint> counters, ulong lengthAndFlags) =>
            Avx2.UnpackLow(counters.AsUInt64(), Vector256.Create(lengthAndFlags)).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Store(ref byte output, Vector256<uint> h0, Vector256<uint> h1)
        {
            ref uint o = ref Unsafe.As<byte, uint>(ref output);
            // Input 0's CV is both rows' low halves, input 1's both high halves.
            Avx2.Permute2x128(h0, h1, 0x20).StoreUnsafe(ref o);
            Avx2.Permute2x128(h0, h1, 0x31).StoreUnsafe(ref Unsafe.Add(ref o, 8));
        }
    }
}
#endif
