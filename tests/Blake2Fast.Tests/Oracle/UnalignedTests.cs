using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;
using Blake2Fast.Dispatch;
using Blake2Fast.Tests.Infrastructure;

namespace Blake2Fast.Tests.Oracle;

/// <summary>
/// The SIMD kernels load whole blocks (up to 64 bytes at once) straight from the caller's memory: input, key and
/// output at any alignment must give the digest of the aligned case. Offsets 0..15 inside larger managed
/// arrays (and slices of them), plus offsets 0..63 from a 64-byte-aligned native buffer so that every
/// position relative to a cache line is covered. Every instruction set; one-shot, span output and incremental.
/// </summary>
public class UnalignedTests
{
    private static int[] Lengths(int bb) => new[] { 0, 1, bb - 1, bb, bb + 1, 10 * bb + 3 };

    private static byte[] Pattern(int n, int multiplier, int add)
    {
        var bytes = new byte[n];
        for (int i = 0; i < n; i++)
            bytes[i] = (byte)(i * multiplier + add);
        return bytes;
    }

    private const byte Fill = 0xE7;

    /// <summary>Runs the three APIs on <paramref name="input"/> (a slice somewhere) and compares with <paramref name="expected"/>.</summary>
    private static void CheckAllApis(FixedDigestDriver algorithm, InstructionSet instructionSet, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> outputArea,
        byte[] expected, string name, StringBuilder failures)
    {
        int digestLength = expected.Length;
        var parameters = new Blake2Parameters { DigestLength = digestLength, Key = key };

        // One-shot, returning an array.
        byte[] oneShot = algorithm.Hash(instructionSet, parameters, input);
        if (!oneShot.AsSpan().SequenceEqual(expected))
            failures.AppendLine($"{name} one-shot: {Hex.Encode(oneShot)}");

        // One-shot into the (unaligned) output span; the bytes after it keep their fill.
        outputArea.Fill(Fill);
        algorithm.Hash(instructionSet, parameters, input, outputArea.Slice(0, digestLength));
        if (!outputArea.Slice(0, digestLength).SequenceEqual(expected))
            failures.AppendLine($"{name} span output: {Hex.Encode(outputArea.Slice(0, digestLength))}");
        if (outputArea.Slice(digestLength).IndexOfAnyExcept(Fill) >= 0)
            failures.AppendLine($"{name} span output: bytes after the digest were overwritten");

        // Incremental: pieces that leave every later piece at an odd offset, finished into the unaligned span.
        Hasher hasher = algorithm.CreateIncrementalHasher(instructionSet, parameters);
        int offset = 0;
        foreach (int piece in new[] { 1, 3, algorithm.BlockSize, 5, 2 * algorithm.BlockSize + 1 })
        {
            int take = Math.Min(piece, input.Length - offset);
            hasher.Update(input.Slice(offset, take));
            offset += take;
        }
        hasher.Update(input.Slice(offset));
        outputArea.Fill(Fill);
        if (!hasher.TryFinish(outputArea.Slice(0, digestLength), out int written) || written != digestLength)
            failures.AppendLine($"{name} incremental: TryFinish failed (wrote {written})");
        else if (!outputArea.Slice(0, digestLength).SequenceEqual(expected))
            failures.AppendLine($"{name} incremental: {Hex.Encode(outputArea.Slice(0, digestLength))}");
    }

