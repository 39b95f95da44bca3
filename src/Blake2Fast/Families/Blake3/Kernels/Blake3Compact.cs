using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// BLAKE3's single-block compressions (the contracts of <see cref="Blake3Portable.Compress"/>,
/// <see cref="Blake3Portable.CompressXof"/> and <see cref="Blake3Portable.CompressBlocks"/>) with the rounds and the
/// G function in loops over index tables: a few hundred bytes of IL that the JIT compiles at tier 0 in a fraction of
/// what the unrolled kernels cost. <see cref="Blake3Block"/> runs them only while the row kernel compiles in the
/// background (<see cref="Blake3Warmup"/>), so their speed does not matter: a fresh process's first small hash does.
/// </summary>
internal static unsafe class Blake3Compact
{
    /// <summary>BLAKE3's message permutation, applied after every round.</summary>
    private static ReadOnlySpan<byte> Permutation => [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];

    // Scratch in a struct local, not stackalloc: the JIT compiles a method with a loop and stackalloc fully optimized
    // at once (on-stack replacement cannot move such a frame), which is the cost these methods exist to avoid. And
    // NoOptimization (minimal optimization, as tier 0, but never on-stack replacement nor tier 1): the loops would
    // otherwise have a hot one compiled again, optimized, in the middle of a first hash of a few KiB.

    [MethodImpl(MethodImplOptions.NoOptimization)]
    public static void Compress(ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags)
    {
        Blake3Warmup.Touch();
        Scratch scratch;
        uint* v = scratch.V;
        fixed (uint* h = &cv)
        fixed (byte* b = &block)
        {
            State(ref scratch, h, b, counter, blockLength, flags);
            for (int i = 0; i < 8; i++)
                h[i] = v[i] ^ v[i + 8];
        }
    }

    [MethodImpl(MethodImplOptions.NoOptimization)]
    public static void CompressXof(ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output)
    {
        Blake3Warmup.Touch();
        Scratch scratch;
        uint* v = scratch.V;
        fixed (uint* h = &cv)
        fixed (byte* b = &block)
        fixed (byte* o = &output)
        {
            State(ref scratch, h, b, counter, blockLength, flags);
            for (int i = 0; i < 8; i++)
            {
                Write(o + 4 * i, v[i] ^ v[i + 8]);
                Write(o + 32 + 4 * i, v[i + 8] ^ h[i]);
            }
        }
    }

    [MethodImpl(MethodImplOptions.NoOptimization)]
    public static void CompressBlocks(ref uint cv, ref byte input, nuint blocks, ulong counter, uint flags, uint flagsStart, uint flagsEnd)
    {
        Blake3Warmup.Touch();
        Scratch scratch;
        uint* v = scratch.V;
        fixed (uint* h = &cv)
        fixed (byte* start = &input)
        {
            for (nuint n = 0; n < blocks; n++)
            {
                uint f = flags | (n == 0 ? flagsStart : 0) | (n == blocks - 1 ? flagsEnd : 0);
                State(ref scratch, h, start + 64 * n, counter, 64, f);
                for (int i = 0; i < 8; i++)
                    h[i] = v[i] ^ v[i + 8];
            }
        }
    }

    private struct Scratch
    {
        public fixed uint V[16];
        public fixed uint M[16];
        public fixed uint Permuted[16];
    }

    /// <summary>The 16 state words (into <c>V</c>) after the seven rounds over the block at <paramref name="block"/>.</summary>
    [MethodImpl(MethodImplOptions.NoOptimization)]
    private static void State(ref Scratch scratch, uint* cv, byte* block, ulong counter, uint blockLength, uint flags)
    {
        fixed (uint* v = scratch.V, m = scratch.M, permuted = scratch.Permuted)
        {
            for (int i = 0; i < 16; i++)
            {
                uint word = ((uint*)block)[i];
                m[i] = BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word);
            }
            for (int i = 0; i < 8; i++)
                v[i] = cv[i];
            v[8] = 0x6A09E667u;
            v[9] = 0xBB67AE85u;
            v[10] = 0x3C6EF372u;
            v[11] = 0xA54FF53Au;
            v[12] = (uint)counter;
            v[13] = (uint)(counter >> 32);
            v[14] = blockLength;
            v[15] = flags;
            ReadOnlySpan<byte> mix = Blake2Constants.Mix, permutation = Permutation;
            for (int round = 0; round < 7; round++)
            {
                for (int g = 0; g < 8; g++)
                {
                    int a = mix[4 * g], b = mix[4 * g + 1], c = mix[4 * g + 2], d = mix[4 * g + 3];
                    v[a] += v[b] + m[2 * g];
                    v[d] = Rotate(v[d] ^ v[a], 16);
                    v[c] += v[d];
                    v[b] = Rotate(v[b] ^ v[c], 12);
                    v[a] += v[b] + m[2 * g + 1];
                    v[d] = Rotate(v[d] ^ v[a], 8);
                    v[c] += v[d];
                    v[b] = Rotate(v[b] ^ v[c], 7);
                }
                for (int i = 0; i < 16; i++)
                    permuted[i] = m[permutation[i]];
                for (int i = 0; i < 16; i++)
                    m[i] = permuted[i];
            }
        }
    }

    private static uint Rotate(uint x, int n) => (x >> n) | (x << (32 - n));

    private static void Write(byte* p, uint value) => *(uint*)p = BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
}
