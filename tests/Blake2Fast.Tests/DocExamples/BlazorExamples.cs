using System;
using Blake2Fast;

namespace Blake2Fast.Tests.DocExamples;

/// <summary>The examples of docs/blazor.md, verbatim (<see cref="DocExampleTests"/> checks it), run and their results asserted.</summary>
public class BlazorExamples
{
    [Fact]
    public void TheInstructionSetsAreNamed()
    {
        // "vector128" in a browser with WebAssembly SIMD, "scalar" without; on x64 or ARM64, that machine's own kernels.
        Console.WriteLine($"BLAKE2b: {Blake2b.CompressionCore}, BLAKE2s: {Blake2s.CompressionCore}, BLAKE3: {Blake3.CompressionCore}");

        // Never the cross-platform vectors' kernels unasked on x64 or ARM64, where the tests run.
        if (Environment.GetEnvironmentVariable("BLAKE2FAST_CORE") is null)
        {
            Assert.NotEqual("vector128", Blake2b.CompressionCore);
            Assert.NotEqual("vector128", Blake3.CompressionCore);
        }
    }

    [Fact]
    public void AnUploadHashedInPieces_IsTheOneShotDigest()
    {
        byte[] upload = new byte[3 * 1024 * 1024];            // what the user picked, read in pieces
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        for (int at = 0; at < upload.Length; at += 64 * 1024)
            state.Update(upload.AsSpan(at, Math.Min(64 * 1024, upload.Length - at)));
        byte[] digest = state.Finish();
        Console.WriteLine(Convert.ToHexString(digest) == Convert.ToHexString(Blake3.HashData(upload)));   // True

        Assert.Equal(Blake3.HashData(new byte[3 * 1024 * 1024]), digest);
    }
}
