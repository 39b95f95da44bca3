#!/usr/bin/env bash
# b2fsum against coreutils' b2sum and the BLAKE3 team's b3sum, as the tool's users run them: start-up on an empty
# file, a tree of 20,000 small files, and one 1 GB file, each tool with its defaults (all files in the page cache).
# Each row is the best of 3 runs, the tools alternated within each round; start-up is the best of 3 rounds of 20.
#
#   build/bench-tool.sh                     pack b2fsum as CI does, install it with dotnet tool install --tool-path
#                                           (NativeAOT linux-x64 with its x86-64-v4 twin) and measure that command
#   B2FSUM=~/.dotnet/tools/b2fsum build/bench-tool.sh    measure an installed command instead (no build)
#   BENCH_DIR=/var/tmp/b2fsum-bench build/bench-tool.sh  keep the data there and reuse it next time
#   BENCH_TOOL_SMOKE=1 B2FSUM=... build/bench-tool.sh   CI's check that the script still runs: 200 files, 8 MiB, one
#                                           round of one run each (the figures mean nothing)
#
# Needs: dotnet (unless B2FSUM is given), b2sum (coreutils), b3sum, python3; hyperfine if installed (else a timing
# loop in python). The data: 20,000 files of 0 to 70 KB (238 MB, sizes and bytes from a fixed seed) in 100
# directories, and 1 GiB of seeded bytes; about 1.3 GB of disk.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in b2sum b3sum python3; do
  if ! command -v "${tool}" >/dev/null; then
    echo "bench-tool: ${tool} is not installed (apt-get install coreutils b3sum python3)" >&2
    exit 1
  fi
done

files=20000; big_mib=1024; rounds=3; startup_runs=20
if [ -n "${BENCH_TOOL_SMOKE:-}" ]; then
  files=200; big_mib=8; rounds=1; startup_runs=1
fi

data="${BENCH_DIR:-}"
if [ -z "${data}" ]; then
  data="$(mktemp -d)"
  trap 'rm -rf "${data}"' EXIT
fi
mkdir -p "${data}"

if [ -z "${B2FSUM:-}" ]; then
  # What users get: the packages .ci/run packs, installed from a local folder (the command is a link into the store).
  echo "=== packing b2fsum (pointer and linux-x64 packages) and installing it into ${data}/b2fsum"
  rm -rf "${data}/packages" "${data}/b2fsum"
  dotnet pack src/Blake2Fast.Tool/Blake2Fast.Tool.csproj -c Release -o "${data}/packages" -v quiet -nologo
  dotnet pack src/Blake2Fast.Tool/Blake2Fast.Tool.csproj -c Release -p:B2fsumRid=linux-x64 -o "${data}/packages" -v quiet -nologo
  printf '<configuration><packageSources><clear /><add key="local" value="%s" /></packageSources></configuration>\n' \
    "${data}/packages" > "${data}/nuget.config"
  dotnet tool install Blake2Fast.Tool --tool-path "${data}/b2fsum" --configfile "${data}/nuget.config" >/dev/null
  B2FSUM="${data}/b2fsum/b2fsum"
fi
"${B2FSUM}" --version | sed -n '1p;3p'

# The data, made once per directory (a stamp file says it is complete).
stamp="${data}/data-${files}-${big_mib}.done"
if [ ! -f "${stamp}" ]; then
  echo "=== making the tree (${files} files) and the ${big_mib} MiB file in ${data}"
  rm -rf "${data}/tree"
  python3 - "${data}" "${files}" "${big_mib}" <<'EOF'
