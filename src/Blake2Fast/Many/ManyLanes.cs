using System.Runtime.CompilerServices;
using Blake2Fast.Cores;

namespace Blake2Fast.Many;

/// <summary>BLAKE2b: 8 messages at once on AVX-512, 4 on AVX2.</summary>
internal readonly struct Blake2bManyLanes : IManyLanes<ulong>
{
    public int Lanes(Blake2Core core)
    {
#if NET8_0_OR_GREATER
        if (core == Blake2Core.Avx512 && Blake2bLanesAvx512.IsSupported)
            return 8;
        if (core >= Blake2Core.Avx2 && Blake2bLanesAvx2.IsSupported)
            return 4;
#endif
        return 1;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Compress(Blake2Core core, ref ulong laneChain, ref byte superblocks, nuint count, uint increment)
    {
#if NET8_0_OR_GREATER
        if (core == Blake2Core.Avx512 && Blake2bLanesAvx512.IsSupported)
            Blake2bLanesAvx512.Compress8(ref laneChain, ref superblocks, count, increment);
        else if (Blake2bLanesAvx2.IsSupported)
            Blake2bLanesAvx2.Compress(ref laneChain, ref superblocks, count, increment);
#endif
    }
}

/// <summary>BLAKE2s: 16 messages at once on AVX-512, 8 on AVX2.</summary>
internal readonly struct Blake2sManyLanes : IManyLanes<uint>
{
    public int Lanes(Blake2Core core)
    {
#if NET8_0_OR_GREATER
        if (core == Blake2Core.Avx512 && Blake2sLanesAvx512.IsSupported)
            return 16;
        if (core >= Blake2Core.Avx2 && Blake2sLanesAvx2.IsSupported)
            return 8;
#endif
        return 1;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Compress(Blake2Core core, ref uint laneChain, ref byte superblocks, nuint count, uint increment)
    {
#if NET8_0_OR_GREATER
        if (core == Blake2Core.Avx512 && Blake2sLanesAvx512.IsSupported)
            Blake2sLanesAvx512.Compress16(ref laneChain, ref superblocks, count, increment);
        else if (Blake2sLanesAvx2.IsSupported)
            Blake2sLanesAvx2.Compress(ref laneChain, ref superblocks, count, increment);
#endif
    }
}
