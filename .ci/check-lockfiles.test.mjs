// The lockfile check (.ci/check-lockfiles.mjs) on temporary repositories made from copies of
// this repository's own npm folders: it passes on lockfiles in sync, and fails naming the
// folder and the fix for a dependency added to package.json, one removed, one asked for by
// dist-tag (bench/lighthouse without its overrides) and a missing lockfile.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = path.join(root, '.ci/check-lockfiles.mjs');
const temps = [];
after(() => temps.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A git repository holding copies of `from` (repository folder -> new folder), edited by `edit`. */
function repo(folders) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockfile-check-test-'));
  temps.push(dir);
  for (const [to, { from, edit }] of Object.entries(folders)) {
    fs.mkdirSync(path.join(dir, to), { recursive: true });
    for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(root, from, file), path.join(dir, to, file));
    if (edit) {
      const manifest = path.join(dir, to, 'package.json');
      const json = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      edit(json, path.join(dir, to));
      fs.writeFileSync(manifest, JSON.stringify(json, null, 2) + '\n');
    }
  }
  execFileSync('git', ['init', '-q', dir]);
  execFileSync('git', ['-C', dir, 'add', '-A']);
  return dir;
}

function runCheck(dir) {
  const result = spawnSync('node', [check, dir], { encoding: 'utf8' });
  return { status: result.status, out: result.stdout + result.stderr };
}

/** The lines of the check's output about one folder (its heading and indented details). */
function about(out, folder) {
  const lines = out.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`lockfile out of sync with package.json in ${folder} `));
  if (start < 0) return '';
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('  '));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

test('lockfiles in sync pass', () => {
  const dir = repo({ 'site/schemas': { from: 'site/schemas' }, 'tests/content': { from: 'tests/content' } });
  const { status, out } = runCheck(dir);
  assert.equal(status, 0, out);
  assert.match(out, /2 package-lock\.json in sync/);
});

test('each out-of-sync lockfile is named with its folder, the difference and the fix', () => {
  const dir = repo({
    'site/schemas': { from: 'site/schemas' },
    'bench/added': { from: 'site/schemas', edit: (pkg) => (pkg.dependencies.kleur = '4.1.5') },
    'tests/removed': { from: 'site/schemas', edit: (pkg) => delete pkg.dependencies['fdc3-1-1'] },
    'theme/range': { from: 'site/schemas', edit: (pkg) => (pkg.dependencies['fdc3-1-2'] = 'npm:@finos/fdc3@1.1.1') },
    'bench/tagged': { from: 'bench/lighthouse', edit: (pkg) => delete pkg.overrides },
    'tests/nolock': { from: 'site/schemas', edit: (_pkg, folder) => fs.rmSync(path.join(folder, 'package-lock.json')) },
  });
  const { status, out } = runCheck(dir);
  assert.equal(status, 1, out);
  assert.equal(about(out, 'site/schemas'), '', out);
  const fix = (folder) => `(fix: cd ${folder} && npm install --package-lock-only)`;
  assert.match(about(out, 'bench/added'), /registry to resolve kleur/);
  assert.match(about(out, 'tests/removed'), /no longer needed: node_modules\/fdc3-1-1/);
  assert.match(about(out, 'theme/range'), /registry to resolve @finos\/fdc3:/);
  assert.match(about(out, 'bench/tagged'), /registry to resolve (legacy-javascript|third-party-web).*dist-tag/);
  assert.match(about(out, 'tests/nolock'), /no package-lock\.json/);
  for (const folder of ['bench/added', 'tests/removed', 'theme/range', 'bench/tagged', 'tests/nolock']) {
    assert.ok(about(out, folder).includes(fix(folder)), `${folder}:\n${out}`);
  }
});

test('folders outside bench/, theme/, tests/ and site/ are not checked', () => {
  const dir = repo({ 'other/added': { from: 'site/schemas', edit: (pkg) => (pkg.dependencies.kleur = '4.1.5') } });
  const { status, out } = runCheck(dir);
  assert.equal(status, 0, out);
  assert.match(out, /0 package-lock\.json/);
});
