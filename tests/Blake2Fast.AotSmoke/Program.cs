// NativeAOT / trimming smoke test: checks a few official known-answer vectors of every BLAKE2 variant through the
// public API only (one-shot, span, incremental with uneven splits, many-message), after the library has been
// compiled ahead of time or trimmed. A wrong digest (e.g. a kernel the AOT compiler or the trimmer broke) exits 1.
//
// CI publishes it twice (NativeAOT, and self-contained trimmed JIT) and runs each binary once per value of
// BLAKE2FAST_CORE, plus the runtime's ISA switches, so every instruction set the machine has is reached (see .ci/run).
//
//   dotnet publish tests/Blake2Fast.AotSmoke -c Release -o /tmp/aot && /tmp/aot/Blake2Fast.AotSmoke
//   dotnet publish tests/Blake2Fast.AotSmoke -c Release -p:PublishAot=false -p:PublishTrimmed=true --self-contained -o /tmp/trim
//
// --corrupt flips one expected digest byte, to prove that a mismatch is detected and fails the process.
using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.AotSmoke;

internal enum Algorithm
{
    Blake2b,
    Blake2s,
    Blake2bp,
    Blake2sp,
    Blake2Xb,
    Blake2Xs,
}

/// <summary>One known answer: input and key are the bytes 00 01 02 ... of the given lengths.</summary>
internal sealed record KatSample(Algorithm Algorithm, int KeyLength, int InputLength, int OutputLength, string ExpectedHex)
{
    public override string ToString() => $"{Algorithm} key={KeyLength} in={InputLength} out={OutputLength}";
}

internal static class Program
{
    // BLAKE2X KAT inputs are 256 bytes; keys at most 64. One buffer serves every sample as a prefix.
    private static readonly byte[] s_sequence = CreateSequence(256);

    // Uneven update sizes, so the incremental path crosses block boundaries at odd offsets.
    private static readonly int[] s_splits = [1, 62, 3, 64, 65, 127, 7];

    private static readonly List<string> s_failures = [];
    private static int s_checks;

    private static int Main(string[] args)
    {
        bool corrupt = Array.IndexOf(args, "--corrupt") >= 0;
        Console.WriteLine($"Blake2Fast.AotSmoke: {Describe()}");

        foreach (KatSample sample in KatSamples.All)
        {
            byte[] expected = Convert.FromHexString(sample.ExpectedHex);
            if (corrupt && ReferenceEquals(sample, KatSamples.All[0]))
                expected[0] ^= 1;
            CheckSingle(sample, expected);
        }
        CheckMany(Algorithm.Blake2b, keyLength: 0);
        CheckMany(Algorithm.Blake2b, keyLength: 64);
        CheckMany(Algorithm.Blake2s, keyLength: 0);
        CheckMany(Algorithm.Blake2s, keyLength: 32);
        CheckBlake3(corrupt);
        CheckBlake256();
        CheckRequestedInstructionSet();

        if (s_failures.Count > 0)
        {
            Console.Error.WriteLine($"FAILED: {s_failures.Count} of {s_checks} checks gave a wrong digest:");
            foreach (string failure in s_failures)
                Console.Error.WriteLine("  " + failure);
            return 1;
        }
        Console.WriteLine($"OK: {s_checks} checks over {KatSamples.All.Length} known-answer vectors");
        return 0;
    }

    /// <summary>
    /// An instruction set that BLAKE2FAST_CORE names and this build can run must be the one BLAKE2b runs, so each run of the
    /// loop in .ci/run provably reaches its instruction set (or says, from the ISA flags, that this build cannot).
    /// </summary>
    private static void CheckRequestedInstructionSet()
    {
        string? requested = Environment.GetEnvironmentVariable("BLAKE2FAST_CORE");
        bool x86 = RuntimeInformation.ProcessArchitecture is Architecture.X64 or Architecture.X86;
        bool runs = requested switch
        {
            "scalar" => true,
            "sse41" => x86 && Sse41.IsSupported,
            "avx2" => x86 && Avx2.IsSupported,
            "avx512" => x86 && Avx512F.VL.IsSupported,
            "vector128" => System.Runtime.Intrinsics.Vector128.IsHardwareAccelerated,
            _ => false,
        };
        s_checks++;
        if (runs && Blake2b.CompressionCore != requested)
            s_failures.Add($"BLAKE2FAST_CORE={requested} runs here, but BLAKE2b ran on {Blake2b.CompressionCore}");
    }

