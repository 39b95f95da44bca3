using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Blake2Fast.Tests.DocExamples;

/// <summary>
/// Every C# block of README.md and of every page under docs/ works when pasted: compiled alone, with only its own
/// using lines and the names it declares, as the whole Program.cs of a new <c>dotnet new console</c> project that
/// references the library. That project is modelled here with Roslyn: an executable (top-level statements), nullable
/// enabled, warning level 10 (the SDK's for net10.0), the SDK's implicit global usings for a console app (System,
/// System.Collections.Generic, System.IO, System.Linq, System.Net.Http, System.Threading, System.Threading.Tasks),
/// and references to the shared framework's assemblies and the library alone (not xunit, not these tests).
/// A block fails on any error and on any warning (nullable ones included): a pasted example must build clean.
/// Analyzers (CAxxxx) are not run. The compiler is the test project's Roslyn (C# 12), a subset of net10.0's C# 14.
/// (<see cref="DocExampleTests"/> keeps the other half: each block also runs, verbatim, in a [Fact].)
/// </summary>
public class DocBlockCompileTests
{
    private static readonly string s_pages = Path.Combine(AppContext.BaseDirectory, "TestData", "Docs");

    /// <summary>Every C# block of every page copied next to the test binaries (DocExamples.props): its page and line.</summary>
    public static TheoryData<string, int> Blocks()
    {
        var data = new TheoryData<string, int>();
        foreach ((string page, int line) in BlockList())
            data.Add(page, line);
        return data;
    }

    private static (string Page, int Line)[] BlockList() =>
        Pages().SelectMany(page => DocExampleMatcher.CSharpBlocks(File.ReadAllText(Path.Combine(s_pages, page))).Select(block => (page, block.Line)))
            .ToArray();

    private static IEnumerable<string> Pages() =>
        Directory.GetFiles(s_pages, "*.md", SearchOption.AllDirectories)
            .Select(p => Path.GetRelativePath(s_pages, p).Replace('\\', '/'))
            .OrderBy(p => p, StringComparer.Ordinal);

    [Theory]
    [MemberData(nameof(Blocks))]
    public void TheBlockCompilesAsAProgramOfItsOwn(string page, int line)
    {
        DocExampleMatcher.CodeBlock block = DocExampleMatcher.CSharpBlocks(File.ReadAllText(Path.Combine(s_pages, page)))
            .Single(b => b.Line == line);
        IReadOnlyList<string> problems = DocBlockCompiler.Problems(block);
        Assert.True(problems.Count == 0,
            $"{page} line {line}: the block does not compile as the whole Program.cs of a new console project " +
            "(its own using lines, the names it declares, the SDK's implicit usings, the library):\n" + string.Join("\n", problems));
    }

    [Fact]
    public void ThePagesAndTheirBlocksAreFound()
    {
        // The theory above passes on no data at all; these guard it.
        Assert.Contains("README.md", Pages());
        Assert.Contains("docs/blake3-subtrees.md", Pages());
        string[] pages = BlockList().Select(block => block.Page).ToArray();
        Assert.True(pages.Count(p => p == "README.md") >= 10);
        Assert.Contains("docs/blake3-subtrees.md", pages);
    }

    [Fact]
    public void ACompleteProgramCompiles_WithTheImplicitUsingsAndTheLibrary()
    {
        // Names from every implicit using, top-level await and a static local function: no problem reported.
        const string program = "using Blake2Fast;\n\nbyte[] data = \"hello\"u8.ToArray();\nList<int> list = new() { 1 };\n" +
            "using var http = new HttpClient();\nCancellationToken token = default;\nawait Task.Delay(0, token);\n" +
            "string path = Path.Combine(\"a\", \"b\");\nConsole.WriteLine(Twice(data).Length + list.Count() + path.Length);\n\n" +
            "static byte[] Twice(byte[] input) => Blake2b.HashData(input.Concat(input).ToArray());\n";
        Assert.Empty(DocBlockCompiler.Problems(Block(program)));
    }

