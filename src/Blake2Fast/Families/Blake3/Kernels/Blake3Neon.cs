#if NET8_0_OR_GREATER
using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Simd;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// BLAKE3 on ARM64 AdvSIMD (NEON): 4 inputs (chunks or parents) side by side in 128-bit registers. With 32 vector
/// registers the 16 state words never need parking; rotations are REV32 (16), TBL (8) and USHR + SLI (12, 7).
/// </summary>
[UnrolledBlake3Lanes("Vector128<uint>", "NeonRotate.Right({0}, {1})")]
internal static partial class Blake3Neon
{
    // X86Base first, a constant to the JIT: on x64 the ARM intrinsics' types are then never loaded, which a process's
    // first hash (this table's support tests) would otherwise wait for.
    public static bool IsSupported => !X86Base.IsSupported && AdvSimd.Arm64.IsSupported && BitConverter.IsLittleEndian;

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
        // The rounds as the build writes them out (32 registers, as AVX-512's): no schedule byte per message word.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool UnrolledRounds(ref Vector128<uint> v0, ref Vector128<uint> v1, ref Vector128<uint> v2, ref Vector128<uint> v3, ref Vector128<uint> v4, ref Vector128<uint> v5, ref Vector128<uint> v6, ref Vector128<uint> v7, ref Vector128<uint> v8, ref Vector128<uint> v9, ref Vector128<uint> v10, ref Vector128<uint> v11, ref Vector128<uint> v12, ref Vector128<uint> v13, ref Vector128<uint> v14, ref Vector128<uint> v15, ref Vector128<uint> message)
        {
            Rounds(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref message);
            return true;
        }
        public bool ParkForRotations => false;
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Broadcast(uint value) => Vector128.Create(value);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Subtract(Vector128<uint> a, Vector128<uint> b) => AdvSimd.Subtract(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> LessThan(Vector128<uint> a, Vector128<uint> b) => AdvSimd.CompareLessThan(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Add(Vector128<uint> a, Vector128<uint> b) => AdvSimd.Add(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> Xor(Vector128<uint> a, Vector128<uint> b) => AdvSimd.Xor(a, b);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR1(Vector128<uint> x) => NeonRotate.Right(x, 16);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR2(Vector128<uint> x) => NeonRotate.Right(x, 12);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR3(Vector128<uint> x) => NeonRotate.Right(x, 8);
        [MethodImpl(MethodImplOptions.AggressiveInlining)] public Vector128<uint> RotR4(Vector128<uint> x) => NeonRotate.Right(x, 7);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void LoadMessage(ref byte input, nint stride, ref Vector128<uint> words) => NeonTranspose.Blocks32x4(ref input, stride, ref words);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void StoreChains(ref byte output, Vector128<uint> h0, Vector128<uint> h1, Vector128<uint> h2, Vector128<uint> h3, Vector128<uint> h4, Vector128<uint> h5, Vector128<uint> h6, Vector128<uint> h7)
        {
            NeonTranspose.Words32x4(ref h0, ref h1, ref h2, ref h3);
            NeonTranspose.Words32x4(ref h4, ref h5, ref h6, ref h7);
            ref uint o = ref Unsafe.As<byte, uint>(ref output);
            h0.StoreUnsafe(ref o, 0); h4.StoreUnsafe(ref o, 4); h1.StoreUnsafe(ref o, 8); h5.StoreUnsafe(ref o, 12);
            h2.StoreUnsafe(ref o, 16); h6.StoreUnsafe(ref o, 20); h3.StoreUnsafe(ref o, 24); h7.StoreUnsafe(ref o, 28);
        }
    }
}
#endif
