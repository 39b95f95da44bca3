using System.Text;

namespace Blake2Fast.Generators.Surface;

/// <summary>Indented source text with XML doc comments, so the emitters read as the code they write.</summary>
internal sealed class CodeWriter
{
    private readonly StringBuilder _text = new();
    private int _indent;

    public CodeWriter Line(string line = "")
    {
        if (line.Length > 0)
            _text.Append(' ', _indent * 4);
        _text.Append(line).Append('\n');
        return this;
    }

    /// <summary>Doc comment lines; each is written as <c>/// line</c>.</summary>
    public CodeWriter Doc(params string[] lines)
    {
        foreach (string line in lines)
        {
            if (line.Length > 0)
                Line("/// " + line);
        }
        return this;
    }

    public CodeWriter Open(string line)
    {
        Line(line);
        Line("{");
        _indent++;
        return this;
    }

    public CodeWriter Close(string suffix = "")
    {
        _indent--;
        Line("}" + suffix);
        return this;
    }

    public override string ToString() => _text.ToString();
}
