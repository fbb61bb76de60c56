#!/usr/bin/env bash
# docsite vs Docusaurus on the same content (DESIGN §8: >= 25x faster, >= 6x less memory).
#
# Without WEBSITE_DIR: generates one Docusaurus-format tree (bench/gen_tree.py: ~600 pages
# over 7 versions with ts/js/json/csharp code, tables, admonitions, tabs, mermaid, cross
# links) and builds it with Docusaurus 3 (classic preset, default settings; pinned in
# bench/docusaurus/ and installed from npm into bench/work/vs). With WEBSITE_DIR: a copy of
# that Docusaurus site folder (its installed node_modules too; the folder itself is never
# written to) in bench/work/vs-website, built with its own Docusaurus. Both sides build it
# alternately, RUNS times each (default 3): first cold, Docusaurus without its .docusaurus
# folder and bundler cache (node_modules/.cache), docsite without the site's .docsite folder
# (its pre-render cache and the site's React code build) into an empty output folder; then
# warm, each with what its cold build left (caches and, for docsite, the output folder).
# docsite's theme is built once before, not timed, as a content build never rebuilds it.
# Prints wall time, CPU time (user + system, children included) and peak RSS of each run, the
# medians and the ratios, cold and warm apart.
#
# --faster measures Docusaurus Faster instead (docusaurus.io/docs/api/docusaurus-config#future):
# the copy gets `@docusaurus/faster` at the version of its `@docusaurus/core` (from npm) and
# is built with `future: { faster: true }` added to the site's config (a config file beside
# it that loads the site's own: `docusaurus build --config`), with the one v4 flag Docusaurus
# requires for it (`future.v4.removeLegacyPostBuildHeadAttribute`: Faster's SSG worker
# threads refuse to start without it); the other v4 flags stay as the site has them. Its work
# folder has `-faster` appended.
#
# Peak RSS is given twice: as GNU time reports it (the largest single process) and for the
# whole process tree (sum of all processes, sampled): docsite pre-renders in Node worker
# processes and webpack minifies in worker processes, so only the tree figure is fair.
#
# Usage: bench/vs-docusaurus.sh [--faster] [WEBSITE_DIR]   (RUNS=1 for a quick look; about
#        5 min per Docusaurus build of the generated tree on 2 cores, 15-30 min of the
#        standard's website)
set -euo pipefail
usage="usage: bench/vs-docusaurus.sh [--faster] [WEBSITE_DIR]"
faster='' website=''
while [ $# -gt 0 ]; do
  case $1 in
    --faster) faster=1 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    -*) echo "unknown option $1; $usage" >&2; exit 2 ;;
    *) [ -z "$website" ] || { echo "$usage" >&2; exit 2; }; website=$(cd "$1" && pwd) ;;
  esac
  shift
done
cd "$(dirname "$0")/.."
runs=${RUNS:-3}

step() { printf '\n==> %s\n' "$*" >&2; }

if [ -n "$website" ]; then
  [ -f "$website/package.json" ] || { echo "$website has no package.json: not a Docusaurus site folder" >&2; exit 2; }
  work=bench/work/vs-website${faster:+-faster}
  # project: where package.json and node_modules are; site: the Docusaurus site folder.
  project=$work/site site=$work/site site_arg=.
  step "a copy of $website into $work/site"
  rm -rf "$work/site" && mkdir -p "$work"
  cp -a "$website" "$work/site"
  rm -rf "$work/site/build" "$work/site/.docusaurus" "$work/site/.docsite"
  if [ ! -x "$project/node_modules/.bin/docusaurus" ]; then
    (cd "$project" && npm ci --no-audit --no-fund --loglevel=error >&2)
  fi
