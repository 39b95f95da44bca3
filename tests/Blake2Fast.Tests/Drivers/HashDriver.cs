using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Text;
using System.Threading;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;
using Blake2Fast.Tests.Oracle;

namespace Blake2Fast.Tests.Drivers;

/// <summary>What one call asks for, so a driver can name the digest it must return.</summary>
public sealed class Request
{
    public Request(byte[] input) => Input = input;

    public byte[] Input { get; set; }
    public byte[]? Key { get; set; }
    public byte[]? Salt { get; set; }
    public int? DigestLength { get; set; }
    public long? OutputLength { get; set; }
    /// <summary>A full BLAKE2 parameter block (the <c>in Blake2Parameters</c> overloads).</summary>
    public ReferenceParameters? Parameters { get; set; }
    public string? Context { get; set; }
}

/// <summary>
/// The base of every contract's driver (as <c>NonCryptoHashTestDriver</c> is in System.IO.Hashing's tests): a sealed
/// subclass per algorithm supplies its types, kernels and reference, and inherits every test. Here live the two tests
/// every algorithm shares: its public surface is exactly what its contract declares (<see cref="TestsDefined"/>), and
/// each declared method, called with arguments bound by parameter name, returns the reference digest.
/// </summary>
public abstract class HashDriver
{
    /// <summary>The algorithm's name as the KAT files and the other tests spell it ("blake2b").</summary>
    public abstract string Name { get; }

    public abstract Type PublicType { get; }
    public abstract Type StateType { get; }
    public virtual Type? ReaderType => null;

    /// <summary>The algorithm's kernels in the registry, <see cref="KernelTable"/>.</summary>
    internal abstract KernelSet Kernels { get; }

    /// <summary>Every public method of an algorithm of this contract, as <see cref="Surface"/> writes it.</summary>
    protected abstract IReadOnlyList<string> ContractSurface { get; }

    /// <summary>The digest (or XOF output) the request names, from the test project's reference implementation.</summary>
    public abstract byte[] Reference(Request request);

    /// <summary>A state as <c>CreateIncrementalHasher()</c> makes it, boxed, and what it hashes to.</summary>
    protected abstract object NewState();
    protected virtual Request NewStateRequest(byte[] input) => new(input);

    // ---- the values the surface test binds to parameters by name ----
    protected static readonly byte[] Message = Hex.Sequence(1100);
    protected virtual byte[] SurfaceKey => Hex.Sequence(20);
    protected virtual byte[] SurfaceSalt => Hex.Sequence(16);
    protected virtual int SurfaceDigestLength => 20;
    protected virtual long SurfaceOutputLength => 100;
    private const string SurfaceContext = "Blake2Fast tests 2026-11-25 driver surface";

    public override string ToString() => Name;

    /// <summary>
    /// Every concrete driver of the contract <typeparamref name="T"/>, found by reflection (ordered by class name), so
    /// a new algorithm of a contract is one subclass and every test that walks the contract's drivers runs for it.
    /// </summary>
    protected static T[] Discover<T>() where T : HashDriver =>
        typeof(T).Assembly.GetTypes()
            .Where(t => t.IsSubclassOf(typeof(T)) && !t.IsAbstract)
            .OrderBy(t => t.Name, StringComparer.Ordinal)
            .Select(t => (T)Activator.CreateInstance(t)!)
            .ToArray();

    /// <summary>The declared surface, without the members the netstandard2.0 build lacks (ValueTask HashDataAsync, file handles).</summary>
    private IEnumerable<string> DeclaredForThisBuild =>
#if LIBRARY_NETSTANDARD
        ContractSurface.Where(s => !s.Contains(" HashDataAsync(", StringComparison.Ordinal) && !s.Contains(".HashDataAsync(", StringComparison.Ordinal)
            && !s.Contains("(SafeFileHandle ", StringComparison.Ordinal));
#else
        ContractSurface;
#endif

    private IReadOnlyDictionary<string, MethodInfo> ActualSurface => Surface.Of(PublicType, StateType, ReaderType);

    [Fact]
    public void TestsDefined()
    {
        var (undeclared, stale) = Surface.Compare(DeclaredForThisBuild, ActualSurface.Keys);
        Assert.True(undeclared.Length == 0 && stale.Length == 0,
            $"{Name}: the driver's contract and the public surface differ.\nPublic but not in the driver (add an entry and make SurfaceMethod call it):\n  "
            + string.Join("\n  ", undeclared) + "\nIn the driver but not public:\n  " + string.Join("\n  ", stale));
    }

