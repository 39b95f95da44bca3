using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Families.Blake3.Bao;

namespace Blake2Fast;

/// <summary>
/// Bao, BLAKE3's verified streaming: an encoding of an input that lets a reader check every 1 KiB chunk against the
/// input's 32-byte BLAKE3 hash as it arrives, and extract and check any slice of it, without the rest.
/// </summary>
/// <remarks>
/// <para>The formats are those of the Bao specification (github.com/oconnor663/bao, <c>docs/spec.md</c>) and the
/// <c>bao</c> crate 0.13, byte for byte. The combined encoding is an 8-byte little-endian length, then BLAKE3's tree
/// in pre-order: each parent node (its children's 32-byte chaining values, 64 bytes) before its left and right
/// subtrees, the chunks inline: <see cref="EncodedLength"/> bytes. The outboard encoding is the same without the
/// chunks (<see cref="OutboardLength"/> bytes, about 6% of the input), read beside the original data. The root hash
/// is the input's <see cref="Blake3.HashData(ReadOnlySpan{byte})"/>.</para>
/// <para>Decode with <see cref="BaoDecoder"/>, a read-only <see cref="Stream"/> that returns only verified bytes
/// and throws <see cref="BaoVerificationException"/> at the first that is not; slices with
/// <see cref="ExtractSlice(Stream, Stream, long, long)"/> and <see cref="BaoDecoder.ForSlice"/>.</para>
/// <para>The chunks' and parents' chaining values come from the same SIMD kernels as <see cref="Blake3.HashData(ReadOnlySpan{byte})"/>,
/// 1 MiB of chunks side by side at a time. All members are thread-safe.</para>
/// </remarks>
public static partial class Bao
{
    /// <summary>The length of the root hash: 32 bytes.</summary>
    public const int HashLength = 32;

    /// <summary>The length of the combined encoding of an input of <paramref name="inputLength"/> bytes: 8 + the input + 64 per chunk after the first.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputLength"/> is negative, or the encoding would not fit in a <see cref="long"/>.</exception>
    public static long EncodedLength(long inputLength)
    {
        CheckInputLength(inputLength, nameof(inputLength));
        return BaoTree.HeaderLength + BaoTree.EncodedLength(inputLength, false);
    }

    /// <summary>The length of the outboard encoding of an input of <paramref name="inputLength"/> bytes: 8 + 64 per chunk after the first.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputLength"/> is negative, or the encoding would not fit in a <see cref="long"/>.</exception>
    public static long OutboardLength(long inputLength)
    {
        CheckInputLength(inputLength, nameof(inputLength));
        return BaoTree.HeaderLength + BaoTree.EncodedLength(inputLength, true);
    }

    /// <summary>Encodes <paramref name="input"/> (combined encoding) into a new array.</summary>
    /// <param name="input">The input.</param>
    /// <param name="hash">The root hash (the input's BLAKE3 hash, 32 bytes) to give the decoder.</param>
    /// <returns>The combined encoding, <see cref="EncodedLength"/> bytes.</returns>
    public static byte[] Encode(ReadOnlySpan<byte> input, out byte[] hash)
    {
        var encoded = new byte[EncodedLength(input.Length)];
        hash = new byte[HashLength];
        BaoSpanEncoder.Encode(input, encoded, false, hash);
        return encoded;
    }

    /// <summary>Encodes <paramref name="input"/> (combined encoding) into <paramref name="destination"/>. Allocates nothing beyond pooled scratch.</summary>
    /// <param name="input">The input.</param>
    /// <param name="destination">Receives the encoding in its first <see cref="EncodedLength"/> bytes.</param>
    /// <param name="hash">Receives the root hash in its first 32 bytes.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="EncodedLength"/>, or <paramref name="hash"/> shorter than 32 bytes, or <paramref name="destination"/> overlaps <paramref name="input"/>.</exception>
    public static void Encode(ReadOnlySpan<byte> input, Span<byte> destination, Span<byte> hash)
    {
        CheckDestination(destination.Length, EncodedLength(input.Length), nameof(destination), nameof(EncodedLength));
        CheckHash(hash.Length);
        CheckSeparate(input, destination, nameof(input), nameof(destination));
        BaoSpanEncoder.Encode(input, destination, false, hash);
    }

