#if !LIBRARY_NETSTANDARD // the file overload is in the net6+ builds only
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tests.Blake3Suite;

/// <summary>
/// The parallel engine behind both <c>UpdateParallel</c> overloads (memory and file): the same hash as
/// <see cref="Blake3HashState.Update(ReadOnlySpan{byte})"/> for sizes around the chunk and slice boundaries (256 KiB to
/// 1 MiB slices), after earlier input of odd lengths, from file offsets that are not aligned, in every mode, on
/// subtree states and on 1 to 8 threads; and a file shorter than asked for, whose bytes are all the state holds.
/// </summary>
public sealed class Blake3ParallelEngineTests : IDisposable
{
    private const int KiB = 1024, MiB = 1024 * KiB;
    private const int Prefix = 13; // the data starts at an odd offset of the file
    private const string Context = "Blake2Fast tests 2026-11-27 parallel engine";
    private static readonly byte[] Key = Enumerable.Range(0, 32).Select(i => (byte)(7 + i * 3)).ToArray();
    private static readonly byte[] Data = MakeData(21 * MiB + 777);

    private readonly string _path = Path.Combine(Path.GetTempPath(), "b2f-parallel-" + Guid.NewGuid().ToString("N"));

    public Blake3ParallelEngineTests()
    {
        using FileStream stream = File.Create(_path);
        stream.Write(new byte[Prefix]);
        stream.Write(Data);
    }

    public void Dispose() => File.Delete(_path);

    private static byte[] MakeData(int length)
    {
        var data = new byte[length];
        new Random(35).NextBytes(data);
        return data;
    }

    private static Blake3Mode ModeOf(int index) => (index % 3) switch
    {
        1 => Blake3Mode.Keyed(Key),
        2 => Blake3Mode.KeyDerivation(Context),
        _ => Blake3Mode.Hash,
    };

    private static readonly int[] Sizes =
    {
        0, 1, 1023, 1024, 1025, 256 * KiB - 1, 256 * KiB, 256 * KiB + 1, 512 * KiB - 1, 512 * KiB, 512 * KiB + 1,
        MiB - 1, MiB, MiB + 1, 2 * MiB, 2 * MiB + 1, 3 * MiB - 5, 5 * MiB + 1023, 16 * MiB, 20 * MiB + 333,
    };

    private static readonly int[] Before = { 0, 1, 1000, 3 * KiB + 5, MiB - 7 };
    private static readonly int[] Threads = { 1, 2, 3, 8 };

