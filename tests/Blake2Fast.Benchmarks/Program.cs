// Blake2Fast benchmarks (BenchmarkDotNet). Run from the repository root, always in Release:
//
//   dotnet run -c Release --project tests/Blake2Fast.Benchmarks -- --filter '*'
//
// Useful BenchmarkDotNet command-line options:
//   --filter '*Blake2bBenchmarks*'   one class (globs match Namespace.Class.Method): '*Blake2s*', '*ApiBenchmarks*'
//   --job short                      quick mode: 1 launch, 3 warm-up and 3 measured iterations (less precise)
//   --list flat                      list the benchmarks without running them
//   --help                           everything else (exporters, --join, --runtimes, ...)
// Results land in BenchmarkDotNet.Artifacts/results/ under the current directory: *-report-cpu.md is the GitHub
// markdown report headed by the CPUID line and the list of peers (compiled in or out).
// A NuGet peer that cannot be restored is switched off with an environment variable, e.g. PeerNSec=false
// (PeerBouncyCastle, PeerKonscious, PeerIsopoh likewise); the run then names it as compiled out.
// --alternate [KiB,KiB,...] instead of BenchmarkDotNet options: BLAKE3 against the official C and the Blake3 package in
// one process, called in alternation: one-shot, streaming, the steps between sizes, the chunk kernels (Blake3Alternation.cs).
// --rounds N (in place of --job): each case N times, the whole run once per round, and a column with the median over
// the rounds of each row's ratio to its baseline in the same round (Infrastructure/InterleavedRounds.cs): on a shared
// VM whole processes run slow for minutes, and launches back to back share the spell where rounds do not.
// --bao [MiB,MiB,...]: Bao's encoders and decoder against Blake3.HashData in one process (BaoAlternation.cs).
// BLAKE2FAST_CORE=scalar|sse41|avx2|avx512 caps the instruction set that the library's default path (the Baseline rows) uses.
using System;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;
using Blake2Fast.Benchmarks.Infrastructure;

namespace Blake2Fast.Benchmarks;

public static class Program
{
    public static void Main(string[] args)
    {
        // BenchmarkDotNet's header names the CPU by its brand string only; CPUID tells the generation.
        Console.WriteLine("// " + CpuInfo.Describe());
        Console.WriteLine("// " + Peers.Describe());
        Console.WriteLine("// Blake2Fast instruction sets: " + InstructionSetChoice.Describe());
        Console.WriteLine($"// OpenSSL: {OpenSsl.LoadError ?? OpenSsl.Description}; libsodium: {Sodium.LoadError ?? Sodium.Description}");
        Console.WriteLine($"// Rust: {RustBlake2.LoadError ?? RustBlake2.Description}");
        if (args.Length > 0 && args[0] == "--bao")
        {
            Environment.Exit(BaoAlternation.Run(args[1..]));
        }
        if (args.Length > 0 && args[0] == "--alternate")
        {
            Environment.Exit(Blake3Alternation.Run(args[1..]));
        }
        IConfig? rounds = InterleavedRounds.TakeFrom(ref args);
        BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, rounds);
    }
}
