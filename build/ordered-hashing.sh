#!/usr/bin/env bash
# b2fsum's three implementations of the ordered worker pool against each other, on the same executable: the hand-made
# OrderedHashing (the default), ChannelOrderedHashing and ForEachOrderedHashing, chosen per run by
# B2FSUM_ORDERED_HASHING=pool|channel|foreach (src/Blake2Fast.Tool/Hashing/OrderedHashingChoice.cs). Cases: the tree
# of 20,000 small files bench-tool.sh makes (same seed, same bytes) and 4 files of 256 MiB, each with BLAKE2b and
# -a blake3. Each round runs every case on every implementation, the implementations in a rotating order; the table
# gives the median wall and CPU (user + system) time per cell over the rounds. Files in the page cache.
#
#   build/ordered-hashing.sh                      publish b2fsum NativeAOT for linux-x64 (the baseline executable,
#                                                 without its x86-64-v4 twin) and measure it
#   B2FSUM=path/to/Blake2Fast.Tool build/ordered-hashing.sh   measure that executable instead (no build)
#   BENCH_DIR=/var/tmp/b2fsum-ordered build/ordered-hashing.sh keep the data there and reuse it next time
#   ROUNDS=15 build/ordered-hashing.sh            more rounds (default 9)
#   ORDERED_SMOKE=1 build/ordered-hashing.sh      200 files, 4 x 8 MiB, 1 round: that the script runs
#
# Needs: dotnet (unless B2FSUM is given), python3. Data: 238 MB of small files and 1 GiB of large ones.
set -euo pipefail
cd "$(dirname "$0")/.."

files=20000; big_mib=256; rounds="${ROUNDS:-9}"
if [ -n "${ORDERED_SMOKE:-}" ]; then
  files=200; big_mib=8; rounds=1
fi

data="${BENCH_DIR:-}"
if [ -z "${data}" ]; then
  data="$(mktemp -d)"
  trap 'rm -rf "${data}"' EXIT
fi
mkdir -p "${data}"

if [ -z "${B2FSUM:-}" ]; then
  echo "=== publishing b2fsum (NativeAOT linux-x64, baseline executable) into ${data}/publish"
  dotnet publish src/Blake2Fast.Tool -c Release -f net10.0 -r linux-x64 -p:B2fsumTwin=false -o "${data}/publish" -v quiet -nologo
  B2FSUM="${data}/publish/Blake2Fast.Tool"
fi

stamp="${data}/ordered-${files}-${big_mib}.done"
if [ ! -f "${stamp}" ]; then
  echo "=== making the tree (${files} files) and 4 files of ${big_mib} MiB in ${data}"
  rm -rf "${data}/tree" "${data}/big"
  python3 - "${data}" "${files}" "${big_mib}" <<'EOF'
import os, random, sys
root, files, big_mib = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
# bench-tool.sh's tree: the same seed and sizes.
rng = random.Random(20)
for i in range(files):
    d = os.path.join(root, "tree", "d%02d" % (i // 200))
    os.makedirs(d, exist_ok=True)
    size = int(70 * 1024 * rng.random() ** 5)
    with open(os.path.join(d, "f%05d" % i), "wb") as f:
        f.write(rng.randbytes(size))
os.makedirs(os.path.join(root, "big"), exist_ok=True)
for n in range(4):
    with open(os.path.join(root, "big", "big%d" % n), "wb") as f:
        for _ in range(big_mib):
            f.write(rng.randbytes(1 << 20))
EOF
  touch "${stamp}"
fi

# Into the page cache, so that every run reads from memory.
cat "${data}"/tree/*/* "${data}"/big/* > /dev/null

cpu="$(awk -F': ' '/^vendor_id/{v=$2} /^cpu family/{f=$2} /^model\t/{m=$2} /^model name/{n=$2} END{print v " family " f " model " m " (" n ")"}' /proc/cpuinfo)"
echo
echo "CPU: ${cpu}, $(nproc) logical processors"
echo "b2fsum: ${B2FSUM}"
echo "uptime before: $(uptime)"
echo

# A python loop rather than hyperfine: the tree's 20,000 names do not fit hyperfine's one command string, and the loop
# gives each run's CPU time (the children's rusage) beside its wall time.
python3 - "${B2FSUM}" "${data}" "${rounds}" <<'EOF'
import hashlib, os, resource, statistics, subprocess, sys, time
exe, data, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
tree = sorted(os.path.join(d, f) for d in os.listdir(os.path.join(data, "tree")) for f in os.listdir(os.path.join(data, "tree", d)))
tree = [os.path.join("tree", n) for n in tree]
big = [os.path.join("big", "big%d" % n) for n in range(4)]
cases = [("%d files, BLAKE2b" % len(tree), [] , tree), ("%d files, -a blake3" % len(tree), ["-a", "blake3"], tree),
         ("4 x %d MiB, BLAKE2b" % (os.path.getsize(os.path.join(data, big[0])) >> 20), [], big),
         ("4 x %d MiB, -a blake3" % (os.path.getsize(os.path.join(data, big[0])) >> 20), ["-a", "blake3"], big)]
impls = ["pool", "channel", "foreach"]

def run(impl, args, names, keep=False):
    env = dict(os.environ, B2FSUM_ORDERED_HASHING=impl)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([exe] + args + names, cwd=data, env=env, stdout=subprocess.PIPE, check=True).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, hashlib.sha256(out).hexdigest()

# The same output from all three, before any timing (and a warm-up run each).
for label, args, names in cases:
    digests = {impl: run(impl, args, names)[2] for impl in impls}
    if len(set(digests.values())) != 1:
        sys.exit("ordered-hashing: the implementations disagree on %s: %s" % (label, digests))

times = {(c[0], i): [] for c in cases for i in impls}
for r in range(rounds):
    order = impls[r % 3:] + impls[:r % 3]
    for label, args, names in cases:
        for impl in order:
            wall, cpu, _ = run(impl, args, names)
            times[(label, impl)].append((wall, cpu))

print("Median of %d alternated rounds, wall / CPU (user + system) in seconds:" % rounds)
print()
print("| case | OrderedHashing (pool, default) | Channel<T> | Parallel.ForEachAsync |")
print("| --- | --- | --- | --- |")
for label, _, _ in cases:
    cells = []
    for impl in impls:
        t = times[(label, impl)]
        cells.append("%.3f / %.3f" % (statistics.median(w for w, _ in t), statistics.median(c for _, c in t)))
    print("| %s | %s |" % (label, " | ".join(cells)))
print()
print("Fastest wall time per cell:")
for label, _, _ in cases:
    print("- %s: %s" % (label, ", ".join("%s %.3f" % (i, min(w for w, _ in times[(label, i)])) for i in impls)))
EOF
echo
echo "uptime after: $(uptime)"
echo "(Other jobs on the machine make wall times noisy: compare the columns of one run, not runs of different days.)"
