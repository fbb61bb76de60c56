#!/usr/bin/env bash
# `docsite dev` save-to-reload latency on the FDC3 site (DESIGN §8: <= 100 ms).
# Prints the median, 90th percentile and maximum over 30 saves (bench/dev-reload.mjs), then
# the React-edit figure (issue 38: <= 1 s, state kept): a component of fixtures/react-pages
# edited 10 times, save to the new text on the page open in Chromium (bench/dev-react.mjs;
# `node bench/dev-react.mjs SITE_DIR ROUTE FILE TEXT` for another site).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p docsite
# The theme must be built before timing (docsite dev builds it when stale, untimed here).
./target/release/docsite check site >/dev/null
node bench/dev-reload.mjs site "${1:-30}"
node bench/dev-react.mjs "${2:-10}"
