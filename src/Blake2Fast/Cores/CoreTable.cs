using System;
using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Cores;

/// <summary>
/// Every compression kernel of the library, per job, in one list: its instruction set (which is its name), whether
/// this CPU and runtime can run it, how many hashes it runs side by side, and its entry point. The supported lists,
/// the default choice, the dispatch, the tests, the self-check and the benchmarks all come from here; a new kernel
/// (ARM64's, x86's, BLAKE3's) is one file and one entry.
/// </summary>
/// <remarks>
/// Each list is in preference order, for every architecture at once: only one architecture's kernels run in a
/// process, so the order among x86 kernels is x86's and the order among ARM64 kernels is ARM64's (widest vectors
/// first, measured fastest on the CPUs in the README); the portable kernel ends every single-stream list. CPU rules
/// (<see cref="CpuRules"/>) refine the order. A BLAKE2 kernel has the signature <c>(ref chain, ref input, count,
/// increment)</c>, a BLAKE3 kernel the <c>HashMany</c> contract of <see cref="Blake3Portable.HashMany"/>; a state
/// calls the one it was created with through a function pointer, once per run of blocks, never per block.
/// </remarks>
internal static unsafe class CoreTable
{
    /// <summary>BLAKE2b, one message (row-layout SIMD kernels, the unrolled portable kernel). ARM64: portable (README).</summary>
    public static readonly KernelSet<ulong> Blake2b = new("BLAKE2b", singleStream: null,
#if NET8_0_OR_GREATER
        KernelSet<ulong>.Of(InstructionSet.Avx512, Blake2bAvx512.IsSupported, 1, &Blake2bAvx512.Compress, rowLayout: true),
        KernelSet<ulong>.Of(InstructionSet.Avx2, Blake2bAvx2.IsSupported, 1, &Blake2bAvx2.Compress, rowLayout: true),
        KernelSet<ulong>.Of(InstructionSet.Sse41, Blake2bSse41.IsSupported, 1, &Blake2bSse41.Compress, rowLayout: true),
#endif
        KernelSet<ulong>.Of(InstructionSet.Scalar, true, 1, &Blake2bScalar.Compress));

    /// <summary>BLAKE2s, one message. (No AVX2 kernel: 32-bit rows fit 128-bit vectors, and SSE4.1 runs them.)</summary>
    public static readonly KernelSet<uint> Blake2s = new("BLAKE2s", singleStream: null,
#if NET8_0_OR_GREATER
        KernelSet<uint>.Of(InstructionSet.Avx512, Blake2sAvx512.IsSupported, 1, &Blake2sAvx512.Compress, rowLayout: true),
        KernelSet<uint>.Of(InstructionSet.Sse41, Blake2sSse41.IsSupported, 1, &Blake2sSse41.Compress, rowLayout: true),
#endif
        KernelSet<uint>.Of(InstructionSet.Scalar, true, 1, &Blake2sScalar.Compress));

    /// <summary>
    /// BLAKE-256 and BLAKE-224, one message: the unrolled scalar round, its message terms made by vectors where
    /// SSE4.1 runs (no row-layout kernel: Cores/Blake256/Blake256Scalar.cs says why).
    /// </summary>
    public static readonly KernelSet<uint> Blake256 = new("BLAKE-256", singleStream: null,
#if NET8_0_OR_GREATER
        KernelSet<uint>.Of(InstructionSet.Sse41, Blake256Sse41.IsSupported, 1, &Blake256Sse41.Compress),
#endif
        KernelSet<uint>.Of(InstructionSet.Scalar, true, 1, &Blake256Scalar.Compress));

    /// <summary>BLAKE2bp's 4 leaves in vector lanes; without a lane kernel, the leaves run one by one on BLAKE2b's kernels.</summary>
    public static readonly KernelSet<ulong> Blake2bpLeaves = new("BLAKE2bp", Blake2b
#if NET8_0_OR_GREATER
        , KernelSet<ulong>.Of(InstructionSet.Avx512, Blake2bLanesAvx512.IsSupported, 4, &Blake2bLanesAvx512.Compress4),
        KernelSet<ulong>.Of(InstructionSet.Avx2, Blake2bLanesAvx2.IsSupported, 4, &Blake2bLanesAvx2.Compress),
        KernelSet<ulong>.Of(InstructionSet.Neon, Blake2bLanesNeon.IsSupported, 4, &Blake2bLanesNeon.Compress4)
#endif
        );

