using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Blake2Fast.Tests.Compat;

/// <summary>
/// The keyed trap, closed at compile time: a call with arrays in the keyed shape (<c>X.HashData(key, data)</c>,
/// <c>X.HashData(len, key, data)</c>, and the same with <c>TryHashData</c> and <c>ComputeAndWriteHash</c>) would bind
/// to the source/destination overload and write the unkeyed digest of the key over the data. Each shape is compiled
/// here with Roslyn against this build of the library, and must fail with CS0619 and a message that names the keyed
/// call and the explicit destination; the calls that mean one thing only must compile.
/// </summary>
public class KeyedTrapCompileTests
{
    private static readonly Lazy<MetadataReference[]> References = new(() =>
        ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => p.EndsWith(".dll", StringComparison.OrdinalIgnoreCase))
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToArray());

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

    public static TheoryData<string> KeyedAlgorithms => new() { "Blake2b", "Blake2s", "Blake2bp", "Blake2sp", "Blake3" };

    [Theory]
    [MemberData(nameof(KeyedAlgorithms))]
    public void EveryArrayCallInTheKeyedShapeIsACompileErrorNamingBothMeanings(string x)
    {
        // (the call, the keyed call its message must name, the explicit destination it must name)
        var traps = new (string Call, string Keyed, string Explicit)[]
        {
            ($"n = {x}.HashData(key, data);", $"{x}.Keyed.HashData(key, source)", $"{x}.HashData(source, destination.AsSpan())"),
            ($"n = {x}.HashData(32, key, data);", $"{x}.Keyed.HashData(digestLength, key, source)", $"{x}.HashData(digestLength, source, destination.AsSpan())"),
            ($"b = {x}.TryHashData(key, data, out n);", $"{x}.Keyed.HashData(key, source)", $"{x}.TryHashData(source, destination.AsSpan(), out bytesWritten)"),
            ($"b = {x}.TryHashData(32, key, data, out n);", $"{x}.Keyed.HashData(digestLength, key, source)", $"{x}.TryHashData(digestLength, source, destination.AsSpan(), out bytesWritten)"),
            ($"{x}.ComputeAndWriteHash(key, data);", $"{x}.Keyed.HashData(key, source)", $"{x}.ComputeAndWriteHash(input, output.AsSpan())"),
            ($"{x}.ComputeAndWriteHash(32, key, data);", $"{x}.Keyed.HashData(digestLength, key, source)", $"{x}.ComputeAndWriteHash(digestLength, input, output.AsSpan())"),
            // The int such a call returned went into Update<T>(T) unnoticed: the call itself is now the error.
            ($"state.Update({x}.HashData(key, data));", $"{x}.Keyed.HashData(key, source)", $"{x}.HashData(source, destination.AsSpan())"),
            ($"state.Update({x}.HashData(32, key, data));", $"{x}.Keyed.HashData(digestLength, key, source)", $"{x}.HashData(digestLength, source, destination.AsSpan())"),
        };
        AssertTraps(traps, Unambiguous(x));
    }

    [Fact]
    public void TheSaltedAndExtendableOutputAlgorithmsRefuseTheSameShape()
    {
        AssertTraps(new[]
        {
            ("n = Blake256.HashData(key, data);", "Blake256.Salted.HashData(salt, source)", "Blake256.HashData(source, destination.AsSpan())"),
            ("b = Blake224.TryHashData(key, data, out n);", "Blake224.Salted.HashData(salt, source)", "Blake224.TryHashData(source, destination.AsSpan(), out bytesWritten)"),
            ("Blake256.ComputeAndWriteHash(key, data);", "Blake256.Salted.HashData(salt, source)", "Blake256.ComputeAndWriteHash(input, output.AsSpan())"),
            ("Blake2Xb.HashData(key, data);", "Blake2Xb.Keyed.HashData(key, source, outputLength)", "Blake2Xb.HashData(source, destination.AsSpan())"),
            ("Blake2Xs.ComputeAndWriteHash(key, data);", "Blake2Xs.Keyed.HashData(key, source, outputLength)", "Blake2Xs.ComputeAndWriteHash(input, output.AsSpan())"),
        }, new[]
        {
            "n = Blake256.HashData(data, dest.AsSpan());",
            "h = Blake256.Salted.HashData(key, data);",
            "Blake2Xb.HashData(data, dest.AsSpan());",
            "h = Blake2Xb.Keyed.HashData(key, data, 100);",
        });
    }

    /// <summary>The calls around the trap that read one way only: they compile, with no error at all.</summary>
    private static string[] Unambiguous(string x) => new[]
    {
        $"n = {x}.HashData(data, dest.AsSpan());",                 // the BCL meaning, said explicitly
        $"n = {x}.HashData(32, data, dest.AsSpan());",
        $"b = {x}.TryHashData(data, dest.AsSpan(), out n);",
        $"{x}.ComputeAndWriteHash(data, dest.AsSpan());",
        $"h = {x}.HashData(data);",
        $"h = {x}.Keyed.HashData(key, data);",                      // the keyed hash, in its own class
        $"h = {x}.ComputeHash(key, data);",                         // 2.x: keyed, returns the digest
        $"h = {x}.ComputeHash(32, key, data);",
        $"{x}.ComputeAndWriteHash(key, data, dest);",               // 2.x: keyed, into dest
        $"{x}.ComputeAndWriteHash(32, key, data, dest);",
        $"n = {x}.HashData(key, data, dest);",                      // the original 3.0's keyed destination forms
        $"n = {x}.HashData(32, key, data, dest);",
    };

    private static void AssertTraps(IReadOnlyList<(string Call, string Keyed, string Explicit)> traps, IReadOnlyList<string> unambiguous)
    {
        var lines = traps.Select(t => t.Call).Concat(unambiguous).ToArray();
        Dictionary<int, List<Diagnostic>> errors = Errors(string.Join("\n", lines));
        for (int i = 0; i < traps.Count; i++)
        {
            var (call, keyed, explicitCall) = traps[i];
            Assert.True(errors.TryGetValue(i, out List<Diagnostic>? found), $"'{call}' compiled: the keyed trap is open");
            Diagnostic error = Assert.Single(found!);
            Assert.Equal("CS0619", error.Id);
            string message = error.GetMessage(System.Globalization.CultureInfo.InvariantCulture);
            // Every family's message also names the BCL-style one-shot into an explicit span.
            string owner = keyed.Substring(0, keyed.IndexOf('.', StringComparison.Ordinal));
            string bcl = $"{owner}.HashData({(keyed.Contains("digestLength", StringComparison.Ordinal) ? "digestLength, " : "")}source, destination.AsSpan())";
            Assert.True(message.Contains(bcl, StringComparison.Ordinal), $"'{call}': the message does not name {bcl}: {message}");
            Assert.True(message.Contains(keyed, StringComparison.Ordinal), $"'{call}': the message does not name {keyed}: {message}");
            Assert.True(message.Contains(explicitCall, StringComparison.Ordinal), $"'{call}': the message does not name {explicitCall}: {message}");
        }
        for (int i = traps.Count; i < lines.Length; i++)
            Assert.False(errors.ContainsKey(i), $"'{lines[i]}' does not compile: {string.Join("; ", errors.GetValueOrDefault(i) ?? new())}");
    }

    [Fact]
    public void TheCheckFailsWhenAShapeCompiles()
    {
        // The helper sees errors by line, so a trap line that compiled would be reported as such.
        Dictionary<int, List<Diagnostic>> errors = Errors("n = Blake2b.HashData(data, dest.AsSpan());\nn = Blake2b.HashData(key, data);\nundefined();");
        Assert.False(errors.ContainsKey(0));
        Assert.Equal("CS0619", Assert.Single(errors[1]).Id);
        Assert.Equal("CS0103", Assert.Single(errors[2]).Id);
    }
}
