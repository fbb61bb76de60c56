#!/usr/bin/env bash
# Docusaurus compatibility on a real Docusaurus site folder (issue 22): builds it with
# docsite, unchanged (no docsite.toml: the Docusaurus config is read), and prints the build
# time, peak memory and the list of docs routes. With --with-docusaurus it also installs the
# site's own dependencies from npm into a copy of the folder (bench/work/compat; the folder
# itself is never written to), builds it with `docusaurus build`, and prints both sides'
# figures and the route diff (docs routes Docusaurus writes that docsite does not, and the
# reverse).
#
# The site's React pages (src/pages) are then compared with Docusaurus's: headings, sections
# and links of each (bench/compat-pages.py), and checked in Chromium (bench/react-pages.mjs:
# pre-rendered, hydrated without console errors, a client-side round trip to a doc;
# screenshots in bench/work/react-pages/).
#
# Usage: bench/compat.sh WEBSITE_DIR [--with-docusaurus | --docusaurus-build DIR]
#   e.g. mkdir -p /tmp/fdc3 && git -C <FDC3 clone> archive HEAD website | tar -x -C /tmp/fdc3
#        bench/compat.sh /tmp/fdc3/website
#   --docusaurus-build DIR compares with an existing `docusaurus build` output of the same
#   site (no npm, no Docusaurus run; its time and memory are not shown).
# Needs the network only with --with-docusaurus (npm). Not part of .ci/run.
set -euo pipefail
usage="usage: bench/compat.sh WEBSITE_DIR [--with-docusaurus | --docusaurus-build DIR]"
site=${1:?$usage}
with_docusaurus=${2:-}
docusaurus_build=
if [ "$with_docusaurus" = --docusaurus-build ]; then
  docusaurus_build=$(cd "${3:?$usage}" && pwd)
fi
site=$(cd "$site" && pwd)
cd "$(dirname "$0")/.."
work=bench/work/compat
mkdir -p "$work"
# shellcheck source=bench/compat-lib.sh
. bench/compat-lib.sh
step() { printf '\n==> %s\n' "$*" >&2; }

step "docsite: release binary"
cargo build --release --locked -q -p docsite
# The theme is built (when stale) by a build of a small fixture, not timed: a content build
# never rebuilds it.
./target/release/docsite build fixtures/basic --out "$work/warm" >/dev/null 2>&1

step "docsite build $site"
rc=0
docsite_build "$site" "$work/docsite-out" "$work/docsite.log" "$work/docsite.json" || rc=$?
tail -n 3 "$work/docsite.log" >&2
echo "docsite exit code: $rc" >&2
errors=$(diag_count "$work/docsite.log" error)
warnings=$(diag_count "$work/docsite.log" warning)
echo "docsite: $errors errors, $warnings warnings (full report: $work/docsite.log)"
cat "$work/docsite.json"
[ "$rc" = 0 ] || exit "$rc"
routes_of "$work/docsite-out" > "$work/docsite-routes.txt"
grep -E '^/docs(/|$)' "$work/docsite-routes.txt" > "$work/docsite-docs-routes.txt" || true
echo "docsite: $(wc -l < "$work/docsite-routes.txt") routes, $(wc -l < "$work/docsite-docs-routes.txt") docs routes ($work/docsite-docs-routes.txt)"

if [ "$with_docusaurus" != "--with-docusaurus" ] && [ -z "$docusaurus_build" ]; then
  echo
  echo "Docusaurus was not run (pass --with-docusaurus to install it from npm and compare)."
  echo "Docs routes docsite wrote:"
  cat "$work/docsite-docs-routes.txt"
  exit 0
fi

# COMPAT_REUSE_DOCUSAURUS=1 keeps the previous Docusaurus build of bench/work/compat (its
# figures and output) when there is one: it takes 15-30 minutes on two shared cores.
dz_build="$work/site/build"
if [ -n "$docusaurus_build" ]; then
  step "Docusaurus: comparing with the existing build $docusaurus_build"
  dz_build=$docusaurus_build
  echo '{}' > "$work/docusaurus-given.json"
elif [ "${COMPAT_REUSE_DOCUSAURUS:-}" = 1 ] && [ -s "$work/docusaurus.json" ] && [ -d "$work/site/build" ]; then
  step "Docusaurus: reusing the build in $work/site/build (COMPAT_REUSE_DOCUSAURUS=1)"
else
  step "Docusaurus: a copy of the site with its own dependencies (npm ci)"
  rm -rf "$work/site"
  cp -r "$site" "$work/site"
  (cd "$work/site" && npm ci --no-audit --no-fund --loglevel=error >&2)
  # `docusaurus build` directly, not `npm run build`: the site's `prebuild` script builds its
  # parent monorepo and copies its outputs into static/ (so links to those files are broken
  # on both sides, which the route diff does not count).
  step "docusaurus build (log: $work/docusaurus.log)"
  docusaurus_build "$work/site" "$work/site/build" "$work/docusaurus.log" "$work/docusaurus.json" \
    || { tail -n 30 "$work/docusaurus.log" >&2; echo "docusaurus build failed (full log: $work/docusaurus.log)" >&2; exit 1; }
