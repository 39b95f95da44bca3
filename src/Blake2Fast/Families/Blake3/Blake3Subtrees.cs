using System;
using Blake2Fast.Dispatch;
using Blake2Fast.Families.Blake3.Tree;

namespace Blake2Fast;

/// <summary>
/// BLAKE3's tree, for hashing one input in pieces on threads, processes or machines of your own, then combining the
/// pieces' chaining values: the advanced layer (Rust's <c>blake3::hazmat</c>). Each piece is hashed by a state from
/// <see cref="Blake3.CreateIncrementalHasher(Blake3Mode)"/> with <see cref="Blake3HashState.SetInputOffset"/> and
/// finished with <see cref="Blake3HashState.FinishSubtree(Span{byte})"/>; the chaining values are merged here, in the
/// tree's shape, the last merge with <see cref="MergeRoot(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Blake3Mode, int)"/>;
/// or all at once, in any order, with <see cref="MergeRoot(ReadOnlySpan{Blake3Subtree}, long, Blake3Mode, Span{byte})"/>,
/// which checks that the pieces tile the input in the tree's shape.
/// </summary>
/// <remarks>
/// <para>The tree's shape depends only on the input's length: an input of more than 1024 bytes splits into a left
/// subtree of <see cref="LeftSubtreeLength"/> bytes and the rest, each split again the same way down to the pieces.
/// Merges must follow that shape. A merge of two chaining values cannot tell a wrong shape from a right one: the result
/// is simply a wrong hash. Merging the whole set of pieces at once checks the shape; if you merge pair by pair, test
/// your splitting against <see cref="Blake3.HashData(Blake3Mode, ReadOnlySpan{byte})"/>. The rules and examples are in
/// docs/blake3-subtrees.md.</para>
/// <para>All members are thread-safe and allocate nothing, except those that return an array.</para>
/// </remarks>
public static partial class Blake3Subtrees
{
    /// <summary>The length in bytes of one chunk, the tree's leaf: 1024. Pieces start at multiples of it.</summary>
    public const int ChunkLength = 1024;

    /// <summary>The length in bytes of a chaining value, a subtree's non-root hash: 32.</summary>
    public const int ChainingValueLength = 32;

    /// <summary>
    /// The length of the left subtree of an input of <paramref name="inputLength"/> bytes (Rust's <c>left_subtree_len</c>):
    /// the largest power of two of chunks that leaves at least one byte for the right subtree, which holds the rest.
    /// </summary>
    /// <param name="inputLength">More than <see cref="ChunkLength"/>: an input of one chunk or less has no subtrees.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputLength"/> is 1024 or less.</exception>
    public static long LeftSubtreeLength(long inputLength)
    {
        if (inputLength <= ChunkLength)
            throw new ArgumentOutOfRangeException(nameof(inputLength), inputLength,
                "An input of at most 1024 bytes is one chunk, the root itself, with no subtrees: hash it whole.");
        // The largest power of two below the length: at least 1024, since the length passes it.
        long below = inputLength - 1;
        long power = 1;
        while (below > 1)
        {
            below >>= 1;
            power <<= 1;
        }
        return power;
    }

    /// <summary>
    /// The most bytes a piece that starts at <paramref name="inputOffset"/> may hold (Rust's <c>max_subtree_len</c>):
    /// the largest power of two that divides the offset; no limit (<see cref="long.MaxValue"/>) at offset 0.
    /// </summary>
    /// <param name="inputOffset">The piece's offset in the input: a non-negative multiple of <see cref="ChunkLength"/>.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputOffset"/> is negative.</exception>
    /// <exception cref="ArgumentException"><paramref name="inputOffset"/> is not a multiple of 1024.</exception>
    public static long MaxSubtreeLength(long inputOffset)
    {
        RequireOffset(inputOffset, nameof(inputOffset));
        return inputOffset == 0 ? long.MaxValue : inputOffset & -inputOffset;
    }

    /// <summary>
    /// Merges the chaining values of two adjacent subtrees into their parent's chaining value (Rust's
    /// <c>merge_subtrees_non_root</c>): for every merge but the last, which gives the root.
    /// </summary>
    /// <param name="left">The left subtree's chaining value: 32 bytes.</param>
    /// <param name="right">The right subtree's chaining value: 32 bytes.</param>
    /// <param name="mode">The mode the subtrees were hashed in.</param>
    /// <param name="parentChainingValue">Receives the parent's chaining value: 32 bytes. It may overlap <paramref name="left"/> or <paramref name="right"/>.</param>
    /// <exception cref="ArgumentException">A chaining value or <paramref name="parentChainingValue"/> is not exactly 32 bytes long; nothing is written.</exception>
    public static void MergeParent(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, Blake3Mode mode, Span<byte> parentChainingValue)
    {
        RequireChainingValues(left, right);
        if (parentChainingValue.Length != ChainingValueLength)
            throw new ArgumentException($"A BLAKE3 chaining value is exactly {ChainingValueLength} bytes long; the destination has {parentChainingValue.Length}.", nameof(parentChainingValue));
        Blake3Node parent = Parent(left, right, mode);
        parent.WriteChainingValue(parentChainingValue);
        parent.Clear();
    }

