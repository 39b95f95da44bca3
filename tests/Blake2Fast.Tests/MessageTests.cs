using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using Blake2Fast.Tests.Infrastructure;
using Xunit;

namespace Blake2Fast.Tests;

/// <summary>
/// The messages of misuse send the user to the right place: a default state names its own type's factory, a saved
/// state of another algorithm names the algorithm it holds and the one expected, and a disposed HMAC names the
/// algorithm and its factory rather than an internal generic type.
/// </summary>
public sealed class MessageTests
{
    // ---------------------------------------------------------------- default states

    /// <summary>(class, a call on a default state of its HashState type), for every incremental state.</summary>
    private static readonly Dictionary<string, Action[]> s_defaultUses = new()
    {
        ["Blake2b"] = new Action[] { () => default(Blake2bHashState).Update(new byte[1]), () => default(Blake2bHashState).Finish() },
        ["Blake2s"] = new Action[] { () => default(Blake2sHashState).Update(new byte[1]), () => default(Blake2sHashState).Finish() },
        ["Blake2bp"] = new Action[] { () => default(Blake2bpHashState).Update(new byte[1]), () => default(Blake2bpHashState).Finish() },
        ["Blake2sp"] = new Action[] { () => default(Blake2spHashState).Update(new byte[1]), () => default(Blake2spHashState).Finish() },
        ["Blake2Xb"] = new Action[] { () => default(Blake2XbHashState).Update(new byte[1]), () => default(Blake2XbHashState).Read(new byte[1]) },
        ["Blake2Xs"] = new Action[] { () => default(Blake2XsHashState).Update(new byte[1]), () => default(Blake2XsHashState).Read(new byte[1]) },
        ["Blake256"] = new Action[]
        {
            () => default(Blake256HashState).Update(new byte[1]), () => default(Blake256HashState).Finish(),
            () => default(Blake256HashState).Finish(new byte[32]), () => default(Blake256HashState).TryFinish(new byte[32], out _),
            () => default(Blake256HashState).SaveState(new byte[256]), () => default(Blake256HashState).UpdateUInt32BigEndian(1),
        },
        ["Blake224"] = new Action[]
        {
            () => default(Blake224HashState).Update(new byte[1]), () => default(Blake224HashState).Finish(),
            () => default(Blake224HashState).Finish(new byte[28]), () => default(Blake224HashState).TryFinish(new byte[28], out _),
            () => default(Blake224HashState).SaveState(new byte[256]), () => default(Blake224HashState).UpdateUInt32BigEndian(1),
        },
        ["Blake3"] = new Action[] { () => default(Blake3HashState).Update(new byte[1]), () => default(Blake3HashState).Finish() },
    };

    public static IEnumerable<object[]> StateClasses() => s_defaultUses.Keys.Select(k => new object[] { k });

