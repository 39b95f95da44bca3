using System;
using System.Diagnostics;
using Blake2Fast;

// One row per job: MB/s over a 3 MiB input (many-message: 768 messages of 4 KiB), best of several rounds, then the
// fixed cost of a 3-byte hash in ns, on the
// core the process was started with (BLAKE2FAST_CORE). Only public API that both compared revisions have.
const int size = 3 * 1024 * 1024;
byte[] input = new byte[size];
new Random(42).NextBytes(input);
byte[] output = new byte[64 * 768];
var messages = new ReadOnlyMemory<byte>[768];
for (int i = 0; i < messages.Length; i++)
    messages[i] = input.AsMemory(i * 4096, 4096);

Row("BLAKE2b", Blake2b.CompressionCore, () => Blake2b.HashData(input, output.AsSpan(0, 64)));
Row("BLAKE2s", Blake2s.CompressionCore, () => Blake2s.HashData(input, output.AsSpan(0, 32)));
Row("BLAKE2bp", Blake2bp.CompressionCore, () => Blake2bp.HashData(input, output.AsSpan(0, 64)));
Row("BLAKE2sp", Blake2sp.CompressionCore, () => Blake2sp.HashData(input, output.AsSpan(0, 32)));
Row("BLAKE2b many", Blake2bp.CompressionCore, () => Blake2b.ComputeAndWriteHashes(messages, output));
Row("BLAKE2s many", Blake2sp.CompressionCore, () => Blake2s.ComputeAndWriteHashes(messages, output.AsSpan(0, 32 * 768)));
Row("BLAKE-256", Blake256.CompressionCore, () => Blake256.HashData(input, output.AsSpan(0, 32)));
Row("BLAKE3", Blake3.CompressionCore, () => Blake3.HashData(input, output.AsSpan(0, 32)));

// Fixed cost: a 3-byte input, nanoseconds per call (the FixedCost benchmark's shape).
Cost("BLAKE2b 3 B", Blake2b.CompressionCore, () => Blake2b.HashData(input.AsSpan(0, 3), output.AsSpan(0, 64)));
Cost("BLAKE2s 3 B", Blake2s.CompressionCore, () => Blake2s.HashData(input.AsSpan(0, 3), output.AsSpan(0, 32)));
Cost("BLAKE3 3 B", Blake3.CompressionCore, () => Blake3.HashData(input.AsSpan(0, 3), output.AsSpan(0, 32)));

// Half a second of calls first, with call counting undelayed (the script sets DOTNET_TC_CallCountingDelayMs=0):
// past tier 0, OSR and the PGO rejit, so both revisions are timed in their final code.
static void Warm(Action hash)
{
    long start = Stopwatch.GetTimestamp();
    while (Stopwatch.GetElapsedTime(start).TotalMilliseconds < 500)
        hash();
}

static void Cost(string job, string core, Action hash)
{
    Warm(hash);
    double best = double.MaxValue;
    for (int round = 0; round < 15; round++)
    {
        long start = Stopwatch.GetTimestamp();
        for (int i = 0; i < 20_000; i++) hash();
        best = Math.Min(best, Stopwatch.GetElapsedTime(start).TotalSeconds / 20_000);
    }
    Console.WriteLine($"{job}\t{core}\t{best * 1e9:F1} ns");
}

static void Row(string job, string core, Action hash)
{
    Warm(hash);
    double best = double.MaxValue;
    for (int round = 0; round < 15; round++)
    {
        long start = Stopwatch.GetTimestamp();
        for (int i = 0; i < 4; i++) hash();
        best = Math.Min(best, Stopwatch.GetElapsedTime(start).TotalSeconds / 4);
    }
    Console.WriteLine($"{job}\t{core}\t{size / best / 1e6:F0} MB/s");
}
