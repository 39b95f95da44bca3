using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Reflection;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Families.Blake3.Kernels;

namespace Blake2Fast.Tests.Reference;

/// <summary>One kernel entry point to test against its reference: its name, whether it runs here, and one random case.</summary>
internal sealed record ReferenceKernel(string Name, bool IsSupported, Action<SplitMix64> RunCase);

/// <summary>
/// The compression contracts and the kernels that keep them: every kernel of every job in <see cref="KernelTable"/>
/// (so a new kernel, or a new job of a known contract, is tested without a line here), and the entry points the table
/// does not list: BLAKE2's compact first-call compression and BLAKE3's single-block compressions.
/// </summary>
internal static class ReferenceKernels
{
    public static IEnumerable<ReferenceKernel> All()
    {
        foreach (KernelSet job in KernelTable.All)
        {
            BlockKernelDriver? driver = job switch
            {
                KernelSet<ulong> => BlockKernelDriver.Blake2b,
                KernelSet<uint> when ReferenceEquals(job, KernelTable.Blake256) => BlockKernelDriver.Blake256,
                KernelSet<uint> => BlockKernelDriver.Blake2s,
                _ => null,
            };
            foreach (Kernel kernel in job.Kernels)
            {
                string name = $"{job.Name}: {kernel.Label}";
                if (driver is not null)
                    yield return new ReferenceKernel(name, kernel.IsSupported, rng => driver.RunCase(rng, kernel.Entry, kernel.Lanes, name));
                else if (job is Blake3KernelSet)
                    yield return new ReferenceKernel(name, kernel.IsSupported, rng => Blake3Drivers.RunHashMany(rng, kernel, name));
                else
                    yield return new ReferenceKernel(name, true, _ => Assert.Fail($"{name}: no reference contract covers the job {job.GetType().Name}; add one in ReferenceKernels."));
            }
        }

        // BLAKE2's compact compression, which a process's first blocks run on (KernelSet<T>.StartingOn).
        yield return new ReferenceKernel("BLAKE2b: compact", true, rng => BlockKernelDriver.Blake2b.RunCompactCase(rng, "BLAKE2b: compact"));
        yield return new ReferenceKernel("BLAKE2s: compact", true, rng => BlockKernelDriver.Blake2s.RunCompactCase(rng, "BLAKE2s: compact"));

        // BLAKE3's one-block-at-a-time compressions (Blake3Block: a lone chunk, parents, the root, extended output).
        yield return Blake3Drivers.SingleBlock("BLAKE3 single block: scalar", true, new Blake3Drivers.Block(Blake3Portable.Compress, Blake3Portable.CompressXof, Blake3Portable.CompressBlocks));
        yield return Blake3Drivers.SingleBlock("BLAKE3 single block: compact", true, new Blake3Drivers.Block(Blake3Compact.Compress, Blake3Compact.CompressXof, Blake3Compact.CompressBlocks));
#if !LIBRARY_NETSTANDARD
        yield return Blake3Drivers.SingleBlock("BLAKE3 single block: row-sse41", Blake3RowSse41.IsSupported, new Blake3Drivers.Block(Blake3RowSse41.Compress, Blake3RowSse41.CompressXof, Blake3RowSse41.CompressBlocks));
        yield return Blake3Drivers.SingleBlock("BLAKE3 single block: row-vector128", Blake3RowVector128.IsSupported, new Blake3Drivers.Block(Blake3RowVector128.Compress, Blake3RowVector128.CompressXof, Blake3RowVector128.CompressBlocks));
#endif

        // BLAKE3's batches (Blake3Batches.HashMany, what the tree calls): any number of inputs over an instruction set's
        // kernels, a rest woven into the last group, run on a narrower kernel in place, shifted back, or on a copy.
        foreach (InstructionSet instructionSet in KernelTable.Blake3.Supported)
        {
            string name = $"BLAKE3 batches: {InstructionSets.Name(instructionSet)}";
            yield return new ReferenceKernel(name, true, rng => Blake3Drivers.RunBatches(rng, instructionSet, name));
        }
    }

