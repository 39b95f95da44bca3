// BLAKE3's row kernels (Blake3RowSse41/Avx2/Avx512: 1, 2, 4 inputs side by side) against the portable kernel and
// against one group of a lane kernel, the choices Blake3Batches makes for a rest of a few chunks or parents.
// The official C hashing one 1 KiB input (16 compressions in a row on its SSE4.1/AVX-512 row assembly) is the peer.
using BenchmarkDotNet.Attributes;
using Blake2Fast.Benchmarks.Infrastructure;
using Blake2Fast.Families.Blake3.Kernels;

namespace Blake2Fast.Benchmarks;

[Config(typeof(BenchmarkConfig))]
public unsafe class Blake3BlockBenchmarks
{
    private readonly byte[] _input = BenchmarkInput.Create(16 * 1024);
    private readonly byte[] _output = new byte[16 * 32];
    private readonly uint[] _cv = { 0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19 };
    private byte* _official;

    [GlobalSetup]
    public void Setup() => _official = OfficialBlake3.LoadError is null ? OfficialBlake3.NewHasher() : null;

    [Benchmark(Description = "1 block, portable")]
    public uint BlockPortable()
    {
        Blake3Portable.Compress(ref _cv[0], ref _input[0], 0, 64, 4);
        return _cv[0];
    }

    [Benchmark(Description = "1 block, row")]
    public uint BlockRow()
    {
        Blake3RowSse41.Compress(ref _cv[0], ref _input[0], 0, 64, 4);
        return _cv[0];
    }

    [Benchmark(Baseline = true, Description = "1 chunk, portable")]
    public void ChunkPortable() => Blake3Portable.HashMany(ref _input[0], 1, 1024, 16, ref _cv[0], 0, true, 0, 1, 2, ref _output[0]);

    [Benchmark(Description = "1 chunk, row")]
    public void ChunkRow() => Blake3RowSse41.HashMany(ref _input[0], 1, 1024, 16, ref _cv[0], 0, true, 0, 1, 2, ref _output[0]);

    [Benchmark(Description = "1 KiB input, official C 1.3.1 (asm)")]
    [Requires(Requirement.OfficialBlake3)]
    public void ChunkOfficial() => OfficialBlake3.Hash(_official, _input, 1024, _output);

    [Benchmark(Description = "2 chunks, row AVX2")]
    public void TwoRowAvx2() => Blake3RowAvx2.HashMany(ref _input[0], 1, 1024, 16, ref _cv[0], 0, true, 0, 1, 2, ref _output[0]);

    [Benchmark(Description = "4 chunks, row AVX-512")]
    public void FourRowAvx512() => Blake3RowAvx512.HashMany(ref _input[0], 1, 1024, 16, ref _cv[0], 0, true, 0, 1, 2, ref _output[0]);

    [Benchmark(Description = "8 chunks, row AVX-512 twice")]
    public void EightRowAvx512() => Blake3RowAvx512.HashMany(ref _input[0], 2, 1024, 16, ref _cv[0], 0, true, 0, 1, 2, ref _output[0]);

    [Benchmark(Description = "4 chunks, SSE4.1 lanes")]
    public void FourSse41() => Blake3Sse41.HashMany(ref _input[0], 1, 1024, 16, ref _cv[0], 0, true, 0, 1, 2, ref _output[0]);

    [Benchmark(Description = "8 chunks, AVX2 lanes")]
    public void EightAvx2() => Blake3Avx2.HashMany(ref _input[0], 1, 1024, 16, ref _cv[0], 0, true, 0, 1, 2, ref _output[0]);

    [Benchmark(Description = "16 chunks, AVX-512 lanes")]
    public void SixteenAvx512() => Blake3Avx512.HashMany(ref _input[0], 1, 1024, 16, ref _cv[0], 0, true, 0, 1, 2, ref _output[0]);

    [Benchmark(Description = "4 parents, row AVX-512")]
    public void ParentsRowAvx512() => Blake3RowAvx512.HashMany(ref _input[0], 1, 64, 1, ref _cv[0], 0, false, 4, 0, 0, ref _output[0]);

    [Benchmark(Description = "4 parents, SSE4.1 lanes")]
    public void ParentsSse41() => Blake3Sse41.HashMany(ref _input[0], 1, 64, 1, ref _cv[0], 0, false, 4, 0, 0, ref _output[0]);
}
