using System;
using System.Collections.Generic;
using System.Reflection;

namespace Blake2Fast.Benchmarks.Infrastructure;

/// <summary>
/// The NuGet peers and whether this build has them. Each one is behind an MSBuild switch (Blake2Fast.Benchmarks.csproj)
/// that removes its PackageReference and its PEER_* compile constant, so a peer that cannot be restored one day is
/// switched off instead of breaking the build; its benchmarks are then absent and every run names it here. The list
/// comes from the project file (assembly metadata "BenchmarkPeer:package" = "version switch=true|false"), so the
/// versions are written in one place.
/// </summary>
internal static class Peers
{
    private const string Prefix = "BenchmarkPeer:";

    /// <summary>One line: the peers built in (with their package version) and those compiled out.</summary>
    public static string Describe()
    {
        var present = new List<string>();
        var missing = new List<string>();
        foreach (AssemblyMetadataAttribute metadata in typeof(Peers).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>())
        {
            if (!metadata.Key.StartsWith(Prefix, StringComparison.Ordinal))
                continue;
            string package = metadata.Key[Prefix.Length..];
            string[] fields = (metadata.Value ?? "").Split(' ');
            string version = fields[0];
            string flag = fields.Length > 1 ? fields[1] : "?";
            if (flag.EndsWith("=true", StringComparison.OrdinalIgnoreCase))
                present.Add($"{package} {version}");
            else
                missing.Add($"{package} {version} ({flag})");
        }
        if (present.Count + missing.Count == 0)
            return "Peers: no BenchmarkPeer metadata in this build (check Blake2Fast.Benchmarks.csproj)";
        return $"Peers: {(present.Count == 0 ? "none compiled in" : string.Join(", ", present))}" +
            (missing.Count == 0 ? "; none compiled out" : $"; COMPILED OUT (their rows are missing): {string.Join(", ", missing)}");
    }
}
