using Blake2Fast.Dispatch;

namespace Blake2Fast.Families.Blake2.State;

/// <summary>BLAKE2b's many-message lane kernels (KernelTable.ManyBlake2b).</summary>
internal readonly unsafe struct Blake2bManyLanes : IManyLanes<ulong>
{
    public int Lanes(InstructionSet instructionSet) => KernelTable.ManyBlake2b.Lanes(instructionSet);

    public void Compress(InstructionSet instructionSet, ref ulong laneChain, ref byte superblocks, nuint count, uint increment) =>
        KernelTable.ManyBlake2b.Entry(instructionSet)(ref laneChain, ref superblocks, count, increment);
}

/// <summary>BLAKE2s's many-message lane kernels (KernelTable.ManyBlake2s).</summary>
internal readonly unsafe struct Blake2sManyLanes : IManyLanes<uint>
{
    public int Lanes(InstructionSet instructionSet) => KernelTable.ManyBlake2s.Lanes(instructionSet);

    public void Compress(InstructionSet instructionSet, ref uint laneChain, ref byte superblocks, nuint count, uint increment) =>
        KernelTable.ManyBlake2s.Entry(instructionSet)(ref laneChain, ref superblocks, count, increment);
}