    /// <summary>A counter near a word boundary or anywhere: t0 (and t1) as the tests want them crossed.</summary>
    public static ulong Counter(SplitMix64 rng, ulong span) => rng.Below(5) switch
    {
        0 => (ulong)rng.Below(1 << 20),
        1 => (1UL << 32) - 1 - (ulong)rng.Below((int)span),           // the low 32 bits carry
        2 => ulong.MaxValue - (ulong)rng.Below((int)span),            // the 64-bit word wraps
        3 => ((ulong)rng.Below(1 << 16) << 32) | (uint)rng.Next(),   // the high 32 bits set
        _ => rng.Next(),
    };
}

/// <summary>
/// The contract <c>(ref chain, ref input, blocks, increment)</c> of BLAKE2's and BLAKE-256's kernels, one lane or
/// many: the chain is <see cref="ChainWords"/> words per lane (word w of lane k at <c>lanes * w + k</c>), the
/// counter at <see cref="CounterAt"/>; before each block the counter grows by the increment, its low word's carry
/// going into the high word (for lanes, which count alike, lane 0's carry decides, so lanes share a counter whenever
/// the increment is not 0).
/// </summary>
internal abstract class BlockKernelDriver
{
    public static readonly BlockKernelDriver Blake2b = new Blake2bDriver();
    public static readonly BlockKernelDriver Blake2s = new Blake2sDriver();
    public static readonly BlockKernelDriver Blake256 = new Blake256Driver();

    protected abstract int WordBits { get; }
    protected abstract int ChainWords { get; }
    protected abstract int CounterAt { get; }

    /// <summary>The bytes of a block, and the increment of a full one (bytes for BLAKE2, bits for BLAKE-256).</summary>
    protected abstract int BlockBytes { get; }
    protected abstract uint FullIncrement { get; }

    /// <summary>The reference compression over one lane's chain (its counter already advanced).</summary>
    protected abstract void Compress(ulong[] chain, ReadOnlySpan<byte> block);

    /// <summary>A word other than h and the counter (BLAKE2's finalization words, BLAKE-256's salt).</summary>
    protected abstract ulong OtherWord(SplitMix64 rng);

    private ulong Mask => WordBits == 64 ? ulong.MaxValue : uint.MaxValue;

    public void RunCase(SplitMix64 rng, nint entry, int lanes, string name) =>
        RunCase(rng, lanes, name, (chain, input, offset, blocks, increment) => Invoke(entry, chain, input, offset, blocks, increment));

    /// <summary>The compact compression (Blake2Compact), its first-call budget reset so that its own code runs.</summary>
    public unsafe void RunCompactCase(SplitMix64 rng, string name)
    {
        string field = WordBits == 64 ? "s_blocksB" : "s_blocksS";
        FieldInfo budget = typeof(Blake2Compact).GetField(field, BindingFlags.NonPublic | BindingFlags.Static)
            ?? throw new InvalidOperationException($"Blake2Compact.{field} (the blocks run so far) is gone: update this test.");
        nint entry = WordBits == 64
            ? (nint)(delegate*<ref ulong, ref byte, nuint, uint, void>)&Blake2Compact.Compress
            : (nint)(delegate*<ref uint, ref byte, nuint, uint, void>)&Blake2Compact.Compress;
        RunCase(rng, 1, name, (chain, input, offset, blocks, increment) =>
        {
            object? spent = budget.GetValue(null);
            try
            {
                budget.SetValue(null, 0);
                Invoke(entry, chain, input, offset, blocks, increment);
                // Past its budget it would have handed the blocks to another kernel: it counted them, so it ran them.
                Assert.Equal(blocks, (int)budget.GetValue(null)!);
            }
            finally
            {
                budget.SetValue(null, spent); // the process's first-call budget as it was
            }
        });
    }