    [Fact]
    public void TestsDefined_FailsForAMissingEntry()
    {
        // The check above must be able to fail: with one declared entry dropped, it names exactly that entry.
        string[] declared = DeclaredForThisBuild.ToArray();
        foreach (string dropped in new[] { declared[0], declared[declared.Length - 1] })
        {
            var (undeclared, stale) = Surface.Compare(declared.Where(s => s != dropped), ActualSurface.Keys);
            Assert.Equal(new[] { dropped }, undeclared);
            Assert.Empty(stale);
        }
    }

    /// <summary>Every entry of the contract by name; theories that take it get one case per public method.</summary>
    protected static IEnumerable<object[]> Entries(IEnumerable<string> surface) => surface.Select(s => new object[] { s });

    /// <summary>
    /// Calls the public method <paramref name="signature"/> names and compares its output with the reference. Each
    /// contract's driver runs it as a theory over its declared surface (xunit's MemberData is looked up per class).
    /// </summary>
    protected void AssertMatchesReference(string signature)
    {
#if LIBRARY_NETSTANDARD
        if (!DeclaredForThisBuild.Contains(signature))
        {
            // The netstandard2.0 build lacks the ValueTask overloads: here the case checks that it does.
            Assert.False(ActualSurface.ContainsKey(signature), $"{Name}: {signature} is public in this build; drop it from the netstandard exclusion");
            return;
        }
#endif
        Assert.True(ActualSurface.TryGetValue(signature, out MethodInfo? method), $"{Name}: no public method {signature}");
        if (DirectCalls.TryGetValue(signature, out Func<(byte[] Actual, byte[] Expected)>? direct))
        {
            var (produced, wanted) = direct();
            Assert.Equal(Hex.Encode(wanted), Hex.Encode(produced));
            return;
        }
        if (method!.DeclaringType == StateType || (ReaderType is not null && method.DeclaringType == ReaderType))
            ExerciseInstance(signature, method);
        else
            ExerciseStatic(signature, method);
    }

    /// <summary>
    /// Hand-written calls for the methods whose arguments cannot be boxed (the ref struct <c>Blake2Parameters</c>) or
    /// that no generic scenario covers (BLAKE3's subtree members): each returns what the method produced and the reference.
    /// </summary>
    protected virtual IReadOnlyDictionary<string, Func<(byte[] Actual, byte[] Expected)>> DirectCalls { get; } = new Dictionary<string, Func<(byte[], byte[])>>();

    private void ExerciseStatic(string signature, MethodInfo method)
    {
        if (method.Name == "get_CompressionCore")
        {
            // The instruction set the algorithm reports is one of its kernels in the registry.
            string reported = (string)Invoker.Call(method, null)!;
            Assert.Contains(reported, Kernels.Supported.Select(InstructionSets.Name));
            return;
        }
        var request = new Request(Message);
        ParameterInfo[] parameters = method.GetParameters();
        var arguments = new object?[parameters.Length];
        bool many = false;
        for (int i = 0; i < parameters.Length; i++)
        {
            ParameterInfo p = parameters[i];
            switch (p.Name)
            {
                case "input" or "source" or "material":
                    arguments[i] = p.ParameterType == typeof(Stream) ? Invoker.StreamOf(Message) : Message;
                    break;
                case "inputs":
                    many = true;
                    arguments[i] = new ReadOnlyMemory<byte>[] { Message.AsMemory(0, 1), Message, Message.AsMemory(3, 700) };
                    break;
                case "key": arguments[i] = request.Key = SurfaceKey; break;
                case "salt": arguments[i] = request.Salt = SurfaceSalt; break;
                case "digestLength":
                    request.DigestLength = SurfaceDigestLength;
                    arguments[i] = SurfaceDigestLength;
                    break;
                case "outputLength" or "length":
                    request.OutputLength = SurfaceOutputLength;
                    arguments[i] = p.ParameterType == typeof(long) ? SurfaceOutputLength : (object)(int)SurfaceOutputLength;
                    break;
                case "context": arguments[i] = request.Context = SurfaceContext; break;
                case "cancellationToken": arguments[i] = CancellationToken.None; break;
                case "destination" or "output" or "outputs" or "bytesWritten": break; // sized below, once the length is known
                default: throw new NotSupportedException($"{signature}: the surface test binds no value to '{p.Name}'; teach it one.");
            }
        }
        // A destination without a length argument fixes the XOF's output length.
        if (request.OutputLength is null && ReaderType is null && parameters.Any(p => p.Name is "destination" or "output") && this is XofDriver)
            request.OutputLength = SurfaceOutputLength;

        byte[][] expected = many
            ? new[] { Message.AsSpan(0, 1).ToArray(), Message, Message.AsSpan(3, 700).ToArray() }.Select(m => Reference(With(request, m))).ToArray()
            : new[] { Reference(request) };
        int length = expected[0].Length;
        byte[]? destination = null;
        for (int i = 0; i < parameters.Length; i++)
        {
            if (parameters[i].Name is "destination" or "output" or "outputs")
                arguments[i] = destination = Sentinel.Buffer(length * expected.Length);
        }

        object? result = Invoker.Complete(Invoker.Call(method, null, arguments));
        byte[] actual = Digest(signature, result, destination, length, request);
        if (many)
            Assert.Equal(expected.SelectMany(e => e).ToArray(), actual);
        else
            Assert.Equal(Hex.Encode(expected[0]), Hex.Encode(actual));
        int written = Array.FindIndex(parameters, p => p.Name == "bytesWritten");
        if (written >= 0)
            Assert.Equal(length, (int)arguments[written]!);
    }

