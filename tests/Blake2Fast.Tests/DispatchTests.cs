using System;
using System.Linq;
using System.Reflection;
using System.Runtime.Versioning;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;
using Xunit.Abstractions;
#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics.X86;
#endif

namespace Blake2Fast.Tests;

/// <summary>
/// CI runs the suite once per runtime leg (.ci/run sets BLAKE2FAST_EXPECTED_LEG); each leg switches the runtime's
/// instruction sets off and this checks that the dispatch picked the instruction set that leg must get.
/// </summary>
public class DispatchTests
{
    private readonly ITestOutputHelper _output;

    public DispatchTests(ITestOutputHelper output) => _output = output;

    private static readonly string LibraryTarget =
        typeof(Blake2b).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName ?? "?";

    private static bool LibraryIsNetStandard => LibraryTarget.StartsWith(".NETStandard", StringComparison.Ordinal);

    [Fact]
    public void ReportsAndChecksTheChosenInstructionSets()
    {
        string leg = Environment.GetEnvironmentVariable("BLAKE2FAST_EXPECTED_LEG") ?? "(none)";
        int lanesB = KernelTable.ManyBlake2b.Lanes(InstructionSets.DefaultManyB), lanesS = KernelTable.ManyBlake2s.Lanes(InstructionSets.DefaultManyS);
        string line = $"leg={leg} library={LibraryTarget} cpu=[{Cpu.Current}] BLAKE2b={InstructionSets.DefaultB} BLAKE2s={InstructionSets.DefaultS} " +
            $"BLAKE2bp={InstructionSets.DefaultBp} BLAKE2sp={InstructionSets.DefaultSp} BLAKE3={InstructionSets.DefaultBlake3} many-message lanes b={lanesB} s={lanesS} " +
            $"supported b=[{string.Join(",", FixedDigestDriver.B.SupportedInstructionSets)}] s=[{string.Join(",", FixedDigestDriver.S.SupportedInstructionSets)}] BLAKE3=[{string.Join(",", KernelTable.Blake3.Supported)}]";
        _output.WriteLine(line);
        Console.WriteLine(line);

        // The public property says what runs, in the names the environment variable takes.
        Assert.Equal(InstructionSets.Name(InstructionSets.DefaultB), Blake2b.CompressionCore);
        Assert.Equal(InstructionSets.Name(InstructionSets.DefaultS), Blake2s.CompressionCore);
        Assert.Equal(InstructionSets.Name(InstructionSets.DefaultBp), Blake2bp.CompressionCore);
        Assert.Equal(InstructionSets.Name(InstructionSets.DefaultSp), Blake2sp.CompressionCore);
        Assert.Equal(Blake2b.CompressionCore, Blake2Xb.CompressionCore);
        Assert.Equal(Blake2s.CompressionCore, Blake2Xs.CompressionCore);

        if (Environment.GetEnvironmentVariable(InstructionSets.EnvironmentVariable) is not null)
            return; // a user-forced ceiling; the ceiling tests below cover it

        (InstructionSet b, InstructionSet s) = ExpectedInstructionSets(leg);
        Assert.Equal(b, InstructionSets.DefaultB);
        Assert.Equal(s, InstructionSets.DefaultS);

        // The parallel modes and many-message hashing take the lane kernels wherever AVX2 or AdvSIMD runs, on every
        // CPU: 8/16 lanes of BLAKE2b/BLAKE2s on AVX-512, 4/8 on AVX2, 2/4 on NEON; below that the leaves run on the
        // single-stream instruction set.
        InstructionSet lanes = Widest(KernelTable.Blake2bpLeaves);
        (int expectedB, int expectedS) = InstructionSets.Name(lanes) switch
        {
            "avx512" => (8, 16),
            "avx2" => (4, 8),
            "neon" => (2, 4),
            _ => (1, 1),
        };
        bool hasLanes = expectedB > 1;
        Assert.Equal(hasLanes ? lanes : b, InstructionSets.DefaultBp);
        Assert.Equal(hasLanes ? lanes : s, InstructionSets.DefaultSp);
        Assert.Equal(hasLanes ? lanes : b, InstructionSets.DefaultManyB);
        Assert.Equal(hasLanes ? lanes : s, InstructionSets.DefaultManyS);
        Assert.Equal(expectedB, lanesB);
        Assert.Equal(expectedS, lanesS);

        // BLAKE3's chunks always take the widest lane kernel (SSE4.1 where no AVX2 runs, unlike BLAKE2's lanes).
        Assert.Equal(InstructionSets.Name(InstructionSets.DefaultBlake3), global::Blake2Fast.Blake3.CompressionCore);
        Assert.Equal(Widest(KernelTable.Blake3), InstructionSets.DefaultBlake3);
        if (leg == "arm64")
        {
            // The ARM64 leg (qemu) must really run the NEON kernels, not fall back to the portable ones.
            Assert.Equal("neon", global::Blake2Fast.Blake3.CompressionCore);
            Assert.Equal("neon", Blake2bp.CompressionCore);
            Assert.Equal("neon", Blake2sp.CompressionCore);
        }
    }

