using System;
using System.Collections.Generic;
using System.Threading;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Families.Blake256.Kernels;
using Blake2Fast.Families.Blake3.Kernels;

namespace Blake2Fast.Dispatch;

/// <summary>
/// Every compression kernel of the library, per job, in one list: its instruction set (which is its name), whether
/// this CPU and runtime can run it, how many hashes it runs side by side, and its entry point. The supported lists,
/// the default choice, the dispatch, the tests, the kernel benchmark and the benchmarks all come from here; a new
/// kernel (ARM64's, x86's, BLAKE3's) is one file and one entry (a new instruction set also one declaration in
/// <see cref="InstructionSets"/>).
/// </summary>
/// <remarks>
/// Each list is in preference order, for every architecture at once: only one architecture's kernels run in a
/// process, so the order among x86 kernels is x86's and the order among ARM64 kernels is ARM64's (widest vectors
/// first, measured fastest on the CPUs in docs/benchmarks); the portable kernel ends every single-stream list. CPU rules
/// (<see cref="CpuRules"/>) refine the order. A BLAKE2 kernel has the signature <c>(ref chain, ref input, count,
/// increment)</c>, a BLAKE3 kernel the <c>HashMany</c> contract of <see cref="Blake3Portable.HashMany"/>; a state
/// calls the one it was created with through a function pointer, once per run of blocks, never per block.
/// </remarks>
internal static unsafe class KernelTable
{
    // Each job lives in its own class, so that a first hash builds only its own job's list (and the single-stream
    // job a lane job falls back to); each Default is a static readonly value, so tiered compilation treats it as a
    // constant in every method compiled after it is set.

    public static KernelSet<ulong> Blake2b => Blake2bJob.Set;
    public static KernelSet<uint> Blake2s => Blake2sJob.Set;
    public static KernelSet<uint> Blake256 => Blake256Job.Set;
    public static KernelSet<ulong> Blake2bpLeaves => Blake2bpJob.Set;
    public static KernelSet<uint> Blake2spLeaves => Blake2spJob.Set;
    public static KernelSet<ulong> ManyBlake2b => ManyBlake2bJob.Set;
    public static KernelSet<uint> ManyBlake2s => ManyBlake2sJob.Set;
    public static Blake3KernelSet Blake3 => Blake3Job.Set;

    /// <summary>Every job, for the tests, the kernel benchmark and the reports.</summary>
    public static IReadOnlyList<KernelSet> All => new KernelSet[]
    {
        Blake2b, Blake2s, Blake256, Blake2bpLeaves, Blake2spLeaves, ManyBlake2b, ManyBlake2s, Blake3,
    };

    /// <summary>BLAKE2b, one message (row-layout SIMD kernels, the unrolled portable kernel). ARM64: portable (docs/cores.md).</summary>
    internal static class Blake2bJob
    {
        public static readonly KernelSet<ulong> Set = new KernelSet<ulong>("BLAKE2b", singleStream: null,
#if NET8_0_OR_GREATER
            KernelSet<ulong>.Of(InstructionSet.Avx512, Blake2bAvx512.IsSupported, 1, &Blake2bAvx512.Compress, rowLayout: true),
            KernelSet<ulong>.Of(InstructionSet.Avx2, Blake2bAvx2.IsSupported, 1, &Blake2bAvx2.Compress, rowLayout: true),
            KernelSet<ulong>.Of(InstructionSet.Sse41, Blake2bSse41.IsSupported, 1, &Blake2bSse41.Compress, rowLayout: true),
            KernelSet<ulong>.Of(InstructionSet.Vector128, Blake2bVector128.IsSupported, 1, &Blake2bVector128.Compress, rowLayout: true),
#endif
            KernelSet<ulong>.Of(InstructionSet.Scalar, true, 1, &Blake2bScalar.Compress)).StartingOn(&Blake2Compact.Compress);

        public static readonly InstructionSet Default = Set.Default;
    }

    /// <summary>BLAKE2s, one message. (No AVX2 kernel: 32-bit rows fit 128-bit vectors, and SSE4.1 runs them.)</summary>
    internal static class Blake2sJob
    {
        public static readonly KernelSet<uint> Set = new KernelSet<uint>("BLAKE2s", singleStream: null,
#if NET8_0_OR_GREATER
            KernelSet<uint>.Of(InstructionSet.Avx512, Blake2sAvx512.IsSupported, 1, &Blake2sAvx512.Compress, rowLayout: true),
            KernelSet<uint>.Of(InstructionSet.Sse41, Blake2sSse41.IsSupported, 1, &Blake2sSse41.Compress, rowLayout: true),
            KernelSet<uint>.Of(InstructionSet.Vector128, Blake2sVector128.IsSupported, 1, &Blake2sVector128.Compress, rowLayout: true),
#endif
            KernelSet<uint>.Of(InstructionSet.Scalar, true, 1, &Blake2sScalar.Compress)).StartingOn(&Blake2Compact.Compress);

