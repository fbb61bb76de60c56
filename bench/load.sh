#!/usr/bin/env bash
# Bounded load test of `docsite serve` on loopback (DESIGN §7: ~8-10k requests/s for a
# 50 KB page on one core). For each target below, `oha` keeps CONNECTIONS connections busy
# for DURATION and the script prints requests/s, latency percentiles and the error count;
# it fails if any request errs or gets an unexpected status.
#
# The server is pinned to CPU 0 and oha to CPU 1 (PIN=0 to let them share both cores), so
# the figures are for one server core. oha comes from crates.io (`cargo install oha
# --locked`, into bench/work/tools) when it is not on the PATH.
#
# Usage: bench/load.sh [BUILD_DIR]          (default site/build; build it first)
#        DURATION=10s CONNECTIONS=50 PIN=1  (defaults)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-site/build}
duration=${DURATION:-10s}
connections=${CONNECTIONS:-50}
pin=${PIN:-1}
tools=bench/work/tools

if command -v oha >/dev/null 2>&1; then
  oha=oha
else
  oha=$tools/bin/oha
  if [ ! -x "$oha" ]; then
    echo "installing oha from crates.io into $tools (a few minutes)" >&2
    cargo install oha --locked --root "$tools" >&2
  fi
fi
[ -f "$build/404.html" ] || { echo "error: $build is not a built site; run \`docsite build\` first" >&2; exit 2; }
cargo build --release -q -p docsite

server_cpu=() client_cpu=()
if [ "$pin" = 1 ] && command -v taskset >/dev/null 2>&1 && [ "$(nproc)" -ge 2 ]; then
  server_cpu=(taskset -c 0) client_cpu=(taskset -c 1)
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"${server_cpu[@]}" ./target/release/docsite serve "$build" --port "$port" 2>/dev/null &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -fso /dev/null "$base/" && break; sleep 0.05; done

# One page of each kind: route, Accept-Encoding, expected status.
asset=$(grep -o '/assets/index-[^"]*\.js' "$build/index.html" | head -1)
targets=(
  "/docs/fdc3-intro|br|200"
  "/docs/fdc3-intro|identity|200"
  "/docs/api/ref/DesktopAgent|br|200"
  "$asset|br|200"
  "/no/such/page|br|404"
)

echo "docsite serve $build: $connections connections, $duration per target, server ${server_cpu[*]:-unpinned}; load before: $(uptime | sed 's/.*load average: //')"
printf '%-34s %-9s %9s %9s %8s %8s %8s %8s %7s\n' target encoding bytes req/s p50_ms p90_ms p99_ms p99.9_ms errors
# Prints one table row from oha's JSON summary (stdin).
summarize=$(cat <<'EOF'
import json, sys
path, encoding, status = sys.argv[1:]
d = json.load(sys.stdin)
p = d["latencyPercentiles"]
codes = d.get("statusCodeDistribution", {})
errors = sum(d.get("errorDistribution", {}).values()) + sum(n for code, n in codes.items() if code != status)
ms = lambda k: f"{(p.get(k) or 0) * 1000:.2f}"
print(f"{path[:34]:<34} {encoding:<9} {d['summary']['sizePerRequest'] or 0:>9} {d['summary']['requestsPerSec']:>9.0f} {ms('p50'):>8} {ms('p90'):>8} {ms('p99'):>8} {ms('p99.9'):>8} {errors:>7}")
EOF
)
failed=0
for target in "${targets[@]}"; do
  IFS='|' read -r path encoding status <<<"$target"
  json=$("${client_cpu[@]}" "$oha" -z "$duration" -c "$connections" -w --no-tui --output-format json -H "Accept-Encoding: $encoding" "$base$path")
  line=$(python3 -c "$summarize" "$path" "$encoding" "$status" <<<"$json")
  echo "$line"
  [ "${line##* }" = 0 ] || failed=1
done
echo "load after: $(uptime | sed 's/.*load average: //')"
[ "$failed" = 0 ] || { echo "error: some requests failed or got an unexpected status" >&2; exit 1; }
