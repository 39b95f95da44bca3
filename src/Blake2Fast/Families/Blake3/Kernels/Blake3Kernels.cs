using System.Collections.Generic;
using Blake2Fast.Dispatch;

namespace Blake2Fast.Families.Blake3.Kernels;

/// <summary>
/// BLAKE3's job in the one kernel registry (<see cref="KernelTable.Blake3"/>): kernels of the <c>HashMany</c>
/// contract of <see cref="Blake3Portable.HashMany"/>, and each instruction set's ladder of them; <c>Blake3Batches</c>
/// splits any number of inputs across a ladder.
/// </summary>
/// <remarks>
/// No CPU rule applies here (unlike one-message BLAKE2 on Zen 5): hashing many chunks side by side is where vector
/// lanes always pay, so the widest kernel that runs is the default. <c>BLAKE2FAST_CORE</c> names another one.
/// </remarks>
internal sealed unsafe class Blake3KernelSet : KernelSet
{
    // Per instruction set: the kernels Blake3Batches uses there, widest first (the portable one last), worked out
    // once; built on first use, since one-chunk inputs never need them.
    private Kernel[][]? _ladders;

    /// <param name="name">The job's name in reports.</param>
    /// <param name="starting">Whether the set starts on the compact single-block compressions, as the warm-up decided.</param>
    /// <param name="kernels">The kernels in preference order.</param>
    public Blake3KernelSet(string name, bool starting, params Kernel[] kernels)
        : base(name, null, kernels, starting)
    {
    }

    private Kernel[][] BuildLadders()
    {
        var ladders = new Kernel[InstructionSets.Declared.Length][];
        ladders[0] = [];
        for (int instructionSet = 1; instructionSet < ladders.Length; instructionSet++)
        {
            var ladder = new List<Kernel>();
            foreach (Kernel k in Kernels)
            {
                if (!k.IsSupported || k.WovenRow != 0 || !InstructionSets.IsAtOrBelow(k.InstructionSet, (InstructionSet)instructionSet))
                    continue;
                // Widest first; of equal widths, the order of the list (a stable insertion).
                int at = ladder.Count;
                while (at > 0 && ladder[at - 1].Lanes < k.Lanes)
                    at--;
                ladder.Insert(at, k);
            }
            ladders[instructionSet] = ladder.ToArray();
        }
        return ladders;
    }

    /// <summary>
    /// The kernels that run here at or below <paramref name="instructionSet"/> (any value), widest first, the portable one
    /// last; kernels with a woven row apart (<see cref="Woven"/>).
    /// </summary>
    public Kernel[] Ladder(InstructionSet instructionSet) => (_ladders ??= BuildLadders())[(int)instructionSet];

    /// <summary>
    /// The kernel with <paramref name="rows"/> inputs in a row woven into the rounds of <paramref name="lanes"/>' lane
    /// kernel that runs here at or below <paramref name="instructionSet"/>, if there is one.
    /// </summary>
    public Kernel? Woven(InstructionSet instructionSet, int lanes, int rows)
    {
        foreach (Kernel k in Kernels)
        {
            if (k.IsSupported && k.WovenRow == rows && k.Lanes - rows == lanes && InstructionSets.IsAtOrBelow(k.InstructionSet, instructionSet))
                return k;
        }
        return null;
    }

    /// <summary>The entry point of one of this job's kernels, typed.</summary>
    public static delegate*<ref byte, nuint, nuint, nuint, ref uint, ulong, bool, uint, uint, uint, ref byte, void> EntryOf(Kernel kernel) =>
        (delegate*<ref byte, nuint, nuint, nuint, ref uint, ulong, bool, uint, uint, uint, ref byte, void>)kernel.Entry;

    /// <summary>
    /// A kernel entry whose entry point has the <c>HashMany</c> signature (the only way one is made); with
    /// <paramref name="rowLayout"/>, a row kernel (one input per 128-bit lane, for a few inputs: Blake3RowKernel); with
    /// <paramref name="wovenRow"/>, a lane kernel whose last inputs of a group run in a woven row (Blake3LanesPlusRow).
    /// </summary>
    public static Kernel Of(InstructionSet instructionSet, bool isSupported, int lanes,
        delegate*<ref byte, nuint, nuint, nuint, ref uint, ulong, bool, uint, uint, uint, ref byte, void> hashMany, bool rowLayout = false, int wovenRow = 0) =>
        new(instructionSet, isSupported, lanes, (nint)hashMany, rowLayout, wovenRow);

    internal override int BytesPerUnit(int lanes) => lanes * 1024;

    internal override void Run(Kernel kernel, byte[] input, int units)
    {
        uint* key = stackalloc uint[8];
        byte* output = stackalloc byte[32 * kernel.Lanes];
        for (int g = 0; g < units; g++)
        {
            // One group of full chunks per call, as a state's bulk path calls it for a run of chunks.
            EntryOf(kernel)(ref input[g * BytesPerUnit(kernel.Lanes)], 1, 1024, 16, ref *key, (ulong)g, true, 0, 1, 2, ref *output);
        }
    }
}
