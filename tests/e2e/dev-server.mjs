// `docsite dev` on a copy of a site, for the browser tests and the dev benchmarks
// (bench/dev-reload.mjs, bench/dev-react.mjs). Node's own modules only: a benchmark that
// drives no browser imports it without the browser tests' packages.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = process.env.DOCSITE_BIN ?? path.join(root, 'target/release/docsite');

/**
 * A TCP port free on 127.0.0.1 now: any, or one of `$E2E_PORTS` (`4300-4399`) on a machine
 * shared with others who keep to ranges of their own.
 */
export async function freePort() {
  const range = process.env.E2E_PORTS?.match(/^(\d+)-(\d+)$/);
  if (!range) return listenOn(0);
  const [lo, hi] = [Number(range[1]), Number(range[2])];
  const start = lo + Math.floor(Math.random() * (hi - lo + 1));
  for (let i = 0; i <= hi - lo; i++) {
    const port = lo + ((start - lo + i) % (hi - lo + 1));
    const free = await listenOn(port).catch(() => null);
    if (free) return free;
  }
  throw new Error(`no free port in E2E_PORTS=${process.env.E2E_PORTS}`);
}

/** Listens on `port` (0: any) of 127.0.0.1 and closes again; resolves with the port. */
function listenOn(port) {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(port, '127.0.0.1', () => {
      const { port: bound } = s.address();
      s.close(() => resolve(bound));
    });
    s.on('error', reject);
  });
}

/** The folders of a site a copy leaves out: outputs and caches, and the installed packages (linked instead). */
const LEFT_OUT = new Set(['build', '.docsite', 'node_modules']);

/**
 * Starts `docsite dev` on a copy of the site folder `source` in a temp folder (its `build/`,
 * `.docsite/` and `node_modules/` left out; the packages linked, as a real site's are large)
 * on a free port, after `prepare(dir)` changed the copy. Resolves once it serves; throws
 * with its output when it exits first or `timeout` ms pass. `stop()` ends it and removes the
 * copy (also when the process exits). `inPlace`: on `source` itself, no copy (a site whose
 * content lies beside its folder, as a monorepo's does); the caller restores what it edits.
 */
export async function startDev(source, { prepare, args = [], timeout = 120_000, inPlace = false } = {}) {
  const dir = inPlace ? source : fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-dev-'));
  if (!inPlace) {
    fs.cpSync(source, dir, { recursive: true, filter: (p) => !LEFT_OUT.has(path.relative(source, p)) });
    if (fs.existsSync(path.join(source, 'node_modules'))) fs.symlinkSync(path.join(source, 'node_modules'), path.join(dir, 'node_modules'));
  }
  prepare?.(dir);
  const port = await freePort();
  const child = spawn(BIN, ['dev', dir, '--port', String(port), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => (log += d));
  const stop = () => {
    child.kill();
    if (!inPlace) fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  const started = performance.now();
  while (!log.includes('serving')) {
    if (child.exitCode !== null || performance.now() - started > timeout) {
      stop();
      throw new Error(`docsite dev did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { dir, base: `http://127.0.0.1:${port}`, child, output: () => log, stop, startSeconds: (performance.now() - started) / 1000 };
}
