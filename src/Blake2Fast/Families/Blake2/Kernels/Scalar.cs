using System.Runtime.CompilerServices;
using Blake2Fast.Internal;

namespace Blake2Fast.Families.Blake2.Kernels;

// The portable kernels: any CPU, any endianness, and the netstandard2.0 build. The build writes each one out in full
// (every round unrolled, message indices constant) from the single description of the round in the generator.

/// <summary>BLAKE2b's portable kernel: 64-bit words, 12 rounds, rotations 32, 24, 16, 63.</summary>
[UnrolledBlake2(wordBits: 64, rounds: 12, r1: 32, r2: 24, r3: 16, r4: 63)]
internal static partial class Blake2bScalar
{
}

/// <summary>BLAKE2s's portable kernel: 32-bit words, 10 rounds, rotations 16, 12, 8, 7.</summary>
[UnrolledBlake2(wordBits: 32, rounds: 10, r1: 16, r2: 12, r3: 8, r4: 7)]
internal static partial class Blake2sScalar
{
}

/// <summary>BLAKE2b's 64-bit machine word.</summary>
internal readonly partial struct Blake2bWord : IScalarWord<ulong>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Add(ulong a, ulong b) => a + b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Xor(ulong a, ulong b) => a ^ b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool LessThan(ulong a, ulong b) => a < b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong FromUInt32(uint value) => value;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong IV(int i) => InitialValue(i);
    public ulong AllOnes => ulong.MaxValue;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Load(ref byte block, int wordIndex) => LittleEndian.ReadUInt64(ref block, wordIndex * 8);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Store(System.Span<byte> destination, ulong value) => LittleEndian.WriteUInt64(destination, value);
}

/// <summary>BLAKE2s's 32-bit machine word.</summary>
internal readonly partial struct Blake2sWord : IScalarWord<uint>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Add(uint a, uint b) => a + b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Xor(uint a, uint b) => a ^ b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool LessThan(uint a, uint b) => a < b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint FromUInt32(uint value) => value;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint IV(int i) => (uint)InitialValue(i);
    public uint AllOnes => uint.MaxValue;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Load(ref byte block, int wordIndex) => LittleEndian.ReadUInt32(ref block, wordIndex * 4);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Store(System.Span<byte> destination, uint value) => LittleEndian.WriteUInt32(destination, value);
}
