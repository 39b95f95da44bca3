// The examples of docs/blake3-subtrees.md, verbatim (DocExampleTests checks it; each block's own using lines are at the
// top here, since they cannot be in a method), each run by a test against the one-shot hash.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Threading.Tasks;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tests.DocExamples;

/// <summary>
/// The BLAKE3 subtree page's examples, compiled and run: each [Fact] holds a block verbatim (a whole program: its
/// statements, then its local functions), then checks its result and calls its functions on more input lengths.
/// </summary>
public class Blake3SubtreeExamples
{
    private static byte[] Data(int length, int seed)
    {
        var data = new byte[length];
        new Random(seed).NextBytes(data);
        return data;
    }

#if !LIBRARY_NETSTANDARD // the file overload of UpdateParallel is in the net6+ builds only
    [Fact]
    public void TheFileOnEveryCoreGivesTheHash()
    {
        string folder = Directory.CreateTempSubdirectory("b2f-every-core-").FullName;
        try
        {
            byte[] contents = Data((6 << 20) + 5, 7);
            string[] args = { Path.Combine(folder, "input.bin") };
            File.WriteAllBytes(args[0], contents);

            byte[] digest = HashFileOnEveryCore(args[0]);                        // dotnet run -- <file>
            Console.WriteLine(Convert.ToHexString(digest).ToLowerInvariant());   // as b3sum prints it

            static byte[] HashFileOnEveryCore(string path)
            {
                using SafeFileHandle file = File.OpenHandle(path);
                long length = RandomAccess.GetLength(file);
                Blake3HashState state = Blake3.CreateIncrementalHasher();
                if (state.UpdateParallel(file, 0, length) < length)
                    throw new IOException($"{path} became shorter while it was hashed.");
                return state.Finish();
            }

            Assert.Equal(Blake3.HashData(contents), digest);
            foreach (int length in new[] { 0, 1025 })
            {
                byte[] other = Data(length, length + 1);
                File.WriteAllBytes(args[0], other);
                Assert.Equal(Blake3.HashData(other), HashFileOnEveryCore(args[0]));
            }
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }
#endif

    [Fact]
    public void TwoPiecesGiveTheHash()
    {
        byte[] input = RandomNumberGenerator.GetBytes(5000);
        byte[] digest = HashInTwoPieces(input);
        Console.WriteLine(digest.SequenceEqual(Blake3.HashData(input)));     // True: the one-shot hash

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

        Assert.Equal(Blake3.HashData(input), digest);
        foreach (int length in new[] { 1025, 4096, 100_000 })
        {
            byte[] other = Data(length, length);
            Assert.Equal(Blake3.HashData(other), HashInTwoPieces(other));
        }
    }

    [Fact]
    public void TheThreadPoolGivesTheHashInEveryMode()
    {
        byte[] input = RandomNumberGenerator.GetBytes(5 << 20);
        byte[] key = RandomNumberGenerator.GetBytes(32);
        byte[] tag = HashOnThreadPool(input, Blake3Mode.Keyed(key));
        Console.WriteLine(tag.SequenceEqual(Blake3.Keyed.HashData(key, input)));    // True: the one-shot keyed hash

        static byte[] HashOnThreadPool(ReadOnlyMemory<byte> input, Blake3Mode mode)
        {
            const int PieceLength = 1 << 20; // a power of two of chunks, so every piece starts where one this long may
            if (input.Length <= PieceLength)
                return Blake3.HashData(mode, input.Span);
            var pieces = new Blake3Subtree[(input.Length + PieceLength - 1) / PieceLength];
            Parallel.For(0, pieces.Length, i =>
            {
                int offset = i * PieceLength;
                int length = Math.Min(PieceLength, input.Length - offset);
                Blake3HashState piece = Blake3.CreateIncrementalHasher(mode);
                piece.SetInputOffset(offset);
                piece.Update(input.Span.Slice(offset, length));
                pieces[i] = new Blake3Subtree(offset, length, piece.FinishSubtree());
            });
            // Merged in the tree's shape: pieces that do not tile the input are an exception, never a wrong hash.
            return Blake3Subtrees.MergeRoot(pieces, input.Length, mode);
        }

        Assert.Equal(Blake3.Keyed.HashData(key, input), tag);
        foreach (int length in new[] { 1000, (1 << 20) + 1, (3 << 20) + 12345, 5 << 20, (7 << 20) + 1 })
        {
            byte[] other = Data(length, length);
            Assert.Equal(Blake3.HashData(other), HashOnThreadPool(other, Blake3Mode.Hash));
            Assert.Equal(Blake3.Keyed.HashData(key, other), HashOnThreadPool(other, Blake3Mode.Keyed(key)));
            Assert.Equal(Blake3.DeriveKey("thread pool example", other), HashOnThreadPool(other, Blake3Mode.KeyDerivation("thread pool example")));
        }
    }

    [Fact]
    public void WorkersWritingChainingValuesGiveTheDerivedKey()
    {
        const long FilePieceLength = 4 << 20; // 4 MiB, a power of two of chunks
        const string Context = "Example Corp 2026-01-01 backup fingerprints v1";

        byte[] contents = RandomNumberGenerator.GetBytes(9 << 20);  // the file to fingerprint: here, 9 MiB of random bytes
        string path = Path.GetTempFileName();
        File.WriteAllBytes(path, contents);
        string cvFolder = Directory.CreateTempSubdirectory().FullName;
        long pieceCount = (new FileInfo(path).Length + FilePieceLength - 1) / FilePieceLength;
        for (long index = 0; index < pieceCount; index++)
            HashFilePiece(path, index, cvFolder);                   // each in a worker (process, machine) of its own
        byte[] fingerprint = MergeFilePieces(cvFolder, new FileInfo(path).Length);
        Console.WriteLine(fingerprint.SequenceEqual(Blake3.DeriveKey(Context, contents)));   // True
        File.Delete(path);
        Directory.Delete(cvFolder, recursive: true);

        // In worker `index`, on any machine that can read the file (piece count: the file's length / FilePieceLength,
        // rounded up; a file of at most FilePieceLength bytes is hashed whole instead).
        static void HashFilePiece(string path, long index, string cvFolder)
        {
            Blake3Mode mode = Blake3Mode.KeyDerivation(Context);
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

        // Later, once every worker is done: the pieces' chaining values merged into the derived key.
        static byte[] MergeFilePieces(string cvFolder, long fileLength)
        {
            long pieceCount = (fileLength + FilePieceLength - 1) / FilePieceLength;
            var pieces = new Blake3Subtree[pieceCount];
            for (long i = 0; i < pieceCount; i++)
            {
                long offset = i * FilePieceLength;
                byte[] cv = File.ReadAllBytes(Path.Combine(cvFolder, $"{i}.cv"));
                pieces[i] = new Blake3Subtree(offset, Math.Min(FilePieceLength, fileLength - offset), cv);
            }
            return Blake3Subtrees.MergeRoot(pieces, fileLength, Blake3Mode.KeyDerivation(Context));
        }

        Assert.False(File.Exists(path) || Directory.Exists(cvFolder)); // the example cleans up after itself
        Assert.Equal(Blake3.DeriveKey(Context, contents), fingerprint);
        Assert.Equal(3, pieceCount);
        Directory.CreateDirectory(cvFolder);
        try
        {
            foreach (int length in new[] { (4 << 20) + 1, 12 << 20 })
            {
                byte[] other = Data(length, length);
                File.WriteAllBytes(path, other);
                long pieces = (length + FilePieceLength - 1) / FilePieceLength;
                Parallel.For(0, pieces, i => HashFilePiece(path, i, cvFolder)); // stands in for separate processes
                Assert.Equal(Blake3.DeriveKey(Context, other), MergeFilePieces(cvFolder, length));
            }

            // A truncated chaining value is refused, never merged into a wrong hash.
            File.WriteAllBytes(Path.Combine(cvFolder, "1.cv"), new byte[31]);
            Assert.Throws<ArgumentException>(() => MergeFilePieces(cvFolder, 12 << 20));
        }
        finally
        {
            File.Delete(path);
            Directory.Delete(cvFolder, recursive: true);
        }
    }
}