    /// <summary>
    /// What each leg must choose, worked out from the instruction sets' declared support tests (the runtime's own
    /// flags) and the kernels each job lists, not from the kernels' own checks or the library's choice.
    /// </summary>
    private static (InstructionSet B, InstructionSet S) ExpectedInstructionSets(string leg)
    {
        if (LibraryIsNetStandard)
            return (InstructionSet.Scalar, InstructionSet.Scalar);
        // The legs really switch the instruction sets off (a leg that silently kept them would prove nothing):
        // "no-NAME" has no NAME, "scalar" nothing but the portable code, "arm64" has NEON.
        if (leg.StartsWith("no-", StringComparison.Ordinal))
            Assert.False(InstructionSets.Declared[(int)(InstructionSets.Parse(leg.Substring(3)) ?? throw new InvalidOperationException($"leg {leg} names no instruction set"))].IsSupported);
        else if (leg == "scalar")
            Assert.DoesNotContain(InstructionSets.All, d => d.Architecture != CpuArchitecture.Portable && d.IsSupported);
        else if (leg == "arm64")
            Assert.True(InstructionSets.Declared[(int)InstructionSet.Neon].IsSupported);
#if NET8_0_OR_GREATER
        // Zen 5 (AMD family 1Ah) runs one message fastest on the unrolled scalar kernel (CpuRules).
        (int family, string vendor) = CpuIdFamily();
        if (vendor == "AuthenticAMD" && family == 0x1A)
            return (InstructionSet.Scalar, InstructionSet.Scalar);
#endif
        return (Widest(KernelTable.Blake2b), Widest(KernelTable.Blake2s));
    }

    /// <summary>
    /// The highest-ranked instruction set of this architecture among a job's kernels whose declaration says it runs
    /// here (the portable one if none).
    /// </summary>
    private static InstructionSet Widest(KernelSet job)
    {
        InstructionSet best = InstructionSet.Scalar;
        if (LibraryIsNetStandard)
            return best;
        foreach (Kernel kernel in job.Kernels)
        {
            InstructionSetDeclaration d = InstructionSets.Declared[(int)kernel.InstructionSet];
            if (kernel.WovenRow == 0 && d.Architecture == ThisArchitecture() && d.IsSupported &&
                (best == InstructionSet.Scalar || d.Rank > InstructionSets.Declared[(int)best].Rank))
                best = kernel.InstructionSet;
        }
        return best;
    }

#if NET8_0_OR_GREATER
    /// <summary>CPUID family and vendor, decoded here independently of the library's own reader.</summary>
    private static (int Family, string Vendor) CpuIdFamily()
    {
        if (!X86Base.IsSupported)
            return (0, "");
        (_, int ebx, int ecx, int edx) = X86Base.CpuId(0, 0);
        string vendor = string.Concat(new[] { ebx, edx, ecx }.Select(r => System.Text.Encoding.ASCII.GetString(BitConverter.GetBytes(r))));
        int eax = X86Base.CpuId(1, 0).Eax;
        int family = ((eax >> 8) & 0xF) == 0xF ? 0xF + ((eax >> 20) & 0xFF) : (eax >> 8) & 0xF;
        return (family, vendor);
    }

