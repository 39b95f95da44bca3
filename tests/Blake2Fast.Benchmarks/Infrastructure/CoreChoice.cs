using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Cores;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// A Blake2Fast compression core as a benchmark argument. The enum is internal to the library, and BenchmarkDotNet's
/// generated runner (a separate assembly) can only name public types, so it travels in this public wrapper; the
/// row shows the core's name.
/// </summary>
public sealed class CoreChoice
{
    internal CoreChoice(Blake2Core core) => Core = core;

    internal Blake2Core Core { get; }

    /// <summary>Every core of BLAKE2b (<paramref name="isB"/>) or BLAKE2s that runs on this machine, lowest first.</summary>
    public static IEnumerable<CoreChoice> Supported(bool isB) =>
        Blake2Cores.Supported(isB).Select(core => new CoreChoice(core)).ToArray();

    /// <summary>Every kernel of BLAKE2bp (<paramref name="isB"/>) or BLAKE2sp that runs on this machine, lowest first.</summary>
    public static IEnumerable<CoreChoice> SupportedParallel(bool isB) =>
        Blake2Cores.SupportedParallel(isB).Select(core => new CoreChoice(core)).ToArray();

    public override string ToString() => Core.ToString();
}
