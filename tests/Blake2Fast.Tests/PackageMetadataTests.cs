using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text.RegularExpressions;
using Blake2Fast.Dispatch;
using Blake2Fast.Internal;
using Blake2Fast.Tests.DocExamples;
using Xunit;

namespace Blake2Fast.Tests;

/// <summary>
/// A search on the package registry for any algorithm the library holds finds it: the library's description names
/// every algorithm, the shared tags list each, and the tool's description says what the tool does with which. The README
/// the packages carry, their page on NuGet.org, has no relative link or image, which NuGet.org cannot show.
/// </summary>
public sealed class PackageMetadataTests
{
    private static readonly string[] s_algorithms = { "BLAKE2b", "BLAKE2s", "BLAKE2bp", "BLAKE2sp", "BLAKE2Xb", "BLAKE2Xs", "BLAKE3", "BLAKE-256", "BLAKE-224" };

    [Fact]
    public void TheLibraryDescriptionNamesEveryAlgorithm()
    {
        // The SDK writes the project's Description into the assembly, so this reads what the package carries.
        string description = typeof(Blake2b).Assembly.GetCustomAttribute<AssemblyDescriptionAttribute>()!.Description;
        foreach (string algorithm in s_algorithms)
            Assert.Matches($@"\b{Regex.Escape(algorithm)}\b", description);
    }

    [Fact]
    public void TheLibraryDescriptionNamesEveryInstructionSet()
    {
        // Every declared instruction set (Dispatch/InstructionSets.cs), by its name or alias, case and punctuation aside:
        // "AVX-512" is avx512, "SSE4.1" sse41. A new declaration fails here until the description names it.
        string description = typeof(Blake2b).Assembly.GetCustomAttribute<AssemblyDescriptionAttribute>()!.Description;
        var words = Regex.Split(description, @"[\s,;()]+").Select(Normalize).ToHashSet();
        Assert.All(InstructionSets.All, declared =>
            Assert.True(words.Contains(Normalize(declared.Name)) || (declared.Alias is { } alias && words.Contains(Normalize(alias))),
                $"The package description does not name the instruction set {declared.Name}:\n{description}"));

        static string Normalize(string word) => Regex.Replace(word, "[^A-Za-z0-9]", "").ToLowerInvariant();
    }

    [Fact]
    public void TheTagsListEveryAlgorithm_AndTheToolDescriptionItsAlgorithms()
    {
        string root = RepositoryRoot();
        string props = File.ReadAllText(Path.Combine(root, "build", "Packaging.props"));
        string tags = Regex.Match(props, "<PackageTags>(.*?)</PackageTags>").Groups[1].Value;
        Assert.All(new[] { "blake2b", "blake2s", "blake2bp", "blake2sp", "blake2xb", "blake2xs", "blake3", "blake256", "blake224" },
            tag => Assert.Contains(tag, tags.Split(';')));

        string tool = File.ReadAllText(Path.Combine(root, "src", "Blake2Fast.Tool", "Blake2Fast.Tool.csproj"));
        string toolDescription = Regex.Match(tool, "<Description>(.*?)</Description>").Groups[1].Value;
        Assert.Contains("b2sum", toolDescription, StringComparison.Ordinal);
        foreach (string algorithm in new[] { "BLAKE2b", "BLAKE2s", "BLAKE2bp", "BLAKE2sp", "BLAKE3", "BLAKE-256", "BLAKE-224" })
            Assert.Matches($@"\b{Regex.Escape(algorithm)}\b", toolDescription);
    }

    // NuGet.org resolves no relative link and shows no relative image: the README packed is a copy with them made
    // absolute (build/PackageReadme.targets), or, with no repository URL known, links as text and no image.
    private static readonly Regex s_relativeTarget = new(@"\]\((?!https?:|mailto:|#)[^)\s]+\)");

    [Fact]
    public void ThePackedReadme_LinksIntoTheRepository_ByAbsoluteUrls()
    {
        (string readme, string packed, _) = PackageReadme("-p:RepositoryUrl=https://github.com/example/Blake2Fast.git", "-p:RepositoryCommit=0123abc");

        Assert.DoesNotMatch(s_relativeTarget, packed);
        Assert.Contains("[docs/migrating.md](https://github.com/example/Blake2Fast/blob/0123abc/docs/migrating.md)", packed, StringComparison.Ordinal);
        var images = Regex.Matches(packed, @"!\[[^\]]*\]\(([^)]+)\)").Select(m => m.Groups[1].Value).ToList();
        Assert.NotEmpty(images);
        Assert.All(images, url => Assert.StartsWith("https://raw.githubusercontent.com/example/Blake2Fast/0123abc/", url, StringComparison.Ordinal));
        Assert.Equal(Regex.Matches(readme, @"\]\(").Count, Regex.Matches(packed, @"\]\(").Count);
        AssertSameCode(readme, packed);
    }

    [Fact]
    public void ThePackedReadme_WithNoRepositoryUrl_NamesTheFilesAndDropsTheImages()
    {
        (string readme, string packed, _) = PackageReadme("-p:RepositoryUrl=", "-p:PublishRepositoryUrl=false");

        Assert.DoesNotMatch(s_relativeTarget, packed);
        Assert.DoesNotContain("![", packed, StringComparison.Ordinal);
        Assert.Contains("See `docs/migrating.md`.", packed, StringComparison.Ordinal);
        AssertSameCode(readme, packed);
    }