    /// <summary>BLAKE2sp's 8 leaves in vector lanes.</summary>
    public static readonly KernelSet<uint> Blake2spLeaves = new("BLAKE2sp", Blake2s
#if NET8_0_OR_GREATER
        , KernelSet<uint>.Of(InstructionSet.Avx512, Blake2sLanesAvx512.IsSupported, 8, &Blake2sLanesAvx512.Compress8),
        KernelSet<uint>.Of(InstructionSet.Avx2, Blake2sLanesAvx2.IsSupported, 8, &Blake2sLanesAvx2.Compress),
        KernelSet<uint>.Of(InstructionSet.Neon, Blake2sLanesNeon.IsSupported, 8, &Blake2sLanesNeon.Compress8)
#endif
        );

    /// <summary>Many independent BLAKE2b messages: 8 at once in 512-bit lanes, 4 in 256-bit ones, 2 in 128-bit ones.</summary>
    public static readonly KernelSet<ulong> ManyBlake2b = new("BLAKE2b many-message", Blake2b
#if NET8_0_OR_GREATER
        , KernelSet<ulong>.Of(InstructionSet.Avx512, Blake2bLanesAvx512.IsSupported, 8, &Blake2bLanesAvx512.Compress8),
        KernelSet<ulong>.Of(InstructionSet.Avx2, Blake2bLanesAvx2.IsSupported, 4, &Blake2bLanesAvx2.Compress),
        KernelSet<ulong>.Of(InstructionSet.Neon, Blake2bLanesNeon.IsSupported, 2, &Blake2bLanesNeon.Compress2)
#endif
        );

    /// <summary>Many independent BLAKE2s messages: 16 at once in 512-bit lanes, 8 in 256-bit ones, 4 in 128-bit ones.</summary>
    public static readonly KernelSet<uint> ManyBlake2s = new("BLAKE2s many-message", Blake2s
#if NET8_0_OR_GREATER
        , KernelSet<uint>.Of(InstructionSet.Avx512, Blake2sLanesAvx512.IsSupported, 16, &Blake2sLanesAvx512.Compress16),
        KernelSet<uint>.Of(InstructionSet.Avx2, Blake2sLanesAvx2.IsSupported, 8, &Blake2sLanesAvx2.Compress),
        KernelSet<uint>.Of(InstructionSet.Neon, Blake2sLanesNeon.IsSupported, 4, &Blake2sLanesNeon.Compress4)
#endif
        );

    /// <summary>BLAKE3's chunks and parents, N inputs per call; the portable kernel last, and always there to finish a remainder.</summary>
    public static readonly Blake3KernelSet Blake3 = new("BLAKE3",
#if NET8_0_OR_GREATER
        Blake3KernelSet.Of(InstructionSet.Avx512, Blake3Avx512.IsSupported, Blake3Avx512.Lanes, &Blake3Avx512.HashMany),
        // For 16 inputs and 1 to 4 more (17 to 20 KiB): those in a row woven into the 16 lanes' rounds (see Blake3Batches).
        Blake3KernelSet.Of(InstructionSet.Avx512, Blake3Avx512.PlusOneIsSupported, Blake3Avx512.Lanes + 1, &Blake3Avx512.HashManyPlusOne, wovenRow: 1),
        Blake3KernelSet.Of(InstructionSet.Avx512, Blake3Avx512.PlusTwoIsSupported, Blake3Avx512.Lanes + 2, &Blake3Avx512.HashManyPlusTwo, wovenRow: 2),
        Blake3KernelSet.Of(InstructionSet.Avx512, Blake3Avx512.IsSupported, Blake3Avx512.Lanes + 3, &Blake3Avx512.HashManyPlusThree, wovenRow: 3),
        Blake3KernelSet.Of(InstructionSet.Avx512, Blake3Avx512.IsSupported, Blake3Avx512.Lanes + 4, &Blake3Avx512.HashManyPlusFour, wovenRow: 4),
        Blake3KernelSet.Of(InstructionSet.Avx2, Blake3Avx2.IsSupported, Blake3Avx2.Lanes, &Blake3Avx2.HashMany),
        // The row kernels (one input per 128-bit lane) for a few inputs: each listed before the lane kernel of its
        // width, which Blake3Batches then prefers for a rest that fits (see there).
        Blake3KernelSet.Of(InstructionSet.Avx512, Blake3RowAvx512.IsSupported, Blake3RowAvx512.Lanes, &Blake3RowAvx512.HashMany, rowLayout: true),
        Blake3KernelSet.Of(InstructionSet.Sse41, Blake3Sse41.IsSupported, Blake3Sse41.Lanes, &Blake3Sse41.HashMany),
        Blake3KernelSet.Of(InstructionSet.Avx2, Blake3RowAvx2.IsSupported, Blake3RowAvx2.Lanes, &Blake3RowAvx2.HashMany, rowLayout: true),
        Blake3KernelSet.Of(InstructionSet.Sse41, Blake3RowSse41.IsSupported, Blake3RowSse41.Lanes, &Blake3RowSse41.HashMany, rowLayout: true),
        Blake3KernelSet.Of(InstructionSet.Neon, Blake3Neon.IsSupported, Blake3Neon.Lanes, &Blake3Neon.HashMany),
#endif
        Blake3KernelSet.Of(InstructionSet.Scalar, Blake3Portable.IsSupported, Blake3Portable.Lanes, &Blake3Portable.HashMany));

