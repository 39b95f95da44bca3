using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Compat;

/// <summary>
/// <see cref="IBlake2Incremental"/> (the 2.x name) and <see cref="IBlakeIncremental"/> (the 3.0 development name):
/// which states implement them, the known answers through them with input of many types, and their refusals, which
/// must be the states' own (type, parameter name, message).
/// </summary>
public class IncrementalInterfaceTests
{
    [Fact]
    public void EveryStateWithADigestImplementsTheInterfaces()
    {
        foreach (Type state in new[] { typeof(Blake2bHashState), typeof(Blake2sHashState), typeof(Blake2bpHashState), typeof(Blake2spHashState) })
            Assert.True(typeof(IBlake2Incremental).IsAssignableFrom(state), state.Name);
        foreach (Type state in new[] { typeof(Blake3HashState), typeof(Blake256HashState), typeof(Blake224HashState) })
        {
            Assert.True(typeof(IBlakeIncremental).IsAssignableFrom(state), state.Name);
            Assert.False(typeof(IBlake2Incremental).IsAssignableFrom(state), state.Name);
        }
        // The extendable-output states have no digest to finish with.
        Assert.False(typeof(IBlakeIncremental).IsAssignableFrom(typeof(Blake2XbHashState)));
        Assert.Equal(typeof(IBlakeIncremental), Assert.Single(typeof(IBlake2Incremental).GetInterfaces()));
    }

    // Two fields and explicit padding rules, so its bytes are the same on every runtime: 12 bytes.
    [StructLayout(LayoutKind.Sequential, Pack = 4)]
    private struct Record
    {
        public static readonly string Label = "a static reference field does not count";
        public long Ticks;
        public int Count;
    }

    private struct Holder
    {
        public string Text;
    }

    /// <summary>Feeds <paramref name="input"/> through every typed member of the interface, values split across blocks.</summary>
    private static byte[] ThroughTheInterface(IBlakeIncremental hasher, ReadOnlySpan<byte> input)
    {
        if (MemoryMarshal.TryRead(input, out byte first))
        {
            hasher.Update(first);
            input = input.Slice(1); // everything after this is unaligned
        }
        if (MemoryMarshal.TryRead(input, out DayOfWeek day))
        {
            hasher.Update(day);
            input = input.Slice(sizeof(DayOfWeek));
        }
        if (input.Length >= 8 * 15)
        {
            hasher.Update(MemoryMarshal.Cast<byte, long>(input.Slice(0, 8 * 15)));
            input = input.Slice(8 * 15);
        }
        if (MemoryMarshal.TryRead(input, out Guid guid))
        {
            hasher.Update(guid);
            input = input.Slice(16);
        }
        if (MemoryMarshal.TryRead(input, out Record record))
        {
            hasher.Update(record);
            input = input.Slice(Marshal.SizeOf<Record>());
        }
        if (input.Length >= 6)
        {
            ushort[] words = MemoryMarshal.Cast<byte, ushort>(input.Slice(0, 6)).ToArray();
            hasher.Update(words.AsSpan(0, 1));
            hasher.Update(new ArraySegment<ushort>(words, 1, 1));
            hasher.Update(words.AsSpan(2));
            input = input.Slice(6);
        }
        hasher.Update(input.ToArray());
        hasher.Update(Array.Empty<int>());
        hasher.Update((int[])null!);
        return hasher.Finish();
    }

    public static TheoryData<string> Blake2Groups => new() { "blake2b", "blake2s", "blake2bp", "blake2sp" };

    private static IBlake2Incremental Create(string algorithm, byte[] key) => (algorithm, key.Length > 0) switch
    {
        ("blake2b", false) => Blake2b.CreateIncrementalHasher(),
        ("blake2b", true) => Blake2b.CreateIncrementalHasher(key),
        ("blake2s", false) => Blake2s.CreateIncrementalHasher(),
        ("blake2s", true) => Blake2s.CreateIncrementalHasher(key),
        ("blake2bp", false) => Blake2bp.CreateIncrementalHasher(),
        ("blake2bp", true) => Blake2bp.CreateIncrementalHasher(key),
        ("blake2sp", false) => Blake2sp.CreateIncrementalHasher(),
        _ => Blake2sp.CreateIncrementalHasher(key),
    };

    [Theory]
    [MemberData(nameof(Blake2Groups))]
    public void TheKnownAnswersThroughIBlake2Incremental(string algorithm)
    {
        foreach (bool keyed in new[] { false, true })
        {
            foreach (KatEntry entry in KatVectors.Group(algorithm, keyed))
                Assert.Equal(Hex.Encode(entry.Expected), Hex.Encode(ThroughTheInterface(Create(algorithm, entry.Key), entry.Input)));
        }
    }

