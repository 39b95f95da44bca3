using System;
using System.IO;
using Blake2Fast.Tests.Wasm;

namespace Blake2Fast.Tests;

/// <summary>
/// The host side of the browser-wasm app's differential check (tests/Blake2Fast.Tests.Wasm): the committed digests of
/// <see cref="WasmDifferential"/>'s cases must be what this process computes, on every leg and kernel set; with
/// BLAKE2FAST_REGENERATE_WASM_SAMPLE=1 it writes the file into the source tree instead.
/// </summary>
public class WasmDifferentialTests
{
    [Fact]
    public void TheCommittedSampleIsWhatTheHostComputes()
    {
        string expected = WasmDifferential.Text(c => WasmDifferential.OneShot(c, WasmDifferential.Key(c), WasmDifferential.Input(c)));
        if (Environment.GetEnvironmentVariable("BLAKE2FAST_REGENERATE_WASM_SAMPLE") == "1")
        {
            string source = Path.Combine(RepositoryRoot(), "tests", "Blake2Fast.Tests", "TestData", WasmDifferential.FileName);
            File.WriteAllText(source, expected);
            return;
        }
        string committed = File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "TestData", WasmDifferential.FileName)).Replace("\r\n", "\n");
        Assert.Equal(expected, committed);
    }

    private static string RepositoryRoot()
    {
        for (string? dir = AppContext.BaseDirectory; dir is not null; dir = Path.GetDirectoryName(dir))
        {
            if (File.Exists(Path.Combine(dir, "Blake2Fast.sln")))
                return dir;
        }
        throw new InvalidOperationException("Blake2Fast.sln not found above " + AppContext.BaseDirectory);
    }
}
