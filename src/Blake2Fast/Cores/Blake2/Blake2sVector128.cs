#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using static Blake2Fast.Cores.Blake2Constants;

namespace Blake2Fast.Cores;

/// <summary>
/// BLAKE2s on the runtime's cross-platform 128-bit vectors (<see cref="InstructionSet.Vector128"/>, WebAssembly's
/// SIMD): rows in 128-bit vectors as <see cref="Blake2sSse41"/>, every step a <c>Vector128</c> operation, lane turns
/// word shuffles with constant indices, rotations <see cref="Vector128Rotate"/>'s.
/// </summary>
internal static class Blake2sVector128
{
    public static bool IsSupported => Vector128.IsHardwareAccelerated && BitConverter.IsLittleEndian;

    // Never inlined into its callers; fully optimized at once where a JIT compiles (see RowKernel).
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void Compress(ref uint chain, ref byte input, nuint blocks, uint increment) =>
        RowKernel<uint, Blake2sWord, Vector128<uint>, Ops>.Compress(ref chain, ref input, blocks, increment);

    private readonly struct Ops : IRowOps<uint, Vector128<uint>>
    {
        public int Rounds => 10;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Add(Vector128<uint> a, Vector128<uint> b) => a + b;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Xor(Vector128<uint> a, Vector128<uint> b) => a ^ b;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR1(Vector128<uint> x) => Vector128Rotate.Right16(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR2(Vector128<uint> x) => Vector128Rotate.Right12(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR3(Vector128<uint> x) => Vector128Rotate.Right8(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR4(Vector128<uint> x) => Vector128Rotate.Right7(x);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> LoadRow(ref uint source) => Vector128.LoadUnsafe(ref source);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public void StoreRow(ref uint destination, Vector128<uint> row) => row.StoreUnsafe(ref destination);
        public Vector128<uint> IVLow => Vector128.Create(IVs0, IVs1, IVs2, IVs3);
        public Vector128<uint> IVHigh => Vector128.Create(IVs4, IVs5, IVs6, IVs7);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Row(uint w0, uint w1, uint w2, uint w3) => Vector128.Create(w0, w1, w2, w3);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> LanesRight1(Vector128<uint> x) => Vector128.Shuffle(x, Vector128.Create(3u, 0, 1, 2));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> LanesLeft1(Vector128<uint> x) => Vector128.Shuffle(x, Vector128.Create(1u, 2, 3, 0));
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> LanesSwap(Vector128<uint> x) => Vector128.Shuffle(x, Vector128.Create(2u, 3, 0, 1));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Schedule(ref byte block, int round, out Vector128<uint> x0, out Vector128<uint> y0, out Vector128<uint> x1, out Vector128<uint> y1) =>
            RowSchedule.Words32(ref block, round, out x0, out y0, out x1, out y1);
    }
}
#endif
