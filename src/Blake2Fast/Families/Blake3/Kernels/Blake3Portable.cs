using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// BLAKE3's portable kernel: any CPU, any endianness. <c>Compress</c>, <c>CompressXof</c> and <c>CompressBlocks</c>
/// are written out in full by the build (src/Blake2Fast.Generators/Cores/UnrolledBlake3Generator.cs).
/// </summary>
[UnrolledBlake3]
internal static partial class Blake3Portable
{
    /// <summary>The portable kernel hashes one input at a time.</summary>
    public const int Lanes = 1;

    /// <summary>Always: it needs no particular instruction set.</summary>
    public static bool IsSupported => true;

    /// <summary>
    /// Hashes <c>groups * Lanes</c> independent inputs of <paramref name="blocks"/> full blocks each, input i at
    /// <c>input + i * stride</c>, each from the chaining value <paramref name="key"/>; writes CV i, little-endian, to
    /// <c>output + 32 * i</c>. The contract every SIMD kernel (<c>Blake3Sse41</c>, <c>Blake3Avx2</c>, <c>Blake3Avx512</c>) meets.
    /// </summary>
    public static unsafe void HashMany(ref byte input, nuint groups, nuint stride, nuint blocks, ref uint key, ulong counter,
        bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, ref byte output)
    {
        Chain cv;
        for (nuint i = 0; i < groups; i++)
        {
            for (int w = 0; w < 8; w++)
                cv.Words[w] = Unsafe.Add(ref key, w);
            CompressBlocks(ref cv.Words[0], ref Unsafe.Add(ref input, (nint)(i * stride)), blocks,
                counter + (incrementCounter ? i : 0), flags, flagsStart, flagsEnd);
            ref byte o = ref Unsafe.Add(ref output, (nint)(32 * i));
            for (int w = 0; w < 8; w++)
            {
                uint word = BitConverter.IsLittleEndian ? cv.Words[w] : BinaryPrimitives.ReverseEndianness(cv.Words[w]);
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref o, 4 * w), word);
            }
        }
    }

    private unsafe struct Chain
    {
        public fixed uint Words[8];
    }
}