    [Theory]
    [InlineData("using Blake2Fast;\n\nbyte[] digest = Blake2b.HashData(data);", 3, "CS0103")]                        // data never declared
    [InlineData("using Blake2Fast;\n\nbyte[] key = RandomNumberGenerator.GetBytes(32);", 3, "CS0103")]             // using System.Security.Cryptography missing
    [InlineData("byte[] digest = Blake2b.HashData(new byte[1]);", 1, "CS0103")]                                    // using Blake2Fast missing
    [InlineData("using Blake2Fast;\n\nSafeFileHandle? file = null;\nConsole.WriteLine(file);", 3, "CS0246")]      // using Microsoft.Win32.SafeHandles missing
    [InlineData("using System.Text;\n\nvar sb = new StringBuilder();\nAssert.NotNull(sb);", 4, "CS0103")]         // xunit is not referenced
    [InlineData("using Blake2Fast;\n\nstatic byte[] Hash(byte[] input) => Blake2b.HashData(input);", 3, "CS8321")] // a function never called: a warning
    [InlineData("using Blake2Fast;\n\nstatic class Hashes { }", 1, "CS5001")]                                   // no statement: not a program
    [InlineData("using Blake2Fast;\n\nvar record = Blake2b.CreateIncrementalHasher();\nrecord.UpdateUtf8(\"x\");", 4, "CS1001")] // fine in a method, a record declaration at the top level
    [InlineData("string? name = null;\nstring text = name;\nConsole.WriteLine(text);", 2, "CS8600")]               // a nullable warning fails too
    [InlineData("int unused = 1;", 1, "CS0219")]                                                                 // so does any other warning
    public void TheCheckFailsOnAnUndeclaredNameAMissingUsingOrAWarning(string code, int pageLineOffset, string expected)
    {
        // The block starts on page line 10: a problem is reported with its page line and the compiler's message.
        IReadOnlyList<string> problems = DocBlockCompiler.Problems(Block(code, firstLine: 10));
        Assert.Contains(problems, p => p.StartsWith($"line {9 + pageLineOffset}: ", StringComparison.Ordinal) && p.Contains(expected, StringComparison.Ordinal));
    }

    private static DocExampleMatcher.CodeBlock Block(string code, int firstLine = 1) =>
        new(firstLine, code.Replace("\r\n", "\n").Split('\n'));
}

/// <summary>Compiles one documentation block as the whole Program.cs of a new console project (see <see cref="DocBlockCompileTests"/>).</summary>
internal static class DocBlockCompiler
{
    // What the SDK writes into obj/.../<Project>.GlobalUsings.g.cs for a console app with ImplicitUsings enabled.
    private const string ImplicitUsings = """
        global using global::System;
        global using global::System.Collections.Generic;
        global using global::System.IO;
        global using global::System.Linq;
        global using global::System.Net.Http;
        global using global::System.Threading;
        global using global::System.Threading.Tasks;
        """;

    // The shared framework's assemblies (those beside System.Private.CoreLib), and the library: what a console
    // project's compile sees, and nothing of the tests (xunit, Roslyn, the test assembly).
    private static readonly Lazy<MetadataReference[]> s_references = new(() =>
    {
        string framework = Path.GetDirectoryName(typeof(object).Assembly.Location)!;
        return ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => p.EndsWith(".dll", StringComparison.OrdinalIgnoreCase)
                && string.Equals(Path.GetDirectoryName(p), framework, StringComparison.Ordinal))
            .Append(typeof(Blake2b).Assembly.Location)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToArray();
    });

    /// <summary>The block's errors and warnings, each as "line N: CSxxxx: message" with N the page's line.</summary>
    public static IReadOnlyList<string> Problems(DocExampleMatcher.CodeBlock block)
    {
        var parse = new CSharpParseOptions(LanguageVersion.Latest);
        SyntaxTree program = CSharpSyntaxTree.ParseText(string.Join("\n", block.Lines), parse, path: "Program.cs");
        SyntaxTree usings = CSharpSyntaxTree.ParseText(ImplicitUsings, parse, path: "GlobalUsings.g.cs");
        var options = new CSharpCompilationOptions(OutputKind.ConsoleApplication,
            nullableContextOptions: NullableContextOptions.Enable, warningLevel: 10, allowUnsafe: false);
        var compilation = CSharpCompilation.Create("Program", new[] { program, usings }, s_references.Value, options);
        return compilation.GetDiagnostics()
            .Where(d => d.Severity is DiagnosticSeverity.Error or DiagnosticSeverity.Warning)
            .OrderBy(d => d.Location.SourceSpan.Start)
            .Select(d => $"line {block.Line + d.Location.GetLineSpan().StartLinePosition.Line}: {d.Id}: {d.GetMessage(CultureInfo.InvariantCulture)}")
            .ToList();
    }
}
