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
