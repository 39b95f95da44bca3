using System.Runtime.CompilerServices;

namespace Blake2Fast.Internal;

/// <summary>
/// A scratch buffer placed on a 64-byte boundary of stack space: the runtime aligns frames to 16 bytes only, so a
/// buffer of 256- or 512-bit words would otherwise fall where the caller's stack depth puts it, and a vector access
/// across two cache lines costs two accesses: the kernel's speed would then vary from process to process with the
/// stack depth it happens to be called at.
/// </summary>
internal static unsafe class CacheLine
{
    /// <summary>The stack bytes to reserve for one <typeparamref name="T"/> placed by <see cref="Align{T}"/>.</summary>
    public static int Space<T>() => Unsafe.SizeOf<T>() + 63;

    /// <summary>The <typeparamref name="T"/> at the first 64-byte boundary of <paramref name="space"/> (<see cref="Space{T}"/> bytes).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ref T Align<T>(byte* space) => ref Unsafe.AsRef<T>((void*)(((nuint)space + 63) & ~(nuint)63));
}
