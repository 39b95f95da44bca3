using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace Blake2Fast.Tests.DocExamples;

/// <summary>
/// Every repository path that README.md or a page under docs/ names in backticks is a file or folder of the
/// repository: a file renamed or deleted must fail here, not on a reader. Inline code spans of the prose are read
/// (fenced blocks are commands and code, not names). A span is a repository path when it is, as a whole:
/// <list type="number">
/// <item>text whose first segment is a top-level entry of the repository (<c>src/</c>, <c>tests/</c>, <c>build/</c>,
/// <c>docs/</c>, <c>.ci/</c>, <c>README.md</c>, <c>license</c>, <c>Blake2Fast.sln</c>, ...): relative to the root, it
/// must exist as written;</item>
/// <item>a relative path with a slash that ends in a file extension of this repository (<c>.cs</c>, <c>.md</c>,
/// <c>.py</c>, ...; see <see cref="RepositoryExtensions"/>) or in a slash (a folder): pages also name files relative
/// to the folder they are talking about (<c>State/Engines.cs</c> in src/Blake2Fast, <c>TestData/</c> in the tests),
/// so it must exist relative to the page's folder, or be the tail of a path of the repository (a path starting with
/// <c>./</c> or <c>../</c>, whatever it ends in, only relative to the page's folder);</item>
/// <item>a file name alone with such an extension (<c>KernelTable.cs</c>): some file of the repository has that name.</item>
/// </list>
/// Skipped by rule: anything under <c>obj/</c>, <c>bin/</c>, <c>artifacts/</c>, <c>TestResults/</c> or
/// <c>BenchmarkDotNet.Artifacts/</c> and <c>.g.cs</c> files (generated, not in a clone); placeholders and wildcards
/// (<c>&lt;tfm&gt;</c>, <c>*</c>, <c>{index}</c>, <c>$VAR</c>); absolute paths and URLs; spans with spaces or other
/// characters no path here has (code, commands); other extensions (<c>.c</c>, <c>.go</c>, <c>.S</c>, <c>.dll</c>,
/// <c>.xml</c>: files of other repositories or of build output) and a name that is an extension alone (<c>.cv</c>).
/// The test reads the repository from the clone the test binaries were built in (the folder with Blake2Fast.sln
/// above them); the ARM64 leg runs a published copy outside any clone and skips it (the x64 legs check the same pages).
/// </summary>
public class DocPathTests
{
    private static readonly string s_pages = Path.Combine(AppContext.BaseDirectory, "TestData", "Docs");

    /// <summary>The repository's top-level entries that a path may start with.</summary>
    internal static readonly string[] TopLevel =
    {
        "src", "tests", "build", "docs", ".ci", "README.md", "license", "Blake2Fast.sln", "Directory.Build.props",
        "azure-pipelines.yml", "nuget.config",
    };

    /// <summary>The extensions of the files this repository holds: a span ending in another is not one of its paths.</summary>
    internal static readonly string[] RepositoryExtensions =
    {
        ".cs", ".csproj", ".props", ".targets", ".sln", ".md", ".py", ".sh", ".json", ".txt", ".yml", ".svg", ".csv",
        ".runsettings",
    };

    // Folders whose contents a build writes, never in a clone.
    private static readonly string[] s_generated = { "bin", "obj", "artifacts", "TestResults", "BenchmarkDotNet.Artifacts", ".git" };

    // An inline code span: a run of backticks, the text, the same run (CommonMark); it may wrap to the next line.
    private static readonly Regex s_codeSpan = new(@"(?<!`)(?<fence>`+)(?!`)(?<text>.+?)(?<!`)\k<fence>(?!`)", RegexOptions.Singleline | RegexOptions.CultureInvariant);

    private static readonly Regex s_pathCharacters = new(@"^[A-Za-z0-9_.\-/]+$", RegexOptions.CultureInvariant);

    /// <summary>What a span is taken for.</summary>
    internal enum PathKind { NotAPath, FromRoot, Relative, FileName }

    /// <summary>Every page copied next to the test binaries (DocExamples.props), relative to the repository root.</summary>
    public static TheoryData<string> Pages()
    {
        var data = new TheoryData<string>();
        foreach (string page in PageNames())
            data.Add(page);
        return data;
    }

    private static string[] PageNames() =>
        Directory.GetFiles(s_pages, "*.md", SearchOption.AllDirectories)
            .Select(p => Path.GetRelativePath(s_pages, p).Replace('\\', '/'))
            .OrderBy(p => p, StringComparer.Ordinal)
            .ToArray();

