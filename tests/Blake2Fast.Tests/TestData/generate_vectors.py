#!/usr/bin/env python3
"""Generates the reference vectors used by BoundaryTests.cs and ParameterBlockTests.cs.

Run from the repository root (python 3.6+, standard library only, no network):

    python3 tests/Blake2Fast.Tests/TestData/generate_vectors.py

It is deterministic (fixed seeds) and rewrites, next to this script:

  lengths.json     BLAKE2b over every input length 0..1025 and BLAKE2s over 0..513, unkeyed and keyed;
                   every digest length 1..max (unkeyed and keyed) for a few input lengths;
                   every key length 0..max for a few input lengths.
  parameters.json  salt, personalization and tree-parameter (fanout, depth, leaf length, node offset,
                   node depth, inner length, last node) cases, hand-picked and pseudo-random.

The digests come from Python's hashlib (the BLAKE2 reference implementation), never from Blake2Fast.
Inputs and keys are not stored; the tests rebuild them with the same formulas:

  message(n)  = bytes((i * 7 + 3) & 0xFF for i in range(n))
  key(n)      = bytes((i * 13 + 0x40) & 0xFF for i in range(n))
  salt/person/keys of parameter cases are stored in hex.
"""

import hashlib
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))

ALGORITHMS = {
    # name: (constructor, block size, max digest/key length, salt/person length, max length swept, max node offset)
    "blake2b": (hashlib.blake2b, 128, 64, 16, 1025, 2**64 - 1),
    "blake2s": (hashlib.blake2s, 64, 32, 8, 513, 2**48 - 1),
}


def message(n):
    return bytes((i * 7 + 3) & 0xFF for i in range(n))


def key_bytes(n):
    return bytes((i * 13 + 0x40) & 0xFF for i in range(n))


def digest(name, data, **kw):
    return ALGORITHMS[name][0](data, **kw).hexdigest()


def lengths_vectors():
    result = {}
    for name, (ctor, block, maxlen, _, sweep, _) in ALGORITHMS.items():
        full_key = key_bytes(maxlen)
        sample_lengths = [0, 1, 3, block - 1, block, block + 1, 3 * block + 5]
        result[name] = {
            # index = input length; keyed uses the full-length key(max)
            "unkeyed": [digest(name, message(n)) for n in range(sweep + 1)],
            "keyed": [digest(name, message(n), key=full_key) for n in range(sweep + 1)],
            "digestLengths": [
                {
                    "inputLength": n,
                    # index d-1 = digest length d
                    "unkeyed": [digest(name, message(n), digest_size=d) for d in range(1, maxlen + 1)],
                    "keyed": [digest(name, message(n), digest_size=d, key=full_key) for d in range(1, maxlen + 1)],
                }
                for n in (0, 3, block, 3 * block + 5)
            ],
            "keyLengths": [
                {
                    "inputLength": n,
                    # index k = key length k (0 = unkeyed)
                    "digests": [digest(name, message(n), key=key_bytes(k)) for k in range(maxlen + 1)],
                }
                for n in sample_lengths
            ],
        }
    return result


def parameter_case(name, label, input_length, **kw):
    ctor = ALGORITHMS[name][0]
    h = ctor(message(input_length), **kw)
    case = {"algorithm": name, "name": label, "inputLength": input_length}
    for field in ("digest_size", "fanout", "depth", "leaf_size", "node_offset", "node_depth", "inner_size", "last_node"):
        if field in kw:
            case[field] = kw[field]
    for field in ("key", "salt", "person"):
        if field in kw:
            case[field] = kw[field].hex()
    case["out"] = h.hexdigest()
    return case


