using System;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using static Blake2Fast.Tests.Infrastructure.BclOverload;

namespace Blake2Fast.Tests.Infrastructure;

/// <summary>Which digest-length and key arguments a call passes, as the 2.x overloads and the HashData names both have them.</summary>
public enum BclOverload
{
    /// <summary>No digest length (the default), no key.</summary>
    Plain,
    /// <summary>A digest length, no key.</summary>
    Length,
    /// <summary>A key (the <c>Keyed</c> class of the BCL-style names), the default digest length.</summary>
    Key,
    /// <summary>Both.</summary>
    LengthAndKey,
}

public delegate byte[] SpanHash(BclOverload overload, int digestLength, byte[] key, ReadOnlySpan<byte> source);

/// <summary>Returns the bytes written; for the Try form, a refusal with bytesWritten w comes back as -w - 1.</summary>
public delegate int SpanInto(BclOverload overload, int digestLength, byte[] key, ReadOnlySpan<byte> source, Span<byte> destination);

public delegate int StreamInto(BclOverload overload, int digestLength, byte[] key, Stream source, Span<byte> destination);

/// <summary>
/// The BCL-style names (HashData, TryHashData, HashDataAsync and their Keyed forms) of all four algorithms behind one face,
/// with the 2.x <c>ComputeHash</c> of the same overload beside them as the reference.
/// </summary>
public sealed class BclDriver
{
    public static readonly BclOverload[] AllOverloads = (BclOverload[])Enum.GetValues(typeof(BclOverload));

    private BclDriver(string name, int maxDigestLength, SpanHash computeHash, SpanHash hashData, SpanInto hashDataInto, SpanInto tryHashData,
        Func<BclOverload, int, byte[], Stream, byte[]> streamHashData, StreamInto streamHashDataInto,
        Func<BclOverload, int, byte[], Stream, CancellationToken, ValueTask<byte[]>>? hashDataAsync = null,
        Func<BclOverload, int, byte[], Stream, Memory<byte>, CancellationToken, ValueTask<int>>? hashDataIntoAsync = null)
    {
        Name = name;
        MaxDigestLength = maxDigestLength;
        ComputeHash = computeHash;
        HashData = hashData;
        HashDataInto = hashDataInto;
        TryHashData = tryHashData;
        StreamHashData = streamHashData;
        StreamHashDataInto = streamHashDataInto;
        HashDataAsync = hashDataAsync;
        HashDataIntoAsync = hashDataIntoAsync;
    }

    public string Name { get; }
    public int MaxDigestLength { get; }
    public int MaxKeyLength => MaxDigestLength;
    public SpanHash ComputeHash { get; }
    public SpanHash HashData { get; }
    public SpanInto HashDataInto { get; }
    public SpanInto TryHashData { get; }
    public Func<BclOverload, int, byte[], Stream, byte[]> StreamHashData { get; }
    public StreamInto StreamHashDataInto { get; }
    /// <summary>Null for the netstandard2.0 build, which has no ValueTask and so no HashDataAsync.</summary>
    public Func<BclOverload, int, byte[], Stream, CancellationToken, ValueTask<byte[]>>? HashDataAsync { get; }
    public Func<BclOverload, int, byte[], Stream, Memory<byte>, CancellationToken, ValueTask<int>>? HashDataIntoAsync { get; }

    public static bool UsesLength(BclOverload o) => o is Length or LengthAndKey;
    public static bool UsesKey(BclOverload o) => o is Key or LengthAndKey;
    public int ExpectedLength(BclOverload o, int digestLength) => UsesLength(o) ? digestLength : MaxDigestLength;

    public override string ToString() => Name;

