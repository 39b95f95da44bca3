namespace Blake2Fast.Tests;

/// <summary>The warm-up tests change which kernels run for the whole process: nothing else runs beside them.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public class KernelWarmupCollection
{
    public const string Name = "KernelWarmup";
}
