using System;
using System.Linq;
using System.Security.Cryptography;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// One of the hashes the tool can be asked for with <c>--algorithm</c>, in one mode: plain, keyed (<c>--keyed</c>)
/// or BLAKE3's key derivation (<c>--derive-key</c>). The plain ones are listed in <see cref="All"/>; a mode is
/// another instance with the same names (<see cref="WithKey"/>, <see cref="DerivingKey"/>).
/// </summary>
internal sealed class DigestAlgorithm
{
    public static readonly DigestAlgorithm Blake2b = new("blake2b", "BLAKE2b", Blake2Fast.Blake2b.DefaultDigestLength, Blake2Fast.Blake2b.MaxKeyLength,
        length => new(Blake2Fast.Blake2b.CreateHashAlgorithm(length)), (length, key) => new(Blake2Fast.Blake2b.CreateHMAC(length, key)),
        (input, output) => Blake2Fast.Blake2b.ComputeAndWriteHash(output.Length, input, output),
        key => (input, output) => Blake2Fast.Blake2b.ComputeAndWriteHash(output.Length, key, input, output));

    public static readonly DigestAlgorithm Blake2s = new("blake2s", "BLAKE2s", Blake2Fast.Blake2s.DefaultDigestLength, Blake2Fast.Blake2s.MaxKeyLength,
        length => new(Blake2Fast.Blake2s.CreateHashAlgorithm(length)), (length, key) => new(Blake2Fast.Blake2s.CreateHMAC(length, key)),
        (input, output) => Blake2Fast.Blake2s.ComputeAndWriteHash(output.Length, input, output),
        key => (input, output) => Blake2Fast.Blake2s.ComputeAndWriteHash(output.Length, key, input, output));

    public static readonly DigestAlgorithm Blake2bp = new("blake2bp", "BLAKE2bp", Blake2Fast.Blake2bp.DefaultDigestLength, Blake2Fast.Blake2bp.MaxKeyLength,
        length => new(Blake2Fast.Blake2bp.CreateHashAlgorithm(length)), (length, key) => new(Blake2Fast.Blake2bp.CreateHMAC(length, key)),
        (input, output) => Blake2Fast.Blake2bp.ComputeAndWriteHash(output.Length, input, output),
        key => (input, output) => Blake2Fast.Blake2bp.ComputeAndWriteHash(output.Length, key, input, output));

    public static readonly DigestAlgorithm Blake2sp = new("blake2sp", "BLAKE2sp", Blake2Fast.Blake2sp.DefaultDigestLength, Blake2Fast.Blake2sp.MaxKeyLength,
        length => new(Blake2Fast.Blake2sp.CreateHashAlgorithm(length)), (length, key) => new(Blake2Fast.Blake2sp.CreateHMAC(length, key)),
        (input, output) => Blake2Fast.Blake2sp.ComputeAndWriteHash(output.Length, input, output),
        key => (input, output) => Blake2Fast.Blake2sp.ComputeAndWriteHash(output.Length, key, input, output));

    /// <summary>
    /// BLAKE3, its output as <c>b3sum</c> prints it: 256 bits by default, any whole number of bytes with <c>-l</c>
    /// (beyond 256 bits it is BLAKE3's extended output); its key is exactly 32 bytes.
    /// </summary>
    public static readonly DigestAlgorithm Blake3 = new("blake3", "BLAKE3", Blake2Fast.Blake3.DefaultDigestLength, Blake2Fast.Blake3.KeyLength,
        // Its own hasher, not a HashAlgorithm: one large file can then be hashed in slices on every core.
        length => new(Blake2Fast.Blake3.CreateIncrementalHasher(length, Blake2Fast.Blake3Mode.Hash)),
        (length, key) => new(Blake2Fast.Blake3.CreateIncrementalHasher(length, Blake2Fast.Blake3Mode.Keyed(key))),
        (input, output) => Blake2Fast.Blake3.ComputeAndWriteHash(output.Length, input, output),
        key => (input, output) => Blake2Fast.Blake3.ComputeAndWriteHash(output.Length, key, input, output),
        maxDigestBits: Blake3MaxDigestBits, exactKey: true) { Blake3Mode = Blake2Fast.Blake3Mode.Hash };

