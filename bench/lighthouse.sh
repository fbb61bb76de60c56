#!/usr/bin/env bash
# Lighthouse on 4 pages of the built site, desktop and mobile, against `docsite serve` on
# loopback (DESIGN §8: performance 100 desktop, >= 95 mobile). Lighthouse 12 (pinned in
# bench/lighthouse/, installed from npm into bench/work/lighthouse) drives Debian's
# chromium headless, with Lighthouse's default simulated throttling (mobile: slow 4G and a
# 4x slower CPU; desktop preset: its own lighter profile). Each page and form factor runs
# RUNS times (default 3); the table shows the median performance score (with the range) and
# the median run's metrics.
#
# Usage: bench/lighthouse.sh [BUILD_DIR]     (default site/build; build it first)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-site/build}
runs=${RUNS:-3}
work=bench/work/lighthouse
pages=(/ /docs/fdc3-intro /docs/api/ref/DesktopAgent /docs/use-cases/uc-1)

[ -f "$build/404.html" ] || { echo "error: $build is not a built site; run \`docsite build\` first" >&2; exit 2; }
command -v chromium >/dev/null || { echo "error: needs Debian's chromium (apt-get install chromium)" >&2; exit 2; }
mkdir -p "$work"
if ! cmp -s bench/lighthouse/package-lock.json "$work/package-lock.json" || [ ! -x "$work/node_modules/.bin/lighthouse" ]; then
  cp bench/lighthouse/package.json bench/lighthouse/package-lock.json "$work/"
  (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
fi
cargo build --release -q -p docsite

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
./target/release/docsite serve "$build" --port "$port" 2>/dev/null &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -fso /dev/null "$base/" && break; sleep 0.05; done

echo "Lighthouse $("$work/node_modules/.bin/lighthouse" --version), $(chromium --version 2>/dev/null | head -1), $runs run(s) each; load before: $(uptime | sed 's/.*load average: //')"
reports="$work/reports"
rm -rf "$reports" && mkdir -p "$reports"
for page in "${pages[@]}"; do
  for form in desktop mobile; do
    for run in $(seq "$runs"); do
      preset=()
      [ "$form" = desktop ] && preset=(--preset=desktop)
      name="$(echo "$page" | tr '/' '_')-$form-$run"
      CHROME_PATH=$(command -v chromium) "$work/node_modules/.bin/lighthouse" "$base$page" "${preset[@]}" \
        --only-categories=performance,accessibility,best-practices,seo \
        --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage" \
        --output=json --output-path="$reports/$name.json" --quiet
    done
  done
done
echo "load after: $(uptime | sed 's/.*load average: //')"

python3 - "$reports" <<'EOF'
import glob, json, os, statistics, sys
rows = {}
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    r = json.load(open(path))
    page = r["requestedUrl"].split("/", 3)[3]
    form = r["configSettings"]["formFactor"]
    rows.setdefault(("/" + page, form), []).append(r)
print(f"\n{'page':<30} {'form':<8} {'perf':>4} {'(range)':>9} {'FCP':>7} {'LCP':>7} {'TBT':>6} {'CLS':>6} {'a11y':>5} {'best':>5} {'seo':>4}")
for (page, form), runs in rows.items():
    perf = sorted(round(r["categories"]["performance"]["score"] * 100) for r in runs)
    median = statistics.median_low(perf)
    r = next(r for r in runs if round(r["categories"]["performance"]["score"] * 100) == median)
    a = r["audits"]
    score = lambda c: round(r["categories"][c]["score"] * 100)
    print(f"{page:<30} {form:<8} {median:>4} {f'({perf[0]}-{perf[-1]})':>9} {a['first-contentful-paint']['displayValue']:>7} "
          f"{a['largest-contentful-paint']['displayValue']:>7} {a['total-blocking-time']['displayValue']:>6} "
          f"{a['cumulative-layout-shift']['displayValue']:>6} {score('accessibility'):>5} {score('best-practices'):>5} {score('seo'):>4}")
EOF
