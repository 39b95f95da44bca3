using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.Json;

namespace Blake2Fast.Tool.Tests.Infrastructure;

/// <summary>The official BLAKE2 known-answer vectors (blake2-kat.json) as files the tool can hash.</summary>
public static class KnownAnswerFiles
{
    /// <summary>The input lengths written: around the 64- and 128-byte blocks.</summary>
    private static readonly int[] Lengths = { 0, 1, 63, 64, 65, 127, 128, 129, 255 };

    private static readonly Lazy<JsonDocument> Vectors = new(() =>
        JsonDocument.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "TestData", "blake2-kat.json"))));

    /// <summary>
    /// Writes the inputs of <paramref name="algorithm"/>'s unkeyed or keyed vectors of <see cref="Lengths"/> bytes into
    /// <paramref name="directory"/> as <c>kat-LENGTH</c>; returns each file's name and expected hex, and the vectors'
    /// key (empty when unkeyed).
    /// </summary>
    public static (List<(string Name, string Expected)> Cases, byte[] Key) Write(string directory, string algorithm, bool keyed)
    {
        var cases = new List<(string Name, string Expected)>();
        string key = string.Empty;
        foreach (JsonElement entry in Vectors.Value.RootElement.EnumerateArray())
        {
            string input = entry.GetProperty("in").GetString()!;
            string entryKey = entry.GetProperty("key").GetString()!;
            int length = input.Length / 2;
            if (entry.GetProperty("hash").GetString() != algorithm || (entryKey.Length > 0) != keyed || !Lengths.Contains(length))
            {
                continue;
            }

            key = entryKey;
            string name = "kat-" + length.ToString(CultureInfo.InvariantCulture);
            File.WriteAllBytes(Path.Combine(directory, name), Convert.FromHexString(input));
            cases.Add((name, entry.GetProperty("out").GetString()!));
        }

        Assert.Equal(Lengths.Length, cases.Count);
        return (cases, Convert.FromHexString(key));
    }
}
