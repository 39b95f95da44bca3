// The examples of docs/blake3-subtrees.md, verbatim (TheExamplesAreThePagesVerbatim checks it), each run by a test
// against the one-shot hash.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tests.DocExamples;

/// <summary>The BLAKE3 subtree page's examples, compiled and run.</summary>
public class Blake3SubtreeExamples
{
    // ---- the page's blocks ----

#if !LIBRARY_NETSTANDARD // the file overload is in the net6+ builds only
    static byte[] HashFileOnEveryCore(string path)
    {
        using SafeFileHandle file = File.OpenHandle(path);
        long length = RandomAccess.GetLength(file);
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        if (state.UpdateParallel(file, 0, length) < length)
            throw new IOException($"{path} became shorter while it was hashed.");
        return state.Finish();
    }
#endif

    static byte[] HashInTwoPieces(byte[] input) // more than 1024 bytes
    {
        long split = Blake3Subtrees.LeftSubtreeLength(input.Length);

        Blake3HashState left = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        left.Update(input.AsSpan(0, (int)split));

        Blake3HashState right = Blake3.CreateIncrementalHasher(Blake3Mode.Hash);
        right.SetInputOffset(split);
        right.Update(input.AsSpan((int)split));

        return Blake3Subtrees.MergeRoot(left.FinishSubtree(), right.FinishSubtree(), Blake3Mode.Hash);
    }

    static byte[] HashOnThreadPool(ReadOnlyMemory<byte> input, Blake3Mode mode)
    {
        const int PieceLength = 1 << 20; // a power of two of chunks, so every piece starts where one this long may
        if (input.Length <= PieceLength)
        {
            Blake3HashState whole = Blake3.CreateIncrementalHasher(mode);
            whole.Update(input.Span);
            return whole.Finish();
        }
        var cvs = new byte[(input.Length + PieceLength - 1) / PieceLength][];
        Parallel.For(0, cvs.Length, i =>
        {
            int offset = i * PieceLength;
            Blake3HashState piece = Blake3.CreateIncrementalHasher(mode);
            piece.SetInputOffset(offset);
            piece.Update(input.Span.Slice(offset, Math.Min(PieceLength, input.Length - offset)));
            cvs[i] = piece.FinishSubtree();
        });
        return MergeLevels(cvs, mode);
    }

    // Chaining values of consecutive pieces of one power-of-two length (the last may be shorter), merged as the tree
    // does: pairs into parents, an odd one out moved up as it is, the last two into the root.
    static byte[] MergeLevels(byte[][] cvs, Blake3Mode mode)
    {
        var level = new List<byte[]>(cvs);
        while (level.Count > 2)
        {
            var next = new List<byte[]>();
            for (int i = 0; i + 1 < level.Count; i += 2)
            {
                byte[] parent = new byte[Blake3Subtrees.ChainingValueLength];
                Blake3Subtrees.MergeParent(level[i], level[i + 1], mode, parent);
                next.Add(parent);
            }
            if (level.Count % 2 == 1)
                next.Add(level[level.Count - 1]);
            level = next;
        }
        return Blake3Subtrees.MergeRoot(level[0], level[1], mode);
    }

    const long FilePieceLength = 4 << 20; // 4 MiB, a power of two of chunks
    const string Context = "Example Corp 2026-01-01 backup fingerprints v1";

    // In worker `index`, on any machine that can read the file (piece count: the file's length / FilePieceLength,
    // rounded up; a file of at most FilePieceLength bytes is hashed whole instead).
    static void HashFilePiece(string path, long index, string cvFolder)
    {
        Blake3Mode mode = Blake3Mode.DeriveKey(Context);
        using FileStream file = File.OpenRead(path);
        long offset = index * FilePieceLength;
        long length = Math.Min(FilePieceLength, file.Length - offset);
        Blake3HashState piece = Blake3.CreateIncrementalHasher(mode);
        piece.SetInputOffset(offset);
        file.Position = offset;
        byte[] buffer = new byte[81920];
        while (length > 0)
        {
            int read = file.Read(buffer, 0, (int)Math.Min(buffer.Length, length));
            if (read == 0)
                throw new EndOfStreamException($"{path} ended early: it changed while hashed");
            piece.Update(buffer.AsSpan(0, read));
            length -= read;
        }
        File.WriteAllBytes(Path.Combine(cvFolder, $"{index}.cv"), piece.FinishSubtree());
    }

