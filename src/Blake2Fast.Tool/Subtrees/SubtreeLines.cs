using System;
using System.Globalization;
using System.Text;
using Blake2Fast.Tool.Cli;

namespace Blake2Fast.Tool.Subtrees;

/// <summary>
/// The subtree line of <c>--subtree</c> and <c>--merge</c>: <c>HEX  OFFSET+LENGTH/SIZE  MODE  NAME</c>, the piece's
/// chaining value, its range, the file's size, the mode check and the name (escaped as in b2sum's lines, with a
/// leading backslash, when it holds a backslash or a line break).
/// </summary>
internal static class SubtreeLines
{
    private const int CvHexLength = 2 * Blake3Subtrees.ChainingValueLength;

    /// <summary>The line for the piece <paramref name="offset"/>+<paramref name="length"/> of a file of <paramref name="size"/> bytes.</summary>
    public static string Format(ReadOnlySpan<byte> cv, long offset, long length, long size, Blake3Mode mode, string name)
    {
        var line = new StringBuilder(CvHexLength + 64 + name.Length);
        B2fSum.AppendHex(line, cv);
        line.Append("  ").Append(Blake3Pieces.Range(offset, length)).Append('/').Append(size.ToString(CultureInfo.InvariantCulture))
            .Append("  ").Append(ModeCheck(mode)).Append("  ");
        AppendName(line, name);
        return line.ToString();
    }

    /// <summary>
    /// Reads <c>HEX  OFFSET+LENGTH/SIZE  MODE  NAME</c> (a leading backslash: the name is escaped); what is wrong with its form,
    /// or null (whether the range is a subtree of the file is checked after the name and size agree with the other lines).
    /// </summary>
    public static string? Parse(string line, out SubtreePiece piece, out string mode, out string name, out long size)
    {
        piece = default;
        mode = string.Empty;
        name = string.Empty;
        size = -1;
        bool escaped = line[0] == '\\';
        int start = escaped ? 1 : 0;
        int gap = line.IndexOf("  ", start, StringComparison.Ordinal);
        int gap2 = gap < 0 ? -1 : line.IndexOf("  ", gap + 2, StringComparison.Ordinal);
        int gap3 = gap2 < 0 ? -1 : line.IndexOf("  ", gap2 + 2, StringComparison.Ordinal);
        if (gap3 < 0 || gap3 - gap2 - 2 != ModeCheckLength * 2)
        {
            return "improperly formatted subtree line (expected HEX  OFFSET+LENGTH/SIZE  MODE  NAME)";
        }

        mode = line.Substring(gap2 + 2, gap3 - gap2 - 2);
        string hex = line.Substring(start, gap - start);
        string[] range = line.Substring(gap + 2, gap2 - gap - 2).Split('+', '/');
        name = line.Substring(gap3 + 2);
        if (range.Length != 3 || !TryParseCount(range[0], out long offset) || !TryParseCount(range[1], out long length) || !TryParseCount(range[2], out size))
        {
            return "improperly formatted range " + line.Substring(gap + 2, gap2 - gap - 2) + " (expected OFFSET+LENGTH/SIZE)";
        }

        if (escaped && !Quoting.TryUnescapeName(name, out name))
        {
            return "improperly escaped file name";
        }

        foreach (char c in hex)
        {
            if (!char.IsAsciiHexDigit(c))
            {
                return "the chaining value " + hex + " is not hexadecimal";
            }
        }

        if (hex.Length != CvHexLength)
        {
            return "the chaining value has " + hex.Length + " hex digits; a BLAKE3 chaining value has " + CvHexLength + " (32 bytes)";
        }

        piece = new SubtreePiece(offset, length, Convert.FromHexString(hex));
        return null;
    }

    /// <summary>Bytes of <see cref="ModeCheck"/>.</summary>
    private const int ModeCheckLength = 4;

    /// <summary>
    /// What a subtree line says of the mode its piece was hashed in, so that a merge in another mode (or with another
    /// key or context) is refused rather than giving a wrong hash: the first 4 bytes of the mode's hash of a fixed
    /// text, in hex. Like a key check value, it tells keys apart without telling anything usable about them.
    /// </summary>
    public static string ModeCheck(Blake3Mode mode)
    {
        Blake3HashState state = Blake3.CreateIncrementalHasher(ModeCheckLength, mode);
        state.Update("b2fsum subtree mode check"u8);
        return Convert.ToHexString(state.Finish()).ToLowerInvariant();
    }

    /// <summary>A decimal count of bytes, digits only.</summary>
    public static bool TryParseCount(string text, out long value)
    {
        value = 0;
        if (text.Length == 0 || text.Length > 18)
        {
            return false;
        }

        foreach (char c in text)
        {
            if (c < '0' || c > '9')
            {
                return false;
            }
        }

        value = long.Parse(text, NumberStyles.None, CultureInfo.InvariantCulture);
        return true;
    }

    private static void AppendName(StringBuilder line, string name)
    {
        if (Quoting.NeedsChecksumLineEscape(name))
        {
            line.Insert(0, '\\').Append(Quoting.EscapeName(name)).Append('\n');
            return;
        }

        line.Append(name).Append('\n');
    }
}