    [Fact]
    public void TheOtherStatesThroughIBlakeIncremental()
    {
        foreach (int length in new[] { 0, 1, 200, 1024, 1025, 5000 })
        {
            byte[] input = Hex.Sequence(length), key = Hex.Sequence(32), salt = Hex.Sequence(16);
            Assert.Equal(Blake3.HashData(input), ThroughTheInterface(Blake3.CreateIncrementalHasher(), input));
            Assert.Equal(Blake3.Keyed.HashData(key, input), ThroughTheInterface(Blake3.CreateIncrementalHasher(key), input));
            Assert.Equal(Blake256.HashData(input), ThroughTheInterface(Blake256.CreateIncrementalHasher(), input));
            Assert.Equal(Blake224.Salted.HashData(salt, input), ThroughTheInterface(Blake224.CreateIncrementalHasher(salt), input));
        }
    }

    [Fact]
    public void TheStatesOwnTypedUpdatesAreTheInterfaceBytes()
    {
        // The struct's unmanaged overloads and the interface's struct ones add the same bytes.
        ushort[] words = { 1, 0xBEEF, 7 };
        var direct = Blake2b.CreateIncrementalHasher();
        direct.Update(words);
        direct.Update(words.AsSpan());
        direct.Update((ReadOnlySpan<ushort>)words);
        direct.Update(new ArraySegment<ushort>(words, 1, 2));
        direct.Update(3.5m);
        IBlakeIncremental boxed = Blake2b.CreateIncrementalHasher();
        boxed.Update(words);
        boxed.Update(words.AsSpan());
        boxed.Update((ReadOnlySpan<ushort>)words);
        boxed.Update(new ArraySegment<ushort>(words, 1, 2));
        boxed.Update(3.5m);
        Assert.Equal(direct.Finish(), boxed.Finish());
    }

    // ---- refusals: the interface throws exactly what the state's own member throws ----

    private delegate void On<TState>(ref TState state);

    private static Exception? Caught(Action action)
    {
        try
        {
            action();
            return null;
        }
        catch (Exception e)
        {
            return e;
        }
    }

    private static void AssertSame(Exception? direct, Exception? viaInterface, string what, bool mayPass = false)
    {
        if (mayPass && direct is null)
        {
            Assert.Null(viaInterface);
            return;
        }
        Assert.NotNull(direct);
        Assert.NotNull(viaInterface);
        Assert.True(direct!.GetType() == viaInterface!.GetType(), $"{what}: {direct.GetType().Name} directly, {viaInterface.GetType().Name} through the interface");
        Assert.Equal(direct.Message, viaInterface.Message);
        Assert.Equal((direct as ArgumentException)?.ParamName, (viaInterface as ArgumentException)?.ParamName);
    }

    /// <summary>Each member, called on the struct and on the same state boxed as the interface, in three bad situations.</summary>
    private static void AssertSameRefusals<TState>(Func<TState> live, (string Name, On<TState> Direct, Action<IBlakeIncremental> ViaInterface)[] members)
        where TState : struct, IBlakeIncremental
    {
        foreach (var (name, direct, viaInterface) in members)
        {
            // A default state.
            AssertSame(Caught(() => { TState s = default; direct(ref s); }), Caught(() => viaInterface(default(TState))), name + " on a default state");
            // A finished one.
            AssertSame(Caught(() => { TState s = live(); s.Finish(); direct(ref s); }),
                Caught(() => { IBlakeIncremental i = live(); i.Finish(); viaInterface(i); }), name + " on a finished state");
        }
        // A short output, and TryFinish's answer to it.
        AssertSame(Caught(() => { TState s = live(); s.Finish(new byte[s.DigestLength - 1]); }),
            Caught(() => { IBlakeIncremental i = live(); i.Finish(new byte[i.DigestLength - 1]); }), "Finish(Span<byte>) too short",
            mayPass: typeof(TState) == typeof(Blake3HashState)); // BLAKE3 fills an output of any length
        IBlakeIncremental tried = live();
        Assert.False(tried.TryFinish(new byte[tried.DigestLength - 1], out int written));
        Assert.Equal(0, written);
    }

#pragma warning disable B2F0001, CS0618 // (CS0618 in the netstandard2.0 build, whose attribute has no id) the 2.x overloads for a T the compiler cannot show unmanaged: what is tested here
    [Fact]
    public void ATypeHoldingReferencesIsRefusedTheSameWayAndTheStateStaysUsable()
    {
        Holder[] holders = { new() { Text = "x" } };
        var state = Blake2b.CreateIncrementalHasher();
        IBlakeIncremental boxed = Blake2b.CreateIncrementalHasher();
        var refusals = new (Action Direct, Action ViaInterface)[]
        {
            (() => state.Update(holders[0]), () => boxed.Update(holders[0])),
            (() => state.Update(holders), () => boxed.Update(holders)),
            (() => Blake2b.CreateIncrementalHasher().Update(holders[0]), () => boxed.Update(holders.AsSpan())),
            (() => Blake2b.CreateIncrementalHasher().Update(holders), () => boxed.Update((ReadOnlySpan<Holder>)holders)),
            (() => Blake3.CreateIncrementalHasher().Update(holders), () => boxed.Update(new ArraySegment<Holder>(holders))),
        };
        foreach (var (direct, viaInterface) in refusals)
        {
            Exception? d = Caught(direct), i = Caught(viaInterface);
            Assert.IsType<NotSupportedException>(d);
            AssertSame(d, i, "a T holding references");
            Assert.Contains(typeof(Holder).ToString(), d!.Message, StringComparison.Ordinal);
        }
        // Refused before anything was added: both still hash exactly what they were given.
        state.Update(Hex.Sequence(10));
        boxed.Update(Hex.Sequence(10));
        Assert.Equal(Blake2b.HashData(Hex.Sequence(10)), state.Finish());
        Assert.Equal(Blake2b.HashData(Hex.Sequence(10)), boxed.Finish());
    }

