using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Blake2Fast.Tests.Wasm;

/// <summary>
/// The differential sample the browser-wasm test app (tests/Blake2Fast.Tests.Wasm) checks against digests made on the
/// host: every algorithm at lengths around block, chunk and lane-group boundaries, keyed or salted where the algorithm
/// takes a key, from inputs both sides regenerate from a seed. <c>WasmDifferentialTests</c> in the test suite writes the
/// committed file (<c>TestData/wasm-differential.txt</c>, with BLAKE2FAST_REGENERATE_WASM_SAMPLE=1) and checks it on
/// every leg; the wasm app links this file and computes the same cases through the public API.
/// </summary>
internal static class WasmDifferential
{
    public const string FileName = "wasm-differential.txt";

    /// <summary>Every algorithm of the sample: BLAKE2 (and its parallel and XOF modes), BLAKE3's three modes, BLAKE-256/224.</summary>
    public static readonly string[] Algorithms =
    [
        "blake2b", "blake2s", "blake2bp", "blake2sp", "blake2xb", "blake2xs", "blake3", "blake3-keyed", "blake3-derive", "blake256", "blake224",
    ];

    /// <summary>Lengths around BLAKE2's blocks (64, 128), BLAKE2bp/sp's superblocks (512), BLAKE3's chunks and 4-lane groups (4 KiB), and a long input.</summary>
    public static readonly int[] Lengths =
    [
        0, 1, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1023, 1024, 1025, 2047, 2048, 2049, 3071, 3072, 3073,
        4095, 4096, 4097, 5121, 8192, 8193, 16383, 16384, 16385, 65553, 1048579,
    ];

    /// <summary>One case: the algorithm, the input's length, the key's (or salt's) length, the output's.</summary>
    public readonly record struct Case(string Algorithm, int Length, int KeyLength, int OutputLength)
    {
        public override string ToString() => string.Create(CultureInfo.InvariantCulture, $"{Algorithm} {Length} {KeyLength} {OutputLength}");
    }

    /// <summary>The sample's cases, in the file's order.</summary>
    public static IEnumerable<Case> Cases()
    {
        foreach (string algorithm in Algorithms)
        {
            for (int i = 0; i < Lengths.Length; i++)
            {
                int length = Lengths[i];
                // Keys (salts) and output lengths vary with the length's index, so every shape meets several lengths.
                (int key, int output) = algorithm switch
                {
                    "blake2b" or "blake2bp" => (i % 3 == 0 ? 0 : 1 + (i * 7) % 64, 1 + (i * 13) % 64),
                    "blake2s" or "blake2sp" => (i % 3 == 0 ? 0 : 1 + (i * 7) % 32, 1 + (i * 11) % 32),
                    "blake2xb" => (i % 2 == 0 ? 0 : 1 + (i * 5) % 64, 1 + (i * 37) % 300),
                    "blake2xs" => (i % 2 == 0 ? 0 : 1 + (i * 5) % 32, 1 + (i * 29) % 200),
                    "blake3" => (0, i % 4 == 0 ? 131 : 32),
                    "blake3-keyed" => (32, i % 4 == 1 ? 100 : 32),
                    "blake3-derive" => (0, i % 4 == 2 ? 64 : 32),
                    "blake256" => (i % 2 == 0 ? 0 : 16, 32),
                    "blake224" => (i % 2 == 0 ? 0 : 16, 28),
                    _ => throw new ArgumentException(algorithm),
                };
                yield return new Case(algorithm, length, key, output);
            }
        }
    }

    /// <summary>BLAKE3's derive-key context in the sample.</summary>
    public const string Context = "Blake2Fast wasm differential 2026-11-28 context";

    /// <summary><paramref name="length"/> bytes from <paramref name="seed"/> (SplitMix64): the same on every runtime.</summary>
    public static byte[] Bytes(ulong seed, int length)
    {
        var bytes = new byte[length];
        ulong state = seed;
        for (int i = 0; i < length; i += 8)
        {
            state += 0x9E3779B97F4A7C15UL;
            ulong z = state;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
            z ^= z >> 31;
            for (int b = 0; b < 8 && i + b < length; b++)
                bytes[i + b] = (byte)(z >> (8 * b));
        }
        return bytes;
    }

    /// <summary>The case's input.</summary>
    public static byte[] Input(Case c) => Bytes(0xB1A4E2F0UL ^ (ulong)c.Length << 20 ^ Hash(c.Algorithm), c.Length);

    /// <summary>The case's key (salt), empty when it has none.</summary>
    public static byte[] Key(Case c) => Bytes(0x4B455953UL ^ (ulong)c.KeyLength << 24 ^ (ulong)c.Length ^ Hash(c.Algorithm), c.KeyLength);

    private static ulong Hash(string text)
    {
        ulong hash = 0xCBF29CE484222325;
        foreach (char ch in text)
            hash = (hash ^ ch) * 0x100000001B3;
        return hash;
    }

    /// <summary>The case's digest by the one-shot public API.</summary>
    public static byte[] OneShot(Case c, byte[] key, byte[] input)
    {
        bool keyed = key.Length != 0;
        return c.Algorithm switch
        {
            "blake2b" => keyed ? Blake2b.Keyed.HashData(c.OutputLength, key, input) : Blake2b.HashData(c.OutputLength, input),
            "blake2s" => keyed ? Blake2s.Keyed.HashData(c.OutputLength, key, input) : Blake2s.HashData(c.OutputLength, input),
            "blake2bp" => keyed ? Blake2bp.Keyed.HashData(c.OutputLength, key, input) : Blake2bp.HashData(c.OutputLength, input),
            "blake2sp" => keyed ? Blake2sp.Keyed.HashData(c.OutputLength, key, input) : Blake2sp.HashData(c.OutputLength, input),
            "blake2xb" => keyed ? Blake2Xb.Keyed.HashData(key, input, c.OutputLength) : Blake2Xb.HashData(input, c.OutputLength),
            "blake2xs" => keyed ? Blake2Xs.Keyed.HashData(key, input, c.OutputLength) : Blake2Xs.HashData(input, c.OutputLength),
            "blake3" => Blake3.HashData(c.OutputLength, input),
            "blake3-keyed" => Blake3.Keyed.HashData(c.OutputLength, key, input),
            "blake3-derive" => Blake3.DeriveKey(Context, input, c.OutputLength),
            "blake256" => keyed ? Blake256.Salted.HashData(key, input) : Blake256.HashData(input),
            "blake224" => keyed ? Blake224.Salted.HashData(key, input) : Blake224.HashData(input),
            _ => throw new ArgumentException(c.Algorithm),
        };
    }

    /// <summary>One line of the file: the case, then its digest in hex.</summary>
    public static string Line(Case c, byte[] digest) => c + " " + Convert.ToHexString(digest).ToLowerInvariant();

    /// <summary>The whole file's text for <paramref name="digest"/> (the host's one-shot API when generating).</summary>
    public static string Text(Func<Case, byte[]> digest)
    {
        var text = new StringBuilder();
        text.Append("# Generated by WasmDifferentialTests (tests/Blake2Fast.Tests/TestData/WasmDifferential.cs) on the host; ")
            .Append("regenerate with BLAKE2FAST_REGENERATE_WASM_SAMPLE=1. Lines: algorithm, input length, key length, output length, digest.\n");
        foreach (Case c in Cases())
            text.Append(Line(c, digest(c))).Append('\n');
        return text.ToString();
    }
}
