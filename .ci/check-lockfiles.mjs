#!/usr/bin/env node
// Every npm lockfile under bench/, theme/, tests/ and site/ is in sync with its package.json,
// so that `npm ci` works on a fresh clone (the benchmarks' folders included: nothing else
// installs them in the test command).
//
// For each tracked package.json, npm itself rebuilds the lockfile from package.json and the
// committed lockfile (`npm install --package-lock-only`) in a temporary copy, offline and with
// an empty cache, and the result must hold the same packages as the committed one. Offline
// with an empty cache, npm can only succeed when the lockfile already answers every
// dependency: a dependency added to package.json, a changed range, or one asked for by a
// dist-tag (`"latest"`, which npm resolves against the registry every time, so the lockfile
// goes stale by itself when the tag moves) all fail; a dependency removed from package.json
// leaves the rebuilt lockfile with fewer packages. Nothing is downloaded or installed.
//
//   node .ci/check-lockfiles.mjs [ROOT]     (default: this repository)
//
// Exits 1 with one message per folder naming the folder, the first differences and the fix.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const AREAS = /^(bench|theme|tests|site)\//;
const PARALLEL = 3;

const manifests = execFileSync('git', ['-C', root, 'ls-files', '--', '*package.json'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file.endsWith('/package.json') && AREAS.test(file) && !file.includes('node_modules/'));

/** The packages a lockfile installs, by path: what `npm ci` would put on disk. */
function inventory(lock) {
  const packages = new Map();
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    if (where === '') {
      const deps = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']
        .map((kind) => `${kind}=${JSON.stringify(entry[kind] ?? {})}`)
        .join(' ');
      packages.set('(package.json)', `${deps} overrides=${JSON.stringify(entry.overrides ?? null)}`);
    } else {
      packages.set(where, entry.link ? `link to ${entry.resolved}` : `${entry.version ?? '?'} ${entry.integrity ?? entry.resolved ?? ''}`);
    }
  }
  return packages;
}

function run(cwd, args, cache) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_cache: cache } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (status) => resolve({ status, output }));
    child.on('error', (error) => resolve({ status: -1, output: String(error) }));
  });
}

/** Problems of one folder's lockfile (empty when it is in sync). */
async function check(dir) {
  const lockfile = path.join(root, dir, 'package-lock.json');
  if (!fs.existsSync(lockfile)) return ['no package-lock.json'];
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'lockfile-check-'));
  try {
    const copy = path.join(temp, 'pkg');
    fs.mkdirSync(copy);
    fs.copyFileSync(path.join(root, dir, 'package.json'), path.join(copy, 'package.json'));
    fs.copyFileSync(lockfile, path.join(copy, 'package-lock.json'));
    const { status, output } = await run(
      copy,
      ['install', '--package-lock-only', '--ignore-scripts', '--offline', '--no-audit', '--no-fund', '--loglevel=error'],
      path.join(temp, 'cache'),
    );
    if (status !== 0) {
      const wanted = output.match(/request to \S+?\/([^/\s]+(?:%2[fF][^/\s]+)?) failed: cache mode/);
      if (wanted) {
        const name = decodeURIComponent(wanted[1]);
        return [`npm needs the registry to resolve ${name}: package.json asks for a version the lockfile lacks, or by a dist-tag such as "latest" (pin that one with "overrides")`];
      }
      return [`npm install --package-lock-only failed: ${output.trim().split('\n').slice(0, 3).join(' | ')}`];
    }
    const committed = inventory(JSON.parse(fs.readFileSync(lockfile, 'utf8')));
    const rebuilt = inventory(JSON.parse(fs.readFileSync(path.join(copy, 'package-lock.json'), 'utf8')));
    const problems = [];
    for (const [where, what] of rebuilt) {
      if (!committed.has(where)) problems.push(`missing from the lockfile: ${where} ${what}`);
      else if (committed.get(where) !== what) problems.push(`${where}: lockfile has ${committed.get(where)}, package.json needs ${what}`);
    }
    for (const where of committed.keys()) if (!rebuilt.has(where)) problems.push(`in the lockfile but no longer needed: ${where}`);
    return problems;
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

const dirs = manifests.map((file) => path.dirname(file));
const results = new Map();
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(PARALLEL, dirs.length) }, async () => {
    while (next < dirs.length) {
      const dir = dirs[next++];
      results.set(dir, await check(dir));
    }
  }),
);
let failed = false;
for (const dir of dirs) {
  const problems = results.get(dir);
  if (problems.length === 0) continue;
  failed = true;
  console.error(`lockfile out of sync with package.json in ${dir} (fix: cd ${dir} && npm install --package-lock-only):`);
  for (const problem of problems.slice(0, 5)) console.error(`  ${problem}`);
  if (problems.length > 5) console.error(`  ... and ${problems.length - 5} more`);
}
if (failed) process.exit(1);
console.log(`lockfiles: ${dirs.length} package-lock.json in sync with their package.json (${dirs.join(', ')})`);
