using System;
using System.Collections.Generic;
#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;
#endif

namespace Blake2Fast.Dispatch;

/// <summary>
/// The instruction set a kernel needs. Each value is declared once, as data, in <see cref="InstructionSets"/>: its
/// name, its architecture, its rank in that architecture and its support test.
/// </summary>
internal enum InstructionSet : byte
{
    Scalar = 1,
    Sse41 = 2,
    Avx2 = 3,
    Avx512 = 4,
    Neon = 5,
    Vector128 = 6,
}

/// <summary>Where an instruction set exists.</summary>
internal enum CpuArchitecture : byte
{
    Portable,
    X86,
    Arm64,

    /// <summary>
    /// The runtime's cross-platform 128-bit vectors (<c>Vector128&lt;T&gt;</c>): for a CPU with SIMD but no kernel of
    /// its own (WebAssembly), never chosen unasked where an x86 or ARM64 instruction set runs.
    /// </summary>
    CrossPlatform,
}

/// <summary>One instruction set's declaration (see <see cref="InstructionSets"/>).</summary>
internal readonly unsafe struct InstructionSetDeclaration
{
    private readonly delegate*<bool> _isSupported;

    public InstructionSetDeclaration(InstructionSet value, string name, CpuArchitecture architecture, int rank, delegate*<bool> isSupported, string? alias = null, bool chosenUnasked = true)
    {
        Value = value;
        Name = name;
        Architecture = architecture;
        Rank = rank;
        _isSupported = isSupported;
        Alias = alias;
        ChosenUnasked = chosenUnasked;
    }

    public readonly InstructionSet Value; // fields, not properties: see Kernel

    /// <summary>As <c>BLAKE2FAST_CORE</c> and <c>CompressionCore</c> spell it.</summary>
    public string Name { get; }

    /// <summary>Another spelling <see cref="InstructionSets.Parse"/> accepts.</summary>
    public string? Alias { get; }

    public readonly CpuArchitecture Architecture;

    /// <summary>Its place in its architecture's order: each instruction set is a superset of those of lower rank.</summary>
    public readonly int Rank;

    /// <summary>Whether this CPU and runtime run it (kernels may ask more, such as little-endian order).</summary>
    public bool IsSupported => _isSupported();

    /// <summary>
    /// Whether its kernels may be chosen without <c>BLAKE2FAST_CORE</c> naming it (always, unless declared otherwise):
    /// the cross-platform vectors run on x64 and ARM64 too, for the tests, but are the default only where no
    /// architecture's own kernels run. A field, worked out as the declarations are made: every choice reads it, and a
    /// getter would be one more method for a process's first hash to compile.
    /// </summary>
    public readonly bool ChosenUnasked;
}

/// <summary>
/// Every instruction set, declared once; names, parsing, architectures and the order of each architecture's
/// instruction sets derive from the declarations, and so do the tests' expectations. Also the default instruction
/// set of each job (<see cref="KernelTable"/>), under the one name the states use.
/// </summary>
internal static unsafe class InstructionSets
{
    /// <summary>Environment variable naming the instruction set to use (a name below); see <see cref="KernelSet.Choose"/>.</summary>
    public const string EnvironmentVariable = "BLAKE2FAST_CORE";

#if NET8_0_OR_GREATER
    // By the process's architecture, not by X86Base/ArmBase: those are false too under DOTNET_EnableHWIntrinsic=0. An
    // initializer, not a method: one method fewer for a process's first hash to compile. Before the declarations.
    private static readonly bool s_architectureKernels = System.Runtime.InteropServices.RuntimeInformation.ProcessArchitecture is
        System.Runtime.InteropServices.Architecture.X64 or System.Runtime.InteropServices.Architecture.X86 or System.Runtime.InteropServices.Architecture.Arm64;
#else
    private static readonly bool s_architectureKernels = true; // no kernel of the cross-platform vectors here
#endif