    private static Request With(Request request, byte[] input) => new(input)
    {
        Key = request.Key, Salt = request.Salt, DigestLength = request.DigestLength, OutputLength = request.OutputLength,
        Parameters = request.Parameters, Context = request.Context,
    };

    /// <summary>The digest a call produced, from its result or its destination.</summary>
    private byte[] Digest(string signature, object? result, byte[]? destination, int length, Request request)
    {
        switch (result)
        {
            case byte[] digest:
                return digest;
            case int written:
                Assert.Equal(length, written);
                return destination!;
            case bool done:
                Assert.True(done, signature);
                return destination!;
            case HashAlgorithm algorithm:
                using (algorithm)
                    return algorithm.ComputeHash(Message);
            case null:
                Assert.NotNull(destination);
                return destination!;
            default:
                if (result.GetType() == StateType)
                {
                    // A state made by a factory: the message, then its output.
                    Invoker.Call(Update, result, Message);
                    return Finish(result, length);
                }
                throw new NotSupportedException($"{signature}: the surface test cannot read a {result.GetType().Name}.");
        }
    }

    private MethodInfo Update => StateType.GetMethod("Update", new[] { typeof(ReadOnlySpan<byte>) })!;

    /// <summary>The state's output: Finish(), or for an XOF state, Read of <paramref name="length"/> bytes.</summary>
    private byte[] Finish(object state, int length)
    {
        if (StateType.GetMethod("Finish", Type.EmptyTypes) is { } finish)
            return (byte[])Invoker.Call(finish, state)!;
        byte[] output = new byte[length];
        Invoker.Call(StateType.GetMethod("Read")!, state, output);
        return output;
    }

    private void ExerciseInstance(string signature, MethodInfo method)
    {
        object state = NewState();
        Request request = NewStateRequest(Message);
        byte[] expected = Reference(request);
        string name = method.Name;
        if (name is "Update" && !method.IsGenericMethodDefinition)
        {
            Invoker.Call(method, state, Message);
            Assert.Equal(expected, Finish(state, expected.Length));
        }
        else if (name.StartsWith("Update", StringComparison.Ordinal) && name != "UpdateParallel")
        {
            // A typed write appends exactly the bytes a reader of the method's name expects.
            var (argument, bytes) = TypedValue(method);
            MethodInfo callable = method.IsGenericMethodDefinition ? method.MakeGenericMethod(typeof(ushort)) : method;
            Invoker.Call(callable, state, argument);
            Assert.Equal(Reference(NewStateRequest(bytes)), Finish(state, expected.Length));
        }
        else if (name == "UpdateParallel")
        {
            Invoker.Call(method, state, Message, 2);
            Assert.Equal(expected, Finish(state, expected.Length));
        }
        else if (name is "Finish" or "TryFinish" or "Read" && method.DeclaringType == StateType)
        {
            Invoker.Call(Update, state, Message);
            byte[] output = Sentinel.Buffer(expected.Length);
            var arguments = method.GetParameters().Length switch { 0 => Array.Empty<object?>(), 1 => new object?[] { output }, _ => new object?[] { output, null } };
            object? result = Invoker.Call(method, state, arguments);
            if (result is byte[] digest)
                output = digest;
            if (result is bool done)
            {
                Assert.True(done);
                Assert.Equal(expected.Length, (int)arguments[1]!);
            }
            Assert.Equal(expected, output);
        }
        else if (name is "SaveState" or "RestoreState" or "get_SavedStateLength")
        {
            // Saved halfway, restored into a new state, finished there: the digest of the whole message.
            Invoker.Call(Update, state, Message.AsSpan(0, 555).ToArray());
            int savedLength = (int)Invoker.Call(StateType.GetProperty("SavedStateLength")!.GetMethod!, state)!;
            byte[] saved = new byte[savedLength];
            Assert.Equal(savedLength, (int)Invoker.Call(StateType.GetMethod("SaveState")!, state, saved, false)!);
            object restored = Invoker.Call(StateType.GetMethod("RestoreState")!, null, saved)!;
            Invoker.Call(Update, restored, Message.AsSpan(555).ToArray());
            Assert.Equal(expected, Finish(restored, expected.Length));
        }
        else if (name == "get_DigestLength")
            Assert.Equal(expected.Length, (int)Invoker.Call(method, state)!);
        else if (name == "get_OutputLength")
            Assert.Equal(request.OutputLength, (long)Invoker.Call(method, state)!);
        else if (name == "FinishXof" || method.DeclaringType == ReaderType)
            ExerciseReader(name, method, state);
        else
            throw new NotSupportedException($"{Name}: the surface test has no scenario for {signature}; add one.");
    }

