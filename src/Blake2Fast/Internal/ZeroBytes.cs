using System.Runtime.CompilerServices;
#if !NETSTANDARD2_0
using System.Runtime.InteropServices;
#endif

namespace Blake2Fast.Internal;

/// <summary>Zeroing a run of bytes, the one way the library does it.</summary>
internal static class ZeroBytes
{
    /// <summary>
    /// Zeroes <paramref name="length"/> bytes at <paramref name="start"/>. Through <c>Span.Clear</c>: optimized code
    /// unrolls it for a constant length as it does <c>Unsafe.InitBlockUnaligned</c>, but unoptimized code (tier 0, a
    /// process's first hash) calls the runtime's precompiled clear, where <c>InitBlockUnaligned</c> calls its memset,
    /// whose managed body is compiled at its first use in the process (about a millisecond).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Clear(ref byte start, int length)
    {
#if NETSTANDARD2_0
        Unsafe.InitBlockUnaligned(ref start, 0, (uint)length);
#else
        MemoryMarshal.CreateSpan(ref start, length).Clear();
#endif
    }
}
