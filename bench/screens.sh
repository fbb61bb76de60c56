#!/usr/bin/env bash
# Screenshots of the key pages (home, a doc, a reference table, tabs, a diagram, JSON,
# site pages, search, 404) at 400/800/1024/1400 px in light and dark mode, into
# bench/screens/ (or $1), for review. Needs a built site (`docsite build site`); installs
# tests/e2e's packages when missing. WIDTHS=400,800 PAGES=home,users FULL=1 narrow it down
# or take full-page shots; FIXTURE=compat ROUTES=cards=/docs/guide shoot a fixture site's
# pages instead (any folder of fixtures/ or tests/e2e/fixtures/).
set -euo pipefail
cd "$(dirname "$0")/.."
exec node bench/screens.mjs "${1:-bench/screens}"
