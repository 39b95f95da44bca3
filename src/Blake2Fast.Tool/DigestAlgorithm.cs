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
    public static readonly DigestAlgorithm Blake3 = new("blake3", "BLAKE3", Blake2Fast.Blake3.DefaultDigestLength, Blake2Fast.Blake3.CreateHashAlgorithm)
    {
        // Its state directly: one large file can then be spread over every core (UpdateParallel).
        CreateBlake3State = Blake2Fast.Blake3.CreateIncrementalHasher,
    };

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

    /// <summary>For BLAKE3: its hash state for a digest length, which can hash one input on several threads.</summary>
    private Func<int, Blake3HashState>? CreateBlake3State { get; init; }

    /// <summary>Starts an incremental hash producing <paramref name="digestBytes"/> bytes.</summary>
    public IncrementalDigest CreateHasher(int digestBytes) =>
        CreateBlake3State is { } create ? new(create(digestBytes)) : new(_createHasher(digestBytes));

    /// <summary>
    /// An incremental hash in progress, one per file: the algorithm's <see cref="HashAlgorithm"/>, fed the tool's pooled
    /// buffer in place (<see cref="HashAlgorithm.TransformBlock"/> hashes the array's range without copying it).
    /// </summary>
    internal sealed class IncrementalDigest : IDisposable
    {
        private readonly HashAlgorithm? _hash;
        private Blake3HashState _blake3;

        public IncrementalDigest(HashAlgorithm hash) => _hash = hash;

        public IncrementalDigest(Blake3HashState blake3) => _blake3 = blake3;

        /// <summary>Whether <see cref="UpdateParallel"/> spreads one input over several threads (BLAKE3's tree).</summary>
        public bool CanUpdateParallel => _hash is null;

        public void Update(byte[] buffer, int count)
        {
            if (_hash is null)
            {
                _blake3.Update(buffer.AsSpan(0, count));
            }
            else
            {
                _hash.TransformBlock(buffer, 0, count, null, 0);
            }
        }

        /// <summary>Adds <paramref name="input"/> on up to <paramref name="threads"/> threads; only where <see cref="CanUpdateParallel"/>.</summary>
        public void UpdateParallel(ReadOnlySpan<byte> input, int threads)
        {
            if (_hash is not null)
            {
                throw new InvalidOperationException("Only BLAKE3 hashes one input on several threads.");
            }

            _blake3.UpdateParallel(input, threads);
        }

        /// <summary>Writes the digest, exactly <c>output.Length</c> bytes (the length the hash was created with).</summary>
        public void Finish(Span<byte> output)
        {
            if (_hash is null)
            {
                _blake3.Finish(output);
                return;
            }

            _hash.TransformFinalBlock(Array.Empty<byte>(), 0, 0);
            _hash.Hash.AsSpan().CopyTo(output);
        }

        public void Dispose() => _hash?.Dispose();
    }
}
