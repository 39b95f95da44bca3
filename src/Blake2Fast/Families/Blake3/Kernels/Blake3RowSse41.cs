#if NET8_0_OR_GREATER
using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// BLAKE3's single-block compression on SSE4.1, in the row layout (<see cref="Blake3RowKernel{TVec, TOps}"/>): the
/// 4x4 state as four 128-bit rows. For what has no sibling to share lanes with: a lone chunk, the root, parents
/// merged one at a time, extended output blocks. Rotations by 16 and 8 are byte shuffles and by 12 and 7
/// shift-shift-or, or one vprord each where AVX-512 VL is present.
/// </summary>
[UnrolledBlake3Row("Vector128<uint>")]
internal static partial class Blake3RowSse41
{
    public static bool IsSupported => Sse41.IsSupported && BitConverter.IsLittleEndian;

    /// <summary>One input at a time, as the portable kernel.</summary>
    public const int Lanes = 1;

    /// <summary>The contract of <see cref="Blake3Portable.HashMany"/>, one input at a time.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void HashMany(ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter,
        bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, ref byte output) =>
        Blake3RowKernel<Vector128<uint>, Ops>.HashMany(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);

    /// <summary>The contract of <see cref="Blake3Portable.Compress"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void Compress(ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags)
    {
        Vector128<uint> a = Vector128.LoadUnsafe(ref cv), b = Vector128.LoadUnsafe(ref Unsafe.Add(ref cv, 4));
        Blake3RowKernel<Vector128<uint>, Ops>.Rounds(ref a, ref b, out Vector128<uint> c, out Vector128<uint> d, ref block, 0, Row3(counter, blockLength, flags));
        Sse2.Xor(a, c).StoreUnsafe(ref cv);
        Sse2.Xor(b, d).StoreUnsafe(ref Unsafe.Add(ref cv, 4));
    }

    /// <summary>The contract of <see cref="Blake3Portable.CompressXof"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void CompressXof(ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output)
    {
        Vector128<uint> h0 = Vector128.LoadUnsafe(ref cv), h1 = Vector128.LoadUnsafe(ref Unsafe.Add(ref cv, 4));
        Vector128<uint> a = h0, b = h1;
        Blake3RowKernel<Vector128<uint>, Ops>.Rounds(ref a, ref b, out Vector128<uint> c, out Vector128<uint> d, ref block, 0, Row3(counter, blockLength, flags));
        ref uint o = ref Unsafe.As<byte, uint>(ref output);
        Sse2.Xor(a, c).StoreUnsafe(ref o);
        Sse2.Xor(b, d).StoreUnsafe(ref Unsafe.Add(ref o, 4));
        Sse2.Xor(c, h0).StoreUnsafe(ref Unsafe.Add(ref o, 8));
        Sse2.Xor(d, h1).StoreUnsafe(ref Unsafe.Add(ref o, 12));
    }

    /// <summary>The contract of <see cref="Blake3Portable.CompressBlocks"/>.</summary>
    /// <remarks>One group of one input, its CV written over <paramref name="cv"/>, which was read before.</remarks>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void CompressBlocks(ref uint cv, ref byte input, nuint blocks, ulong counter, uint flags, uint flagsStart, uint flagsEnd) =>
        Blake3RowKernel<Vector128<uint>, Ops>.HashMany(ref input, 1, 0, blocks, ref cv, counter, false, flags, flagsStart, flagsEnd, ref Unsafe.As<uint, byte>(ref cv));

    /// <summary>The state's last row: counter (low, high), block length, flags; two inserts rather than four.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Row3(ulong counter, uint blockLength, uint flags) =>
        Vector128.Create(counter, blockLength | ((ulong)flags << 32)).AsUInt32();

    internal readonly struct Ops : IBlake3RowOps<Vector128<uint>>
    {
        public int Inputs => 1;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Xor(Vector128<uint> a, Vector128<uint> b) => Sse2.Xor(a, b);

        // The lane kernel's rotations (vprord where AVX-512 VL is present).
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Rot16(Vector128<uint> x) => default(Blake3Sse41.Ops).RotR1(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Rot12(Vector128<uint> x) => default(Blake3Sse41.Ops).RotR2(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Rot8(Vector128<uint> x) => default(Blake3Sse41.Ops).RotR3(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Rot7(Vector128<uint> x) => default(Blake3Sse41.Ops).RotR4(x);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> Words(Vector128<uint> x, [ConstantExpected] byte control) => Sse2.Shuffle(x, control);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> Pick(Vector128<uint> a, Vector128<uint> b, [ConstantExpected] byte control) =>
            Sse.Shuffle(a.AsSingle(), b.AsSingle(), control).AsUInt32();

        /// <summary>Each lane's words of <paramref name="a"/>, those in <paramref name="mask"/> (4 bits, one per word) from <paramref name="b"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> Blend(Vector128<uint> a, Vector128<uint> b, [ConstantExpected] byte mask) => Sse41.Blend(a.AsSingle(), b.AsSingle(), mask).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Rounds(ref Vector128<uint> a, ref Vector128<uint> b, ref Vector128<uint> c, ref Vector128<uint> d, Vector128<uint> x0, Vector128<uint> y0, Vector128<uint> x1, Vector128<uint> y1) =>
            RowRounds(ref a, ref b, ref c, ref d, x0, y0, x1, y1);

        public Vector128<uint> IV => Vector128.Create(0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au);

        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Broadcast(ref uint key) => Vector128.LoadUnsafe(ref key);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> Load(ref byte input, nint stride) => Vector128.LoadUnsafe(ref input).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> Counters(ulong counter, ulong step) => Vector128.CreateScalar(counter).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> Row3(Vector128<uint> counters, ulong lengthAndFlags) =>
            Sse2.UnpackLow(counters.AsUInt64(), Vector128.CreateScalarUnsafe(lengthAndFlags)).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Store(ref byte output, Vector128<uint> h0, Vector128<uint> h1)
        {
            ref uint o = ref Unsafe.As<byte, uint>(ref output);
            h0.StoreUnsafe(ref o);
            h1.StoreUnsafe(ref Unsafe.Add(ref o, 4));
        }
    }
}
#endif
