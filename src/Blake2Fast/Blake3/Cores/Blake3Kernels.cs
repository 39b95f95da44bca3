using System;
using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Cores;

/// <summary>
/// BLAKE3's lane kernels, widest first: the one list the dispatch, the default choice and the tests derive from.
/// Every kernel has the <c>HashMany</c> contract of <see cref="Blake3Portable.HashMany"/>; a SIMD kernel is one entry.
/// </summary>
/// <remarks>
/// No CPU rule applies here (unlike one-message BLAKE2 on Zen 5): hashing many chunks side by side is where vector
/// lanes always pay, so the widest kernel that runs is the default. <c>BLAKE2FAST_CORE</c> names another one.
/// </remarks>
internal static unsafe class Blake3Kernels
{
    /// <summary>The kernels, widest first; the portable one last, and always there to finish a remainder.</summary>
    private static readonly Blake3Kernel[] All =
    {
#if NET8_0_OR_GREATER
        new(Blake2Core.Avx512, Blake3Avx512.IsSupported, Blake3Avx512.Lanes, &Blake3Avx512.HashMany),
        new(Blake2Core.Avx2, Blake3Avx2.IsSupported, Blake3Avx2.Lanes, &Blake3Avx2.HashMany),
        // The row kernels (one input per 128-bit lane) for a few inputs: each listed before a lane kernel of its
        // width, which Blake3Batches then prefers for a rest that fits (see there).
        new(Blake2Core.Avx512, Blake3RowAvx512.IsSupported, Blake3RowAvx512.Lanes, &Blake3RowAvx512.HashMany),
        new(Blake2Core.Sse41, Blake3Sse41.IsSupported, Blake3Sse41.Lanes, &Blake3Sse41.HashMany),
        new(Blake2Core.Avx2, Blake3RowAvx2.IsSupported, Blake3RowAvx2.Lanes, &Blake3RowAvx2.HashMany),
        new(Blake2Core.Sse41, Blake3RowSse41.IsSupported, Blake3RowSse41.Lanes, &Blake3RowSse41.HashMany),
#endif
        new(Blake2Core.Scalar, Blake3Portable.IsSupported, Blake3Portable.Lanes, &Blake3Portable.HashMany),
    };

    /// <summary>The core new states use: the widest that runs here, or the one <c>BLAKE2FAST_CORE</c> names (or the best below it).</summary>
    public static readonly Blake2Core Default = Choose(Environment.GetEnvironmentVariable(Blake2Cores.EnvironmentVariable));

    /// <summary>Every core BLAKE3 can run here, lowest first (the tests run each).</summary>
    public static IReadOnlyList<Blake2Core> Supported => All.Where(k => k.IsSupported).Select(k => k.Core).Distinct().OrderBy(c => c).ToArray();

    /// <summary>The kernels that run here at or below <paramref name="core"/>, widest first (the portable one last).</summary>
    public static Blake3Kernel[] Runnable(Blake2Core core) => All.Where(k => k.IsSupported && k.Core <= core).ToArray();

    internal static Blake2Core Choose(string? requested)
    {
        Blake2Core? named = Blake2Cores.Parse(requested);
        foreach (Blake3Kernel kernel in All)
        {
            if (kernel.IsSupported && (named is null || kernel.Core <= named))
                return kernel.Core;
        }
        return Blake2Core.Scalar;
    }

    /// <summary>
    /// <see cref="Blake3Portable.HashMany"/> over <paramref name="count"/> inputs (any number): the widest kernel at
    /// or below <paramref name="core"/> takes as many full groups as there are, narrower ones the rest.
    /// </summary>
    public static void HashMany(Blake2Core core, ref byte input, nuint count, nuint stride, nuint blocks, ref uint key, ulong counter,
        bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, ref byte output)
    {
        Blake3Kernel[] all = All;
        for (int k = 0; k < all.Length && count != 0; k++)
        {
            Blake3Kernel kernel = all[k];
            nuint lanes = (nuint)kernel.Lanes;
            if (!kernel.IsSupported || kernel.Core > core || count < lanes)
                continue;
            nuint groups = count / lanes, done = groups * lanes;
            kernel.HashMany(ref input, groups, stride, blocks, ref key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);
            input = ref System.Runtime.CompilerServices.Unsafe.Add(ref input, (nint)(done * stride));
            output = ref System.Runtime.CompilerServices.Unsafe.Add(ref output, (nint)(done * 32));
            if (incrementCounter)
                counter += done;
            count -= done;
        }
    }
}

/// <summary>One BLAKE3 lane kernel: its instruction set (and name), whether it runs here, its width, its entry point.</summary>
internal readonly unsafe struct Blake3Kernel
{
    public Blake3Kernel(Blake2Core core, bool isSupported, int lanes,
        delegate*<ref byte, nuint, nuint, nuint, ref uint, ulong, bool, uint, uint, uint, ref byte, void> hashMany)
    {
        Core = core;
        IsSupported = isSupported;
        Lanes = lanes;
        HashMany = hashMany;
    }

    public Blake2Core Core { get; }
    public bool IsSupported { get; }
    public int Lanes { get; }
    public delegate*<ref byte, nuint, nuint, nuint, ref uint, ulong, bool, uint, uint, uint, ref byte, void> HashMany { get; }
}
