// Save-to-reload latency of `docsite dev` (DESIGN §8: <= 100 ms): runs `docsite dev` on a
// copy of the FDC3 site, then repeatedly edits a page and measures the time from writing
// the file to (1) the live-reload event naming the page's route and (2) the page's new HTML
// arriving, which is when an open browser tab has reloaded it. Saves are spaced so that
// the search index (refreshed when edits settle) runs between some of them, as it does
// while a person edits.
//
// usage: node bench/dev-reload.mjs [SITE_DIR] [SAVES] [ROUNDS]
// (SAVES 0: only the sidebar edits and new docs, ROUNDS of each, by default SAVES / 5, at
// least 3; E2E_PORTS=4300-4399 keeps `docsite dev` to those ports.) Another site than the
// FDC3 one (a generated one of bench/gen_scale.py) names what is edited:
// DEV_PAGES=file=route,… (the pages saved), DEV_OPEN=route (the page open during the wide
// edits), DEV_SIDEBAR=file (a JSON file with a "label", e.g. a `_category_.json`),
// DEV_NEW=route-prefix (the new docs' routes, their files docs/bench-new-N.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDev } from '../tests/e2e/dev-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.resolve(process.argv[2] ?? path.join(root, 'site'));
const saves = Number(process.argv[3] ?? 30);

// The pages edited: the biggest reference page and a short one, in the current version.
const pages = process.env.DEV_PAGES
  ? process.env.DEV_PAGES.split(',').map((p) => {
      const [file, route] = p.split('=');
      return { file, route };
    })
  : [
      { file: 'docs/api/ref/DesktopAgent.md', route: '/docs/next/api/ref/DesktopAgent' },
      { file: 'docs/fdc3-intro.md', route: '/docs/next/fdc3-intro' },
    ];

const dev = await startDev(source, { args: process.env.VERBOSE ? ['--timings'] : [] }).catch((e) => {
  console.error(e.message);
  process.exit(1);
});
const { dir: work, base } = dev;
console.log(`first build and start: ${dev.startSeconds.toFixed(1)} s`);

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
    console.error(`save ${i}: the build failed\n${dev.output()}`);
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
if (saves > 0) {
  console.log(`save -> reload event:        ${stats(event)}`);
  console.log(`save -> reloaded page HTML:  ${stats(html)}  (budget 100 ms)`);
}

// Edits that reach many pages (issue 38: <= 300 ms to the open page): a sidebar label, and a
// new doc (the route table changes, so every page is written). The page open in the
// "browser" (loaded once, as a tab would) is written and reloaded first.
const open = process.env.DEV_OPEN ?? '/docs/next/api/ref/DesktopAgent';
await (await fetch(base + open, { headers: { accept: 'text/html' } })).text();
const wide = { sidebar: [], 'new doc': [] };
// Rebuilds finished so far: `docsite dev` prints one line at the end of each.
const rebuilds = () => dev.output().split('\n').filter((l) => / rebuilt in \d+ ms/.test(l)).length;
const rounds = Number(process.argv[4] ?? Math.max(3, Math.floor(saves / 5)));
for (let i = 0; i < rounds; i++) {
  for (const kind of Object.keys(wide)) {
    const done = rebuilds();
    const t0 = performance.now();
    const got = nextEvent();
    let marker;
    if (kind === 'sidebar') {
      const file = path.join(work, process.env.DEV_SIDEBAR ?? 'sidebars.json');
      const text = fs.readFileSync(file, 'utf8');
      const label = text.match(/"label": "([^"]+)"/)[1];
      marker = `${label.replace(/ \(\d+\)$/, '')} (${i})`;
      fs.writeFileSync(file, text.replace(`"label": "${label}"`, `"label": "${marker}"`));
    } else {
      marker = `${process.env.DEV_NEW ?? '/docs/next/bench-new-'}${i}`;
      fs.writeFileSync(path.join(work, `docs/bench-new-${i}.md`), `---\ntitle: New page ${i}\n---\n\nA page added while the site is served.\n`);
    }
    let message = await got;
    while (message.event === 'reload' && JSON.parse(message.data).routes !== '*' && !JSON.parse(message.data).routes.includes(open)) message = await nextEvent();
    if (message.event !== 'reload') {
      console.error(`${kind} ${i}: the build failed\n${dev.output()}`);
      process.exit(1);
    }
    const t1 = performance.now();
    const body = await (await fetch(base + open, { headers: { accept: 'text/html' } })).text();
    const t2 = performance.now();
    if (kind === 'sidebar' && !body.includes(marker)) {
      console.error(`${kind} ${i}: the reloaded page does not show the edit (${marker})`);
      process.exit(1);
    }
    wide[kind].push(t2 - t0);
    // The new page itself follows with the pages behind the open one.
    for (let tries = 0; kind === 'new doc'; tries++) {
      const page = await fetch(base + marker, { headers: { accept: 'text/html' } });
      if (page.ok && (await page.text()).includes(`New page ${i}`)) break;
      if (tries > 200) {
        console.error(`${kind} ${i}: ${marker} was never written`);
        process.exit(1);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    if (process.env.VERBOSE) console.log(`${kind} ${i}: event ${(t1 - t0).toFixed(0)} ms, html ${(t2 - t0).toFixed(0)} ms`);
    // Let the pages behind the open one finish before the next edit (its line in the
    // terminal), then read a moment, as a person does.
    for (let waited = 0; rebuilds() <= done && waited < 20_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500));
  }
}
for (const [kind, xs] of Object.entries(wide)) console.log(`${kind} edit -> open page HTML: ${stats(xs)}  (budget 300 ms)`);
if (process.env.VERBOSE) console.log(dev.output());
dev.stop();
process.exit(0);