    [Fact]
    public void TheStructOverloadForATypeParameterHashesLikeTheUnmanagedOne()
    {
        static byte[] Generic<T>(T value, T[] values) where T : struct
        {
            var state = Blake2s.CreateIncrementalHasher();
            state.Update(value);   // binds to the 2.x overload: T is only known to be a struct
            state.Update(values);
            return state.Finish();
        }
        var direct = Blake2s.CreateIncrementalHasher();
        direct.Update(0x01020304);
        direct.Update(new[] { 5, 6 });
        Assert.Equal(direct.Finish(), Generic(0x01020304, new[] { 5, 6 }));
    }
#pragma warning restore B2F0001, CS0618

    [Fact]
    public void Blake2b_RefusesThroughTheInterfaceAsItsOwnMembersDo() => AssertSameRefusals(() => Blake2b.CreateIncrementalHasher(), new (string, On<Blake2bHashState>, Action<IBlakeIncremental>)[]
    {
        ("Update<T>(T)", (ref Blake2bHashState s) => s.Update(42), i => i.Update(42)),
        ("Update<T>(T[])", (ref Blake2bHashState s) => s.Update(new[] { 1, 2 }), i => i.Update(new[] { 1, 2 })),
        ("Update<T>(Span<T>)", (ref Blake2bHashState s) => s.Update(new[] { 1, 2 }.AsSpan()), i => i.Update(new[] { 1, 2 }.AsSpan())),
        ("Update<T>(ReadOnlySpan<T>)", (ref Blake2bHashState s) => s.Update((ReadOnlySpan<long>)new long[3]), i => i.Update((ReadOnlySpan<long>)new long[3])),
        ("Update<T>(ArraySegment<T>)", (ref Blake2bHashState s) => s.Update(new ArraySegment<short>(new short[4], 1, 2)), i => i.Update(new ArraySegment<short>(new short[4], 1, 2))),
    });

    [Fact]
    public void Blake3_RefusesThroughTheInterfaceAsItsOwnMembersDo() => AssertSameRefusals(() => Blake3.CreateIncrementalHasher(), new (string, On<Blake3HashState>, Action<IBlakeIncremental>)[]
    {
        ("Update<T>(T)", (ref Blake3HashState s) => s.Update(42), i => i.Update(42)),
        ("Update<T>(T[])", (ref Blake3HashState s) => s.Update(new[] { 1, 2 }), i => i.Update(new[] { 1, 2 })),
        ("Update<T>(Span<T>)", (ref Blake3HashState s) => s.Update(new[] { 1, 2 }.AsSpan()), i => i.Update(new[] { 1, 2 }.AsSpan())),
        ("Update<T>(ReadOnlySpan<T>)", (ref Blake3HashState s) => s.Update((ReadOnlySpan<long>)new long[3]), i => i.Update((ReadOnlySpan<long>)new long[3])),
        ("Update<T>(ArraySegment<T>)", (ref Blake3HashState s) => s.Update(new ArraySegment<short>(new short[4], 1, 2)), i => i.Update(new ArraySegment<short>(new short[4], 1, 2))),
    });

    [Fact]
    public void Blake256_RefusesThroughTheInterfaceAsItsOwnMembersDo() => AssertSameRefusals(() => Blake256.CreateIncrementalHasher(), new (string, On<Blake256HashState>, Action<IBlakeIncremental>)[]
    {
        ("Update<T>(T)", (ref Blake256HashState s) => s.Update(42), i => i.Update(42)),
        ("Update<T>(T[])", (ref Blake256HashState s) => s.Update(new[] { 1, 2 }), i => i.Update(new[] { 1, 2 })),
        ("Update<T>(Span<T>)", (ref Blake256HashState s) => s.Update(new[] { 1, 2 }.AsSpan()), i => i.Update(new[] { 1, 2 }.AsSpan())),
        ("Update<T>(ReadOnlySpan<T>)", (ref Blake256HashState s) => s.Update((ReadOnlySpan<long>)new long[3]), i => i.Update((ReadOnlySpan<long>)new long[3])),
        ("Update<T>(ArraySegment<T>)", (ref Blake256HashState s) => s.Update(new ArraySegment<short>(new short[4], 1, 2)), i => i.Update(new ArraySegment<short>(new short[4], 1, 2))),
    });
}
