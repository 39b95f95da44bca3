namespace Blake2Fast.Tests;

/// <summary>Tests that compact the heap in a loop: nothing else runs beside them, as every other test would stop at each collection.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public class HeapCompactionCollection
{
    public const string Name = "HeapCompaction";
}
