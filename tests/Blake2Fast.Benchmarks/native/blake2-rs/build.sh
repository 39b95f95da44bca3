#!/usr/bin/env bash
# Builds the Rust BLAKE2 peer (blake2b_simd 1.0, blake2s_simd 0.5) as a shared library for the benchmarks, offline,
# from the crate sources Debian ships under /usr/share/cargo/registry (packages librust-blake2b-simd-dev and
# librust-blake2s-simd-dev). That folder is a cargo "directory source": cargo is told, for this build only
# (--config), to replace crates.io with it, so no network and no file of this repository names the folder.
#
#   build.sh [output-dir]        copies libblake2_rs_peer.so there (default: this folder's target/release)
#
# cargo's build folder is $CARGO_TARGET_DIR if set (the benchmark project sets it under its obj/), else target/ here.
# Where cargo or the crates are missing it prints why and exits 0: the benchmarks then skip the Rust rows and
# say so (Infrastructure/RustBlake2.cs). Override the crate folder with BLAKE2_RS_REGISTRY.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-}"
registry="${BLAKE2_RS_REGISTRY:-/usr/share/cargo/registry}"

skip() {
  echo "blake2-rs peer: skipped: $*"
  exit 0
}

cargo_bin="$(command -v cargo || true)"
if [ -z "${cargo_bin}" ] && [ -x "${HOME:-/root}/.cargo/bin/cargo" ]; then cargo_bin="${HOME:-/root}/.cargo/bin/cargo"; fi
[ -n "${cargo_bin}" ] || skip "cargo not found (install rustup or Debian's cargo)"
# cargo checks every dependency itself; these two name the Debian packages in the message.
for crate in blake2b_simd-1.0.0 blake2s_simd-0.5.11; do
  [ -d "${registry}/${crate}" ] || \
    skip "${registry}/${crate} is missing (apt-get install librust-blake2b-simd-dev librust-blake2s-simd-dev)"
done

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-${here}/target}"
if ! "${cargo_bin}" build --release --offline --quiet --manifest-path "${here}/Cargo.toml" \
    --config "source.crates-io.replace-with='debian-packages'" \
    --config "source.debian-packages.directory='${registry}'"; then
  skip "cargo build failed (see above)"
fi
lib="${CARGO_TARGET_DIR}/release/libblake2_rs_peer.so"
[ -f "${lib}" ] || skip "cargo produced no ${lib}"
if [ -n "${out}" ]; then
  mkdir -p "${out}"
  cp -f "${lib}" "${out}/"
fi
echo "blake2-rs peer: built ${lib}"
