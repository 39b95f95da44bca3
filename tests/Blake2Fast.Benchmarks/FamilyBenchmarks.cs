// The members of the family built for SIMD lanes, each against the function a user would otherwise call and against
// Rust's blake2b_simd 1.0 / blake2s_simd 0.5 (the reference SIMD crates for these modes; native/blake2-rs): BLAKE2bp
// against BLAKE2b and BLAKE2sp against BLAKE2s from 64 B (where the leaves are mostly empty and the root and the
// leaves' final blocks are the whole cost) to 3 MiB, and many-message hashing of 16 inputs of 4 KiB against 16
// single calls. Ratios are per group (the Baseline is the single-stream function).
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Blake2Fast.Benchmarks.Infrastructure;

namespace Blake2Fast.Benchmarks;

/// <summary>BLAKE2bp vs BLAKE2b and Rust's crate, 64 B to 3 MiB, every BLAKE2bp kernel by name.</summary>
[Config(typeof(BenchmarkConfig))]
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class Blake2bpBenchmarks
{
    private byte[] _input = [];
    private readonly byte[] _output = new byte[64];

    [Params(64, 4096, 65536, 3 * 1024 * 1024)]
    public int Size { get; set; }

    public static IEnumerable<InstructionSetChoice> Kernels() => InstructionSetChoice.SupportedParallel(isB: true);

    [GlobalSetup]
    public void Setup()
    {
        _input = BenchmarkInput.Create(Size);
        byte[] expected = Blake2Fast.Blake2bp.ComputeHash(_input);
        foreach (InstructionSetChoice instructionSet in Kernels())
        {
            Array.Clear(_output);
            instructionSet.Blake2bp(_input, _output);
            BenchmarkInput.Verify("Blake2bp " + instructionSet, expected, _output);
        }
        if (RustBlake2.LoadError is null)
        {
            Array.Clear(_output);
            RustBlake2.Blake2bp(_input, _output);
            BenchmarkInput.Verify("Rust blake2b_simd::blake2bp", expected, _output);
            RustBlake2.Blake2b(_input, _output);
            BenchmarkInput.Verify("Rust blake2b_simd", Blake2Fast.Blake2b.ComputeHash(_input), _output);
        }
    }

    [Benchmark(Baseline = true, Description = "BLAKE2b")]
    public void Blake2b() => Blake2Fast.Blake2b.ComputeAndWriteHash(_input, _output.AsSpan());

    [Benchmark(Description = "BLAKE2bp")]
    public void Blake2bp() => Blake2Fast.Blake2bp.ComputeAndWriteHash(_input, _output.AsSpan());

    [Benchmark(Description = "BLAKE2bp(kernel)")]
    [ArgumentsSource(nameof(Kernels))]
    public void Blake2bpKernel(InstructionSetChoice Kernel) => Kernel.Blake2bp(_input, _output);

    [Benchmark(Description = "Rust blake2b_simd::blake2bp")]
    [Requires(Requirement.Rust)]
    public void RustBlake2bp() => RustBlake2.Blake2bp(_input, _output);

    [Benchmark(Description = "Rust blake2b_simd")]
    [Requires(Requirement.Rust)]
    public void RustBlake2b() => RustBlake2.Blake2b(_input, _output);
}

/// <summary>BLAKE2sp vs BLAKE2s and Rust's crate, 64 B to 3 MiB, every BLAKE2sp kernel by name.</summary>
[Config(typeof(BenchmarkConfig))]
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class Blake2spBenchmarks
{
    private byte[] _input = [];
    private readonly byte[] _output = new byte[32];

    [Params(64, 4096, 65536, 3 * 1024 * 1024)]
    public int Size { get; set; }

    public static IEnumerable<InstructionSetChoice> Kernels() => InstructionSetChoice.SupportedParallel(isB: false);

    [GlobalSetup]
    public void Setup()
    {
        _input = BenchmarkInput.Create(Size);
        byte[] expected = Blake2Fast.Blake2sp.ComputeHash(_input);
        foreach (InstructionSetChoice instructionSet in Kernels())
        {
            Array.Clear(_output);
            instructionSet.Blake2sp(_input, _output);
            BenchmarkInput.Verify("Blake2sp " + instructionSet, expected, _output);
        }
        if (RustBlake2.LoadError is null)
        {
            Array.Clear(_output);
            RustBlake2.Blake2sp(_input, _output);
            BenchmarkInput.Verify("Rust blake2s_simd::blake2sp", expected, _output);
            RustBlake2.Blake2s(_input, _output);
            BenchmarkInput.Verify("Rust blake2s_simd", Blake2Fast.Blake2s.ComputeHash(_input), _output);
        }
    }

    [Benchmark(Baseline = true, Description = "BLAKE2s")]
    public void Blake2s() => Blake2Fast.Blake2s.ComputeAndWriteHash(_input, _output.AsSpan());

    [Benchmark(Description = "BLAKE2sp")]
    public void Blake2sp() => Blake2Fast.Blake2sp.ComputeAndWriteHash(_input, _output.AsSpan());

    [Benchmark(Description = "BLAKE2sp(kernel)")]
    [ArgumentsSource(nameof(Kernels))]
    public void Blake2spKernel(InstructionSetChoice Kernel) => Kernel.Blake2sp(_input, _output);

    [Benchmark(Description = "Rust blake2s_simd::blake2sp")]
    [Requires(Requirement.Rust)]
    public void RustBlake2sp() => RustBlake2.Blake2sp(_input, _output);

    [Benchmark(Description = "Rust blake2s_simd")]
    [Requires(Requirement.Rust)]
    public void RustBlake2s() => RustBlake2.Blake2s(_input, _output);
}

