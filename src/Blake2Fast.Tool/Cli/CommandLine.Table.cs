using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Tool.Cli;

/// <summary>The option table: every option's long and short names and whether it takes an argument.</summary>
internal static partial class CommandLine
{
    private enum Id
    {
        Algorithm,
        Binary,
        Check,
        IgnoreMissing,
        Length,
        Quiet,
        Status,
        Strict,
        Tag,
        Text,
        Warn,
        Zero,
        Help,
        Version,
        Keyed,
        DeriveKey,
        NoNames,
        Raw,
        Threads,
        Subtree,
        Merge,
        Benchmark,
        Short,
    }

    /// <summary>A long option; <paramref name="Extension"/>: b2fsum's own, never part of an abbreviation b2sum also matches.</summary>
    private readonly record struct LongOption(string Name, bool HasArgument, Id Id, bool Extension = false);

    // Order matters: it is the order in which ambiguous abbreviations list their possibilities.
    private static readonly LongOption[] LongOptions =
    {
        new("algorithm", true, Id.Algorithm),
        new("binary", false, Id.Binary),
        new("check", false, Id.Check),
        new("ignore-missing", false, Id.IgnoreMissing),
        new("length", true, Id.Length),
        new("quiet", false, Id.Quiet),
        new("status", false, Id.Status),
        new("strict", false, Id.Strict),
        new("tag", false, Id.Tag),
        new("text", false, Id.Text),
        new("warn", false, Id.Warn),
        new("zero", false, Id.Zero),
        new("help", false, Id.Help),
        new("version", false, Id.Version),

        // b3sum's options, after b2sum's own so that abbreviations b2sum takes keep their meaning and messages.
        new("keyed", false, Id.Keyed),
        new("derive-key", true, Id.DeriveKey),
        new("no-names", false, Id.NoNames),
        new("raw", false, Id.Raw),
        new("threads", true, Id.Threads, Extension: true),
        new("num-threads", true, Id.Threads, Extension: true),
        new("subtree", true, Id.Subtree, Extension: true),
        new("merge", false, Id.Merge, Extension: true),
        new("benchmark", false, Id.Benchmark, Extension: true),
        new("short", false, Id.Short, Extension: true),
    };

    /// <summary>The short options, each another name of a long one.</summary>
    private static readonly (char Letter, Id Id)[] ShortOptions =
    {
        ('a', Id.Algorithm),
        ('b', Id.Binary),
        ('c', Id.Check),
        ('l', Id.Length),
        ('t', Id.Text),
        ('w', Id.Warn),
        ('z', Id.Zero),
    };

    /// <summary>
    /// Every option the parser accepts, as <c>--help</c> has to list it: each long name, with the letter of its short
    /// form where it has one (<c>('a', "algorithm")</c>).
    /// </summary>
    internal static IEnumerable<(char? Short, string Long)> AcceptedOptions =>
        LongOptions.Select(o => (ShortOptions.Where(s => s.Id == o.Id).Select(s => (char?)s.Letter).FirstOrDefault(), o.Name));

    private static Id? ShortOption(char c)
    {
        foreach ((char letter, Id id) in ShortOptions)
        {
            if (letter == c)
            {
                return id;
            }
        }

        return null;
    }

    /// <summary>The first long name of an option, for messages.</summary>
    private static string LongName(Id id) => LongOptions.First(o => o.Id == id).Name;
}
