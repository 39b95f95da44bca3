using Blake2Fast.Tool.Cli;

namespace Blake2Fast.Tool;

/// <summary>
/// <c>b2fsum --benchmark [--short]</c>: the library's public kernel benchmark (<see cref="KernelBenchmark"/>), which times every kernel
/// of its registry this CPU runs and prints the table, the choice, the CPU's identity and the override to set. For
/// CPUs nobody here has measured (ARM64 above all): a user runs it and reports the table.
/// </summary>
internal static class SelfBenchmark
{
    /// <summary>Runs the kernel benchmark; <see cref="Options.Short"/> (CI): a few ms per kernel.</summary>
    public static int Run(Options options, ToolContext context)
    {
        KernelBenchmark.Run(context.Stdout, brief: options.Short);
        return 0;
    }
}