    public static readonly BclDriver B = new("blake2b", 64,
        (o, d, k, s) => o switch { Plain => Blake2b.ComputeHash(s), Length => Blake2b.ComputeHash(d, s), Key => Blake2b.ComputeHash(k, s), _ => Blake2b.ComputeHash(d, k, s) },
        (o, d, k, s) => o switch { Plain => Blake2b.HashData(s), Length => Blake2b.HashData(d, s), Key => Blake2b.Keyed.HashData(k, s), _ => Blake2b.Keyed.HashData(d, k, s) },
        (o, d, k, s, t) => o switch { Plain => Blake2b.HashData(s, t), Length => Blake2b.HashData(d, s, t), Key => Blake2b.Keyed.HashData(k, s, t), _ => Blake2b.Keyed.HashData(d, k, s, t) },
        (o, d, k, s, t) => o switch
        {
            Plain => Blake2b.TryHashData(s, t, out int w) ? w : -w - 1,
            Length => Blake2b.TryHashData(d, s, t, out int w) ? w : -w - 1,
            Key => Blake2b.Keyed.TryHashData(k, s, t, out int w) ? w : -w - 1,
            _ => Blake2b.Keyed.TryHashData(d, k, s, t, out int w) ? w : -w - 1,
        },
        (o, d, k, s) => o switch { Plain => Blake2b.HashData(s), Length => Blake2b.HashData(d, s), Key => Blake2b.Keyed.HashData(k, s), _ => Blake2b.Keyed.HashData(d, k, s) },
        (o, d, k, s, t) => o switch { Plain => Blake2b.HashData(s, t), Length => Blake2b.HashData(d, s, t), Key => Blake2b.Keyed.HashData(k, s, t), _ => Blake2b.Keyed.HashData(d, k, s, t) }
#if !LIBRARY_NETSTANDARD
        , (o, d, k, s, ct) => o switch { Plain => Blake2b.HashDataAsync(s, ct), Length => Blake2b.HashDataAsync(d, s, ct), Key => Blake2b.Keyed.HashDataAsync(k, s, ct), _ => Blake2b.Keyed.HashDataAsync(d, k, s, ct) },
        (o, d, k, s, t, ct) => o switch { Plain => Blake2b.HashDataAsync(s, t, ct), Length => Blake2b.HashDataAsync(d, s, t, ct), Key => Blake2b.Keyed.HashDataAsync(k, s, t, ct), _ => Blake2b.Keyed.HashDataAsync(d, k, s, t, ct) }
#endif
        );

    public static readonly BclDriver S = new("blake2s", 32,
        (o, d, k, s) => o switch { Plain => Blake2s.ComputeHash(s), Length => Blake2s.ComputeHash(d, s), Key => Blake2s.ComputeHash(k, s), _ => Blake2s.ComputeHash(d, k, s) },
        (o, d, k, s) => o switch { Plain => Blake2s.HashData(s), Length => Blake2s.HashData(d, s), Key => Blake2s.Keyed.HashData(k, s), _ => Blake2s.Keyed.HashData(d, k, s) },
        (o, d, k, s, t) => o switch { Plain => Blake2s.HashData(s, t), Length => Blake2s.HashData(d, s, t), Key => Blake2s.Keyed.HashData(k, s, t), _ => Blake2s.Keyed.HashData(d, k, s, t) },
        (o, d, k, s, t) => o switch
        {
            Plain => Blake2s.TryHashData(s, t, out int w) ? w : -w - 1,
            Length => Blake2s.TryHashData(d, s, t, out int w) ? w : -w - 1,
            Key => Blake2s.Keyed.TryHashData(k, s, t, out int w) ? w : -w - 1,
            _ => Blake2s.Keyed.TryHashData(d, k, s, t, out int w) ? w : -w - 1,
        },
        (o, d, k, s) => o switch { Plain => Blake2s.HashData(s), Length => Blake2s.HashData(d, s), Key => Blake2s.Keyed.HashData(k, s), _ => Blake2s.Keyed.HashData(d, k, s) },
        (o, d, k, s, t) => o switch { Plain => Blake2s.HashData(s, t), Length => Blake2s.HashData(d, s, t), Key => Blake2s.Keyed.HashData(k, s, t), _ => Blake2s.Keyed.HashData(d, k, s, t) }
#if !LIBRARY_NETSTANDARD
        , (o, d, k, s, ct) => o switch { Plain => Blake2s.HashDataAsync(s, ct), Length => Blake2s.HashDataAsync(d, s, ct), Key => Blake2s.Keyed.HashDataAsync(k, s, ct), _ => Blake2s.Keyed.HashDataAsync(d, k, s, ct) },
        (o, d, k, s, t, ct) => o switch { Plain => Blake2s.HashDataAsync(s, t, ct), Length => Blake2s.HashDataAsync(d, s, t, ct), Key => Blake2s.Keyed.HashDataAsync(k, s, t, ct), _ => Blake2s.Keyed.HashDataAsync(d, k, s, t, ct) }
#endif
        );

