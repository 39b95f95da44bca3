using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading;
using Blake2Fast.Tool.Tests.Infrastructure;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// Files hashed on several threads (<c>--threads</c>): the output is b2sum's, in argument order, whichever file
/// finishes first; errors are reported in their place; a large BLAKE3 file spread over threads hashes as b3sum does.
/// Run in-process, where a hook (<see cref="ToolSettings.BeforeHash"/>) can hold a worker back.
/// </summary>
public sealed class ThreadingTests : IClassFixture<ThreadingTests.Tree>
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(20);

    private readonly Tree _tree;

    public ThreadingTests(Tree tree) => _tree = tree;

    /// <summary>
    /// The first file is held back until workers have taken files well past it, so every file after it finishes
    /// first; the lines (and the error of a missing file) still come out in argument order, exactly as b2sum's.
    /// </summary>
    [Fact]
    public void Output_keeps_argument_order_when_later_files_finish_first()
    {
        const int Workers = 4;
        string[] files = _tree.Names.Take(40).ToArray();
        files[2] = "no-such-file";
        using var laterFilesStarted = new CountdownEvent(1);
        bool heldBack = false;
        ToolResult result = Run(["--threads", Workers.ToString(System.Globalization.CultureInfo.InvariantCulture), .. files], index =>
        {
            if (index == 0)
            {
                // Index 2 * Workers can only start once the other workers have finished files after this one.
                heldBack = laterFilesStarted.Wait(Patience);
            }
            else if (index == 2 * Workers)
            {
                laterFilesStarted.Signal();
            }
        });

        Assert.True(heldBack, "the workers never ran ahead of the first file");
        Runner.AssertSame(Runner.B2sum(_tree.Directory, null, files), result, files);
        Assert.Equal(1, result.ExitCode);
    }

    /// <summary>
    /// Each line is written as soon as it and every one before it are done: while a later file is still being
    /// hashed, the lines of the files before it are already out.
    /// </summary>
    [Fact]
    public void Lines_leave_as_soon_as_everything_before_them_is_done()
    {
        string[] files = _tree.Names.Take(12).ToArray();
        using var stdout = new ObservedWriter();
        using var stderr = new StringWriter();
        bool linesOut = false;
        var settings = new ToolSettings
        {
            WorkingDirectory = _tree.Directory,
            BeforeHash = index =>
            {
                if (index == 6)
                {
                    linesOut = SpinWait.SpinUntil(() => stdout.Lines >= 6, Patience);
                }
            },
        };

        int status = B2fSum.Run(["--threads", "3", .. files], new MemoryStream(), stdout, stderr, settings);

        Assert.Equal(0, status);
        Assert.True(linesOut, "the first six lines were held back while the seventh file was hashed");
        Assert.Equal(Runner.B2sum(_tree.Directory, null, files).Stdout, stdout.ToString());
    }

    /// <summary>
    /// File counts around the window of files in flight (256 for up to 4 workers) and the batch the caller waits for
    /// (a quarter of it), with some files held back so that the workers finish out of order, some of them longer than
    /// the caller's longest sleep (5 ms), and errors in between: the output is b2sum's, in argument order.
    /// </summary>
    [Theory]
    [InlineData(2, 63)]
    [InlineData(2, 64)]
    [InlineData(2, 65)]
    [InlineData(2, 255)]
    [InlineData(2, 256)]
    [InlineData(2, 257)]
    [InlineData(3, 1200)]
    [InlineData(5, 1999)]
    public void Output_keeps_argument_order_across_batches_and_windows(int workers, int count)
    {
        string[] files = _tree.Names.Take(count).Select((n, i) => i % 101 == 50 ? "no-such-file-" + i : n).ToArray();
        ToolResult result = Run(["--threads", workers.ToString(System.Globalization.CultureInfo.InvariantCulture), .. files], index =>
        {
            if (index % 61 == 7)
            {
                Thread.Sleep(index % 2 == 0 ? 1 : 8);
            }
        });

        Runner.AssertSame(Runner.B2sum(_tree.Directory, null, files), result, files);
    }

    /// <summary>One file that cannot be read among thousands: reported in its place, every other file hashed, exit 1.</summary>
    [Fact]
    public void One_unreadable_file_among_thousands_is_reported_in_its_place()
    {
        string[] files = _tree.Names.Take(1000).Concat(["symlink-loop"]).Concat(_tree.Names.Skip(1000)).ToArray();
        ToolResult result = Runner.B2fsum(_tree.Directory, null, ["--threads", "4", .. files]);
        Runner.AssertSame(Runner.B2sum(_tree.Directory, null, files), result, files);
        Assert.Equal(1, result.ExitCode);
        Assert.Equal(files.Length - 1, result.Stdout.Count(c => c == '\n'));
        Assert.Equal("b2fsum: symlink-loop: Too many levels of symbolic links\n", result.Stderr);
    }

    /// <summary>--threads 1 (one file after the other), the default and more threads than processors: the same bytes.</summary>
    [Fact]
    public void One_thread_and_the_default_give_identical_output_on_a_tree_with_errors()
    {
        string[] files = _tree.NamesWithErrors;
        ToolResult expected = Runner.B2sum(_tree.Directory, null, files);
        Assert.Equal(1, expected.ExitCode);
        foreach (string[] threads in new[] { new[] { "--threads", "1" }, Array.Empty<string>(), new[] { "--num-threads=7" } })
        {
            Runner.AssertSame(expected, Runner.B2fsum(_tree.Directory, null, [.. threads, .. files]), [.. threads, "(tree)"]);
        }

        string[] tagged = ["--tag", "-l", "256", .. files];
        Runner.AssertSame(Runner.B2sum(_tree.Directory, null, tagged), Runner.B2fsum(_tree.Directory, null, ["--threads", "3", .. tagged]), tagged);
    }

    /// <summary>Standard input is read once, in its turn, however many workers run.</summary>
    [Fact]
    public void Standard_input_among_files_is_read_in_its_turn()
    {
        byte[] input = Encoding.ASCII.GetBytes("standard input\n");
        string[] files = [_tree.Names[0], "-", _tree.Names[1], "-", _tree.Names[2]];
        ToolResult expected = Runner.B2sum(_tree.Directory, input, files);
        Runner.AssertSame(expected, Runner.B2fsum(_tree.Directory, input, ["--threads", "3", .. files]), files);
    }

    [Theory]
    [InlineData("--threads", "0", "‘0’")]
    [InlineData("--threads", "-1", "‘-1’")]
    [InlineData("--threads", "two", "‘two’")]
    [InlineData("--threads", "", "‘’")]
    [InlineData("--threads", "2x", "‘2x’")]
    [InlineData("--num-threads", "0", "‘0’")]
    [InlineData("--threads", "99999999999", "‘99999999999’: Value too large for defined data type")]
    public void A_thread_count_that_is_not_a_positive_number_is_a_usage_error(string option, string value, string shown)
    {
        ToolResult result = Runner.B2fsum(_tree.Directory, null, option, value, _tree.Names[0]);
        Assert.Equal(1, result.ExitCode);
        Assert.Equal(string.Empty, result.Stdout);
        Assert.Equal("b2fsum: invalid number of threads: " + shown + "\n", result.Stderr);
    }

    [Fact]
    public void A_missing_thread_count_is_reported_like_any_missing_argument()
    {
        ToolResult result = Runner.B2fsum(_tree.Directory, null, "--threads");
        Assert.Equal(1, result.ExitCode);
        Assert.Equal("b2fsum: option '--threads' requires an argument\nTry 'b2fsum --help' for more information.\n", result.Stderr);
    }

    [Theory]
    [InlineData("--threads=2")]
    [InlineData("--threads= +3")]
    [InlineData("--num-threads=1")]
    [InlineData("--th=5")]
    [InlineData("--nu=64")]
    public void Valid_thread_counts_and_abbreviations_are_accepted(string option)
    {
        string[] files = _tree.Names.Take(20).ToArray();
        ToolResult result = Runner.B2fsum(_tree.Directory, null, [option, .. files]);
        Runner.AssertSame(Runner.B2sum(_tree.Directory, null, files), result, files);
    }

    /// <summary>
    /// A large BLAKE3 file is read and hashed on every thread (slices of 1 MiB from 4 MiB on, met every 64 slices): the
    /// digest is b3sum's for sizes around the slice and round edges, whatever the thread count.
    /// </summary>
    [B3sumFact]
    public void A_large_blake3_file_spread_over_threads_hashes_like_b3sum()
    {
        const int MiB = 1 << 20;
        var names = new List<string>();
        var random = new Random(20);
        foreach (int size in new[] { (4 * MiB) - 1, 4 * MiB, (4 * MiB) + 1, (8 * MiB) + 1024, (13 * MiB) + 777, (64 * MiB) + 1, (66 * MiB) + 5 })
        {
            string name = "spread-" + size;
            byte[] bytes = new byte[size];
            random.NextBytes(bytes);
            File.WriteAllBytes(Path.Combine(_tree.Directory, name), bytes);
            names.Add(name);
        }

        ToolResult b3sum = ShellRunner.Run(_tree.Directory, "b3sum " + string.Join(' ', names), "/usr/bin/b3sum");
        Assert.Equal(0, b3sum.ExitCode);
        foreach (string threads in new[] { "1", "2", "3", "8" })
        {
            ToolResult result = Runner.B2fsum(_tree.Directory, null, ["-a", "blake3", "--threads", threads, .. names]);
            Assert.Equal(b3sum.Stdout, result.Stdout);
            ToolResult one = Runner.B2fsum(_tree.Directory, null, "-a", "blake3", "--threads", threads, names[^1]);
            Assert.Equal(b3sum.Stdout.Split('\n')[^2] + "\n", one.Stdout);
        }
    }

    /// <summary>The slices of a large file are hashed with the key, or the derived key, of the mode: as b3sum hashes them.</summary>
    [B3sumFact]
    public void A_large_file_in_slices_hashes_like_b3sum_in_the_keyed_and_derive_key_modes()
    {
        const string Name = "spread-modes";
        byte[] bytes = new byte[(9 << 20) + 3];
        new Random(9).NextBytes(bytes);
        File.WriteAllBytes(Path.Combine(_tree.Directory, Name), bytes);
        byte[] key = Encoding.ASCII.GetBytes("0123456789abcdef0123456789ABCDEF");
        Assert.Equal(
            B3sum.Run(_tree.Directory, ["--keyed", Name], key),
            Runner.B2fsum(_tree.Directory, key, "-a", "blake3", "--threads", "2", "--keyed", Name).Stdout);
        Assert.Equal(
            B3sum.Run(_tree.Directory, ["--derive-key", "b2fsum slices 2026", Name]),
            Runner.B2fsum(_tree.Directory, null, "-a", "blake3", "--threads", "2", "--derive-key", "b2fsum slices 2026", Name).Stdout);
    }

    private ToolResult Run(string[] args, Action<int> beforeHash)
    {
        using var stdout = new StringWriter { NewLine = "\n" };
        using var stderr = new StringWriter { NewLine = "\n" };
        int status = B2fSum.Run(args, new MemoryStream(), stdout, stderr, new ToolSettings { WorkingDirectory = _tree.Directory, BeforeHash = beforeHash });
        return new ToolResult(status, stdout.ToString(), stderr.ToString());
    }

    /// <summary>A writer whose line count another thread may read while the tool writes.</summary>
    private sealed class ObservedWriter : StringWriter
    {
        private int _lines;

        public ObservedWriter() => NewLine = "\n";

        public int Lines => Volatile.Read(ref _lines);

        public override void Write(char value)
        {
            lock (this)
            {
                base.Write(value);
            }

            if (value == '\n')
            {
                Interlocked.Increment(ref _lines);
            }
        }

        public override void Write(string? value)
        {
            lock (this)
            {
                base.Write(value);
            }

            Interlocked.Add(ref _lines, value?.Count(c => c == '\n') ?? 0);
        }

        // The tool writes its lines as spans (StringWriter's own override would bypass the count).
        public override void Write(ReadOnlySpan<char> buffer)
        {
            lock (this)
            {
                base.Write(buffer);
            }

            Interlocked.Add(ref _lines, buffer.Count('\n'));
        }

        public override string ToString()
        {
            lock (this)
            {
                return base.ToString();
            }
        }
    }

    /// <summary>
    /// 2,000 files of 0 to 70,000 bytes (seeded), a symbolic link loop that no one can open, a dangling link and a
    /// directory, shared by the tests of this class.
    /// </summary>
    public sealed class Tree : IDisposable
    {
        public Tree()
        {
            Directory = SampleFiles.CreateTempDirectory("b2fsum-tree");
            var random = new Random(2026);
            var names = new List<string>();
            for (int i = 0; i < 2000; i++)
            {
                string name = "f" + i.ToString("D4", System.Globalization.CultureInfo.InvariantCulture);
                byte[] bytes = new byte[random.Next(i % 50 == 0 ? 70_001 : 2_000)];
                random.NextBytes(bytes);
                File.WriteAllBytes(System.IO.Path.Combine(Directory, name), bytes);
                names.Add(name);
            }

            Names = names.ToArray();
            File.CreateSymbolicLink(System.IO.Path.Combine(Directory, "symlink-loop"), "symlink-loop");
            File.CreateSymbolicLink(System.IO.Path.Combine(Directory, "dangling"), "nowhere");
            System.IO.Directory.CreateDirectory(System.IO.Path.Combine(Directory, "a-directory"));
            NamesWithErrors = Names.Take(300)
                .Select((n, i) => i switch { 10 => "symlink-loop", 11 => "dangling", 150 => "a-directory", 299 => "f0000/x", _ => n })
                .ToArray();
        }

        public string Directory { get; }

        public string[] Names { get; }

        /// <summary>300 names, four of them failing, each in its own way.</summary>
        public string[] NamesWithErrors { get; }

        public void Dispose()
        {
            try
            {
                System.IO.Directory.Delete(Directory, recursive: true);
            }
            catch (IOException)
            {
            }
        }
    }
}
