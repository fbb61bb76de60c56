#!/usr/bin/env bash
# Interrupted builds never leave a partial site (crates/docsite-core/src/output.rs).
#
# Builds a copy of fixtures/basic in two variants A and B (one sentence differs), records a
# manifest (the SHA-256 of every file) of each complete output, then 20 times: switches the
# source to the other variant, starts `docsite build`, kills it after a random delay (up to
# the length of a whole build) with SIGINT or SIGKILL, and checks that the output is exactly
# the complete old or the complete new site. A last uninterrupted build must remove every
# leftover of the killed ones.
#
# Usage: bench/kill.sh [RUNS]     (default 20; the theme must be built: cd theme && npm ci)
# Set DOCSITE_THEME to use another built theme folder, DOCSITE_BIN to skip cargo build.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-20}"
if [ -z "${DOCSITE_BIN:-}" ]; then cargo build --release -q -p docsite; fi
bin="${DOCSITE_BIN:-$PWD/target/release/docsite}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
site="$work/site"
out="$work/out"
cp -r fixtures/basic "$site"
intro="$site/docs/intro.md"
cp "$intro" "$work/intro.orig"

variant() { # A or B
  cp "$work/intro.orig" "$intro"
  printf '\nThis build is variant %s.\n' "$1" >>"$intro"
}
manifest() {
  if [ -d "$out" ]; then (cd "$out" && find . -type f -print0 | sort -z | xargs -0 sha256sum) | sha256sum | cut -c1-16; else echo missing; fi
}
build() { "$bin" build "$site" --out "$out" >/dev/null 2>"$work/err" || { cat "$work/err"; return 1; }; }

variant A && build && build
MA=$(manifest)
variant B
start=$(date +%s%N)
build
ms=$((($(date +%s%N) - start) / 1000000))
MB=$(manifest)
variant A && build
[ "$(manifest)" = "$MA" ] || { echo "the build is not deterministic: two builds of variant A differ"; exit 1; }
[ "$MA" != "$MB" ] || { echo "variants A and B give the same output"; exit 1; }
echo "a whole build takes ${ms} ms; A=$MA B=$MB"

current=A
fails=0
for i in $(seq 1 "$runs"); do
  next=$([ "$current" = A ] && echo B || echo A)
  variant "$next"
  signal=$([ $((RANDOM % 2)) = 0 ] && echo INT || echo KILL)
  delay=$((RANDOM % (ms + ms / 5 + 1)))
  "$bin" build "$site" --out "$out" >/dev/null 2>&1 &
  pid=$!
  sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
  kill -s "$signal" "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  # Pre-render workers of a killed build exit when their input closes.
  got=$(manifest)
  case "$got" in
    "$MA") state=A current=A ;;
    "$MB") state=B current=B ;;
    *) state="PARTIAL ($got)"; fails=$((fails + 1)) ;;
  esac
  printf 'run %2d: %-4s after %5d ms: output is %s\n' "$i" "$signal" "$delay" "$state"
done
variant "$current"
build
left=$(find "$work" -maxdepth 1 -name '.out.*' | wc -l)
echo "leftovers after a final build: $left"
[ "$fails" = 0 ] && [ "$left" = 0 ] || { echo "FAILED: $fails partial outputs, $left leftovers"; exit 1; }
echo "ok: every interrupted build left the complete old or the complete new site"