    // Later, once every worker is done: the chaining values in order, merged into the derived key.
    static byte[] MergeFilePieces(string cvFolder, long pieceCount)
    {
        var cvs = new byte[pieceCount][];
        for (long i = 0; i < pieceCount; i++)
            cvs[i] = File.ReadAllBytes(Path.Combine(cvFolder, $"{i}.cv"));
        return MergeLevels(cvs, Blake3Mode.DeriveKey(Context));
    }

    // ---- the tests ----

    private static byte[] Data(int length, int seed)
    {
        var data = new byte[length];
        new Random(seed).NextBytes(data);
        return data;
    }

    [Theory]
    [InlineData(1025)]
    [InlineData(4096)]
    [InlineData(100_000)]
    public void TwoPiecesGiveTheHash(int length)
    {
        byte[] input = Data(length, length);
        Assert.Equal(Blake3.HashData(input), HashInTwoPieces(input));
    }

    [Theory]
    [InlineData(1000)]
    [InlineData((1 << 20) + 1)]
    [InlineData((3 << 20) + 12345)]
    [InlineData(5 << 20)]
    [InlineData((7 << 20) + 1)]
    public void TheThreadPoolGivesTheHashInEveryMode(int length)
    {
        byte[] input = Data(length, length);
        byte[] key = Data(32, 1);
        Assert.Equal(Blake3.HashData(input), HashOnThreadPool(input, Blake3Mode.Hash));
        Assert.Equal(Blake3.Keyed.HashData(key, input), HashOnThreadPool(input, Blake3Mode.Keyed(key)));
        Assert.Equal(Blake3.DeriveKey("thread pool example", input), HashOnThreadPool(input, Blake3Mode.DeriveKey("thread pool example")));
    }

    [Theory]
    [InlineData((4 << 20) + 1)]
    [InlineData((9 << 20) + 777)]
    [InlineData(12 << 20)]
    public void WorkersWritingChainingValuesGiveTheDerivedKey(int length)
    {
        byte[] contents = Data(length, length);
        string folder = Path.Combine(Path.GetTempPath(), "b2f-subtrees-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(folder);
        try
        {
            string path = Path.Combine(folder, "input.bin");
            File.WriteAllBytes(path, contents);
            long pieces = (contents.Length + FilePieceLength - 1) / FilePieceLength;
            Parallel.For(0, pieces, i => HashFilePiece(path, i, folder)); // stands in for separate processes
            Assert.Equal(Blake3.DeriveKey(Context, contents), MergeFilePieces(folder, pieces));

            // A truncated chaining value is refused, never merged into a wrong hash.
            File.WriteAllBytes(Path.Combine(folder, "1.cv"), new byte[31]);
            Assert.Throws<ArgumentException>(() => MergeFilePieces(folder, pieces));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

#if !LIBRARY_NETSTANDARD
    [Theory]
    [InlineData(0)]
    [InlineData(1025)]
    [InlineData((6 << 20) + 5)]
    public void TheFileOnEveryCoreGivesTheHash(int length)
    {
        byte[] contents = Data(length, length + 1);
        string path = Path.Combine(Path.GetTempPath(), "b2f-every-core-" + Guid.NewGuid().ToString("N"));
        File.WriteAllBytes(path, contents);
        try
        {
            Assert.Equal(Blake3.HashData(contents), HashFileOnEveryCore(path));
        }
        finally
        {
            File.Delete(path);
        }
    }
#endif
}