    /// <summary>Encodes <paramref name="input"/> as an outboard encoding (the tree without the chunks) into a new array.</summary>
    /// <param name="input">The input, which the decoder reads beside the outboard encoding.</param>
    /// <param name="hash">The root hash (the input's BLAKE3 hash, 32 bytes) to give the decoder.</param>
    /// <returns>The outboard encoding, <see cref="OutboardLength"/> bytes.</returns>
    public static byte[] EncodeOutboard(ReadOnlySpan<byte> input, out byte[] hash)
    {
        var encoded = new byte[OutboardLength(input.Length)];
        hash = new byte[HashLength];
        BaoSpanEncoder.Encode(input, encoded, true, hash);
        return encoded;
    }

    /// <summary>Encodes <paramref name="input"/> as an outboard encoding into <paramref name="destination"/>. Allocates nothing beyond pooled scratch.</summary>
    /// <param name="input">The input.</param>
    /// <param name="destination">Receives the outboard encoding in its first <see cref="OutboardLength"/> bytes.</param>
    /// <param name="hash">Receives the root hash in its first 32 bytes.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="OutboardLength"/>, or <paramref name="hash"/> shorter than 32 bytes, or <paramref name="destination"/> overlaps <paramref name="input"/>.</exception>
    public static void EncodeOutboard(ReadOnlySpan<byte> input, Span<byte> destination, Span<byte> hash)
    {
        CheckDestination(destination.Length, OutboardLength(input.Length), nameof(destination), nameof(OutboardLength));
        CheckHash(hash.Length);
        CheckSeparate(input, destination, nameof(input), nameof(destination));
        BaoSpanEncoder.Encode(input, destination, true, hash);
    }

    /// <summary>
    /// Encodes all of <paramref name="input"/> (from its position; its length need not be known) into
    /// <paramref name="output"/> (at its position), in memory bounded whatever the length (a few MiB).
    /// </summary>
    /// <remarks>
    /// The pre-order layout depends on the length. When <paramref name="input"/> can seek (its length is known) and
    /// <paramref name="output"/> can seek, every node is written at its place at once: each 1 MiB run of chunks is one
    /// stretch of the encoding, and the parents above the runs are written as the runs complete (one pass over each;
    /// the input must not change length meanwhile). Otherwise the length is known only at the end: the nodes are
    /// written in post-order first (each parent after its subtrees), then flipped into pre-order in place, working
    /// backwards. When <paramref name="output"/> can read, write and seek (a <see cref="FileStream"/> opened for reading
    /// and writing, a <see cref="MemoryStream"/>) that happens in it; otherwise in a temporary file (deleted on close),
    /// which is then copied to <paramref name="output"/>. <paramref name="output"/> is left after the encoding.
    /// </remarks>
    /// <param name="input">The input.</param>
    /// <param name="output">Receives the encoding.</param>
    /// <param name="outboard">Whether to write the outboard encoding (without the chunks) instead of the combined one.</param>
    /// <returns>The root hash (the input's BLAKE3 hash, 32 bytes).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> or <paramref name="output"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> cannot be read or <paramref name="output"/> cannot be written.</exception>
    public static byte[] Encode(Stream input, Stream output, bool outboard = false)
    {
        CheckStreams(input, output);
        return BaoStreamEncoder.Encode(input, output, outboard);
    }