    public static IEnumerable<object[]> Cases()
    {
        int i = 0;
        foreach (int size in Sizes)
        {
            foreach (int before in Before)
            {
                yield return new object[] { before, size, Threads[i % Threads.Length], i % 3 };
                i++;
            }
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void BothOverloadsHashAsUpdateDoes(int before, int size, int threads, int mode)
    {
        Blake3HashState plain = Blake3.CreateIncrementalHasher(ModeOf(mode));
        plain.Update(Data.AsSpan(0, before));
        Blake3HashState memory = plain, file = plain;
        plain.Update(Data.AsSpan(before, size));
        plain.Update(Data.AsSpan(before + size, 10));
        byte[] expected = plain.Finish();

        memory.UpdateParallel(Data.AsSpan(before, size), threads);
        memory.Update(Data.AsSpan(before + size, 10));
        Assert.Equal(expected, memory.Finish());

        using SafeFileHandle handle = File.OpenHandle(_path);
        Assert.Equal(size, file.UpdateParallel(handle, Prefix + before, size, threads));
        file.Update(Data.AsSpan(before + size, 10));
        Assert.Equal(expected, file.Finish());
    }

    [Theory]
    [InlineData(MiB)]
    [InlineData(4 * MiB + 1)]
    [InlineData(9 * MiB)]
    public void EveryModeOnEveryThreadCountAgreesWithTheOneShot(int size)
    {
        using SafeFileHandle handle = File.OpenHandle(_path);
        ReadOnlySpan<byte> input = Data.AsSpan(0, size);
        for (int mode = 0; mode < 3; mode++)
        {
            byte[] expected = mode switch
            {
                1 => Blake3.Keyed.HashData(Key, input),
                2 => Blake3.DeriveKey(Context, input),
                _ => Blake3.HashData(input),
            };
            foreach (int threads in Threads.Append(-1))
            {
                Blake3HashState memory = Blake3.CreateIncrementalHasher(ModeOf(mode));
                memory.UpdateParallel(input, threads);
                Assert.Equal(expected, memory.Finish());
                Blake3HashState file = Blake3.CreateIncrementalHasher(ModeOf(mode));
                Assert.Equal(size, file.UpdateParallel(handle, Prefix, size, threads));
                Assert.Equal(expected, file.Finish());
            }
        }
    }

    [Theory]
    [InlineData(KiB, KiB, 0)]
    [InlineData(MiB, MiB, 0)]
    [InlineData(2 * MiB, 2 * MiB - 1, 0)]
    [InlineData(4 * MiB, 4 * MiB, 3)]
    [InlineData(4 * MiB, 3 * MiB + 5, 1)]
    [InlineData(8 * MiB, 8 * MiB, 5000)]
    [InlineData(16 * MiB, 5 * MiB + 1, 0)]
    [InlineData(3 * MiB, MiB, 700)]
    public void SubtreeStatesFinishAsTheSequentialSubtree(int offset, int length, int before)
    {
        for (int mode = 0; mode < 3; mode++)
        {
            Blake3HashState plain = Blake3.CreateIncrementalHasher(ModeOf(mode));
            plain.SetInputOffset(offset);
            plain.Update(Data.AsSpan(0, before));
            Blake3HashState memory = plain, file = plain;
            plain.Update(Data.AsSpan(before, length - before));
            byte[] expected = plain.FinishSubtree();

            memory.UpdateParallel(Data.AsSpan(before, length - before), Threads[mode + 1]);
            Assert.Equal(expected, memory.FinishSubtree());

            using SafeFileHandle handle = File.OpenHandle(_path);
            Assert.Equal(length - before, file.UpdateParallel(handle, Prefix + before, length - before, Threads[mode + 1]));
            Assert.Equal(expected, file.FinishSubtree());
        }
    }

    [Fact]
    public void AFileOffsetPastTheEndAddsNothing()
    {
        using SafeFileHandle handle = File.OpenHandle(_path);
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.Update(Data.AsSpan(0, 5));
        Assert.Equal(0, state.UpdateParallel(handle, Prefix + Data.Length + 10, 4 * MiB, 2));
        Assert.Equal(Blake3.HashData(Data.AsSpan(0, 5)), state.Finish());
    }

    [Theory]
    [InlineData(0, 0, 4 * MiB)]
    [InlineData(MiB, 0, 4 * MiB)]
    [InlineData(MiB + 1, 0, 4 * MiB)]
    [InlineData(2 * MiB, 0, 8 * MiB)]
    [InlineData(5 * MiB + 333, 0, 20 * MiB)]
    [InlineData(5 * MiB + 333, 1000, 20 * MiB)]
    [InlineData(700 * KiB, 3 * KiB + 1, MiB)]
    public void AFileShorterThanAskedAddsExactlyItsBytes(int fileLength, int before, int asked)
    {
        string path = _path + ".short";
        File.WriteAllBytes(path, Data.AsSpan(0, fileLength).ToArray());
        try
        {
            using SafeFileHandle handle = File.OpenHandle(path);
            foreach (int threads in Threads)
            {
                Blake3HashState state = Blake3.CreateIncrementalHasher(Blake3Mode.Keyed(Key));
                state.Update(Data.AsSpan(0, before));
                long added = state.UpdateParallel(handle, before, asked, threads);
                Assert.Equal(Math.Max(0, fileLength - before), added);
                state.Update(Data.AsSpan(0, 3)); // still usable
                byte[] expected = Blake3.Keyed.HashData(Key, Data.AsSpan(0, (int)(before + added)).ToArray().Concat(Data.Take(3)).ToArray());
                Assert.Equal(expected, state.Finish());
            }
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void AFileTruncatedBetweenCallsAddsWhatIsLeft()
    {
        string path = _path + ".truncated";
        File.WriteAllBytes(path, Data.AsSpan(0, 16 * MiB).ToArray());
        try
        {
            using SafeFileHandle handle = File.OpenHandle(path, FileMode.Open, FileAccess.ReadWrite);
            Blake3HashState state = Blake3.CreateIncrementalHasher();
            Assert.Equal(8 * MiB, state.UpdateParallel(handle, 0, 8 * MiB, 2));
            RandomAccess.SetLength(handle, 10 * MiB + 5);
            Assert.Equal(2 * MiB + 5, state.UpdateParallel(handle, 8 * MiB, 8 * MiB, 2));
            Assert.Equal(Blake3.HashData(Data.AsSpan(0, 10 * MiB + 5)), state.Finish());
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Theory]
    [InlineData(0)]
    [InlineData(MiB)]
    [InlineData(6 * MiB + 100)]
    [InlineData(15 * MiB)]
    public void AFileTruncatedWhileReadGivesTheHashOfAPrefix(int cut)
    {
        // Whenever the truncation lands, the bytes before the point reached are the original ones: the state must
        // hold exactly them, whatever the threads saw.
        string path = _path + ".racing";
        File.WriteAllBytes(path, Data.AsSpan(0, 20 * MiB).ToArray());
        try
        {
            for (int attempt = 0; attempt < 4; attempt++)
            {
                using (SafeFileHandle writer = File.OpenHandle(path, FileMode.Open, FileAccess.Write))
                    RandomAccess.Write(writer, Data.AsSpan(0, 20 * MiB), 0); // whole again for the next attempt
                using SafeFileHandle reader = File.OpenHandle(path);
                using SafeFileHandle truncator = File.OpenHandle(path, FileMode.Open, FileAccess.Write);
                Blake3HashState state = Blake3.CreateIncrementalHasher();
                int pause = attempt;
                var shrink = new System.Threading.Thread(() =>
                {
                    System.Threading.Thread.Sleep(pause);
                    RandomAccess.SetLength(truncator, cut);
                });
                shrink.Start();
                long added = state.UpdateParallel(reader, 0, 20 * MiB, 2);
                shrink.Join();
                Assert.InRange(added, cut, 20 * MiB);
                Assert.Equal(Blake3.HashData(Data.AsSpan(0, (int)added)), state.Finish());
            }
        }
        finally
        {
            File.Delete(path);
        }
    }
}
#endif
