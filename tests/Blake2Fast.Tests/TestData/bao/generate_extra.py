#!/usr/bin/env python3
"""Writes bao-extra-vectors.json: more Bao cases than test_vectors.json holds (lengths past 13 KiB: level and 1 MiB
boundaries), made by the reference bao.py (Bao's repository, commit 3466bb3), offline:

    python3 tests/Blake2Fast.Tests/TestData/bao/generate_extra.py [path/to/bao.py's folder]

The folder defaults to ../shared/vectors/bao beside the repository. Inputs are
generate_input.py's (a 4-byte little-endian counter from 1). Each case: the length, the root hash, the BLAKE3 hash (as
bao.py computes it: bao_hash) and length of the combined and outboard encodings, and slices with the hash and length
of each.
"""
import io
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", "..", "..", ".."))
folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "..", "shared", "vectors", "bao")
if not os.path.exists(os.path.join(folder, "bao.py")):
    sys.exit(f"bao.py is not in {folder}: pass the folder that holds Bao's bao.py and generate_input.py")
sys.path.insert(0, folder)
import bao  # noqa: E402
import generate_input  # noqa: E402


def blake3(data):
    return bao.bao_hash(io.BytesIO(data)).hex()


LENGTHS = [4095, 4097, 16384, 16385, 65535, 65536, 65537, 100_000, 1 << 20, (1 << 20) + 1, (2 << 20) + 1025]
SLICES = [(0, 0), (1, 1), (1023, 2), (5000, 10_000), (65_536, 65_536), (99_999, 1), (1 << 20, 5), (1_500_000, 100_000), (10 ** 9, 7)]

cases = []
for length in LENGTHS:
    data = generate_input.input_bytes(length)
    encoded, root_hash = bao.bao_encode(data)
    outboard, _ = bao.bao_encode(data, outboard=True)
    slices = []
    for start, count in SLICES:
        out = io.BytesIO()
        bao.bao_slice(io.BytesIO(encoded), out, start, count)
        piece = out.getvalue()
        slices.append({"start": start, "len": count, "output_len": len(piece), "output_blake3": blake3(piece)})
    cases.append({
        "input_len": length,
        "bao_hash": root_hash.hex(),
        "encoded_len": len(encoded),
        "encoded_blake3": blake3(encoded),
        "outboard_len": len(outboard),
        "outboard_blake3": blake3(outboard),
        "slices": slices,
    })
    print(f"{length}: done", file=sys.stderr)

with open(os.path.join(here, "bao-extra-vectors.json"), "w") as f:
    json.dump({"_comment": "Made by generate_extra.py with the reference bao.py; inputs from generate_input.py.", "cases": cases}, f, indent=1)
    f.write("\n")
