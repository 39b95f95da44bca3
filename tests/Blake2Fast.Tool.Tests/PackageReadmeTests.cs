using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// The tool packages carry the tool's own README (src/Blake2Fast.Tool/README.md: what b2fsum is, how to install and run
/// it), not the library's, whose page opens with <c>dotnet add package</c> and C#. NuGet.org resolves no relative link:
/// the packed copy has them made absolute (build/PackageReadme.targets), and the README writes them from the
/// repository's root (<c>/docs/tool.md</c>), which is also how GitHub reads them in a README inside the tree.
/// </summary>
public sealed class PackageReadmeTests
{
    private static readonly Regex s_link = new(@"\]\(([^)\s]+)\)");

    [Fact]
    public void The_tool_package_carries_the_tools_readme_with_absolute_links()
    {
        string packed = PackedReadme("-p:RepositoryUrl=https://github.com/example/Blake2Fast.git", "-p:RepositoryCommit=0123abc");

        Assert.StartsWith("# b2fsum\n", packed.Replace("\r\n", "\n", StringComparison.Ordinal), StringComparison.Ordinal);
        Assert.Contains("dotnet tool install -g Blake2Fast.Tool\n", packed, StringComparison.Ordinal);
        Assert.DoesNotContain("dotnet add package", packed, StringComparison.Ordinal);
        Assert.DoesNotContain("```csharp", packed, StringComparison.Ordinal);
        Assert.Contains("(https://github.com/example/Blake2Fast/blob/0123abc/docs/tool.md)", packed, StringComparison.Ordinal);
        Assert.All(s_link.Matches(packed).Select(m => m.Groups[1].Value),
            target => Assert.StartsWith("https://github.com/example/Blake2Fast/blob/0123abc/", target, StringComparison.Ordinal));
    }

    [Fact]
    public void The_tool_readmes_links_are_from_the_repository_root_and_name_files_that_exist()
    {
        string root = RepositoryRoot();
        string readme = File.ReadAllText(Path.Combine(root, "src", "Blake2Fast.Tool", "README.md"));
        var targets = s_link.Matches(readme).Select(m => m.Groups[1].Value).ToList();
        Assert.Contains("/docs/tool.md", targets);
        Assert.All(targets.Where(t => !t.StartsWith("https:", StringComparison.Ordinal)), target =>
        {
            // A path without the leading slash would be the tool folder's on GitHub and the root's in the package.
            Assert.StartsWith("/", target, StringComparison.Ordinal);
            string path = target.Substring(1).Split('#')[0];
            Assert.True(File.Exists(Path.Combine(root, path)), target + " names no file of the repository");
        });
    }

    /// <summary>Runs the packing step that writes the tool package's README into a temporary file.</summary>
    private static string PackedReadme(params string[] properties)
    {
        string root = RepositoryRoot();
        string output = Path.Combine(Path.GetTempPath(), $"b2fsum-readme-{Guid.NewGuid():N}", "README.md");
        var start = new ProcessStartInfo(Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet")
        {
            WorkingDirectory = root,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string argument in new[] { "msbuild", Path.Combine("src", "Blake2Fast.Tool", "Blake2Fast.Tool.csproj"), "-t:WritePackageReadme",
                     "-nologo", "-v:q", "-nodeReuse:false", "-p:Configuration=Release", $"-p:PackageReadmeOutput={output}" }.Concat(properties))
        {
            start.ArgumentList.Add(argument);
        }

        try
        {
            using Process process = Process.Start(start)!;
            var stdout = process.StandardOutput.ReadToEndAsync();
            string stderr = process.StandardError.ReadToEnd();
            if (!process.WaitForExit(180_000))
            {
                process.Kill(entireProcessTree: true);
                Assert.Fail("dotnet msbuild did not finish in 3 minutes");
            }

            Assert.True(process.ExitCode == 0, $"dotnet msbuild failed:\n{stdout.Result}\n{stderr}");
            return File.ReadAllText(output);
        }
        finally
        {
            if (Directory.Exists(Path.GetDirectoryName(output)))
            {
                Directory.Delete(Path.GetDirectoryName(output)!, recursive: true);
            }
        }
    }

    private static string RepositoryRoot()
    {
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "Blake2Fast.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException($"No Blake2Fast.sln above {AppContext.BaseDirectory}: run the tests from the repository.");
    }
}
