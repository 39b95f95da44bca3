#if NET8_0_OR_GREATER
using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Blake2Fast.Cores;

/// <summary>
/// BLAKE3's single-block compression on the runtime's cross-platform 128-bit vectors
/// (<see cref="InstructionSet.Vector128"/>, WebAssembly's SIMD), in the row layout of
/// <see cref="Blake3RowKernel{TVec, TOps}"/> as <see cref="Blake3RowSse41"/>: for a lone chunk, the root, parents
/// merged one at a time and extended output. Rotations are <see cref="Vector128Rotate"/>'s.
/// </summary>
[UnrolledBlake3Row("Vector128<uint>")]
internal static partial class Blake3RowVector128
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated && BitConverter.IsLittleEndian;

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
        (a ^ c).StoreUnsafe(ref cv);
        (b ^ d).StoreUnsafe(ref Unsafe.Add(ref cv, 4));
    }

    /// <summary>The contract of <see cref="Blake3Portable.CompressXof"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void CompressXof(ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output)
    {
        Vector128<uint> h0 = Vector128.LoadUnsafe(ref cv), h1 = Vector128.LoadUnsafe(ref Unsafe.Add(ref cv, 4));
        Vector128<uint> a = h0, b = h1;
        Blake3RowKernel<Vector128<uint>, Ops>.Rounds(ref a, ref b, out Vector128<uint> c, out Vector128<uint> d, ref block, 0, Row3(counter, blockLength, flags));
        ref uint o = ref Unsafe.As<byte, uint>(ref output);
        (a ^ c).StoreUnsafe(ref o);
        (b ^ d).StoreUnsafe(ref Unsafe.Add(ref o, 4));
        (c ^ h0).StoreUnsafe(ref Unsafe.Add(ref o, 8));
        (d ^ h1).StoreUnsafe(ref Unsafe.Add(ref o, 12));
    }

    /// <summary>The contract of <see cref="Blake3Portable.CompressBlocks"/>.</summary>
    /// <remarks>One group of one input, its CV written over <paramref name="cv"/>, which was read before.</remarks>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void CompressBlocks(ref uint cv, ref byte input, nuint blocks, ulong counter, uint flags, uint flagsStart, uint flagsEnd) =>
        Blake3RowKernel<Vector128<uint>, Ops>.HashMany(ref input, 1, 0, blocks, ref cv, counter, false, flags, flagsStart, flagsEnd, ref Unsafe.As<uint, byte>(ref cv));

    /// <summary>The state's last row: counter (low, high), block length, flags.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Row3(ulong counter, uint blockLength, uint flags) =>
        Vector128.Create((uint)counter, (uint)(counter >> 32), blockLength, flags);

    internal readonly struct Ops : IBlake3RowOps<Vector128<uint>>
    {
        public int Inputs => 1;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Xor(Vector128<uint> a, Vector128<uint> b) => a ^ b;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Rot16(Vector128<uint> x) => Vector128Rotate.Right16(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Rot12(Vector128<uint> x) => Vector128Rotate.Right12(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Rot8(Vector128<uint> x) => Vector128Rotate.Right8(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Rot7(Vector128<uint> x) => Vector128Rotate.Right7(x);

        /// <summary>pshufd's word order: word i from <c>(control &gt;&gt; 2i) &amp; 3</c>; the control is a constant at every call.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> Words(Vector128<uint> x, [ConstantExpected] byte control) =>
            Vector128.Shuffle(x, Vector128.Create((uint)(control & 3), (uint)((control >> 2) & 3), (uint)((control >> 4) & 3), (uint)(control >> 6)));

        /// <summary>shufps: two words of <paramref name="a"/>, then two of <paramref name="b"/> (the API has no two-source shuffle).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> Pick(Vector128<uint> a, Vector128<uint> b, [ConstantExpected] byte control) =>
            Vector128.Create(a.GetElement(control & 3), a.GetElement((control >> 2) & 3), b.GetElement((control >> 4) & 3), b.GetElement(control >> 6));

        /// <summary>Words of <paramref name="a"/>, those in <paramref name="mask"/> (4 bits, one per word) from <paramref name="b"/>.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Vector128<uint> Blend(Vector128<uint> a, Vector128<uint> b, [ConstantExpected] byte mask) =>
            Vector128.ConditionalSelect(Vector128.Create((mask & 1) != 0 ? ~0u : 0, (mask & 2) != 0 ? ~0u : 0, (mask & 4) != 0 ? ~0u : 0, (mask & 8) != 0 ? ~0u : 0), b, a);

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
            Vector128.Create(counters.AsUInt64().ToScalar(), lengthAndFlags).AsUInt32();

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
