using System.Runtime.CompilerServices;
using Blake2Fast.Internal;
using static Blake2Fast.Cores.Blake2Constants;

namespace Blake2Fast.Cores;

// The portable cores: WordCore over machine words. Any CPU, any endianness, and the netstandard2.0 build.

/// <summary>What the portable cores' two word types share.</summary>
internal static class ScalarCore
{
    /// <summary>The block's words in machine order (a byte swap on big-endian machines).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadMessage<T, TWord>(ref byte input, ref Message16<T> message)
        where T : struct
        where TWord : struct, IScalarWord<T>
    {
        ref T words = ref Message16<T>.First(ref message);
        for (int i = 0; i < 16; i++)
            Unsafe.Add(ref words, i) = default(TWord).Load(ref input, i);
    }
}

/// <summary>BLAKE2b's 64-bit words: 12 rounds, rotations 32, 24, 16, 63.</summary>
internal readonly struct Blake2bWord : IScalarWord<ulong>
{
    // The JIT turns (x >> n) | (x << 64 - n) into a single ror.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Add(ulong a, ulong b) => a + b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Xor(ulong a, ulong b) => a ^ b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Rot1(ulong x) => (x >> 32) | (x << 32);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Rot2(ulong x) => (x >> 24) | (x << 40);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Rot3(ulong x) => (x >> 16) | (x << 48);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Rot4(ulong x) => (x >> 63) | (x << 1);
    public int Rounds => 12;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong FromUInt32(uint value) => value;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool LessThan(ulong a, ulong b) => a < b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong Load(ref byte block, int wordIndex) => LittleEndian.ReadUInt64(ref block, wordIndex * 8);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void LoadMessage(ref byte input, ref Message16<ulong> message) => ScalarCore.LoadMessage<ulong, Blake2bWord>(ref input, ref message);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Store(System.Span<byte> destination, ulong value) => LittleEndian.WriteUInt64(destination, value);
    public ulong AllOnes => ulong.MaxValue;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong IV(int i) => IVB(i);
}

/// <summary>BLAKE2s's 32-bit words: 10 rounds, rotations 16, 12, 8, 7.</summary>
internal readonly struct Blake2sWord : IScalarWord<uint>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Add(uint a, uint b) => a + b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Xor(uint a, uint b) => a ^ b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Rot1(uint x) => (x >> 16) | (x << 16);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Rot2(uint x) => (x >> 12) | (x << 20);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Rot3(uint x) => (x >> 8) | (x << 24);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Rot4(uint x) => (x >> 7) | (x << 25);
    public int Rounds => 10;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint FromUInt32(uint value) => value;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool LessThan(uint a, uint b) => a < b;
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint Load(ref byte block, int wordIndex) => LittleEndian.ReadUInt32(ref block, wordIndex * 4);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void LoadMessage(ref byte input, ref Message16<uint> message) => ScalarCore.LoadMessage<uint, Blake2sWord>(ref input, ref message);
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Store(System.Span<byte> destination, uint value) => LittleEndian.WriteUInt32(destination, value);
    public uint AllOnes => uint.MaxValue;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public uint IV(int i) => IVS(i);
}
