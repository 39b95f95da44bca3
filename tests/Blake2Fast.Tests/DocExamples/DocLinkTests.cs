using System;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace Blake2Fast.Tests.DocExamples;

/// <summary>
/// Every relative link of README.md and of the pages under docs/ names a file of the repository: pages written on
/// separate branches link to each other, and a page renamed or never written must fail here, not on a reader.
/// </summary>
public class DocLinkTests
{
    // [text](target) or ![alt](target), the target up to a space, '#' or ')'.
    private static readonly Regex s_link = new(@"\]\((?<target>[^)\s#]+)(#[^)\s]*)?(\s+""[^""]*"")?\)", RegexOptions.Compiled);

    [Fact]
    public void EveryRelativeLinkOfEveryPage_NamesAFile()
    {
        string? root = RepositoryRoot();
        if (root is null)
        {
            // Only the ARM64 leg runs the suite outside a clone (published, under qemu); the x64 legs check the same pages.
            Assert.Equal("arm64", Environment.GetEnvironmentVariable("BLAKE2FAST_EXPECTED_LEG"));
            return;
        }
        string[] pages = [Path.Combine(root, "README.md"), .. Directory.GetFiles(Path.Combine(root, "docs"), "*.md", SearchOption.AllDirectories)];
        var broken = (
            from page in pages
            from Match m in s_link.Matches(File.ReadAllText(page))
            let target = m.Groups["target"].Value
            where !target.Contains("://", StringComparison.Ordinal) && !target.StartsWith("mailto:", StringComparison.Ordinal)
            let resolved = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(page)!, Uri.UnescapeDataString(target)))
            where !File.Exists(resolved) && !Directory.Exists(resolved)
            select $"{Path.GetRelativePath(root, page)}: {target}").ToList();
        Assert.True(pages.Length > 5, "the pages were not found under " + root);
        Assert.True(broken.Count == 0, "Links to nothing:\n" + string.Join("\n", broken));
    }

    [Fact]
    public void TheLinkPatternFindsTargets()
    {
        // Guards the pattern: a link it failed to see would never be checked.
        string[] found = s_link.Matches("see [a](docs/a.md), ![c](b/c.svg \"title\") and [d](d.md#part), not [e](https://x/y)")
            .Select(m => m.Groups["target"].Value).ToArray();
        Assert.Equal(["docs/a.md", "b/c.svg", "d.md", "https://x/y"], found);
    }

    private static string? RepositoryRoot()
    {
        string? dir = AppContext.BaseDirectory;
        while (dir is not null && !File.Exists(Path.Combine(dir, "Blake2Fast.sln")))
            dir = Path.GetDirectoryName(dir);
        return dir;
    }
}
