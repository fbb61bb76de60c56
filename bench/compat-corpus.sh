#!/usr/bin/env bash
# The compatibility corpus (issue 34): builds every public Docusaurus 3 site of
# bench/compat-corpus.toml unchanged with docsite, and optionally with Docusaurus, and prints
# one table row per site.
#
# For each site: `git archive` of its pinned commit from the mirror of its repository into
# bench/work/corpus/<name> (ignored by git; reused while the commit is the same), the site's
# own install with its own package manager in the folder the corpus names (npm ci; yarn or
# pnpm through corepack, at the version the project's packageManager field or lockfile says;
# never npm over a yarn or pnpm site), then `docsite build` of the site folder by its relative
# path. With --with-docusaurus also `docusaurus build` of the same folder, the route diff
# (routes only docsite wrote / only Docusaurus wrote) and the CPU ratio (docsite / Docusaurus).
#
# Usage: bench/compat-corpus.sh MIRRORS_DIR [--with-docusaurus] [--only NAME]
#   MIRRORS_DIR holds one bare git directory per repository, as owner+name/repo or owner+name
#   (what the `fetch` tool or `git clone --mirror https://github.com/owner/name owner+name`
#   gives). Logs: bench/work/corpus-out/<name>/; the table: bench/work/corpus-out/table.md.
# Needs the network (npm, corepack) for the installs. Not part of .ci/run.
set -euo pipefail
usage="usage: bench/compat-corpus.sh MIRRORS_DIR [--with-docusaurus] [--only NAME]"
mirrors=${1:?$usage}
mirrors=$(cd "$mirrors" && pwd)
shift
with_docusaurus=
only=
while [ $# -gt 0 ]; do
  case $1 in
    --with-docusaurus) with_docusaurus=1 ;;
    --only) only=${2:?$usage}; shift ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
  shift
done
cd "$(dirname "$0")/.."
# shellcheck source=bench/compat-lib.sh
. bench/compat-lib.sh
corpus=bench/work/corpus
results=bench/work/corpus-out
mkdir -p "$corpus" "$results"
step() { printf '\n==> %s\n' "$*" >&2; }

step "docsite: release binary"
cargo build --release --locked -q -p docsite
# The theme is built (when stale) by a build of a small fixture: a content build never
# rebuilds it.
./target/release/docsite build fixtures/basic --out "$results/warm" >/dev/null 2>&1

# The corpus as tab-separated lines: name, repo, commit, site, install, pm, tags.
sites=$(python3 - "$only" <<'PY'
import sys, tomllib
only = sys.argv[1]
corpus = tomllib.load(open("bench/compat-corpus.toml", "rb"))["site"]
names = [s["name"] for s in corpus]
if only and only not in names:
    sys.exit(f"bench/compat-corpus.toml has no site named {only!r} (it has: {', '.join(names)})")
for s in corpus:
    if only and s["name"] != only:
        continue
    for key in ("name", "repo", "commit", "site", "install", "pm", "tags"):
        if key not in s:
            sys.exit(f"bench/compat-corpus.toml: site {s.get('name', '?')!r} lacks `{key}`")
    if s["pm"] not in ("npm", "yarn", "pnpm"):
        sys.exit(f"bench/compat-corpus.toml: site {s['name']!r}: pm = {s['pm']!r} (npm, yarn or pnpm)")
    print("\t".join([s["name"], s["repo"], s["commit"], s["site"], s["install"], s["pm"], ",".join(s["tags"])]))
PY
)

# Yarn 2+ comes from the npm registry (@yarnpkg/cli-dist) rather than repo.yarnpkg.com.
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0 COREPACK_ENABLE_STRICT=0 CI=1
export COREPACK_NPM_REGISTRY=${COREPACK_NPM_REGISTRY:-$(npm config get registry | sed "s|/$||")}
# site_install DIR PM: the site's own install, by its own package manager.
site_install() {
  local dir=$1 pm=$2
  case $pm in
    npm) (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) ;;
    pnpm) (cd "$dir" && corepack pnpm install --frozen-lockfile) ;;
    yarn)
      if head -n 5 "$dir/yarn.lock" | grep -q '^# yarn lockfile v1'; then
        # A classic lockfile: Yarn 1, whatever a parent folder's packageManager says.
        (cd "$dir" && corepack yarn@1.22.22 install --frozen-lockfile --non-interactive)
      else
        (cd "$dir" && YARN_ENABLE_IMMUTABLE_INSTALLS=true corepack yarn install)
      fi ;;
  esac
}

