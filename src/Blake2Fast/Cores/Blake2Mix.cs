using System.Runtime.CompilerServices;

namespace Blake2Fast.Cores;

/// <summary>
/// The word arithmetic of one compression core: scalar words, or vectors whose lanes run several G functions
/// side by side. Rot1..Rot4 are G's four right-rotations: 32, 24, 16, 63 for BLAKE2b; 16, 12, 8, 7 for BLAKE2s.
/// </summary>
/// <remarks>
/// Implementations are empty structs: a generic method instantiated over a struct is compiled separately for
/// it, so <c>default(TOps).Add(a, b)</c> inlines to the one instruction with no call and no indirection.
/// </remarks>
internal interface IBlake2Ops<T> where T : struct
{
    T Add(T a, T b);
    T Xor(T a, T b);
    T Rot1(T x);
    T Rot2(T x);
    T Rot3(T x);
    T Rot4(T x);
}

/// <summary>The G mixing function (RFC 7693 section 3.1), written once for every core and word type.</summary>
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
        d = o.Rot1(o.Xor(d, a));
        c = o.Add(c, d);
        b = o.Rot2(o.Xor(b, c));
        a = o.Add(o.Add(a, y), b);
        d = o.Rot3(o.Xor(d, a));
        c = o.Add(c, d);
        b = o.Rot4(o.Xor(b, c));
    }

    /// <summary>
    /// Four independent G functions (a half round), step by step: each step of all four before the next, so the
    /// instruction stream the out-of-order core sees holds four independent chains side by side.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void G4<T, TOps>(
        ref T a0, ref T b0, ref T c0, ref T d0, ref T a1, ref T b1, ref T c1, ref T d1,
        ref T a2, ref T b2, ref T c2, ref T d2, ref T a3, ref T b3, ref T c3, ref T d3,
        T x0, T y0, T x1, T y1, T x2, T y2, T x3, T y3)
        where T : struct
        where TOps : struct, IBlake2Ops<T>
    {
        TOps o = default;
        a0 = o.Add(o.Add(a0, x0), b0); a1 = o.Add(o.Add(a1, x1), b1); a2 = o.Add(o.Add(a2, x2), b2); a3 = o.Add(o.Add(a3, x3), b3);
        d0 = o.Rot1(o.Xor(d0, a0)); d1 = o.Rot1(o.Xor(d1, a1)); d2 = o.Rot1(o.Xor(d2, a2)); d3 = o.Rot1(o.Xor(d3, a3));
        c0 = o.Add(c0, d0); c1 = o.Add(c1, d1); c2 = o.Add(c2, d2); c3 = o.Add(c3, d3);
        b0 = o.Rot2(o.Xor(b0, c0)); b1 = o.Rot2(o.Xor(b1, c1)); b2 = o.Rot2(o.Xor(b2, c2)); b3 = o.Rot2(o.Xor(b3, c3));
        a0 = o.Add(o.Add(a0, y0), b0); a1 = o.Add(o.Add(a1, y1), b1); a2 = o.Add(o.Add(a2, y2), b2); a3 = o.Add(o.Add(a3, y3), b3);
        d0 = o.Rot3(o.Xor(d0, a0)); d1 = o.Rot3(o.Xor(d1, a1)); d2 = o.Rot3(o.Xor(d2, a2)); d3 = o.Rot3(o.Xor(d3, a3));
        c0 = o.Add(c0, d0); c1 = o.Add(c1, d1); c2 = o.Add(c2, d2); c3 = o.Add(c3, d3);
        b0 = o.Rot4(o.Xor(b0, c0)); b1 = o.Rot4(o.Xor(b1, c1)); b2 = o.Rot4(o.Xor(b2, c2)); b3 = o.Rot4(o.Xor(b3, c3));
    }
}
