#!/usr/bin/env bash
# Full-site build benchmark (DESIGN §8: <= 10 s wall, <= 500 MB peak RSS on 2 cores).
# Generates ~600 pages over 7 versions, builds the theme once (not timed), then times a
# cold `docsite build` three times and prints wall time and peak RSS of each run.
set -euo pipefail
cd "$(dirname "$0")/.."
work=bench/work
# Only this script's folders: bench/work also holds the other benchmarks' installs.
rm -rf "$work/site" "$work/out" && mkdir -p "$work"
python3 bench/gen_tree.py "$work/site"
cargo build --release -q -p docsite
# A frozen copy of the theme (node_modules linked): edits to theme/ made while this runs never
# trigger a theme build inside a timed run.
theme="$work/theme"
rm -rf "$theme" && mkdir -p "$theme"
tar -C theme --exclude=./node_modules -cf - . | tar -C "$theme" -xf -
ln -s "$PWD/theme/node_modules" "$theme/node_modules"
./target/release/docsite build "$work/site" --out "$work/out" --theme "$theme" >/dev/null 2>&1   # theme build, warm-up
for run in 1 2 3; do
  rm -rf "$work/out"
  /usr/bin/time -f "run $run: wall %e s, peak RSS %M KB" ./target/release/docsite build "$work/site" --out "$work/out" --theme "$theme" 2>&1 | grep -E "^run|built"
done
