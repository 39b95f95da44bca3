using System;
using System.IO;
using System.Reflection;
using System.Text.RegularExpressions;
using Xunit;

namespace Blake2Fast.Tests;

/// <summary>
/// A search on the package registry for any algorithm the library holds finds it: the library's description names
/// every algorithm, the shared tags list each, and the tool's description says what the tool does with which.
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