    /// <summary>Encodes all of <paramref name="input"/> into <paramref name="output"/> asynchronously, as <see cref="Encode(Stream, Stream, bool)"/> does.</summary>
    /// <param name="input">The input.</param>
    /// <param name="output">Receives the encoding.</param>
    /// <param name="outboard">Whether to write the outboard encoding (without the chunks) instead of the combined one.</param>
    /// <param name="cancellationToken">Cancels the reads and writes.</param>
    /// <returns>The root hash (the input's BLAKE3 hash, 32 bytes).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> or <paramref name="output"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> cannot be read or <paramref name="output"/> cannot be written.</exception>
    public static Task<byte[]> EncodeAsync(Stream input, Stream output, bool outboard = false, CancellationToken cancellationToken = default)
    {
        CheckStreams(input, output);
        return BaoStreamEncoder.EncodeAsync(input, output, outboard, true, cancellationToken);
    }

    /// <summary>
    /// Encodes the file <paramref name="inputPath"/> into the file <paramref name="outputPath"/> (created or
    /// overwritten), each node written at its place in one pass (see <see cref="Encode(Stream, Stream, bool)"/>).
    /// </summary>
    /// <param name="inputPath">The file to encode.</param>
    /// <param name="outputPath">The encoding's file; must not be <paramref name="inputPath"/>.</param>
    /// <param name="outboard">Whether to write the outboard encoding (without the chunks) instead of the combined one.</param>
    /// <returns>The root hash (the file's BLAKE3 hash, 32 bytes).</returns>
    /// <exception cref="ArgumentNullException">A path is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException">Both paths name the same file.</exception>
    public static byte[] EncodeFile(string inputPath, string outputPath, bool outboard = false)
    {
        CheckPaths(inputPath, outputPath);
        using var input = new FileStream(inputPath, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16);
        using var output = new FileStream(outputPath, FileMode.Create, FileAccess.ReadWrite, FileShare.None, 1 << 16);
        byte[] hash = BaoStreamEncoder.Encode(input, output, outboard);
        output.SetLength(output.Position);
        return hash;
    }

    /// <summary>Decodes and verifies a whole combined encoding held in memory.</summary>
    /// <param name="encoded">The combined encoding (bytes after it are ignored).</param>
    /// <param name="hash">The 32-byte root hash, from a trusted source.</param>
    /// <returns>The original input.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes.</exception>
    /// <exception cref="BaoVerificationException">The encoding does not verify against <paramref name="hash"/>.</exception>
    public static byte[] Decode(ReadOnlySpan<byte> encoded, ReadOnlySpan<byte> hash)
    {
        CheckHashIn(hash.Length);
        long length = BaoSpanDecoder.ClaimedLength(encoded);
        if (length >= 0)
        {
            var decoded = new byte[length];
            if (BaoSpanDecoder.TryDecode(encoded, hash, length, decoded))
                return decoded;
        }
        ThrowFirstFailure(encoded, hash);
        return null!; // not reached
    }

    /// <summary>
    /// Decodes and verifies a whole combined encoding held in memory into <paramref name="destination"/>, without
    /// allocating beyond pooled scratch: each subtree of up to 1 MiB is gathered into its place there and verified
    /// in place. Nothing unverified is left in <paramref name="destination"/>: on a failure what was written is cleared.
    /// </summary>
    /// <param name="encoded">The combined encoding (bytes after it are ignored).</param>
    /// <param name="hash">The 32-byte root hash, from a trusted source.</param>
    /// <param name="destination">Receives the original input in its first bytes.</param>
    /// <returns>The length of the original input, verified.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes, or <paramref name="destination"/> is shorter than the length the encoding's header claims, or <paramref name="destination"/> overlaps <paramref name="encoded"/>.</exception>
    /// <exception cref="BaoVerificationException">The encoding does not verify against <paramref name="hash"/>.</exception>
    public static int Decode(ReadOnlySpan<byte> encoded, ReadOnlySpan<byte> hash, Span<byte> destination)
    {
        CheckHashIn(hash.Length);
        CheckSeparate(encoded, destination, nameof(encoded), nameof(destination));
        long length = BaoSpanDecoder.ClaimedLength(encoded);
        if (length > destination.Length)
            throw new ArgumentException($"The destination must be at least as long as the input the encoding's header claims ({length} bytes, not yet verified).", nameof(destination));
        if (length >= 0 && BaoSpanDecoder.TryDecode(encoded, hash, length, destination))
            return (int)length;
        ThrowFirstFailure(encoded, hash);
        return 0; // not reached
    }

