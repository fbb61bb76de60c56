// Screenshot pairs of one corpus site (bench/compat-corpus.sh --with-docusaurus): each route
// given, as docsite built it and as Docusaurus built it, at 1400 x 900 px in light mode.
// docsite's build is served by `docsite serve`, Docusaurus's by Python's static server (what
// Docusaurus's `serve` does for a site at baseUrl `/`: a folder's index.html), each on a port
// of $CORPUS_PORT (default 4500) and the next one.
//
// Usage: node bench/compat-screens.mjs DOCSITE_BUILD DOCUSAURUS_BUILD OUT_DIR NAME=/route ...
// Writes OUT_DIR/NAME-docsite.png and OUT_DIR/NAME-docusaurus.png and prints each path.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { e2eLib } from './e2e-lib.mjs';

const { launch, openPage, BIN } = await e2eLib();
const [docsiteBuild, docusaurusBuild, out, ...pairs] = process.argv.slice(2);
if (!out || pairs.length === 0) {
  console.error('usage: node bench/compat-screens.mjs DOCSITE_BUILD DOCUSAURUS_BUILD OUT_DIR NAME=/route ...');
  process.exit(2);
}
const port = Number(process.env.CORPUS_PORT ?? 4500);

async function serve(command, args, base) {
  const proc = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(base + '/');
      return () => proc.kill();
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  proc.kill();
  throw new Error(`${command} did not start on ${base}: ${stderr}`);
}

fs.mkdirSync(out, { recursive: true });
const servers = [
  ['docsite', `http://127.0.0.1:${port}`, () => serve(BIN, ['serve', docsiteBuild, '--port', String(port)], `http://127.0.0.1:${port}`)],
  ['docusaurus', `http://127.0.0.1:${port + 1}`, () => serve('python3', ['-m', 'http.server', String(port + 1), '--bind', '127.0.0.1', '--directory', docusaurusBuild], `http://127.0.0.1:${port + 1}`)],
];
const browser = await launch();
try {
  for (const [label, base, start] of servers) {
    const stop = await start();
    try {
      // Docusaurus's pages have no docsite app to wait for.
      const { page, context } = await openPage(browser, { width: 1400, height: 900, waitForApp: label === 'docsite' });
      for (const pair of pairs) {
        const [name, route] = pair.split('=');
        await page.goto(base + route, { waitUntil: 'networkidle' });
        await page.waitForTimeout(500);
        const file = path.join(out, `${name}-${label}.png`);
        await page.screenshot({ path: file });
        console.log(file);
      }
      await context.close();
    } finally {
      stop();
    }
  }
} finally {
  await browser.close();
}
