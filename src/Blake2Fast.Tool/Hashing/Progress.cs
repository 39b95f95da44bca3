using System;
using System.Text;

namespace Blake2Fast.Tool.Hashing;

/// <summary>A one-line progress display on standard error, redrawn at most a few times a second.</summary>
internal sealed class Progress
{
    private const double MiB = 1024.0 * 1024.0;
    private readonly ToolContext _context;
    private readonly string _label;
    private readonly long _total;
    private long _lastDraw;
    private int _lastWidth;

    public Progress(ToolContext context, string name, long total)
    {
        _context = context;
        _label = context.QuoteName(name);
        _total = total;
        _lastDraw = Environment.TickCount64 - 1000;
    }

    public void Report(long done)
    {
        long now = Environment.TickCount64;
        if (now - _lastDraw < 200 && done < _total)
        {
            return;
        }

        _lastDraw = now;
        int percent = _total <= 0 ? 100 : (int)Math.Min(100, done * 100 / _total);
        string line = string.Create(
            System.Globalization.CultureInfo.InvariantCulture,
            $"{_label}: {percent,3}% ({done / MiB:F1} of {_total / MiB:F1} MiB)");
        var sb = new StringBuilder("\r").Append(line);
        if (line.Length < _lastWidth)
        {
            sb.Append(' ', _lastWidth - line.Length);
        }

        _lastWidth = line.Length;
        _context.Stdout.Flush();
        _context.Stderr.Write(sb.ToString());
        _context.Stderr.Flush();
    }

    public void Clear()
    {
        if (_lastWidth == 0)
        {
            return;
        }

        _context.Stderr.Write("\r" + new string(' ', _lastWidth) + "\r");
        _context.Stderr.Flush();
        _lastWidth = 0;
    }
}
