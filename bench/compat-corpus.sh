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
# (routes only docsite wrote / only Docusaurus wrote), the CPU ratio (docsite / Docusaurus) and
# screenshot pairs (home page and one doc at 1280 and 400 px, light and dark,
# bench/compat-screens.mjs) in corpus-out/<name>/screens/ and the computed-style probe of the
# same pages (bench/compat-styles.mjs: matching / total, the differences in styles.log).
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

# The corpus as tab-separated lines: name, repo, commit, site, install, pm, tags, prepare.
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
    print("\t".join([s["name"], s["repo"], s["commit"], s["site"], s["install"], s["pm"], ",".join(s["tags"]), s.get("prepare", "")]))
PY
)

# Yarn 2+ comes from the npm registry (@yarnpkg/cli-dist) rather than repo.yarnpkg.com. The
# npm registry's current signing key is newer than the keys corepack 0.34 knows (it refuses
# every recent pnpm with "No compatible signature"): the integrity hash is still checked.
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0 COREPACK_ENABLE_STRICT=0 COREPACK_INTEGRITY_KEYS=0 CI=1
export COREPACK_NPM_REGISTRY=${COREPACK_NPM_REGISTRY:-$(npm config get registry | sed "s|/$||")}
# The newest pnpm that runs on Node 20, for a site whose pnpm needs a newer Node.
PNPM_FOR_NODE20=10.34.8
# site_install DIR PM LOG: the site's own install, by its own package manager, without
# install scripts (they download binaries from hosts other than the npm registry, or need a
# .git folder; a Docusaurus build needs none of them). Prints what ran.
site_install() {
  local dir=$1 pm=$2 log=$3
  case $pm in
    npm)
      # A lockfile resolved through a Nexus-style mirror of npm (`https://<host>/repository/npm/`,
      # karmada's) names hosts this machine cannot reach: the same tarballs (same integrity
      # hashes) are fetched from npm's registry itself.
      if grep -qE '"resolved": "https://[^"/]+/repository/npm/' "$dir/package-lock.json"; then
        echo "npm ci (mirror URLs of the lockfile read as registry.npmjs.org)"
        sed -i -E 's#"resolved": "https://[^"/]+/repository/npm/#"resolved": "https://registry.npmjs.org/#' "$dir/package-lock.json"
      else
        echo "npm ci"
      fi
      (cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) >"$log" 2>&1 ;;
    pnpm)
      if ! grep -q '"packageManager"' "$dir/package.json"; then
        # No version named: corepack's default is the newest pnpm, which may refuse an
        # older lockfile; lockfile 9.0 is pnpm 9 and 10's.
        echo "pnpm $PNPM_FOR_NODE20 (no packageManager; lockfile $(sed -n "s/^lockfileVersion: '\(.*\)'/\1/p" "$dir/pnpm-lock.yaml"))"
        (cd "$dir" && corepack "pnpm@$PNPM_FOR_NODE20" install --frozen-lockfile --ignore-scripts) >"$log" 2>&1
      elif (cd "$dir" && corepack pnpm install --frozen-lockfile --ignore-scripts) >"$log" 2>&1; then
        echo "pnpm"
      elif grep -q 'requires at least Node.js' "$log"; then
        echo "pnpm $PNPM_FOR_NODE20 (the site's needs a newer Node)"
        (cd "$dir" && corepack "pnpm@$PNPM_FOR_NODE20" install --frozen-lockfile --ignore-scripts) >>"$log" 2>&1
      else
        echo pnpm; return 1
      fi ;;
    yarn)
      if head -n 5 "$dir/yarn.lock" | grep -q '^# yarn lockfile v1'; then
        # A classic lockfile: Yarn 1, whatever a parent folder's packageManager says.
        echo "yarn 1"
        (cd "$dir" && corepack yarn@1.22.22 install --frozen-lockfile --non-interactive --ignore-scripts) >"$log" 2>&1
      else
        echo "yarn $(cd "$dir" && corepack yarn --version 2>/dev/null)"
        (cd "$dir" && YARN_ENABLE_IMMUTABLE_INSTALLS=true YARN_ENABLE_SCRIPTS=false corepack yarn install) >"$log" 2>&1
      fi ;;
  esac
}

header="| site | tags | install | docsite exit | errors | warnings | routes | first error |"
rule="|---|---|---|---|---|---|---|---|"
if [ -n "$with_docusaurus" ]; then
  header="$header Docusaurus exit | docsite-only routes | Docusaurus-only routes | CPU docsite / Docusaurus | style probes |"
  rule="$rule---|---|---|---|---|"
