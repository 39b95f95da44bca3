#!/usr/bin/env bash
# Builds the official BLAKE3 C implementation (1.3.1, with its hand-written x86-64 assembly) as a shared library
# for the benchmarks' "official C" peer only; the library never ships native code. The sources come from Debian's
# librust-blake3-dev (apt-get install librust-blake3-dev); where they or gcc are missing, this prints why and exits
# 0 without output, and the benchmark skips the peer with the same reason.
#
#   bash tests/Blake2Fast.Benchmarks/native/build-blake3.sh [output directory]   (default: native/bin next to this)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/bin}"
src="${BLAKE3_C_SOURCES:-/usr/share/cargo/registry/blake3-1.3.1/c}"
if [ ! -f "$src/blake3.c" ]; then
    echo "build-blake3.sh: skipped, no BLAKE3 C sources at $src (apt-get install librust-blake3-dev)" >&2
    exit 0
fi
if ! command -v gcc >/dev/null; then
    echo "build-blake3.sh: skipped, gcc not found" >&2
    exit 0
fi
if [ "$(uname -m)" != "x86_64" ]; then
    echo "build-blake3.sh: skipped, the assembly files are x86-64 only (this is $(uname -m))" >&2
    exit 0
fi
mkdir -p "$out"
gcc -O3 -shared -fPIC -o "$out/libblake3.so" \
    "$src/blake3.c" "$src/blake3_dispatch.c" "$src/blake3_portable.c" \
    "$src/blake3_sse2_x86-64_unix.S" "$src/blake3_sse41_x86-64_unix.S" \
    "$src/blake3_avx2_x86-64_unix.S" "$src/blake3_avx512_x86-64_unix.S"
echo "build-blake3.sh: built $out/libblake3.so from $src"
