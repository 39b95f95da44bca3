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
