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
/// A one-shot hash's stack scratch (<typeparamref name="TBuffers"/>, at most 256 bytes), placed by <see cref="Value"/>
/// on a 256-byte boundary inside this struct, so that it never straddles a 4 KiB page and its 64-byte pieces never
/// split a cache line. Where the stack falls is the process's (address randomization) and its callers': unaligned, a
/// 64-byte vector store that splits a cache line, and the kernel's loads behind it, made BLAKE3's 3-byte hash take
/// 88 ns where it takes 62 (docs/benchmarks/first-call-and-aot.md, "Stack placement"), in some processes and at
/// some call depths and not others. Only for a local: the stack does not move under a pointer. BLAKE3's one-shot path
/// uses it; BLAKE2's runs at the same speed at every placement and does without (its first hash would load the type
/// and compile the getter).
/// </summary>
[StructLayout(LayoutKind.Sequential)]
internal struct StackScratch<TBuffers> where TBuffers : struct
{
    private const int Alignment = 256;

    private TBuffers _buffers;
#pragma warning disable CS0169 // room for the shift to the boundary
    private Slack _slack;
#pragma warning restore CS0169

    /// <summary>The buffers, moved up to the first 256-byte boundary at or after this struct's start.</summary>
    [UnscopedRef]
    public unsafe ref TBuffers Value
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get
        {
            ref byte start = ref Unsafe.As<TBuffers, byte>(ref _buffers);
            return ref Unsafe.As<byte, TBuffers>(ref Unsafe.Add(ref start, (nint)((0 - (nuint)Unsafe.AsPointer(ref start)) & (Alignment - 1))));
        }
    }

    [StructLayout(LayoutKind.Sequential, Size = Alignment)]
    private struct Slack
    {
        private byte _first;
    }
}