    private void RunCase(SplitMix64 rng, int lanes, string name, Action<ulong[], byte[], int, int, uint> kernel)
    {
        int blocks = rng.Between(1, 4);
        uint increment = rng.Below(4) switch
        {
            0 => 0,                                              // the caller set counters and flags
            1 => (uint)rng.Between(1, (int)FullIncrement - 1),   // a final block's bytes (bits)
            _ => FullIncrement,
        };
        var chain = new ulong[ChainWords * lanes];
        ulong sharedT0 = ReferenceKernels.Counter(rng, 4 * FullIncrement) & Mask, sharedT1 = rng.Next() & Mask;
        for (int k = 0; k < lanes; k++)
        {
            bool shared = increment != 0 || rng.Chance(25);
            for (int w = 0; w < ChainWords; w++)
            {
                ulong word = w < 8 ? rng.Next() : w == CounterAt ? (shared ? sharedT0 : ReferenceKernels.Counter(rng, 4 * FullIncrement))
                    : w == CounterAt + 1 ? (shared ? sharedT1 : rng.Next()) : OtherWord(rng);
                chain[lanes * w + k] = word & Mask;
            }
        }
        int offset = rng.Below(16);
        byte[] input = rng.Bytes(offset + blocks * lanes * BlockBytes);

        ulong[] expected = (ulong[])chain.Clone();
        for (int k = 0; k < lanes; k++)
        {
            ulong[] lane = Enumerable.Range(0, ChainWords).Select(w => expected[lanes * w + k]).ToArray();
            for (int s = 0; s < blocks; s++)
            {
                ulong t0 = (lane[CounterAt] + increment) & Mask;
                lane[CounterAt] = t0;
                if (t0 < increment)
                    lane[CounterAt + 1] = (lane[CounterAt + 1] + 1) & Mask;
                Compress(lane, input.AsSpan(offset + (s * lanes + k) * BlockBytes, BlockBytes));
            }
            for (int w = 0; w < ChainWords; w++)
                expected[lanes * w + k] = lane[w];
        }

        ulong[] actual = (ulong[])chain.Clone();
        kernel(actual, input, offset, blocks, increment);
        if (!expected.SequenceEqual(actual))
        {
            int at = Enumerable.Range(0, expected.Length).First(i => expected[i] != actual[i]);
            Assert.Fail(string.Create(CultureInfo.InvariantCulture,
                $"{name}: {lanes} lane(s), {blocks} block(s), increment {increment}, input offset {offset}: word {at / lanes} of lane {at % lanes} " +
                $"is 0x{actual[at]:X16}, the reference's 0x{expected[at]:X16}; chain in [{string.Join(", ", chain.Select(x => x.ToString("X", CultureInfo.InvariantCulture)))}]"));
        }
    }

    private unsafe void Invoke(nint entry, ulong[] chain, byte[] input, int offset, int blocks, uint increment)
    {
        if (WordBits == 64)
        {
            ((delegate*<ref ulong, ref byte, nuint, uint, void>)entry)(ref chain[0], ref input[offset], (nuint)blocks, increment);
            return;
        }
        uint[] words = chain.Select(x => (uint)x).ToArray();
        ((delegate*<ref uint, ref byte, nuint, uint, void>)entry)(ref words[0], ref input[offset], (nuint)blocks, increment);
        for (int i = 0; i < words.Length; i++)
            chain[i] = words[i];
    }

    /// <summary>BLAKE2's finalization words: mostly 0 or all ones, as the states set them, now and then anything.</summary>
    private static ulong FinalizationWord(SplitMix64 rng) => rng.Below(5) switch { 0 or 1 => 0, 2 or 3 => ulong.MaxValue, _ => rng.Next() };

