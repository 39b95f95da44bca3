using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Blake2Fast.Internal;
using static Blake2Fast.Families.Blake2.Kernels.Blake2Constants;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>
/// What defines one BLAKE2 variant, declared rather than inferred from the word size or the round count: the
/// kernels (lane kernels) and the engines (saved states) are given it as a type argument, so each member is a
/// constant to the JIT.
/// </summary>
/// <remarks>
/// The word structs (<see cref="Blake2bWord"/>, <see cref="Blake2sWord"/>) carry their variant's descriptor: a new
/// variant is one more such struct, and nothing elsewhere decides its IV or its saved-state kind.
/// </remarks>
internal interface IBlake2Variant
{
    /// <summary>The variant's name in reports.</summary>
    string Name { get; }

    /// <summary>Bytes per word: 8 for BLAKE2b, 4 for BLAKE2s.</summary>
    int WordBytes { get; }

    int Rounds { get; }

    /// <summary>IV word <paramref name="i"/> (0..7), zero-extended to 64 bits for a 32-bit variant.</summary>
    ulong InitialValue(int i);

    /// <summary>G's right-rotation of step <paramref name="step"/> (1..4).</summary>
    int Rotation(int step);

    /// <summary>The saved-state kind of the sequential hash.</summary>
    SavedStateKind SequentialKind { get; }

    /// <summary>The saved-state kind of the parallel mode (BLAKE2bp, BLAKE2sp).</summary>
    SavedStateKind ParallelKind { get; }
}

/// <summary>Every declared variant, for the tests and the reports.</summary>
internal static class Blake2Variants
{
    public static IReadOnlyList<IBlake2Variant> All { get; } = new IBlake2Variant[] { default(Blake2bWord), default(Blake2sWord) };
}

/// <summary>BLAKE2b (RFC 7693): 64-bit words, 12 rounds, rotations 32, 24, 16, 63, SHA-512's IV.</summary>
internal readonly partial struct Blake2bWord : IBlake2Variant
{
    public string Name => "BLAKE2b";
    public int WordBytes => 8;
    public int Rounds
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RoundCount;
    }

    /// <summary>The rounds and G's rotations as constants, for code that must not call a method (<see cref="Blake2Compact"/>).</summary>
    public const int RoundCount = 12, R1 = 32, R2 = 24, R3 = 16, R4 = 63;

    // The switch itself, not a call to a helper: one inlining level fewer in the lane loops, which run close to the
    // JIT's inlining budget.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong InitialValue(int i) => i switch
    {
        0 => IVb0, 1 => IVb1, 2 => IVb2, 3 => IVb3, 4 => IVb4, 5 => IVb5, 6 => IVb6, _ => IVb7,
    };

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int Rotation(int step) => step switch { 1 => R1, 2 => R2, 3 => R3, _ => R4 };

    public SavedStateKind SequentialKind => SavedStateKind.Blake2b;
    public SavedStateKind ParallelKind => SavedStateKind.Blake2bp;
}

/// <summary>BLAKE2s (RFC 7693): 32-bit words, 10 rounds, rotations 16, 12, 8, 7, SHA-256's IV.</summary>
internal readonly partial struct Blake2sWord : IBlake2Variant
{
    public string Name => "BLAKE2s";
    public int WordBytes => 4;
    public int Rounds
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => RoundCount;
    }

    /// <summary>The rounds and G's rotations as constants, for code that must not call a method (<see cref="Blake2Compact"/>).</summary>
    public const int RoundCount = 10, R1 = 16, R2 = 12, R3 = 8, R4 = 7;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public ulong InitialValue(int i) => i switch
    {
        0 => IVs0, 1 => IVs1, 2 => IVs2, 3 => IVs3, 4 => IVs4, 5 => IVs5, 6 => IVs6, _ => IVs7,
    };

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int Rotation(int step) => step switch { 1 => R1, 2 => R2, 3 => R3, _ => R4 };

    public SavedStateKind SequentialKind => SavedStateKind.Blake2s;
    public SavedStateKind ParallelKind => SavedStateKind.Blake2sp;
}
