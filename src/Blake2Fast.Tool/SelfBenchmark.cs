using System.IO;
using System.Linq;
using Blake2Fast.Cores;

namespace Blake2Fast.Tool;

/// <summary>
/// <c>b2fsum --benchmark [--short]</c>: the library's kernel benchmark (<see cref="KernelBenchmark"/>), which times every kernel
/// of its registry this CPU runs and prints the table, the choice, the CPU's identity and the override to set. For
/// CPUs nobody here has measured (ARM64 above all): a user runs it and reports the table.
/// </summary>
internal static class SelfBenchmark
{
    public const string Option = "--benchmark";

    /// <summary>Runs the kernel benchmark; <paramref name="args"/> after the option may hold <c>--short</c> (CI: a few ms per kernel).</summary>
    public static int Run(string[] args, TextWriter output)
    {
        KernelBenchmark.Run(output, brief: args.Skip(1).Contains("--short"));
        return 0;
    }
}