    // The SHA-3 finalist: one digest length only, and no keyed mode (its salt is not a key).
    public static readonly DigestAlgorithm Blake256 = new("blake256", "BLAKE256", Blake2Fast.Blake256.DefaultDigestLength, 0,
        _ => new(Blake2Fast.Blake256.CreateHashAlgorithm()), keyed: null, (input, output) => Blake2Fast.Blake256.ComputeAndWriteHash(input, output), wholeKeyed: null, fixedLength: true);

    public static readonly DigestAlgorithm Blake224 = new("blake224", "BLAKE224", Blake2Fast.Blake224.DefaultDigestLength, 0,
        _ => new(Blake2Fast.Blake224.CreateHashAlgorithm()), keyed: null, (input, output) => Blake2Fast.Blake224.ComputeAndWriteHash(input, output), wholeKeyed: null, fixedLength: true);

    /// <summary>All variants, in the order <c>--help</c> and error messages list them.</summary>
    public static readonly DigestAlgorithm[] All = { Blake2b, Blake2s, Blake2bp, Blake2sp, Blake3, Blake256, Blake224 };

    /// <summary>
    /// The longest BLAKE3 output <c>-l</c> takes: the largest multiple of 8 bits an int holds (256 MiB). The digest and
    /// its hex line are held in memory, so "any length" stops somewhere; b3sum's own limit is far beyond any use.
    /// </summary>
    private const int Blake3MaxDigestBits = int.MaxValue & ~7;

    private readonly Func<int, IncrementalDigest> _create;
    private readonly Func<int, byte[], IncrementalDigest>? _createKeyed;
    private readonly WholeInput _whole;
    private readonly Func<byte[], WholeInput>? _wholeKeyed;

    /// <summary>Hashes all of <paramref name="input"/> into all of <paramref name="output"/> in one call.</summary>
    internal delegate void WholeInput(ReadOnlySpan<byte> input, Span<byte> output);

    private DigestAlgorithm(
        string name,
        string tagName,
        int defaultDigestBytes,
        int maxKeyBytes,
        Func<int, IncrementalDigest> create,
        Func<int, byte[], IncrementalDigest>? keyed,
        WholeInput whole,
        Func<byte[], WholeInput>? wholeKeyed,
        int maxDigestBits = 0,
        bool exactKey = false,
        bool fixedLength = false)
    {
        Name = name;
        TagName = tagName;
        DefaultDigestBytes = defaultDigestBytes;
        MaxDigestBits = maxDigestBits == 0 ? defaultDigestBytes * 8 : maxDigestBits;
        MaxKeyBytes = keyed is null ? 0 : maxKeyBytes;
        ExactKey = exactKey;
        FixedLength = fixedLength;
        _create = create;
        _createKeyed = keyed;
        _whole = whole;
        _wholeKeyed = wholeKeyed;
    }

    private DigestAlgorithm(DigestAlgorithm plain, Func<int, IncrementalDigest> create, WholeInput whole)
        : this(plain.Name, plain.TagName, plain.DefaultDigestBytes, 0, create, keyed: null, whole, wholeKeyed: null, plain.MaxDigestBits, fixedLength: plain.FixedLength)
    {
    }

    /// <summary>BLAKE3's mode (plain, keyed or deriving a key), for pieces hashed apart; null for every other algorithm.</summary>
    public Blake3Mode? Blake3Mode { get; private init; }

    /// <summary>The name used on the command line, e.g. <c>blake2b</c>.</summary>
    public string Name { get; }

    /// <summary>The name used in BSD-style lines and messages, e.g. <c>BLAKE2b</c>.</summary>
    public string TagName { get; }

    /// <summary>The standard digest length in bytes: what is computed without <c>-l</c>, written without <c>-BITS</c> after the tag.</summary>
    public int DefaultDigestBytes { get; }

    /// <summary>The longest digest <c>-l</c> and check lines may ask for, in bits.</summary>
    public int MaxDigestBits { get; }

    /// <summary>Whether the full length is the only one (BLAKE-256/224): <c>--length</c> takes only it (or 0).</summary>
    public bool FixedLength { get; }

    /// <summary>The longest key of the algorithm's keyed mode, in bytes; 0 when it has none.</summary>
    public int MaxKeyBytes { get; }

    /// <summary>Whether the key must be exactly <see cref="MaxKeyBytes"/> long (BLAKE3), not 1 up to it (BLAKE2).</summary>
    public bool ExactKey { get; }