    [Fact]
    public void TheLibraryReadsTheSameCpu()
    {
        if (LibraryIsNetStandard)
            return; // no CPUID below .NET 8: the netstandard build has no CPU rules to apply
        (int family, string vendor) = CpuIdFamily();
        Assert.Equal(vendor, Cpu.Current.Vendor);
        Assert.Equal(family, Cpu.Current.Family);
    }
#endif

    [Theory]
    [InlineData("scalar", "Scalar")]
    [InlineData("SCALAR", "Scalar")]
    [InlineData("sse41", "Sse41")]
    [InlineData("avx2", "Avx2")]
    [InlineData("avx512", "Avx512")]
    [InlineData("neon", "Neon")]
    [InlineData("AdvSimd", "Neon")]
    [InlineData("vector128", "Vector128")]
    [InlineData("wasm", "Vector128")]
    public void TheEnvironmentOverrideIsHonoured(string name, string instructionSetName)
    {
        InstructionSet requested = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        foreach (KernelSet set in KernelTable.All)
        {
            InstructionSet chosen = set.Choose(name);
            Assert.True(set.Supported.Contains(chosen), $"{set.Name} {name}: chose {chosen}, which does not run here");
            if (set.Supported.Contains(requested))
            {
                // An instruction set that runs here is used exactly, whatever the CPU rules prefer.
                Assert.Equal(requested, chosen);
                continue;
            }
            // Else a narrower instruction set of the request's own architecture, or the portable one: never another architecture's.
            Assert.True(chosen == InstructionSet.Scalar || InstructionSets.Architecture(chosen) == InstructionSets.Architecture(requested),
                $"{set.Name} {name}: chose {chosen}");
            Assert.True(chosen == InstructionSet.Scalar || InstructionSets.Declared[(int)chosen].Rank < InstructionSets.Declared[(int)requested].Rank, $"{set.Name} {name}: chose {chosen}");
            // Nothing supported between the choice and the request was passed over.
            foreach (InstructionSet c in set.Supported)
            {
                bool better = InstructionSets.IsAtOrBelow(c, requested) && c != chosen &&
                    (chosen == InstructionSet.Scalar || InstructionSets.Declared[(int)c].Rank > InstructionSets.Declared[(int)chosen].Rank);
                Assert.False(better, $"{set.Name} {name}: skipped {c}");
            }
        }
    }

    [Fact]
    public void ARequestNeverFallsToAnotherArchitecture()
    {
        foreach (InstructionSet requested in Enum.GetValues(typeof(InstructionSet)))
        {
            foreach (InstructionSet instructionSet in Enum.GetValues(typeof(InstructionSet)))
            {
                bool crosses = instructionSet != InstructionSet.Scalar && InstructionSets.Architecture(instructionSet) != InstructionSets.Architecture(requested);
                if (crosses)
                    Assert.False(InstructionSets.IsAtOrBelow(instructionSet, requested), $"{instructionSet} stood in for {requested}");
            }
            Assert.True(InstructionSets.IsAtOrBelow(InstructionSet.Scalar, requested));
        }
        Assert.Equal(CpuArchitecture.Arm64, InstructionSets.Architecture(InstructionSet.Neon));
        Assert.False(InstructionSets.IsAtOrBelow(InstructionSet.Neon, InstructionSet.Avx512));
        Assert.False(InstructionSets.IsAtOrBelow(InstructionSet.Sse41, InstructionSet.Neon));
    }

