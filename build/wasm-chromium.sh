#!/usr/bin/env bash
# The browser-wasm test app (tests/Blake2Fast.Tests.Wasm) in headless Chromium: the official vectors of every
# algorithm and the host's differential sample, on the Vector128 kernels (the app asserts they were chosen), in a real
# browser rather than node. Publishes the app (trimmed), serves its wwwroot over HTTP on 127.0.0.1 (a page loaded
# from file:// cannot fetch its .wasm files), loads index.html in headless Chromium and reads the result from the
# page's DOM: the app's console output and "EXIT <code>". Prints the output; exits 0 when the app passed.
#
#   build/wasm-chromium.sh                  publish and run
#   build/wasm-chromium.sh DIR              run an app already published to DIR (DIR/wwwroot/index.html)
#   WASM_ARGS="--corrupt" build/wasm-chromium.sh   arguments for the app (as ?arg=... in the page's address)
#
# Needs: dotnet (unless DIR is given), python3 (the HTTP server), chromium (Debian: apt-get install chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [ -z "${browser}" ]; then
  echo "wasm-chromium: no chromium found (apt-get install chromium)" >&2
  exit 2
fi
work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "${server_pid}" ]; then kill "${server_pid}" 2>/dev/null || true; fi
  rm -rf "${work}"
}
trap cleanup EXIT

app="${1:-}"
if [ -z "${app}" ]; then
  app="${work}/app"
  dotnet publish tests/Blake2Fast.Tests.Wasm -c Release -warnaserror -p:TrimMode=full -o "${app}" -v quiet -nologo
fi
[ -f "${app}/wwwroot/index.html" ] || { echo "wasm-chromium: ${app}/wwwroot/index.html not found" >&2; exit 2; }

# A free port from the OS; python's server knows .wasm (application/wasm), which streaming compilation requires.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server "${port}" --bind 127.0.0.1 --directory "${app}/wwwroot" > "${work}/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:${port}/index.html')" 2>/dev/null && break
  sleep 0.1
done

query=""
for arg in ${WASM_ARGS:-}; do query+="${query:+&}arg=${arg}"; done
# --virtual-time-budget lets the page run (the app's asynchronous start and its checks) before the DOM is dumped;
# the budget is an upper bound: Chromium dumps as soon as the page has no more work.
timeout 300 "${browser}" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
  --user-data-dir="${work}/profile" --virtual-time-budget=120000 --dump-dom \
  "http://127.0.0.1:${port}/index.html${query:+?${query}}" > "${work}/dom.html" 2> "${work}/chromium.log" || true

# The page's <pre id="log"> (the app's console) and <pre id="result">EXIT n</pre>, unescaped.
python3 - "${work}/dom.html" <<'PY'
import html, re, sys
dom = open(sys.argv[1], encoding="utf-8", errors="replace").read()
log = re.search(r'<pre id="log">(.*?)</pre>', dom, re.S)
print(html.unescape(log.group(1)).rstrip() if log else "(no output in the page)")
PY
code="$(sed -nE 's/.*<pre id="result">EXIT ([0-9-]+)<\/pre>.*/\1/p' "${work}/dom.html")"
if [ -z "${code}" ]; then
  echo "wasm-chromium: the app did not finish in the page (no EXIT in the DOM); Chromium said:" >&2
  tail -n 20 "${work}/chromium.log" >&2
  exit 1
fi
echo "wasm-chromium: $("${browser}" --version 2>/dev/null | head -n 1), exit code ${code}"
[ "${code}" = 0 ]
