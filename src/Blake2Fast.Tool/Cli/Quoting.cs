using System;
using System.Globalization;
using System.Text;

namespace Blake2Fast.Tool.Cli;

/// <summary>
/// How file names and arguments are shown in messages and output lines, following the conventions GNU coreutils
/// users see from <c>b2sum</c>: shell-style quoting of names in diagnostics, ‘curly’ quotes around arguments in a
/// UTF-8 locale, and the leading-backslash escaping of names in checksum lines.
/// </summary>
internal static class Quoting
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

    /// <summary>
    /// The name as written in a checksum line when computing: names holding a backslash, newline or carriage return
    /// are escaped (<c>\\</c>, <c>\n</c>, <c>\r</c>) and the line then starts with a backslash.
    /// </summary>
    public static bool NeedsChecksumLineEscape(string name) =>
        name.IndexOf('\\') >= 0 || name.IndexOf('\n') >= 0 || name.IndexOf('\r') >= 0;

    /// <summary>
    /// The name as shown in a check result line (<c>name: OK</c>): only a name holding a newline is escaped.
    /// </summary>
    public static bool NeedsCheckResultEscape(string name) => name.IndexOf('\n') >= 0;

    /// <summary>Escapes backslash, newline and carriage return.</summary>
    public static string EscapeName(string name)
    {
        var sb = new StringBuilder(name.Length + 4);
        foreach (char c in name)
        {
            switch (c)
            {
                case '\\':
                    sb.Append("\\\\");
                    break;
                case '\n':
                    sb.Append("\\n");
                    break;
                case '\r':
                    sb.Append("\\r");
                    break;
                default:
                    sb.Append(c);
                    break;
            }
        }

        return sb.ToString();
    }

    /// <summary>Reverses <see cref="EscapeName"/>; false for any other escape or a trailing lone backslash.</summary>
    public static bool TryUnescapeName(string escaped, out string name)
    {
        var sb = new StringBuilder(escaped.Length);
        for (int i = 0; i < escaped.Length; i++)
        {
            char c = escaped[i];
            if (c != '\\')
            {
                sb.Append(c);
                continue;
            }

            if (i + 1 >= escaped.Length)
            {
                name = string.Empty;
                return false;
            }

            char next = escaped[++i];
            switch (next)
            {
                case '\\':
                    sb.Append('\\');
                    break;
                case 'n':
                    sb.Append('\n');
                    break;
                case 'r':
                    sb.Append('\r');
                    break;
                default:
                    name = string.Empty;
                    return false;
            }
        }

        name = sb.ToString();
        return true;
    }

    private enum UnitKind
    {
        /// <summary>Needs no quoting and is fine inside double quotes.</summary>
        Plain,

        /// <summary>Needs no quoting by itself but would be special inside double quotes.</summary>
        PlainUnsafeInDoubleQuotes,

        /// <summary>Forces quoting; fine inside double quotes.</summary>
        NeedsQuotes,

        /// <summary>Forces quoting and is special inside double quotes.</summary>
        NeedsQuotesUnsafeInDoubleQuotes,

        /// <summary>A single quote.</summary>
        Apostrophe,

        /// <summary>Cannot be shown; written as an escape inside <c>$'...'</c>.</summary>
        Escape,
    }

    private static UnitKind Classify(string name, int index, bool utf8)
    {
        char c = name[index];
        if (c >= 0x80)
        {
            return utf8 && IsPrintable(name, index) ? UnitKind.Plain : UnitKind.Escape;
        }

        if (c < 0x20 || c == 0x7f)
        {
            return UnitKind.Escape;
        }

        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        {
            return UnitKind.Plain;
        }

        switch (c)
        {
            case '%':
            case '+':
            case ',':
            case '-':
            case '.':
            case '/':
            case ']':
            case '_':
            case '@':
                return UnitKind.Plain;

            // Special to the shell anywhere; also special (or not trusted) inside double quotes.
            case '!':
            case '"':
            case '$':
            case '&':
            case '(':
            case ')':
            case '*':
            case ';':
            case '<':
            case '=':
            case '>':
            case '?':
            case '[':
            case '\\':
            case '^':
            case '`':
            case '|':
                return UnitKind.NeedsQuotesUnsafeInDoubleQuotes;

            case ' ':
            case ':': // quoted so that "name: message" stays unambiguous
                return UnitKind.NeedsQuotes;

            case '\'':
                return UnitKind.Apostrophe;

            case '#':
            case '~':
                return index == 0 ? UnitKind.NeedsQuotes : UnitKind.PlainUnsafeInDoubleQuotes;

            case '{':
            case '}':
                return name.Length == 1 ? UnitKind.NeedsQuotesUnsafeInDoubleQuotes : UnitKind.PlainUnsafeInDoubleQuotes;

            default:
                return UnitKind.Plain;
        }
    }

    private static bool IsPrintable(string text, int index)
    {
        UnicodeCategory category = CharUnicodeInfo.GetUnicodeCategory(text, index);
        return category switch
        {
            UnicodeCategory.Control => false,
            UnicodeCategory.OtherNotAssigned => false,
            UnicodeCategory.Surrogate => false,
            _ => true,
        };
    }

    private static void AppendCEscape(StringBuilder sb, char c)
    {
        switch (c)
        {
            case '\a':
                sb.Append("\\a");
                break;
            case '\b':
                sb.Append("\\b");
                break;
            case '\f':
                sb.Append("\\f");
                break;
            case '\n':
                sb.Append("\\n");
                break;
            case '\r':
                sb.Append("\\r");
                break;
            case '\t':
                sb.Append("\\t");
                break;
            case '\v':
                sb.Append("\\v");
                break;
            default:
                AppendOctal(sb, (byte)c);
                break;
        }
    }

    private static void AppendOctalBytes(StringBuilder sb, string text)
    {
        foreach (byte b in Encoding.UTF8.GetBytes(text))
        {
            AppendOctal(sb, b);
        }
    }

    private static void AppendOctal(StringBuilder sb, byte b)
    {
        sb.Append('\\');
        sb.Append((char)('0' + (b >> 6)));
        sb.Append((char)('0' + ((b >> 3) & 7)));
        sb.Append((char)('0' + (b & 7)));
    }
}
