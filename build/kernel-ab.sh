#!/usr/bin/env bash
# Every job's speed on every x86 core, for two revisions side by side (a refactoring's "within the noise" check):
#   build/kernel-ab.sh BEFORE_REV [AFTER_REV]     (AFTER_REV defaults to the working tree)
#   KERNEL_AB_CORES="sse41 avx512" KERNEL_AB_ROUNDS=5 build/kernel-ab.sh ...   (some cores, more rounds)
# Each (revision, core) runs as its own process, alternated, 3 rounds; each row keeps the best. Prints the CPU line.
# The last column is the speed ratio, after over before (above 1: after is faster).
set -euo pipefail
cd "$(dirname "$0")/.."
before="$1"; after="${2:-}"
work="$(mktemp -d)"
trap 'for w in before after; do git worktree remove --force "${work}/${w}" >/dev/null 2>&1 || true; done; rm -rf "${work}"' EXIT
git worktree add --detach "${work}/before" "${before}" >/dev/null
after_dir="${PWD}"
if [ -n "${after}" ]; then git worktree add --detach "${work}/after" "${after}" >/dev/null; after_dir="${work}/after"; fi
for side in before after; do
  dir="${work}/before"; [ "${side}" = after ] && dir="${after_dir}"
  # A copy of the harness per side, so the two builds keep apart intermediate files.
  mkdir -p "${work}/${side}-proj" && cp build/kernel-ab/KernelAb.csproj build/kernel-ab/Program.cs "${work}/${side}-proj/"
  dotnet build "${work}/${side}-proj/KernelAb.csproj" -c Release -o "${work}/${side}-bin" -p:LibraryDir="${dir}/src/Blake2Fast" \
    -v quiet -nologo | grep -E "error|rror\(s\)" || true
done
awk -F': ' '/^vendor_id/ {v=$2} /^cpu family/ {f=$2} /^model\t/ {m=$2} /^model name/ {n=$2; print "CPU: " n ", vendor " v ", family " f ", model " m; exit}' /proc/cpuinfo
for round in $(seq "${KERNEL_AB_ROUNDS:-3}"); do
  for core in ${KERNEL_AB_CORES:-scalar sse41 avx2 avx512}; do
    for side in before after; do
      DOTNET_TC_CallCountingDelayMs=0 BLAKE2FAST_CORE="${core}" dotnet "${work}/${side}-bin/KernelAb.dll" | sed "s/^/${side}\t${core}\t/" >> "${work}/rows.tsv"
    done
  done
done
python3 - "${work}/rows.tsv" <<'PY'
import sys
best = {}
order = []
for line in open(sys.argv[1]):
    side, asked, job, core, value = line.rstrip('\n').split('\t')
    number, unit = value.split(' ')
    key = (asked, job)
    if key not in best:
        best[key] = {}
        order.append(key)
    keep = max if unit == 'MB/s' else min  # best of the rounds: the highest rate, the lowest cost
    old = best[key].get(side)
    best[key][side] = (core, unit, keep(old[2], float(number)) if old else float(number))
print('| BLAKE2FAST_CORE | job | core before | before | core after | after | after/before |')
print('| --- | --- | --- | ---: | --- | ---: | ---: |')
for key in order:
    (cb, unit, vb), (ca, _, va) = best[key]['before'], best[key]['after']
    ratio = va / vb if unit == 'MB/s' else vb / va  # above 1: after is faster
    print(f'| {key[0]} | {key[1]} | {cb} | {vb:,.1f} {unit} | {ca} | {va:,.1f} {unit} | {ratio:.2f} |')
PY