    /// <summary>The process, the ISA the runtime reports, the instruction set asked for and the instruction sets the library chose.</summary>
    private static string Describe()
    {
        string mode = RuntimeFeature.IsDynamicCodeSupported ? "JIT" : "NativeAOT";
        string isa = RuntimeInformation.ProcessArchitecture is Architecture.X64 or Architecture.X86
            ? $"Sse41={Sse41.IsSupported} Avx2={Avx2.IsSupported} Avx512F={Avx512F.IsSupported} Avx512F.VL={Avx512F.VL.IsSupported}"
            : "not x86";
        string ceiling = Environment.GetEnvironmentVariable("BLAKE2FAST_CORE") ?? "(unset)";
        return $"{mode}, {RuntimeInformation.ProcessArchitecture}, {isa}, BLAKE2FAST_CORE={ceiling}; instruction sets: " +
            $"BLAKE2b {Blake2b.CompressionCore}, BLAKE2s {Blake2s.CompressionCore}, BLAKE2bp {Blake2bp.CompressionCore}, BLAKE2sp {Blake2sp.CompressionCore}, " +
            $"BLAKE3 {Blake2Fast.Blake3.CompressionCore}, BLAKE-256 {Blake2Fast.Blake256.CompressionCore}";
    }

    private static void CheckSingle(KatSample sample, byte[] expected)
    {
        ReadOnlySpan<byte> key = s_sequence.AsSpan(0, sample.KeyLength);
        bool keyed = sample.KeyLength > 0; // the keyed overloads refuse an empty key
        ReadOnlySpan<byte> input = s_sequence.AsSpan(0, sample.InputLength);
        int length = sample.OutputLength;
        byte[] written = new byte[length];

        switch (sample.Algorithm)
        {
            case Algorithm.Blake2b:
                Check(sample, "ComputeHash", expected, (keyed ? Blake2b.ComputeHash(length, key, input) : Blake2b.ComputeHash(length, input)));
                if (keyed)
                    Blake2b.ComputeAndWriteHash(length, key, input, written);
                else
                    Blake2b.ComputeAndWriteHash(length, input, written.AsSpan());
                Check(sample, "ComputeAndWriteHash", expected, written);
                Blake2bHashState b = (keyed ? Blake2b.CreateIncrementalHasher(length, key) : Blake2b.CreateIncrementalHasher(length));
                foreach (Range piece in Pieces(input.Length))
                    b.Update(input[piece]);
                Check(sample, "incremental", expected, b.Finish());
                break;
            case Algorithm.Blake2s:
                Check(sample, "ComputeHash", expected, (keyed ? Blake2s.ComputeHash(length, key, input) : Blake2s.ComputeHash(length, input)));
                if (keyed)
                    Blake2s.ComputeAndWriteHash(length, key, input, written);
                else
                    Blake2s.ComputeAndWriteHash(length, input, written.AsSpan());
                Check(sample, "ComputeAndWriteHash", expected, written);
                Blake2sHashState s = (keyed ? Blake2s.CreateIncrementalHasher(length, key) : Blake2s.CreateIncrementalHasher(length));
                foreach (Range piece in Pieces(input.Length))
                    s.Update(input[piece]);
                Check(sample, "incremental", expected, s.Finish());
                break;
            case Algorithm.Blake2bp:
                Check(sample, "ComputeHash", expected, (keyed ? Blake2bp.ComputeHash(length, key, input) : Blake2bp.ComputeHash(length, input)));
                if (keyed)
                    Blake2bp.ComputeAndWriteHash(length, key, input, written);
                else
                    Blake2bp.ComputeAndWriteHash(length, input, written.AsSpan());
                Check(sample, "ComputeAndWriteHash", expected, written);
                Blake2bpHashState bp = (keyed ? Blake2bp.CreateIncrementalHasher(length, key) : Blake2bp.CreateIncrementalHasher(length));
                foreach (Range piece in Pieces(input.Length))
                    bp.Update(input[piece]);
                Check(sample, "incremental", expected, bp.Finish());
                break;
            case Algorithm.Blake2sp:
                Check(sample, "ComputeHash", expected, (keyed ? Blake2sp.ComputeHash(length, key, input) : Blake2sp.ComputeHash(length, input)));
                if (keyed)
                    Blake2sp.ComputeAndWriteHash(length, key, input, written);
                else
                    Blake2sp.ComputeAndWriteHash(length, input, written.AsSpan());
                Check(sample, "ComputeAndWriteHash", expected, written);
                Blake2spHashState sp = (keyed ? Blake2sp.CreateIncrementalHasher(length, key) : Blake2sp.CreateIncrementalHasher(length));
                foreach (Range piece in Pieces(input.Length))
                    sp.Update(input[piece]);
                Check(sample, "incremental", expected, sp.Finish());
                break;
            case Algorithm.Blake2Xb:
                Check(sample, "ComputeHash", expected, (keyed ? Blake2Xb.ComputeHash(length, key, input) : Blake2Xb.ComputeHash(length, input)));
                if (keyed)
                    Blake2Xb.ComputeAndWriteHash(key, input, written);
                else
                    Blake2Xb.ComputeAndWriteHash(input, written.AsSpan());
                Check(sample, "ComputeAndWriteHash", expected, written);
                Blake2XbHashState xb = (keyed ? Blake2Xb.CreateIncrementalHasher(length, key) : Blake2Xb.CreateIncrementalHasher(length));
                foreach (Range piece in Pieces(input.Length))
                    xb.Update(input[piece]);
                Array.Clear(written);
                foreach (Range piece in Pieces(length))
                    xb.Read(written.AsSpan(piece));
                Check(sample, "incremental, read in pieces", expected, written);
                break;
            case Algorithm.Blake2Xs:
                Check(sample, "ComputeHash", expected, (keyed ? Blake2Xs.ComputeHash(length, key, input) : Blake2Xs.ComputeHash(length, input)));
                if (keyed)
                    Blake2Xs.ComputeAndWriteHash(key, input, written);
                else
                    Blake2Xs.ComputeAndWriteHash(input, written.AsSpan());
                Check(sample, "ComputeAndWriteHash", expected, written);
                Blake2XsHashState xs = (keyed ? Blake2Xs.CreateIncrementalHasher(length, key) : Blake2Xs.CreateIncrementalHasher(length));
                foreach (Range piece in Pieces(input.Length))
                    xs.Update(input[piece]);
                Array.Clear(written);
                foreach (Range piece in Pieces(length))
                    xs.Read(written.AsSpan(piece));
                Check(sample, "incremental, read in pieces", expected, written);
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(sample), sample.Algorithm, "unknown algorithm");
        }
    }

    /// <summary>
    /// Every sample of one algorithm and key length in one many-message call: uneven lengths, more messages than
    /// the widest instruction set has lanes (8 BLAKE2b / 16 BLAKE2s would not be reached by 9, so the list is doubled).
    /// </summary>
    private static void CheckMany(Algorithm algorithm, int keyLength)
    {
        var samples = new List<KatSample>();
        foreach (KatSample sample in KatSamples.All)
        {
            if (sample.Algorithm == algorithm && sample.KeyLength == keyLength)
                samples.Add(sample);
        }
        samples.AddRange(samples);
        if (samples.Count == 0)
            throw new InvalidOperationException($"no samples for {algorithm} with a {keyLength}-byte key");

        int length = samples[0].OutputLength;
        var inputs = new ReadOnlyMemory<byte>[samples.Count];
        for (int i = 0; i < samples.Count; i++)
            inputs[i] = s_sequence.AsMemory(0, samples[i].InputLength);
        byte[] outputs = new byte[samples.Count * length];
        var parameters = new Blake2Parameters { DigestLength = length, Key = s_sequence.AsSpan(0, keyLength) };
        if (algorithm == Algorithm.Blake2b)
            Blake2b.ComputeAndWriteHashes(parameters, inputs, outputs);
        else
            Blake2s.ComputeAndWriteHashes(parameters, inputs, outputs);

        for (int i = 0; i < samples.Count; i++)
            Check(samples[i], $"ComputeAndWriteHashes[{i} of {samples.Count}]", Convert.FromHexString(samples[i].ExpectedHex), outputs.AsSpan(i * length, length));
    }

    /// <summary>Cuts 0..<paramref name="length"/> into the uneven <see cref="s_splits"/> sizes, repeated.</summary>
    private static IEnumerable<Range> Pieces(int length)
    {
        int start = 0;
        for (int i = 0; start < length; i++)
        {
            int end = Math.Min(length, start + s_splits[i % s_splits.Length]);
            yield return start..end;
            start = end;
        }
    }

    /// <summary>
    /// BLAKE3's official vectors (github.com/BLAKE3-team/BLAKE3, test_vectors/test_vectors.json, CC0; the first 32
    /// bytes of three cases: one chunk, a chunk and a byte, a 100-chunk tree), in its three modes, one-shot and
    /// incremental with uneven splits.
    /// </summary>
    private static void CheckBlake3(bool corrupt)
    {
        byte[] key = "whats the Elvish word for friend"u8.ToArray();
        const string context = "BLAKE3 2019-12-27 16:29:52 test vectors context";
        foreach ((int length, string hash, string keyed, string derive) in s_blake3Vectors)
        {
            byte[] input = new byte[length];
            for (int i = 0; i < length; i++)
                input[i] = (byte)(i % 251);
            byte[] expectedHash = Convert.FromHexString(hash);
            if (corrupt)
                expectedHash[0] ^= 1;
            Blake2Fast.Blake3HashState state = Blake2Fast.Blake3.CreateIncrementalHasher();
            Blake2Fast.Blake3HashState keyedState = Blake2Fast.Blake3.CreateIncrementalHasher(key);
            Blake2Fast.Blake3HashState deriveState = Blake2Fast.Blake3.CreateDeriveKeyHasher(context);
            foreach (Range piece in Pieces(length))
            {
                state.Update(input.AsSpan(piece));
                keyedState.Update(input.AsSpan(piece));
                deriveState.Update(input.AsSpan(piece));
            }
            CheckBlake3(length, "HashData", expectedHash, Blake2Fast.Blake3.HashData(input));
            CheckBlake3(length, "Keyed.HashData", Convert.FromHexString(keyed), Blake2Fast.Blake3.Keyed.HashData(key, input));
            CheckBlake3(length, "DeriveKey", Convert.FromHexString(derive), Blake2Fast.Blake3.DeriveKey(context, input));
            CheckBlake3(length, "incremental", expectedHash, state.Finish());
            CheckBlake3(length, "incremental keyed", Convert.FromHexString(keyed), keyedState.Finish());
            CheckBlake3(length, "incremental derive", Convert.FromHexString(derive), deriveState.Finish());
        }
    }

    private static void CheckBlake3(int length, string api, ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual)
    {
        s_checks++;
        if (!expected.SequenceEqual(actual))
            s_failures.Add($"BLAKE3 of {length} bytes via {api}: expected {Convert.ToHexStringLower(expected)}, got {Convert.ToHexStringLower(actual)}");
    }

    /// <summary>
    /// BLAKE-256 and BLAKE-224 vectors (decred/dcrd crypto/blake256 hasher_test.go, ISC licence; the specification's
    /// one- and two-block messages and two salted padding cases), one-shot and incremental.
    /// </summary>
    private static void CheckBlake256()
    {
        foreach ((string salt, string input, string b256, string b224) in s_blake256Vectors)
        {
            byte[] s = Convert.FromHexString(salt), m = Convert.FromHexString(input);
            byte[] one256 = s.Length == 0 ? Blake2Fast.Blake256.HashData(m) : Blake2Fast.Blake256.Salted.HashData(s, m);
            byte[] one224 = s.Length == 0 ? Blake2Fast.Blake224.HashData(m) : Blake2Fast.Blake224.Salted.HashData(s, m);
            Blake2Fast.Blake256HashState state = s.Length == 0 ? Blake2Fast.Blake256.CreateIncrementalHasher() : Blake2Fast.Blake256.CreateIncrementalHasher(s);
            foreach (Range piece in Pieces(m.Length))
                state.Update(m.AsSpan(piece));
            foreach ((string api, byte[] expected, byte[] actual) in new[] { ("BLAKE-256", Convert.FromHexString(b256), one256), ("BLAKE-224", Convert.FromHexString(b224), one224), ("BLAKE-256 incremental", Convert.FromHexString(b256), state.Finish()) })
            {
                s_checks++;
                if (!expected.AsSpan().SequenceEqual(actual))
                    s_failures.Add($"{api} of {m.Length} bytes (salt '{salt}'): expected {Convert.ToHexStringLower(expected)}, got {Convert.ToHexStringLower(actual)}");
            }
        }
    }

    private static readonly (string Salt, string Input, string Blake256, string Blake224)[] s_blake256Vectors =
    [
        ("", "00", "0ce8d4ef4dd7cd8d62dfded9d4edb0a774ae6a41929a74da23109e8f11139c87", "4504cb0314fb2a4f7a692e696e487912fe3f2468fe312c73a5278ec5"),
        ("", "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000", "d419bad32d504fb7d44d460c42c5593fe544fa4c135dec31e21bd9abdcc22d41", "f5aa00dd1cb847e3140372af7b5c46b4888d82c8c0a917913cfb5d04"),
        ("01010101010101010101010101010101", "dedededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededededede", "513da045656d5128053c6e75676f9a379cea1eea4cafc6f29578cbb5010b7da4", "f0594c9048561be2f2f153019f9f80c13705d28840adaab3f75149b6"),
        ("5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f", "0101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101010101", "bdfa19309534dc7cec4c9ef9731374ef18774bf6c18a93ca94297e342946eed0", "fe6c61ef2bb29dc42f1e50437c977159f0b478d55b9d589d1619612f"),
    ];

    private static readonly (int Length, string Hash, string Keyed, string Derive)[] s_blake3Vectors =
    [
        (0, "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262", "92b2b75604ed3c761f9d6f62392c8a9227ad0ea3f09573e783f1498a4ed60d26", "2cc39783c223154fea8dfb7c1b1660f2ac2dcbd1c1de8277b0b0dd39b7e50d7d"),
        (1025, "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444", "357dc55de0c7e382c900fd6e320acc04146be01db6a8ce7210b7189bd664ea69", "effaa245f065fbf82ac186839a249707c3bddf6d3fdda22d1b95a3c970379bcb"),
        (102400, "bc3e3d41a1146b069abffad3c0d44860cf664390afce4d9661f7902e7943e085", "1c35d1a5811083fd7119f5d5d1ba027b4d01c0c6c49fb6ff2cf75393ea5db4a7", "4652cff7a3f385a6103b5c260fc1593e13c778dbe608efb092fe7ee69df6e9c6"),
    ];

    private static void Check(KatSample sample, string api, ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual)
    {
        s_checks++;
        if (!expected.SequenceEqual(actual))
            s_failures.Add($"{sample} via {api}: expected {Convert.ToHexStringLower(expected)}, got {Convert.ToHexStringLower(actual)}");
    }

    private static byte[] CreateSequence(int length)
    {
        byte[] bytes = new byte[length];
        for (int i = 0; i < bytes.Length; i++)
            bytes[i] = (byte)i;
        return bytes;
    }
}
