#!/usr/bin/env bash
# Full-site build benchmark (DESIGN §8: <= 10 s wall, <= 500 MB peak RSS on 2 cores).
# Generates ~600 pages over 7 versions, builds the theme once (not timed), then times a
# cold `docsite build` three times and prints wall time and peak RSS of each run.
set -euo pipefail
cd "$(dirname "$0")/.."
work=bench/work
rm -rf "$work" && mkdir -p "$work"
python3 bench/gen_tree.py "$work/site"
cargo build --release -q -p docsite
./target/release/docsite build "$work/site" --out "$work/out" >/dev/null 2>&1   # theme build, warm-up
for run in 1 2 3; do
  rm -rf "$work/out"
  /usr/bin/time -f "run $run: wall %e s, peak RSS %M KB" ./target/release/docsite build "$work/site" --out "$work/out" 2>&1 | grep -E "^run|built"
done