    /// <summary>Every job, for the tests, the self-check and the reports.</summary>
    public static IReadOnlyList<KernelSet> All { get; } = new KernelSet[]
    {
        Blake2b, Blake2s, Blake256, Blake2bpLeaves, Blake2spLeaves, ManyBlake2b, ManyBlake2s, Blake3,
    };
}

/// <summary>
/// The instruction set a kernel needs, which is also its name (as <c>BLAKE2FAST_CORE</c> spells it, lower-cased).
/// Each belongs to one architecture (<see cref="InstructionSets.Architecture"/>); the values order nothing across them.
/// </summary>
internal enum InstructionSet : byte
{
    /// <summary>Portable code: every architecture.</summary>
    Scalar = 1,
    Sse41 = 2,
    Avx2 = 3,
    Avx512 = 4,

    /// <summary>ARM64 AdvSIMD (NEON), 128-bit vectors.</summary>
    Neon = 5,
}

/// <summary>Where a kernel's instruction set exists.</summary>
internal enum CoreArchitecture : byte
{
    Portable,
    X86,
    Arm64,
}

/// <summary>One compression kernel (see <see cref="CoreTable"/>): what it needs, how wide it is, where it starts.</summary>
internal readonly struct Kernel
{
    public Kernel(InstructionSet core, bool isSupported, int lanes, nint entry, bool rowLayout, int wovenRow = 0)
    {
        Core = core;
        IsSupported = isSupported;
        Lanes = lanes;
        Entry = entry;
        RowLayout = rowLayout;
        WovenRow = wovenRow;
    }

    public InstructionSet Core { get; }
    public bool IsSupported { get; }

    /// <summary>
    /// Whether the kernel holds one message's state in vector rows, the layout that
    /// <see cref="CpuRules.PreferScalarForOneMessage"/> sets aside where unrolled scalar code beats it.
    /// </summary>
    public bool RowLayout { get; }

    /// <summary>How many hashes run side by side: 1 for a single-stream kernel.</summary>
    public int Lanes { get; }

    /// <summary>
    /// Of <see cref="Lanes"/>, how many a row-layout compression woven into a lane kernel's rounds adds to the lane
    /// kernel's group (0 for every other kernel): such a kernel takes a full group plus these, for what is left after
    /// full groups (BLAKE3's <c>Blake3Batches</c>), and is never a job's main kernel.
    /// </summary>
    public int WovenRow { get; }

    /// <summary>Its name in reports and tests: the instruction set's, with "row-" for the row layout and "+row" or "+2rows" for a woven row.</summary>
    public string Label => (RowLayout ? "row-" : "") + InstructionSets.Name(Core) + (WovenRow switch { 0 => "", 1 => "+row", _ => $"+{WovenRow}rows" });

    /// <summary>The entry point, typed by the job's set (<see cref="KernelSet{T}"/>, <see cref="Blake3KernelSet"/>).</summary>
    public nint Entry { get; }
}

/// <summary>The kernels of one job, which of them run here, and the one the library uses.</summary>
internal abstract class KernelSet
{
    private readonly Kernel[] _kernels;
    private readonly KernelSet? _singleStream;

    /// <param name="name">The job's name in reports.</param>
    /// <param name="singleStream">
    /// For a lane job, the single-stream set that runs the lanes one by one where no lane kernel does.
    /// </param>
    /// <param name="kernels">The kernels in preference order.</param>
    protected KernelSet(string name, KernelSet? singleStream, Kernel[] kernels)
    {
        Name = name;
        _singleStream = singleStream;
        _kernels = kernels;
        var entries = new nint[(int)MaxCore + 1]; // by core; 0 where this job has none here
        for (InstructionSet core = InstructionSet.Scalar; core <= MaxCore; core++)
        {
            foreach (Kernel kernel in kernels)
            {
                // A lane job has only its own kernels (the caller runs the lanes one by one otherwise). A
                // single-stream job answers every core with its best kernel at or below it in that core's
                // architecture, so a state carrying a core this algorithm lacks (BLAKE2s has no AVX2 kernel,
                // BLAKE2b none for NEON; many-message hashing finishes each message on the lane core's name) still runs.
                if (kernel.IsSupported && (kernel.Core == core || (singleStream is null && InstructionSets.IsAtOrBelow(kernel.Core, core))))
                {
                    entries[(int)core] = kernel.Entry;
                    break;
                }
            }
        }
        Entries = entries;
        Default = Choose(Environment.GetEnvironmentVariable(InstructionSets.EnvironmentVariable));
    }