        public static readonly InstructionSet Default = Set.Default;
    }

    /// <summary>
    /// BLAKE-256 and BLAKE-224, one message: the unrolled scalar round, its message terms made by vectors where
    /// SSE4.1 runs (no row-layout kernel: Families/Blake256/Kernels/Blake256Scalar.cs says why).
    /// </summary>
    internal static class Blake256Job
    {
        public static readonly KernelSet<uint> Set = new("BLAKE-256", singleStream: null,
#if NET8_0_OR_GREATER
            KernelSet<uint>.Of(InstructionSet.Sse41, Blake256Sse41.IsSupported, 1, &Blake256Sse41.Compress),
#endif
            KernelSet<uint>.Of(InstructionSet.Scalar, true, 1, &Blake256Scalar.Compress));

        public static readonly InstructionSet Default = Set.Default;
    }

    /// <summary>BLAKE2bp's 4 leaves in vector lanes; without a lane kernel, the leaves run one by one on BLAKE2b's kernels.</summary>
    internal static class Blake2bpJob
    {
        public static readonly KernelSet<ulong> Set = new("BLAKE2bp", Blake2b
#if NET8_0_OR_GREATER
            , KernelSet<ulong>.Of(InstructionSet.Avx512, Blake2bLanesAvx512.IsSupported, 4, &Blake2bLanesAvx512.Compress4),
            KernelSet<ulong>.Of(InstructionSet.Avx2, Blake2bLanesAvx2.IsSupported, 4, &Blake2bLanesAvx2.Compress),
            KernelSet<ulong>.Of(InstructionSet.Neon, Blake2bLanesNeon.IsSupported, 4, &Blake2bLanesNeon.Compress4),
            KernelSet<ulong>.Of(InstructionSet.Vector128, Blake2bLanesVector128.IsSupported, 4, &Blake2bLanesVector128.Compress4)
#endif
            );

        public static readonly InstructionSet Default = Set.Default;
    }

    /// <summary>BLAKE2sp's 8 leaves in vector lanes.</summary>
    internal static class Blake2spJob
    {
        public static readonly KernelSet<uint> Set = new("BLAKE2sp", Blake2s
#if NET8_0_OR_GREATER
            , KernelSet<uint>.Of(InstructionSet.Avx512, Blake2sLanesAvx512.IsSupported, 8, &Blake2sLanesAvx512.Compress8),
            KernelSet<uint>.Of(InstructionSet.Avx2, Blake2sLanesAvx2.IsSupported, 8, &Blake2sLanesAvx2.Compress),
            KernelSet<uint>.Of(InstructionSet.Neon, Blake2sLanesNeon.IsSupported, 8, &Blake2sLanesNeon.Compress8),
            KernelSet<uint>.Of(InstructionSet.Vector128, Blake2sLanesVector128.IsSupported, 8, &Blake2sLanesVector128.Compress8)
#endif
            );

        public static readonly InstructionSet Default = Set.Default;
    }

    /// <summary>Many independent BLAKE2b messages: 8 at once in 512-bit lanes, 4 in 256-bit ones, 2 in 128-bit ones.</summary>
    internal static class ManyBlake2bJob
    {
        public static readonly KernelSet<ulong> Set = new("BLAKE2b many-message", Blake2b
#if NET8_0_OR_GREATER
            , KernelSet<ulong>.Of(InstructionSet.Avx512, Blake2bLanesAvx512.IsSupported, 8, &Blake2bLanesAvx512.Compress8),
            KernelSet<ulong>.Of(InstructionSet.Avx2, Blake2bLanesAvx2.IsSupported, 4, &Blake2bLanesAvx2.Compress),
            KernelSet<ulong>.Of(InstructionSet.Neon, Blake2bLanesNeon.IsSupported, 2, &Blake2bLanesNeon.Compress2),
            KernelSet<ulong>.Of(InstructionSet.Vector128, Blake2bLanesVector128.IsSupported, 2, &Blake2bLanesVector128.Compress2)
#endif
            );

        public static readonly InstructionSet Default = Set.Default;
    }