fi
while IFS=$'\t' read -r name repo commit site_dir install_dir pm tags prepare; do
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
    # A mirror may lack some blobs (large files a snapshot leaves out): those files are listed
    # in missing-files.txt and stand in as empty files.
    git --git-dir="$git_dir" ls-tree -r "$commit" | awk -F '\t' '$1 ~ / blob / { split($1, m, " "); print m[3] "\t" $2 }' > "$out/tree.txt"
    cut -f1 "$out/tree.txt" | git --git-dir="$git_dir" cat-file --batch-check='%(objectname)' | paste - "$out/tree.txt" \
      | awk -F '\t' '$1 ~ / missing$/ { print $3 }' > "$out/missing-files.txt"
    if [ -s "$out/missing-files.txt" ]; then
      echo "$(wc -l < "$out/missing-files.txt") files absent from the mirror, left out ($out/missing-files.txt)" >&2
      # `git archive` stops at the first absent blob: the commit's tree goes through an index
      # of its own (outside the mirror, which is never written) without those files.
      index=$(mktemp)
      GIT_INDEX_FILE=$index git --git-dir="$git_dir" --work-tree="$work" read-tree "$commit"
      GIT_INDEX_FILE=$index git --git-dir="$git_dir" --work-tree="$work" update-index --force-remove --stdin < "$out/missing-files.txt"
      GIT_INDEX_FILE=$index git --git-dir="$git_dir" --work-tree="$work" checkout-index -a -f
      rm -f "$index"
      # The site has those files upstream (large images, mostly): an empty file stands in for
      # each, so that both builds find what the site references (the page then shows a
      # broken image, in both builds alike).
      while IFS= read -r missing; do
        mkdir -p "$work/$(dirname "$missing")" && : > "$work/$missing"
      done < "$out/missing-files.txt"
    else
      git --git-dir="$git_dir" archive "$commit" | tar -x -C "$work"
    fi
    # What the site's own build script does before `docusaurus build` (e.g. copying one
    # language's folder into place): run once on the fresh copy.
    [ -z "$prepare" ] || (cd "$work" && sh -c "$prepare")
    echo "$commit" > "$work/.corpus-commit"
  fi
  # An install that failed is not tried again (CORPUS_RETRY_INSTALL=1 tries it).
  [ "${CORPUS_RETRY_INSTALL:-}" != 1 ] || rm -f "$out/install-failed"
  if [ ! -f "$work/.corpus-installed" ] && [ ! -f "$out/install-failed" ]; then
    if how=$(site_install "$work/$install_dir" "$pm" "$out/install.log"); then
      echo "$how" > "$work/.corpus-installed"
      rm -f "$out/install-failed"
    else
      echo "$how: failed" > "$out/install-failed"
      tail -n 5 "$out/install.log" >&2
    fi
  fi
  installed=$(cat "$work/.corpus-installed" 2>/dev/null || cat "$out/install-failed")
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
    only_docsite=- only_docusaurus=- ratio=- styles=-
    if [ "$drc" = 0 ]; then
      routes_of "$out/docusaurus" > "$out/docusaurus-routes.txt"
      [ -f "$out/docsite-routes.txt" ] || : > "$out/docsite-routes.txt"
      comm -13 "$out/docusaurus-routes.txt" "$out/docsite-routes.txt" > "$out/docsite-only.txt"
      comm -23 "$out/docusaurus-routes.txt" "$out/docsite-routes.txt" > "$out/docusaurus-only.txt"
      only_docsite=$(wc -l < "$out/docsite-only.txt")
      only_docusaurus=$(wc -l < "$out/docusaurus-only.txt")
      ratio=$(python3 -c 'import json,sys; d,u=(json.load(open(p))["cpu_s"] for p in sys.argv[1:]); print(f"{d}/{u} s = {d/u:.2f}")' "$out/docsite.json" "$out/docusaurus.json")
      # The load average the two builds ran under (the machine may be shared).
      ratio="$ratio (load $(cut -d' ' -f1 /proc/loadavg))"
      # The screenshot pairs of the home page and of one doc both builds have (the first
      # shared route that is no list, tag, search or 404 page).
      doc=$(comm -12 "$out/docusaurus-routes.txt" "$out/docsite-routes.txt" \
        | grep -v -E '^/$|^/404$|^/search$|/tags(/|$)|/blog(/|$)|/page/[0-9]+$' | head -n 1 || true)
      # And the computed-style probe of the same two routes (bench/compat-styles.mjs).
      styles=-
      if [ -f "$out/docsite/index.html" ]; then
        node bench/compat-screens.mjs "$out/docsite" "$out/docusaurus" "$out/screens" home=/ ${doc:+doc=$doc} >"$out/screens.log" 2>&1 \
          || { echo "screenshots failed ($out/screens.log)" >&2; tail -n 5 "$out/screens.log" >&2; }
        if node bench/compat-styles.mjs "$out/docsite" "$out/docusaurus" --name "$name" --json "$out/styles.json" / ${doc:+"$doc"} >"$out/styles.log" 2>&1; then
          styles=$(sed -n 's/^score [^:]*: \([0-9]*\/[0-9]*\) .*/\1/p' "$out/styles.log")
          echo "style probes: $styles match ($out/styles.log)" >&2
        else
          echo "style probe failed ($out/styles.log)" >&2; tail -n 5 "$out/styles.log" >&2
        fi
      fi
    else
      tail -n 10 "$out/docusaurus.log" >&2
    fi
    echo "Docusaurus: exit $drc; routes only docsite wrote: $only_docsite, only Docusaurus: $only_docusaurus ($out/*-only.txt)" >&2
    row="$row $drc | $only_docsite | $only_docusaurus | $ratio | $styles |"
  fi
  echo "$row" > "$out/row.md"
done <<< "$sites"

# The table: every site's latest row (of this run or an earlier one, e.g. with --only), in
# the corpus's order.
{
  echo "$header"
  echo "$rule"
  for name in $(python3 -c 'import tomllib; print(" ".join(s["name"] for s in tomllib.load(open("bench/compat-corpus.toml", "rb"))["site"]))'); do
    [ ! -f "$results/$name/row.md" ] || cat "$results/$name/row.md"
  done
} | tee "$results/table.md"
