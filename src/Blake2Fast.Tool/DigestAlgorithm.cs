using System;
using LibBlake2b = Blake2Fast.Blake2b;
using LibBlake2bState = Blake2Fast.Blake2bHashState;
using LibBlake2s = Blake2Fast.Blake2s;
using LibBlake2sState = Blake2Fast.Blake2sHashState;
using LibBlake2bp = Blake2Fast.Blake2bp;
using LibBlake2bpState = Blake2Fast.Blake2bpHashState;
using LibBlake2sp = Blake2Fast.Blake2sp;
using LibBlake2spState = Blake2Fast.Blake2spHashState;
using LibBlake3 = Blake2Fast.Blake3;
using LibBlake3State = Blake2Fast.Blake3HashState;

namespace Blake2Fast.Tool;

/// <summary>One of the BLAKE2 variants the tool can be asked for with <c>--algorithm</c>.</summary>
internal sealed class DigestAlgorithm
{
    public static readonly DigestAlgorithm Blake2b = new("blake2b", "BLAKE2b", LibBlake2b.DefaultDigestLength, bytes => new Blake2bDigest(bytes));
    public static readonly DigestAlgorithm Blake2s = new("blake2s", "BLAKE2s", LibBlake2s.DefaultDigestLength, bytes => new Blake2sDigest(bytes));
    public static readonly DigestAlgorithm Blake2bp = new("blake2bp", "BLAKE2bp", LibBlake2bp.DefaultDigestLength, bytes => new Blake2bpDigest(bytes));
    public static readonly DigestAlgorithm Blake2sp = new("blake2sp", "BLAKE2sp", LibBlake2sp.DefaultDigestLength, bytes => new Blake2spDigest(bytes));

    /// <summary>BLAKE3, its output as <c>b3sum</c> prints it; <c>-l</c> shortens it (up to the standard 256 bits).</summary>
    public static readonly DigestAlgorithm Blake3 = new("blake3", "BLAKE3", LibBlake3.DefaultDigestLength, bytes => new Blake3Digest(bytes));

    // The SHA-3 finalist: one digest length only.
    public static readonly DigestAlgorithm Blake256 = new("blake256", "BLAKE256", Blake2Fast.Blake256.DefaultDigestLength, _ => new Blake256Digest(), fixedLength: true);
    public static readonly DigestAlgorithm Blake224 = new("blake224", "BLAKE224", Blake2Fast.Blake224.DefaultDigestLength, _ => new Blake224Digest(), fixedLength: true);

    /// <summary>All variants, in the order <c>--help</c> and error messages list them.</summary>
    public static readonly DigestAlgorithm[] All = { Blake2b, Blake2s, Blake2bp, Blake2sp, Blake3, Blake256, Blake224 };

    private readonly Func<int, IncrementalDigest> _createHasher;

    private DigestAlgorithm(string name, string tagName, int maxDigestBytes, Func<int, IncrementalDigest> createHasher, bool fixedLength = false)
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
    public IncrementalDigest CreateHasher(int digestBytes) => _createHasher(digestBytes);

    /// <summary>An incremental hash in progress; one object per file.</summary>
    internal abstract class IncrementalDigest
    {
        public abstract int DigestLength { get; }

        public abstract void Update(ReadOnlySpan<byte> data);

        public abstract void Finish(Span<byte> output);
    }

    private sealed class Blake2bDigest : IncrementalDigest
    {
        private LibBlake2bState _state;

        public Blake2bDigest(int digestBytes) => _state = LibBlake2b.CreateIncrementalHasher(digestBytes);

        public override int DigestLength => _state.DigestLength;

        public override void Update(ReadOnlySpan<byte> data) => _state.Update(data);

        public override void Finish(Span<byte> output) => _state.Finish(output);
    }

    private sealed class Blake2sDigest : IncrementalDigest
    {
        private LibBlake2sState _state;

        public Blake2sDigest(int digestBytes) => _state = LibBlake2s.CreateIncrementalHasher(digestBytes);

        public override int DigestLength => _state.DigestLength;

        public override void Update(ReadOnlySpan<byte> data) => _state.Update(data);

        public override void Finish(Span<byte> output) => _state.Finish(output);
    }

    private sealed class Blake2bpDigest : IncrementalDigest
    {
        private LibBlake2bpState _state;

        public Blake2bpDigest(int digestBytes) => _state = LibBlake2bp.CreateIncrementalHasher(digestBytes);

        public override int DigestLength => _state.DigestLength;

        public override void Update(ReadOnlySpan<byte> data) => _state.Update(data);

        public override void Finish(Span<byte> output) => _state.Finish(output);
    }

    private sealed class Blake256Digest : IncrementalDigest
    {
        private Blake256HashState _state = Blake2Fast.Blake256.CreateIncrementalHasher();

        public override int DigestLength => _state.DigestLength;

        public override void Update(ReadOnlySpan<byte> data) => _state.Update(data);

        public override void Finish(Span<byte> output) => _state.Finish(output);
    }

    private sealed class Blake224Digest : IncrementalDigest
    {
        private Blake224HashState _state = Blake2Fast.Blake224.CreateIncrementalHasher();

        public override int DigestLength => _state.DigestLength;

        public override void Update(ReadOnlySpan<byte> data) => _state.Update(data);

        public override void Finish(Span<byte> output) => _state.Finish(output);
    }

    private sealed class Blake2spDigest : IncrementalDigest
    {
        private LibBlake2spState _state;

        public Blake2spDigest(int digestBytes) => _state = LibBlake2sp.CreateIncrementalHasher(digestBytes);

        public override int DigestLength => _state.DigestLength;

        public override void Update(ReadOnlySpan<byte> data) => _state.Update(data);

        public override void Finish(Span<byte> output) => _state.Finish(output);
    }

    private sealed class Blake3Digest : IncrementalDigest
    {
        private LibBlake3State _state;

        public Blake3Digest(int digestBytes) => _state = LibBlake3.CreateIncrementalHasher(digestBytes);

        public override int DigestLength => _state.DigestLength;

        public override void Update(ReadOnlySpan<byte> data) => _state.Update(data);

        // BLAKE3's output of any length is a prefix of the longer ones: -l shortens it as b3sum's --length does.
        public override void Finish(Span<byte> output) => _state.Finish(output.Slice(0, _state.DigestLength));
    }
}
