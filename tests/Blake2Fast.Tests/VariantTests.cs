using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Internal;
#if NET8_0_OR_GREATER
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
#endif
#if NET8_0_OR_GREATER && !LIBRARY_NETSTANDARD
using Blake2Fast.Simd;
#endif

namespace Blake2Fast.Tests;

/// <summary>
/// The variant descriptors (<see cref="IBlake2Variant"/>): each variant's constants as RFC 7693 states them, the lane
/// kernels reading the IV from the descriptor (not from the round count), distinct saved-state kinds, and the ARM64
/// rotations against the scalar rotate.
/// </summary>
public class VariantTests
{
    [Fact]
    public void TheDescriptorsStateRfc7693sConstants()
    {
        IBlake2Variant b = default(Blake2bWord), s = default(Blake2sWord);
        Assert.Equal((8, 12), (b.WordBytes, b.Rounds));
        Assert.Equal(new[] { 32, 24, 16, 63 }, Enumerable.Range(1, 4).Select(b.Rotation).ToArray());
        Assert.Equal((4, 10), (s.WordBytes, s.Rounds));
        Assert.Equal(new[] { 16, 12, 8, 7 }, Enumerable.Range(1, 4).Select(s.Rotation).ToArray());
        // RFC 7693 section 2.6: BLAKE2b's IV is SHA-512's, BLAKE2s's SHA-256's.
        Assert.Equal(0x6A09E667F3BCC908UL, b.InitialValue(0));
        Assert.Equal(0x5BE0CD19137E2179UL, b.InitialValue(7));
        Assert.Equal(0x6A09E667UL, s.InitialValue(0));
        Assert.Equal(0x5BE0CD19UL, s.InitialValue(7));
    }

    [Fact]
    public void NoTwoVariantsOrModesShareASavedStateKind()
    {
        var kinds = new List<byte>();
        foreach (IBlake2Variant variant in Blake2Variants.All)
        {
            kinds.Add((byte)variant.SequentialKind);
            kinds.Add((byte)variant.ParallelKind);
        }
        Assert.Equal(kinds.Count, kinds.Distinct().Count());
        // The engines report their variant's kinds, so a saved BLAKE2bp state names BLAKE2bp, not a word size.
        Assert.Equal((byte)default(Blake2bWord).SequentialKind, SavedKind(d => { var h = Blake2b.CreateIncrementalHasher(); return h.SaveState(d); }));
        Assert.Equal((byte)default(Blake2sWord).SequentialKind, SavedKind(d => { var h = Blake2s.CreateIncrementalHasher(); return h.SaveState(d); }));
        Assert.Equal((byte)default(Blake2bWord).ParallelKind, SavedKind(d => { var h = Blake2bp.CreateIncrementalHasher(); return h.SaveState(d); }));
        Assert.Equal((byte)default(Blake2sWord).ParallelKind, SavedKind(d => { var h = Blake2sp.CreateIncrementalHasher(); return h.SaveState(d); }));
    }

    private delegate int Saver(Span<byte> destination);

    private static byte SavedKind(Saver save)
    {
        var blob = new byte[4096];
        save(blob);
        return blob[5];
    }

#if NET8_0_OR_GREATER && !LIBRARY_NETSTANDARD
    /// <summary>A 64-bit variant of other than 12 rounds: its lanes must start from its own IV (here BLAKE2b's).</summary>
    private readonly struct TenRound64 : IBlake2Variant
    {
        public string Name => "test: 64-bit, 10 rounds";
        public int WordBytes => 8;
        public int Rounds => 10;
        public ulong InitialValue(int i) => default(Blake2bWord).InitialValue(i);
        public int Rotation(int step) => default(Blake2bWord).Rotation(step);
        public SavedStateKind SequentialKind => (SavedStateKind)0xF0;
        public SavedStateKind ParallelKind => (SavedStateKind)0xF1;
    }

    /// <summary>Portable 2-lane vector arithmetic, enough for <see cref="LaneWord{TVec, TOps, TVariant}"/>'s constants.</summary>
    private readonly struct PortableOps : ILaneOps<Vector128<ulong>>
    {
        public Vector128<ulong> Broadcast(ulong value) => Vector128.Create(value);
        public ulong Lane0(Vector128<ulong> x) => x.ToScalar();
        public void Transpose(ref byte input, ref Message16<Vector128<ulong>> message) => throw new NotSupportedException();
        public Vector128<ulong> Add(Vector128<ulong> a, Vector128<ulong> b) => a + b;
        public Vector128<ulong> Xor(Vector128<ulong> a, Vector128<ulong> b) => a ^ b;
        public Vector128<ulong> RotR1(Vector128<ulong> x) => x;
        public Vector128<ulong> RotR2(Vector128<ulong> x) => x;
        public Vector128<ulong> RotR3(Vector128<ulong> x) => x;
        public Vector128<ulong> RotR4(Vector128<ulong> x) => x;
    }

    [Fact]
    public void ALaneKernelTakesTheIvAndRoundsFromTheVariantNotFromTheRoundCount()
    {
        var word = default(LaneWord<Vector128<ulong>, PortableOps, TenRound64>);
        Assert.Equal(10, word.Rounds);
        for (int i = 0; i < 8; i++)
            Assert.Equal(Vector128.Create(default(Blake2bWord).InitialValue(i)), word.IV(i));
        var s = default(LaneWord<Vector128<ulong>, PortableOps, Blake2sWord>);
        Assert.Equal(Vector128.Create(0xA54FF53AUL), s.IV(3)); // BLAKE2s IV[3], not BLAKE2b's
    }

    [Fact]
    public void NeonRotationsEqualTheScalarRotate()
    {
        if (!AdvSimd.Arm64.IsSupported)
            return; // x86: the ARM64 leg (.ci/run, qemu) runs this
        var random = new Random(21);
        for (int trial = 0; trial < 64; trial++)
        {
            uint[] w32 = Enumerable.Range(0, 4).Select(_ => (uint)random.Next() ^ ((uint)random.Next() << 16)).ToArray();
            ulong[] w64 = Enumerable.Range(0, 2).Select(_ => ((ulong)(uint)random.Next() << 33) ^ (ulong)random.Next()).ToArray();
            foreach (int n in new[] { 16, 12, 8, 7, 5 })
                Assert.Equal(w32.Select(x => (x >> n) | (x << (32 - n))).ToArray(), ToArray(NeonRotate.Right(Vector128.Create(w32), n)));
            foreach (int n in new[] { 32, 24, 16, 63, 11 })
                Assert.Equal(w64.Select(x => (x >> n) | (x << (64 - n))).ToArray(), ToArray(NeonRotate.Right(Vector128.Create(w64), n)));
        }
    }

    private static T[] ToArray<T>(Vector128<T> v) where T : struct
    {
        var a = new T[Vector128<T>.Count];
        v.CopyTo(a);
        return a;
    }
#endif
}
