using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;

namespace Blake2Fast.Tests.DocExamples;

/// <summary>
/// Finds the C# code blocks of a Markdown page and checks that each is written out, line for line, in one of the
/// example sources of this folder, where it is compiled and run. Leading indentation (and trailing white space) is
/// ignored, so a block can sit inside a method; everything else, blank lines included, must match. A block's leading
/// <c>using</c> directives (and the blank lines right after them) are the one exception: they cannot be written inside
/// a method, so they are not looked for (the example source has them, or what it needs of them, at its top).
/// </summary>
internal static class DocExampleMatcher
{
    /// <summary>A fenced code block: the page line its first code line is on, and its lines.</summary>
    internal sealed record CodeBlock(int Line, IReadOnlyList<string> Lines)
    {
        // Named by its first line of code: every block starts with the same using lines.
        public override string ToString() =>
            $"line {Line}: {Lines.FirstOrDefault(l => l.Trim().Length != 0 && !IsUsingDirective(l))?.Trim() ?? "(empty block)"}";
    }

    // The info strings GitHub and NuGet highlight as C#: a block under any of them is an example to check.
    private static readonly string[] s_csharp = { "csharp", "cs", "c#" };

    /// <summary>The page's fenced blocks (``` or ~~~) whose info string names C#.</summary>
    public static IReadOnlyList<CodeBlock> CSharpBlocks(string markdown)
    {
        var blocks = new List<CodeBlock>();
        string[] lines = SplitLines(markdown);
        for (int i = 0; i < lines.Length; i++)
        {
            if (!IsFence(lines[i], out char fenceChar, out int fenceLength, out string info))
                continue;
            int first = i + 1;
            int end = first;
            while (end < lines.Length && !IsClosingFence(lines[end], fenceChar, fenceLength))
                end++;
            string language = info.Split(' ', '\t', '{')[0].ToLowerInvariant();
            if (s_csharp.Contains(language))
                blocks.Add(new CodeBlock(first + 1, lines[first..end]));
            i = end; // an unclosed fence runs to the end of the page, as CommonMark reads it
        }
        return blocks;
    }

    /// <summary>The page's lines with every fenced block's lines (fences included) blanked: its prose, on the same lines.</summary>
    public static string[] ProseLines(string markdown)
    {
        string[] lines = SplitLines(markdown);
        for (int i = 0; i < lines.Length; i++)
        {
            if (!IsFence(lines[i], out char fenceChar, out int fenceLength, out _))
                continue;
            int end = i + 1;
            while (end < lines.Length && !IsClosingFence(lines[end], fenceChar, fenceLength))
                end++;
            for (int j = i; j <= end && j < lines.Length; j++)
                lines[j] = "";
            i = end;
        }
        return lines;
    }

    /// <summary>The page's C# blocks that no source holds verbatim (an empty block counts as missing).</summary>
    public static IReadOnlyList<CodeBlock> Missing(string markdown, IEnumerable<string> sources)
    {
        string[][] normalizedSources = sources.Select(s => SplitLines(s).Select(Normalize).ToArray()).ToArray();
        return CSharpBlocks(markdown)
            .Where(block => !normalizedSources.Any(source => Holds(source, Trimmed(block.Lines))))
            .ToList();
    }

    // A using directive: `using N.S;`, `using static N.T;`, `using A = N.T;`, `global using ...;` (a trailing comment
    // allowed). Not a using declaration or statement (`using var x = ...;`, `using (...)`), which is code.
    private static readonly Regex s_usingDirective = new(
        @"^(global\s+)?using\s+(static\s+)?(@?\w+\s*=\s*)?(global::)?@?\w+(\s*\.\s*@?\w+)*\s*;\s*(//.*)?$", RegexOptions.CultureInvariant);

    /// <summary>Whether <paramref name="line"/> is a using directive (leading indentation aside).</summary>
    internal static bool IsUsingDirective(string line) => s_usingDirective.IsMatch(line.Trim());

    /// <summary>The block's lines to look for: blank lines around it and its leading using directives dropped.</summary>
    private static string[] Trimmed(IReadOnlyList<string> block)
    {
        string[] lines = block.Select(Normalize).ToArray();
        int start = 0, end = lines.Length;
        while (start < end && (lines[start].Length == 0 || IsUsingDirective(lines[start])))
            start++;
        while (end > start && lines[end - 1].Length == 0)
            end--;
        return lines[start..end];
    }

    /// <summary>Whether <paramref name="block"/> is a run of consecutive lines of <paramref name="source"/>.</summary>
    private static bool Holds(string[] source, string[] block)
    {
        if (block.Length == 0)
            return false;
        for (int start = 0; start + block.Length <= source.Length; start++)
        {
            int matched = 0;
            while (matched < block.Length && source[start + matched] == block[matched])
                matched++;
            if (matched == block.Length)
                return true;
        }
        return false;
    }

    private static string Normalize(string line) => line.Trim();

    private static string[] SplitLines(string text) => text.Replace("\r\n", "\n").Split('\n');

    private static bool IsFence(string line, out char fenceChar, out int length, out string info)
    {
        string trimmed = line.TrimStart();
        fenceChar = trimmed.Length > 0 ? trimmed[0] : '\0';
        length = 0;
        info = "";
        if (fenceChar is not ('`' or '~'))
            return false;
        while (length < trimmed.Length && trimmed[length] == fenceChar)
            length++;
        if (length < 3)
            return false;
        info = trimmed[length..].Trim();
        // A backtick fence's info string cannot hold a backtick (that line is inline code, not a fence).
        return fenceChar != '`' || !info.Contains('`');
    }

    private static bool IsClosingFence(string line, char fenceChar, int openingLength)
    {
        string trimmed = line.Trim();
        return trimmed.Length >= openingLength && trimmed.All(c => c == fenceChar);
    }
}