    /// <summary>Many independent BLAKE2s messages: 16 at once in 512-bit lanes, 8 in 256-bit ones, 4 in 128-bit ones.</summary>
    internal static class ManyBlake2sJob
    {
        public static readonly KernelSet<uint> Set = new("BLAKE2s many-message", Blake2s
#if NET8_0_OR_GREATER
            , KernelSet<uint>.Of(InstructionSet.Avx512, Blake2sLanesAvx512.IsSupported, 16, &Blake2sLanesAvx512.Compress16),
            KernelSet<uint>.Of(InstructionSet.Avx2, Blake2sLanesAvx2.IsSupported, 8, &Blake2sLanesAvx2.Compress),
            KernelSet<uint>.Of(InstructionSet.Neon, Blake2sLanesNeon.IsSupported, 4, &Blake2sLanesNeon.Compress4),
            KernelSet<uint>.Of(InstructionSet.Vector128, Blake2sLanesVector128.IsSupported, 4, &Blake2sLanesVector128.Compress4)
#endif
            );

        public static readonly InstructionSet Default = Set.Default;
    }

    /// <summary>BLAKE3's chunks and parents, N inputs per call; the portable kernel last, and always there to finish a remainder.</summary>
    internal static class Blake3Job
    {
        public static readonly Blake3KernelSet Set = new("BLAKE3", starting: Blake3Warmup.StartsOnCompactRows(),
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
            // The cross-platform vectors (WebAssembly): 4 lanes, and a row kernel for a rest of one to three.
            Blake3KernelSet.Of(InstructionSet.Vector128, Blake3Vector128.IsSupported, Blake3Vector128.Lanes, &Blake3Vector128.HashMany),
            Blake3KernelSet.Of(InstructionSet.Vector128, Blake3RowVector128.IsSupported, Blake3RowVector128.Lanes, &Blake3RowVector128.HashMany, rowLayout: true),
#endif
            Blake3KernelSet.Of(InstructionSet.Scalar, Blake3Portable.IsSupported, Blake3Portable.Lanes, &Blake3Portable.HashMany));

        public static readonly InstructionSet Default = Set.Default;
    }
}

/// <summary>One compression kernel (see <see cref="KernelTable"/>): what it needs, how wide it is, where it starts.</summary>
internal readonly struct Kernel
{
    public Kernel(InstructionSet instructionSet, bool isSupported, int lanes, nint entry, bool rowLayout, int wovenRow = 0)
    {
        InstructionSet = instructionSet;
        IsSupported = isSupported;
        Lanes = lanes;
        Entry = entry;
        RowLayout = rowLayout;
        WovenRow = wovenRow;
    }

    // Fields, not properties, here and in the sets and declarations: every getter would be one more method the JIT
    // compiles before a process's first hash.
    public readonly InstructionSet InstructionSet;
    public readonly bool IsSupported;

    /// <summary>
    /// Whether the kernel holds one message's state in vector rows, the layout that
    /// <see cref="CpuRules.PreferScalarForOneMessage"/> sets aside where unrolled scalar code beats it.
    /// </summary>
    public readonly bool RowLayout;

    /// <summary>How many hashes run side by side: 1 for a single-stream kernel.</summary>
    public readonly int Lanes;

    /// <summary>
    /// Of <see cref="Lanes"/>, how many a row-layout compression woven into a lane kernel's rounds adds to the lane
    /// kernel's group (0 for every other kernel): such a kernel takes a full group plus these, for what is left after
    /// full groups (BLAKE3's <c>Blake3Batches</c>), and is never a job's main kernel.
    /// </summary>
    public readonly int WovenRow;

    /// <summary>Its name in reports and tests: the instruction set's, with "row-" for the row layout and "+row" or "+2rows" for a woven row.</summary>
    public string Label => (RowLayout ? "row-" : "") + InstructionSets.Name(InstructionSet) + (WovenRow switch { 0 => "", 1 => "+row", _ => $"+{WovenRow}rows" });

    /// <summary>The entry point, typed by the job's set (<see cref="KernelSet{T}"/>, <see cref="Blake3KernelSet"/>).</summary>
    public readonly nint Entry;
}

/// <summary>The kernels of one job, which of them run here, and the one the library uses.</summary>
internal abstract class KernelSet
{
    private readonly Kernel[] _kernels;
    private readonly KernelSet? _singleStream;

    /// <summary>
    /// Whether the job still runs its starting code, cheap to compile, while its kernels compile in the background
    /// (<see cref="KernelWarmup"/>): BLAKE2's compact kernel at the default entry, BLAKE3's compact single-block
    /// compressions. The warm-up's one flag; read by the one-shot helper (<see cref="OneShot"/>) and
    /// <see cref="Blake3Block"/>, written only by the warm-up (<see cref="SetStarting"/>, <see cref="KernelSet{T}.UseCompact"/>).
    /// </summary>
    /// <remarks>
    /// A field, not a property: a getter would be one more method compiled before a process's first hash. Volatile:
    /// code compiled before the hand-over must read it again; a volatile store rather than <c>Volatile.Write</c>, a
    /// store to compile rather than a call to resolve on the first hash.
    /// </remarks>
    internal volatile bool Starting;