    /// <summary>h0..h7, t0, t1, f0, f1 of 64-bit words; 128-byte blocks.</summary>
    private sealed class Blake2bDriver : BlockKernelDriver
    {
        protected override int WordBits => 64;
        protected override int ChainWords => 12;
        protected override int CounterAt => 8;
        protected override int BlockBytes => 128;
        protected override uint FullIncrement => 128;
        protected override ulong OtherWord(SplitMix64 rng) => FinalizationWord(rng);

        protected override void Compress(ulong[] chain, ReadOnlySpan<byte> block)
        {
            ulong[] h = chain[..8];
            Blake2bReference.Compress(h, block, chain[8], chain[9], chain[10], chain[11]);
            h.CopyTo(chain, 0);
        }
    }

    /// <summary>h0..h7, t0, t1, f0, f1 of 32-bit words; 64-byte blocks.</summary>
    private sealed class Blake2sDriver : BlockKernelDriver
    {
        protected override int WordBits => 32;
        protected override int ChainWords => 12;
        protected override int CounterAt => 8;
        protected override int BlockBytes => 64;
        protected override uint FullIncrement => 64;
        protected override ulong OtherWord(SplitMix64 rng) => FinalizationWord(rng);

        protected override void Compress(ulong[] chain, ReadOnlySpan<byte> block)
        {
            uint[] h = chain[..8].Select(x => (uint)x).ToArray();
            Blake2sReference.Compress(h, block, (uint)chain[8], (uint)chain[9], (uint)chain[10], (uint)chain[11]);
            for (int i = 0; i < 8; i++)
                chain[i] = h[i];
        }
    }

    /// <summary>h0..h7, the salt s0..s3, t0, t1 of 32-bit words; 64-byte blocks, the counter in bits.</summary>
    private sealed class Blake256Driver : BlockKernelDriver
    {
        protected override int WordBits => 32;
        protected override int ChainWords => 14;
        protected override int CounterAt => 12;
        protected override int BlockBytes => 64;
        protected override uint FullIncrement => 512;
        protected override ulong OtherWord(SplitMix64 rng) => rng.Chance(30) ? 0 : rng.Next(); // unsalted, or a salt word

        protected override void Compress(ulong[] chain, ReadOnlySpan<byte> block)
        {
            uint[] h = chain[..8].Select(x => (uint)x).ToArray();
            uint[] salt = chain[8..12].Select(x => (uint)x).ToArray();
            Blake256Reference.Compress(h, salt, block, (uint)chain[12], (uint)chain[13]);
            for (int i = 0; i < 8; i++)
                chain[i] = h[i];
        }
    }
}

/// <summary>BLAKE3's two contracts: <c>HashMany</c> (the kernel table's) and the single-block compressions beside it.</summary>
internal static class Blake3Drivers
{
    public delegate void CompressFunction(ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags);
    public delegate void CompressXofFunction(ref uint cv, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output);
    public delegate void CompressBlocksFunction(ref uint cv, ref byte input, nuint blocks, ulong counter, uint flags, uint flagsStart, uint flagsEnd);

    /// <summary>One implementation of the single-block contracts (Blake3Portable's, Blake3Compact's, a row kernel's).</summary>
    public sealed record Block(CompressFunction Compress, CompressXofFunction CompressXof, CompressBlocksFunction CompressBlocks);

    private const uint ChunkStart = Blake3Reference.ChunkStart, ChunkEnd = Blake3Reference.ChunkEnd, Parent = Blake3Reference.Parent, Root = Blake3Reference.Root;
    private static readonly uint[] Modes = { 0, Blake3Reference.KeyedHash, Blake3Reference.DeriveKeyContext, Blake3Reference.DeriveKeyMaterial };

