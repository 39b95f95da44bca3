using System;
using System.IO;

namespace Blake2Fast;

/// <summary>
/// Thrown by <see cref="BaoDecoder"/> and <see cref="Bao"/>'s decoding methods when an encoding or slice does not
/// verify against the root hash: a node whose chaining value does not match, a length header that the tree does not
/// bear out, or an encoding that ends early. No byte at or after <see cref="Position"/> has been returned.
/// </summary>
/// <remarks>
/// It derives from <see cref="IOException"/>, so code that copies the decoder like any other <see cref="Stream"/>
/// (<see cref="Stream.CopyTo(Stream)"/>, a response body) treats it as the read error it is; catch
/// <see cref="BaoVerificationException"/> to tell corruption from other I/O failures.
/// </remarks>
public sealed class BaoVerificationException : IOException
{
    /// <summary>Creates an exception with a message and the input offset at which verification failed.</summary>
    /// <param name="message">What failed.</param>
    /// <param name="position">The offset in the original input of the first byte that could not be verified.</param>
    public BaoVerificationException(string message, long position)
        : base(message)
    {
        Position = position;
    }

    /// <summary>
    /// The offset in the original input (not in the encoding) of the first byte that could not be verified: the
    /// start of the chunk, or of the subtree under the parent node, that failed. 0 for the length header.
    /// </summary>
    public long Position { get; }

    internal static BaoVerificationException Chunk(long position, long encodedOffset) =>
        new($"Bao verification failed: the chunk at input offset {position} (encoded offset {encodedOffset}) does not match its chaining value.", position);

    internal static BaoVerificationException Parent(long position, long encodedOffset) =>
        new($"Bao verification failed: the parent node of the subtree at input offset {position} (encoded offset {encodedOffset}) does not match its chaining value.", position);

    internal static BaoVerificationException Truncated(long position, long encodedOffset) =>
        new($"Bao verification failed: the encoding ends before the node of input offset {position} (encoded offset {encodedOffset}) is complete.", position);

    internal static BaoVerificationException Header(ulong length) =>
        new($"Bao verification failed: the length header says {length} bytes, more than any encoding this decoder reads (2^62).", 0);
}
