#!/usr/bin/env bash
# The long fuzz run: the same property tests the test command runs with a few hundred
# cases (crates/docsite-core/tests/fuzz.rs: front matter, Markdown with the MDX subset,
# configuration, sidebars, URL helpers, content nesting depth up to 3000 (10 000 in a plain
# test), front matter size and nesting; docsite-server: request paths), with many more.
#
# Usage: bench/fuzz.sh [CASES]    (default 5000 per property; about 2 min on 2 cores)
# A failure prints the smallest input that breaks the property; add it as a plain test.
set -euo pipefail
cd "$(dirname "$0")/.."
export DOCSITE_FUZZ_CASES="${1:-5000}"
echo "fuzzing with $DOCSITE_FUZZ_CASES cases per property (load: $(uptime | sed 's/.*load average: //'))"
cargo test --release -q -p docsite-core --test fuzz
DOCSITE_FUZZ_CASES=$((DOCSITE_FUZZ_CASES * 40)) cargo test --release -q -p docsite-server --lib no_request_path
