using System.Runtime.CompilerServices;

namespace Blake2Fast.Families.Blake2.Kernels;

/// <summary>
/// The word arithmetic of one compression kernel: scalar words, or vectors whose lanes run several G functions
/// side by side. RotR1..RotR4 rotate right by RFC 7693's rotation constants R1..R4, in the order G applies them:
/// 32, 24, 16, 63 for BLAKE2b; 16, 12, 8, 7 for BLAKE2s, BLAKE3 and BLAKE-256 (which share this interface).
/// </summary>
/// <remarks>
/// Implementations are empty structs: a generic method instantiated over a struct is compiled separately for
/// it, so <c>default(TOps).Add(a, b)</c> inlines to the one instruction with no call and no indirection.
/// </remarks>
internal interface IBlake2Ops<T> where T : struct
{
    T Add(T a, T b);
    T Xor(T a, T b);
    T RotR1(T x);
    T RotR2(T x);
    T RotR3(T x);
    T RotR4(T x);
}

/// <summary>
/// The G mixing function (RFC 7693 section 3.1), once for every row-layout kernel (one vector op runs four G).
/// The word kernels run the same steps four columns at a time, interleaved (<c>WordKernel.G4</c>), because there
/// the order of independent instructions is what the JIT hands the CPU.
/// </summary>
internal static class Blake2Mix
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void G<T, TOps>(ref T a, ref T b, ref T c, ref T d, T x, T y)
        where T : struct
        where TOps : struct, IBlake2Ops<T>
    {
        TOps o = default;
        // a + x first: a and the message word are ready before b, so only one add waits on b (the critical path).
        a = o.Add(o.Add(a, x), b);
        d = o.RotR1(o.Xor(d, a));
        c = o.Add(c, d);
        b = o.RotR2(o.Xor(b, c));
        a = o.Add(o.Add(a, y), b);
        d = o.RotR3(o.Xor(d, a));
        c = o.Add(c, d);
        b = o.RotR4(o.Xor(b, c));
    }
}
