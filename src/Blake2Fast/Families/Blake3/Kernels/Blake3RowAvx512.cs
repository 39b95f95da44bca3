#if NET8_0_OR_GREATER
using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// BLAKE3 on AVX-512 in the row layout (<see cref="Blake3RowKernel{TVec, TOps}"/>): four inputs side by side, one
/// per 128-bit lane, at about the cost of one; for three or four chunks or parents, where a lane kernel costs more.
/// Rotations are vprord.
/// </summary>
[UnrolledBlake3Row("Vector512<uint>")]
internal static partial class Blake3RowAvx512
{
    public static bool IsSupported => Avx512F.IsSupported && BitConverter.IsLittleEndian;

    public const int Lanes = 4;

    /// <summary>The contract of <see cref="Blake3Portable.HashMany"/>, four inputs per group.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void HashMany(ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter,
        bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, ref byte output) =>
        Blake3RowKernel<Vector512<uint>, Ops>.HashMany(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);

    internal readonly struct Ops : IBlake3RowOps<Vector512<uint>>
    {
        public int Inputs => 4;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> Xor(Vector512<uint> a, Vector512<uint> b) => Avx512F.Xor(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> Rot16(Vector512<uint> x) => Avx512F.RotateRight(x, 16);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> Rot12(Vector512<uint> x) => Avx512F.RotateRight(x, 12);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> Rot8(Vector512<uint> x) => Avx512F.RotateRight(x, 8);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector512<uint> Rot7(Vector512<uint> x) => Avx512F.RotateRight(x, 7);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector512<uint> Words(Vector512<uint> x, [ConstantExpected] byte control) => Avx512F.Shuffle(x, control);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector512<uint> Pick(Vector512<uint> a, Vector512<uint> b, [ConstantExpected] byte control) =>
            Avx512F.Shuffle(a.AsSingle(), b.AsSingle(), control).AsUInt32();

        /// <summary>Each lane's words of <paramref name="a"/>, those in <paramref name="mask"/> (4 bits, one per word) from <paramref name="b"/>.</summary>
        /// <remarks>No immediate-controlled dword blend at 512 bits: a select with a constant mask (vpternlogd).</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector512<uint> Blend(Vector512<uint> a, Vector512<uint> b, [ConstantExpected] byte mask)
        {
            // Sixteen constants (the mask is one): one vector in the data section.
            uint w0 = (mask & 1) != 0 ? ~0u : 0, w1 = (mask & 2) != 0 ? ~0u : 0, w2 = (mask & 4) != 0 ? ~0u : 0, w3 = (mask & 8) != 0 ? ~0u : 0;
            return Vector512.ConditionalSelect(Vector512.Create(w0, w1, w2, w3, w0, w1, w2, w3, w0, w1, w2, w3, w0, w1, w2, w3), b, a);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Rounds(ref Vector512<uint> a, ref Vector512<uint> b, ref Vector512<uint> c, ref Vector512<uint> d, Vector512<uint> x0, Vector512<uint> y0, Vector512<uint> x1, Vector512<uint> y1) =>
            RowRounds(ref a, ref b, ref c, ref d, x0, y0, x1, y1);

        // Written out: Vector512.Create(Vector128) compiles (.NET 10) to inserts into a stack temporary, in the loop.
        public Vector512<uint> IV => Vector512.Create(0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au, 0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au,
            0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au, 0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector512<uint> Broadcast(ref uint key)
        {
            Vector512<uint> row = Vector128.LoadUnsafe(ref key).ToVector256Unsafe().ToVector512Unsafe();
            return Avx512F.Shuffle4x128(row, row, 0); // lane 0 to every lane
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector512<uint> Load(ref byte input, nint stride)
        {
            Vector512<uint> v = Vector128.LoadUnsafe(ref input).AsUInt32().ToVector256Unsafe().ToVector512Unsafe();
            v = Avx512F.InsertVector128(v, Vector128.LoadUnsafe(ref Unsafe.Add(ref input, stride)).AsUInt32(), 1);
            v = Avx512F.InsertVector128(v, Vector128.LoadUnsafe(ref Unsafe.Add(ref input, 2 * stride)).AsUInt32(), 2);
            return Avx512F.InsertVector128(v, Vector128.LoadUnsafe(ref Unsafe.Add(ref input, 3 * stride)).AsUInt32(), 3);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector512<uint> Counters(ulong counter, ulong step) =>
            Avx512F.Add(Vector512.Create(counter), Vector512.Create(0UL, 0, 1, 0, 2, 0, 3, 0) * step).AsUInt32() & Vector512.Create(~0UL, 0, ~0UL, 0, ~0UL, 0, ~0UL, 0).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector512<uint> Row3(Vector512<uint> counters, ulong lengthAndFlags) =>
            Avx512F.UnpackLow(counters.AsUInt64(), Vector512.Create(lengthAndFlags)).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Store(ref byte output, Vector512<uint> h0, Vector512<uint> h1)
        {
            ref uint o = ref Unsafe.As<byte, uint>(ref output);
            // Input i's CV is lane i of h0, then lane i of h1: interleave the 128-bit lanes.
            Vector512<ulong> low = Avx512F.PermuteVar8x64x2(h0.AsUInt64(), Vector512.Create(0UL, 1, 8, 9, 2, 3, 10, 11), h1.AsUInt64());
            Vector512<ulong> high = Avx512F.PermuteVar8x64x2(h0.AsUInt64(), Vector512.Create(4UL, 5, 12, 13, 6, 7, 14, 15), h1.AsUInt64());
            low.AsUInt32().StoreUnsafe(ref o);
            high.AsUInt32().StoreUnsafe(ref Unsafe.Add(ref o, 16));
        }
    }
}
#endif