    [Fact]
    public void EveryKernelOfTheRegistryDeclaresAnInstructionSetOnceAndALaneCount()
    {
        foreach (KernelSet set in KernelTable.All)
        {
            // Once per instruction set and layout: BLAKE3 has a lane kernel, a row kernel and a lane kernel with a woven
            // row of the same set.
            Assert.Equal(set.Kernels.Count, set.Kernels.Select(k => k.Label).Distinct().Count());
            foreach (Kernel kernel in set.Kernels)
            {
                Assert.True(kernel.Lanes >= 1, $"{set.Name} {kernel.InstructionSet}");
                Assert.True(kernel.Entry != 0, $"{set.Name} {kernel.InstructionSet}");
                // A kernel runs only on its own architecture (the cross-platform vectors' on any).
                if (kernel.IsSupported && kernel.InstructionSet != InstructionSet.Scalar && InstructionSets.Architecture(kernel.InstructionSet) != CpuArchitecture.CrossPlatform)
                    Assert.Equal(InstructionSets.Architecture(kernel.InstructionSet), ThisArchitecture());
            }
        }
    }

    private static CpuArchitecture ThisArchitecture() => System.Runtime.InteropServices.RuntimeInformation.ProcessArchitecture switch
    {
        System.Runtime.InteropServices.Architecture.X64 or System.Runtime.InteropServices.Architecture.X86 => CpuArchitecture.X86,
        System.Runtime.InteropServices.Architecture.Arm64 => CpuArchitecture.Arm64,
        _ => CpuArchitecture.Portable,
    };

    [Fact]
    public void TheCrossPlatformVectorsAreChosenOnlyWhereNoArchitectureKernelsExist()
    {
        InstructionSetDeclaration vector128 = InstructionSets.Declared[(int)InstructionSet.Vector128];
        Assert.Equal(CpuArchitecture.CrossPlatform, vector128.Architecture);
        bool nativeArchitecture = ThisArchitecture() != CpuArchitecture.Portable;
        Assert.Equal(!nativeArchitecture, vector128.ChosenUnasked);
        foreach (KernelSet set in KernelTable.All)
        {
            // x64 and ARM64 keep their own choice, whatever runs.
            if (nativeArchitecture)
                Assert.NotEqual(InstructionSet.Vector128, set.Choose(null));
#if NET8_0_OR_GREATER
            // Asked for by name, it runs wherever the runtime accelerates Vector128 (on every CI leg but the scalar
            // one): the suite then tests its kernels against the references on x64 and ARM64 too.
            if (!LibraryIsNetStandard && System.Runtime.Intrinsics.Vector128.IsHardwareAccelerated && set != KernelTable.Blake256)
                Assert.Equal(InstructionSet.Vector128, set.Choose("vector128"));
#endif
        }
    }

    [Fact]
    public void AnUnknownNameMeansTheDefault()
    {
        foreach (KernelSet set in KernelTable.All)
            Assert.Equal(set.Choose(null), set.Choose("no-such-instruction-set"));
    }

    [Fact]
    public void WithoutARequestTheFirstRunnableKernelOrTheCpuRuleWins()
    {
        InstructionSet b = KernelTable.Blake2b.Choose(null);
        if (CpuRules.PreferScalarForOneMessage)
            Assert.Equal(InstructionSet.Scalar, b);
        else
            // the table lists the widest first, and the widest of this architecture runs (the cross-platform vectors only where none does)
            Assert.Equal(FixedDigestDriver.B.SupportedInstructionSets.Where(c => InstructionSets.Declared[(int)c].ChosenUnasked).Max(), b);
        // Lanes always beat one message at a time: a lane job picks its widest lane kernel that runs.
        InstructionSet lanes = KernelTable.Blake2bpLeaves.Choose(null);
        // (Of the lane kernels chosen unasked here: the cross-platform vectors' run on x64 and ARM64 only by name.)
        Assert.True(KernelTable.Blake2bpLeaves.Lanes(lanes) > 1 ||
            !KernelTable.Blake2bpLeaves.Supported.Any(c => KernelTable.Blake2bpLeaves.Lanes(c) > 1 && InstructionSets.Declared[(int)c].ChosenUnasked));
    }

