using System;
using System.Runtime.ExceptionServices;
using System.Threading;
using Blake2Fast.Tool.IO;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// One file to hash: its name, the algorithm and digest length (a checksum list's lines may differ in both), and what
/// the caller needs back with the result. No <see cref="Algorithm"/>: nothing to hash (a checksum list's line that is
/// reported as it is), delivered in its turn all the same.
/// </summary>
internal readonly record struct HashJob(string Name, DigestAlgorithm? Algorithm, int DigestBytes, object? Tag = null);


/// <summary>One file's slot: written by its worker, read by the caller once <see cref="Done"/> is set under the pool's lock.</summary>
internal sealed class HashSlot
{
    private byte[] _digest = Array.Empty<byte>();

    public HashSlot() => Reporter = Report;

    /// <summary>The file to hash; set by the caller when the slot is queued.</summary>
    public HashJob Job;

    /// <summary>The slot's digest buffer, as long as the job's digest (grown when a job needs more).</summary>
    public Span<byte> DigestFor(HashJob job)
    {
        if (_digest.Length < job.DigestBytes)
        {
            _digest = new byte[job.DigestBytes];
        }

        return _digest.AsSpan(0, job.DigestBytes);
    }

    /// <summary><see cref="Report"/> as a delegate, made once per slot rather than once per file.</summary>
    public Action<long, long> Reporter { get; }

    public int Index = -1;
    public bool Done;
    public bool OnCaller;
    public FileFailure? Failure;
    public ExceptionDispatchInfo? Crash;
    public long Size = -1;
    public long Bytes;

    private void Report(long done, long size)
    {
        Size = size;
        Volatile.Write(ref Bytes, done);
    }

    public void Reset()
    {
        Job = default;
        Index = -1;
        Done = false;
        OnCaller = false;
        Failure = null;
        Crash = null;
        Size = -1;
        Bytes = 0;
    }
}
