using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Text;
using Blake2Fast.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Blake2Fast.Tests.Compat;

/// <summary>
/// One meaning, one compile result. A call with array arguments is refused at compile time only where a released or
/// development version of the original Blake2Fast gave its shape another meaning: <c>HashData(key, source)</c> and
/// <c>HashData(digestLength, key, source)</c>, keyed in the original's 3.0 development, which had <c>Blake2b</c>,
/// <c>Blake2s</c> and <c>Blake3</c>. Those fail with CS0619 and a message naming that meaning and both calls the caller
/// may have meant. Every other shape with an array destination (<c>ComputeAndWriteHash</c>, as 1.x and 2.x had it;
/// <c>TryHashData</c>, the BCL's shape; <c>HashData</c> on the algorithms the original never had) compiles without a
/// warning, and the compiled call, run, writes what the span call writes. Each shape is compiled here with Roslyn
/// against this build of the library.
/// </summary>
public class KeyedTrapCompileTests
{
    private static readonly Lazy<MetadataReference[]> References = new(() =>
        ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => p.EndsWith(".dll", StringComparison.OrdinalIgnoreCase))
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToArray());

    /// <summary>The algorithms the original Blake2Fast's 3.0 development had, with <c>HashData(key, source)</c> over arrays keyed.</summary>
    private static readonly string[] Original = { "Blake2b", "Blake2s", "Blake3" };

    /// <summary>The digest length the shapes with a length pass: Nano's address checksum, <c>Blake2b.ComputeAndWriteHash(5, publicKey, checksum)</c>.</summary>
    private const int Short = 5;

    private delegate void Into(ReadOnlySpan<byte> source, Span<byte> destination);

    private delegate void IntoLength(int digestLength, ReadOnlySpan<byte> source, Span<byte> destination);

    /// <summary>
    /// One algorithm: its default output size (BLAKE2X: the destination's length is the output length), the span call
    /// every shape is compared with, and the same with a digest length where the algorithm takes one.
    /// </summary>
    private sealed record Algorithm(string Name, int Size, bool HasTry, Into Span, IntoLength? SpanWithLength)
    {
        public bool IsOriginal => Original.Contains(Name);
    }

    private static readonly Algorithm[] Algorithms =
    {
        new("Blake2b", 64, true, (s, d) => Blake2b.HashData(s, d), (n, s, d) => Blake2b.HashData(n, s, d)),
        new("Blake2s", 32, true, (s, d) => Blake2s.HashData(s, d), (n, s, d) => Blake2s.HashData(n, s, d)),
        new("Blake2bp", 64, true, (s, d) => Blake2bp.HashData(s, d), (n, s, d) => Blake2bp.HashData(n, s, d)),
        new("Blake2sp", 32, true, (s, d) => Blake2sp.HashData(s, d), (n, s, d) => Blake2sp.HashData(n, s, d)),
        new("Blake3", 32, true, (s, d) => Blake3.HashData(s, d), (n, s, d) => Blake3.HashData(n, s, d)),
        new("Blake2Xb", 100, false, (s, d) => Blake2Xb.HashData(s, d), null),
        new("Blake2Xs", 100, false, (s, d) => Blake2Xs.HashData(s, d), null),
        new("Blake256", 32, true, (s, d) => Blake256.HashData(s, d), null),
        new("Blake224", 28, true, (s, d) => Blake224.HashData(s, d), null),
    };

    public static TheoryData<string> AllAlgorithms => Names(Algorithms.Select(a => a.Name));

    public static TheoryData<string> OriginalAlgorithms => Names(Original);

    private static TheoryData<string> Names(IEnumerable<string> names)
    {
        var data = new TheoryData<string>();
        foreach (string name in names)
            data.Add(name);
        return data;
    }

    // ---- the shapes with one meaning: they compile without a warning and write the span call's digest ----

    /// <summary>A shape with array arguments, the statement that calls it, its destination's size and what the span call gives.</summary>
    private sealed record Shape(string Name, string Statement, int Size, Func<byte[], (byte[] Written, string Reported)> Expected);

    private static byte[] Fresh(int size) => Enumerable.Repeat((byte)0xA5, size).ToArray();

    /// <summary>Every shape of <paramref name="a"/> that takes an array destination and has one meaning, with its expected result.</summary>
    private static List<Shape> OneMeaningShapes(Algorithm a)
    {
        string x = a.Name;
        (byte[], string) Via(int size, Func<byte[], string> call)
        {
            byte[] destination = Fresh(size);
            string reported = call(destination);
            return (destination, reported);
        }
        var shapes = new List<Shape>
        {
            // 2.x (and 1.x): hash the input into the output array.
            new("ComputeAndWriteHash(input, output)", $"{x}.ComputeAndWriteHash(data, d);", a.Size,
                data => Via(a.Size, d => { a.Span(data, d); return ""; })),
        };
        if (a.SpanWithLength is { } withLength)
        {
            shapes.Add(new("ComputeAndWriteHash(digestLength, input, output)", $"{x}.ComputeAndWriteHash({Short}, data, d);", Short,
                data => Via(Short, d => { withLength(Short, data, d); return ""; })));
        }
        if (a.HasTry)
        {
            // The BCL's shape (SHA256.TryHashData): arrays convert to the spans.
            shapes.Add(new("TryHashData(source, destination, out bytesWritten)", $"reported = {x}.TryHashData(data, d, out int w) + \" \" + w;", a.Size,
                data => Via(a.Size, d => { a.Span(data, d); return "True " + a.Size; })));
            shapes.Add(new("TryHashData(source, shortDestination, out bytesWritten)", $"reported = {x}.TryHashData(data, d, out int w) + \" \" + w;", a.Size - 1,
                data => (Fresh(a.Size - 1), "False 0")));
            if (a.SpanWithLength is { } tryWithLength)
            {
                shapes.Add(new("TryHashData(digestLength, source, destination, out bytesWritten)", $"reported = {x}.TryHashData({Short}, data, d, out int w) + \" \" + w;", Short,
                    data => Via(Short, d => { tryWithLength(Short, data, d); return "True " + Short; })));
            }
        }
        if (!a.IsOriginal)
        {
            // The original never had this algorithm: HashData(source, destination) has the BCL's meaning alone.
            bool returnsLength = a.HasTry; // BLAKE2X's HashData(source, destination) returns nothing, as Shake128's
            shapes.Add(new("HashData(source, destination)", returnsLength ? $"reported = {x}.HashData(data, d).ToString();" : $"{x}.HashData(data, d);", a.Size,
                data => Via(a.Size, d => { a.Span(data, d); return returnsLength ? a.Size.ToString() : ""; })));
            if (a.SpanWithLength is { } hashWithLength)
            {
                shapes.Add(new("HashData(digestLength, source, destination)", $"reported = {x}.HashData({Short}, data, d).ToString();", Short,
                    data => Via(Short, d => { hashWithLength(Short, data, d); return Short.ToString(); })));
            }
        }
        return shapes;
    }

    /// <summary>A class <c>Probe</c> whose <c>Run(data)</c> makes each call into a fresh array and returns what it wrote and reported.</summary>
    private static string ProbeSource(IEnumerable<Shape> shapes)
    {
        var source = new StringBuilder();
        source.AppendLine("using System;");
        source.AppendLine("using System.Collections.Generic;");
        source.AppendLine("using Blake2Fast;");
        source.AppendLine("public static class Probe");
        source.AppendLine("{");
        source.AppendLine("    public static List<(byte[] Written, string Reported)> Run(byte[] data)");
        source.AppendLine("    {");
        source.AppendLine("        var results = new List<(byte[], string)>();");
        foreach (Shape shape in shapes)
        {
            source.AppendLine("        {");
            source.AppendLine($"            byte[] d = new byte[{shape.Size}];");
            source.AppendLine("            d.AsSpan().Fill(0xA5);");
            source.AppendLine("            string reported = \"\";");
            source.AppendLine("            " + shape.Statement);
            source.AppendLine("            results.Add((d, reported));");
            source.AppendLine("        }");
        }
        source.AppendLine("        return results;");
        source.AppendLine("    }");
        source.AppendLine("}");
        return source.ToString();
    }

    /// <summary>Compiles a whole file against the library: every warning and error (at the highest warning level), and the assembly if it compiled.</summary>
    internal static (Diagnostic[] Problems, byte[]? Image) Compile(string source)
    {
        var compilation = CSharpCompilation.Create("Probe" + Guid.NewGuid().ToString("N"), new[] { CSharpSyntaxTree.ParseText(source) }, References.Value,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, warningLevel: 9999, nullableContextOptions: NullableContextOptions.Enable));
        Diagnostic[] problems = compilation.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToArray();
        if (problems.Any(d => d.Severity == DiagnosticSeverity.Error))
            return (problems, null);
        using var image = new MemoryStream();
        var emitted = compilation.Emit(image);
        Assert.True(emitted.Success, string.Join("; ", emitted.Diagnostics));
        return (problems, image.ToArray());
    }

    /// <summary>Loads the compiled probe into a context of its own (the library resolves to the one loaded here), runs it and unloads it.</summary>
    private static List<(byte[] Written, string Reported)> Run(byte[] image, byte[] data)
    {
        var context = new AssemblyLoadContext("KeyedTrapProbe", isCollectible: true);
        try
        {
            Assembly probe = context.LoadFromStream(new MemoryStream(image));
            MethodInfo run = probe.GetType("Probe")!.GetMethod("Run")!;
            return (List<(byte[], string)>)run.Invoke(null, new object[] { data })!;
        }
        finally
        {
            context.Unload();
        }
    }

    /// <summary>Compiles and runs the shapes; returns each one whose compile was not clean or whose result differs from the span call's.</summary>
    private static List<string> Failures(IReadOnlyList<Shape> shapes, string source)
    {
        var failures = new List<string>();
        var (problems, image) = Compile(source);
        foreach (Diagnostic problem in problems)
            failures.Add($"{problem.Id} {problem.GetMessage(System.Globalization.CultureInfo.InvariantCulture)} at {problem.Location.GetLineSpan().StartLinePosition}");
        if (image is null)
            return failures;
        byte[] data = Hex.Sequence(300); // more than two BLAKE2b blocks
        List<(byte[] Written, string Reported)> results = Run(image, data);
        Assert.Equal(shapes.Count, results.Count);
        for (int i = 0; i < shapes.Count; i++)
        {
            var (written, reported) = shapes[i].Expected(data);
            if (Hex.Encode(results[i].Written) != Hex.Encode(written) || results[i].Reported != reported)
                failures.Add($"{shapes[i].Name}: wrote {Hex.Encode(results[i].Written)} and reported '{results[i].Reported}', the span call {Hex.Encode(written)} and '{reported}'");
        }
        return failures;
    }

    [Theory]
    [MemberData(nameof(AllAlgorithms))]
    public void EveryShapeWithOneMeaningCompilesWithoutAWarningAndWritesTheSpanCallsDigest(string name)
    {
        Algorithm a = Algorithms.Single(a => a.Name == name);
        List<Shape> shapes = OneMeaningShapes(a);
        // The families every algorithm has, and BCL's HashData into an array wherever the original had no other meaning.
        Assert.Contains(shapes, s => s.Name == "ComputeAndWriteHash(input, output)");
        Assert.Equal(!a.IsOriginal, shapes.Any(s => s.Name == "HashData(source, destination)"));
        List<string> failures = Failures(shapes, ProbeSource(shapes));
        Assert.True(failures.Count == 0, $"{name}:\n" + string.Join("\n", failures));
    }

    [Fact]
    public void Version2NanoAddressChecksumCompilesAndWritesFiveBytes()
    {
        // Real 2.x code (Nano address generators): the checksum is a 5-byte BLAKE2b of the public key, into an array.
        const string Source = """
            using Blake2Fast;
            public static class Probe
            {
                public static byte[] Checksum(byte[] publicKey)
                {
                    byte[] checksum = new byte[5];
                    Blake2b.ComputeAndWriteHash(5, publicKey, checksum);
                    return checksum;
                }
            }
            """;
        var (problems, image) = Compile(Source);
        Assert.Empty(problems);
        byte[] publicKey = Hex.Sequence(32);
        var context = new AssemblyLoadContext("NanoProbe", isCollectible: true);
        try
        {
            MethodInfo checksum = context.LoadFromStream(new MemoryStream(image!)).GetType("Probe")!.GetMethod("Checksum")!;
            Assert.Equal(Blake2b.HashData(5, publicKey), (byte[])checksum.Invoke(null, new object[] { publicKey })!);
        }
        finally
        {
            context.Unload();
        }
    }

    // ---- the shapes the original's 3.0 development made keyed: CS0619, naming that meaning ----

    /// <summary>Compiles <paramref name="body"/> (statements over <c>key</c>, <c>data</c>, <c>dest</c>, <c>state</c>) and returns the errors by line of the body.</summary>
    internal static Dictionary<int, List<Diagnostic>> Errors(string body)
    {
        const string Head = "using System;\nusing Blake2Fast;\nstatic class Probe\n{\n    static void Run(byte[] key, byte[] data, byte[] dest, Blake2bHashState state)\n    {\n        int n; bool b; byte[] h;\n";
        string source = Head + body + "\n    }\n}\n";
        int headLines = Head.Count(c => c == '\n');
        var compilation = CSharpCompilation.Create("Probe", new[] { CSharpSyntaxTree.ParseText(source) }, References.Value,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        return compilation.GetDiagnostics()
            .Where(d => d.Severity == DiagnosticSeverity.Error)
            .GroupBy(d => d.Location.GetLineSpan().StartLinePosition.Line - headLines)
            .ToDictionary(g => g.Key, g => g.ToList());
    }

    [Theory]
    [MemberData(nameof(OriginalAlgorithms))]
    public void TheShapesTheOriginalMadeKeyedAreACompileErrorNamingThatMeaning(string x)
    {
        // (the call, the original's keyed call its message names, the keyed call here, the explicit destination)
        const string Length = "digestLength, ";
        var traps = new (string Call, string Lead)[]
        {
            ($"n = {x}.HashData(key, data);", ""),
            ($"n = {x}.HashData(32, key, data);", Length),
            // The int such a call returns would go into Update<T>(T) unnoticed: the call itself is the error.
            ($"state.Update({x}.HashData(key, data));", ""),
            ($"state.Update({x}.HashData(32, key, data));", Length),
        };
        string[] unambiguous =
        {
            $"h = {x}.Keyed.HashData(key, data);",                      // the keyed hash, in its own class
            $"h = {x}.HashData(data);",
            $"n = {x}.HashData(data, dest.AsSpan());",                  // the BCL meaning, said explicitly
            $"n = {x}.HashData(32, data, dest.AsSpan());",
            $"h = {x}.ComputeHash(key, data);",                         // 2.x: keyed, returns the digest
            $"h = {x}.ComputeHash(32, key, data);",
            $"{x}.ComputeAndWriteHash(key, data, dest);",               // 2.x: keyed, into dest
            $"{x}.ComputeAndWriteHash(32, key, data, dest);",
            $"n = {x}.HashData(key, data, dest);",                      // the original 3.0's keyed destination forms
            $"n = {x}.HashData(32, key, data, dest);",
        };
        string[] lines = traps.Select(t => t.Call).Concat(unambiguous).ToArray();
        Dictionary<int, List<Diagnostic>> errors = Errors(string.Join("\n", lines));
        for (int i = 0; i < traps.Length; i++)
        {
            var (call, lead) = traps[i];
            Assert.True(errors.TryGetValue(i, out List<Diagnostic>? found), $"'{call}' compiled: the shape the original made keyed is open");
            Diagnostic error = Assert.Single(found!);
            Assert.Equal("CS0619", error.Id);
            string message = error.GetMessage(System.Globalization.CultureInfo.InvariantCulture);
            foreach (string named in new[]
            {
                $"In the original Blake2Fast 3.0 development, {x}.HashData({lead}key, source) with two arrays was a keyed hash.",
                $"write the unkeyed",
                $"For a keyed hash call {x}.Keyed.HashData({lead}key, source)",
                $"{x}.HashData({lead}source, destination.AsSpan())",
            })
            {
                Assert.True(message.Contains(named, StringComparison.Ordinal), $"'{call}': the message does not say '{named}': {message}");
            }
            // The families that never had a keyed two-array form are not named as if they had.
            Assert.DoesNotContain("TryHashData", message, StringComparison.Ordinal);
            Assert.DoesNotContain("ComputeAndWriteHash", message, StringComparison.Ordinal);
        }
        for (int i = traps.Length; i < lines.Length; i++)
            Assert.False(errors.ContainsKey(i), $"'{lines[i]}' does not compile: {string.Join("; ", errors.GetValueOrDefault(i) ?? new())}");
    }

    [Fact]
    public void TheRefusedOverloadsAreExactlyTheShapesTheOriginalMadeKeyed()
    {
        // Reflection over the whole library: every member obsolete as an error, and nothing else.
        string[] refused = typeof(Blake2b).Assembly.GetExportedTypes()
            .SelectMany(t => t.GetMethods(BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly))
            .Where(m => m.GetCustomAttribute<ObsoleteAttribute>() is { IsError: true })
            .Select(m => $"{m.DeclaringType!.Name}.{m.Name}({string.Join(", ", m.GetParameters().Select(p => p.ParameterType.Name + " " + p.Name))})")
            .OrderBy(s => s, StringComparer.Ordinal)
            .ToArray();
        string[] expected = Original
            .SelectMany(x => new[]
            {
                $"{x}.HashData(Int32 digestLength, ReadOnlySpan`1 source, Byte[] destination)",
                $"{x}.HashData(ReadOnlySpan`1 source, Byte[] destination)",
            })
            .OrderBy(s => s, StringComparer.Ordinal)
            .ToArray();
        Assert.Equal(expected, refused);
        // Hidden from completion: nobody is offered a call that cannot compile.
        Assert.All(typeof(Blake2b).Assembly.GetExportedTypes()
            .SelectMany(t => t.GetMethods())
            .Where(m => m.GetCustomAttribute<ObsoleteAttribute>() is { IsError: true }),
            m => Assert.Equal(EditorBrowsableState.Never, m.GetCustomAttribute<EditorBrowsableAttribute>()?.State));
    }

    // ---- the checks above can fail ----

    [Fact]
    public void TheChecksFailWhenAShapeMisbehaves()
    {
        // The error check sees errors by line, so a refused line that compiled would be reported as such.
        Dictionary<int, List<Diagnostic>> errors = Errors("n = Blake2b.HashData(data, dest.AsSpan());\nn = Blake2b.HashData(key, data);\nundefined();");
        Assert.False(errors.ContainsKey(0));
        Assert.Equal("CS0619", Assert.Single(errors[1]).Id);
        Assert.Equal("CS0103", Assert.Single(errors[2]).Id);

        // A warning in the probe is a failure: an obsolete (warning) call.
        List<Shape> shapes = OneMeaningShapes(Algorithms.Single(a => a.Name == "Blake2bp"));
        string warned = ProbeSource(shapes) + "static class Extra { [Obsolete(\"old\")] static void Old() { } static void Use() => Old(); }\n";
        Assert.Contains(Failures(shapes, warned), f => f.StartsWith("CS0618", StringComparison.Ordinal));

        // A call that writes another digest (here, of the input less its first byte) is a failure naming its shape.
        string wrong = ProbeSource(shapes).Replace("Blake2bp.ComputeAndWriteHash(data, d);", "Blake2bp.ComputeAndWriteHash(data.AsSpan(1), d);", StringComparison.Ordinal);
        Assert.NotEqual(ProbeSource(shapes), wrong);
        List<string> failures = Failures(shapes, wrong);
        Assert.Equal("ComputeAndWriteHash(input, output)", Assert.Single(failures).Split(':')[0]);
    }
}