    /// <summary>
    /// Merges the chaining values of two adjacent subtrees into their parent's chaining value, returned as a new array,
    /// as <see cref="MergeParent(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Blake3Mode, Span{byte})"/> does.
    /// </summary>
    /// <param name="left">The left subtree's chaining value: 32 bytes.</param>
    /// <param name="right">The right subtree's chaining value: 32 bytes.</param>
    /// <param name="mode">The mode the subtrees were hashed in.</param>
    /// <returns>The parent's 32-byte chaining value.</returns>
    /// <exception cref="ArgumentException">A chaining value is not exactly 32 bytes long.</exception>
    public static byte[] MergeParent(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, Blake3Mode mode)
    {
        byte[] parent = new byte[ChainingValueLength];
        MergeParent(left, right, mode, parent);
        return parent;
    }

    /// <summary>
    /// Merges the chaining values of the whole input's two subtrees into its hash (Rust's <c>merge_subtrees_root</c>),
    /// filling all of <paramref name="digest"/>: any length, the first 32 bytes being the standard digest.
    /// </summary>
    /// <param name="left">The left subtree's chaining value (the first <see cref="LeftSubtreeLength"/> bytes of the input): 32 bytes.</param>
    /// <param name="right">The right subtree's chaining value (the rest of the input): 32 bytes.</param>
    /// <param name="mode">The mode the subtrees were hashed in.</param>
    /// <param name="digest">Receives the hash.</param>
    /// <exception cref="ArgumentException">A chaining value is not exactly 32 bytes long; nothing is written.</exception>
    public static void MergeRoot(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, Blake3Mode mode, Span<byte> digest)
    {
        RequireChainingValues(left, right);
        Blake3Node root = Parent(left, right, mode);
        root.WriteRoot(0, digest);
        root.Clear();
    }

    /// <summary>
    /// Merges the chaining values of the whole input's two subtrees into its hash of <paramref name="digestLength"/>
    /// bytes (Rust's <c>merge_subtrees_root</c>).
    /// </summary>
    /// <param name="left">The left subtree's chaining value (the first <see cref="LeftSubtreeLength"/> bytes of the input): 32 bytes.</param>
    /// <param name="right">The right subtree's chaining value (the rest of the input): 32 bytes.</param>
    /// <param name="mode">The mode the subtrees were hashed in.</param>
    /// <param name="digestLength">The hash's length in bytes: 32 (the standard digest) unless given; at least 1.</param>
    /// <returns>The hash.</returns>
    /// <exception cref="ArgumentException">A chaining value is not exactly 32 bytes long.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is less than 1.</exception>
    public static byte[] MergeRoot(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, Blake3Mode mode, int digestLength = 32)
    {
        RequireChainingValues(left, right);
        if (digestLength < 1)
            throw new ArgumentOutOfRangeException(nameof(digestLength), digestLength, "The digest length must be at least 1 byte.");
        byte[] digest = new byte[digestLength];
        MergeRoot(left, right, mode, digest);
        return digest;
    }

    /// <summary>
    /// Merges the chaining values of the whole input's two subtrees into a reader of its extended output, which reads
    /// any amount in pieces and can seek (Rust's <c>merge_subtrees_root_xof</c>).
    /// </summary>
    /// <param name="left">The left subtree's chaining value (the first <see cref="LeftSubtreeLength"/> bytes of the input): 32 bytes.</param>
    /// <param name="right">The right subtree's chaining value (the rest of the input): 32 bytes.</param>
    /// <param name="mode">The mode the subtrees were hashed in.</param>
    /// <returns>The reader, at position 0. For a keyed mode it holds key-derived material: clear it with <see cref="Blake3OutputReader.Clear"/>.</returns>
    /// <exception cref="ArgumentException">A chaining value is not exactly 32 bytes long.</exception>
    public static Blake3OutputReader MergeRootXof(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, Blake3Mode mode)
    {
        RequireChainingValues(left, right);
        var reader = new Blake3OutputReader(Parent(left, right, mode));
        return reader;
    }

    private static Blake3Node Parent(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, in Blake3Mode mode)
    {
        mode.KeyWords(out Blake3Words key);
        Blake3Node parent;
        unsafe
        {
            parent = Blake3Node.Parent(ref key.W[0], mode.Flags, InstructionSets.DefaultBlake3, left, right);
        }
        key = default;
        return parent;
    }

    private const string FromWhere = nameof(Blake3HashState) + "." + nameof(Blake3HashState.FinishSubtree) + " or " + nameof(MergeParent);

    private static void RequireChainingValues(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        if (left.Length != ChainingValueLength)
            throw new ArgumentException($"A BLAKE3 chaining value is exactly {ChainingValueLength} bytes long (from {FromWhere}); this one has {left.Length}.", nameof(left));
        if (right.Length != ChainingValueLength)
            throw new ArgumentException($"A BLAKE3 chaining value is exactly {ChainingValueLength} bytes long (from {FromWhere}); this one has {right.Length}.", nameof(right));
    }

    /// <summary>Refuses an offset that is negative or not a multiple of the chunk length, naming <paramref name="paramName"/>.</summary>
    internal static void RequireOffset(long offset, string paramName)
    {
        if (offset < 0)
            throw new ArgumentOutOfRangeException(paramName, offset, "An input offset cannot be negative.");
        if (offset % ChunkLength != 0)
            throw new ArgumentException($"An input offset is a multiple of the chunk length, {ChunkLength} bytes; {offset} is not (the nearest below is {offset - offset % ChunkLength}).", paramName);
    }
}