    /// <summary>Throws the exception the decoder raises at the first node of <paramref name="encoded"/> that does not verify, in reading order.</summary>
    private static void ThrowFirstFailure(ReadOnlySpan<byte> encoded, ReadOnlySpan<byte> hash)
    {
        using var decoder = new BaoDecoder(new MemoryStream(encoded.ToArray(), false), hash);
        ReadAll(decoder);
        throw new InvalidOperationException("The encoding verified on a second reading; please report this."); // the two readings disagree
    }

    /// <summary>
    /// Extracts the slice of a combined encoding for the input bytes from <paramref name="start"/>, <paramref name="length"/>
    /// long: the header and the nodes a decoder meets when it seeks to <paramref name="start"/> and reads that many bytes.
    /// A length of 0 counts as 1; a start at or past the end gives the final chunk; a range past the end is capped.
    /// The slice is not verified here: decode it with <see cref="BaoDecoder.ForSlice"/> or <see cref="DecodeSlice"/>.
    /// </summary>
    /// <param name="encoded">The combined encoding, from its position; sought where it can, else read forward.</param>
    /// <param name="output">Receives the slice.</param>
    /// <param name="start">The first input byte wanted.</param>
    /// <param name="length">The count of input bytes wanted.</param>
    /// <exception cref="ArgumentNullException">A stream is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="length"/> is negative.</exception>
    /// <exception cref="EndOfStreamException">The encoding is shorter than its header says.</exception>
    public static void ExtractSlice(Stream encoded, Stream output, long start, long length)
    {
        CheckStreams(encoded, output, nameof(encoded));
        CheckRange(start, length);
        BaoSlicer.Extract(encoded, null, output, start, length);
    }

    /// <summary>Extracts a slice (see <see cref="ExtractSlice(Stream, Stream, long, long)"/>) from an outboard encoding and the original data.</summary>
    /// <param name="outboard">The outboard encoding, from its position.</param>
    /// <param name="data">The original input, from its position.</param>
    /// <param name="output">Receives the slice (chunks inline: there is no outboard slice).</param>
    /// <param name="start">The first input byte wanted.</param>
    /// <param name="length">The count of input bytes wanted.</param>
    /// <exception cref="ArgumentNullException">A stream is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="length"/> is negative.</exception>
    /// <exception cref="EndOfStreamException">A stream is shorter than the header says.</exception>
    public static void ExtractSlice(Stream outboard, Stream data, Stream output, long start, long length)
    {
        CheckStreams(outboard, output, nameof(outboard));
        if (data is null)
            throw new ArgumentNullException(nameof(data));
        CheckRange(start, length);
        BaoSlicer.Extract(outboard, data, output, start, length);
    }

    /// <summary>Extracts a slice (see <see cref="ExtractSlice(Stream, Stream, long, long)"/>) from a combined encoding in memory.</summary>
    /// <param name="encoded">The combined encoding.</param>
    /// <param name="start">The first input byte wanted.</param>
    /// <param name="length">The count of input bytes wanted.</param>
    /// <returns>The slice.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="length"/> is negative.</exception>
    /// <exception cref="EndOfStreamException">The encoding is shorter than its header says.</exception>
    public static byte[] ExtractSlice(ReadOnlySpan<byte> encoded, long start, long length)
    {
        CheckRange(start, length);
        return BaoSlicer.Extract(encoded, default, false, start, length);
    }