    [Theory]
    [MemberData(nameof(Pages))]
    public void EveryRepositoryPathOfThePage_Exists(string page)
    {
        string? root = RepositoryRoot();
        if (root is null)
        {
            // Only the ARM64 leg runs the suite outside a clone (published, under qemu); the x64 legs check the same pages.
            Assert.Equal("arm64", Environment.GetEnvironmentVariable("BLAKE2FAST_EXPECTED_LEG"));
            return;
        }
        RepositoryTree tree = RepositoryTree.Read(root);
        Assert.True(tree.Contains("src/Blake2Fast/Blake2Fast.csproj"), "the repository was not read from " + root);
        IReadOnlyList<string> broken = BrokenPaths(File.ReadAllText(Path.Combine(root, page)), page, tree);
        Assert.True(broken.Count == 0,
            $"{page} names repository paths that do not exist (a file or folder renamed or deleted; see DocPathTests for what is read as a path):\n" +
            string.Join("\n", broken));
    }

    [Fact]
    public void ThePagesAreFound()
    {
        // The theory above passes on no data at all; this guards it.
        string[] pages = PageNames();
        Assert.Contains("README.md", pages);
        Assert.Contains("docs/develop.md", pages);
    }

    [Fact]
    public void TheCheckFailsOnPathsThatDoNotExist_AndSkipsWhatIsNotAPath()
    {
        var tree = new RepositoryTree(new[]
        {
            "src/Blake2Fast/State/Engines.cs", "src/Blake2Fast/Cores/KernelTable.cs", "docs/develop.md", "docs/benchmarks/README.md",
            "license", "build/rounds.py",
        });
        string page =
            "Found: `src/Blake2Fast/State/Engines.cs`, `State/Engines.cs`, `KernelTable.cs`, `benchmarks/README.md`, `license`, `build/`, `../license`.\n" +
            "Skipped: `src/Blake2Fast/obj/generated/<tfm>/`, `tests/*/TestResults`, `blake3_neon.c`, `Blake2b.HashData`, `x/crypto`, `b2fsum -c x.md`, `.cv`.\n" +
            "\n" +
            "```\n" +
            "src/Nope.cs `src/Nope.cs`\n" +
            "```\n" +
            "Broken: `src/Blake2Fast/Gone.cs`, `Blake2sLanesNeon.cs`, `State/Nothing.cs`,\n" +
            "`docs/nope/`, `build/rounds.sh`, ``Cores/Missing.cs`` and `../../license`.\n";
        Assert.Equal(
            new[]
            {
                "line 7: `src/Blake2Fast/Gone.cs`", "line 7: `Blake2sLanesNeon.cs`", "line 7: `State/Nothing.cs`",
                "line 8: `docs/nope/`", "line 8: `build/rounds.sh`", "line 8: `Cores/Missing.cs`", "line 8: `../../license`",
            },
            BrokenPaths(page, "docs/develop.md", tree));
    }

    [Theory]
    [InlineData("src/Blake2Fast/Blake2Fast.csproj", "FromRoot")]
    [InlineData("docs/", "FromRoot")]
    [InlineData(".ci/run", "FromRoot")]
    [InlineData("license", "FromRoot")]
    [InlineData("Cores/Blake3/Blake3Warmup.cs", "Relative")]
    [InlineData("TestData/", "Relative")]
    [InlineData("benchmarks/amd-zen4.md", "Relative")]
    [InlineData("../license", "Relative")]
    [InlineData("KernelTable.cs", "FileName")]
    [InlineData("PublicApi.netstandard2.0.txt", "FileName")]
    [InlineData("src/Blake2Fast/obj/generated/<tfm>/", "NotAPath")]      // generated, and a placeholder
    [InlineData("tests/Blake2Fast.Tests/bin/Release", "NotAPath")]       // generated
    [InlineData("Blake2b.Surface.g.cs", "NotAPath")]                     // generated
    [InlineData("docs/**/*.md", "NotAPath")]                             // a wildcard
    [InlineData("runtimes/<rid>/lib/", "NotAPath")]                      // a placeholder
    [InlineData("/proc/cpuinfo", "NotAPath")]                            // absolute
    [InlineData("https://github.com/x/y.md", "NotAPath")]                // a URL
    [InlineData("crypto/blake256/hasher_test.go", "NotAPath")]           // another repository's file
    [InlineData("blake3_hasher_init/update/finalize", "NotAPath")]       // no extension: not clearly a path
    [InlineData("Blake2b.HashData", "NotAPath")]
    [InlineData("dotnet test -c Release", "NotAPath")]
    [InlineData(".cv", "NotAPath")]
    public void SpansAreReadAsPathsByTheRules(string span, string kind) =>
        Assert.Equal(kind, Kind(span).ToString());

