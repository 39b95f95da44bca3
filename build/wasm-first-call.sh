#!/usr/bin/env bash
# The first hash and the ramp on browser-wasm under node (docs/benchmarks/wasm.md, docs/cores.md): the `first` mode of
# tests/Blake2Fast.Benchmarks.Wasm, one fresh node process per run: the first hash of BLAKE2b, BLAKE2s and BLAKE3 at
# 64 B, 4 KiB and 1 MiB, and after it, at 64 B and 4 KiB, MS ms of calls (the ramp). Prints the median over PROCESSES
# processes of each figure, for each app.
#
#   build/wasm-first-call.sh [PROCESSES [MS]]       publishes the app from this tree and runs it PROCESSES times (7),
#                                                  MS ms of ramp (2000)
#   build/wasm-first-call.sh PROCESSES MS APP...    runs published copies of the app (`dotnet publish
#                                                  tests/Blake2Fast.Benchmarks.Wasm -c Release -o APP`, from two trees,
#                                                  say), alternated: for each cell, one process of each, in turns
#   WASM_BENCH_SMOKE=1 build/wasm-first-call.sh     one process, 20 ms of ramp, 64 B only (build/wasm-bench.sh's smoke
#                                                  mode runs it, on the app it published)
#   KEEP=FILE build/wasm-first-call.sh ...          also writes every process's lines to FILE (prefixed by the app's index)
#
# Needs: dotnet, node, python3. The load of the machine (uptime) is printed at the start and at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

processes="${1:-7}"; ramp="${2:-2000}"
apps=("${@:3}")
sizes=(64 4096 1048576)
if [ -n "${WASM_BENCH_SMOKE:-}" ]; then processes=1; ramp=20; sizes=(64); fi
work="$(mktemp -d)"
trap 'rm -rf "${work}"' EXIT
if [ "${#apps[@]}" -eq 0 ]; then
  dotnet publish tests/Blake2Fast.Benchmarks.Wasm -c Release -warnaserror -o "${work}/app" -v quiet -nologo
  apps=("${work}/app")
fi

echo "# $(uptime)"
echo "# $(grep -m1 vendor_id /proc/cpuinfo | tr -s ' \t' ' '), $(grep -m1 'cpu family' /proc/cpuinfo | tr -s ' \t' ' '), $(grep -m1 -E '^model\s' /proc/cpuinfo | tr -s ' \t' ' ')"
echo "## node $(node --version), ${processes} processes per cell and app, ${ramp} ms of ramp at 64 B and 4 KiB"
for p in $(seq "${processes}"); do
  for algorithm in BLAKE2b BLAKE2s BLAKE3; do
    for size in "${sizes[@]}"; do
      ms=0; [ "${size}" -le 4096 ] && ms="${ramp}"
      # Each round starts with the next app, so no app always runs first.
      for i in "${!apps[@]}"; do
        a=$(( (i + p) % ${#apps[@]} ))
        node "${apps[a]}/wwwroot/main.mjs" first "${algorithm}" "${size}" "${ms}" | sed "s/^/${a} | /" >> "${work}/runs.txt"
      done
    done
  done
done
echo "# $(uptime)"
if [ -n "${KEEP:-}" ]; then cp "${work}/runs.txt" "${KEEP}"; fi

python3 - "${work}/runs.txt" "${apps[@]}" <<'EOF'
import statistics, sys
from collections import defaultdict
apps = sys.argv[2:]
values, order = defaultdict(list), []
for line in open(sys.argv[1]):
    app, kind, algorithm, size, measure, value = [x.strip() for x in line.split('|')]
    key = (algorithm, size, measure)
    if key not in order:
        order.append(key)
    values[key + (int(app),)].append(float(value))
print('algorithm | size | measure | ' + ' | '.join(f'app {i} ({a})' for i, a in enumerate(apps)) + ' | processes')
for key in order:
    samples = [values.get(key + (i,), []) for i in range(len(apps))]
    if min(len(s) for s in samples) * 2 < max(len(s) for s in samples) or not all(samples):
        continue  # a window some processes skipped (a call longer than it): too few to compare
    print(' | '.join(key) + ' | ' + ' | '.join(f'{statistics.median(s):.{2 if key[2] == "ms" else 0}f}' for s in samples) + ' | ' + '/'.join(str(len(s)) for s in samples))
EOF