    /// <summary>The key lengths the keyed mode takes, for messages: "exactly 32" or "1 to 64".</summary>
    public string KeyLengths => ExactKey ? "exactly " + MaxKeyBytes : "1 to " + MaxKeyBytes;

    /// <summary>The plain variant whose <see cref="TagName"/> is <paramref name="tag"/>, or null.</summary>
    public static DigestAlgorithm? FromTag(string tag) => All.FirstOrDefault(a => a.TagName == tag);

    /// <summary>The keyed mode of this algorithm with <paramref name="key"/>, or null when it takes no key of that length.</summary>
    public DigestAlgorithm? WithKey(byte[] key)
    {
        if (_createKeyed is null || key.Length == 0 || key.Length > MaxKeyBytes || (ExactKey && key.Length != MaxKeyBytes))
        {
            return null;
        }

        Func<int, byte[], IncrementalDigest> createKeyed = _createKeyed;
        return new DigestAlgorithm(this, length => createKeyed(length, key), _wholeKeyed!(key))
        {
            Blake3Mode = Blake3Mode is null ? null : Blake2Fast.Blake3Mode.Keyed(key),
        };
    }

    /// <summary>BLAKE3's key derivation for <paramref name="context"/>; null for every other algorithm.</summary>
    public DigestAlgorithm? DerivingKey(string context)
    {
        if (!ReferenceEquals(this, Blake3))
        {
            return null;
        }

        // The context hashed once into its key, not once per file.
        Blake3Mode mode = Blake2Fast.Blake3Mode.KeyDerivation(context);
        return new DigestAlgorithm(this, length => new(Blake2Fast.Blake3.CreateIncrementalHasher(length, mode)), (input, output) => Blake2Fast.Blake3.DeriveKey(context, input, output))
        {
            Blake3Mode = mode,
        };
    }

    /// <summary>Starts an incremental hash producing <paramref name="digestBytes"/> bytes.</summary>
    public IncrementalDigest CreateHasher(int digestBytes) => _create(digestBytes);

    /// <summary>
    /// Hashes an input held whole in memory (a small file read in one go) into <paramref name="digest"/>, exactly the
    /// digest length: no hash object is made, where <see cref="CreateHasher"/> allocates one per file.
    /// </summary>
    public void HashWhole(ReadOnlySpan<byte> input, Span<byte> digest) => _whole(input, digest);

    /// <summary>
    /// An incremental hash in progress, one per file: BLAKE3's (whose slices can be hashed on several threads), or
    /// the algorithm's <see cref="HashAlgorithm"/> (an HMAC object in BLAKE2's keyed mode), fed the tool's pooled
    /// buffer in place (<see cref="HashAlgorithm.TransformBlock"/> hashes the array's range without copying it).
    /// </summary>
    internal sealed class IncrementalDigest : IDisposable
    {
        private readonly HashAlgorithm? _hash;
        private Blake3HashState _blake3;

        public IncrementalDigest(HashAlgorithm hash) => _hash = hash;

        public IncrementalDigest(Blake3HashState blake3) => _blake3 = blake3;

        /// <summary>Whether this is BLAKE3's hash, whose tree lets one file be read and hashed on several threads (<see cref="UpdateParallel"/>).</summary>
        public bool IsBlake3 => _hash is null;

        /// <summary>
        /// BLAKE3 only: adds <paramref name="length"/> bytes of <paramref name="file"/> from <paramref name="offset"/>,
        /// read and hashed on up to <paramref name="threads"/> threads by the library; returns the bytes added (fewer
        /// where the file ended first).
        /// </summary>
        public long UpdateParallel(SafeFileHandle file, long offset, long length, int threads) => _blake3.UpdateParallel(file, offset, length, threads);

        public void Update(byte[] buffer, int count)
        {
            if (_hash is null)
            {
                _blake3.Update(buffer.AsSpan(0, count));
            }
            else
            {
                _hash!.TransformBlock(buffer, 0, count, null, 0);
            }
        }

        /// <summary>Writes the digest, exactly <c>output.Length</c> bytes (the length the hash was created with).</summary>
        public void Finish(Span<byte> output)
        {
            if (_hash is null)
            {
                _blake3.Finish(output);
                return;
            }

            _hash!.TransformFinalBlock(Array.Empty<byte>(), 0, 0);
            _hash.Hash.AsSpan().CopyTo(output);
        }

        public void Dispose() => _hash?.Dispose();
    }
}
