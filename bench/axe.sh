#!/usr/bin/env bash
# axe-core over every doc route of the latest version (2.2) and every site page, in light
# and dark mode: the full run of tests/e2e/specs/a11y-routes.test.mjs, whose default in the
# test command is a fixed subset (every site page, the first doc of each folder, the largest
# docs) because the full run takes minutes on the 2-core machine. One headless chromium,
# A11Y_PARALLEL pages at a time (default 3), against `docsite serve`. Fails listing route,
# mode, rule and elements for every serious or critical violation; prints the time taken.
#
# Usage: bench/axe.sh [BUILD_DIR]     (default site/build; build it first)
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "${1:-site/build}")

[ -f "$build/404.html" ] || { echo "error: $build is not a built site; run \`docsite build\` first" >&2; exit 2; }
command -v chromium >/dev/null || { echo "error: needs Debian's chromium (apt-get install chromium)" >&2; exit 2; }
[ -x target/release/docsite ] || cargo build --release -q -p docsite
[ -d tests/e2e/node_modules/axe-core ] || (cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)

echo "axe-core $(node -p 'require("./tests/e2e/node_modules/axe-core/package.json").version'), $(chromium --version 2>/dev/null | head -1); load before: $(uptime | sed 's/.*load average: //')"
start=$(date +%s)
status=0
(cd tests/e2e && DOCSITE_BUILD="$build" A11Y_ROUTES=all node --test --test-reporter=spec specs/a11y-routes.test.mjs) || status=$?
echo "$(($(date +%s) - start)) s; load after: $(uptime | sed 's/.*load average: //')"
exit "$status"
