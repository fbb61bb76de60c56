#!/usr/bin/env bash
# Packs the npm package `docsite` (npm/) into OUTDIR/docsite-<version>.tgz: the release
# binary (native/docsite, linux-x64), the theme's sources and its build (theme/, stamped so
# the binary never rebuilds it), the `bin` shim (npm/bin/docsite.js) and a package.json whose
# dependencies are what the theme needs at run time (its dependencies, and Vite with the
# plugins of a site build), pinned to the versions of the theme's lockfile.
#
#   bash dist/npm-pack.sh OUTDIR
#
# DOCSITE_BIN=path: pack that binary instead of building target/release/docsite.
set -euo pipefail
out=${1:?usage: bash dist/npm-pack.sh OUTDIR}
repo=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$repo"

bin=${DOCSITE_BIN:-}
if [ -z "$bin" ]; then
  cargo build --release --locked -p docsite
  bin=target/release/docsite
fi
version=$("$bin" --version | awk '{print $2}')

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The theme built and stamped as the engine builds it (npm ci and vite build in theme/ when
# its output is missing or stale): a build of the smallest fixture does that.
"$bin" build fixtures/basic --theme theme --out "$tmp/fixture-build" >"$tmp/build.log" 2>&1 || {
  cat "$tmp/build.log" >&2
  exit 1
}

stage="$tmp/package"
mkdir -p "$stage/native" "$stage/theme"
cp -R npm/bin npm/README.md "$stage/"
cp "$bin" "$stage/native/docsite"
# The theme's files its hash covers (docsite_core::theme::source_hash), so the stamp in
# dist/ matches them where the package is installed, and its build output.
for f in package.json package-lock.json index.html vite.config.ts vite.mermaid.config.ts tsconfig.json prerender-worker.mjs site-code.config.ts dev-server.mjs; do
  cp "theme/$f" "$stage/theme/"
done
cp -R theme/src theme/dist "$stage/theme/"

node --input-type=module - "$stage" "$version" <<'JS'
import { readFileSync, writeFileSync } from 'node:fs';
const [stage, version] = process.argv.slice(2);
const pkg = JSON.parse(readFileSync('npm/package.json', 'utf8'));
const theme = JSON.parse(readFileSync('theme/package.json', 'utf8'));
const lock = JSON.parse(readFileSync('theme/package-lock.json', 'utf8'));
// Imported by the theme's bundles (React, the router, ...) and, for a site with React
// pages, by its Vite build (vite.config.ts, site-code.config.ts).
const build = ['vite', '@vitejs/plugin-react', '@mdx-js/rollup', '@slorber/remark-comment', 'rehype-slug', 'remark-gfm', 'sass'];
const names = [...Object.keys(theme.dependencies), ...build].sort();
pkg.version = version;
pkg.dependencies = Object.fromEntries(
  names.map((name) => {
    const locked = lock.packages[`node_modules/${name}`]?.version;
    if (!locked) throw new Error(`theme/package-lock.json has no ${name}`);
    return [name, locked];
  }),
);
writeFileSync(`${stage}/package.json`, `${JSON.stringify(pkg, null, 2)}\n`);
JS

(cd "$stage" && npm pack --silent --pack-destination "$out" >/dev/null)
test -f "$out/docsite-$version.tgz"
echo "$out/docsite-$version.tgz"
