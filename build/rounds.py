#!/usr/bin/env python3
"""Reads BenchmarkDotNet CSV reports of size-parameterised benchmarks, as one job or as a --rounds N run (one job per
round, the Job column), and prints each row as the median of its rounds: the time, and its time over the first
method's in the same round (median, lowest-highest). The medians and ratios here are the ones plot-blake3.py uses.

    python3 build/rounds.py docs/benchmarks/intel-emerald-rapids/runs/2026-11-27/*Blake2spBenchmarks-report.csv

With a single job every median is that job's figure.
"""
import csv
import sys

UNITS = {"ns": 1.0, "us": 1e3, "μs": 1e3, "µs": 1e3, "ms": 1e6, "s": 1e9}


def nanoseconds(text):
    """'1,234.5 ns' or '12.3 μs' -> nanoseconds (None for NA / empty)."""
    parts = text.replace(",", "").split()
    if not parts or parts[0] in ("NA", "-", "?"):
        return None
    value = float(parts[0])
    return value * UNITS.get(parts[1] if len(parts) > 1 else "ns", 1.0)


def read(path):
    """Rows of (method, size, piece or None, round, ns); the round is the job's name."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    out = []
    for row in rows:
        ns = nanoseconds(row.get("Mean", ""))
        if ns is None:
            continue
        name = row["Method"].strip().strip("'\"")
        piece = row.get("Piece")
        out.append((name, int(row["Size"].replace(",", "")), int(piece.replace(",", "")) if piece else None,
                    row.get("Job", ""), ns))
    return out


def median(values):
    values = sorted(values)
    n = len(values)
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


def medians(rows):
    """One row per method, size and piece: (name, size, piece, the median of the rounds' times)."""
    groups = {}
    for name, size, piece, _, ns in rows:
        groups.setdefault((name, size, piece), []).append(ns)
    return [(name, size, piece, median(times)) for (name, size, piece), times in groups.items()]


def ratio(rows, name, other, size, piece, other_size=None):
    """The median over the rounds of name's time over other's in the same round (other_size: other's size instead,
    per byte), with the lowest and highest round; None where no round has both."""
    other_size = size if other_size is None else other_size
    times = {(n, s, p, r): ns for n, s, p, r, ns in rows}
    ratios = []
    for r in sorted({r for *_, r, _ in rows}):
        a, b = times.get((name, size, piece, r)), times.get((other, other_size, piece, r))
        if a is not None and b is not None:
            ratios.append(a / size / (b / other_size))
    return (median(ratios), min(ratios), max(ratios)) if ratios else None


def size_label(n):
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale and n % scale == 0:
            return f"{n // scale} {unit}"
    return f"{n} B"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for path in sys.argv[1:]:
        rows = read(path)
        first = rows[0][0]
        print(f"{path}: each time the median of {len({r for *_, r, _ in rows})} round(s); ratio = time over {first}'s")
        for name, size, piece, ns in sorted(medians(rows), key=lambda r: (r[1], r[2] or 0)):
            m, lo, hi = ratio(rows, name, first, size, piece)
            where = size_label(size) + (f" in pieces of {size_label(piece)}" if piece else "")
            print(f"  {where}: {name} {ns:,.0f} ns, {m:.2f} ({lo:.2f}-{hi:.2f})")


if __name__ == "__main__":
    main()