    private const InstructionSet MaxCore = InstructionSet.Neon;

    public string Name { get; }

    /// <summary>Every kernel of the job, in preference order, whether or not it runs here.</summary>
    public IReadOnlyList<Kernel> Kernels => _kernels;

    /// <summary>Entry points by core (see the constructor), read by the typed sets.</summary>
    protected nint[] Entries { get; }

    /// <summary>
    /// The core new states use, chosen once: a static readonly value, so tiered compilation treats it as a
    /// constant in every method compiled after it is set.
    /// </summary>
    public InstructionSet Default { get; }

    /// <summary>Whether this job has a kernel of its own for <paramref name="core"/> that runs here.</summary>
    public bool Runs(InstructionSet core) => Find(core) is not null;

    /// <summary>The job's own kernel for <paramref name="core"/> if it runs here.</summary>
    public Kernel? Find(InstructionSet core)
    {
        foreach (Kernel kernel in _kernels)
        {
            if (kernel.Core == core && kernel.IsSupported)
                return kernel;
        }
        return null;
    }

    /// <summary>How many hashes the kernel of <paramref name="core"/> runs at once (1: lanes one by one).</summary>
    public int Lanes(InstructionSet core) => Find(core)?.Lanes ?? 1;

    /// <summary>
    /// Every core this job can run here, lowest first: its own kernels and, for a lane job, the single-stream
    /// kernels it falls back to (the tests run each of them).
    /// </summary>
    public IReadOnlyList<InstructionSet> Supported =>
        _kernels.Where(k => k.IsSupported).Select(k => k.Core)
            .Concat(_singleStream?.Supported ?? Array.Empty<InstructionSet>())
            .Distinct().OrderBy(c => c).ToArray();

    /// <summary>The bytes one call of a kernel of <paramref name="lanes"/> lanes takes per unit of its count (a superblock, a group of chunks).</summary>
    internal abstract int BytesPerUnit(int lanes);

    /// <summary>
    /// Runs <paramref name="kernel"/> (one of this job's, supported here) over <paramref name="units"/> units of
    /// <paramref name="input"/> into a scratch chain: the self-check's timing loop (b2fsum --benchmark).
    /// </summary>
    internal abstract void Run(Kernel kernel, byte[] input, int units);

    /// <summary>
    /// The core to use when <paramref name="requested"/> (a core's name, or <see langword="null"/>) is asked for:
    /// that core if it runs here, else the best core below it in its own architecture (down to the portable one);
    /// with no request, the CPU's own preference (<see cref="CpuRules"/>), else the first kernel of the list that runs here.
    /// </summary>
    internal InstructionSet Choose(string? requested)
    {
        InstructionSet? named = InstructionSets.Parse(requested);
        // With no request, the CPU's rule may set aside the row-layout kernels (the scalar kernel ends every list).
        bool skipRows = named is null && CpuRules.PreferScalarForOneMessage;
        foreach (Kernel kernel in _kernels)
        {
            if (kernel.IsSupported && (named is null || InstructionSets.IsAtOrBelow(kernel.Core, named.Value)) && !(skipRows && kernel.RowLayout))
                return kernel.Core;
        }
        // A lane job without a lane kernel at or below the request: its lanes run on the single-stream choice.
        return _singleStream?.Choose(requested) ?? InstructionSet.Scalar;
    }
}

/// <summary>A BLAKE2 or BLAKE-256 job: kernels of the signature <c>(ref chain, ref input, count, increment)</c> over words of <typeparamref name="T"/>.</summary>
internal sealed unsafe class KernelSet<T> : KernelSet where T : unmanaged
{
    public KernelSet(string name, KernelSet<T>? singleStream, params Kernel[] kernels)
        : base(name, singleStream, kernels)
    {
    }

    /// <summary>A kernel entry whose entry point is typed for this job (the only way one is made).</summary>
    public static Kernel Of(InstructionSet core, bool isSupported, int lanes, delegate*<ref T, ref byte, nuint, uint, void> compress, bool rowLayout = false) =>
        new(core, isSupported, lanes, (nint)compress, rowLayout);