/// <summary>16 messages of 4 KiB: one many-message call against 16 single calls, for BLAKE2b and BLAKE2s.</summary>
[Config(typeof(BenchmarkConfig))]
[MemoryDiagnoser]
public class ManyMessageBenchmarks
{
    private const int Count = 16;
    private readonly ReadOnlyMemory<byte>[] _inputs = new ReadOnlyMemory<byte>[Count];
    private readonly byte[] _outputs = new byte[Count * 64];

    [Params(4096)]
    public int Size { get; set; }

    [Params("BLAKE2b", "BLAKE2s")]
    public string Algorithm { get; set; } = "BLAKE2b";

    [GlobalSetup]
    public void Setup()
    {
        for (int i = 0; i < Count; i++)
            _inputs[i] = BenchmarkInput.Create(Size + i).AsMemory(0, Size);
        foreach (InstructionSetChoice kernel in Kernels())
        {
            Array.Clear(_outputs);
            ManyKernel(kernel);
            Verify();
        }
        Array.Clear(_outputs);
        Many();
        Verify();
    }

    private void Verify()
    {
        int length = Algorithm == "BLAKE2b" ? 64 : 32;
        for (int i = 0; i < Count; i++)
        {
            byte[] single = Algorithm == "BLAKE2b" ? Blake2Fast.Blake2b.ComputeHash(_inputs[i].Span) : Blake2Fast.Blake2s.ComputeHash(_inputs[i].Span);
            BenchmarkInput.Verify("many-message " + Algorithm, single, _outputs.AsSpan(i * length, length));
        }
    }

    // The Rust crate reads the inputs through raw pointers: pinned copies of them.
    private readonly byte[][] _pinned = new byte[Count][];
    private readonly IntPtr[] _pointers = new IntPtr[Count];
    private readonly nuint[] _lengths = new nuint[Count];

    [GlobalSetup(Target = nameof(RustMany))]
    public void SetupRust()
    {
        Setup();
        for (int i = 0; i < Count; i++)
        {
            _pinned[i] = GC.AllocateArray<byte>(Size, pinned: true);
            _inputs[i].Span.CopyTo(_pinned[i]);
            _pointers[i] = Marshal.UnsafeAddrOfPinnedArrayElement(_pinned[i], 0);
            _lengths[i] = (nuint)Size;
        }
        Array.Clear(_outputs);
        RustMany();
        Verify();
    }

    [Benchmark(Baseline = true, Description = "16 single calls")]
    public void Singles()
    {
        if (Algorithm == "BLAKE2b")
        {
            for (int i = 0; i < Count; i++)
                Blake2Fast.Blake2b.ComputeAndWriteHash(_inputs[i].Span, _outputs.AsSpan(i * 64, 64));
        }
        else
        {
            for (int i = 0; i < Count; i++)
                Blake2Fast.Blake2s.ComputeAndWriteHash(_inputs[i].Span, _outputs.AsSpan(i * 32, 32));
        }
    }

    [Benchmark(Description = "ComputeAndWriteHashes")]
    public void Many()
    {
        if (Algorithm == "BLAKE2b")
            Blake2Fast.Blake2b.ComputeAndWriteHashes(_inputs, _outputs);
        else
            Blake2Fast.Blake2s.ComputeAndWriteHashes(_inputs, _outputs);
    }

    /// <summary>Rust's crate: <c>many::hash_many</c> over the 16 inputs.</summary>
    [Benchmark(Description = "Rust hash_many")]
    [Requires(Requirement.Rust)]
    public void RustMany() => RustBlake2.HashMany(Algorithm == "BLAKE2b", _pointers, _lengths, _outputs, Algorithm == "BLAKE2b" ? 64 : 32);

    // Many-message hashing takes the parallel modes' lane kernels, so their list names the rows.
    public static IEnumerable<InstructionSetChoice> Kernels() => InstructionSetChoice.SupportedParallel(isB: true);

    /// <summary>The same call on each lane kernel by name (BLAKE2s has the same lane kernels' names).</summary>
    [Benchmark(Description = "ComputeAndWriteHashes(kernel)")]
    [ArgumentsSource(nameof(Kernels))]
    public void ManyKernel(InstructionSetChoice Kernel)
    {
        if (Algorithm == "BLAKE2b")
            Kernel.ManyBlake2b(_inputs, _outputs);
        else
            Kernel.ManyBlake2s(_inputs, _outputs);
    }
}