    public static readonly BclDriver Bp = new("blake2bp", 64,
        (o, d, k, s) => o switch { Plain => Blake2bp.ComputeHash(s), Length => Blake2bp.ComputeHash(d, s), Key => Blake2bp.ComputeHash(k, s), _ => Blake2bp.ComputeHash(d, k, s) },
        (o, d, k, s) => o switch { Plain => Blake2bp.HashData(s), Length => Blake2bp.HashData(d, s), Key => Blake2bp.Keyed.HashData(k, s), _ => Blake2bp.Keyed.HashData(d, k, s) },
        (o, d, k, s, t) => o switch { Plain => Blake2bp.HashData(s, t), Length => Blake2bp.HashData(d, s, t), Key => Blake2bp.Keyed.HashData(k, s, t), _ => Blake2bp.Keyed.HashData(d, k, s, t) },
        (o, d, k, s, t) => o switch
        {
            Plain => Blake2bp.TryHashData(s, t, out int w) ? w : -w - 1,
            Length => Blake2bp.TryHashData(d, s, t, out int w) ? w : -w - 1,
            Key => Blake2bp.Keyed.TryHashData(k, s, t, out int w) ? w : -w - 1,
            _ => Blake2bp.Keyed.TryHashData(d, k, s, t, out int w) ? w : -w - 1,
        },
        (o, d, k, s) => o switch { Plain => Blake2bp.HashData(s), Length => Blake2bp.HashData(d, s), Key => Blake2bp.Keyed.HashData(k, s), _ => Blake2bp.Keyed.HashData(d, k, s) },
        (o, d, k, s, t) => o switch { Plain => Blake2bp.HashData(s, t), Length => Blake2bp.HashData(d, s, t), Key => Blake2bp.Keyed.HashData(k, s, t), _ => Blake2bp.Keyed.HashData(d, k, s, t) }
#if !LIBRARY_NETSTANDARD
        , (o, d, k, s, ct) => o switch { Plain => Blake2bp.HashDataAsync(s, ct), Length => Blake2bp.HashDataAsync(d, s, ct), Key => Blake2bp.Keyed.HashDataAsync(k, s, ct), _ => Blake2bp.Keyed.HashDataAsync(d, k, s, ct) },
        (o, d, k, s, t, ct) => o switch { Plain => Blake2bp.HashDataAsync(s, t, ct), Length => Blake2bp.HashDataAsync(d, s, t, ct), Key => Blake2bp.Keyed.HashDataAsync(k, s, t, ct), _ => Blake2bp.Keyed.HashDataAsync(d, k, s, t, ct) }
#endif
        );

    public static readonly BclDriver Sp = new("blake2sp", 32,
        (o, d, k, s) => o switch { Plain => Blake2sp.ComputeHash(s), Length => Blake2sp.ComputeHash(d, s), Key => Blake2sp.ComputeHash(k, s), _ => Blake2sp.ComputeHash(d, k, s) },
        (o, d, k, s) => o switch { Plain => Blake2sp.HashData(s), Length => Blake2sp.HashData(d, s), Key => Blake2sp.Keyed.HashData(k, s), _ => Blake2sp.Keyed.HashData(d, k, s) },
        (o, d, k, s, t) => o switch { Plain => Blake2sp.HashData(s, t), Length => Blake2sp.HashData(d, s, t), Key => Blake2sp.Keyed.HashData(k, s, t), _ => Blake2sp.Keyed.HashData(d, k, s, t) },
        (o, d, k, s, t) => o switch
        {
            Plain => Blake2sp.TryHashData(s, t, out int w) ? w : -w - 1,
            Length => Blake2sp.TryHashData(d, s, t, out int w) ? w : -w - 1,
            Key => Blake2sp.Keyed.TryHashData(k, s, t, out int w) ? w : -w - 1,
            _ => Blake2sp.Keyed.TryHashData(d, k, s, t, out int w) ? w : -w - 1,
        },
        (o, d, k, s) => o switch { Plain => Blake2sp.HashData(s), Length => Blake2sp.HashData(d, s), Key => Blake2sp.Keyed.HashData(k, s), _ => Blake2sp.Keyed.HashData(d, k, s) },
        (o, d, k, s, t) => o switch { Plain => Blake2sp.HashData(s, t), Length => Blake2sp.HashData(d, s, t), Key => Blake2sp.Keyed.HashData(k, s, t), _ => Blake2sp.Keyed.HashData(d, k, s, t) }
#if !LIBRARY_NETSTANDARD
        , (o, d, k, s, ct) => o switch { Plain => Blake2sp.HashDataAsync(s, ct), Length => Blake2sp.HashDataAsync(d, s, ct), Key => Blake2sp.Keyed.HashDataAsync(k, s, ct), _ => Blake2sp.Keyed.HashDataAsync(d, k, s, ct) },
        (o, d, k, s, t, ct) => o switch { Plain => Blake2sp.HashDataAsync(s, t, ct), Length => Blake2sp.HashDataAsync(d, s, t, ct), Key => Blake2sp.Keyed.HashDataAsync(k, s, t, ct), _ => Blake2sp.Keyed.HashDataAsync(d, k, s, t, ct) }
#endif
        );


    public static readonly BclDriver[] All = { B, S, Bp, Sp };

    public static BclDriver Parse(string name) => All.Single(a => a.Name == name);
}
