using System.Runtime.CompilerServices;
using Blake2Fast.Families.Blake3.Kernels;

namespace Blake2Fast.Dispatch;

/// <summary>
/// One BLAKE3 compression at a time (a chunk's blocks in order, the root, a lone parent, output blocks): the row
/// kernel (<c>Blake3RowSse41</c>) on any x86 or ARM64 instruction set above the portable one (<c>Blake3RowVector128</c> on
/// the cross-platform vectors), else the portable kernel; while the row kernel compiles in the background
/// (<see cref="Blake3Warmup"/>, <see cref="KernelSet.Starting"/>), the compact one (<see cref="Blake3Compact"/>).
/// </summary>
internal static class Blake3Block
{
    /// <summary>Whether <paramref name="instructionSet"/> compresses single blocks on the row kernel.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool UsesRows(InstructionSet instructionSet)
    {
#if NET8_0_OR_GREATER
        return instructionSet != InstructionSet.Scalar && Blake3RowSse41.IsSupported;
#else
        return false;
#endif
    }

    /// <summary><see cref="Blake3Portable.Compress"/> on <paramref name="instructionSet"/>.</summary>
    public static void Compress(InstructionSet instructionSet, ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags)
    {
#if NET8_0_OR_GREATER
        if (instructionSet == InstructionSet.Vector128 && Blake3RowVector128.IsSupported)
        {
            Blake3RowVector128.Compress(ref cv, ref block, counter, blockLength, flags);
            return;
        }
        if (UsesRows(instructionSet))
        {
            if (!KernelTable.Blake3Job.Set.Starting)
                Blake3RowSse41.Compress(ref cv, ref block, counter, blockLength, flags);
            else
                Blake3Compact.Compress(ref cv, ref block, counter, blockLength, flags);
            return;
        }
#endif
        Blake3Portable.Compress(ref cv, ref block, counter, blockLength, flags);
    }

    /// <summary><see cref="Blake3Portable.CompressXof"/> on <paramref name="instructionSet"/>.</summary>
    public static void CompressXof(InstructionSet instructionSet, ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output)
    {
#if NET8_0_OR_GREATER
        if (instructionSet == InstructionSet.Vector128 && Blake3RowVector128.IsSupported)
        {
            Blake3RowVector128.CompressXof(ref cv, ref block, counter, blockLength, flags, ref output);
            return;
        }
        if (UsesRows(instructionSet))
        {
            if (!KernelTable.Blake3Job.Set.Starting)
                Blake3RowSse41.CompressXof(ref cv, ref block, counter, blockLength, flags, ref output);
            else
                Blake3Compact.CompressXof(ref cv, ref block, counter, blockLength, flags, ref output);
            return;
        }
#endif
        Blake3Portable.CompressXof(ref cv, ref block, counter, blockLength, flags, ref output);
    }

    /// <summary><see cref="Blake3Portable.CompressBlocks"/> on <paramref name="instructionSet"/>.</summary>
    public static void CompressBlocks(InstructionSet instructionSet, ref uint cv, ref byte input, nuint blocks, ulong counter, uint flags, uint flagsStart, uint flagsEnd)
    {
#if NET8_0_OR_GREATER
        if (instructionSet == InstructionSet.Vector128 && Blake3RowVector128.IsSupported)
        {
            Blake3RowVector128.CompressBlocks(ref cv, ref input, blocks, counter, flags, flagsStart, flagsEnd);
            return;
        }
        if (UsesRows(instructionSet))
        {
            if (!KernelTable.Blake3Job.Set.Starting)
                Blake3RowSse41.CompressBlocks(ref cv, ref input, blocks, counter, flags, flagsStart, flagsEnd);
            else
                Blake3Compact.CompressBlocks(ref cv, ref input, blocks, counter, flags, flagsStart, flagsEnd);
            return;
        }
#endif
        Blake3Portable.CompressBlocks(ref cv, ref input, blocks, counter, flags, flagsStart, flagsEnd);
    }
}
