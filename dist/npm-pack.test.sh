#!/usr/bin/env bash
# The npm package as a Docusaurus site's maintainers meet it: packed by dist/npm-pack.sh,
# installed with `npm install --save-dev <tgz>` into a copy of fixtures/react-pages (a site
# with React pages, a CSS module and an imported .mdx) in a temporary folder, with neither
# cargo nor the checkout on PATH; then `npx docsite build`, `npx docsite check` and
# `npx docsite dev` there (a page fetched, dev stopped by its PID). The binary must take the
# theme installed beside it, built (no theme build), and the site's React code must build
# with the packages the install brought.
#
#   bash dist/npm-pack.test.sh        (DOCSITE_BIN=path: pack that binary, no cargo build)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
dev_pid=
cleanup() {
  if [ -n "$dev_pid" ]; then kill -TERM -- "-$dev_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
  echo "npm-pack.test: $*" >&2
  exit 1
}

tgz=$(bash "$repo/dist/npm-pack.sh" "$tmp/dist" | tail -n 1)
[ -f "$tgz" ] || fail "dist/npm-pack.sh wrote no tarball"
case "$(basename "$tgz")" in docsite-*.tgz) ;; *) fail "unexpected tarball name $tgz" ;; esac

site="$tmp/lanterns"
cp -R "$repo/fixtures/react-pages" "$site"

# PATH without cargo, rustup or anything under the checkout; node and npm stay.
clean_path=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v -e cargo -e rustup -e "^$repo" | paste -sd: -)
run() { (cd "$site" && env -u DOCSITE_THEME -u CARGO_HOME -u RUSTUP_HOME PATH="$clean_path" "$@"); }
run sh -c '! command -v cargo && ! command -v docsite' >/dev/null || fail "cargo or docsite still on the stripped PATH"

echo "npm-pack.test: npm install --save-dev $(basename "$tgz")"
run npm install --save-dev --no-audit --no-fund "$tgz" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log" >&2; fail "npm install failed"; }
[ -x "$site/node_modules/.bin/docsite" ] || fail "the install made no node_modules/.bin/docsite"

echo "npm-pack.test: npx docsite build"
run npx docsite build >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; fail "npx docsite build failed"; }
theme=$(cd "$site/node_modules/docsite/theme" && pwd -P)
grep -qF "docsite: theme $theme (from beside the executable)" "$tmp/build.log" || { cat "$tmp/build.log" >&2; fail "build did not use the theme installed beside the binary"; }
if grep -q -e "building the theme (npm run build)" -e "installing the theme's dependencies" "$tmp/build.log"; then cat "$tmp/build.log" >&2; fail "build rebuilt the packaged theme (its stamp does not match its sources)"; fi
grep -q "building the site's React code" "$tmp/build.log" || { cat "$tmp/build.log" >&2; fail "build did not build the site's React pages"; }
grep -q "Lanterns for every night" "$site/build/index.html" || fail "build/index.html lacks the React home page's heading"
grep -q "Lantern makers" "$site/build/catalogue/index.html" || fail "build/catalogue/index.html lacks the catalogue page"

echo "npm-pack.test: npx docsite check"
run npx docsite check >"$tmp/check.log" 2>&1 || { cat "$tmp/check.log" >&2; fail "npx docsite check failed"; }
grep -qE "is clean|^0 errors," "$tmp/check.log" || { cat "$tmp/check.log" >&2; fail "check reported errors"; }

# A free port of 4500-4599.
port=$(node -e '
const net = require("node:net");
const tryPort = (p) => {
  if (p > 4599) { console.error("no free port in 4500-4599"); process.exit(1); }
  const s = net.createServer().once("error", () => tryPort(p + 1)).listen(p, "127.0.0.1", () => s.close(() => console.log(p)));
};
tryPort(4500);')
echo "npm-pack.test: npx docsite dev --port $port"
# In a process group of its own (setsid), stopped as a group by its PID: npx does not pass
# a SIGTERM on to the command it runs (the shim and the binary would outlive it).
(cd "$site" && exec setsid env -u DOCSITE_THEME PATH="$clean_path" npx docsite dev --port "$port" >"$tmp/dev.log" 2>&1) &
dev_pid=$!
page=
for _ in $(seq 1 240); do
  if page=$(curl -sf "http://127.0.0.1:$port/catalogue"); then break; fi
  kill -0 "$dev_pid" 2>/dev/null || { cat "$tmp/dev.log" >&2; fail "npx docsite dev exited before serving"; }
  sleep 0.5
done
printf '%s' "$page" | grep -q "Lantern makers" || { cat "$tmp/dev.log" >&2; fail "dev did not serve the catalogue page"; }
kill -TERM -- "-$dev_pid"
wait "$dev_pid" 2>/dev/null || true
dev_pid=
# Stopping the group stops the binary behind npx: the port is free again.
for _ in $(seq 1 20); do
  curl -s -o /dev/null "http://127.0.0.1:$port/" || break
  sleep 0.5
done
if curl -s -o /dev/null "http://127.0.0.1:$port/"; then fail "dev still serves after its npx process was stopped"; fi
echo "npm-pack.test: ok (build, check and dev from the installed package)"
