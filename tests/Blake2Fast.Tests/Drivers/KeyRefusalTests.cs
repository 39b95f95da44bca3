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
/// One rule for every keyed entry point: an empty key is refused with <see cref="ArgumentException"/> (the type itself,
/// not its null subclass) naming <c>key</c>, before the entry point reads its input or writes its output: in the
/// parameter block an empty key means "unkeyed", so a key that failed to load must not silently give a plain hash. Every
/// key parameter is a span (or memory): a null array passed for it arrives as the empty span, the same value as
/// <c>ReadOnlySpan&lt;byte&gt;.Empty</c>, and is reported as empty. The one key that is an array, the <c>HMAC.Key</c>
/// setter's, refuses null with <see cref="ArgumentNullException"/> and empty with <see cref="ArgumentException"/>,
/// naming <c>value</c> as <c>HMACSHA256.Key</c> does.
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
    public void NullArrayKeyIsRefusedAsEmptyBeforeAnyIO(string entryPoint)
    {
        // A null array converts to the default span (or memory): the entry point sees an empty key.
        Probe probe = Call(entryPoint, key: null, out Exception? error);
        AssertRefusedAsEmpty(entryPoint, error);
        probe.AssertUntouched();
    }

    [Theory]
    [MemberData(nameof(KeyedEntryPoints))]
    public void EmptyKeyIsRefusedBeforeAnyIO(string entryPoint)
    {
        Probe probe = Call(entryPoint, key: Array.Empty<byte>(), out Exception? error);
        AssertRefusedAsEmpty(entryPoint, error);
        probe.AssertUntouched();
    }

    private static void AssertRefusedAsEmpty(string entryPoint, Exception? error)
    {
        Assert.True(error is not null, $"{entryPoint} accepted an empty key");
        // Exactly ArgumentException: ArgumentNullException derives from it, and would also pass a looser check.
        Assert.Equal(typeof(ArgumentException), error!.GetType());
        Assert.Equal("key", ((ArgumentException)error).ParamName);
        Assert.Contains("The key is empty", error.Message, StringComparison.Ordinal);
    }

    /// <summary>The empty spans as written in code, on an entry point of each kind: the same refusal as an empty array.</summary>
    [Fact]
    public void TheEmptySpanAndMemoryAreRefusedAsEmpty()
    {
        var calls = new (string Name, Action Call)[]
        {
            ("Blake2b.CreateIncrementalHasher(ReadOnlySpan<byte>.Empty)", () => Blake2b.CreateIncrementalHasher(ReadOnlySpan<byte>.Empty)),
            ("Blake2s.Keyed.HashData(default, data)", () => Blake2s.Keyed.HashData(default, new byte[] { 1 })),
            ("Blake2bp.CreateHMAC(ReadOnlySpan<byte>.Empty)", () => Blake2bp.CreateHMAC(ReadOnlySpan<byte>.Empty)),
            ("Blake3.ComputeHash(ReadOnlySpan<byte>.Empty, data)", () => Blake3.ComputeHash(ReadOnlySpan<byte>.Empty, new byte[] { 1 })),
            ("Blake3Mode.Keyed(ReadOnlySpan<byte>.Empty)", () => Blake3Mode.Keyed(ReadOnlySpan<byte>.Empty)),
            ("Blake2Xb.CreateIncrementalHasher(10, ReadOnlySpan<byte>.Empty)", () => Blake2Xb.CreateIncrementalHasher(10, ReadOnlySpan<byte>.Empty)),
#if !LIBRARY_NETSTANDARD
            ("Blake2b.Keyed.HashDataAsync(ReadOnlyMemory<byte>.Empty, stream)", () => Blake2b.Keyed.HashDataAsync(ReadOnlyMemory<byte>.Empty, new MemoryStream(new byte[] { 1 }))),
#endif
        };
        foreach (var (name, call) in calls)
        {
            Exception? error = Record.Exception(call);
            AssertRefusedAsEmpty(name, error);
        }
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
            Assert.Contains("The key is null", isNull.Message, StringComparison.Ordinal);
            var isEmpty = Assert.Throws<ArgumentException>(() => hmac.Key = Array.Empty<byte>());
            Assert.Equal("value", isEmpty.ParamName);
            Assert.Contains("The key is empty", isEmpty.Message, StringComparison.Ordinal);

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
