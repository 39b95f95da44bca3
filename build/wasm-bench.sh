#!/usr/bin/env bash
# Speed on browser-wasm (docs/benchmarks/wasm.md): tests/Blake2Fast.Benchmarks.Wasm, Blake2Fast against the Blake3
# package and hash-wasm in one process, interleaved rounds at 64 B, 4 KiB and 1 MiB; under node, then in headless
# Chromium if it is installed; each with the vector128 kernels (the default there) and with BLAKE2FAST_CORE=scalar
# (the kernels every browser app ran before them).
#
#   build/wasm-bench.sh [ROUNDS [MS [SIZES]]]  ROUNDS interleaved rounds (9) of about MS milliseconds (60) per contender,
#                                            at SIZES bytes (comma-separated; 64,4096,1048576)
#   HASH_WASM_DIR=DIR build/wasm-bench.sh    hash-wasm from DIR/node_modules (else `npm install hash-wasm@4.13.0` into a
#                                            scratch folder, if npm is installed; without it hash-wasm is left out)
#   WASM_BENCH_SMOKE=1 build/wasm-bench.sh   CI's check that the script runs: one round of 2 ms, node only, no npm; and
#                                            build/wasm-first-call.sh in its smoke mode
#
# Needs: dotnet, node; optionally npm, python3 and chromium. The figures are the medians of the rounds; the load of the
# machine (uptime) is printed first: measure on an idle one.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${1:-9}"; budget="${2:-60}"; sizes="${3:-64,4096,1048576}"
if [ -n "${WASM_BENCH_SMOKE:-}" ]; then rounds=1; budget=2; fi
work="$(mktemp -d)"
browser_pid=""; server_pid=""
cleanup() {
  if [ -n "${browser_pid}" ]; then kill "${browser_pid}" 2>/dev/null || true; fi
  if [ -n "${server_pid}" ]; then kill "${server_pid}" 2>/dev/null || true; fi
  rm -rf "${work}"
}
trap cleanup EXIT

dotnet publish tests/Blake2Fast.Benchmarks.Wasm -c Release -warnaserror -o "${work}/app" -v quiet -nologo
hash_wasm="${HASH_WASM_DIR:-}"
if [ -z "${hash_wasm}" ] && [ -z "${WASM_BENCH_SMOKE:-}" ] && command -v npm >/dev/null; then
  hash_wasm="${work}/npm"
  mkdir -p "${hash_wasm}"
  (cd "${hash_wasm}" && npm install --silent --no-audit --no-fund hash-wasm@4.13.0 >/dev/null)
fi

echo "# $(uptime)"
grep -m1 -E "^model name" /proc/cpuinfo || true
echo "# $(grep -m1 vendor_id /proc/cpuinfo | tr -s ' \t' ' '), $(grep -m1 'cpu family' /proc/cpuinfo | tr -s ' \t' ' '), $(grep -m1 -E '^model\s' /proc/cpuinfo | tr -s ' \t' ' ')"
echo "## node $(node --version)"
for core in "" scalar; do
  env ${hash_wasm:+HASH_WASM_DIR="${hash_wasm}"} node "${work}/app/wwwroot/main.mjs" ${core:+--env BLAKE2FAST_CORE=${core}} "${rounds}" "${budget}" "${sizes}"
done
if [ -n "${WASM_BENCH_SMOKE:-}" ]; then
  # The first-call script and mode too, on the app published above: a first hash and 20 ms of ramp at 64 B.
  build/wasm-first-call.sh 1 20 "${work}/app"
fi

browser="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "${WASM_BENCH_SMOKE:-}" ] && [ -n "${browser}" ] && command -v python3 >/dev/null; then
  if [ -n "${hash_wasm}" ] && [ -f "${hash_wasm}/node_modules/hash-wasm/dist/index.esm.js" ]; then
    cp "${hash_wasm}/node_modules/hash-wasm/dist/index.esm.js" "${work}/app/wwwroot/hash-wasm.esm.js"
  fi
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  python3 -m http.server "${port}" --bind 127.0.0.1 --directory "${work}/app/wwwroot" > "${work}/server.log" 2>&1 &
  server_pid=$!
  sleep 1
  echo "## $("${browser}" --version 2>/dev/null | head -n 1), headless"
  for core in "" scalar; do
    query="arg=${rounds}&arg=${budget}&arg=${sizes}"
    [ -n "${core}" ] && query="arg=--env&arg=BLAKE2FAST_CORE=${core}&${query}"
    # Real time, not --virtual-time-budget (which would stop the clocks): the console goes to stderr, read until "# done".
    "${browser}" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
      --user-data-dir="${work}/profile-${core:-default}" --enable-logging=stderr --v=0 --remote-debugging-port=0 \
      "http://127.0.0.1:${port}/index.html?${query}" > /dev/null 2> "${work}/chromium.log" &
    browser_pid=$!
    for _ in $(seq 600); do
      grep -q '"# done"' "${work}/chromium.log" && break
      sleep 1
    done
    kill "${browser_pid}" 2>/dev/null || true
    wait "${browser_pid}" 2>/dev/null || true
    browser_pid=""
    sed -nE 's/.*:CONSOLE[^"]*"(.*)", source: .*/\1/p' "${work}/chromium.log"
  done
fi
