using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.State;

namespace Blake2Fast.Families.Blake3.Tree;

/// <summary>Eight BLAKE3 words: a key or a chaining value.</summary>
internal struct Blake3Words
{
    public Words8 W;

    /// <summary>The standard IV, the key words of plain hashing.</summary>
    public static ReadOnlySpan<byte> IV => new byte[]
    {
        0x67, 0xE6, 0x09, 0x6A, 0x85, 0xAE, 0x67, 0xBB, 0x72, 0xF3, 0x6E, 0x3C, 0x3A, 0xF5, 0x4F, 0xA5,
        0x7F, 0x52, 0x0E, 0x51, 0x8C, 0x68, 0x05, 0x9B, 0xAB, 0xD9, 0x83, 0x1F, 0x19, 0xCD, 0xE0, 0x5B,
    };

    /// <summary>Reads 32 little-endian bytes into the eight words at <paramref name="words"/>.</summary>
    // On little-endian CPUs the words are the bytes: one 32-byte copy, which the JIT emits as a vector move.
    public static void Read(ReadOnlySpan<byte> bytes, ref uint words)
    {
        if (BitConverter.IsLittleEndian)
        {
            Unsafe.CopyBlockUnaligned(ref Unsafe.As<uint, byte>(ref words), ref MemoryMarshal.GetReference(bytes.Slice(0, 32)), 32);
            return;
        }
        for (int i = 0; i < 8; i++)
            Unsafe.Add(ref words, i) = BinaryPrimitives.ReadUInt32LittleEndian(bytes.Slice(4 * i));
    }

    /// <summary>Writes the eight words at <paramref name="words"/> as 32 little-endian bytes.</summary>
    public static void Write(ref uint words, ref byte bytes)
    {
        if (BitConverter.IsLittleEndian)
        {
            Unsafe.CopyBlockUnaligned(ref bytes, ref Unsafe.As<uint, byte>(ref words), 32);
            return;
        }
        for (int i = 0; i < 8; i++)
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref bytes, 4 * i), BinaryPrimitives.ReverseEndianness(Unsafe.Add(ref words, i)));
    }
}

/// <summary>One 64-byte BLAKE3 block.</summary>
internal struct Blake3BlockBytes
{
    public Bytes64 B;
}
