using System.Globalization;
using System.Text;

namespace Blake2Fast.Tool.Cli;

/// <summary>How each character of a name or argument is shown: printable, quoted or escaped.</summary>
internal static partial class Quoting
{
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
