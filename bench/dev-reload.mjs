// Save-to-reload latency of `docsite dev` (DESIGN §8: <= 100 ms): runs `docsite dev` on a
// copy of the FDC3 site, then repeatedly edits a page and measures the time from writing
// the file to (1) the live-reload event naming the page's route and (2) the page's new HTML
// arriving, which is when an open browser tab has reloaded it. Saves are spaced so that
// the search index (refreshed when edits settle) runs between some of them, as it does
// while a person edits.
//
// usage: node bench/dev-reload.mjs [SITE_DIR] [SAVES]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.resolve(process.argv[2] ?? path.join(root, 'site'));
const saves = Number(process.argv[3] ?? 30);
const bin = process.env.DOCSITE_BIN ?? path.join(root, 'target/release/docsite');

// The pages edited: the biggest reference page and a short one, in the current version.
const pages = [
  { file: 'docs/api/ref/DesktopAgent.md', route: '/docs/next/api/ref/DesktopAgent' },
  { file: 'docs/fdc3-intro.md', route: '/docs/next/fdc3-intro' },
];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-dev-bench-'));
fs.cpSync(source, work, { recursive: true, filter: (p) => !p.startsWith(path.join(source, 'build')) });

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const dev = spawn(bin, ['dev', work, '--port', String(port), ...(process.env.VERBOSE ? ['--timings'] : [])], { stdio: ['ignore', 'ignore', 'pipe'] });
let log = '';
dev.stderr.on('data', (d) => (log += d));
const cleanup = () => {
  dev.kill();
  fs.rmSync(work, { recursive: true, force: true });
};
process.on('exit', cleanup);

const started = performance.now();
while (!log.includes('serving')) {
  if (dev.exitCode !== null || performance.now() - started > 120_000) {
    console.error(`docsite dev did not start:\n${log}`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 20));
}
console.log(`first build and start: ${((performance.now() - started) / 1000).toFixed(1)} s`);

// The live-reload stream, read as the browser's EventSource would.
const waiting = [];
const stream = await fetch(`${base}/_docsite/dev/events`);
(async () => {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of stream.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = message.split('\n').find((l) => l.startsWith('data:'))?.slice(5).trim();
      const event = message.split('\n').find((l) => l.startsWith('event:'))?.slice(6).trim();
      for (const w of waiting.splice(0)) w(event, data);
    }
  }
})();
const nextEvent = () => new Promise((resolve) => waiting.push((event, data) => resolve({ event, data })));

const event = [];
const html = [];
for (let i = 0; i < saves; i++) {
  const page = pages[i % pages.length];
  const file = path.join(work, page.file);
  const marker = `Edited in run ${i}.`;
  const text = fs.readFileSync(file, 'utf8').replace(/\n\nEdited in run \d+\.\n$/, '\n');
  const t0 = performance.now();
  const got = nextEvent();
  fs.writeFileSync(file, `${text}\nEdited in run ${i}.\n`);
  let message = await got;
  while (message.event === 'reload' && !JSON.parse(message.data).routes.includes?.(page.route) && JSON.parse(message.data).routes !== '*') {
    message = await nextEvent();
  }
  if (message.event !== 'reload') {
    console.error(`save ${i}: the build failed\n${log}`);
    process.exit(1);
  }
  const t1 = performance.now();
  const body = await (await fetch(base + page.route, { headers: { accept: 'text/html' } })).text();
  const t2 = performance.now();
  if (!body.includes(marker)) {
    console.error(`save ${i}: the reloaded page does not show the edit`);
    process.exit(1);
  }
  event.push(t1 - t0);
  html.push(t2 - t0);
  if (process.env.VERBOSE) console.log(`save ${i} (${page.file}): event ${(t1 - t0).toFixed(0)} ms, html ${(t2 - t0).toFixed(0)} ms`);
  // A person reads before saving again; sometimes long enough for the search index to run.
  await new Promise((r) => setTimeout(r, i % 3 === 2 ? 1500 : 300));
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return `median ${q(0.5).toFixed(0)} ms, p90 ${q(0.9).toFixed(0)} ms, max ${s[s.length - 1].toFixed(0)} ms`;
};
console.log(`${saves} saves of ${pages.map((p) => p.file).join(' and ')}`);
console.log(`save -> reload event:        ${stats(event)}`);
console.log(`save -> reloaded page HTML:  ${stats(html)}  (budget 100 ms)`);
if (process.env.VERBOSE) console.log(log);
cleanup();
process.exit(0);
