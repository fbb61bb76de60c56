#!/usr/bin/env bash
# Lighthouse on 4 pages of the built site, desktop and mobile, against `docsite serve` on
# loopback, and the performance targets of issue 20: mobile performance >= 99 on every page
# and total blocking time <= 50 ms on /docs/api/ref/DesktopAgent (mobile), both as medians.
# Lighthouse 12.8 (pinned in bench/lighthouse/, installed from npm into
# bench/work/lighthouse; it never downloads a browser) drives Debian's chromium
# (/usr/bin/chromium, or $CHROMIUM) headless, with Lighthouse's default simulated throttling
# (mobile: slow 4G and a 4x slower CPU; desktop preset: its own lighter profile). Each page
# and form factor runs RUNS times (default 3); the Markdown table (to paste into the README)
# gives the median of each figure over the runs, the score's range, and the 1-minute load
# average when the page's runs began. Exits 1 with one line per missed target (TARGETS=0:
# report them only; PAGES="/ /docs/fdc3-intro" measures other pages).
#
# Usage: bench/lighthouse.sh [BUILD_DIR]     (default site/build; build it first)
#        bench/lighthouse.sh "$(bench/build-at.sh REF)"     (the site as built at a git ref)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-site/build}
runs=${RUNS:-3}
work=bench/work/lighthouse
read -r -a pages <<< "${PAGES:-/ /docs/fdc3-intro /docs/api/ref/DesktopAgent /docs/use-cases/uc-1}"
chrome=${CHROMIUM:-/usr/bin/chromium}

[ -f "$build/404.html" ] || { echo "error: $build is not a built site; run \`docsite build\` first" >&2; exit 2; }
[ -x "$chrome" ] || { echo "error: needs Debian's chromium at $chrome (apt-get install chromium)" >&2; exit 2; }
mkdir -p "$work"
if ! cmp -s bench/lighthouse/package-lock.json "$work/package-lock.json" || ! cmp -s bench/lighthouse/package.json "$work/package.json" || [ ! -x "$work/node_modules/.bin/lighthouse" ]; then
  cp bench/lighthouse/package.json bench/lighthouse/package-lock.json "$work/"
  (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
fi
cargo build --release -q -p docsite

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
./target/release/docsite serve "$build" --port "$port" 2>/dev/null &
server=$!
reports=$(mktemp -d "$PWD/$work/reports.XXXXXX")
trap 'kill $server 2>/dev/null || true; rm -rf "$reports"' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -fso /dev/null "$base/" && break; sleep 0.05; done

echo "Lighthouse $("$work/node_modules/.bin/lighthouse" --version), $("$chrome" --version 2>/dev/null | head -1), $runs run(s) each, $build, $(date -u '+%d %b %Y %H:%M UTC'); load before: $(uptime | sed 's/.*load average: //')"
for page in "${pages[@]}"; do
  key=$(echo "$page" | tr '/' '_')
  uptime | sed 's/.*load average: //; s/,.*//' > "$reports/load$key"
  for form in desktop mobile; do
    for run in $(seq "$runs"); do
      preset=()
      [ "$form" = desktop ] && preset=(--preset=desktop)
      CHROME_PATH=$chrome "$work/node_modules/.bin/lighthouse" "$base$page" "${preset[@]}" \
        --only-categories=performance,accessibility,best-practices,seo \
        --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage" \
        --output=json --output-path="$reports/$key-$form-$run.json" --quiet
    done
  done
done
echo "load after: $(uptime | sed 's/.*load average: //')"

TARGETS=${TARGETS:-1} python3 - "$reports" "${pages[@]}" <<'EOF'
import glob, json, os, statistics, sys

reports, pages = sys.argv[1], sys.argv[2:]
runs = {}
for path in sorted(glob.glob(os.path.join(reports, "*.json"))):
    r = json.load(open(path))
    page = "/" + r["requestedUrl"].split("/", 3)[3]
    runs.setdefault((page, r["configSettings"]["formFactor"]), []).append(r)


def figures(page, form):
    rs = runs[(page, form)]
    median = lambda audit: statistics.median(r["audits"][audit]["numericValue"] for r in rs)
    scores = sorted(round(r["categories"]["performance"]["score"] * 100) for r in rs)
    return {
        "runs": len(rs),
        "score": statistics.median_low(scores),
        "range": (scores[0], scores[-1]),
        "tbt": median("total-blocking-time"),
        "lcp": median("largest-contentful-paint") / 1000,
        "cls": median("cumulative-layout-shift"),
        "a11y": statistics.median_low(round(r["categories"]["accessibility"]["score"] * 100) for r in rs),
    }


def cell(f):
    spread = f" ({f['range'][0]}-{f['range'][1]})" if f["range"][0] != f["range"][1] else ""
    return f"**{f['score']}**{spread}, TBT {f['tbt']:.0f} ms, LCP {f['lcp']:.1f} s, CLS {f['cls']:.3f}"


print("\n| Page | Mobile: score (range), TBT, LCP, CLS | Desktop: score (range), TBT, LCP, CLS | Accessibility | Load |")
print("|---|---|---|---|---|")
misses = []
for page in pages:
    mobile, desktop = figures(page, "mobile"), figures(page, "desktop")
    load = open(os.path.join(reports, "load" + page.replace("/", "_"))).read().strip()
    print(f"| `{page}` | {cell(mobile)} | {cell(desktop)} | {mobile['a11y']} / {desktop['a11y']} | {load} |")
    if mobile["score"] < 99:
        misses.append(f"target missed: {page} mobile performance {mobile['score']} < 99 (median of {mobile['runs']})")
    if page == "/docs/api/ref/DesktopAgent" and mobile["tbt"] > 50:
        misses.append(f"target missed: {page} mobile total blocking time {mobile['tbt']:.0f} ms > 50 ms (median of {mobile['runs']})")
print()
for miss in misses:
    print(miss)
if not misses:
    print("targets met: mobile performance >= 99 on every page, total blocking time <= 50 ms on /docs/api/ref/DesktopAgent")
sys.exit(1 if misses and os.environ["TARGETS"] != "0" else 0)
EOF
