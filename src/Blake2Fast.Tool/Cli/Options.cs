using System.Collections.Generic;
using Blake2Fast.Tool.Hashing;

namespace Blake2Fast.Tool.Cli;

/// <summary>What the command line asked for.</summary>
internal sealed class Options
{
    public DigestAlgorithm Algorithm { get; set; } = DigestAlgorithm.Blake2b;

    /// <summary>The <c>--length</c> value in bits; 0 when not given (or given as 0): the algorithm's full length.</summary>
    public int LengthBits { get; set; }

    /// <summary>The <c>--length</c> argument as typed, for messages.</summary>
    public string? LengthArgument { get; set; }

    /// <summary>Null unless <c>-b</c> or <c>-t</c> was given; then true for binary.</summary>
    public bool? Binary { get; set; }

    public bool Check { get; set; }

    public bool Tag { get; set; }

    public bool Zero { get; set; }

    public bool IgnoreMissing { get; set; }

    public bool Quiet { get; set; }

    public bool Status { get; set; }

    public bool Strict { get; set; }

    public bool Warn { get; set; }

    /// <summary>The <c>--threads</c> value; null when not given (<see cref="B2fSum.DefaultThreads"/>).</summary>
    public int? Threads { get; set; }

    public List<string> Files { get; } = new();

    /// <summary><c>--keyed</c>: the key is read from standard input (<see cref="Key"/> once read).</summary>
    public bool Keyed { get; set; }

    /// <summary>The key read from standard input under <c>--keyed</c>; null otherwise.</summary>
    public byte[]? Key { get; set; }

    /// <summary>The <c>--derive-key</c> context (BLAKE3's key derivation); null when not given.</summary>
    public string? DeriveKeyContext { get; set; }

    /// <summary><c>--no-names</c>: print the digest alone on each line.</summary>
    public bool NoNames { get; set; }

    /// <summary><c>--raw</c>: write the digest of the one input as raw bytes.</summary>
    public bool Raw { get; set; }

    /// <summary><c>--subtree=OFFSET,LENGTH</c>: the byte range whose BLAKE3 chaining value to print; null when not given.</summary>
    public (long Offset, long Length)? Subtree { get; set; }

    /// <summary><c>--merge</c>: the FILEs are subtree lines, merged into the hash of the file they describe.</summary>
    public bool Merge { get; set; }

    /// <summary><c>--benchmark</c>: run the library's kernel benchmark instead of hashing.</summary>
    public bool Benchmark { get; set; }

    /// <summary><c>--short</c>: with <c>--benchmark</c>, a quick run with rough timings.</summary>
    public bool Short { get; set; }

    /// <summary>The digest length in bytes for computing: the <c>--length</c> value or the algorithm's standard one.</summary>
    public int DigestBytes => LengthBits == 0 ? Algorithm.DefaultDigestBytes : LengthBits / 8;

    /// <summary>
    /// <paramref name="plain"/> in the mode the options ask for (keyed, deriving a key, or plain); null when the
    /// algorithm has no such mode or takes no key of that length.
    /// </summary>
    public DigestAlgorithm? InMode(DigestAlgorithm plain) =>
        Key is not null ? plain.WithKey(Key)
        : DeriveKeyContext is not null ? plain.DerivingKey(DeriveKeyContext)
        : plain;
}
