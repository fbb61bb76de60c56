#!/usr/bin/env bash
# Full-site build benchmark (DESIGN §8: <= 10 s wall, <= 500 MB peak RSS on 2 cores).
# Generates ~600 pages over 7 versions, builds the theme once (not timed), then times a
# cold `docsite build` three times and prints wall time, CPU time and peak RSS of each run.
set -euo pipefail
cd "$(dirname "$0")/.."
work=bench/work
# Only this script's folders: bench/work also holds the other benchmarks' installs.
rm -rf "$work/site" "$work/out" && mkdir -p "$work"
python3 bench/gen_tree.py "$work/site"
cargo build --release -q -p docsite
[ -d theme/node_modules ] || (cd theme && npm ci --no-audit --no-fund --loglevel=error)
# A frozen copy of the theme (node_modules linked): edits to theme/ made while this runs never
# trigger a theme build inside a timed run.
theme="$work/theme"
rm -rf "$theme" && mkdir -p "$theme"
tar -C theme --exclude=./node_modules -cf - . | tar -C "$theme" -xf -
ln -s "$PWD/theme/node_modules" "$theme/node_modules"
./target/release/docsite build "$work/site" --out "$work/out" --theme "$theme" >/dev/null 2>&1   # theme build, warm-up
# Wall and CPU time (user + system, Node workers included), the peak RSS of the largest process
# (docsite itself) and of the whole process tree (docsite and its Node workers), per run.
for run in 1 2 3; do
  rm -rf "$work/out"
  load=$(cut -d' ' -f1 /proc/loadavg)
  python3 bench/measure.py docsite -- ./target/release/docsite build "$work/site" --out "$work/out" --theme "$theme" 2>/dev/null |
    python3 -c 'import json, sys
r = json.load(sys.stdin)
print("run {} (load {}): wall {wall_s} s, CPU {cpu_s} s, peak RSS {max_rss_mb:.0f} MB (process tree {tree_rss_mb:.0f} MB){}".format(
    sys.argv[1], sys.argv[2], "" if r["exit"] == 0 else ", FAILED (exit {})".format(r["exit"]), **r))' "$run" "$load"
done
