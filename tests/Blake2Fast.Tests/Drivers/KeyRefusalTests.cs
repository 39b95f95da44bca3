using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using System.Threading;
using Blake2Fast.Tests.Infrastructure;
using Xunit;

namespace Blake2Fast.Tests.Drivers;

/// <summary>
/// Every keyed entry point refuses a null key (<see cref="ArgumentNullException"/>) and an empty one
/// (<see cref="ArgumentException"/>), naming <c>key</c>, before it reads its input or writes its output: in the
/// parameter block an empty key means "unkeyed", so a key that failed to load must not silently give a plain hash.
/// </summary>
/// <remarks>
/// The list of entry points is not written by hand: it is every public method of the library with a parameter named
/// <c>key</c>, found by reflection and called through <see cref="SpanInvoker"/>, so a keyed overload added later is
/// tested without anyone listing it. <see cref="TheListCoversEveryKeyedFamily"/> checks that the reflection finds what it must.
/// </remarks>
public sealed class KeyRefusalTests
{
    private static readonly Dictionary<string, MethodInfo> s_keyed = FindKeyed();

    private static Dictionary<string, MethodInfo> FindKeyed()
    {
        var found = new Dictionary<string, MethodInfo>();
        foreach (Type type in typeof(Blake2b).Assembly.GetExportedTypes())
        {
            foreach (MethodInfo method in type.GetMethods(BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly))
            {
                if (method.GetParameters().Any(p => p.Name == "key"))
                    found.Add(SpanInvoker.Describe(method), method);
            }
        }
        return found;
    }

    public static IEnumerable<object[]> KeyedEntryPoints() => s_keyed.Keys.OrderBy(k => k, StringComparer.Ordinal).Select(k => new object[] { k });

    [Fact]
    public void TheListCoversEveryKeyedFamily()
    {
        string[] classes = { "Blake2b", "Blake2s", "Blake2bp", "Blake2sp", "Blake2Xb", "Blake2Xs", "Blake3" };
        foreach (string name in classes)
        {
            string[] methods = s_keyed.Keys.Where(k => k.StartsWith(name + ".", StringComparison.Ordinal)).ToArray();
            bool xof = name.StartsWith("Blake2X", StringComparison.Ordinal);
            string[] expected = xof
                ? new[] { ".ComputeHash(", ".ComputeAndWriteHash(", ".CreateIncrementalHasher(", ".Keyed.HashData(" }
                : new[] { ".ComputeHash(", ".ComputeAndWriteHash(", ".CreateIncrementalHasher(", ".CreateHMAC(", ".Keyed.HashData(", ".Keyed.TryHashData(" };
            foreach (string part in expected)
                Assert.Contains(methods, m => m.Contains(name + part, StringComparison.Ordinal));
#if !LIBRARY_NETSTANDARD
            Assert.Contains(methods, m => m.Contains(name + ".Keyed.HashDataAsync(", StringComparison.Ordinal));
            if (!xof)
                Assert.Contains(methods, m => m.Contains(name + ".ComputeHashAsync(", StringComparison.Ordinal));
#endif
        }
        // Nothing else has a key but BLAKE3's keyed mode (Blake3Mode.Keyed): BLAKE-256/224 take a salt, and every method
        // found is static (the invoker needs that).
        Assert.All(s_keyed.Keys, k => Assert.Contains(k.Substring(0, k.IndexOf('.')), classes.Append("Blake3Mode")));
        Assert.All(s_keyed.Values, m => Assert.True(m.IsStatic, SpanInvoker.Describe(m)));
    }

    [Theory]
    [MemberData(nameof(KeyedEntryPoints))]
    public void NullKeyIsRefusedBeforeAnyIO(string entryPoint)
    {
        Probe probe = Call(entryPoint, key: null, out Exception? error);
        var refused = Assert.IsType<ArgumentNullException>(error);
        Assert.Equal("key", refused.ParamName);
        Assert.Contains("The key is null", refused.Message, StringComparison.Ordinal);
        probe.AssertUntouched();
    }

    [Theory]
    [MemberData(nameof(KeyedEntryPoints))]
    public void EmptyKeyIsRefusedBeforeAnyIO(string entryPoint)
    {
        Probe probe = Call(entryPoint, key: Array.Empty<byte>(), out Exception? error);
        var refused = Assert.IsType<ArgumentException>(error);
        Assert.Equal("key", refused.ParamName);
        probe.AssertUntouched();
    }

