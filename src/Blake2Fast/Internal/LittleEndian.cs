using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Internal;

/// <summary>
/// Little-endian word access on refs. BLAKE2 is defined on little-endian words; on a little-endian CPU these
/// are plain unaligned loads and the byte swap is removed by the JIT, since IsLittleEndian is a JIT constant.
/// </summary>
internal static class LittleEndian
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong ReadUInt64(ref byte source, nint offset)
    {
        ulong value = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, offset));
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint ReadUInt32(ref byte source, nint offset)
    {
        uint value = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, offset));
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUInt64(Span<byte> destination, ulong value) => BinaryPrimitives.WriteUInt64LittleEndian(destination, value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void WriteUInt32(Span<byte> destination, uint value) => BinaryPrimitives.WriteUInt32LittleEndian(destination, value);
}
