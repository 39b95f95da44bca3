using System;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Dispatch;

/// <summary>A one-shot hash with a digest length, a key and an output the public door has checked.</summary>
internal interface IOneShot
{
    void Hash(InstructionSet instructionSet, int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output);
}

/// <summary>
/// The one-shot paths' two compiled forms, one seam for every algorithm: while a job is starting (a process's first
/// hashes, <see cref="KernelSet.Starting"/>), the hash's own method as tiering compiles it, cheap to compile; later, a
/// copy compiled fully optimized at its first call, which tiering would take hundreds of milliseconds to reach, with
/// the hash inlined into it. A first call compiles no frame between the helper and the hash: each generic frame over
/// a hash's struct type is a method and a type to load before the first hash.
/// </summary>
internal static class OneShot
{
    /// <summary>Runs <typeparamref name="THash"/> in the form <paramref name="job"/>'s warm-up calls for (<see cref="KernelSet.Starting"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Hash<THash>(KernelSet job, InstructionSet instructionSet, int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output)
        where THash : struct, IOneShot
    {
        if (job.Starting)
            default(THash).Hash(instructionSet, digestLength, key, input, output); // tiered: no frame of its own to compile
        else
            Optimized<THash>(instructionSet, digestLength, key, input, output);
    }

#if NET8_0_OR_GREATER
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
#else
    [MethodImpl(MethodImplOptions.NoInlining)] // the netstandard builds cannot name AggressiveOptimization, and start on no warm-up
#endif
    private static void Optimized<THash>(InstructionSet instructionSet, int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output)
        where THash : struct, IOneShot =>
        default(THash).Hash(instructionSet, digestLength, key, input, output);
}