    /// <summary>Extracts a slice (see <see cref="ExtractSlice(Stream, Stream, long, long)"/>) from an outboard encoding and the data, in memory.</summary>
    /// <param name="outboard">The outboard encoding.</param>
    /// <param name="data">The original input.</param>
    /// <param name="start">The first input byte wanted.</param>
    /// <param name="length">The count of input bytes wanted.</param>
    /// <returns>The slice.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="length"/> is negative.</exception>
    /// <exception cref="EndOfStreamException">The outboard encoding or the data is shorter than the header says.</exception>
    public static byte[] ExtractSlice(ReadOnlySpan<byte> outboard, ReadOnlySpan<byte> data, long start, long length)
    {
        CheckRange(start, length);
        return BaoSlicer.Extract(outboard, data, true, start, length);
    }

    /// <summary>
    /// Decodes and verifies a slice held in memory: the input bytes from <paramref name="start"/>, <paramref name="length"/>
    /// long (fewer where the input ends first; none for a length of 0, though the chunk at <paramref name="start"/> is verified).
    /// </summary>
    /// <param name="slice">The slice, as <see cref="ExtractSlice(ReadOnlySpan{byte}, long, long)"/> made it.</param>
    /// <param name="hash">The 32-byte root hash of the whole input, from a trusted source.</param>
    /// <param name="start">The start the slice was extracted for.</param>
    /// <param name="length">The length the slice was extracted for.</param>
    /// <returns>The verified bytes.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="length"/> is negative.</exception>
    /// <exception cref="BaoVerificationException">The slice does not verify against <paramref name="hash"/>.</exception>
    public static byte[] DecodeSlice(ReadOnlySpan<byte> slice, ReadOnlySpan<byte> hash, long start, long length)
    {
        CheckHashIn(hash.Length);
        CheckRange(start, length);
        using BaoDecoder decoder = BaoDecoder.ForSlice(new MemoryStream(slice.ToArray(), false), hash, start, length);
        return ReadAll(decoder);
    }

    // ---- chunk groups (bao-tree) ----

    /// <summary>
    /// The length of the chunk-group outboard of an input of <paramref name="inputLength"/> bytes: 64 bytes per
    /// group after the first (groups of 2^<paramref name="chunkGroupLog"/> chunks), no header.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputLength"/> is negative or past 2^62, or <paramref name="chunkGroupLog"/> is outside 0 to 10.</exception>
    public static long GroupOutboardLength(long inputLength, int chunkGroupLog)
    {
        CheckInputLength(inputLength, nameof(inputLength));
        BaoDecoder.CheckGroupLog(chunkGroupLog);
        return BaoTree.ParentsLength(inputLength, (long)BaoTree.ChunkLength << chunkGroupLog);
    }

    /// <summary>
    /// Encodes the chunk-group outboard of <paramref name="input"/>, as n0-computer's bao-tree (iroh) does: the Bao
    /// tree without the nodes that span at most one group of 2^<paramref name="chunkGroupLog"/> chunks, that is only the
    /// parents above the groups, in pre-order (Bao's order) or post-order (left, right, node), without a length header.
    /// </summary>
    /// <param name="input">The input.</param>
    /// <param name="chunkGroupLog">The group size as a power of two of chunks, 0 to 10 (iroh: 4, 16 KiB groups; 0 gives Bao's outboard without its header).</param>
    /// <param name="postOrder">Whether to write post-order instead of pre-order.</param>
    /// <param name="hash">The root hash (the input's BLAKE3 hash: groups do not change it).</param>
    /// <returns>The outboard, <see cref="GroupOutboardLength"/> bytes.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="chunkGroupLog"/> is outside 0 to 10.</exception>
    public static byte[] EncodeGroupOutboard(ReadOnlySpan<byte> input, int chunkGroupLog, bool postOrder, out byte[] hash)
    {
        var outboard = new byte[GroupOutboardLength(input.Length, chunkGroupLog)];
        hash = new byte[HashLength];
        BaoSpanEncoder.EncodeGroups(input, outboard, 1 << chunkGroupLog, postOrder, hash);
        return outboard;
    }