    [Theory]
    [MemberData(nameof(FixedDigestDriver.AllInstructionSets), MemberType = typeof(FixedDigestDriver))]
    public void ManagedArrays_EveryOffset0To15_MatchAligned(string algorithmName, string instructionSetName)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        var failures = new StringBuilder();
        foreach (bool keyed in new[] { false, true })
        {
            byte[] key = keyed ? Pattern(algorithm.MaxKeyLength - 1, 17, 9) : Array.Empty<byte>();
            int digestLength = algorithm.MaxDigestLength;
            foreach (int length in Lengths(algorithm.BlockSize))
            {
                byte[] message = Pattern(length, 7, 3);

                // The aligned result (own arrays, offset 0), itself checked against the reference.
                byte[] expected = algorithm.Hash(instructionSet, new Blake2Parameters { DigestLength = digestLength, Key = key }, message);
                byte[] oracle = algorithm.ReferenceHash(new ReferenceParameters { DigestLength = digestLength, Key = key }, message);
                Assert.True(oracle.AsSpan().SequenceEqual(expected), $"{algorithm.Name}={instructionSet} aligned, length {length}, keyed={keyed}: differs from the reference");

                for (int inputOffset = 0; inputOffset < 16; inputOffset++)
                {
                    // Input, key and output all live at offsets inside larger arrays full of other bytes.
                    var inputArray = new byte[inputOffset + length + 16];
                    inputArray.AsSpan().Fill(0x5C);
                    message.CopyTo(inputArray, inputOffset);
                    int keyOffset = (inputOffset * 5 + 3) % 16;
                    var keyArray = new byte[keyOffset + key.Length + 16];
                    keyArray.AsSpan().Fill(0x77);
                    key.CopyTo(keyArray, keyOffset);

                    // Four output offsets per input offset; over all input offsets, every output offset 0..15 occurs.
                    for (int j = 0; j < 4; j++)
                    {
                        int outputOffset = (inputOffset * 3 + j * 5) % 16;
                        var outputArray = new byte[outputOffset + digestLength + 8];
                        string name = $"{algorithm.Name}={instructionSet} keyed={keyed} length={length} inputOffset={inputOffset} keyOffset={keyOffset} outputOffset={outputOffset}";
                        CheckAllApis(algorithm, instructionSet, keyArray.AsSpan(keyOffset, key.Length), inputArray.AsSpan(inputOffset, length),
                            outputArray.AsSpan(outputOffset), expected, name, failures);
                        if (outputArray.AsSpan(0, outputOffset).IndexOfAnyExcept((byte)0) >= 0)
                            failures.AppendLine($"{name}: bytes before the output span were overwritten");
                    }
                }
            }
        }
        Assert.True(failures.Length == 0, failures.ToString());
    }

    [Theory]
    [MemberData(nameof(FixedDigestDriver.AllInstructionSets), MemberType = typeof(FixedDigestDriver))]
    public unsafe void NativeBuffer_EveryOffsetWithinACacheLine_MatchAligned(string algorithmName, string instructionSetName)
    {
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        InstructionSet instructionSet = FixedDigestDriver.ParseInstructionSet(instructionSetName);
        int bb = algorithm.BlockSize;
        int digestLength = algorithm.MaxDigestLength;
        const int area = 4096;
        byte* memory = (byte*)NativeMemory.AlignedAlloc(area, 64);
        try
        {
            var failures = new StringBuilder();
            foreach (int length in Lengths(bb))
            {
                byte[] message = Pattern(length, 11, 1);
                byte[] key = Pattern(algorithm.MaxKeyLength, 3, 0x30);
                byte[] expected = algorithm.ReferenceHash(new ReferenceParameters { DigestLength = digestLength, Key = key }, message);
                for (int offset = 0; offset < 64; offset++)
                {
                    // Input and key at 64-aligned addresses + offset; output at + (7 * offset) mod 64 (all 64 residues too).
                    var all = new Span<byte>(memory, area);
                    all.Fill(0x3E);
                    int inputAt = offset;
                    int keyAt = (inputAt + length + 63) / 64 * 64 + 64 + offset;
                    int outputAt = (keyAt + key.Length + 63) / 64 * 64 + 64 + offset * 7 % 64;
                    Span<byte> input = all.Slice(inputAt, length);
                    message.CopyTo(input);
                    Span<byte> keySpan = all.Slice(keyAt, key.Length);
                    key.CopyTo(keySpan);
                    Span<byte> output = all.Slice(outputAt, digestLength + 16);
                    string name = $"{algorithm.Name}={instructionSet} length={length} input address mod 64={(nuint)(memory + inputAt) % 64} " +
                        $"output address mod 64={(nuint)(memory + outputAt) % 64}";
                    CheckAllApis(algorithm, instructionSet, keySpan, input, output, expected, name, failures);
                }
            }
            Assert.True(failures.Length == 0, failures.ToString());
        }
        finally
        {
            NativeMemory.AlignedFree(memory);
        }
    }

    [Theory]
    [InlineData("blake2b")]
    [InlineData("blake2s")]
    public void PublicApi_UnalignedSlices_MatchReference(string algorithmName)
    {
        // The public entry points (default instruction set): input slices and output spans at offsets 0..15.
        FixedDigestDriver algorithm = FixedDigestDriver.Parse(algorithmName);
        var failures = new List<string>();
        foreach (int length in Lengths(algorithm.BlockSize))
        {
            byte[] message = Pattern(length, 13, 7);
            byte[] expected = algorithm.ReferenceHash(new ReferenceParameters { DigestLength = algorithm.MaxDigestLength }, message);
            var backing = new byte[length + 32];
            var output = new byte[algorithm.MaxDigestLength + 32];
            for (int offset = 0; offset < 16; offset++)
            {
                backing.AsSpan().Fill(0x6B);
                message.CopyTo(backing, offset);
                ReadOnlySpan<byte> slice = backing.AsSpan().Slice(offset, length);
                byte[] fromSlice = algorithm.ComputeHash(slice);
                Array.Clear(output);
                algorithm.ComputeAndWriteHash(slice, output.AsSpan(offset + 1));
                Hasher hasher = algorithm.CreateIncrementalHasher();
                hasher.Update(slice.Slice(0, length / 2));
                hasher.Update(slice.Slice(length / 2));
                byte[] incremental = hasher.Finish();
                if (!fromSlice.AsSpan().SequenceEqual(expected))
                    failures.Add($"{algorithm.Name} length={length} offset={offset}: ComputeHash {Hex.Encode(fromSlice)}");
                if (!output.AsSpan(offset + 1, expected.Length).SequenceEqual(expected))
                    failures.Add($"{algorithm.Name} length={length} offset={offset}: ComputeAndWriteHash at output offset {offset + 1} {Hex.Encode(output.AsSpan(offset + 1, expected.Length))}");
                if (!incremental.AsSpan().SequenceEqual(expected))
                    failures.Add($"{algorithm.Name} length={length} offset={offset}: incremental {Hex.Encode(incremental)}");
            }
        }
        Assert.True(failures.Count == 0, string.Join("\n", failures));
    }
}
