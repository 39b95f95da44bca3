#!/usr/bin/env bash
# Builds the bao crate 0.13 peer for the benchmarks, offline: libbao_rs_peer.so (the crate behind a C ABI, for
# BaoAlternation's rows) and bao-rs-files (the crate from file to file, beside `b2fsum --bao encode/decode`). The
# crate's sources come from ../shared/peers/bao-0.13.0 beside the repository (or its main worktree), or $BAO_CRATE;
# its dependencies (blake3 1.3.1, arrayvec 0.7) from Debian's crate registry (apt-get install librust-blake3-dev
# librust-arrayvec-dev), a cargo "directory source" put in place of crates.io for this build only (--config), as
# native/blake2-rs/build.sh does, so no network and no file of this repository names a folder of this machine.
#
#   build.sh [output-dir]        copies libbao_rs_peer.so and bao-rs-files there (default: cargo's target/release)
#
# cargo's build folder is $CARGO_TARGET_DIR if set (the benchmark project sets it under its obj/), else target/ here;
# the manifest, which must name the crate by its absolute path, is written there. Where cargo, the crate or the
# registry is missing it prints why and exits 0: the benchmarks then skip the bao rows and say so.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "${here}/../../../.." && pwd)"
out="${1:-}"
registry="${BAO_REGISTRY:-/usr/share/cargo/registry}"

skip() {
  echo "bao-rs peer: skipped: $*"
  exit 0
}

cargo_bin="$(command -v cargo || true)"
if [ -z "${cargo_bin}" ] && [ -x "${HOME:-/root}/.cargo/bin/cargo" ]; then cargo_bin="${HOME:-/root}/.cargo/bin/cargo"; fi
[ -n "${cargo_bin}" ] || skip "cargo not found (install rustup or Debian's cargo)"
crate="${BAO_CRATE:-}"
if [ -z "${crate}" ]; then
  # The repository's own folder, or a worktree's two levels down (…/wt/NAME): the peers sit beside the main checkout.
  for candidate in "${root}/../shared/peers/bao-0.13.0" "${root}/../../shared/peers/bao-0.13.0"; do
    if [ -f "${candidate}/Cargo.toml" ]; then crate="${candidate}"; break; fi
  done
fi
[ -n "${crate}" ] && [ -f "${crate}/Cargo.toml" ] || skip "the bao crate 0.13.0 is not in ../shared/peers beside the repository (set BAO_CRATE)"
for dep in blake3-1.3.1 arrayvec-0.7.2; do
  [ -d "${registry}/${dep}" ] || skip "${registry}/${dep} is missing (apt-get install librust-blake3-dev librust-arrayvec-dev)"
done

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-${here}/target}"
project="${CARGO_TARGET_DIR}/project"
mkdir -p "${project}/src"
cp -f "${here}/src/lib.rs" "${here}/src/main.rs" "${project}/src/"
cat > "${project}/Cargo.toml" <<TOML
[package]
name = "bao_rs_peer"
version = "0.1.0"
edition = "2021"
publish = false

[lib]
crate-type = ["cdylib", "rlib"]
path = "src/lib.rs"

[[bin]]
name = "bao-rs-files"
path = "src/main.rs"

[dependencies]
bao = { path = "$(cd "${crate}" && pwd)" }

[profile.release]
opt-level = 3
codegen-units = 1
lto = true
panic = "abort"

[workspace]
TOML
if ! "${cargo_bin}" build --release --offline --quiet --manifest-path "${project}/Cargo.toml" \
    --config "source.crates-io.replace-with='debian-packages'" \
    --config "source.debian-packages.directory='${registry}'"; then
  skip "cargo build failed (see above)"
fi
lib="${CARGO_TARGET_DIR}/release/libbao_rs_peer.so"
bin="${CARGO_TARGET_DIR}/release/bao-rs-files"
[ -f "${lib}" ] && [ -f "${bin}" ] || skip "cargo produced no ${lib} or ${bin}"
if [ -n "${out}" ]; then
  mkdir -p "${out}"
  cp -f "${lib}" "${bin}" "${out}/"
fi
echo "bao-rs peer: built ${lib} and ${bin}"