header="| site | tags | install | docsite exit | errors | warnings | routes | first error |"
rule="|---|---|---|---|---|---|---|---|"
if [ -n "$with_docusaurus" ]; then
  header="$header Docusaurus exit | docsite-only routes | Docusaurus-only routes | CPU docsite / Docusaurus |"
  rule="$rule---|---|---|---|"
fi
rows=()
while IFS=$'\t' read -r name repo commit site_dir install_dir pm tags; do
  [ -n "$name" ] || continue
  git_dir=$mirrors/${repo/\//+}/repo
  [ -d "$git_dir" ] || git_dir=$mirrors/${repo/\//+}
  work=$corpus/$name
  out=$results/$name
  mkdir -p "$out"
  step "$name: $repo@${commit:0:12} ($site_dir, $pm)"
  if [ "$(cat "$work/.corpus-commit" 2>/dev/null)" != "$commit" ]; then
    rm -rf "$work"
    mkdir -p "$work"
    git --git-dir="$git_dir" archive "$commit" | tar -x -C "$work"
    echo "$commit" > "$work/.corpus-commit"
  fi
  installed=ok
  if [ ! -f "$work/.corpus-installed" ]; then
    if site_install "$work/$install_dir" "$pm" >"$out/install.log" 2>&1; then
      touch "$work/.corpus-installed"
    else
      installed=failed
      tail -n 5 "$out/install.log" >&2
    fi
  fi
  rc=0
  docsite_build "$work/$site_dir" "$out/docsite" "$out/docsite.log" "$out/docsite.json" || rc=$?
  errors=$(diag_count "$out/docsite.log" error)
  warnings=$(diag_count "$out/docsite.log" warning)
  first_error=$(grep -m1 '^error' "$out/docsite.log" | cut -c1-160 | sed 's/|/\\|/g' || true)
  nroutes=-
  if [ -d "$out/docsite" ]; then
    routes_of "$out/docsite" > "$out/docsite-routes.txt"
    nroutes=$(wc -l < "$out/docsite-routes.txt")
  fi
  echo "docsite: exit $rc, $errors errors, $warnings warnings, $nroutes routes ($out/docsite.log)" >&2
  row="| $name | ${tags//,/ } | $installed | $rc | $errors | $warnings | $nroutes | ${first_error:-} |"
  if [ -n "$with_docusaurus" ]; then
    drc=0
    docusaurus_build "$work/$site_dir" "$out/docusaurus" "$out/docusaurus.log" "$out/docusaurus.json" || drc=$?
    only_docsite=- only_docusaurus=- ratio=-
    if [ "$drc" = 0 ]; then
      routes_of "$out/docusaurus" > "$out/docusaurus-routes.txt"
      [ -f "$out/docsite-routes.txt" ] || : > "$out/docsite-routes.txt"
      comm -13 "$out/docusaurus-routes.txt" "$out/docsite-routes.txt" > "$out/docsite-only.txt"
      comm -23 "$out/docusaurus-routes.txt" "$out/docsite-routes.txt" > "$out/docusaurus-only.txt"
      only_docsite=$(wc -l < "$out/docsite-only.txt")
      only_docusaurus=$(wc -l < "$out/docusaurus-only.txt")
      ratio=$(python3 -c 'import json,sys; d,u=(json.load(open(p))["cpu_s"] for p in sys.argv[1:]); print(f"{d}/{u} s = {d/u:.2f}")' "$out/docsite.json" "$out/docusaurus.json")
    else
      tail -n 10 "$out/docusaurus.log" >&2
    fi
    echo "Docusaurus: exit $drc; routes only docsite wrote: $only_docsite, only Docusaurus: $only_docusaurus ($out/*-only.txt)" >&2
    row="$row $drc | $only_docsite | $only_docusaurus | $ratio |"
  fi
  rows+=("$row")
done <<< "$sites"

{
  echo "$header"
  echo "$rule"
  printf '%s\n' "${rows[@]}"
} | tee "$results/table.md"