    /// <summary>(flags, flagsStart, flagsEnd) as the tree calls the kernels (a chunk or a parent, root or not, in a mode), or now and then any words.</summary>
    private static (uint Flags, uint Start, uint End) FlagSet(SplitMix64 rng)
    {
        uint mode = Modes[rng.Below(Modes.Length)];
        return rng.Below(5) switch
        {
            0 => (mode, ChunkStart, ChunkEnd),
            1 => (mode, ChunkStart, ChunkEnd | Root),
            2 => (mode | Parent, 0, 0),
            3 => (mode | Parent | Root, 0, 0),
            _ => ((uint)rng.Next(), (uint)rng.Next(), (uint)rng.Next()),
        };
    }

    private static uint[] RandomWords(SplitMix64 rng, int count) => Enumerable.Range(0, count).Select(_ => (uint)rng.Next()).ToArray();

    /// <summary>The reference's chaining value of one input of the <c>HashMany</c> contract.</summary>
    private static uint[] Chain(uint[] key, ReadOnlySpan<byte> input, int blocks, ulong counter, uint flags, uint start, uint end)
    {
        uint[] cv = key;
        for (int b = 0; b < blocks; b++)
            cv = Blake3Reference.Compress(cv, input.Slice(64 * b, 64), counter, 64, flags | (b == 0 ? start : 0) | (b == blocks - 1 ? end : 0))[..8];
        return cv;
    }