    [Theory]
    [MemberData(nameof(StateClasses))]
    public void DefaultState_NamesItsOwnFactory(string className)
    {
        foreach (Action use in s_defaultUses[className])
        {
            var error = Assert.Throws<InvalidOperationException>(use);
            Assert.Contains($"{className}.CreateIncrementalHasher", error.Message, StringComparison.Ordinal);
            foreach (string other in s_defaultUses.Keys.Where(k => k != className))
                Assert.DoesNotContain($"{other}.CreateIncrementalHasher", error.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void EveryPublicStateTypeHasADefaultStateCase()
    {
        string[] states = typeof(Blake2b).Assembly.GetExportedTypes()
            .Where(t => t.IsValueType && t.Name.EndsWith("HashState", StringComparison.Ordinal))
            .Select(t => t.Name.Substring(0, t.Name.Length - "HashState".Length)).OrderBy(n => n, StringComparer.Ordinal).ToArray();
        Assert.Equal(states, s_defaultUses.Keys.OrderBy(n => n, StringComparer.Ordinal).ToArray());
    }

    // ---------------------------------------------------------------- saved states of another algorithm

    private sealed record Saved(string Name, string ClassName, Func<byte[]> Save, Action<byte[]> Restore)
    {
        public override string ToString() => Name;
    }

    private static readonly byte[] s_input = Hex.Sequence(200);

    private static byte[] SaveOf<T>(T state, Func<T, int> length, SaveFn<T> save)
    {
        byte[] blob = new byte[length(state)];
        Assert.Equal(blob.Length, save(ref state, blob));
        return blob;
    }

    private delegate int SaveFn<T>(ref T state, Span<byte> destination);

    private static readonly Saved[] s_saved =
    {
        new("BLAKE2b", "Blake2b", () => { var h = Blake2b.CreateIncrementalHasher(); h.Update(s_input); return SaveOf(h, x => x.SavedStateLength, (ref Blake2bHashState x, Span<byte> d) => x.SaveState(d)); },
            b => Blake2bHashState.RestoreState(b)),
        new("BLAKE2s", "Blake2s", () => { var h = Blake2s.CreateIncrementalHasher(); h.Update(s_input); return SaveOf(h, x => x.SavedStateLength, (ref Blake2sHashState x, Span<byte> d) => x.SaveState(d)); },
            b => Blake2sHashState.RestoreState(b)),
        new("BLAKE2bp", "Blake2bp", () => { var h = Blake2bp.CreateIncrementalHasher(); h.Update(s_input); return SaveOf(h, x => x.SavedStateLength, (ref Blake2bpHashState x, Span<byte> d) => x.SaveState(d)); },
            b => Blake2bpHashState.RestoreState(b)),
        new("BLAKE2sp", "Blake2sp", () => { var h = Blake2sp.CreateIncrementalHasher(); h.Update(s_input); return SaveOf(h, x => x.SavedStateLength, (ref Blake2spHashState x, Span<byte> d) => x.SaveState(d)); },
            b => Blake2spHashState.RestoreState(b)),
        new("BLAKE-256", "Blake256", () => { var h = Blake256.CreateIncrementalHasher(); h.Update(s_input); return SaveOf(h, x => x.SavedStateLength, (ref Blake256HashState x, Span<byte> d) => x.SaveState(d)); },
            b => Blake256HashState.RestoreState(b)),
        new("BLAKE-224", "Blake224", () => { var h = Blake224.CreateIncrementalHasher(); h.Update(s_input); return SaveOf(h, x => x.SavedStateLength, (ref Blake224HashState x, Span<byte> d) => x.SaveState(d)); },
            b => Blake224HashState.RestoreState(b)),
        new("BLAKE3", "Blake3", () => { var h = Blake3.CreateIncrementalHasher(); h.Update(s_input); return SaveOf(h, x => x.SavedStateLength, (ref Blake3HashState x, Span<byte> d) => x.SaveState(d)); },
            b => Blake3HashState.RestoreState(b)),
    };

    public static IEnumerable<object[]> AlgorithmPairs() =>
        from held in s_saved
        from expected in s_saved
        where held != expected
        select new object[] { held.Name, expected.Name };

    [Theory]
    [MemberData(nameof(AlgorithmPairs))]
    public void RestoreState_OfAnotherAlgorithm_NamesBoth(string heldName, string expectedName)
    {
        Saved held = s_saved.Single(s => s.Name == heldName), expected = s_saved.Single(s => s.Name == expectedName);
        byte[] blob = held.Save();
        held.Restore(blob); // the control: the blob is good for its own algorithm

        var error = Assert.Throws<ArgumentException>("savedState", () => expected.Restore(blob));
        // "BLAKE2b" is a prefix of "BLAKE2bp": the names are checked in their phrases.
        Assert.Contains($"This is a saved {held.Name} state, not {expected.Name}:", error.Message, StringComparison.Ordinal);
        Assert.Contains($"resume it with {held.ClassName}HashState.RestoreState.", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void EverySavableStateTypeIsInThePairs()
    {
        string[] savable = typeof(Blake2b).Assembly.GetExportedTypes()
            .Where(t => t.GetMethod("RestoreState", BindingFlags.Public | BindingFlags.Static) is not null)
            .Select(t => t.Name).OrderBy(n => n, StringComparer.Ordinal).ToArray();
        Assert.Equal(savable, s_saved.Select(s => s.ClassName + "HashState").OrderBy(n => n, StringComparer.Ordinal).ToArray());
    }

    [Fact]
    public void RestoreState_OfAnUnknownKind_SaysSo()
    {
        byte[] blob = s_saved[0].Save();
        blob[5] = 0x7F;
        var error = Assert.Throws<ArgumentException>("savedState", () => Blake2bHashState.RestoreState(blob));
        Assert.Contains("an algorithm this library does not know (kind 127), not BLAKE2b", error.Message, StringComparison.Ordinal);
    }

    // ---------------------------------------------------------------- disposed HMAC objects

    public static IEnumerable<object[]> HashAlgorithmFactories() =>
        typeof(Blake2b).Assembly.GetExportedTypes()
            .SelectMany(t => t.GetMethods(BindingFlags.Public | BindingFlags.Static))
            .Where(m => m.Name is "CreateHMAC" or "CreateHashAlgorithm")
            .Select(m => new object[] { SpanInvoker.Describe(m) });

    [Theory]
    [MemberData(nameof(HashAlgorithmFactories))]
    public void DisposedHmac_NamesTheAlgorithmAndFactory(string factoryName)
    {
        MethodInfo factory = typeof(Blake2b).Assembly.GetExportedTypes()
            .SelectMany(t => t.GetMethods(BindingFlags.Public | BindingFlags.Static))
            .Single(m => SpanInvoker.Describe(m) == factoryName);
        object?[] arguments = factory.GetParameters()
            .Select(p => p.Name == "key" ? Hex.Sequence(32) : p.Name == "salt" ? Hex.Sequence(16) : (object)16).ToArray();
        var hash = (HashAlgorithm)SpanInvoker.Compile(factory)(arguments)!;
        string className = factory.DeclaringType!.Name;
        string algorithm = hash is HMAC h ? h.HashName : throw new InvalidOperationException("every factory returns an HMAC subclass");
        string kind = factory.Name == "CreateHMAC" ? "HMAC" : "HashAlgorithm";
        string salted = factory.GetParameters().Any(p => p.Name == "salt") ? "salted " : "";
        byte[] data = { 1, 2, 3 };
        hash.ComputeHash(data);
        hash.Dispose();
        hash.Dispose(); // twice is harmless

        Action[] uses =
        {
            () => hash.ComputeHash(data),
            () => hash.ComputeHash(new System.IO.MemoryStream(data)),
            () => hash.TransformBlock(data, 0, data.Length, null, 0),
            () => hash.TransformFinalBlock(data, 0, 0),
            () => hash.Initialize(),
            () => _ = hash.Hash,
            () => ((HMAC)hash).Key = Hex.Sequence(16),
#if !LIBRARY_NETSTANDARD
            () => hash.TryComputeHash(data, new byte[64], out _),
#endif
        };
        foreach (Action use in uses)
        {
            var error = Assert.Throws<ObjectDisposedException>(use);
            Assert.Equal($"{salted}{algorithm} {kind} from {className}.{factory.Name}", error.ObjectName);
            Assert.DoesNotContain("HashStateHmac", error.Message, StringComparison.Ordinal);
            Assert.DoesNotContain("`", error.Message, StringComparison.Ordinal);
        }
        Assert.Null(((HMAC)hash).Key); // the key copy is gone, and reading it does not throw (as HMACSHA256)
    }
}