    /// <summary>Encodes the chunk-group outboard of <paramref name="input"/> into <paramref name="destination"/> (see <see cref="EncodeGroupOutboard(ReadOnlySpan{byte}, int, bool, out byte[])"/>).</summary>
    /// <param name="input">The input.</param>
    /// <param name="destination">Receives the outboard in its first <see cref="GroupOutboardLength"/> bytes.</param>
    /// <param name="chunkGroupLog">The group size as a power of two of chunks, 0 to 10.</param>
    /// <param name="postOrder">Whether to write post-order instead of pre-order.</param>
    /// <param name="hash">Receives the root hash in its first 32 bytes.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="chunkGroupLog"/> is outside 0 to 10.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="GroupOutboardLength"/>, or <paramref name="hash"/> shorter than 32 bytes, or <paramref name="destination"/> overlaps <paramref name="input"/>.</exception>
    public static void EncodeGroupOutboard(ReadOnlySpan<byte> input, Span<byte> destination, int chunkGroupLog, bool postOrder, Span<byte> hash)
    {
        CheckDestination(destination.Length, GroupOutboardLength(input.Length, chunkGroupLog), nameof(destination), nameof(GroupOutboardLength));
        CheckHash(hash.Length);
        CheckSeparate(input, destination, nameof(input), nameof(destination));
        BaoSpanEncoder.EncodeGroups(input, destination, 1 << chunkGroupLog, postOrder, hash);
    }

    /// <summary>
    /// Writes the chunk-group outboard of all of <paramref name="input"/> (from its position; its length need not be
    /// known) into <paramref name="output"/>, in bounded memory. Post-order is written straight through, each parent as
    /// soon as its subtree is hashed, into any writable stream (it can be appended to as data arrives); pre-order goes
    /// through post-order and a flip in place, as <see cref="Encode(Stream, Stream, bool)"/> does.
    /// </summary>
    /// <param name="input">The input.</param>
    /// <param name="output">Receives the outboard (no header: the length is kept apart).</param>
    /// <param name="chunkGroupLog">The group size as a power of two of chunks, 0 to 10 (iroh: 4).</param>
    /// <param name="postOrder">Whether to write post-order instead of pre-order.</param>
    /// <returns>The root hash (the input's BLAKE3 hash, 32 bytes).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> or <paramref name="output"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> cannot be read or <paramref name="output"/> cannot be written.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="chunkGroupLog"/> is outside 0 to 10.</exception>
    public static byte[] EncodeGroupOutboard(Stream input, Stream output, int chunkGroupLog, bool postOrder)
    {
        CheckStreams(input, output);
        BaoDecoder.CheckGroupLog(chunkGroupLog);
        return BaoStreamEncoder.EncodeGroupsAsync(input, output, 1 << chunkGroupLog, postOrder, false, default).GetAwaiter().GetResult();
    }

    /// <summary>Writes the chunk-group outboard of all of <paramref name="input"/> asynchronously (see <see cref="EncodeGroupOutboard(Stream, Stream, int, bool)"/>).</summary>
    /// <param name="input">The input.</param>
    /// <param name="output">Receives the outboard.</param>
    /// <param name="chunkGroupLog">The group size as a power of two of chunks, 0 to 10.</param>
    /// <param name="postOrder">Whether to write post-order instead of pre-order.</param>
    /// <param name="cancellationToken">Cancels the reads and writes.</param>
    /// <returns>The root hash (the input's BLAKE3 hash, 32 bytes).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> or <paramref name="output"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> cannot be read or <paramref name="output"/> cannot be written.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="chunkGroupLog"/> is outside 0 to 10.</exception>
    public static Task<byte[]> EncodeGroupOutboardAsync(Stream input, Stream output, int chunkGroupLog, bool postOrder, CancellationToken cancellationToken = default)
    {
        CheckStreams(input, output);
        BaoDecoder.CheckGroupLog(chunkGroupLog);
        return BaoStreamEncoder.EncodeGroupsAsync(input, output, 1 << chunkGroupLog, postOrder, true, cancellationToken);
    }

