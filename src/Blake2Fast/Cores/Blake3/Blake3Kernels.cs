using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Cores;

/// <summary>
/// BLAKE3's job in the one kernel registry (<see cref="CoreTable.Blake3"/>): kernels of the <c>HashMany</c>
/// contract of <see cref="Blake3Portable.HashMany"/>, and each core's ladder of them; <c>Blake3Batches</c> splits any
/// number of inputs across a ladder.
/// </summary>
/// <remarks>
/// No CPU rule applies here (unlike one-message BLAKE2 on Zen 5): hashing many chunks side by side is where vector
/// lanes always pay, so the widest kernel that runs is the default. <c>BLAKE2FAST_CORE</c> names another one.
/// </remarks>
internal sealed unsafe class Blake3KernelSet : KernelSet
{
    // Per core: the kernels Blake3Batches uses on that core, widest first (the portable one last), worked out once.
    private readonly Kernel[][] _ladders;

    public Blake3KernelSet(string name, params Kernel[] kernels)
        : base(name, null, kernels)
    {
        _ladders = new Kernel[Entries.Length][];
        for (int core = 0; core < Entries.Length; core++)
        {
            _ladders[core] = kernels.Where(k => k.IsSupported && k.WovenRow == 0 && core != 0 && InstructionSets.IsAtOrBelow(k.Core, (InstructionSet)core))
                .OrderByDescending(k => k.Lanes).ToArray();
        }
    }

    /// <summary>
    /// The kernels that run here at or below <paramref name="core"/> (any core value), widest first, the portable one
    /// last; kernels with a woven row apart (<see cref="Woven"/>).
    /// </summary>
    public Kernel[] Ladder(InstructionSet core) => _ladders[(int)core];

    /// <summary>
    /// The kernel with <paramref name="rows"/> inputs in a row woven into the rounds of <paramref name="lanes"/>' lane
    /// kernel that runs here at or below <paramref name="core"/>, if there is one.
    /// </summary>
    public Kernel? Woven(InstructionSet core, int lanes, int rows)
    {
        foreach (Kernel k in Kernels)
        {
            if (k.IsSupported && k.WovenRow == rows && k.Lanes - rows == lanes && InstructionSets.IsAtOrBelow(k.Core, core))
                return k;
        }
        return null;
    }

    /// <summary>How many core values there are (the length of a table indexed by core).</summary>
    public int CoreCount => _ladders.Length;

    /// <summary>The entry point of one of this job's kernels, typed.</summary>
    public static delegate*<ref byte, nuint, nuint, nuint, ref uint, ulong, bool, uint, uint, uint, ref byte, void> EntryOf(Kernel kernel) =>
        (delegate*<ref byte, nuint, nuint, nuint, ref uint, ulong, bool, uint, uint, uint, ref byte, void>)kernel.Entry;

    /// <summary>
    /// A kernel entry whose entry point has the <c>HashMany</c> signature (the only way one is made); with
    /// <paramref name="rowLayout"/>, a row kernel (one input per 128-bit lane, for a few inputs: Blake3RowCore); with
    /// <paramref name="wovenRow"/>, a lane kernel whose last inputs of a group run in a woven row (Blake3LanesPlusRow).
    /// </summary>
    public static Kernel Of(InstructionSet core, bool isSupported, int lanes,
        delegate*<ref byte, nuint, nuint, nuint, ref uint, ulong, bool, uint, uint, uint, ref byte, void> hashMany, bool rowLayout = false, int wovenRow = 0) =>
        new(core, isSupported, lanes, (nint)hashMany, rowLayout, wovenRow);

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

/// <summary>What the BLAKE3 states call: the registry's BLAKE3 job under the names they use.</summary>
internal static class Blake3Kernels
{
    /// <summary>The core new states use: the widest that runs here, or the one <c>BLAKE2FAST_CORE</c> names (or the best below it).</summary>
    public static readonly InstructionSet Default = CoreTable.Blake3.Default;

    /// <summary>Every core BLAKE3 can run here, lowest first (the tests run each).</summary>
    public static IReadOnlyList<InstructionSet> Supported => CoreTable.Blake3.Supported;

    internal static InstructionSet Choose(string? requested) => CoreTable.Blake3.Choose(requested);
}
