#!/usr/bin/env bash
# Builds the FDC3 site as it was at a git ref, for before/after benchmarks (bench/nav.sh, and
# bench/lighthouse.sh "$(bench/build-at.sh REF)"): the ref's tree is exported with
# `git archive` into bench/work/at-<commit>/ (no worktree, nothing else touched), its theme
# and schema packages are installed (copied from this tree when the lockfiles are the same,
# else `npm ci`), and the site is built with the ref's own engine: this tree's
# target/release/docsite when the ref's crates/, Cargo.toml and Cargo.lock equal this
# tree's, else a build of the ref's crates in bench/work/at-target (seeded once with a copy
# of target/release, so only our crates compile). Prints the build folder's path on stdout
# (progress on stderr); a finished build of the same commit is reused.
#
# Usage: bench/build-at.sh REF
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: bench/build-at.sh REF" >&2; exit 2; }
commit=$(git rev-parse --verify --quiet "$1^{commit}") || { echo "error: $1 is not a commit of this repository" >&2; exit 2; }
dir=$PWD/bench/work/at-${commit:0:12}
if [ -f "$dir/site/build/404.html" ] && [ -f "$dir/.built" ]; then
  echo "$dir/site/build"
  exit 0
fi

echo "build-at: exporting ${commit:0:12} into $dir" >&2
rm -rf "$dir"
mkdir -p "$dir"
# -m: the files get the time of extraction, not the commit's. With the commit's (older than
# the artifacts in bench/work/at-target, seeded from this tree's target/release), cargo took
# the seeded build of this tree's engine as up to date and never compiled the ref's.
git archive "$commit" | tar -x -m -C "$dir"

for pkg in theme site/schemas; do
  [ -f "$dir/$pkg/package-lock.json" ] || continue
  if cmp -s "$pkg/package-lock.json" "$dir/$pkg/package-lock.json" && [ -d "$pkg/node_modules" ]; then
    cp -a "$pkg/node_modules" "$dir/$pkg/"
  else
    echo "build-at: npm ci in $pkg (its lockfile differs from this tree's)" >&2
    (cd "$dir/$pkg" && npm ci --no-audit --no-fund --loglevel=error >&2)
  fi
done

if git diff --quiet "$commit" -- crates Cargo.toml Cargo.lock; then
  cargo build --release --locked -q -p docsite >&2
  bin=$PWD/target/release/docsite
else
  target=$PWD/bench/work/at-target
  if [ ! -d "$target/release" ] && [ -d target/release ]; then
    mkdir -p "$target"
    cp -a --reflink=auto target/release "$target/"
  fi
  echo "build-at: building the engine of ${commit:0:12} (its crates differ from this tree's)" >&2
  (cd "$dir" && CARGO_TARGET_DIR=$target nice cargo build --release --locked -q -p docsite >&2)
  bin=$target/release/docsite
fi

echo "build-at: building the site of ${commit:0:12}" >&2
nice "$bin" build "$dir/site" --theme "$dir/theme" >&2
touch "$dir/.built"
echo "$dir/site/build"