    [Fact]
    public unsafe void EveryInstructionSetNameReachesAKernelOfEachAlgorithm()
    {
        // States carry an instruction set's name; one-message jobs answer every name with their best kernel at or below it.
        foreach (InstructionSet instructionSet in Enum.GetValues(typeof(InstructionSet)))
        {
            Assert.True(KernelTable.Blake2b.Entry(instructionSet) != null, $"BLAKE2b {instructionSet}");
            Assert.True(KernelTable.Blake2s.Entry(instructionSet) != null, $"BLAKE2s {instructionSet}");
        }
    }

    [Fact]
    public void EachInstructionSetIsDeclaredOnceAtItsValue()
    {
        InstructionSetDeclaration[] all = InstructionSets.All.ToArray();
        Assert.Equal(Enum.GetValues(typeof(InstructionSet)).Length, all.Length);
        Assert.Equal(InstructionSets.Declared.Length, all.Length + 1);
        foreach (InstructionSet set in Enum.GetValues(typeof(InstructionSet)))
            Assert.Equal(set, InstructionSets.Declared[(int)set].Value);
        Assert.Equal(all.Length, all.Select(d => d.Name).Distinct().Count());
        // Within an architecture the ranks order the instruction sets; the portable one stands alone.
        foreach (IGrouping<CpuArchitecture, InstructionSetDeclaration> arch in all.GroupBy(d => d.Architecture))
            Assert.Equal(arch.Count(), arch.Select(d => d.Rank).Distinct().Count());
        Assert.Single(all, d => d.Architecture == CpuArchitecture.Portable);
        Assert.True(InstructionSets.Declared[(int)InstructionSet.Scalar].IsSupported);
    }

    [Fact]
    public void NamesRoundTrip()
    {
        foreach (InstructionSet instructionSet in Enum.GetValues(typeof(InstructionSet)))
            Assert.Equal(instructionSet, InstructionSets.Parse(InstructionSets.Name(instructionSet)));
    }

    [Fact]
    public void TheKernelBenchmarkRefusesANullWriterBeforeTimingAnything()
    {
        // The public door (b2fsum --benchmark calls it as any user would).
        var error = Assert.Throws<ArgumentNullException>(() => KernelBenchmark.Run(null!));
        Assert.Equal("output", error.ParamName);
    }

    [Fact]
    public void TheKernelBenchmarkTimesEveryKernelThatRunsAndMarksTheChoice()
    {
        // b2fsum --benchmark prints this report; short mode, as CI runs it (on x64 and under qemu on the ARM64 leg).
        var writer = new System.IO.StringWriter();
        KernelBenchmark.Run(writer, brief: true);
        string report = writer.ToString();
        _output.WriteLine(report);
        Assert.Contains(Cpu.Current.ToString(), report);
        foreach (KernelSet set in KernelTable.All)
        {
            // One kernel is the job's ("chosen"): the first of the default instruction set; a later one of that set
            // (BLAKE3's AVX-512 rows) only takes a short rest.
            Kernel[] runs = set.Kernels.Where(k => k.IsSupported).ToArray();
            int main = Array.FindIndex(runs, k => k.WovenRow == 0 && k.InstructionSet == set.Default);
            for (int i = 0; i < runs.Length; i++)
            {
                Kernel kernel = runs[i];
                string note = kernel.WovenRow > 0 ? "a group plus its row"
                    : i == main ? "chosen"
                    : kernel.InstructionSet == set.Default ? "chosen for a short rest" : "";
                string row = $"^{System.Text.RegularExpressions.Regex.Escape(set.Name)} +{System.Text.RegularExpressions.Regex.Escape(kernel.Label)} +{kernel.Lanes} +[0-9,.]+ *" +
                    note + "\\r?$";
                Assert.Matches(new System.Text.RegularExpressions.Regex(row, System.Text.RegularExpressions.RegexOptions.Multiline), report);
            }
        }
    }

    [Fact]
    public void ScalarIsAlwaysSupportedAndListedFirst()
    {
        Assert.Equal(InstructionSet.Scalar, FixedDigestDriver.B.SupportedInstructionSets.First());
        Assert.Equal(InstructionSet.Scalar, FixedDigestDriver.S.SupportedInstructionSets.First());
    }
}