    /// <summary>Sets <see cref="Starting"/>: by the warm-up, as it starts the job and hands it over (and by the tests).</summary>
    internal void SetStarting(bool starting) => Starting = starting;

    /// <param name="name">The job's name in reports.</param>
    /// <param name="singleStream">
    /// For a lane job, the single-stream set that runs the lanes one by one where no lane kernel does.
    /// </param>
    /// <param name="kernels">The kernels in preference order.</param>
    /// <param name="starting">Whether the set starts (<see cref="Starting"/>), as the warm-up decided.</param>
    protected KernelSet(string name, KernelSet? singleStream, Kernel[] kernels, bool starting = false)
    {
        Starting = starting; // here, not through SetStarting: one method fewer to compile on a first call
        Name = name;
        _singleStream = singleStream;
        _kernels = kernels;
        var entries = new nint[InstructionSets.Declared.Length]; // by instruction set; 0 where this job has none here
        for (int instructionSet = (int)InstructionSet.Scalar; instructionSet < entries.Length; instructionSet++)
        {
            foreach (Kernel kernel in kernels)
            {
                // A lane job has only its own kernels (the caller runs the lanes one by one otherwise). A
                // single-stream job answers every instruction set with its best kernel at or below it in that
                // architecture, so a state carrying an instruction set this algorithm lacks (BLAKE2s has no AVX2
                // kernel, BLAKE2b none for NEON; many-message hashing finishes each message on the lane kernels'
                // instruction set) still runs.
                if (kernel.IsSupported && (kernel.InstructionSet == (InstructionSet)instructionSet || (singleStream is null && InstructionSets.IsAtOrBelow(kernel.InstructionSet, (InstructionSet)instructionSet))))
                {
                    entries[instructionSet] = kernel.Entry;
                    break;
                }
            }
        }
        Entries = entries;
        string? requested = Environment.GetEnvironmentVariable(InstructionSets.EnvironmentVariable);
        Default = Choose(requested);
        Requested = requested is not null;
    }

    /// <summary>Whether <c>BLAKE2FAST_CORE</c> named the instruction set (then its kernel runs from the first call).</summary>
    protected readonly bool Requested;

    public string Name { get; }

    /// <summary>Every kernel of the job, in preference order, whether or not it runs here.</summary>
    public IReadOnlyList<Kernel> Kernels => _kernels;

    /// <summary>Entry points by instruction set (see the constructor), read by the typed sets.</summary>
    protected readonly nint[] Entries;

    /// <summary>
    /// The instruction set new states use, chosen once (the job's class in <see cref="KernelTable"/> holds it as a
    /// static readonly value, <see cref="InstructionSets"/> names it).
    /// </summary>
    public readonly InstructionSet Default;

    /// <summary>Whether this job has a kernel of its own for <paramref name="instructionSet"/> that runs here.</summary>
    public bool Runs(InstructionSet instructionSet) => Find(instructionSet) is not null;

    /// <summary>The job's own kernel for <paramref name="instructionSet"/> if it runs here.</summary>
    public Kernel? Find(InstructionSet instructionSet)
    {
        foreach (Kernel kernel in _kernels)
        {
            if (kernel.InstructionSet == instructionSet && kernel.IsSupported)
                return kernel;
        }
        return null;
    }

    /// <summary>How many hashes the kernel of <paramref name="instructionSet"/> runs at once (1: lanes one by one).</summary>
    public int Lanes(InstructionSet instructionSet) => Find(instructionSet)?.Lanes ?? 1;

    /// <summary>
    /// Every instruction set this job can run here, lowest first: its own kernels and, for a lane job, the
    /// single-stream kernels it falls back to (the tests run each of them).
    /// </summary>
    public IReadOnlyList<InstructionSet> Supported
    {
        get
        {
            var runs = new bool[InstructionSets.Declared.Length];
            for (KernelSet? set = this; set is not null; set = set._singleStream)
            {
                foreach (Kernel kernel in set._kernels)
                    runs[(int)kernel.InstructionSet] |= kernel.IsSupported;
            }
            var list = new List<InstructionSet>();
            for (int i = 0; i < runs.Length; i++)
            {
                if (runs[i])
                    list.Add((InstructionSet)i);
            }
            return list;
        }
    }

