using System;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Dispatch;

// The states reach their kernels through these: each is one lookup in the kernel table (Dispatch/KernelTable.cs) and an
// indirect call, per run of blocks.

/// <summary>Runs the kernel of the instruction set a state was created with.</summary>
internal interface ICompressor<T> where T : struct
{
    void Compress(InstructionSet instructionSet, ref T chain, ref byte input, nuint blocks, uint increment);

    /// <summary>The kernel table's job these kernels come from.</summary>
    KernelSet Job { get; }
}

/// <summary>Runs the leaves of a parallel mode side by side over whole superblocks (one block per leaf).</summary>
internal interface ILaneCompressor<T> where T : unmanaged
{
    /// <summary>The number of leaves: 4 for BLAKE2bp, 8 for BLAKE2sp.</summary>
    int Lanes { get; }

    /// <summary>
    /// Compresses superblocks into the lane chains (word w of leaf k at <c>Lanes * w + k</c>), adding
    /// <paramref name="increment"/> to every lane's counter before each (0: the caller set the counters and flags).
    /// </summary>
    void Compress(InstructionSet instructionSet, ref T laneChain, ref byte input, nuint superblocks, uint increment);

    /// <summary>
    /// The instruction set for the root, a single hash of two or four blocks: with a lane kernel, the single-stream
    /// default (on Zen 5 the scalar kernel beats the vector ones there); without one, <paramref name="instructionSet"/> itself.
    /// </summary>
    InstructionSet RootInstructionSet(InstructionSet instructionSet);
}

/// <summary>BLAKE2b's kernels.</summary>
internal readonly unsafe struct Blake2bCompressor : ICompressor<ulong>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Compress(InstructionSet instructionSet, ref ulong chain, ref byte input, nuint blocks, uint increment) =>
        KernelTable.Blake2b.Entry(instructionSet)(ref chain, ref input, blocks, increment);

    public KernelSet Job => KernelTable.Blake2b;
}

/// <summary>BLAKE2s's kernels.</summary>
internal readonly unsafe struct Blake2sCompressor : ICompressor<uint>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Compress(InstructionSet instructionSet, ref uint chain, ref byte input, nuint blocks, uint increment) =>
        KernelTable.Blake2s.Entry(instructionSet)(ref chain, ref input, blocks, increment);

    public KernelSet Job => KernelTable.Blake2s;
}

/// <summary>
/// Without a lane kernel, each leaf runs on the single-stream kernel, one block per superblock. The lane chains are
/// in lane layout (word w of leaf k at lanes * w + k), so each leaf's chain is gathered out and scattered back.
/// </summary>
internal static class LaneFallback<T, TCompressor>
    where T : unmanaged
    where TCompressor : struct, ICompressor<T>
{
    public static void Compress(InstructionSet instructionSet, int lanes, ref T laneChain, ref byte input, nuint superblocks, uint increment)
    {
        int blockSize = 16 * Unsafe.SizeOf<T>();
        Span<T> chain = stackalloc T[12];
        for (int k = 0; k < lanes; k++)
        {
            for (int w = 0; w < 12; w++)
                chain[w] = Unsafe.Add(ref laneChain, w * lanes + k);
            for (nuint s = 0; s < superblocks; s++)
                default(TCompressor).Compress(instructionSet, ref chain[0], ref Unsafe.Add(ref input, (nint)s * lanes * blockSize + k * blockSize), 1, increment);
            for (int w = 0; w < 12; w++)
                Unsafe.Add(ref laneChain, w * lanes + k) = chain[w];
        }
    }
}

/// <summary>BLAKE2bp's four leaves.</summary>
internal readonly unsafe struct Blake2bpLanes : ILaneCompressor<ulong>
{
    public int Lanes => 4;

    public InstructionSet RootInstructionSet(InstructionSet instructionSet) => KernelTable.Blake2bpLeaves.Entry(instructionSet) != null ? InstructionSets.DefaultB : instructionSet;

    public void Compress(InstructionSet instructionSet, ref ulong laneChain, ref byte input, nuint superblocks, uint increment)
    {
        delegate*<ref ulong, ref byte, nuint, uint, void> kernel = KernelTable.Blake2bpLeaves.Entry(instructionSet);
        if (kernel != null)
            kernel(ref laneChain, ref input, superblocks, increment);
        else
            LaneFallback<ulong, Blake2bCompressor>.Compress(instructionSet, 4, ref laneChain, ref input, superblocks, increment);
    }
}

/// <summary>BLAKE2sp's eight leaves.</summary>
internal readonly unsafe struct Blake2spLanes : ILaneCompressor<uint>
{
    public int Lanes => 8;

    public InstructionSet RootInstructionSet(InstructionSet instructionSet) => KernelTable.Blake2spLeaves.Entry(instructionSet) != null ? InstructionSets.DefaultS : instructionSet;

    public void Compress(InstructionSet instructionSet, ref uint laneChain, ref byte input, nuint superblocks, uint increment)
    {
        delegate*<ref uint, ref byte, nuint, uint, void> kernel = KernelTable.Blake2spLeaves.Entry(instructionSet);
        if (kernel != null)
            kernel(ref laneChain, ref input, superblocks, increment);
        else
            LaneFallback<uint, Blake2sCompressor>.Compress(instructionSet, 8, ref laneChain, ref input, superblocks, increment);
    }
}
