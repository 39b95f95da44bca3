// Over 300 lines as one parser: both line forms share its cursor, blank and hex rules and its one-form-per-file state.
using System;
using Blake2Fast.Tool.Cli;
using Blake2Fast.Tool.Hashing;

namespace Blake2Fast.Tool.Checking;

/// <summary>
/// Parses the lines of a checksum file, accepting what GNU b2sum accepts:
/// <list type="bullet">
/// <item><c>HEX  NAME</c> (or <c>HEX *NAME</c> for binary mode), the digest length being the hex length;</item>
/// <item><c>HEX NAME</c> with a single blank (the BSD "reversed" form), unless the file already used the form above;</item>
/// <item><c>TAG (NAME) = HEX</c> and <c>TAG-BITS (NAME) = HEX</c>, where TAG names the algorithm as <c>--tag</c>
/// writes it (<c>BLAKE2b</c>, <c>BLAKE3</c>, <c>BLAKE256</c>, ...): like GNU <c>cksum -c</c>, each such line is checked
/// with the algorithm it names, whatever <c>-a</c> says (a tag the tool does not know makes the line improperly
/// formatted);</item>
/// <item>a leading backslash meaning the name is escaped (<c>\\</c>, <c>\n</c>, <c>\r</c>).</item>
/// </list>
/// Untagged lines use the algorithm of <c>-a</c>. Empty lines and lines starting with '#' are skipped; anything else
/// is improperly formatted.
/// One parser is used per checksum file, since the first untagged line fixes which untagged form the file uses.
/// </summary>
internal sealed class CheckLineParser
{
    private readonly DigestAlgorithm _untagged;
    private readonly Func<DigestAlgorithm, DigestAlgorithm?> _mode;

    // Untagged form seen so far in this file: null (none yet), false ("HEX  NAME"), true ("HEX NAME").
    private bool? _singleBlankForm;

    /// <summary>
    /// A parser for one checksum file: <paramref name="untagged"/> checks untagged lines; <paramref name="mode"/> turns
    /// the plain algorithm a tag names into the one to check with (keyed, deriving a key), or null when it has no such
    /// mode, which makes the line improperly formatted.
    /// </summary>
    public CheckLineParser(DigestAlgorithm untagged, Func<DigestAlgorithm, DigestAlgorithm?> mode)
    {
        _untagged = untagged;
        _mode = mode;
    }

    public enum Result
    {
        Entry,
        Skip,
        Invalid,
    }

    /// <summary>A file to check: its name, the expected digest in hex, the digest length in bytes, and the algorithm.</summary>
    public readonly record struct Entry(string Name, string Hex, int DigestBytes, DigestAlgorithm Algorithm);

    public Result Parse(string line, out Entry entry)
    {
        entry = default;
        if (line.Length > 0 && line[line.Length - 1] == '\r')
        {
            line = line.Substring(0, line.Length - 1);
        }

        if (line.Length == 0 || line[0] == '#')
        {
            return Result.Skip;
        }

        int i = 0;
        while (i < line.Length && IsBlank(line[i]))
        {
            i++;
        }

        bool escaped = false;
        if (i < line.Length && line[i] == '\\')
        {
            escaped = true;
            i++;
        }

        string name;
        string hex;
        DigestAlgorithm algorithm;
        string tag = LeadingWord(line, i);
        DigestAlgorithm? tagged = DigestAlgorithm.FromTag(tag);
        if (tagged is null && string.CompareOrdinal(line, i, DigestAlgorithm.Blake2b.TagName, 0, DigestAlgorithm.Blake2b.TagName.Length) == 0)
        {
            // b2sum reads "BLAKE2b" and takes whatever character follows as the separator ("BLAKE2bx (f) = ..." is
            // one of its lines); a tag this tool knows ("BLAKE2bp") is matched whole first.
            tagged = DigestAlgorithm.Blake2b;
            tag = tagged.TagName;
        }

        if (tagged is not null)
        {
            DigestAlgorithm? inMode = _mode(tagged);
            if (inMode is null || !TryParseTagged(line, i + tag.Length, inMode, out name, out hex))
            {
                return Result.Invalid;
            }

            algorithm = inMode;
        }
        else if (TryParseUntagged(line, i, out name, out hex))
        {
            algorithm = _untagged;
        }
        else
        {
            // An unknown tag lands here too: it is no hex digest, or its line no "HEX NAME" line.
            return Result.Invalid;
        }

        if (escaped && !Quoting.TryUnescapeName(name, out name))
        {
            return Result.Invalid;
        }

        entry = new Entry(name, hex, hex.Length / 2, algorithm);
        return Result.Entry;
    }

    /// <summary>
    /// The run of ASCII letters and digits at <paramref name="start"/>: a tag is compared whole, so that
    /// <c>BLAKE2bp</c> is not read as <c>BLAKE2b</c> followed by garbage.
    /// </summary>
    private static string LeadingWord(string line, int start)
    {
        int end = start;
        while (end < line.Length && line[end] < 128 && char.IsLetterOrDigit(line[end]))
        {
            end++;
        }

        return line.Substring(start, end - start);
    }

