using System.Collections.Generic;
using System.Linq;
using Xunit.Abstractions;

namespace Blake2Fast.Tests.Reference;

/// <summary>
/// Every kernel, word for word, against the readable reference compressions (<see cref="Blake2bReference"/>,
/// <see cref="Blake2sReference"/>, <see cref="Blake3Reference"/>, <see cref="Blake256Reference"/>): each kernel of
/// the kernel table (row and lane kernels, the generated portable ones, BLAKE3's woven and row kernels) called through
/// its entry point, BLAKE2's compact compression and BLAKE3's single-block compressions, on random chaining values,
/// blocks, counters (across 2^32 and 2^64), flags and increments, with a fixed seed per kernel. Kernels this CPU or the
/// runtime's DOTNET_Enable* settings rule out show as skipped.
/// </summary>
/// <remarks>
/// In the kernel warm-up collection: the compact compression's first-call budget is reset around each call, so that
/// its own code runs (nothing else compresses beside it there).
/// </remarks>
[Collection(KernelWarmupCollection.Name)]
public class ReferenceKernelTests
{
    public const int CasesPerKernel = 300;
    public const ulong Seed = 0x0B1A4E2F4EF5EED5UL;
    private const string SkipReason = "This kernel's instruction set is not available here (CPU or DOTNET_Enable* settings).";

    private readonly ITestOutputHelper _output;

    public ReferenceKernelTests(ITestOutputHelper output) => _output = output;

    public static IEnumerable<object[]> SupportedKernels() => ReferenceKernels.All().Where(k => k.IsSupported).Select(k => new object[] { k.Name });

    public static IEnumerable<object[]> UnsupportedKernels() => ReferenceKernels.All().Where(k => !k.IsSupported).Select(k => new object[] { k.Name });

    [Theory]
    [MemberData(nameof(SupportedKernels))]
#if !LIBRARY_NETSTANDARD // there every kernel is portable and runs: no skipped rows
    [MemberData(nameof(UnsupportedKernels), Skip = SkipReason)]
#endif
    public void Kernel_EqualsTheReference(string kernel)
    {
        ReferenceKernel entry = ReferenceKernels.All().Single(k => k.Name == kernel);
        ulong seed = Seed ^ Fnv(kernel);
        _output.WriteLine($"{kernel}: {CasesPerKernel} cases from seed 0x{seed:X16}");
        var rng = new SplitMix64(seed);
        for (int i = 0; i < CasesPerKernel; i++)
            entry.RunCase(rng);
    }

    [Fact]
    public void EveryJobOfTheKernelTable_HasItsKernelsHere()
    {
        // Each job's every kernel, by name, once; and the names are unique (the theory finds a kernel by its name).
        List<string> names = ReferenceKernels.All().Select(k => k.Name).ToList();
        Assert.Equal(names.Count, names.Distinct().Count());
        foreach (Blake2Fast.Dispatch.KernelSet job in Blake2Fast.Dispatch.KernelTable.All)
        {
            foreach (Blake2Fast.Dispatch.Kernel kernel in job.Kernels)
                Assert.Contains($"{job.Name}: {kernel.Label}", names);
        }
    }

    /// <summary>A stable hash of the kernel's name (string.GetHashCode differs from run to run).</summary>
    private static ulong Fnv(string text)
    {
        ulong hash = 0xCBF29CE484222325;
        foreach (char c in text)
            hash = (hash ^ c) * 0x100000001B3;
        return hash;
    }
}
