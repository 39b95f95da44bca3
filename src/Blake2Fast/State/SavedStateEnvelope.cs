using System;
using System.Diagnostics;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake2.Kernels;
using Blake2Fast.Families.Blake2.State;
using Blake2Fast.Internal;

namespace Blake2Fast.State;

/// <summary>
/// The envelope every saved state shares, whatever the algorithm: "B2FS", the format version, the algorithm's kind
/// byte, ten header bytes of the algorithm's own (bytes 6 to 15), its body, then a 16-byte BLAKE2s checksum
/// (personalized "B2FState") of everything before it, so a damaged blob is refused rather than resumed.
/// </summary>
/// <remarks>The kinds are <see cref="SavedStateKind"/>.</remarks>
internal static class SavedStateEnvelope
{
    public const int HeaderLength = 16;
    public const int ChecksumLength = 16;
    public const byte Version = 1;

    /// <summary>The whole blob's length for a body of <paramref name="bodyLength"/> bytes.</summary>
    public static int Length(int bodyLength) => HeaderLength + bodyLength + ChecksumLength;

    /// <summary>
    /// The blob within <paramref name="destination"/> (which the public SaveState has checked is long enough), its
    /// header cleared and its first six bytes written. The caller fills bytes 6 to 15 and the
    /// body (from <see cref="HeaderLength"/>), then calls <see cref="Seal"/>.
    /// </summary>
    public static Span<byte> Begin(Span<byte> destination, int bodyLength, SavedStateKind kind)
    {
        int length = Length(bodyLength);
        Debug.Assert(destination.Length >= length); // checked and named at the public door
        Span<byte> blob = destination.Slice(0, length);
        blob.Slice(0, HeaderLength).Clear();
        "B2FS"u8.CopyTo(blob);
        blob[4] = Version;
        blob[5] = (byte)kind;
        return blob;
    }

    /// <summary>Writes the checksum at the end of a blob from <see cref="Begin"/> once everything else is in place.</summary>
    public static void Seal(Span<byte> blob) =>
        Checksum(blob.Slice(0, blob.Length - ChecksumLength), blob.Slice(blob.Length - ChecksumLength));

    /// <summary>
    /// Checks what the algorithm needs before it reads its own header: the magic, the version and the kind (a blob of
    /// another algorithm is named as such, whatever its length), then room for a body of at least
    /// <paramref name="minBodyLength"/> bytes and the checksum.
    /// </summary>
    public static void Open(ReadOnlySpan<byte> blob, SavedStateKind kind, int minBodyLength, string paramName)
    {
        if (blob.Length < HeaderLength || !blob.Slice(0, 4).SequenceEqual("B2FS"u8))
            throw new ArgumentException("This is not a saved Blake2Fast hash state.", paramName);
        if (blob[4] != Version)
            throw new ArgumentException($"This saved state has format version {blob[4]}; this library reads version {Version}.", paramName);
        if (blob[5] != (byte)kind)
        {
            string expected = AlgorithmName(kind);
            var found = (SavedStateKind)blob[5];
            throw new ArgumentException(PublicNames.State(found) is not null
                ? $"This is a saved {AlgorithmName(found)} state, not {expected}: resume it with {PublicNames.Restore(found)}."
                : $"This saved state is of an algorithm this library does not know (kind {blob[5]}), not {expected}.", paramName);
        }
        if (blob.Length < Length(minBodyLength))
            throw new ArgumentException("The saved state is truncated or has the wrong length.", paramName);
    }

    /// <summary>The algorithm a kind stands for, as the docs name it ("BLAKE2b").</summary>
    public static string AlgorithmName(SavedStateKind kind) => kind switch
    {
        SavedStateKind.Blake2b => "BLAKE2b",
        SavedStateKind.Blake2s => "BLAKE2s",
        SavedStateKind.Blake2bp => "BLAKE2bp",
        SavedStateKind.Blake2sp => "BLAKE2sp",
        SavedStateKind.Blake256 => "BLAKE-256",
        SavedStateKind.Blake224 => "BLAKE-224",
        SavedStateKind.Blake3 => "BLAKE3",
        _ => $"kind {(byte)kind}",
    };

    /// <summary>
    /// Checks that the blob is exactly as long as the body its header announces, and that its checksum matches; returns
    /// the body. After this, what remains to refuse is a blob that was not written by the algorithm's own Save.
    /// </summary>
    public static ReadOnlySpan<byte> Verify(ReadOnlySpan<byte> blob, int bodyLength, string paramName)
    {
        if (blob.Length != Length(bodyLength))
            throw new ArgumentException("The saved state is truncated or has the wrong length.", paramName);
        Span<byte> expected = stackalloc byte[ChecksumLength];
        Checksum(blob.Slice(0, blob.Length - ChecksumLength), expected);
        if (!expected.SequenceEqual(blob.Slice(blob.Length - ChecksumLength)))
            throw new ArgumentException("The saved state is corrupted (its checksum does not match).", paramName);
        return blob.Slice(HeaderLength, bodyLength);
    }

    private static void Checksum(ReadOnlySpan<byte> data, Span<byte> checksum)
    {
        var parameters = new Blake2Parameters { DigestLength = ChecksumLength, Personalization = "B2FState"u8 };
        // The state layer's own BLAKE2s, on the portable kernel: a saved blob reads back the same on every machine.
        Blake2State<uint, SequentialEngine<uint, Blake2sWord, Blake2sCompressor, Blake2sStorage>, Blake2sStorage>.Hash(
            parameters, InstructionSet.Scalar, data, checksum, nameof(checksum));
    }
}
