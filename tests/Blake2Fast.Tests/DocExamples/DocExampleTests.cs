using System;
using System.IO;
using System.Linq;

namespace Blake2Fast.Tests.DocExamples;

/// <summary>
/// Every C# block of README.md and of every page under docs/ is run: it must appear verbatim in one of the example
/// sources of this folder (*Examples.cs, one file per page, each example a [Fact] that asserts its result; not this
/// file, whose fake pages' code is not run), all but its leading using directives, which cannot be inside a method.
/// That each block also compiles alone, as a whole program, is <see cref="DocBlockCompileTests"/>' check. The pages
/// and the sources are copied next to the test binaries (DocExamples.props).
/// </summary>
public class DocExampleTests
{
    private static readonly string s_pages = Path.Combine(AppContext.BaseDirectory, "TestData", "Docs");
    private static readonly string s_examples = Path.Combine(AppContext.BaseDirectory, "TestData", "DocExamples");

    [Fact]
    public void EveryCSharpBlockOfEveryPage_IsInAnExampleSource()
    {
        string[] pages = Directory.GetFiles(s_pages, "*.md", SearchOption.AllDirectories);
        string[] sources = Directory.GetFiles(s_examples, "*Examples.cs").Select(File.ReadAllText).ToArray();
        // The copies must be there, or the check below would pass on nothing.
        Assert.Contains(pages, p => Path.GetRelativePath(s_pages, p) == "README.md");
        Assert.Contains(pages, p => Path.GetRelativePath(s_pages, p).StartsWith("docs", StringComparison.Ordinal));
        Assert.True(File.Exists(Path.Combine(s_examples, nameof(ReadmeExamples) + ".cs")));

        var missing = pages
            .SelectMany(page => DocExampleMatcher.Missing(File.ReadAllText(page), sources)
                .Select(block => $"{Path.GetRelativePath(s_pages, page).Replace('\\', '/')} {block}"))
            .ToList();
        Assert.True(missing.Count == 0,
            "These C# blocks are not found verbatim (leading indentation and the block's leading using lines aside) in tests/Blake2Fast.Tests/DocExamples/*Examples.cs; " +
            "copy each into a [Fact] of the page's examples file that runs it and asserts its result:\n" + string.Join("\n", missing));
    }

    [Fact]
    public void TheReadmeHasExamples()
    {
        string readme = File.ReadAllText(Path.Combine(s_pages, "README.md"));
        Assert.True(DocExampleMatcher.CSharpBlocks(readme).Count >= 10);
    }

    private const string Source = """
        public void Example()
        {
            var hasher = Blake2b.CreateIncrementalHasher();
            hasher.Update(data);

            byte[] digest = hasher.Finish();
        }
        """;

    [Fact]
    public void Matcher_FindsABlockWrittenInsideAMethod_IndentationAside()
    {
        const string page = "# Page\n\n```csharp\nvar hasher = Blake2b.CreateIncrementalHasher();\n  hasher.Update(data);   \n\nbyte[] digest = hasher.Finish();\n```\n";
        Assert.Single(DocExampleMatcher.CSharpBlocks(page));
        Assert.Empty(DocExampleMatcher.Missing(page, new[] { Source }));
    }

    [Theory]
    [InlineData("var hasher = Blake2b.CreateIncrementalHasher();\nhasher.Update(other);")]          // a changed line
    [InlineData("var hasher = Blake2b.CreateIncrementalHasher();\nbyte[] digest = hasher.Finish();")] // lines not consecutive
    [InlineData("hasher.Update(data);\nbyte[] digest = hasher.Finish();")]                            // a blank line dropped
    [InlineData("var hasher = Blake2b.CreateIncrementalHasher();\nhasher.Update(data);\nhasher.Update(data);")] // one line more
    [InlineData("")]                                                                                   // no code at all
    public void Matcher_ReportsABlockNotFound(string code)
    {
        string page = $"Intro.\n\n```csharp\n{code}\n```\n\nMore.\n\n```csharp\nhasher.Update(data);\n```\n";
        var missing = DocExampleMatcher.Missing(page, new[] { Source });
        Assert.Equal(4, Assert.Single(missing).Line);
    }