fi
dz_json="$work/docusaurus.json"
[ -n "$docusaurus_build" ] && dz_json="$work/docusaurus-given.json"
cat "$dz_json"
routes_of "$dz_build" > "$work/docusaurus-routes.txt"
grep -E '^/docs(/|$)' "$work/docusaurus-routes.txt" > "$work/docusaurus-docs-routes.txt" || true
echo "Docusaurus: $(wc -l < "$work/docusaurus-routes.txt") routes, $(wc -l < "$work/docusaurus-docs-routes.txt") docs routes ($work/docusaurus-docs-routes.txt)"

echo
echo "Docs routes Docusaurus wrote that docsite did not:"
comm -23 "$work/docusaurus-docs-routes.txt" "$work/docsite-docs-routes.txt" | sed 's/^/  /'
echo "Docs routes docsite wrote that Docusaurus did not:"
comm -13 "$work/docusaurus-docs-routes.txt" "$work/docsite-docs-routes.txt" | sed 's/^/  /'
# The routes of the site's React pages (src/pages/*.js|jsx|ts|tsx, `index` as the folder).
react_pages() {
  [ -d "$1/src/pages" ] || return 0
  (cd "$1/src/pages" && find . -type f \( -name '*.js' -o -name '*.jsx' -o -name '*.ts' -o -name '*.tsx' \) -not -name '_*' \
    | sed -e 's|^\.||' -e 's|\.[jt]sx\?$||' -e 's|/index$||' -e 's|^$|/|' | sort -u)
}
react_pages "$site" > "$work/react-pages.txt"
comm -23 <(grep -vE '^/docs(/|$)' "$work/docusaurus-routes.txt") <(grep -vE '^/docs(/|$)' "$work/docsite-routes.txt") > "$work/other-missing.txt"
echo "React pages (src/pages) docsite did not build: $(comm -12 "$work/other-missing.txt" "$work/react-pages.txt" | tr '\n' ' ')"
echo "Other routes Docusaurus wrote that docsite did not:"
comm -23 "$work/other-missing.txt" "$work/react-pages.txt" | sed 's/^/  /'
echo "Other routes docsite wrote that Docusaurus did not:"
comm -13 <(grep -vE '^/docs(/|$)' "$work/docusaurus-routes.txt") <(grep -vE '^/docs(/|$)' "$work/docsite-routes.txt") | sed 's/^/  /'
# sitemap.xml entries (paths of <loc>), redirect pages and 404.html of both sides.
sitemap_of() {
  [ -f "$1/sitemap.xml" ] && grep -o '<loc>[^<]*</loc>' "$1/sitemap.xml" | sed -e 's|<loc>https\?://[^/]*||' -e 's|</loc>||' -e 's|/$||' -e 's|^$|/|' | sort -u
}
sitemap_of "$dz_build" > "$work/docusaurus-sitemap.txt" || true
sitemap_of "$work/docsite-out" > "$work/docsite-sitemap.txt" || true
echo "sitemap.xml: Docusaurus $(wc -l < "$work/docusaurus-sitemap.txt") entries, docsite $(wc -l < "$work/docsite-sitemap.txt")"
echo "  in Docusaurus's only: $(comm -23 "$work/docusaurus-sitemap.txt" "$work/docsite-sitemap.txt" | head -n 20 | tr '\n' ' ')"
echo "  in docsite's only: $(comm -13 "$work/docusaurus-sitemap.txt" "$work/docsite-sitemap.txt" | head -n 20 | tr '\n' ' ')"
# A redirect page is a small page with a refresh to its target, on both sides.
redirects_of() {
  (cd "$1" && grep -rl --include=index.html -m1 'http-equiv="refresh"' . 2>/dev/null | sed -e 's|^\.||' -e 's|/index\.html$||' | sort -u)
}
echo "Redirect pages: Docusaurus: $(redirects_of "$dz_build" | tr '\n' ' ')"
echo "                docsite:    $(redirects_of "$work/docsite-out" | tr '\n' ' ')"
for side in "$dz_build" "$work/docsite-out"; do
  [ -f "$side/404.html" ] && echo "404.html: $side ($(wc -c < "$side/404.html") bytes)" || echo "404.html: missing in $side"
done

# The React pages, side by side: the site's URL and base URL from docsite's sitemap (its
# shortest entry is the home page).
home=$(grep -o '<loc>[^<]*</loc>' "$work/docsite-out/sitemap.xml" 2>/dev/null | sed -e 's|<loc>||' -e 's|</loc>||' | awk '{ print length, $0 }' | sort -n | sed -n 1p | cut -d' ' -f2-)
site_url=$(printf '%s' "$home" | grep -oE '^https?://[^/]+' || true)
base_url=${home#"$site_url"}
mapfile -t pages < "$work/react-pages.txt"
if [ "${#pages[@]}" -gt 0 ]; then
  echo
  echo "React pages against Docusaurus's (headings, sections, links; '-' Docusaurus only, '+' docsite only):"
  python3 bench/compat-pages.py "$work/docsite-out" "$dz_build" --site-url "$site_url" --base-url "${base_url:-/}" "${pages[@]}"
  echo
  echo "React pages in Chromium (bench/react-pages.mjs):"
  node bench/react-pages.mjs "$work/docsite-out" "${pages[@]}" || true
fi

echo
python3 - "$work/docsite.json" "$dz_json" <<'PY'
import json, sys
d, u = (json.load(open(p)) for p in sys.argv[1:3])
print(f"{'':12}{'docsite':>12}{'Docusaurus':>14}")
for k in d:
    if isinstance(d[k], (int, float)) and k in u:
        print(f"{k:12}{d[k]:>12}{u[k]:>14}")
PY