    /// <summary>
    /// Extracts a slice at group granularity from a chunk-group outboard and the data: the 8-byte length, then in
    /// pre-order the parents above the groups met on the way to <paramref name="start"/> and through the range, and
    /// every group the range touches, whole (a group's inner parents are left out: its whole subtree is sent). Edge
    /// rules as <see cref="ExtractSlice(Stream, Stream, long, long)"/>. Decode it with <see cref="BaoDecoder.ForGroupSlice"/>
    /// or <see cref="DecodeGroupSlice"/>.
    /// </summary>
    /// <param name="groupOutboard">The chunk-group outboard (pre-order or post-order).</param>
    /// <param name="data">The original input (its length is the input's length).</param>
    /// <param name="chunkGroupLog">The group size as a power of two of chunks, 0 to 10.</param>
    /// <param name="postOrder">Whether <paramref name="groupOutboard"/> is in post-order.</param>
    /// <param name="start">The first input byte wanted.</param>
    /// <param name="length">The count of input bytes wanted.</param>
    /// <returns>The slice.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="length"/> is negative, or <paramref name="chunkGroupLog"/> is outside 0 to 10.</exception>
    /// <exception cref="EndOfStreamException">The outboard is shorter than the data's length implies.</exception>
    public static byte[] ExtractGroupSlice(ReadOnlySpan<byte> groupOutboard, ReadOnlySpan<byte> data, int chunkGroupLog, bool postOrder, long start, long length)
    {
        BaoDecoder.CheckGroupLog(chunkGroupLog);
        CheckRange(start, length);
        return BaoSlicer.Extract(groupOutboard, data, true, start, length, (long)BaoTree.ChunkLength << chunkGroupLog, true, postOrder);
    }

    /// <summary>Extracts a slice at group granularity from streams (see <see cref="ExtractGroupSlice(ReadOnlySpan{byte}, ReadOnlySpan{byte}, int, bool, long, long)"/>).</summary>
    /// <param name="groupOutboard">The chunk-group outboard, from its position.</param>
    /// <param name="data">The original input, from its position.</param>
    /// <param name="output">Receives the slice.</param>
    /// <param name="inputLength">The input's length (the outboard does not hold it).</param>
    /// <param name="chunkGroupLog">The group size as a power of two of chunks, 0 to 10.</param>
    /// <param name="postOrder">Whether <paramref name="groupOutboard"/> is in post-order.</param>
    /// <param name="start">The first input byte wanted.</param>
    /// <param name="length">The count of input bytes wanted.</param>
    /// <exception cref="ArgumentNullException">A stream is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException">A length or <paramref name="start"/> is negative, or <paramref name="chunkGroupLog"/> is outside 0 to 10.</exception>
    /// <exception cref="EndOfStreamException">A stream is shorter than <paramref name="inputLength"/> implies.</exception>
    public static void ExtractGroupSlice(Stream groupOutboard, Stream data, Stream output, long inputLength, int chunkGroupLog, bool postOrder, long start, long length)
    {
        CheckStreams(groupOutboard, output, nameof(groupOutboard));
        if (data is null)
            throw new ArgumentNullException(nameof(data));
        CheckInputLength(inputLength, nameof(inputLength));
        BaoDecoder.CheckGroupLog(chunkGroupLog);
        CheckRange(start, length);
        BaoSlicer.Extract(groupOutboard, data, output, start, length, inputLength, (long)BaoTree.ChunkLength << chunkGroupLog, postOrder);
    }

