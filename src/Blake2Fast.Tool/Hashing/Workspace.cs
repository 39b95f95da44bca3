using System;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// The buffers and thread count of one hashing thread, reused from file to file: a buffer as large as the largest
/// read so far (a small file never gets a 1 MiB one), a second for reading ahead, and how many threads a large BLAKE3
/// file may be spread over (the library's <c>UpdateParallel</c> brings its own buffers).
/// </summary>
internal sealed class Workspace
{
    private byte[] _buffer = Array.Empty<byte>();
    private byte[] _ahead = Array.Empty<byte>();

    public Workspace(int threads) => Threads = threads;

    /// <summary>How many threads one large file may use (1: this thread only).</summary>
    public int Threads { get; }

    /// <summary>The read buffer, at least <paramref name="length"/> bytes (at most <see cref="FileHasher.ChunkSize"/>).</summary>
    public byte[] Buffer(int length)
    {
        if (_buffer.Length < length)
        {
            // Powers of two from 4 KiB, so that a tree of growing files reallocates a few times, not per file.
            _buffer = GC.AllocateUninitializedArray<byte>(Math.Max(4096, (int)System.Numerics.BitOperations.RoundUpToPowerOf2((uint)length)));
        }

        return _buffer;
    }

    /// <summary>The read-ahead buffer, one chunk.</summary>
    public byte[] Ahead()
    {
        if (_ahead.Length < FileHasher.ChunkSize)
        {
            _ahead = GC.AllocateUninitializedArray<byte>(FileHasher.ChunkSize);
        }

        return _ahead;
    }

    /// <summary>The read-ahead buffer becomes the read buffer and the other way round.</summary>
    public void Swap() => (_buffer, _ahead) = (_ahead, _buffer);
}