    /// <summary>
    /// Every declaration, indexed by value: a new instruction set is one enum value and one line here, then its
    /// kernels; a table indexed by instruction set has its length (index 0 unused). A field the kernel table reads
    /// directly: a getter would be one more method compiled before a process's first hash.
    /// </summary>
    internal static readonly InstructionSetDeclaration[] Declared =
    [
        default,
        new(InstructionSet.Scalar, "scalar", CpuArchitecture.Portable, 0, &Always),
        new(InstructionSet.Sse41, "sse41", CpuArchitecture.X86, 1, &HasSse41, alias: "sse4.1"),
        new(InstructionSet.Avx2, "avx2", CpuArchitecture.X86, 2, &HasAvx2),
        new(InstructionSet.Avx512, "avx512", CpuArchitecture.X86, 3, &HasAvx512),
        new(InstructionSet.Neon, "neon", CpuArchitecture.Arm64, 1, &HasNeon, alias: "advsimd"),
        new(InstructionSet.Vector128, "vector128", CpuArchitecture.CrossPlatform, 1, &HasVector128, alias: "wasm", chosenUnasked: !s_architectureKernels),
    ];

    private static bool Always() => true;
#if NET8_0_OR_GREATER
    private static bool HasSse41() => Sse41.IsSupported;
    private static bool HasAvx2() => Avx2.IsSupported;
    private static bool HasAvx512() => Avx512F.VL.IsSupported;
    private static bool HasNeon() => AdvSimd.Arm64.IsSupported;
    private static bool HasVector128() => Vector128.IsHardwareAccelerated;
#else
    private static bool HasSse41() => false;
    private static bool HasAvx2() => false;
    private static bool HasAvx512() => false;
    private static bool HasNeon() => false;
    private static bool HasVector128() => false;
#endif

    /// <summary>Every declaration, in value order.</summary>
    public static IEnumerable<InstructionSetDeclaration> All
    {
        get
        {
            for (int i = 1; i < Declared.Length; i++)
                yield return Declared[i];
        }
    }

    public static InstructionSet DefaultB => KernelTable.Blake2bJob.Default;
    public static InstructionSet DefaultS => KernelTable.Blake2sJob.Default;
    public static InstructionSet DefaultBp => KernelTable.Blake2bpJob.Default;
    public static InstructionSet DefaultSp => KernelTable.Blake2spJob.Default;
    public static InstructionSet DefaultManyB => KernelTable.ManyBlake2bJob.Default;
    public static InstructionSet DefaultManyS => KernelTable.ManyBlake2sJob.Default;
    public static InstructionSet DefaultBlake256 => KernelTable.Blake256Job.Default;
    public static InstructionSet DefaultBlake3 => KernelTable.Blake3Job.Default;

    /// <summary>Every instruction set BLAKE2b (<paramref name="isB"/>) or BLAKE2s runs here, lowest first.</summary>
    public static IReadOnlyList<InstructionSet> Supported(bool isB) => isB ? KernelTable.Blake2b.Supported : KernelTable.Blake2s.Supported;

    /// <summary>Every instruction set BLAKE2bp (<paramref name="isB"/>) or BLAKE2sp runs here, lowest first.</summary>
    public static IReadOnlyList<InstructionSet> SupportedParallel(bool isB) => isB ? KernelTable.Blake2bpLeaves.Supported : KernelTable.Blake2spLeaves.Supported;

    public static CpuArchitecture Architecture(InstructionSet instructionSet) => Declared[(int)instructionSet].Architecture;

    /// <summary>
    /// Whether a kernel of <paramref name="instructionSet"/> may stand in for a request of <paramref name="ceiling"/>: the same
    /// instruction set, the portable one, or one of lower rank in the same architecture. A request never falls to
    /// another architecture's kernel.
    /// </summary>
    public static bool IsAtOrBelow(InstructionSet instructionSet, InstructionSet ceiling)
    {
        if (instructionSet == ceiling || instructionSet == InstructionSet.Scalar)
            return true;
        InstructionSetDeclaration a = Declared[(int)instructionSet], b = Declared[(int)ceiling];
        return a.Architecture == b.Architecture && a.Architecture != CpuArchitecture.Portable && a.Rank < b.Rank;
    }

    /// <summary>An instruction set's name as the environment variable and <c>CompressionCore</c> spell it.</summary>
    public static string Name(InstructionSet instructionSet) => Declared[(int)instructionSet].Name;

    /// <summary>Parses a name or alias (case-insensitive, trimmed); <see langword="null"/> for an unknown or absent name.</summary>
    public static InstructionSet? Parse(string? name)
    {
        if (name is null)
            return null;
        name = name.Trim();
        for (int i = 1; i < Declared.Length; i++)
        {
            if (string.Equals(name, Declared[i].Name, StringComparison.OrdinalIgnoreCase) ||
                string.Equals(name, Declared[i].Alias, StringComparison.OrdinalIgnoreCase))
                return Declared[i].Value;
        }
        return null;
    }
}
