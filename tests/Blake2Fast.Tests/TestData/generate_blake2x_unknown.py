#!/usr/bin/env python3
"""Generates blake2x-unknown-length.json, used by Family/XofUnknownLengthTests.cs.

Run from the repository root (python 3.6+, standard library only, no network):

    python3 tests/Blake2Fast.Tests/TestData/generate_blake2x_unknown.py

BLAKE2X with the output length left unknown (the XOF length field all ones) has two readings of its last block
when the caller stops at a length that is not a multiple of the block (64 bytes for BLAKE2Xb, 32 for BLAKE2Xs):

  streamed   every output block is a full-length digest and the caller keeps a prefix of the last one
             (Go's x/crypto, and Blake2Fast's incremental reader);
  reference  the reference C code's one-shot blake2xb_final(S, out, outlen): the last block's digest length is
             the number of bytes still owed, so it is a different BLAKE2 digest, not a prefix.

Both are computed here from the BLAKE2X specification, never from Blake2Fast. H0 comes from hashlib. The output
blocks need depth 0, which hashlib refuses, so they come from the small BLAKE2 below, which takes a raw parameter
block; it is checked against hashlib on parameter blocks hashlib accepts, and the whole construction against the
official blake2xb/blake2xs known answers (declared lengths) in blake2-kat.json, before anything is written.
"""

import hashlib
import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))

