using System;
using System.Linq;
using System.Reflection;
using Blake2Fast.Dispatch;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// The drivers cover the library: every public algorithm class has exactly one driver, and every driver belongs to one
/// of the five contracts, so TestsDefined (run per driver) sees every public method of every algorithm.
/// </summary>
public class DriverRegistryTests
{
    private static HashDriver[] Drivers() =>
        typeof(HashDriver).Assembly.GetTypes()
            .Where(t => t.IsSubclassOf(typeof(HashDriver)) && !t.IsAbstract)
            .Select(t => (HashDriver)Activator.CreateInstance(t)!)
            .ToArray();

    [Fact]
    public void EveryPublicAlgorithm_HasExactlyOneDriver()
    {
        // An algorithm class is a public static class that reports its instruction set (CompressionCore).
        string[] algorithms = typeof(Blake2b).Assembly.GetExportedTypes()
            .Where(t => t.IsAbstract && t.IsSealed && !t.IsNested && t.GetProperty("CompressionCore", BindingFlags.Public | BindingFlags.Static) is not null)
            .Select(t => t.FullName!).OrderBy(n => n, StringComparer.Ordinal).ToArray();
        string[] driven = Drivers().Select(d => d.PublicType.FullName!).OrderBy(n => n, StringComparer.Ordinal).ToArray();
        // Nine today (BLAKE2b, 2s, 2bp, 2sp, 2Xb, 2Xs, BLAKE-256, BLAKE-224, BLAKE3): guards the filter, so the
        // comparison below cannot pass on two empty lists.
        Assert.Equal(9, algorithms.Length);
        Assert.Equal(algorithms, driven);
    }

    [Fact]
    public void EveryDriver_IsASealedSubclassOfOneContract()
    {
        Type[] contracts = { typeof(FixedDigestDriver), typeof(ParallelDriver), typeof(XofDriver), typeof(SaltedDriver), typeof(TreeXofDriver) };
        foreach (HashDriver driver in Drivers())
        {
            Type type = driver.GetType();
            Assert.True(type.IsSealed, $"{type.Name} is not sealed");
            Assert.Contains(type.BaseType, contracts);
            Assert.Equal(typeof(HashDriver), type.BaseType!.BaseType);
        }
    }

    [Fact]
    public void InstructionSetsByWordSize_AreTheDriversKernels()
    {
        // The benchmarks pick instruction sets through InstructionSets.Supported(isB)/SupportedParallel(isB); they must list what
        // the drivers (and so every test) run.
        Assert.Equal(FixedDigestDriver.B.Kernels.Supported, InstructionSets.Supported(isB: true));
        Assert.Equal(FixedDigestDriver.S.Kernels.Supported, InstructionSets.Supported(isB: false));
        Assert.Equal(ParallelDriver.Bp.Kernels.Supported, InstructionSets.SupportedParallel(isB: true));
        Assert.Equal(ParallelDriver.Sp.Kernels.Supported, InstructionSets.SupportedParallel(isB: false));
    }
}
