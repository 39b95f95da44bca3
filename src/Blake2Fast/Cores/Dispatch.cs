using System;
using System.Runtime.CompilerServices;
using Blake2Fast.State;

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
            WordCore<ulong, Blake2bWord>.Compress(ref chain, ref input, blocks, increment);
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
            WordCore<uint, Blake2sWord>.Compress(ref chain, ref input, blocks, increment);
    }
}

/// <summary>
/// Without a lane core, each leaf runs on the single-stream core, one block per superblock. The lane chains are
/// in lane layout (word w of leaf k at lanes * w + k), so each leaf's chain is gathered out and scattered back.
/// </summary>
internal static class LaneFallback<T, TCompressor>
    where T : unmanaged
    where TCompressor : struct, ICompressor<T>
{
    public static void Compress(Blake2Core core, int lanes, ref T laneChain, ref byte input, nuint superblocks)
    {
        int blockSize = 16 * Unsafe.SizeOf<T>();
        Span<T> chain = stackalloc T[12];
        for (int k = 0; k < lanes; k++)
        {
            for (int w = 0; w < 12; w++)
                chain[w] = Unsafe.Add(ref laneChain, w * lanes + k);
            for (nuint s = 0; s < superblocks; s++)
                default(TCompressor).Compress(core, ref chain[0], ref Unsafe.Add(ref input, (nint)s * lanes * blockSize + k * blockSize), 1, (uint)blockSize);
            for (int w = 0; w < 12; w++)
                Unsafe.Add(ref laneChain, w * lanes + k) = chain[w];
        }
    }
}

/// <summary>BLAKE2bp's four leaves.</summary>
internal readonly struct Blake2bpLanes : ILaneCompressor<ulong>
{
    public int Lanes => 4;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Compress(Blake2Core core, ref ulong laneChain, ref byte input, nuint superblocks)
    {
#if NET8_0_OR_GREATER
        if (core == Blake2Core.Avx512 && Blake2bLanesAvx512.IsSupported)
            Blake2bLanesAvx512.Compress4(ref laneChain, ref input, superblocks);
        else if (core >= Blake2Core.Avx2 && Blake2bLanesAvx2.IsSupported)
            Blake2bLanesAvx2.Compress(ref laneChain, ref input, superblocks);
        else
#endif
            LaneFallback<ulong, Blake2bCompressor>.Compress(core, 4, ref laneChain, ref input, superblocks);
    }
}

/// <summary>BLAKE2sp's eight leaves.</summary>
internal readonly struct Blake2spLanes : ILaneCompressor<uint>
{
    public int Lanes => 8;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Compress(Blake2Core core, ref uint laneChain, ref byte input, nuint superblocks)
    {
#if NET8_0_OR_GREATER
        if (core == Blake2Core.Avx512 && Blake2sLanesAvx512.IsSupported)
            Blake2sLanesAvx512.Compress8(ref laneChain, ref input, superblocks);
        else if (core >= Blake2Core.Avx2 && Blake2sLanesAvx2.IsSupported)
            Blake2sLanesAvx2.Compress(ref laneChain, ref input, superblocks);
        else
#endif
            LaneFallback<uint, Blake2sCompressor>.Compress(core, 8, ref laneChain, ref input, superblocks);
    }
}