IV = {
    "b": [0x6A09E667F3BCC908, 0xBB67AE8584CAA73B, 0x3C6EF372FE94F82B, 0xA54FF53A5F1D36F1,
          0x510E527FADE682D1, 0x9B05688C2B3E6C1F, 0x1F83D9ABFB41BD6B, 0x5BE0CD19137E2179],
    "s": [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19],
}
SIGMA = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4], [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
    [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13], [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
    [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11], [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
    [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5], [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
]
# variant: (word bits, rounds, rotations, block bytes, word struct format, max digest length)
VARIANTS = {"b": (64, 12, (32, 24, 16, 63), 128, "<Q", 64), "s": (32, 10, (16, 12, 8, 7), 64, "<I", 32)}


def blake2(variant, param_block, data, key=b""):
    """BLAKE2 with a raw 32/64-byte parameter block (RFC 7693, section 3); the digest length is its first byte."""
    bits, rounds, (r1, r2, r3, r4), block, fmt, _ = VARIANTS[variant]
    mask = (1 << bits) - 1
    size = bits // 8

    def rotr(x, n):
        return ((x >> n) | (x << (bits - n))) & mask

    def words(b):
        return [struct.unpack_from(fmt, b, i * size)[0] for i in range(len(b) // size)]

    h = [iv ^ p for iv, p in zip(IV[variant], words(param_block))]
    if key:
        data = key.ljust(block, b"\0") + data
    counter = 0
    chunks = [data[i:i + block] for i in range(0, len(data), block)] or [b""]
    for n, chunk in enumerate(chunks):
        last = n == len(chunks) - 1
        counter += len(chunk)
        m = words(chunk.ljust(block, b"\0"))
        v = h + IV[variant][:]
        v[12] ^= counter & mask
        v[13] ^= (counter >> bits) & mask
        if last:
            v[14] ^= mask
        for r in range(rounds):
            s = SIGMA[r % 10]
            for i, (a, b, c, d) in enumerate([(0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
                                              (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14)]):
                x, y = m[s[2 * i]], m[s[2 * i + 1]]
                v[a] = (v[a] + v[b] + x) & mask
                v[d] = rotr(v[d] ^ v[a], r1)
                v[c] = (v[c] + v[d]) & mask
                v[b] = rotr(v[b] ^ v[c], r2)
                v[a] = (v[a] + v[b] + y) & mask
                v[d] = rotr(v[d] ^ v[a], r3)
                v[c] = (v[c] + v[d]) & mask
                v[b] = rotr(v[b] ^ v[c], r4)
        h = [h[i] ^ v[i] ^ v[i + 8] for i in range(8)]
    return b"".join(struct.pack(fmt, w) for w in h)[:param_block[0]]


def param_block(variant, digest_length, key_length, fanout, depth, leaf_length, node_offset, xof_length,
                node_depth, inner_length):
    """The BLAKE2X parameter block: a 32-bit node offset then the XOF length (32 bits in Xb, 16 in Xs)."""
    p = struct.pack("<BBBBII", digest_length, key_length, fanout, depth, leaf_length, node_offset)
    p += struct.pack("<I" if variant == "b" else "<H", xof_length)
    p += struct.pack("<BB", node_depth, inner_length)
    return p.ljust(64 if variant == "b" else 32, b"\0")


def blake2x(variant, key, data, xof_length, total, shorten_last):
    """The first `total` output bytes. shorten_last: the reference one-shot's last block, else a full-length prefix."""
    _, _, _, _, _, full = VARIANTS[variant]
    hasher = hashlib.blake2b if variant == "b" else hashlib.blake2s
    h0 = hasher(data, digest_size=full, key=key, node_offset=xof_length << 32).digest()
    out = b""
    index = 0
    while len(out) < total:
        owed = total - len(out)
        length = min(full, owed) if shorten_last else full
        block = blake2(variant, param_block(variant, length, 0, 0, 0, full, index, xof_length, 0, full), h0)
        out += block[:owed]
        index += 1
    return out


def self_check():
    # The small BLAKE2 against hashlib, keyed and not, with tree parameters hashlib accepts.
    for variant, hasher in (("b", hashlib.blake2b), ("s", hashlib.blake2s)):
        full = VARIANTS[variant][5]
        for n in (0, 1, 63, 64, 65, 128, 129, 300):
            data = bytes(range(256)) * 2
            data = data[:n]
            for key in (b"", bytes(range(full))):
                want = hasher(data, digest_size=17, key=key, fanout=3, depth=2, leaf_size=77, node_offset=5,
                              node_depth=1, inner_size=9).digest()
                got = blake2(variant, param_block(variant, 17, len(key), 3, 2, 77, 5, 0, 1, 9), data, key)
                assert got == want, (variant, n, len(key))
    # The construction against the official BLAKE2X known answers (declared lengths shorten the last block).
    with open(os.path.join(HERE, "blake2-kat.json")) as f:
        kat = json.load(f)
    checked = 0
    for entry in kat:
        if entry["hash"] not in ("blake2xb", "blake2xs"):
            continue
        variant = entry["hash"][-1]
        expected = bytes.fromhex(entry["out"])
        if len(expected) not in (1, 31, 32, 33, 63, 64, 65, 100, 200, 256):
            continue
        key = bytes.fromhex(entry["key"])
        got = blake2x(variant, key, bytes.fromhex(entry["in"]), len(expected), len(expected), shorten_last=True)
        assert got == expected, (entry["hash"], len(expected), len(key))
        checked += 1
    assert checked >= 30, checked


def main():
    self_check()
    cases = []
    for name, variant, unknown, full in (("blake2xb", "b", 0xFFFFFFFF, 64), ("blake2xs", "s", 0xFFFF, 32)):
        data = bytes((i * 7 + 3) & 0xFF for i in range(150))
        for key in (b"", bytes(range(full))):
            # Totals that end inside a block (the two readings differ) and one that ends on a block edge (they agree).
            for total in (1, full - 1, full + 1, 2 * full + full // 2 + 3, 3 * full):
                cases.append({
                    "hash": name,
                    "key": key.hex(),
                    "in": data.hex(),
                    "length": total,
                    "streamed": blake2x(variant, key, data, unknown, total, shorten_last=False).hex(),
                    "reference": blake2x(variant, key, data, unknown, total, shorten_last=True).hex(),
                })
    with open(os.path.join(HERE, "blake2x-unknown-length.json"), "w") as f:
        json.dump(cases, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