    /// <summary>Decodes and verifies a chunk-group slice held in memory (see <see cref="DecodeSlice"/>; groups are verified whole).</summary>
    /// <param name="slice">The slice, as <see cref="ExtractGroupSlice(ReadOnlySpan{byte}, ReadOnlySpan{byte}, int, bool, long, long)"/> made it.</param>
    /// <param name="hash">The 32-byte root hash of the whole input, from a trusted source.</param>
    /// <param name="start">The start the slice was extracted for.</param>
    /// <param name="length">The length the slice was extracted for.</param>
    /// <param name="chunkGroupLog">The group size as a power of two of chunks, 0 to 10.</param>
    /// <returns>The verified bytes.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="length"/> is negative, or <paramref name="chunkGroupLog"/> is outside 0 to 10.</exception>
    /// <exception cref="BaoVerificationException">The slice does not verify against <paramref name="hash"/>.</exception>
    public static byte[] DecodeGroupSlice(ReadOnlySpan<byte> slice, ReadOnlySpan<byte> hash, long start, long length, int chunkGroupLog)
    {
        CheckHashIn(hash.Length);
        using BaoDecoder decoder = BaoDecoder.ForGroupSlice(new MemoryStream(slice.ToArray(), false), hash, start, length, chunkGroupLog);
        return ReadAll(decoder);
    }

    private static byte[] ReadAll(Stream decoder)
    {
        // Not Stream.CopyTo: on a seekable decoder it asks for the length first, which verifies the final chunk
        // before the rest, and a failure would then be named there rather than at the first bad node in order.
        using var result = new MemoryStream();
        byte[] buffer = new byte[1 << 16];
        int read;
        while ((read = decoder.Read(buffer, 0, buffer.Length)) > 0)
            result.Write(buffer, 0, read);
        return result.ToArray();
    }

    private static void CheckInputLength(long inputLength, string name)
    {
        if (inputLength < 0 || inputLength > BaoTree.MaxLength)
            throw new ArgumentOutOfRangeException(name, inputLength, "The input length must be between 0 and 2^62 bytes.");
    }

    private static void CheckDestination(int length, long needed, string name, string lengthMethod)
    {
        if (length < needed)
            throw new ArgumentException($"The destination must be at least {needed} bytes long (Bao.{lengthMethod} of the input's length).", name);
    }

    private static void CheckSeparate(ReadOnlySpan<byte> input, ReadOnlySpan<byte> destination, string inputName, string destinationName)
    {
        // Written while the input is still read: an overlap would hash or copy bytes already overwritten.
        if (input.Overlaps(destination))
            throw new ArgumentException($"The destination must not overlap {inputName}: it is written while {inputName} is still read. Write into a separate buffer.", destinationName);
    }

    private static void CheckHash(int length)
    {
        if (length < HashLength)
            throw new ArgumentException($"The hash destination must be at least {HashLength} bytes long.", "hash");
    }

    private static void CheckHashIn(int length)
    {
        if (length != HashLength)
            throw new ArgumentException($"The root hash must be exactly {HashLength} bytes (Bao.Encode returns it; it is the input's Blake3.HashData), not {length}.", "hash");
    }

    private static void CheckRange(long start, long length)
    {
        if (start < 0)
            throw new ArgumentOutOfRangeException(nameof(start), start, "The slice's start must not be negative.");
        if (length < 0)
            throw new ArgumentOutOfRangeException(nameof(length), length, "The slice's length must not be negative.");
    }

    private static void CheckStreams(Stream input, Stream output, string inputName = "input")
    {
        if (input is null)
            throw new ArgumentNullException(inputName);
        if (output is null)
            throw new ArgumentNullException(nameof(output));
        if (!input.CanRead)
            throw new ArgumentException("The stream must be readable.", inputName);
        if (!output.CanWrite)
            throw new ArgumentException("The stream must be writable.", nameof(output));
    }
}