def parameter_vectors():
    cases = []
    rng = random.Random(0xB1A4E2)
    for name, (ctor, block, maxlen, fieldlen, _, max_offset) in ALGORITHMS.items():
        def add(label, input_length=3 * block // 2 + 7, **kw):
            cases.append(parameter_case(name, label, input_length, **kw))

        full_salt = bytes(range(0xA0, 0xA0 + fieldlen))
        full_person = bytes(range(0x50, 0x50 + fieldlen))

        # salt
        add("salt full", salt=full_salt)
        for n in (1, fieldlen // 2 + 1, fieldlen - 1):
            add("salt %d bytes (zero padded)" % n, salt=full_salt[:n])
        add("salt full, trailing zeros", salt=full_salt[:3] + bytes(fieldlen - 3))
        add("salt full, empty input", 0, salt=full_salt)
        add("salt full, one block input", block, salt=full_salt)
        # personalization
        add("personalization full", person=full_person)
        for n in (1, fieldlen // 2 + 1, fieldlen - 1):
            add("personalization %d bytes (zero padded)" % n, person=full_person[:n])
        add("personalization full, empty input", 0, person=full_person)
        add("personalization ASCII", person=b"Blake2Fast"[:fieldlen])
        # together, with key and digest length
        add("salt + personalization", salt=full_salt, person=full_person)
        add("salt + personalization + key", salt=full_salt, person=full_person, key=key_bytes(maxlen))
        add("salt + personalization + short key + short digest", salt=full_salt[:5], person=full_person[:3],
            key=key_bytes(7), digest_size=maxlen // 2 - 3)
        add("key + salt, empty input", 0, key=key_bytes(maxlen), salt=full_salt)
        # tree parameters, one at a time
        for v in (0, 2, 4, 255):
            add("fanout %d" % v, fanout=v)
        for v in (2, 3, 255):
            add("depth %d" % v, depth=v)
        for v in (1, 4096, 0x12345678, 2**32 - 1):
            add("leaf length %d" % v, leaf_size=v)
        offsets = [1, 255, 256, 2**16 + 1, 2**32 - 1, 2**32, 2**40 + 3, 2**48 - 1]
        if max_offset > 2**48:
            offsets += [2**48, 2**56 + 7, 2**63, 2**64 - 2, 2**64 - 1]
        for v in offsets:
            add("node offset %d" % v, node_offset=v)
        for v in (1, 2, 128, 255):
            add("node depth %d" % v, node_depth=v)
        for v in (1, maxlen // 2, maxlen):
            add("inner length %d" % v, inner_size=v)
        for n in (0, 1, block - 1, block, block + 1, 2 * block, 3 * block // 2 + 7):
            add("last node, input %d" % n, n, last_node=True)
        add("last node, keyed, empty input", 0, last_node=True, key=key_bytes(maxlen))
        add("last node, keyed, one block", block, last_node=True, key=key_bytes(maxlen))
        # tree-hashing shaped combinations (like BLAKE2bp / BLAKE2sp leaves and root)
        for i in range(4):
            add("parallel leaf %d" % i, 5 * block + 3, fanout=4 if name == "blake2b" else 8, depth=2,
                leaf_size=0, node_offset=i, node_depth=0, inner_size=maxlen, last_node=(i == 3))
        add("parallel root", 4 * maxlen, fanout=4 if name == "blake2b" else 8, depth=2, leaf_size=0,
            node_offset=0, node_depth=1, inner_size=maxlen, last_node=True)
        add("everything at maximum", 2 * block + 1, digest_size=maxlen, key=key_bytes(maxlen), salt=b"\xff" * fieldlen,
            person=b"\xff" * fieldlen, fanout=255, depth=255, leaf_size=2**32 - 1, node_offset=max_offset,
            node_depth=255, inner_size=maxlen, last_node=True)
        add("everything at minimum", 0, digest_size=1, fanout=0, depth=1, leaf_size=0, node_offset=0,
            node_depth=0, inner_size=0, last_node=False)

        # pseudo-random combinations
        for i in range(60):
            kw = {}
            if rng.random() < 0.6:
                kw["digest_size"] = rng.randint(1, maxlen)
            if rng.random() < 0.4:
                kw["key"] = bytes(rng.getrandbits(8) for _ in range(rng.randint(1, maxlen)))
            if rng.random() < 0.6:
                kw["salt"] = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, fieldlen)))
            if rng.random() < 0.6:
                kw["person"] = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, fieldlen)))
            if rng.random() < 0.5:
                kw["fanout"] = rng.randint(0, 255)
            if rng.random() < 0.5:
                kw["depth"] = rng.randint(1, 255)
            if rng.random() < 0.5:
                kw["leaf_size"] = rng.getrandbits(32)
            if rng.random() < 0.5:
                kw["node_offset"] = rng.randint(0, max_offset)
            if rng.random() < 0.5:
                kw["node_depth"] = rng.randint(0, 255)
            if rng.random() < 0.5:
                kw["inner_size"] = rng.randint(0, maxlen)
            if rng.random() < 0.4:
                kw["last_node"] = True
            length = rng.choice([0, 1, block - 1, block, block + 1, 2 * block, rng.randint(0, 5 * block)])
            add("random %d" % i, length, **kw)
    return cases


def write(filename, data):
    path = os.path.join(HERE, filename)
    with open(path, "w", newline="\n") as f:
        json.dump(data, f, separators=(",", ":"), sort_keys=False)
        f.write("\n")
    print("wrote %s (%d bytes)" % (path, os.path.getsize(path)))


if __name__ == "__main__":
    write("lengths.json", lengths_vectors())
    write("parameters.json", {"cases": parameter_vectors()})
