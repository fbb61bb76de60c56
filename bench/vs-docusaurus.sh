#!/usr/bin/env bash
# docsite vs Docusaurus on the same content (DESIGN §8: >= 25x faster, >= 6x less memory).
#
# Generates one Docusaurus-format tree (bench/gen_tree.py: ~600 pages over 7 versions with
# ts/js/json/csharp code, tables, admonitions, tabs, mermaid, cross links), then builds it
# with Docusaurus 3 (classic preset, default settings; pinned in bench/docusaurus/ and
# installed from npm into bench/work/vs) and with `docsite build`, alternating, RUNS times
# each (default 3). Every build is cold: Docusaurus without its .docusaurus folder and
# webpack cache, docsite into an empty output folder (its theme is built once before, not
# timed, as a content build never rebuilds it). Prints wall time, CPU time (user + system,
# children included) and peak RSS of each run, the medians and the ratios.
#
# Peak RSS is given twice: as GNU time reports it (the largest single process) and for the
# whole process tree (sum of all processes, sampled): docsite pre-renders in Node worker
# processes and webpack minifies in worker processes, so only the tree figure is fair.
#
# Usage: bench/vs-docusaurus.sh            (RUNS=1 for a quick look; about 5 min per
#                                           Docusaurus build on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
work=bench/work/vs
mkdir -p "$work"

step() { printf '\n==> %s\n' "$*" >&2; }

step "Docusaurus 3 from npm into $work"
if ! cmp -s bench/docusaurus/package-lock.json "$work/package-lock.json" || [ ! -x "$work/node_modules/.bin/docusaurus" ]; then
  cp bench/docusaurus/package.json bench/docusaurus/package-lock.json "$work/"
  (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
fi
echo "Docusaurus $(node -p "require('./$work/node_modules/@docusaurus/core/package.json').version"), Node $(node --version)" >&2

step "generating the tree"
rm -rf "$work/site" "$work/tiny"
python3 bench/gen_tree.py "$work/site" >&2

step "docsite: release binary and theme (built once, not timed)"
cargo build --release -q -p docsite
# A frozen copy of the theme (node_modules linked): edits to theme/ made while this runs never
# trigger a theme build inside a timed run.
theme="$work/theme"
rm -rf "$theme" && mkdir -p "$theme"
tar -C theme --exclude=./node_modules -cf - . | tar -C "$theme" -xf -
ln -s "$PWD/theme/node_modules" "$theme/node_modules"
./target/release/docsite build "$work/site" --out "$work/out-docsite" --theme "$theme" >/dev/null 2>&1

step "load: $(uptime | sed 's/.*load average/load average/')"
results="$work/results.jsonl"
: >"$results"
: >"$work/docusaurus.log"
: >"$work/docsite.log"
for run in $(seq 1 "$runs"); do
  step "run $run of $runs"
  rm -rf "$work/site/.docusaurus" "$work/site/node_modules" "$work/node_modules/.cache" "$work/out-docusaurus"
  # Docusaurus expects to run where its package.json is.
  (cd "$work" && python3 ../../measure.py docusaurus -- node_modules/.bin/docusaurus build site --out-dir "$OLDPWD/$work/out-docusaurus") \
    2>>"$work/docusaurus.log" | tee -a "$results"
  rm -rf "$work/out-docsite"
  python3 bench/measure.py docsite -- ./target/release/docsite build "$work/site" --out "$work/out-docsite" --theme "$theme" \
    2>>"$work/docsite.log" | tee -a "$results"
done
step "load after: $(uptime | sed 's/.*load average/load average/')"

pages_docusaurus=$(find "$work/out-docusaurus" -name '*.html' | wc -l)
pages_docsite=$(find "$work/out-docsite" -name '*.html' | wc -l)
python3 - "$results" "$pages_docusaurus" "$pages_docsite" <<'EOF'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
if any(r["exit"] != 0 for r in rows):
    sys.exit(f"a build failed: {[r for r in rows if r['exit'] != 0]}")
print(f"\nHTML files written: Docusaurus {sys.argv[2]}, docsite {sys.argv[3]}\n")
keys = [("wall_s", "wall s"), ("cpu_s", "CPU s"), ("max_rss_mb", "peak RSS MB (largest process)"), ("tree_rss_mb", "peak RSS MB (process tree)")]
med = {}
for tool in ("docusaurus", "docsite"):
    runs = [r for r in rows if r["label"] == tool]
    med[tool] = {k: statistics.median(r[k] for r in runs) for k, _ in keys}
    for k, name in keys:
        print(f"{tool:>10}  {name:<30} " + "  ".join(f"{r[k]:>8}" for r in runs) + f"   median {med[tool][k]}")
print()
for k, name in keys:
    print(f"ratio (Docusaurus / docsite)  {name:<30} {med['docusaurus'][k] / med['docsite'][k]:.1f}x")
EOF
