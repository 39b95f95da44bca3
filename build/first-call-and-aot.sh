#!/usr/bin/env bash
# Issue 34's measurements, one command each (tests/Blake2Fast.FirstCall is the program; it prints the CPU line):
#   build/first-call-and-aot.sh first [PROCESSES]     first hash of 64 B and 1 MiB in fresh JIT processes, against the
#                                                     Blake3 package and the BCL's SHA-256 (default: best of 7)
#   build/first-call-and-aot.sh jit [ALG] [SIZE]      the methods the JIT compiles for that first call (blake3 64)
#   build/first-call-and-aot.sh jit-times [ALG] [SIZE]  the same with each method's tier, IL size and JIT time (an
#                                                     in-process listener on the JIT's events; it slows the JIT ~1.5x)
#   build/first-call-and-aot.sh percall [ROUNDS] [MS] per-call time at 3 B to 4 KiB: the JIT, the JIT without PGO and
#                                                     without tiering, NativeAOT at x86-64-v4, x86-64-v3, x86-64-v2,avx
#                                                     and the default instruction set (some also with
#                                                     OptimizationPreference Speed), as ratios to the JIT (default: 5
#                                                     rounds, 10 ms)
#   build/first-call-and-aot.sh spread [PROCESSES] [MS]  slow processes (issue 49): PROCESSES fresh processes each of
#                                                     the JIT and NativeAOT x86-64-v4, alternated, for every algorithm at
#                                                     3 B, 64 B, 1 KiB and 4 KiB: each row's median, slowest and fastest
#                                                     process, and the slowest among those whose SHA-256 control ran at
#                                                     its usual speed (default: 30 processes, 10 ms; per-process lines
#                                                     on stderr)
#   build/first-call-and-aot.sh ramp [MS]             a fresh process after 100 ms of calls against its steady state
#   build/first-call-and-aot.sh startup [RUNS]        b2fsum's start-up (published for linux-x64 with its twin) against
#                                                     a NativeAOT hello world built the same way (build/startup-hello)
#                                                     and $B2FSUM_EXE when set (the installed command),
#                                                     and the baseline build against the twin by input size
#                                                     (build/startup.py; default: 20 runs in each of 3 rounds)
#   build/first-call-and-aot.sh smoke                 all of the above once, briefly (CI: proves the script works;
#                                                     the numbers mean nothing there)
# Builds go to artifacts/first-call/. The tables and how to read them: docs/benchmarks/first-call-and-aot.md.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${PWD}/artifacts/first-call"
project=tests/Blake2Fast.FirstCall
jit="${out}/jit/Blake2Fast.FirstCall"

build_jit() {
  dotnet build "${project}" -c Release -warnaserror -o "${out}/jit" -v quiet -nologo | { grep -E "error|warn" || true; }
}

# NativeAOT builds, one per instruction set ("default" sets none; a "/speed" suffix also sets OptimizationPreference
# Speed); echoes LABEL=PATH for the driver.
publish_aot() {
  local entry
  for entry in "$@"; do
    local isa="${entry%/speed}" speed=""
    [ "${isa}" != "${entry}" ] && speed="-p:OptimizationPreference=Speed"
    # A comma on the command line (in a property or the output folder) would split it: + stands for it, and the
    # project turns it back into a comma.
    local name="${isa//,/+}${speed:+-speed}"
    dotnet publish "${project}" -c Release -warnaserror -p:FirstCallAot="${isa//,/+}" ${speed} -o "${out}/aot-${name}" -v quiet -nologo >&2
    echo "${isa}${speed:+ Speed}=${out}/aot-${name}/Blake2Fast.FirstCall"
  done
}

# The tool as published for linux-x64 (with its x86-64-v4 twin) and the hello world, then build/startup.py.
startup() {
  dotnet publish src/Blake2Fast.Tool -c Release -f net10.0 -p:B2fsumRid=linux-x64 -o "${out}/tool" -v quiet -nologo >&2
  dotnet publish build/startup-hello -c Release -r linux-x64 -o "${out}/hello" -v quiet -nologo >&2
  mkdir -p "${out}/startup-data"
  python3 build/startup.py "${out}/hello/StartupHello" "${out}/tool" "${out}/startup-data" "$1" "$2"
}

mode="${1:-}"
shift || true
case "${mode}" in
  first) build_jit; "${jit}" first-table "${1:-7}" ;;
  jit) build_jit; "${jit}" jit-list "${1:-blake3}" "${2:-64}" ;;
  jit-times) build_jit; "${jit}" jit-times "${1:-blake3}" "${2:-64}" ;;
  percall)
    build_jit
    mapfile -t aot < <(publish_aot x86-64-v4/speed x86-64-v3/speed x86-64-v4 x86-64-v3 x86-64-v2,avx default/speed default)
    "${jit}" percall-table "${1:-5}" "${2:-10}" "${aot[@]}" ;;
  ramp) build_jit; "${jit}" ramp-table "${1:-2000}" ;;
  spread)
    build_jit
    mapfile -t aot < <(publish_aot x86-64-v4)
    "${jit}" spread-table "${1:-30}" "${2:-10}" "${aot[@]}" ;;
  startup) startup "${1:-20}" 3 ;;
  smoke)
    build_jit
    "${jit}" first-table 1
    "${jit}" jit-list blake3 64 | head -n 3
    "${jit}" jit-times blake3 64 | head -n 4
    mapfile -t aot < <(publish_aot default/speed)
    "${jit}" percall-table 1 1 "${aot[@]}"
    "${jit}" ramp-table 150
    "${jit}" spread-table 1 1 "${aot[@]}"
    startup 1 1 ;;
  *) sed -n '2,/^# Builds go/p' "$0" >&2; exit 2 ;;
esac