    /// <summary>
    /// The entry point for <paramref name="core"/>: for a lane job its own kernel or <see langword="null"/>, for a
    /// single-stream job its best kernel at or below that core. One indexed load, since every state calls it.
    /// </summary>
    public delegate*<ref T, ref byte, nuint, uint, void> Entry(InstructionSet core) =>
        (delegate*<ref T, ref byte, nuint, uint, void>)Entries[(int)core];

    internal override int BytesPerUnit(int lanes) => lanes * 16 * sizeof(T);

    internal override void Run(Kernel kernel, byte[] input, int units)
    {
        // Any chain will do for timing (12 words per lane, as the states keep them).
        var chain = new T[12 * kernel.Lanes];
        ((delegate*<ref T, ref byte, nuint, uint, void>)kernel.Entry)(ref chain[0], ref input[0], (nuint)units, (uint)(16 * sizeof(T)));
    }
}

/// <summary>The default core of each job, the architectures, and the override's name, as the states and the tests see them.</summary>
internal static class InstructionSets
{
    /// <summary>Environment variable naming the core to use (scalar, sse41, avx2, avx512, neon); see <see cref="KernelSet.Choose"/>.</summary>
    public const string EnvironmentVariable = "BLAKE2FAST_CORE";

    public static InstructionSet DefaultB => CoreTable.Blake2b.Default;
    public static InstructionSet DefaultS => CoreTable.Blake2s.Default;
    public static InstructionSet DefaultBp => CoreTable.Blake2bpLeaves.Default;
    public static InstructionSet DefaultSp => CoreTable.Blake2spLeaves.Default;
    public static InstructionSet DefaultManyB => CoreTable.ManyBlake2b.Default;
    public static InstructionSet DefaultManyS => CoreTable.ManyBlake2s.Default;
    public static InstructionSet DefaultBlake256 => CoreTable.Blake256.Default;
    public static InstructionSet DefaultBlake3 => CoreTable.Blake3.Default;

    /// <summary>Every core of BLAKE2b (<paramref name="isB"/>) or BLAKE2s that runs here, lowest first.</summary>
    public static IReadOnlyList<InstructionSet> Supported(bool isB) => isB ? CoreTable.Blake2b.Supported : CoreTable.Blake2s.Supported;

    /// <summary>Every core of BLAKE2bp (<paramref name="isB"/>) or BLAKE2sp that runs here, lowest first.</summary>
    public static IReadOnlyList<InstructionSet> SupportedParallel(bool isB) => isB ? CoreTable.Blake2bpLeaves.Supported : CoreTable.Blake2spLeaves.Supported;

    /// <summary>The architecture whose instruction set <paramref name="core"/> is.</summary>
    public static CoreArchitecture Architecture(InstructionSet core) => core switch
    {
        InstructionSet.Sse41 or InstructionSet.Avx2 or InstructionSet.Avx512 => CoreArchitecture.X86,
        InstructionSet.Neon => CoreArchitecture.Arm64,
        _ => CoreArchitecture.Portable,
    };

    /// <summary>
    /// Whether a kernel of <paramref name="core"/> may stand in for a request of <paramref name="ceiling"/>: the same
    /// core, the portable one, or a narrower instruction set of the same architecture (x86: SSE4.1 &lt; AVX2 &lt;
    /// AVX-512, each a superset of the one before). A request never falls to another architecture's kernel.
    /// </summary>
    public static bool IsAtOrBelow(InstructionSet core, InstructionSet ceiling) =>
        core == ceiling || core == InstructionSet.Scalar ||
        (Architecture(core) == Architecture(ceiling) && Architecture(core) == CoreArchitecture.X86 && core < ceiling);

    /// <summary>A core's name as the environment variable and <c>CompressionCore</c> spell it.</summary>
    public static string Name(InstructionSet core) => core switch
    {
        InstructionSet.Sse41 => "sse41",
        InstructionSet.Avx2 => "avx2",
        InstructionSet.Avx512 => "avx512",
        InstructionSet.Neon => "neon",
        _ => "scalar",
    };

    /// <summary>Parses a core's name (case-insensitive); <see langword="null"/> for an unknown or absent name.</summary>
    public static InstructionSet? Parse(string? name) => name?.Trim().ToLowerInvariant() switch
    {
        "scalar" => InstructionSet.Scalar,
        "sse41" or "sse4.1" => InstructionSet.Sse41,
        "avx2" => InstructionSet.Avx2,
        "avx512" => InstructionSet.Avx512,
        "neon" or "advsimd" => InstructionSet.Neon,
        _ => null,
    };
}
