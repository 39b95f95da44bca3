#!/usr/bin/env python3
"""Draws the BLAKE3 chart of a benchmark page (docs/benchmarks/<cpu>.md) from a BenchmarkDotNet run of
Blake3SweepBenchmarks (and, if present, Blake3StreamingBenchmarks): MB/s against input size for each implementation,
as an SVG with no dependency beyond the standard library. Also prints the Markdown tables (time, MB/s and each
peer's time over ours) for that page.

    python3 build/plot-blake3.py BenchmarkDotNet.Artifacts/results docs/benchmarks/<cpu>/blake3-sweep.svg --note "CPU line, load"

The first argument is the results folder (it reads *Blake3SweepBenchmarks-report.csv and
*Blake3StreamingBenchmarks-report.csv there) or one CSV file. From a run with --rounds N (one job per round), each
time is the median of the rounds' and each ratio the median of the rounds' ratios (both sides from the same round).
"""
import glob
import math
import os
import sys
from xml.sax.saxutils import escape

from rounds import medians, ratio, read, size_label

COLORS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e"]


def series_of(rows):
    names = []
    for name, *_ in rows:
        if name not in names:
            names.append(name)
    return names


def svg(rows, note):
    names = series_of(rows)
    width, height, left, right, top, bottom = 820, 460, 70, 20, 56, 90
    sizes = sorted({size for _, size, _, _ in rows})
    lo, hi = math.log2(sizes[0]), math.log2(sizes[-1])
    top_rate = max(size * 1e3 / ns for _, size, _, ns in rows)
    step = 2000 if top_rate > 6000 else 1000
    y_max = step * math.ceil(top_rate / step)

    def x(size):
        return left + (math.log2(size) - lo) / (hi - lo) * (width - left - right)

    def y(rate):
        return height - bottom - rate / y_max * (height - top - bottom)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           'font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="15">BLAKE3 one-shot, 32-byte digest: MB/s by input size</text>',
           f'<text x="{width / 2}" y="38" text-anchor="middle" fill="#555">{escape(note)}</text>']
    for rate in range(0, y_max + 1, step):
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(rate):.1f}" y2="{y(rate):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y(rate) + 4:.1f}" text-anchor="end">{rate:,}</text>')
    for size in sizes:
        if size & (size - 1) == 0 and (size <= 1024 or int(math.log2(size)) % 2 == 0):
            out.append(f'<line x1="{x(size):.1f}" x2="{x(size):.1f}" y1="{top}" y2="{height - bottom}" stroke="#eee"/>')
            out.append(f'<text x="{x(size):.1f}" y="{height - bottom + 16}" text-anchor="middle">{size_label(size)}</text>')
    out.append(f'<text x="16" y="{(top + height - bottom) / 2}" transform="rotate(-90 16 {(top + height - bottom) / 2})" text-anchor="middle">MB/s (10^6 bytes per second)</text>')
    out.append(f'<text x="{(left + width - right) / 2}" y="{height - bottom + 36}" text-anchor="middle">input size (log scale)</text>')
    for i, name in enumerate(names):
        color = COLORS[i % len(COLORS)]
        points = sorted((size, size * 1e3 / ns) for n, size, _, ns in rows if n == name)
        path = " ".join(f"{x(s):.1f},{y(r):.1f}" for s, r in points)
        out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
        for s, r in points:
            out.append(f'<circle cx="{x(s):.1f}" cy="{y(r):.1f}" r="3" fill="{color}"><title>{escape(name)} {size_label(s)}: {r:,.0f} MB/s</title></circle>')
        lx = left + 10 + i * ((width - left - right) // max(len(names), 1))
        ly = height - 24
        out.append(f'<line x1="{lx}" x2="{lx + 24}" y1="{ly - 4}" y2="{ly - 4}" stroke="{color}" stroke-width="3"/>')
        out.append(f'<text x="{lx + 30}" y="{ly}">{escape(name)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def table(rounds, key_title, key_of):
    rows = medians(rounds)
    names = series_of(rows)
    ours = names[0]
    keys = sorted({key_of(r) for r in rows})
    lines = [f"| {key_title} | " + " | ".join(names) + " |", "| --- |" + " ---: |" * len(names)]
    for key in keys:
        cells = {r[0]: r for r in rows if key_of(r) == key}
        base = cells.get(ours)
        row = [size_label(key)]
        for name in names:
            r = cells.get(name)
            if r is None:
                row.append("-")
                continue
            _, size, piece, ns = r
            text = f"{ns:,.0f} ns" if size <= 8192 else f"{size * 1e3 / ns:,.0f} MB/s"
            if name != ours and base is not None:
                text += f" ({ratio(rounds, name, ours, size, piece)[0]:.2f})"
            row.append(f"**{text}**" if name == ours else text)
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def steps(rounds):
    """Ours: each size's time per byte over the next smaller size's (median of the rounds), from 1 KiB up to 4 MiB,
    the issue's no-cliff range inside the caches; above 1.10 is a cliff."""
    ours = series_of(rounds)[0]
    sizes = sorted({size for name, size, *_ in rounds if name == ours and 1024 <= size <= 4 << 20})
    cells = []
    for smaller, size in zip(sizes, sizes[1:]):
        m, lo, hi = ratio(rounds, ours, ours, size, None, smaller)
        cells.append(f"{size_label(size)} {m:.2f} ({lo:.2f}-{hi:.2f})")
    return "time per byte over the next smaller size (Blake2Fast): " + ", ".join(cells)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    source, target = sys.argv[1], sys.argv[2]
    note = sys.argv[sys.argv.index("--note") + 1] if "--note" in sys.argv else ""
    if os.path.isdir(source):
        sweep = glob.glob(os.path.join(source, "*Blake3SweepBenchmarks-report.csv"))
        streaming = glob.glob(os.path.join(source, "*Blake3StreamingBenchmarks-report.csv"))
        if not sweep:
            sys.exit("no *Blake3SweepBenchmarks-report.csv in " + source)
        sweep_rows, stream_rows = read(sweep[0]), read(streaming[0]) if streaming else []
    else:
        sweep_rows, stream_rows = read(source), []
    with open(target, "w", encoding="utf-8") as f:
        f.write(svg(medians(sweep_rows), note))
    print(table(sweep_rows, "one-shot", lambda r: r[1]))
    print()
    print(steps(sweep_rows))
    if stream_rows:
        print()
        print(table(stream_rows, "16 MiB in pieces of", lambda r: r[2]))


if __name__ == "__main__":
    main()
