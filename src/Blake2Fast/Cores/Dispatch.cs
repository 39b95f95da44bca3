using System.Runtime.CompilerServices;

namespace Blake2Fast.Cores;

/// <summary>Runs the compression core a state was created with.</summary>
internal interface ICompressor<T> where T : struct
{
    void Compress(Blake2Core core, ref T chain, ref byte input, nuint blocks, uint increment);
}

// Each case is guarded by its core's IsSupported, a JIT-time constant: the cases this machine cannot run are
// compiled away, and the switch costs one compare per call (per run of blocks, never per block).

/// <summary>BLAKE2b's cores.</summary>
internal readonly struct Blake2bCompressor : ICompressor<ulong>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Compress(Blake2Core core, ref ulong chain, ref byte input, nuint blocks, uint increment)
    {
#if NET8_0_OR_GREATER
        if (core == Blake2Core.Avx512 && Blake2bAvx512.IsSupported)
            Blake2bAvx512.Compress(ref chain, ref input, blocks, increment);
        else if (core == Blake2Core.Avx2 && Blake2bAvx2.IsSupported)
            Blake2bAvx2.Compress(ref chain, ref input, blocks, increment);
        else if (core == Blake2Core.Sse41 && Blake2bSse41.IsSupported)
            Blake2bSse41.Compress(ref chain, ref input, blocks, increment);
        else
#endif
            Scalar<ulong, Blake2bWord>.Compress(ref chain, ref input, blocks, increment);
    }
}

/// <summary>BLAKE2s's cores.</summary>
internal readonly struct Blake2sCompressor : ICompressor<uint>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Compress(Blake2Core core, ref uint chain, ref byte input, nuint blocks, uint increment)
    {
#if NET8_0_OR_GREATER
        if (core == Blake2Core.Avx512 && Blake2sAvx512.IsSupported)
            Blake2sAvx512.Compress(ref chain, ref input, blocks, increment);
        else if (core >= Blake2Core.Sse41 && Blake2sSse41.IsSupported)
            Blake2sSse41.Compress(ref chain, ref input, blocks, increment);
        else
#endif
            Scalar<uint, Blake2sWord>.Compress(ref chain, ref input, blocks, increment);
    }
}