    [Fact]
    public void Matcher_DoesNotLookForTheBlocksLeadingUsingDirectives()
    {
        // A page's block is a whole Program.cs: its using lines cannot be inside the [Fact] that runs it.
        const string page = "```csharp\nusing Blake2Fast;\nusing static System.Math;\nusing Text = System.Text;\n\nvar hasher = Blake2b.CreateIncrementalHasher();\nhasher.Update(data);\n```\n";
        Assert.Empty(DocExampleMatcher.Missing(page, new[] { Source }));
        Assert.Equal("line 2: var hasher = Blake2b.CreateIncrementalHasher();", DocExampleMatcher.CSharpBlocks(page)[0].ToString());
    }

    [Theory]
    [InlineData("using Blake2Fast;\nvar hasher = Blake2b.CreateIncrementalHasher();\nhasher.Update(other);")]     // the code after the usings is still checked
    [InlineData("using var hasher = Blake2b.CreateIncrementalHasher();\nhasher.Update(data);")]                 // a using declaration is code
    [InlineData("using (var hasher = Blake2b.CreateHashAlgorithm())\nhasher.Update(data);")]                  // so is a using statement
    [InlineData("var hasher = Blake2b.CreateIncrementalHasher();\nusing Blake2Fast;\nhasher.Update(data);")] // a directive after code is not leading
    [InlineData("using Blake2Fast;\n\nusing System;")]                                                         // usings alone: no code
    public void Matcher_StillLooksForEverythingElse(string code)
    {
        string page = $"```csharp\n{code}\n```\n";
        Assert.Single(DocExampleMatcher.Missing(page, new[] { Source }));
    }

    [Theory]
    [InlineData("using Blake2Fast;", true)]
    [InlineData("  using System.Security.Cryptography;   // CryptoStream", true)]
    [InlineData("using static System.Math;", true)]
    [InlineData("using Hex = System.Convert;", true)]
    [InlineData("global using global::System.Linq;", true)]
    [InlineData("using var blake = Blake2b.CreateHashAlgorithm();", false)]
    [InlineData("using Stream stream = new MemoryStream(data);", false)]
    [InlineData("using (var crypto = new CryptoStream(Stream.Null, blake, CryptoStreamMode.Write))", false)]
    [InlineData("using Blake2Fast", false)]
    [InlineData("// using Blake2Fast;", false)]
    public void Matcher_TellsUsingDirectivesFromCode(string line, bool directive) =>
        Assert.Equal(directive, DocExampleMatcher.IsUsingDirective(line));

    [Theory]
    [InlineData("```cs")]
    [InlineData("```C#")]
    [InlineData("~~~csharp")]
    [InlineData("   ````csharp title=\"x\"")]
    public void Matcher_ChecksEveryFenceAndNameOfCSharp(string fence)
    {
        string close = fence.TrimStart()[..fence.TrimStart().TakeWhile(c => c == fence.TrimStart()[0]).Count()];
        string page = $"{fence}\nnot in any source();\n{close}\n";
        Assert.Single(DocExampleMatcher.Missing(page, new[] { Source }));
    }

    [Fact]
    public void Matcher_IgnoresOtherLanguages_AndInlineBackticks()
    {
        const string page = "```\ndotnet test -c Release\n```\n\n```text\nnot code();\n```\n\n```bash\nls\n```\n\n```csharp inline``` is not a fence.\n";
        Assert.Empty(DocExampleMatcher.CSharpBlocks(page));
    }

    [Fact]
    public void Matcher_ReadsAnUnclosedFence_ToTheEndOfThePage()
    {
        const string page = "```csharp\nhasher.Update(data);\nnot in any source();\n";
        CodeBlock(page, expectedLines: 3);
        Assert.Single(DocExampleMatcher.Missing(page, new[] { Source }));
    }

    [Fact]
    public void Matcher_ALongerFenceIsClosedOnlyByOneAsLong()
    {
        const string page = "````csharp\nhasher.Update(data);\n```\nnot in any source();\n````\n";
        CodeBlock(page, expectedLines: 3);
        Assert.Single(DocExampleMatcher.Missing(page, new[] { Source }));
    }

    private static void CodeBlock(string page, int expectedLines) =>
        Assert.Equal(expectedLines, Assert.Single(DocExampleMatcher.CSharpBlocks(page)).Lines.Count);
}
