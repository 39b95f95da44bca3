using System.Text;

namespace Blake2Fast.Tool.Cli;

/// <summary>The backslash escaping of names in checksum lines and check results, as b2sum writes and reads it.</summary>
internal static partial class Quoting
{
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
}