    /// <summary>The bytes one call of a kernel of <paramref name="lanes"/> lanes takes per unit of its count (a superblock, a group of chunks).</summary>
    internal abstract int BytesPerUnit(int lanes);

    /// <summary>
    /// Runs <paramref name="kernel"/> (one of this job's, supported here) over <paramref name="units"/> units of
    /// <paramref name="input"/> into a scratch chain: the kernel benchmark's timing loop (b2fsum --benchmark).
    /// </summary>
    internal abstract void Run(Kernel kernel, byte[] input, int units);

    /// <summary>
    /// The instruction set to use when <paramref name="requested"/> (a name, or <see langword="null"/>) is asked
    /// for: that one if it runs here, else the best below it in its own architecture (down to the portable one);
    /// with no request, the CPU's own preference (<see cref="CpuRules"/>), else the first kernel of the list that runs here.
    /// </summary>
    internal InstructionSet Choose(string? requested)
    {
        // Without a request (the usual case, and a process's first hash) the parser is not even compiled, nor is a
        // nullable's getter.
        bool named = false;
        InstructionSet ceiling = default;
        if (requested is not null && InstructionSets.Parse(requested) is { } parsed) // an unknown name is no request
        {
            named = true;
            ceiling = parsed;
        }
        foreach (Kernel kernel in _kernels)
        {
            if (!kernel.IsSupported)
                continue;
            if (named ? !InstructionSets.IsAtOrBelow(kernel.InstructionSet, ceiling)
                // With no request, the CPU's rule may set aside the row-layout kernels (the scalar kernel ends
                // every list); it reads CPUID, so only a job whose choice it can change asks it. The cross-platform
                // vectors' kernels run only where asked for or where no architecture's own kernels exist.
                : (kernel.RowLayout && CpuRules.PreferScalarForOneMessage) || !InstructionSets.Declared[(int)kernel.InstructionSet].ChosenUnasked)
                continue;
            return kernel.InstructionSet;
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
    public static Kernel Of(InstructionSet instructionSet, bool isSupported, int lanes, delegate*<ref T, ref byte, nuint, uint, void> compress, bool rowLayout = false) =>
        new(instructionSet, isSupported, lanes, (nint)compress, rowLayout);

    /// <summary>
    /// The entry point for <paramref name="instructionSet"/>: for a lane job its own kernel or <see langword="null"/>, for a
    /// single-stream job its best kernel at or below that instruction set. One indexed load, since every state calls it.
    /// </summary>
    public delegate*<ref T, ref byte, nuint, uint, void> Entry(InstructionSet instructionSet) =>
        (delegate*<ref T, ref byte, nuint, uint, void>)Entries[(int)instructionSet];

    private nint _compact, _own;

    /// <summary>
    /// Where the JIT compiles: the default instruction set's entry starts on <paramref name="compact"/>, whose code
    /// costs a fraction of the default kernel's to compile, so that a process's first small hash does not wait for the
    /// kernel; the compact code hands the entry over (<see cref="TakeOver"/>). Not under NativeAOT, where every kernel
    /// is compiled already, nor when <c>BLAKE2FAST_CORE</c> asks for a kernel.
    /// </summary>
    public KernelSet<T> StartingOn(delegate*<ref T, ref byte, nuint, uint, void> compact)
    {
        _compact = (nint)compact;
        _own = Entries[(int)Default];
#if !NETSTANDARD2_0
        if (System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeCompiled && !Requested)
            UseCompact(true);
#endif
        return this;
    }

    /// <summary>
    /// For the compact kernel, past its budget or on a long run: the default instruction set's own kernel runs this
    /// call (compiled here, at its first) and takes over the entry.
    /// </summary>
    internal void TakeOver(ref T chain, ref byte input, nuint blocks, uint increment)
    {
        ((delegate*<ref T, ref byte, nuint, uint, void>)_own)(ref chain, ref input, blocks, increment);
        UseCompact(false);
    }

    /// <summary>Whether the default instruction set's entry runs the compact kernel, or its own (also for the tests).</summary>
    internal void UseCompact(bool compact)
    {
        Entries[(int)Default] = compact ? _compact : _own;
        Starting = compact; // not through SetStarting: one method fewer to compile on a first call
    }

    internal override int BytesPerUnit(int lanes) => lanes * 16 * sizeof(T);

    internal override void Run(Kernel kernel, byte[] input, int units)
    {
        // Any chain will do for timing (12 words per lane, as the states keep them).
        var chain = new T[12 * kernel.Lanes];
        ((delegate*<ref T, ref byte, nuint, uint, void>)kernel.Entry)(ref chain[0], ref input[0], (nuint)units, (uint)(16 * sizeof(T)));
    }
}
