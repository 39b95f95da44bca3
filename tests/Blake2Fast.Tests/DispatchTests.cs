using System;
using System.Linq;
using System.Reflection;
using System.Runtime.Versioning;
using Blake2Fast.Cores;
using Blake2Fast.Tests.Infrastructure;
using Xunit.Abstractions;
#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics.X86;
#endif

namespace Blake2Fast.Tests;

/// <summary>
/// CI runs the suite once per runtime leg (.ci/run sets BLAKE2FAST_EXPECTED_LEG); each leg switches the runtime's
/// instruction sets off and this checks that the dispatch picked the core that leg must get.
/// </summary>
public class DispatchTests
{
    private readonly ITestOutputHelper _output;

    public DispatchTests(ITestOutputHelper output) => _output = output;

    private static readonly string LibraryTarget =
        typeof(Blake2b).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName ?? "?";

    private static bool LibraryIsNetStandard => LibraryTarget.StartsWith(".NETStandard", StringComparison.Ordinal);

    [Fact]
    public void ReportsAndChecksTheChosenCores()
    {
        string leg = Environment.GetEnvironmentVariable("BLAKE2FAST_EXPECTED_LEG") ?? "(none)";
        int lanesB = default(Many.Blake2bManyLanes).Lanes(Blake2Cores.DefaultBp), lanesS = default(Many.Blake2sManyLanes).Lanes(Blake2Cores.DefaultSp);
        string line = $"leg={leg} library={LibraryTarget} BLAKE2b core={Blake2Cores.DefaultB} BLAKE2s core={Blake2Cores.DefaultS} " +
            $"BLAKE2bp core={Blake2Cores.DefaultBp} BLAKE2sp core={Blake2Cores.DefaultSp} many-message lanes b={lanesB} s={lanesS} " +
            $"supported b=[{string.Join(",", Algorithm.B.Cores)}] s=[{string.Join(",", Algorithm.S.Cores)}]";
        _output.WriteLine(line);
        Console.WriteLine(line);

        if (Environment.GetEnvironmentVariable(Blake2Cores.EnvironmentVariable) is not null)
            return; // a user-forced ceiling; the ceiling tests below cover it

        (Blake2Core b, Blake2Core s) = ExpectedCores(leg);
        Assert.Equal(b, Blake2Cores.DefaultB);
        Assert.Equal(s, Blake2Cores.DefaultS);

        // The parallel modes and many-message hashing take the lane cores wherever AVX2 runs: 8/16 lanes of
        // BLAKE2b/BLAKE2s on AVX-512, 4/8 on AVX2, none below.
        (Blake2Core parallel, int expectedB, int expectedS) = b switch
        {
            Blake2Core.Avx512 => (Blake2Core.Avx512, 8, 16),
            Blake2Core.Avx2 => (Blake2Core.Avx2, 4, 8),
            _ => (b, 1, 1),
        };
        Assert.Equal(parallel, Blake2Cores.DefaultBp);
        Assert.Equal(parallel, Blake2Cores.DefaultSp);
        Assert.Equal(expectedB, lanesB);
        Assert.Equal(expectedS, lanesS);
    }

    /// <summary>What each leg must choose, worked out from the runtime's own flags, not from the library.</summary>
    private static (Blake2Core B, Blake2Core S) ExpectedCores(string leg)
    {
        if (LibraryIsNetStandard)
            return (Blake2Core.Scalar, Blake2Core.Scalar);
#if NET8_0_OR_GREATER
        // The legs really switch the instruction sets off (a leg that silently kept them would prove nothing).
        switch (leg)
        {
            case "no-avx512":
                Assert.False(Avx512F.IsSupported);
                break;
            case "no-avx2":
                Assert.False(Avx2.IsSupported);
                break;
            case "scalar":
                Assert.False(Sse2.IsSupported);
                break;
        }
        Blake2Core b = Avx512F.VL.IsSupported ? Blake2Core.Avx512
            : Avx2.IsSupported ? Blake2Core.Avx2
            : Sse41.IsSupported ? Blake2Core.Sse41
            : Blake2Core.Scalar;
        Blake2Core s = Avx512F.VL.IsSupported ? Blake2Core.Avx512
            : Sse41.IsSupported ? Blake2Core.Sse41
            : Blake2Core.Scalar;
        return (b, s);
#else
        return (Blake2Core.Scalar, Blake2Core.Scalar);
#endif
    }

    [Theory]
    [InlineData("scalar", "Scalar")]
    [InlineData("SCALAR", "Scalar")]
    [InlineData("sse41", "Sse41")]
    [InlineData("avx2", "Avx2")]
    [InlineData("avx512", "Avx512")]
    public void TheEnvironmentCeilingIsHonoured(string name, string ceilingName)
    {
        Blake2Core ceiling = Algorithm.ParseCore(ceilingName);
        foreach (bool isB in new[] { true, false })
        {
            Blake2Core chosen = Blake2Cores.Choose(isB, name);
            Assert.True(chosen <= ceiling, $"{name}: chose {chosen}");
            Assert.True(Blake2Cores.IsSupported(chosen, isB));
            // Nothing supported between the choice and the ceiling was passed over.
            for (Blake2Core c = chosen + 1; c <= ceiling; c++)
                Assert.False(Blake2Cores.IsSupported(c, isB), $"{name}: skipped {c}");
        }
    }

    [Fact]
    public void AnUnknownCeilingMeansNoCeiling() =>
        Assert.Equal(Blake2Cores.Choose(true, "avx512"), Blake2Cores.Choose(true, "no-such-core"));

    [Fact]
    public void ScalarIsAlwaysSupportedAndListedFirst()
    {
        Assert.Equal(Blake2Core.Scalar, Algorithm.B.Cores.First());
        Assert.Equal(Blake2Core.Scalar, Algorithm.S.Cores.First());
    }
}
