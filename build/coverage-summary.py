#!/usr/bin/env python3
"""Merges the Cobertura reports that `dotnet test` left under tests/*/TestResults and prints the library's line
coverage: overall, per file, and the lines no run covered. A line counts as covered if any report covered it
(the CI legs exercise different cores). The ARM64 NEON kernels (files named *Neon*, the generated NEON rounds
included) run only in the qemu leg, which collects no coverage: they are counted apart, and the gate (--min) applies
to the code x64 runs. Usage: build/coverage-summary.py [--min PERCENT] [--list-uncovered]"""
import glob, sys, xml.etree.ElementTree as ET
from collections import defaultdict

args = sys.argv[1:]
minimum = float(args[args.index("--min") + 1]) if "--min" in args else None
hits = defaultdict(dict)  # file -> line -> covered
reports = glob.glob("tests/*/TestResults/**/coverage.cobertura.xml", recursive=True)
# A test project that ran with the collector but left no report (coverlet has failed reading its own hits file,
# EndOfStreamException) would otherwise just lower the figure: name it.
for results in sorted(glob.glob("tests/*/TestResults")):
    if not any(r.startswith(results + "/") for r in reports):
        print(f"warning: {results} holds no coverage report; its project's lines are counted from the other reports only")
for report in reports:
    root = ET.parse(report).getroot()
    sources = [s.text or "" for s in root.iter("source")]
    for cls in root.iter("class"):
        name = cls.get("filename")
        for line in cls.iter("line"):
            n = int(line.get("number"))
            hits[name][n] = hits[name].get(n, False) or int(line.get("hits")) > 0
if not hits:
    sys.exit("no coverage reports found under tests/*/TestResults")
arm64 = {name for name in hits if "Neon" in name.split("/")[-1]}
total = sum(len(v) for n, v in hits.items() if n not in arm64)
covered = sum(sum(v.values()) for n, v in hits.items() if n not in arm64)
percent = 100.0 * covered / total
arm64_lines = sum(len(hits[n]) for n in arm64)
all_covered = covered + sum(sum(hits[n].values()) for n in arm64)
print(f"Line coverage of src/Blake2Fast: {percent:.2f}% ({covered} of {total} lines) of the code x64 runs; "
      f"{100.0 * all_covered / (total + arm64_lines):.2f}% with the {arm64_lines} lines of ARM64-only NEON files "
      f"({len(arm64)} files, tested by the qemu leg, which collects no coverage)")
for name in sorted(hits):
    missed = sorted(n for n, c in hits[name].items() if not c)
    if missed:
        short = name.split("src/Blake2Fast/")[-1]
        print(f"  {short}: {len(missed)} uncovered" + (f": lines {', '.join(map(str, missed))}" if "--list-uncovered" in args else ""))
if minimum is not None and percent < minimum:
    sys.exit(f"line coverage {percent:.2f}% is below the required {minimum}%")
