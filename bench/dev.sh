#!/usr/bin/env bash
# `docsite dev` save-to-reload latency on the FDC3 site (DESIGN §8: <= 100 ms).
# Prints the median, 90th percentile and maximum over 30 saves (bench/dev-reload.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p docsite
# The theme must be built before timing (docsite dev builds it when stale, untimed here).
./target/release/docsite check site >/dev/null
node bench/dev-reload.mjs site "${1:-30}"
