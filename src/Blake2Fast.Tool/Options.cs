using System.Collections.Generic;

namespace Blake2Fast.Tool;

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

    /// <summary>The <c>--threads</c> value; null when not given: one per processor.</summary>
    public int? Threads { get; set; }

    public List<string> Files { get; } = new();

    /// <summary>The digest length in bytes for computing: the <c>--length</c> value or the algorithm's maximum.</summary>
    public int DigestBytes => LengthBits == 0 ? Algorithm.MaxDigestBytes : LengthBits / 8;
}
