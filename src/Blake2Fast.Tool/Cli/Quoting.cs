using System;
using System.Text;

namespace Blake2Fast.Tool.Cli;

/// <summary>
/// How file names and arguments are shown in messages and output lines, following the conventions GNU coreutils
/// users see from <c>b2sum</c>: shell-style quoting of names in diagnostics, ‘curly’ quotes around arguments in a
/// UTF-8 locale, and the leading-backslash escaping of names in checksum lines.
/// </summary>
internal static partial class Quoting
{
    /// <summary>
    /// True when the C library would run in a UTF-8 locale: the first non-empty of LC_ALL, LC_CTYPE and LANG names a
    /// UTF-8 code set. Decides between ‘curly’ and 'straight' quotes and whether non-ASCII text is printable.
    /// </summary>
    public static bool IsUtf8Locale()
    {
        string? locale = null;
        foreach (string variable in new[] { "LC_ALL", "LC_CTYPE", "LANG" })
        {
            string? value = Environment.GetEnvironmentVariable(variable);
            if (!string.IsNullOrEmpty(value))
            {
                locale = value;
                break;
            }
        }

        if (locale is null)
        {
            return false;
        }

        return locale.IndexOf("UTF-8", StringComparison.OrdinalIgnoreCase) >= 0
            || locale.IndexOf("UTF8", StringComparison.OrdinalIgnoreCase) >= 0;
    }

    /// <summary>
    /// Quotes an argument for a message such as <c>invalid length: ‘7’</c>: curly quotes in a UTF-8 locale, straight
    /// ones otherwise, with C-style escapes for characters that cannot be shown.
    /// </summary>
    public static string Argument(string value, bool utf8)
    {
        var sb = new StringBuilder(value.Length + 2);
        sb.Append(utf8 ? '\u2018' : '\'');
        for (int i = 0; i < value.Length; i++)
        {
            char c = value[i];
            if (c == '\\')
            {
                sb.Append("\\\\");
            }
            else if (c == '\'' && !utf8)
            {
                sb.Append("\\'");
            }
            else if (c < 0x80)
            {
                if (c < 0x20 || c == 0x7f)
                {
                    AppendCEscape(sb, c);
                }
                else
                {
                    sb.Append(c);
                }
            }
            else
            {
                int length = char.IsSurrogatePair(value, i) ? 2 : 1;
                string text = value.Substring(i, length);
                if (utf8 && IsPrintable(value, i))
                {
                    sb.Append(text);
                }
                else
                {
                    AppendOctalBytes(sb, text);
                }

                i += length - 1;
            }
        }

        sb.Append(utf8 ? '\u2019' : '\'');
        return sb.ToString();
    }

    /// <summary>
    /// Quotes a file name for a diagnostic the way a POSIX shell would need it, so that the name can be pasted back
    /// into a command line: plain when nothing needs protecting, otherwise in single quotes (or double quotes for
    /// names with an apostrophe and nothing else special), with <c>$'\n'</c>-style escapes for unprintable characters.
    /// </summary>
    public static string FileName(string name, bool utf8)
    {
        if (name.Length == 0)
        {
            return "''";
        }

        // Split into units: one char, a surrogate pair, and note per unit whether it prints as is.
        bool needsQuotes = false;
        bool hasApostrophe = false;
        bool doubleQuoteSafe = true;
        bool lastNeedsEscape = false;
        for (int i = 0; i < name.Length; i++)
        {
            char c = name[i];
            int length = c >= 0x80 && char.IsSurrogatePair(name, i) ? 2 : 1;
            UnitKind kind = Classify(name, i, utf8);
            lastNeedsEscape = kind == UnitKind.Escape;
            switch (kind)
            {
                case UnitKind.Plain:
                    break;
                case UnitKind.PlainUnsafeInDoubleQuotes:
                    doubleQuoteSafe = false;
                    break;
                case UnitKind.NeedsQuotes:
                    needsQuotes = true;
                    break;
                case UnitKind.NeedsQuotesUnsafeInDoubleQuotes:
                    needsQuotes = true;
                    doubleQuoteSafe = false;
                    break;
                case UnitKind.Apostrophe:
                    needsQuotes = true;
                    hasApostrophe = true;
                    break;
                case UnitKind.Escape:
                    needsQuotes = true;
                    doubleQuoteSafe = false;
                    break;
            }

            i += length - 1;
        }

        if (!needsQuotes)
        {
            return name;
        }

        if (hasApostrophe && doubleQuoteSafe)
        {
            return "\"" + name + "\"";
        }

        // Single-quoted form. coreutils produces names with an apostrophe in a second pass that starts in the
        // state the first pass ended in; reproduce that so the bytes match.
        bool inEscape = hasApostrophe && lastNeedsEscape;
        var sb = new StringBuilder(name.Length + 8);
        sb.Append('\'');
        for (int i = 0; i < name.Length; i++)
        {
            char c = name[i];
            int length = c >= 0x80 && char.IsSurrogatePair(name, i) ? 2 : 1;
            UnitKind kind = Classify(name, i, utf8);
            if (kind == UnitKind.Escape)
            {
                if (!inEscape)
                {
                    sb.Append("'$'");
                    inEscape = true;
                }

                if (c < 0x80)
                {
                    AppendCEscape(sb, c);
                }
                else
                {
                    AppendOctalBytes(sb, name.Substring(i, length));
                }
            }
            else if (kind == UnitKind.Apostrophe)
            {
                sb.Append("'\\''");
                inEscape = false;
            }
            else
            {
                if (inEscape)
                {
                    sb.Append("''");
                    inEscape = false;
                }

                sb.Append(name, i, length);
            }

            i += length - 1;
        }

        sb.Append('\'');
        return sb.ToString();
    }
}