import os, random, sys
root, files, big_mib = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(20)
total = 0
for i in range(files):
    d = os.path.join(root, "tree", "d%02d" % (i // 200))
    os.makedirs(d, exist_ok=True)
    # Mostly small, a few near 70 KB: a mean of about 12 KB, as in a source tree.
    size = int(70 * 1024 * rng.random() ** 5)
    with open(os.path.join(d, "f%05d" % i), "wb") as f:
        f.write(rng.randbytes(size))
    total += size
with open(os.path.join(root, "big"), "wb") as f:
    for _ in range(big_mib):
        f.write(rng.randbytes(1 << 20))
open(os.path.join(root, "empty"), "wb").close()
print("tree: %d bytes" % total)
EOF
  touch "${stamp}"
fi

# Into the page cache, so that every run reads from memory.
cat "${data}"/tree/*/* "${data}/big" > /dev/null

cpu="$(awk -F': ' '/^vendor_id/{v=$2} /^cpu family/{f=$2} /^model\t/{m=$2} /^model name/{n=$2} END{print v " family " f " model " m " (" n ")"}' /proc/cpuinfo)"
load="$(cut -d' ' -f1-3 /proc/loadavg)"

# time_best RUNS COMMAND...: the best wall time in seconds of RUNS runs. hyperfine where the command line is short
# (start-up: it measures a few milliseconds best); a python loop for the tree, whose 20,000 names are too long for the
# single argument hyperfine takes.
time_best() {
  local runs="$1"; shift
  if [ "$#" -lt 10 ] && command -v hyperfine >/dev/null; then
    local json="${data}/hyperfine.json"
    hyperfine -N --warmup 1 --runs "${runs}" --export-json "${json}" --output null --style none -- "$(printf '%q ' "$@")" >/dev/null 2>>"${data}/hyperfine.log"
    python3 -c 'import json,sys; print("%.6f" % min(json.load(open(sys.argv[1]))["results"][0]["times"]))' "${json}"
  else
    python3 - "${runs}" "$@" <<'EOF'
import subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2:]
best = float("inf")
for _ in range(runs):
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    best = min(best, time.perf_counter() - start)
print("%.6f" % best)
EOF
  fi
}

# row LABEL PEER_LABEL RUNS_PER_ROUND DIR "PEER COMMAND" "B2FSUM COMMAND": best of 3 rounds, the two alternated.
# The commands are listed under the table.
commands=()
row() {
  local label="$1" peer="$2" runs="$3" dir="$4" peer_cmd="$5" ours_cmd="$6"
  local where="${dir#"${data}"}"
  commands+=("${label} (in .${where}): ${peer_cmd}  vs  ${ours_cmd}")
  local best_peer=999 best_ours=999 t
  for _ in $(seq "${rounds}"); do
    t="$(cd "${dir}" && eval "time_best ${runs} ${peer_cmd}")"
    best_peer="$(python3 -c "print(min(${best_peer}, ${t}))")"
    t="$(cd "${dir}" && eval "time_best ${runs} ${ours_cmd}")"
    best_ours="$(python3 -c "print(min(${best_ours}, ${t}))")"
  done
  python3 - "${label}" "${peer}" "${best_peer}" "${best_ours}" <<'EOF'
import sys
label, peer, p, o = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
fmt = (lambda s: "%.1f ms" % (s * 1000)) if max(p, o) < 0.1 else (lambda s: "%.3f s" % s)
print("| %s | %s %s | %s | %.2fx |" % (label, peer, fmt(p), fmt(o), p / o))
EOF
}

B="$(printf '%q' "${B2FSUM}")"
echo
echo "CPU: ${cpu}, $(nproc) logical processors; load average before: ${load}"
echo "b2fsum: ${B2FSUM}; $(b2sum --version | head -n 1); $(b3sum --version)"
echo
echo "| | reference | b2fsum | speed-up (reference time / b2fsum time) |"
echo "| --- | --- | --- | --- |"
row "start-up on an empty file" "b2sum" "${startup_runs}" "${data}" "b2sum empty" "${B} empty"
row "start-up on an empty file, -a blake3" "b3sum" "${startup_runs}" "${data}" "b3sum empty" "${B} -a blake3 empty"
row "${files} files, BLAKE2b" "b2sum" 1 "${data}/tree" "b2sum */*" "${B} */*"
row "${files} files, -a blake3" "b3sum" 1 "${data}/tree" "b3sum */*" "${B} -a blake3 */*"
row "${big_mib} MiB, -a blake3" "b3sum" 1 "${data}" "b3sum big" "${B} -a blake3 big"
row "${big_mib} MiB, BLAKE2b" "b2sum" 1 "${data}" "b2sum big" "${B} big"
row "${files} files, BLAKE2b, --threads 1" "b2sum" 1 "${data}/tree" "b2sum */*" "${B} --threads 1 */*"
echo
echo "Commands (in ${data}; the tree's */* expands to its ${files} names; start-up with hyperfine -N, warm):"
for c in "${commands[@]}"; do
  echo "- ${c}"
done
echo
echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg) (other jobs on the machine make wall times noisy)."
