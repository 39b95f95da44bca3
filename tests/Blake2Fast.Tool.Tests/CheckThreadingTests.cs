using System;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// <c>--check</c> with workers: the listed files are hashed on the pool as the list is read, and the results come out
/// in the list's order, byte for byte as with <c>--threads 1</c> and as b2sum's, whichever file finishes first.
/// </summary>
public sealed class CheckThreadingTests : IClassFixture<ThreadingTests.Tree>
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(20);

    private readonly ThreadingTests.Tree _tree;

    public CheckThreadingTests(ThreadingTests.Tree tree) => _tree = tree;

    /// <summary>
    /// A list of 300 files with every kind of outcome (OK, FAILED, unreadable, missing, improperly formatted lines,
    /// comments, tagged lines of other lengths): one thread, the default and more threads than processors give the
    /// same bytes as b2sum.
    /// </summary>
    [Fact]
    public void One_thread_and_the_default_check_a_list_with_errors_alike()
    {
        string list = WriteList("check-mixed", builder =>
        {
            string[] lines = Runner.B2sum(_tree.Directory, null, _tree.Names.Take(300).ToArray()).Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries);
            for (int i = 0; i < lines.Length; i++)
            {
                string line = i switch
                {
                    7 => "0" + lines[i].Substring(1), // a mismatch (the first digit changed)
                    8 => lines[i].Replace("f0008", "no-such-file", StringComparison.Ordinal),
                    9 => lines[i].Replace("f0009", "a-directory", StringComparison.Ordinal),
                    10 => lines[i].Replace("f0010", "symlink-loop", StringComparison.Ordinal),
                    20 => "not a checksum line",
                    _ => lines[i],
                };
                builder.Append(line).Append('\n');
                if (i == 100)
                {
                    builder.Append("# a comment\n\n");
                    builder.Append(Runner.B2sum(_tree.Directory, null, "--tag", "-l", "256", _tree.Names[1]).Stdout);
                    builder.Append(Runner.B2sum(_tree.Directory, null, "-l", "128", _tree.Names[2]).Stdout);
                }
            }
        });

        ToolResult expected = Runner.B2sum(_tree.Directory, null, "--warn", "-c", list);
        Assert.Equal(1, expected.ExitCode);
        Assert.Contains(": FAILED open or read\n", expected.Stdout, StringComparison.Ordinal);
        foreach (string[] threads in new[] { new[] { "--threads", "1" }, Array.Empty<string>(), new[] { "--threads=7" } })
        {
            Runner.AssertSame(expected, Runner.B2fsum(_tree.Directory, null, [.. threads, "--warn", "-c", list]), [.. threads, "--warn", "-c", list]);
        }
    }

    /// <summary>
    /// The first listed file is held back until workers have taken files well past it: every later file finishes
    /// first, and the results still come out in the list's order, as b2sum prints them.
    /// </summary>
    [Fact]
    public void Results_keep_the_lists_order_when_later_files_finish_first()
    {
        const int Workers = 4;
        string[] files = _tree.Names.Take(40).ToArray();
        string list = WriteList("check-order", builder => builder.Append(Runner.B2sum(_tree.Directory, null, files).Stdout).Append("0123  no-such-file\n"));
        using var laterFilesStarted = new CountdownEvent(1);
        bool heldBack = false;
        var settings = new ToolSettings
        {
            WorkingDirectory = _tree.Directory,
            BeforeHash = index =>
            {
                if (index == 0)
                {
                    heldBack = laterFilesStarted.Wait(Patience);
                }
                else if (index == 2 * Workers)
                {
                    laterFilesStarted.Signal();
                }
            },
        };
        using var stdout = new StringWriter { NewLine = "\n" };
        using var stderr = new StringWriter { NewLine = "\n" };
        int status = B2fSum.Run(["--threads", "4", "-c", list], new MemoryStream(), stdout, stderr, settings);

        Assert.True(heldBack, "the workers never ran ahead of the first file");
        Runner.AssertSame(Runner.B2sum(_tree.Directory, null, "-c", list), new ToolResult(status, stdout.ToString(), stderr.ToString()), ["-c", list]);
    }

    /// <summary>
    /// A list mixing algorithms and lengths (BLAKE2s, BLAKE2b-128, BLAKE3 extended to 1024 bits, longer than any
    /// digest before it): each line is checked with its own, on several threads as on one.
    /// </summary>
    [Fact]
    public void A_list_of_several_algorithms_and_lengths_checks_alike_on_one_thread_and_many()
    {
        string[] files = _tree.Names.Take(30).ToArray();
        string list = WriteList("check-algorithms", builder =>
        {
            foreach (string[] options in new[] { new[] { "-a", "blake2s" }, new[] { "-l", "128" }, new[] { "-a", "blake3", "-l", "1024" } })
            {
                ToolResult sums = Runner.B2fsum(_tree.Directory, null, ["--tag", .. options, .. files]);
                Assert.Equal(0, sums.ExitCode);
                builder.Append(sums.Stdout);
            }
        });

        ToolResult one = Runner.B2fsum(_tree.Directory, null, "--threads", "1", "-c", list);
        Assert.Equal(0, one.ExitCode);
        Assert.Equal(3 * files.Length, one.Stdout.Split('\n').Count(l => l.EndsWith(": OK", StringComparison.Ordinal)));
        Assert.Equal(one, Runner.B2fsum(_tree.Directory, null, "--threads", "4", "-c", list));
    }

    private string WriteList(string name, Action<StringBuilder> write)
    {
        var builder = new StringBuilder();
        write(builder);
        string path = Path.Combine(_tree.Directory, name + "-" + Guid.NewGuid().ToString("N"));
        File.WriteAllText(path, builder.ToString());
        return path;
    }
}
