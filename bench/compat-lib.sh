# Shared steps of the Docusaurus compatibility benches (bench/compat.sh: one site folder;
# bench/compat-corpus.sh: the corpus of bench/compat-corpus.toml). Sourced, not run; the
# caller is at the repository root with `set -euo pipefail`.

# Routes of a built folder: every index.html as its folder's route, every other .html file
# as its path without the extension.
routes_of() {
  (cd "$1" && find . -name '*.html' -not -path './assets/*' | sed -e 's|^\.||' -e 's|/index\.html$||' -e 's|\.html$||' -e 's|^$|/|' | sort -u)
}

# docsite_build SITE OUT LOG JSON: builds SITE (unchanged: its Docusaurus config is read) into
# OUT under bench/measure.py; the report goes to LOG, the figures to JSON. Returns docsite's
# exit code.
docsite_build() {
  local rc=0
  rm -rf "$2"
  python3 bench/measure.py docsite -- ./target/release/docsite build "$1" --out "$2" 2>"$3" >"$4" || rc=$?
  return "$rc"
}

# diag_count LOG KIND: the number of report lines of KIND (error or warning) in a docsite log.
diag_count() {
  grep -c "^$2" "$1" || true
}

# docusaurus_build SITE OUT LOG JSON: `docusaurus build` of an installed site folder (its own
# node_modules/.bin, or its workspace root's) into OUT under bench/measure.py. Directly, not
# `npm run build`: a site's `prebuild` script may build its parent monorepo. Returns
# Docusaurus's exit code.
docusaurus_build() {
  local site=$1 out=$2 bin dir rc=0
  out=$(mkdir -p "$out" && cd "$out" && pwd)
  bin=
  dir=$(cd "$site" && pwd)
  while [ "$dir" != / ]; do
    [ -x "$dir/node_modules/.bin/docusaurus" ] && { bin=$dir/node_modules/.bin/docusaurus; break; }
    dir=$(dirname "$dir")
  done
  [ -n "$bin" ] || { echo "no docusaurus binary in node_modules/.bin of $site or above it" >"$3"; return 127; }
  rm -rf "$out" "$site/.docusaurus"
  # Docusaurus needs more than Node's default heap for a site of some size.
  NODE_OPTIONS="${NODE_OPTIONS:---max-old-space-size=8192}" \
    python3 bench/measure.py docusaurus -- sh -c "cd '$site' && '$bin' build --out-dir '$out'" 2>"$3" >"$4" || rc=$?
  return "$rc"
}
