using Blake2Fast.Cores;

namespace Blake2Fast.Many;

/// <summary>BLAKE2b's many-message lane kernels (CoreTable.ManyBlake2b).</summary>
internal readonly unsafe struct Blake2bManyLanes : IManyLanes<ulong>
{
    public int Lanes(InstructionSet core) => CoreTable.ManyBlake2b.Lanes(core);

    public void Compress(InstructionSet core, ref ulong laneChain, ref byte superblocks, nuint count, uint increment) =>
        CoreTable.ManyBlake2b.Entry(core)(ref laneChain, ref superblocks, count, increment);
}

/// <summary>BLAKE2s's many-message lane kernels (CoreTable.ManyBlake2s).</summary>
internal readonly unsafe struct Blake2sManyLanes : IManyLanes<uint>
{
    public int Lanes(InstructionSet core) => CoreTable.ManyBlake2s.Lanes(core);

    public void Compress(InstructionSet core, ref uint laneChain, ref byte superblocks, nuint count, uint increment) =>
        CoreTable.ManyBlake2s.Entry(core)(ref laneChain, ref superblocks, count, increment);
}