    private void ExerciseReader(string name, MethodInfo method, object state)
    {
        byte[] expected = Reference(new Request(Message) { OutputLength = SurfaceOutputLength });
        Invoker.Call(Update, state, Message);
        object reader = Invoker.Call(StateType.GetMethod("FinishXof")!, state)!;
        MethodInfo read = ReaderType!.GetMethod("Read")!;
        PropertyInfo position = ReaderType.GetProperty("Position")!;
        switch (name)
        {
            case "FinishXof" or "Read":
                byte[] output = new byte[expected.Length];
                Invoker.Call(read, reader, output);
                Assert.Equal(expected, output);
                break;
            case "get_Position" or "set_Position":
                // Seek into the stream, read its tail, and find the position at its end.
                Invoker.Call(position.SetMethod!, reader, 37L);
                byte[] tail = new byte[expected.Length - 37];
                Invoker.Call(read, reader, tail);
                Assert.Equal(expected.AsSpan(37).ToArray(), tail);
                Assert.Equal((long)expected.Length, (long)Invoker.Call(position.GetMethod!, reader)!);
                break;
            case "Clear":
                Invoker.Call(method, reader);
                Assert.Equal(0L, (long)Invoker.Call(position.GetMethod!, reader)!);
                Assert.Throws<InvalidOperationException>(() => Invoker.Call(read, reader, new byte[1]));
                break;
            default:
                throw new NotSupportedException($"{Name}: the surface test has no scenario for {ReaderType.Name}.{name}; add one.");
        }
    }

    /// <summary>An argument for a typed write and the bytes it stands for (named endianness, else the machine's).</summary>
    private static (object Argument, byte[] Bytes) TypedValue(MethodInfo method)
    {
        if (method.Name == "UpdateUtf8")
        {
            const string text = "drivers: één ∑ \U0001F600";
            return (text.ToCharArray(), Encoding.UTF8.GetBytes(text));
        }
        if (method.IsGenericMethodDefinition)
        {
            // Update<T> over a value (T, in T) or many (ReadOnlySpan<T>, Span<T>, ArraySegment<T>, T[], in T[]), with
            // T = ushort: the values' bytes in memory.
            ushort[] values = { 0x0102, 0xA0B0, 0xFFEE };
            Type parameter = method.GetParameters()[0].ParameterType;
            if (parameter.IsByRef)
                parameter = parameter.GetElementType()!;
            bool many = parameter.IsArray || parameter.IsGenericType;
            ushort[] used = many ? values : values.Take(1).ToArray();
            object argument = !many ? values[0]
                : parameter.IsGenericType && parameter.GetGenericTypeDefinition() == typeof(ArraySegment<>) ? (object)new ArraySegment<ushort>(values)
                : values;
            return (argument, MemoryMarshal.AsBytes(used.AsSpan()).ToArray());
        }
        Type type = method.GetParameters()[0].ParameterType;
        object value = type == typeof(short) ? (short)-0x1234 : type == typeof(ushort) ? (ushort)0xFE01
            : type == typeof(int) ? -0x12345678 : type == typeof(uint) ? 0xFEDCBA98u
            : type == typeof(long) ? -0x123456789ABCDEFL : type == typeof(ulong) ? 0xFEDCBA9876543210UL
            : throw new NotSupportedException(method.Name);
        int size = Marshal.SizeOf(type);
        ulong raw = Convert.ToUInt64(value is short s ? (ushort)s : value is int n ? (uint)n : value is long l ? (ulong)l : value);
        byte[] little = new byte[8];
        BinaryPrimitives.WriteUInt64LittleEndian(little, raw);
        byte[] bytes = little.AsSpan(0, size).ToArray();
        if (method.Name.EndsWith("BigEndian", StringComparison.Ordinal))
            Array.Reverse(bytes);
        else
            Assert.EndsWith("LittleEndian", method.Name);
        return (value, bytes);
    }
}