    /// <summary>The page's repository paths that the tree does not hold, each as "line N: `path`".</summary>
    internal static IReadOnlyList<string> BrokenPaths(string markdown, string page, RepositoryTree tree)
    {
        string prose = string.Join("\n", DocExampleMatcher.ProseLines(markdown));
        string pageFolder = page.Contains('/', StringComparison.Ordinal) ? page[..page.LastIndexOf('/')] : "";
        var broken = new List<string>();
        foreach (Match m in s_codeSpan.Matches(prose))
        {
            string path = m.Groups["text"].Value.Trim();
            bool found = Kind(path) switch
            {
                PathKind.FromRoot => tree.Contains(path),
                PathKind.Relative => tree.Contains(Combine(pageFolder, path)) || tree.EndsWith(path),
                PathKind.FileName => tree.HasFileNamed(path),
                _ => true,
            };
            if (!found)
                broken.Add($"line {1 + prose.AsSpan(0, m.Index).Count('\n')}: `{path}`");
        }
        return broken;
    }

    /// <summary>Whether <paramref name="span"/> (an inline code span's text) is a repository path, and of which kind.</summary>
    internal static PathKind Kind(string span)
    {
        if (!s_pathCharacters.IsMatch(span) || span.StartsWith('/') || span.Contains("//", StringComparison.Ordinal))
            return PathKind.NotAPath; // spaces, code, placeholders (<tfm>, {index}), wildcards, $VAR, absolute paths, URLs
        string[] segments = span.TrimEnd('/').Split('/');
        string last = segments[^1];
        if (segments.Any(s => s_generated.Contains(s, StringComparer.Ordinal) || s.Length == 0) || last.EndsWith(".g.cs", StringComparison.Ordinal))
            return PathKind.NotAPath;
        if (TopLevel.Contains(segments[0], StringComparer.Ordinal))
            return PathKind.FromRoot;
        int dot = last.LastIndexOf('.');
        bool repositoryFile = dot > 0 && RepositoryExtensions.Contains(last[dot..], StringComparer.Ordinal);
        if (segments[0] is "." or "..")
            return PathKind.Relative; // ./x, ../x: relative to the page's folder, whatever it names
        if (segments.Length > 1 || span.EndsWith('/'))
            return repositoryFile || span.EndsWith('/') ? PathKind.Relative : PathKind.NotAPath;
        return repositoryFile ? PathKind.FileName : PathKind.NotAPath;
    }

    private static string Combine(string folder, string path)
    {
        var parts = new List<string>(folder.Length == 0 ? Array.Empty<string>() : folder.Split('/'));
        foreach (string segment in path.TrimEnd('/').Split('/'))
        {
            if (segment == "..")
            {
                if (parts.Count == 0)
                    return "../" + path; // above the root: nothing there
                parts.RemoveAt(parts.Count - 1);
            }
            else if (segment != ".")
            {
                parts.Add(segment);
            }
        }
        return string.Join("/", parts);
    }

    private static string? RepositoryRoot()
    {
        string? dir = AppContext.BaseDirectory;
        while (dir is not null && !File.Exists(Path.Combine(dir, "Blake2Fast.sln")))
            dir = Path.GetDirectoryName(dir);
        return dir;
    }

    /// <summary>The files and folders of a repository, as paths relative to its root with '/' (build output left out).</summary>
    internal sealed class RepositoryTree
    {
        private readonly HashSet<string> _paths;
        private readonly HashSet<string> _fileNames;

        public RepositoryTree(IEnumerable<string> files)
        {
            _paths = new HashSet<string>(StringComparer.Ordinal);
            _fileNames = new HashSet<string>(StringComparer.Ordinal);
            foreach (string file in files)
            {
                string[] segments = file.Split('/');
                for (int i = 1; i <= segments.Length; i++)
                    _paths.Add(string.Join("/", segments[..i]));
                _fileNames.Add(segments[^1]);
            }
        }

        public static RepositoryTree Read(string root)
        {
            var files = new List<string>();
            var folders = new Stack<string>();
            folders.Push(root);
            while (folders.Count > 0)
            {
                string folder = folders.Pop();
                files.AddRange(Directory.GetFiles(folder).Select(f => Path.GetRelativePath(root, f).Replace('\\', '/')));
                foreach (string sub in Directory.GetDirectories(folder))
                    if (!s_generated.Contains(Path.GetFileName(sub), StringComparer.Ordinal))
                        folders.Push(sub);
            }
            return new RepositoryTree(files);
        }

        /// <summary>Whether the file or folder <paramref name="path"/> (from the root; a trailing '/' allowed) exists.</summary>
        public bool Contains(string path) => _paths.Contains(path.TrimEnd('/'));

        /// <summary>Whether some file or folder's path ends with the segments of <paramref name="path"/>.</summary>
        public bool EndsWith(string path)
        {
            string tail = "/" + path.TrimEnd('/');
            return _paths.Contains(tail[1..]) || _paths.Any(p => p.EndsWith(tail, StringComparison.Ordinal));
        }

        public bool HasFileNamed(string name) => _fileNames.Contains(name);
    }
}
