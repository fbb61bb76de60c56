#!/usr/bin/env bash
# Every npm lockfile of the repository is in sync with its package.json, so that `npm ci`
# works on a fresh clone (the benchmarks' folders included: nothing else installs them in CI).
# `npm ci --dry-run` compares package.json with the lockfile and fails on any difference
# without downloading or installing anything.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
while IFS= read -r manifest; do
  dir=$(dirname "$manifest")
  if [ ! -f "$dir/package-lock.json" ]; then
    echo "lockfile missing: $dir/package-lock.json (run npm install --package-lock-only in $dir)"
    status=1
    continue
  fi
  if ! out=$(cd "$dir" && npm ci --dry-run --ignore-scripts --offline --no-audit --no-fund 2>&1); then
    echo "lockfile out of sync with package.json in $dir (run npm install --package-lock-only there):"
    printf '%s\n' "$out" | grep -E 'Missing|Invalid|sync' | head -5
    status=1
  fi
done < <(git ls-files '*package.json' | grep -E '^(bench|theme|tests|site)/' | grep -v node_modules)
[ "$status" = 0 ] && echo "lockfiles: every package-lock.json is in sync with its package.json"
exit "$status"
