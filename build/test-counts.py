#!/usr/bin/env python3
"""Counts the tests of a trx run per algorithm (issue 22, point 4: the count before and after the test drivers).
A test belongs to an algorithm when its arguments name exactly one (blake2b, blake2bp, ..., blake3), else when its
class and method name name exactly one; the rest count as "shared" (they cover several algorithms or none).
Usage: dotnet test tests/Blake2Fast.Tests -c Release --no-build --logger "trx;LogFileName=$PWD/run.trx"
       build/test-counts.py run.trx [other.trx]   (two files: before and after, side by side)"""
import re, sys, collections, xml.etree.ElementTree as ET

ALGORITHM = re.compile(r"blake2bp|blake2sp|blake2xb|blake2xs|blake224|blake256|blake3|blake2b|blake2s", re.I)

def algorithm(name):
    name = re.sub(r"^Blake2Fast\.Tests\.(Blake256Family\.|Blake3Suite\.|[A-Za-z]+\.)?", "", name)
    head, _, args = name.partition("(")
    for text in (args, head):
        found = {m.lower() for m in ALGORITHM.findall(text)}
        if len(found) == 1:
            return found.pop()
        if len(found) > 1:
            return "shared"
    return "shared"

def counts(path):
    root = ET.parse(path).getroot()
    ns = root.tag.split("}")[0] + "}"
    result = collections.Counter()
    for r in root.iter(ns + "UnitTestResult"):
        result[(algorithm(r.get("testName")), r.get("outcome"))] += 1
    return result

runs = [counts(p) for p in sys.argv[1:]]
names = sorted({a for run in runs for a, _ in run})
print("algorithm".ljust(10) + "".join(f"{p[-24:]:>26}" for p in sys.argv[1:]))
for a in names + ["total"]:
    cells = []
    for run in runs:
        rows = [(k, v) for k, v in run.items() if a == "total" or k[0] == a]
        total = sum(v for _, v in rows)
        skipped = sum(v for k, v in rows if k[1] == "NotExecuted")
        cells.append(f"{total}" + (f" ({skipped} skipped)" if skipped else ""))
    print(a.ljust(10) + "".join(f"{c:>26}" for c in cells))