    /// <summary>Parses what follows the algorithm name: <c>[-BITS] (NAME) = HEX</c>, with b2sum's separators.</summary>
    private static bool TryParseTagged(string line, int i, DigestAlgorithm algorithm, out string name, out string hex)
    {
        name = hex = string.Empty;
        int bits = algorithm.DefaultDigestBytes * 8;
        if (i < line.Length && line[i] == '-')
        {
            if (!TryParseBits(line, ref i, out ulong value)
                || value == 0 || value % 8 != 0 || value > (ulong)algorithm.MaxDigestBits
                || (algorithm.FixedLength && value != (ulong)algorithm.MaxDigestBits))
            {
                return false;
            }

            bits = (int)value;
        }
        else if (i < line.Length && line[i] != '(')
        {
            // As in coreutils: one character of any kind separates the tag from the name, then one space may follow.
            i++;
        }

        if (i < line.Length && line[i] == ' ')
        {
            i++;
        }

        if (i >= line.Length || line[i] != '(')
        {
            return false;
        }

        int nameStart = i + 1;

        // The name ends at the last ')': names may hold ") = " themselves, the hex never does.
        int close = line.LastIndexOf(')');
        if (close < nameStart)
        {
            return false;
        }

        int j = close + 1;
        while (j < line.Length && IsBlank(line[j]))
        {
            j++;
        }

        if (j >= line.Length || line[j] != '=')
        {
            return false;
        }

        j++;
        while (j < line.Length && IsBlank(line[j]))
        {
            j++;
        }

        int hexLength = line.Length - j;
        if (hexLength != bits / 4 || !IsHexRun(line, j, hexLength))
        {
            return false;
        }

        name = line.Substring(nameStart, close - nameStart);
        hex = line.Substring(j);
        return true;
    }

    /// <summary>
    /// Parses the number after <c>BLAKE2b-</c> the way coreutils reads it (strtoumax with base 0): blanks, an optional '+', then
    /// decimal, octal (leading 0) or hex (leading 0x).
    /// </summary>
    private static bool TryParseBits(string line, ref int i, out ulong value)
    {
        value = 0;
        i++; // the '-'
        while (i < line.Length && CommandLine.IsCSpace(line[i]))
        {
            i++;
        }

        // A plus sign is allowed; a minus sign is refused (not wrapped around as strtoumax alone would).
        if (i < line.Length && line[i] == '-')
        {
            return false;
        }

        if (i < line.Length && line[i] == '+')
        {
            i++;
        }

        int numberBase = 10;
        if (i < line.Length && line[i] == '0')
        {
            if (i + 2 < line.Length && (line[i + 1] == 'x' || line[i + 1] == 'X') && DigitValue(line[i + 2], 16) >= 0)
            {
                numberBase = 16;
                i += 2;
            }
            else
            {
                numberBase = 8;
            }
        }

        int start = i;
        bool overflow = false;
        for (; i < line.Length; i++)
        {
            int digit = DigitValue(line[i], numberBase);
            if (digit < 0)
            {
                break;
            }

            if (value > (ulong.MaxValue - (ulong)digit) / (ulong)numberBase)
            {
                overflow = true;
            }
            else
            {
                value = (value * (ulong)numberBase) + (ulong)digit;
            }
        }

        if (i == start || overflow)
        {
            return false;
        }

        return true;
    }

    private static int DigitValue(char c, int numberBase)
    {
        int digit = c switch
        {
            >= '0' and <= '9' => c - '0',
            >= 'a' and <= 'f' => c - 'a' + 10,
            >= 'A' and <= 'F' => c - 'A' + 10,
            _ => -1,
        };
        return digit < numberBase ? digit : -1;
    }

    /// <summary>Parses <c>HEX</c>, one blank, an optional mode character (' ' or '*'), and the name.</summary>
    private bool TryParseUntagged(string line, int i, out string name, out string hex)
    {
        name = hex = string.Empty;
        int hexStart = i;
        while (i < line.Length && HexDigit(line[i]))
        {
            i++;
        }

        int hexLength = i - hexStart;
        if (hexLength < 2 || hexLength % 2 != 0 || hexLength / 2 > _untagged.MaxDigestBits / 8
            || (_untagged.FixedLength && hexLength != _untagged.DefaultDigestBytes * 2))
        {
            return false;
        }

        if (i >= line.Length || !IsBlank(line[i]))
        {
            return false;
        }

        i++;
        int remaining = line.Length - i;
        bool hasModeCharacter = remaining > 1 && (line[i] == ' ' || line[i] == '*');
        if (!hasModeCharacter)
        {
            // "HEX NAME": allowed unless this file already used "HEX  NAME".
            if (_singleBlankForm == false)
            {
                return false;
            }

            _singleBlankForm = true;
        }
        else if (_singleBlankForm != true)
        {
            _singleBlankForm = false;
            i++;
        }

        hex = line.Substring(hexStart, hexLength);
        name = line.Substring(i);
        return true;
    }

    private static bool IsHexRun(string text, int start, int length)
    {
        for (int k = start; k < start + length; k++)
        {
            if (!HexDigit(text[k]))
            {
                return false;
            }
        }

        return true;
    }

    private static bool HexDigit(char c) => (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');

    private static bool IsBlank(char c) => c == ' ' || c == '\t';
}
