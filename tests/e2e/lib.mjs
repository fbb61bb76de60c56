// Shared setup for the browser tests: serve the built site with `docsite serve` on a free
// port and drive Debian's Chromium through playwright-core (which never downloads a browser).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE_BUILD = process.env.DOCSITE_BUILD ?? path.join(root, 'site/build');
const BIN = process.env.DOCSITE_BIN ?? path.join(root, 'target/release/docsite');

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Starts `docsite serve` and resolves once it answers. */
export async function startServer() {
  const port = await freePort();
  const proc = spawn(BIN, ['serve', SITE_BUILD, '--port', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(base + '/');
      return { base, stop: () => proc.kill() };
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  proc.kill();
  throw new Error(`docsite serve did not start: ${stderr}`);
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A page that records console errors, warnings and uncaught exceptions. */
export async function openPage(browser, opts = {}) {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1400, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { page, context, problems };
}
