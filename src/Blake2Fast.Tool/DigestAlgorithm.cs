using System;
using System.Security.Cryptography;

namespace Blake2Fast.Tool;

/// <summary>One of the BLAKE2 variants the tool can be asked for with <c>--algorithm</c>.</summary>
internal sealed class DigestAlgorithm
{
    public static readonly DigestAlgorithm Blake2b = new("blake2b", "BLAKE2b", Blake2Fast.Blake2b.DefaultDigestLength, Blake2Fast.Blake2b.CreateHashAlgorithm);
    public static readonly DigestAlgorithm Blake2s = new("blake2s", "BLAKE2s", Blake2Fast.Blake2s.DefaultDigestLength, Blake2Fast.Blake2s.CreateHashAlgorithm);
    public static readonly DigestAlgorithm Blake2bp = new("blake2bp", "BLAKE2bp", Blake2Fast.Blake2bp.DefaultDigestLength, Blake2Fast.Blake2bp.CreateHashAlgorithm);
    public static readonly DigestAlgorithm Blake2sp = new("blake2sp", "BLAKE2sp", Blake2Fast.Blake2sp.DefaultDigestLength, Blake2Fast.Blake2sp.CreateHashAlgorithm);

    /// <summary>BLAKE3, its output as <c>b3sum</c> prints it; <c>-l</c> shortens it (up to the standard 256 bits).</summary>
    public static readonly DigestAlgorithm Blake3 = new("blake3", "BLAKE3", Blake2Fast.Blake3.DefaultDigestLength, Blake2Fast.Blake3.CreateHashAlgorithm);

    // The SHA-3 finalist: one digest length only.
    public static readonly DigestAlgorithm Blake256 = new("blake256", "BLAKE256", Blake2Fast.Blake256.DefaultDigestLength, _ => Blake2Fast.Blake256.CreateHashAlgorithm(), fixedLength: true);
    public static readonly DigestAlgorithm Blake224 = new("blake224", "BLAKE224", Blake2Fast.Blake224.DefaultDigestLength, _ => Blake2Fast.Blake224.CreateHashAlgorithm(), fixedLength: true);

    /// <summary>All variants, in the order <c>--help</c> and error messages list them.</summary>
    public static readonly DigestAlgorithm[] All = { Blake2b, Blake2s, Blake2bp, Blake2sp, Blake3, Blake256, Blake224 };

    private readonly Func<int, HashAlgorithm> _createHasher;

    private DigestAlgorithm(string name, string tagName, int maxDigestBytes, Func<int, HashAlgorithm> createHasher, bool fixedLength = false)
    {
        FixedLength = fixedLength;
        Name = name;
        TagName = tagName;
        MaxDigestBytes = maxDigestBytes;
        _createHasher = createHasher;
    }

    /// <summary>The name used on the command line, e.g. <c>blake2b</c>.</summary>
    public string Name { get; }

    /// <summary>The name used in BSD-style lines and messages, e.g. <c>BLAKE2b</c>.</summary>
    public string TagName { get; }

    /// <summary>The longest (and default) digest, in bytes.</summary>
    public int MaxDigestBytes { get; }

    public int MaxDigestBits => MaxDigestBytes * 8;

    /// <summary>Whether the full length is the only one (BLAKE-256/224): <c>--length</c> takes only it (or 0).</summary>
    public bool FixedLength { get; }

    /// <summary>Starts an incremental hash producing <paramref name="digestBytes"/> bytes.</summary>
    public IncrementalDigest CreateHasher(int digestBytes) => new(_createHasher(digestBytes));

    /// <summary>
    /// An incremental hash in progress, one per file: the algorithm's <see cref="HashAlgorithm"/>, fed the tool's pooled
    /// buffer in place (<see cref="HashAlgorithm.TransformBlock"/> hashes the array's range without copying it).
    /// </summary>
    internal sealed class IncrementalDigest : IDisposable
    {
        private readonly HashAlgorithm _hash;

        public IncrementalDigest(HashAlgorithm hash) => _hash = hash;

        public void Update(byte[] buffer, int count) => _hash.TransformBlock(buffer, 0, count, null, 0);

        /// <summary>Writes the digest, exactly <c>output.Length</c> bytes (the length the hash was created with).</summary>
        public void Finish(Span<byte> output)
        {
            _hash.TransformFinalBlock(Array.Empty<byte>(), 0, 0);
            _hash.Hash.AsSpan().CopyTo(output);
        }

        public void Dispose() => _hash.Dispose();
    }
}
