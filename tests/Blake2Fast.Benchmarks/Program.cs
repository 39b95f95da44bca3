// Blake2Fast benchmarks (BenchmarkDotNet). Run from the repository root, always in Release:
//
//   dotnet run -c Release --project tests/Blake2Fast.Benchmarks -- --filter '*'
//
// Useful BenchmarkDotNet command-line options:
//   --filter '*Blake2bBenchmarks*'   one class (globs match Namespace.Class.Method): '*Blake2s*', '*ApiBenchmarks*'
//   --job short                      quick mode: 1 launch, 3 warm-up and 3 measured iterations (less precise)
//   --list flat                      list the benchmarks without running them
//   --help                           everything else (exporters, --join, --runtimes, ...)
// Results land in BenchmarkDotNet.Artifacts/results/*.md (GitHub markdown) under the current directory.
// BLAKE2FAST_CORE=scalar|sse41|avx2|avx512 caps the core that the library's default path (the Baseline rows) uses.
using System;
using BenchmarkDotNet.Running;
using Blake2Fast.Benchmarks.Infrastructure;
using Blake2Fast.Cores;

namespace Blake2Fast.Benchmarks;

public static class Program
{
    public static void Main(string[] args)
    {
        Console.WriteLine($"// Blake2Fast default cores: BLAKE2b {Blake2Cores.DefaultB}, BLAKE2s {Blake2Cores.DefaultS}; " +
            $"supported: BLAKE2b [{string.Join(", ", Blake2Cores.Supported(true))}], BLAKE2s [{string.Join(", ", Blake2Cores.Supported(false))}]");
        Console.WriteLine($"// OpenSSL: {OpenSsl.LoadError ?? OpenSsl.Description}; libsodium: {Sodium.LoadError ?? Sodium.Description}");
        BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
    }
}
