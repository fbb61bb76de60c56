#!/usr/bin/env bash
# `docsite dev` save-to-reload latency on the FDC3 site (DESIGN §8: <= 100 ms).
# Prints the median, 90th percentile and maximum over 30 saves (bench/dev-reload.mjs), then
# the React-edit figure (issue 38: <= 1 s, state kept): a component of fixtures/react-pages
# edited 10 times, save to the new text on the page open in Chromium (bench/dev-react.mjs;
# `node bench/dev-react.mjs SITE_DIR ROUTE FILE TEXT` for another site).
#
# `bench/dev.sh --website DIR` runs the same on the standard's own Docusaurus site (the
# `website/` folder of finos/FDC3, its packages installed; a copy is edited, never DIR):
# doc saves, sidebar edits and new docs (with the page they change open), and a React
# component of its home page and its community page, each edited 10 times.
set -euo pipefail
cd "$(dirname "$0")/.."
website=""
if [[ "${1:-}" == "--website" ]]; then
  website="$(cd "${2:?usage: bench/dev.sh --website WEBSITE_DIR}" && pwd)"
  shift 2
fi
cargo build --release -q -p docsite
# The theme must be built before timing (docsite dev builds it when stale, untimed here).
./target/release/docsite check site >/dev/null
if [[ -n "$website" ]]; then
  # The open page during the wide edits is in the sidebar's "API Part" category (the first
  # label of sidebars.json), so that its HTML shows the edited label.
  DEV_PAGES=docs/fdc3-intro.md=/docs/next/fdc3-intro DEV_OPEN=/docs/next/api/spec DEV_NEW=/docs/next/bench-new- \
    node bench/dev-reload.mjs "$website" "${1:-10}" "${2:-10}"
  node bench/dev-react.mjs "$website" / src/components/WhatIsIt/index.js "What Is It?"
  # A page whose component has no name (`export default (props) => …`).
  node bench/dev-react.mjs "$website" /community src/pages/community.js "More info"
  exit 0
fi
node bench/dev-reload.mjs site "${1:-30}"
node bench/dev-react.mjs "${2:-10}"
