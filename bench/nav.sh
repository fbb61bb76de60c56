#!/usr/bin/env bash
# Client-side navigation to /docs/api/ref/DesktopAgent before and after: builds the site at
# BEFORE_REF (bench/build-at.sh, into bench/work/) and from the working tree (site/build),
# then runs bench/nav.mjs on both, each served by `docsite serve` on its own port, and prints
# one table with a row per build. BEFORE_REF defaults to the commit the README's "before"
# figures were measured on. RUNS (default 7) navigations per case and build; NO_BUILD=1 uses
# site/build as it is.
#
# Usage: bench/nav.sh [BEFORE_REF]
set -euo pipefail
cd "$(dirname "$0")/.."
before_ref=${1:-4c346aa}
[ -x /usr/bin/chromium ] || [ -n "${CHROMIUM:-}" ] || { echo "error: needs Debian's chromium (apt-get install chromium)" >&2; exit 2; }
[ -d tests/e2e/node_modules/playwright-core ] || (cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)
[ -d theme/node_modules ] || (cd theme && npm ci --no-audit --no-fund --loglevel=error)

before=$(bench/build-at.sh "$before_ref")
cargo build --release --locked -q -p docsite
[ "${NO_BUILD:-0}" = 1 ] || nice ./target/release/docsite build site >/dev/null
node bench/nav.mjs --runs "${RUNS:-7}" "before ($(git rev-parse --short "$before_ref"))=$before" "after (working tree)=site/build"