else
  work=bench/work/vs${faster:+-faster}
  project=$work site=$work/site site_arg=site
  mkdir -p "$work"
  step "Docusaurus 3 from npm into $work"
  # The pinned lockfile is kept aside: --faster's install changes the folder's own.
  if ! cmp -s bench/docusaurus/package-lock.json "$work/pinned-lock.json" || [ ! -x "$work/node_modules/.bin/docusaurus" ]; then
    cp bench/docusaurus/package.json bench/docusaurus/package-lock.json "$work/"
    (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
    cp bench/docusaurus/package-lock.json "$work/pinned-lock.json"
  fi
  step "generating the tree"
  rm -rf "$work/site" "$work/tiny"
  python3 bench/gen_tree.py "$work/site" >&2
fi
core=$(node -p "require('./$project/node_modules/@docusaurus/core/package.json').version")
label=docusaurus
config_args=()
if [ -n "$faster" ]; then
  label=docusaurus-faster
  installed=$(node -p "try { require('./$project/node_modules/@docusaurus/faster/package.json').version } catch { '' }")
  if [ "$installed" != "$core" ]; then
    step "@docusaurus/faster@$core from npm into $project"
    # --legacy-peer-deps: one package added to the tree as installed, whose peer ranges a
    # site may already not meet (the standard's website: theme-mermaid's layout-elk).
    (cd "$project" && npm install --no-audit --no-fund --loglevel=error --legacy-peer-deps "@docusaurus/faster@$core" >&2)
  fi
  config=''
  for name in docusaurus.config.ts docusaurus.config.mts docusaurus.config.js docusaurus.config.mjs docusaurus.config.cjs; do
    [ -f "$site/$name" ] && { config=$name; break; }
  done
  [ -n "$config" ] || { echo "no docusaurus.config.{ts,mts,js,mjs,cjs} in $site" >&2; exit 2; }
  # Docusaurus loads a config through jiti, which reads this require of any of those kinds.
  cat >"$site/docusaurus.faster.config.js" <<JS
// Written by bench/vs-docusaurus.sh --faster: the site's own config, with Docusaurus Faster.
const own = require('./$config');
module.exports = async function config(...args) {
  const exported = own && own.__esModule ? own.default : own;
  const site = await (typeof exported === 'function' ? exported(...args) : exported);
  const future = site.future ?? {};
  const v4 = future.v4 === true ? true : { ...(future.v4 || {}), removeLegacyPostBuildHeadAttribute: true };
  return { ...site, future: { ...future, faster: true, v4 } };
};
JS
  config_args=(--config docusaurus.faster.config.js)
fi
echo "Docusaurus $core${faster:+ with Docusaurus Faster}, Node $(node --version)" >&2

step "docsite: release binary and theme (built once, not timed)"
cargo build --release -q -p docsite
# Frozen copies of the binary and the theme (node_modules linked): a rebuild or edits to
# theme/ made while this runs never change what a timed run runs, nor start a theme build.
docsite=$work/docsite
cp target/release/docsite "$docsite"
theme="$work/theme"
rm -rf "$theme" && mkdir -p "$theme"
tar -C theme --exclude=./node_modules -cf - . | tar -C "$theme" -xf -
ln -s "$PWD/theme/node_modules" "$theme/node_modules"
"$docsite" build "$site" --out "$work/out-docsite" --theme "$theme" >/dev/null 2>&1

step "load: $(uptime | sed 's/.*load average/load average/')"
results="$work/results.jsonl"
: >"$results"
: >"$work/docusaurus.log"
: >"$work/docsite.log"
root=$PWD
# docusaurus_run LABEL: one timed `docusaurus build` into $work/out-docusaurus.
docusaurus_run() {
  rm -rf "$work/out-docusaurus"
  # Docusaurus expects to run where its package.json is.
  (cd "$project" && python3 "$root/bench/measure.py" "$1" -- node_modules/.bin/docusaurus build "$site_arg" --out-dir "$root/$work/out-docusaurus" "${config_args[@]}") \
    2>>"$work/docusaurus.log" | tee -a "$results"
}
# docsite_run LABEL: one timed `docsite build` into $work/out-docsite.
docsite_run() {
  python3 bench/measure.py "$1" -- "$docsite" build "$site" --out "$work/out-docsite" --theme "$theme" \
    2>>"$work/docsite.log" | tee -a "$results"
}
for run in $(seq 1 "$runs"); do
  step "run $run of $runs: cold"
  rm -rf "$site/.docusaurus" "$site/node_modules/.cache" "$project/node_modules/.cache"
  docusaurus_run "$label cold"
  rm -rf "$site/.docsite" "$work/out-docsite"
  docsite_run "docsite cold"
  step "run $run of $runs: warm"
  docusaurus_run "$label warm"
  docsite_run "docsite warm"
done
step "load after: $(uptime | sed 's/.*load average/load average/')"

pages_docusaurus=$(find "$work/out-docusaurus" -name '*.html' | wc -l)
pages_docsite=$(find "$work/out-docsite" -name '*.html' | wc -l)
python3 - "$results" "$pages_docusaurus" "$pages_docsite" "$label" <<'EOF'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
if any(r["exit"] != 0 for r in rows):
    sys.exit(f"a build failed: {[r for r in rows if r['exit'] != 0]}")
them = sys.argv[4]
print(f"\nHTML files written: {them} {sys.argv[2]}, docsite {sys.argv[3]}")
keys = [("wall_s", "wall s"), ("cpu_s", "CPU s"), ("max_rss_mb", "peak RSS MB (largest process)"), ("tree_rss_mb", "peak RSS MB (process tree)")]
for kind in ("cold", "warm"):
    print(f"\n{kind}")
    med = {}
    for tool in (them, "docsite"):
        runs = [r for r in rows if r["label"] == f"{tool} {kind}"]
        med[tool] = {k: statistics.median(r[k] for r in runs) for k, _ in keys}
        for k, name in keys:
            print(f"{tool:>17}  {name:<30} " + "  ".join(f"{r[k]:>8}" for r in runs) + f"   median {med[tool][k]}")
    for k, name in keys:
        print(f"ratio ({them} / docsite)  {name:<30} {med[them][k] / max(med['docsite'][k], 1e-9):.1f}x")
EOF
