#!/usr/bin/env bash
# Regenerates ../blake3-subtrees.json from the BLAKE3 crate 1.3.1 that Debian ships (apt-get install
# librust-blake3-dev), offline: cargo is told, for this run only (--config), to take crates.io's crates from the
# "directory source" under /usr/share/cargo/registry, as the benchmarks' Rust peer is built.
#
#   tests/Blake2Fast.Tests/TestData/blake3-subtrees-gen/run.sh
#
# cargo's build folder is $CARGO_TARGET_DIR if set, else a folder under /tmp (not under TestData, whose JSON files
# the test project copies). Override the crate folder with BLAKE3_RS_REGISTRY.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
registry="${BLAKE3_RS_REGISTRY:-/usr/share/cargo/registry}"
[ -d "${registry}/blake3-1.3.1" ] || { echo "${registry}/blake3-1.3.1 is missing (apt-get install librust-blake3-dev)" >&2; exit 1; }
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-${TMPDIR:-/tmp}/blake3-subtrees-gen-target}"
cargo run --release --offline --quiet --manifest-path "${here}/Cargo.toml" \
  --config "source.crates-io.replace-with='debian-packages'" \
  --config "source.debian-packages.directory='${registry}'" \
  > "${here}/../blake3-subtrees.json.tmp"
mv "${here}/../blake3-subtrees.json.tmp" "${here}/../blake3-subtrees.json"
echo "wrote ${here}/../blake3-subtrees.json"
