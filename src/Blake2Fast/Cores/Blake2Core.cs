using System;
using System.Collections.Generic;
#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics.X86;
#endif

namespace Blake2Fast.Cores;

/// <summary>The compression cores, by instruction set, lowest first. Each algorithm implements a subset.</summary>
internal enum Blake2Core : byte
{
    Scalar = 1,
    Sse41 = 2,
    Avx2 = 3,
    Avx512 = 4,
}

/// <summary>
/// Which cores exist and run here, and which one a new state uses. The choice is made once, into a static
/// readonly field: tiered compilation then treats it as a constant in every method compiled after it is set.
/// </summary>
internal static class Blake2Cores
{
    /// <summary>Environment variable naming the highest core the library may use (scalar, sse41, avx2, avx512).</summary>
    public const string EnvironmentVariable = "BLAKE2FAST_CORE";

    /// <summary>The core that BLAKE2b states use unless a test names another.</summary>
    public static readonly Blake2Core DefaultB = Choose(isB: true);

    /// <summary>The core that BLAKE2s states use unless a test names another.</summary>
    public static readonly Blake2Core DefaultS = Choose(isB: false);

    /// <summary>The core that BLAKE2bp states use: their leaves run in the lanes of the AVX-512 or AVX2 core.</summary>
    public static readonly Blake2Core DefaultBp = Choose(isB: true, parallel: true);

    /// <summary>The core that BLAKE2sp states use.</summary>
    public static readonly Blake2Core DefaultSp = Choose(isB: false, parallel: true);

    private static readonly Blake2Core[] s_all = { Blake2Core.Scalar, Blake2Core.Sse41, Blake2Core.Avx2, Blake2Core.Avx512 };

    /// <summary>Whether BLAKE2b (<paramref name="isB"/>) or BLAKE2s has this core and the CPU and runtime can run it.</summary>
    public static bool IsSupported(Blake2Core core, bool isB) => core switch
    {
        Blake2Core.Scalar => true,
#if NET8_0_OR_GREATER
        Blake2Core.Sse41 => isB ? Blake2bSse41.IsSupported : Blake2sSse41.IsSupported,
        Blake2Core.Avx2 => isB && Blake2bAvx2.IsSupported,
        Blake2Core.Avx512 => isB ? Blake2bAvx512.IsSupported : Blake2sAvx512.IsSupported,
#endif
        _ => false,
    };

    /// <summary>
    /// Which cores the parallel modes have: AVX-512 and AVX2 run the leaves in vector lanes; below that each leaf
    /// runs on the single-stream core of the same name.
    /// </summary>
    public static bool IsSupportedParallel(Blake2Core core, bool isB) => core switch
    {
#if NET8_0_OR_GREATER
        Blake2Core.Avx512 => isB ? Blake2bLanesAvx512.IsSupported : Blake2sLanesAvx512.IsSupported,
        Blake2Core.Avx2 => isB ? Blake2bLanesAvx2.IsSupported : Blake2sLanesAvx2.IsSupported,
#endif
        _ => IsSupported(core, isB),
    };

    /// <summary>Every core of the algorithm that can run here, lowest first.</summary>
    public static IReadOnlyList<Blake2Core> Supported(bool isB) => List(isB, parallel: false);

    /// <summary>Every core of the parallel mode that can run here, lowest first.</summary>
    public static IReadOnlyList<Blake2Core> SupportedParallel(bool isB) => List(isB, parallel: true);

    private static bool Runs(Blake2Core core, bool isB, bool parallel) => parallel ? IsSupportedParallel(core, isB) : IsSupported(core, isB);

    private static List<Blake2Core> List(bool isB, bool parallel)
    {
        var list = new List<Blake2Core>();
        foreach (Blake2Core core in s_all)
        {
            if (Runs(core, isB, parallel))
                list.Add(core);
        }
        return list;
    }

    /// <summary>Parses a core's name as the environment variable spells it (case-insensitive).</summary>
    public static Blake2Core? Parse(string? name) => name?.Trim().ToLowerInvariant() switch
    {
        "scalar" => Blake2Core.Scalar,
        "sse41" or "sse4.1" => Blake2Core.Sse41,
        "avx2" => Blake2Core.Avx2,
        "avx512" => Blake2Core.Avx512,
        _ => null,
    };

    /// <summary>
    /// The fastest supported core at or below the ceiling set by <see cref="EnvironmentVariable"/>. Higher is
    /// faster here for every algorithm: measured, AVX-512 matches or beats AVX2 and SSE4.1 (see the README).
    /// </summary>
    internal static Blake2Core Choose(bool isB, string? ceilingName = null, bool parallel = false)
    {
        Blake2Core ceiling = Parse(ceilingName ?? Environment.GetEnvironmentVariable(EnvironmentVariable)) ?? Blake2Core.Avx512;
        for (Blake2Core core = ceiling; core > Blake2Core.Scalar; core--)
        {
            if (Runs(core, isB, parallel))
                return core;
        }
        return Blake2Core.Scalar;
    }
}