    [Fact]
    public void WithoutTheProjectAddress_PackingSaysWhichPropertyToSet()
    {
        (_, _, string log) = PackageReadme("-p:RepositoryUrl=", "-p:PublishRepositoryUrl=false");
        Assert.Contains("Blake2FastRepositoryUrl is not set, so the packed README's relative links are not absolute", log, StringComparison.Ordinal);
    }

    [Fact]
    public void TheProjectAddress_IsTheRepositoryAndProjectUrl_AndTheReadmesBase()
    {
        const string Address = "https://github.com/example/Blake2Fast";
        (_, string packed, string log) = PackageReadme($"-p:Blake2FastRepositoryUrl={Address}.git/", "-p:RepositoryCommit=0123abc");
        Assert.DoesNotMatch(s_relativeTarget, packed);
        Assert.Contains($"[docs/migrating.md]({Address}/blob/0123abc/docs/migrating.md)", packed, StringComparison.Ordinal);
        Assert.DoesNotContain("Blake2FastRepositoryUrl is not set", log, StringComparison.Ordinal);

        string properties = Msbuild("-getProperty:RepositoryUrl", "-getProperty:PackageProjectUrl", $"-p:Blake2FastRepositoryUrl={Address}.git/");
        Assert.Equal(2, Regex.Matches(properties, $"\"{Regex.Escape(Address)}\"").Count);
    }

    [Fact]
    public void TheKernelBenchmark_SendsItsTableToTheProjectsIssueTracker()
    {
        Assert.EndsWith("issue tracker: https://github.com/example/Blake2Fast/issues", KernelBenchmark.ReportRequest("https://github.com/example/Blake2Fast"), StringComparison.Ordinal);
        Assert.EndsWith("issue tracker, linked from https://example.org/blake2fast", KernelBenchmark.ReportRequest("https://example.org/blake2fast"), StringComparison.Ordinal);
        Assert.Contains("no project address", KernelBenchmark.ReportRequest(""), StringComparison.Ordinal);
        // This build's own, from Blake2FastRepositoryUrl as the build was given it (the tests' build: none).
        Assert.Equal(ProjectAddress.Url.Length == 0, KernelBenchmark.ReportRequest(ProjectAddress.Url).Contains("no project address", StringComparison.Ordinal));
    }

    [Fact]
    public void TheChangelog_StartsWithThePackagesVersion_AndTheSecurityPolicyExists()
    {
        string root = RepositoryRoot();
        string props = File.ReadAllText(Path.Combine(root, "build", "Packaging.props"));
        string version = Regex.Match(props, "<Version>(.*?)</Version>").Groups[1].Value;
        string changelog = File.ReadAllText(Path.Combine(root, "CHANGELOG.md"));
        // The first release heading (Keep a Changelog: "## [1.0.0] - 2026-..."), after any "## [Unreleased]".
        Match first = Regex.Match(changelog, @"^## \[(?!Unreleased\])([^\]]+)\]", RegexOptions.Multiline);
        Assert.True(first.Success, "CHANGELOG.md has no release heading");
        Assert.Equal(version, first.Groups[1].Value);
        Assert.True(File.Exists(Path.Combine(root, "SECURITY.md")));
    }

    private static void AssertSameCode(string readme, string packed) =>
        Assert.Equal(DocExampleMatcher.CSharpBlocks(readme).Select(b => string.Join("\n", b.Lines)),
                     DocExampleMatcher.CSharpBlocks(packed).Select(b => string.Join("\n", b.Lines)));

    /// <summary>Runs the packing step that writes the README (not the whole pack) into a temporary file; its log too.</summary>
    private static (string Readme, string Packed, string Log) PackageReadme(params string[] properties)
    {
        string root = RepositoryRoot();
        string output = Path.Combine(Path.GetTempPath(), $"b2f-readme-{Guid.NewGuid():N}", "README.md");
        try
        {
            string log = Msbuild(new[] { "-t:WritePackageReadme", $"-p:PackageReadmeOutput={output}" }.Concat(properties).ToArray());
            return (File.ReadAllText(Path.Combine(root, "README.md")), File.ReadAllText(output), log);
        }
        finally
        {
            if (Directory.Exists(Path.GetDirectoryName(output)))
                Directory.Delete(Path.GetDirectoryName(output)!, recursive: true);
        }
    }

    /// <summary>Runs <c>dotnet msbuild</c> on the library's project (Release, minimal verbosity: high-importance messages show); returns its output.</summary>
    private static string Msbuild(params string[] arguments)
    {
        var start = new ProcessStartInfo(Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet")
        {
            WorkingDirectory = RepositoryRoot(),
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string argument in new[] { "msbuild", Path.Combine("src", "Blake2Fast", "Blake2Fast.csproj"),
                     "-nologo", "-v:m", "-nodeReuse:false", "-p:Configuration=Release" }.Concat(arguments))
            start.ArgumentList.Add(argument);
        using Process process = Process.Start(start)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        string stderr = process.StandardError.ReadToEnd();
        Assert.True(process.WaitForExit(180_000), "dotnet msbuild did not finish in 3 minutes");
        Assert.True(process.ExitCode == 0, $"dotnet msbuild failed:\n{stdout.Result}\n{stderr}");
        return stdout.Result;
    }

    private static string RepositoryRoot()
    {
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "Blake2Fast.sln")))
                return dir.FullName;
        }
        throw new InvalidOperationException($"No Blake2Fast.sln above {AppContext.BaseDirectory}: run the tests from the repository.");
    }
}