    /// <summary>The control: with a real key the same calls succeed, so the refusals above come from the key alone.</summary>
    [Theory]
    [MemberData(nameof(KeyedEntryPoints))]
    public void AKeyIsAccepted(string entryPoint)
    {
        Probe probe = Call(entryPoint, key: Enumerable.Range(1, 32).Select(i => (byte)i).ToArray(), out Exception? error);
        Assert.Null(error);
        Assert.True(probe.Result is not null || probe.Written, $"{entryPoint} neither returned nor wrote anything");
        (probe.Result as IDisposable)?.Dispose();
    }

    /// <summary>The HMAC object's Key setter is keying too; like HMACSHA256's, it names its parameter "value".</summary>
    [Fact]
    public void HmacKeySetterRefusesNullAndEmpty()
    {
        MethodInfo[] factories = s_keyed.Values.Where(m => m.Name == "CreateHMAC").ToArray();
        Assert.Equal(10, factories.Length); // with and without a digest length: BLAKE2b, BLAKE2s, BLAKE2bp, BLAKE2sp, BLAKE3
        byte[] key = Enumerable.Range(1, 32).Select(i => (byte)i).ToArray();
        foreach (MethodInfo factory in factories)
        {
            object?[] arguments = factory.GetParameters().Select(p => p.Name == "key" ? key : (object)32).ToArray();
            using var hmac = (HMAC)SpanInvoker.Compile(factory)(arguments)!;
            byte[] before = hmac.ComputeHash(new byte[] { 1, 2, 3 });

            var isNull = Assert.Throws<ArgumentNullException>(() => hmac.Key = null!);
            Assert.Equal("value", isNull.ParamName);
            var isEmpty = Assert.Throws<ArgumentException>(() => hmac.Key = Array.Empty<byte>());
            Assert.Equal("value", isEmpty.ParamName);

            // Refused without effect: the object still hashes with its key.
            Assert.Equal(key, hmac.Key);
            Assert.Equal(before, hmac.ComputeHash(new byte[] { 1, 2, 3 }));
        }
    }

    /// <summary>Calls the entry point with <paramref name="key"/> and probes for the input it read and the output it wrote.</summary>
    private static Probe Call(string entryPoint, byte[]? key, out Exception? error)
    {
        MethodInfo method = s_keyed[entryPoint];
        var probe = new Probe();
        object?[] arguments = method.GetParameters().Select(p => probe.ArgumentFor(p, key)).ToArray();
        error = null;
        try
        {
            probe.Result = SpanInvoker.Complete(SpanInvoker.Compile(method)(arguments));
        }
        catch (Exception e)
        {
            error = e;
        }
        return probe;
    }

    /// <summary>The arguments of one call: input that tells whether it was read, output that tells whether it was written.</summary>
    private sealed class Probe
    {
        private const byte Fill = 0xA5;
        private readonly byte[] _input = { 1, 2, 3 };
        private readonly MemoryStream _stream = new(new byte[] { 1, 2, 3 });
        private readonly byte[] _output = Enumerable.Repeat(Fill, 64).ToArray();

        public object? Result { get; set; }

        public bool Written => _output.Any(b => b != Fill);

        public object? ArgumentFor(ParameterInfo parameter, byte[]? key)
        {
            Type type = parameter.ParameterType;
            return parameter.Name == "key" ? key
                : type.IsByRef ? null
                : type == typeof(Stream) ? _stream
                : type == typeof(ReadOnlySpan<byte>) || type == typeof(ReadOnlyMemory<byte>) ? _input
                : type == typeof(Span<byte>) || type == typeof(Memory<byte>) ? _output
                : type == typeof(int) ? 32 // a digest or output length every algorithm takes
                : type == typeof(long) ? 32L
                : type == typeof(CancellationToken) ? CancellationToken.None
                : throw new NotSupportedException($"No argument for '{parameter.Name}' ({type}).");
        }

        public void AssertUntouched()
        {
            Assert.Null(Result);
            Assert.Equal(0, _stream.Position); // the stream was not read
            Assert.False(Written, "the output was written");
        }
    }
}
