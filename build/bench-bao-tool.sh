#!/usr/bin/env bash
# b2fsum's Bao verbs against the bao crate 0.13 from file to file (tests/Blake2Fast.Benchmarks/native/bao-rs's
# bao-rs-files), on one file of 1 GiB of seeded bytes in the page cache: encode (combined), encode --outboard, and
# decode (verify) of the combined encoding. The tools are alternated within each round; each row prints the best and
# the median of the rounds' wall times, and b2fsum's time over the crate's.
#
#   build/bench-bao-tool.sh                       builds b2fsum (Release, JIT) and the crate's binary, then measures
#   B2FSUM="path/to/b2fsum" BAO_RS=path/to/bao-rs-files build/bench-bao-tool.sh     measures those commands instead
#   BENCH_BAO_MIB=8 BENCH_BAO_ROUNDS=1 build/bench-bao-tool.sh                    a quick check that it still runs
#
# The data (the file and the encodings, about 3.2 GB for 1 GiB) go to a temporary folder under $TMPDIR (or /tmp),
# deleted at the end. Needs dotnet (unless B2FSUM is given), cargo for the crate (see native/bao-rs/build.sh), python3.
set -euo pipefail
cd "$(dirname "$0")/.."
mib="${BENCH_BAO_MIB:-1024}"
rounds="${BENCH_BAO_ROUNDS:-5}"

if [ -z "${B2FSUM:-}" ]; then
  dotnet build src/Blake2Fast.Tool -c Release -v quiet -nologo >/dev/null
  B2FSUM="$(pwd)/src/Blake2Fast.Tool/bin/Release/net10.0/Blake2Fast.Tool"
fi
if [ -z "${BAO_RS:-}" ]; then
  target="${TMPDIR:-/tmp}/bao-rs-target"
  CARGO_TARGET_DIR="${target}" tests/Blake2Fast.Benchmarks/native/bao-rs/build.sh
  BAO_RS="${target}/release/bao-rs-files"
fi
[ -x "${BAO_RS}" ] || { echo "bench-bao-tool: no ${BAO_RS} (native/bao-rs/build.sh printed why)" >&2; exit 1; }

data="$(mktemp -d)"
trap 'rm -rf "${data}"' EXIT
python3 - "${data}/in" "${mib}" <<'PY'
import random, sys
rng = random.Random(47)
with open(sys.argv[1], "wb") as f:
    for _ in range(int(sys.argv[2])):
        f.write(rng.randbytes(1 << 20))
PY
hash="$("${BAO_RS}" encode "${data}/in" "${data}/in.bao")"
[ "$("${B2FSUM}" --bao hash "${data}/in")" = "${hash}" ] || { echo "bench-bao-tool: the root hashes differ" >&2; exit 1; }

python3 - "${rounds}" "${B2FSUM}" "${BAO_RS}" "${data}" "${hash}" <<'PY'
import filecmp, os, statistics, subprocess, sys, time
rounds, b2fsum, bao_rs, d, h = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
i = lambda name: os.path.join(d, name)
rows = [
    ("encode", [b2fsum, "--bao", "encode", i("in"), i("ours.bao")], [bao_rs, "encode", i("in"), i("theirs.bao")]),
    ("encode --outboard", [b2fsum, "--bao", "encode", i("in"), "--outboard=" + i("ours.obao")], [bao_rs, "encode", i("in"), i("theirs.obao"), "--outboard"]),
    ("decode", [b2fsum, "--bao", "decode", h, i("in.bao"), i("ours.out")], [bao_rs, "decode", h, i("in.bao"), i("theirs.out")]),
]
times = {(r, t): [] for r, _, _ in rows for t in (0, 1)}
def run(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start
for k in range(rounds):
    for name, ours, theirs in rows:
        pair = [(0, ours), (1, theirs)] if k % 2 == 0 else [(1, theirs), (0, ours)]
        for t, cmd in pair:
            times[(name, t)].append(run(cmd))
for a, b in (("ours.bao", "theirs.bao"), ("ours.obao", "theirs.obao"), ("ours.out", "in")):
    if not filecmp.cmp(i(a), i(b), shallow=False):
        sys.exit("bench-bao-tool: " + a + " differs from " + b)
size = os.path.getsize(i("in"))
print(f"{size >> 20} MiB file, {rounds} rounds alternated; seconds: best / median; MB/s of the median")
print(f"{'verb':<18} {'b2fsum':>16} {'bao crate':>16} {'b2fsum / crate (time, median)':>32}")
for name, _, _ in rows:
    o, t = times[(name, 0)], times[(name, 1)]
    mo, mt = statistics.median(o), statistics.median(t)
    print(f"{name:<18} {min(o):7.3f} / {mo:6.3f} {min(t):7.3f} / {mt:6.3f} {mo / mt:20.2f}   ({size / mo / 1e6:.0f} vs {size / mt / 1e6:.0f} MB/s)")
PY
