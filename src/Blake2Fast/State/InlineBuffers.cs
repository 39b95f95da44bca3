using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Families.Blake3.Tree;

namespace Blake2Fast.State;

// Buffers held inline in states and on the stack, as plain structs of a declared size rather than C# fixed buffers:
// the compiler marks a struct with a fixed buffer as an unsafe value type, and the JIT then guards every frame that
// holds one (a one-shot hash's, a caller's with a state in a local) with a stack cookie and copies that frame's span
// arguments into shadow locals, whose reloads stall on store forwarding. The indexers, like fixed buffers, check no
// bounds: each use stays within the declared size.

/// <summary>Eight 32-bit words.</summary>
[StructLayout(LayoutKind.Sequential, Size = 32)]
internal struct Words8
{
    private uint _first;

    [UnscopedRef]
    public ref uint this[int index] => ref Unsafe.Add(ref _first, index);
}

/// <summary>BLAKE-256's fourteen chain words.</summary>
[StructLayout(LayoutKind.Sequential, Size = 14 * 4)]
internal struct Words14
{
    private uint _first;

    [UnscopedRef]
    public ref uint this[int index] => ref Unsafe.Add(ref _first, index);
}

/// <summary>64 bytes.</summary>
[StructLayout(LayoutKind.Sequential, Size = 64)]
internal struct Bytes64
{
    private byte _first;

    [UnscopedRef]
    public ref byte this[int index] => ref Unsafe.Add(ref _first, index);
}

/// <summary>BLAKE3's stack of chaining values, 32 bytes each.</summary>
[StructLayout(LayoutKind.Sequential, Size = Blake3Tree.MaxStack * 32)]
internal struct CvBytes
{
    private byte _first;

    [UnscopedRef]
    public ref byte this[int index] => ref Unsafe.Add(ref _first, index);
}

/// <summary>
/// A one-shot hash's stack scratch: 256 bytes (<see cref="Length"/>) at <see cref="Aligned"/>, on a 256-byte boundary
/// inside this struct, so that they never straddle a 4 KiB page and their 64-byte pieces never split a cache line.
/// Where the stack falls is the process's (address randomization) and its callers': unaligned, a 64-byte vector store
/// that splits a cache line, and the kernel's loads behind it, slowed BLAKE3's shortest hashes in some processes and
/// at some call depths and not others, and BLAKE2's short hashes under NativeAOT in some processes
/// (docs/benchmarks/first-call-and-aot.md, "Stack placement" and "Slow processes"). Only
/// for a local: the stack does not move under a pointer. Not generic: a generic struct over each caller's buffers was
/// one more type to load, and one more getter to compile, before a process's first hash.
/// </summary>
[StructLayout(LayoutKind.Sequential, Size = 2 * Length)]
internal struct StackScratch
{
    /// <summary>The bytes usable at <see cref="Aligned"/>, and their alignment.</summary>
    public const int Length = 256;

    private byte _first;

    /// <summary>The first 256-byte boundary at or after this struct's start, with <see cref="Length"/> bytes after it.</summary>
    [UnscopedRef]
    public unsafe ref byte Aligned
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => ref Unsafe.Add(ref _first, (nint)((0 - (nuint)Unsafe.AsPointer(ref _first)) & (Length - 1)));
    }
}