    private static byte[] Bytes(uint[] words)
    {
        var bytes = new byte[4 * words.Length];
        for (int i = 0; i < words.Length; i++)
            BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(4 * i), words[i]);
        return bytes;
    }

    public static unsafe void RunHashMany(SplitMix64 rng, Kernel kernel, string name)
    {
        delegate*<ref byte, nuint, nuint, nuint, ref uint, ulong, bool, uint, uint, uint, ref byte, void> hashMany = Blake3KernelSet.EntryOf(kernel);
        int lanes = kernel.Lanes;
        int groups = rng.Chance(75) ? 1 : 2;
        int inputs = groups * lanes;
        int blocks = rng.Chance(30) ? 16 : rng.Between(1, 16);
        int stride = rng.Below(4) switch { 0 => 1024, 1 => 64 * blocks, 2 => 64 * blocks + rng.Between(1, 40), _ => 0 };
        int offset = rng.Below(16);
        byte[] input = rng.Bytes(offset + (inputs - 1) * stride + 64 * blocks);
        uint[] key = RandomWords(rng, 8);
        ulong counter = ReferenceKernels.Counter(rng, (ulong)inputs + 1);
        bool increment = rng.Chance(75);
        (uint flags, uint start, uint end) = FlagSet(rng);

        byte[] output = new byte[32 * inputs + 32];
        output.AsSpan().Fill(0xA5);
        uint[] keyCopy = (uint[])key.Clone();
        hashMany(ref input[offset], (nuint)groups, (nuint)stride, (nuint)blocks, ref keyCopy[0], counter, increment, flags, start, end, ref output[0]);

        for (int i = 0; i < inputs; i++)
        {
            byte[] expected = Bytes(Chain(key, input.AsSpan(offset + i * stride), blocks, counter + (increment ? (ulong)i : 0), flags, start, end));
            if (!output.AsSpan(32 * i, 32).SequenceEqual(expected))
            {
                Assert.Fail(string.Create(CultureInfo.InvariantCulture,
                    $"{name}: input {i} of {inputs} (groups {groups}, blocks {blocks}, stride {stride}, offset {offset}, counter 0x{counter:X16}{(increment ? " + i" : "")}, " +
                    $"flags {flags:X}/{start:X}/{end:X}): {Convert.ToHexString(output, 32 * i, 32)}, the reference's {Convert.ToHexString(expected)}"));
            }
        }
        Assert.True(output.AsSpan(32 * inputs).IndexOfAnyExcept((byte)0xA5) < 0, $"{name}: bytes written past the {inputs} outputs");
        Assert.Equal(key, keyCopy);
    }

    public static unsafe void RunBatches(SplitMix64 rng, InstructionSet instructionSet, string name)
    {
        int count = rng.Between(1, 45);
        int blocks = rng.Below(3) switch { 0 => 16, 1 => 1, _ => rng.Between(1, 16) };
        int stride = rng.Chance(50) ? 64 * blocks : 64 * blocks + rng.Between(1, 40);
        long readable = (long)(count - 1) * stride + 64 * blocks + (rng.Chance(50) ? 0 : rng.Between(1, 4096));
        long writable = 32L * count + (rng.Chance(50) ? 0 : rng.Between(1, 1024));
        byte[] input = rng.Bytes((int)readable), output = new byte[writable + 32];
        output.AsSpan().Fill(0xA5);
        uint[] key = RandomWords(rng, 8);
        ulong counter = ReferenceKernels.Counter(rng, (ulong)count + 1);
        bool increment = rng.Chance(75);
        (uint flags, uint start, uint end) = FlagSet(rng);
        fixed (byte* i = input, o = output)
        fixed (uint* k = (uint[])key.Clone())
            Blake3Batches.HashMany(instructionSet, i, count, stride, blocks, k, counter, increment, flags, start, end, o, readable, writable);

        for (int n = 0; n < count; n++)
        {
            byte[] expected = Bytes(Chain(key, input.AsSpan(n * stride), blocks, counter + (increment ? (ulong)n : 0), flags, start, end));
            if (!output.AsSpan(32 * n, 32).SequenceEqual(expected))
            {
                Assert.Fail(string.Create(CultureInfo.InvariantCulture,
                    $"{name}: input {n} of {count} (blocks {blocks}, stride {stride}, readable {readable}, writable {writable}, counter 0x{counter:X16}{(increment ? " + i" : "")}, " +
                    $"flags {flags:X}/{start:X}/{end:X}): {Convert.ToHexString(output, 32 * n, 32)}, the reference's {Convert.ToHexString(expected)}"));
            }
        }
        Assert.True(output.AsSpan((int)writable).IndexOfAnyExcept((byte)0xA5) < 0, $"{name}: bytes written past the {writable} writable");
    }

    public static ReferenceKernel SingleBlock(string name, bool isSupported, Block kernel) => new(name, isSupported, rng =>
    {
        uint[] cv = RandomWords(rng, 8);
        byte[] input = rng.Bytes(16 * 64);
        ulong counter = ReferenceKernels.Counter(rng, 16);
        uint blockLength = (uint)(rng.Chance(50) ? 64 : rng.Between(0, 64));
        (uint flags, uint start, uint end) = FlagSet(rng);
        uint[] full = Blake3Reference.Compress(cv, input.AsSpan(0, 64), counter, blockLength, flags);

        uint[] actual = (uint[])cv.Clone();
        kernel.Compress(ref actual[0], ref input[0], counter, blockLength, flags);
        Assert.True(full[..8].SequenceEqual(actual), $"{name} Compress: counter 0x{counter:X16}, block length {blockLength}, flags {flags:X}");

        byte[] output = new byte[64];
        actual = (uint[])cv.Clone();
        kernel.CompressXof(ref actual[0], ref input[0], counter, blockLength, flags, ref output[0]);
        Assert.True(Bytes(full).AsSpan().SequenceEqual(output), $"{name} CompressXof: counter 0x{counter:X16}, block length {blockLength}, flags {flags:X}");
        Assert.Equal(cv, actual);

        int blocks = rng.Between(1, 16);
        actual = (uint[])cv.Clone();
        kernel.CompressBlocks(ref actual[0], ref input[0], (nuint)blocks, counter, flags, start, end);
        Assert.True(Chain(cv, input, blocks, counter, flags, start, end).SequenceEqual(actual),
            $"{name} CompressBlocks: {blocks} blocks, counter 0x{counter:X16}, flags {flags:X}/{start:X}/{end:X}");
    });
}
