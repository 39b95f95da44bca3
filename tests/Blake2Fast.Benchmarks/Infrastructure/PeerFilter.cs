using System;
using System.Collections.Concurrent;
using System.Reflection;
using System.Security.Cryptography;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>Something a benchmark needs from the machine besides Blake2Fast itself.</summary>
public enum Requirement
{
    /// <summary>OpenSSL 3's libcrypto with BLAKE2 (<see cref="Infrastructure.OpenSsl"/>).</summary>
    OpenSsl,

    /// <summary>libsodium (<see cref="Infrastructure.Sodium"/>).</summary>
    Libsodium,

    /// <summary><see cref="SHA3_256.IsSupported"/> (needs OpenSSL 1.1.1+ on Linux, Windows 11 build 25324+).</summary>
    Sha3_256,

    /// <summary>NSec.Cryptography compiled in and its libsodium loads here (<see cref="NSecPeer"/>).</summary>
    NSec,

    /// <summary>The official BLAKE3 C library, built by native/build-blake3.sh (<see cref="OfficialBlake3"/>).</summary>
    OfficialBlake3,

    /// <summary>The Rust BLAKE2 crates' wrapper, built by native/blake2-rs/build.sh (<see cref="RustBlake2"/>).</summary>
    Rust,
}

/// <summary>The benchmark only runs when the requirement is met here; otherwise <see cref="PeerFilter"/> drops it.</summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
public sealed class RequiresAttribute(Requirement requirement) : Attribute
{
    public Requirement Requirement { get; } = requirement;
}

/// <summary>
/// The benchmark can only produce this digest length (a fixed-size hash, or an API without a length parameter),
/// so it only runs in the rows whose <c>DigestLength</c> parameter equals it.
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class OnlyForDigestLengthAttribute(int digestLength) : Attribute
{
    public int DigestLength { get; } = digestLength;
}

/// <summary>
/// Drops the benchmarks whose library is missing here (so the run carries on without them) and those that cannot
/// produce the digest length of the current row. The filter runs in the host process before anything is built.
/// </summary>
public sealed class PeerFilter : IFilter
{
    private static readonly ConcurrentDictionary<string, bool> s_reported = new();

    public bool Predicate(BenchmarkCase benchmarkCase)
    {
        MethodInfo method = benchmarkCase.Descriptor.WorkloadMethod;

        OnlyForDigestLengthAttribute? only = method.GetCustomAttribute<OnlyForDigestLengthAttribute>();
        if (only is not null && benchmarkCase.Parameters["DigestLength"] is int length && length != only.DigestLength)
            return false;

        foreach (RequiresAttribute requires in method.GetCustomAttributes<RequiresAttribute>())
        {
            string? missing = WhyMissing(requires.Requirement);
            if (missing is not null)
            {
                string name = method.DeclaringType?.Name + "." + method.Name;
                if (s_reported.TryAdd(name, true))
                    Console.WriteLine($"// Skipping {name}: {missing}");
                return false;
            }
        }
        return true;
    }

    /// <summary>Null when <paramref name="requirement"/> is met, otherwise the reason it is not.</summary>
    public static string? WhyMissing(Requirement requirement) => requirement switch
    {
        Requirement.OpenSsl => OpenSsl.LoadError,
        Requirement.Libsodium => Sodium.LoadError,
        Requirement.Sha3_256 => SHA3_256.IsSupported ? null : "SHA3_256.IsSupported is false on this platform",
        Requirement.NSec => NSecPeer.LoadError,
        Requirement.OfficialBlake3 => OfficialBlake3.LoadError,
        Requirement.Rust => RustBlake2.LoadError,
        _ => "unknown requirement " + requirement,
    };
}
