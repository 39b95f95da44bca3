#!/usr/bin/env bash
# Builds bao-oracle, the bao crate 0.13 as a command, for BaoOracleTests, offline: the crate's sources from
# ../shared/peers/bao-0.13.0 beside the repository (or $BAO_CRATE), its dependencies (blake3 1.3.1, arrayvec 0.7)
# from Debian's crate registry (apt-get install librust-blake3-dev librust-arrayvec-dev), as the benchmarks' Rust peer.
#
#   tests/Blake2Fast.Tests/TestData/bao-oracle/build.sh
#   BLAKE2FAST_BAO_ORACLE=/tmp/bao-oracle-target/release/bao-oracle dotnet test tests/Blake2Fast.Tests --filter BaoOracle
#
# The crate's manifest names the bao crate by its absolute path, so it is written into cargo's build folder
# ($CARGO_TARGET_DIR, else /tmp/bao-oracle-target) with main.rs; the last line printed is the binary's path.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "${here}/../../../.." && pwd)"
crate="${BAO_CRATE:-${root}/../shared/peers/bao-0.13.0}"
[ -f "${crate}/Cargo.toml" ] || { echo "the bao crate is not at ${crate} (set BAO_CRATE)" >&2; exit 1; }
registry="${BAO_REGISTRY:-/usr/share/cargo/registry}"
[ -d "${registry}/blake3-1.3.1" ] || { echo "${registry}/blake3-1.3.1 is missing (apt-get install librust-blake3-dev librust-arrayvec-dev)" >&2; exit 1; }
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-${TMPDIR:-/tmp}/bao-oracle-target}"
project="${CARGO_TARGET_DIR}/project"
mkdir -p "${project}/src"
cp "${here}/src/main.rs" "${project}/src/main.rs"
cat > "${project}/Cargo.toml" <<TOML
[package]
name = "bao_oracle"
version = "0.1.0"
edition = "2021"
publish = false

[[bin]]
name = "bao-oracle"
path = "src/main.rs"

[dependencies]
bao = { path = "$(cd "${crate}" && pwd)" }

[workspace]
TOML
cargo build --release --offline --quiet --manifest-path "${project}/Cargo.toml" \
  --config "source.crates-io.replace-with='debian-packages'" \
  --config "source.debian-packages.directory='${registry}'"
echo "${CARGO_TARGET_DIR}/release/bao-oracle"
