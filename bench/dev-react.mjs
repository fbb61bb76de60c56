// Save-to-screen latency of a React edit under `docsite dev` (issue 38: ≤ 1 s, state kept):
// runs `docsite dev` on a copy of a site with React pages, opens a page in Chromium, then
// repeatedly edits a text in a component or page file and measures the time from writing
// the file to the new text on the open page. Fails when the page reloaded (a hot update
// keeps the page and its state) or the text never came.
//
// usage: node bench/dev-react.mjs [SITE_DIR ROUTE FILE TEXT] [SAVES]
//   defaults: fixtures/react-pages, /, src/components/Greeting/index.js, "Welcome", 10
//   TEXT is a piece of text the file shows on the page (each save changes it); FILE is
//   relative to SITE_DIR. DOCSITE_DEV_IN_PLACE=1 runs on SITE_DIR itself instead of a copy
//   (a site whose docs lie beside it, `path: '../docs'`), and puts FILE back at the end.
//   A doc on the MDX path (compiled by MDX as part of the site's code) is measured the same way.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eLib } from './e2e-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const [source, route, file, text] = args.length >= 4 ? [path.resolve(args[0]), args[1], args[2], args[3]] : [path.join(root, 'fixtures/react-pages'), '/', 'src/components/Greeting/index.js', 'Welcome'];
const saves = Number(args.length >= 4 ? (args[4] ?? 10) : (args[0] ?? 10));
const { launch, openPage, startDev } = await e2eLib();

const inPlace = process.env.DOCSITE_DEV_IN_PLACE === '1';
const dev = await startDev(source, { timeout: 600_000, inPlace }).catch((e) => {
  console.error(e.message);
  process.exit(1);
});
const { dir: work, base } = dev;
let browser;
console.log(`first build and start: ${dev.startSeconds.toFixed(1)} s`);

browser = await launch();
const { page } = await openPage(browser);
if (process.env.VERBOSE) page.on('console', (m) => console.log(`  browser ${m.type()}: ${m.text()}`));
page.on('load', () => console.log('  (the page loaded)'));
await page.goto(base + route, { waitUntil: 'load' });
await page.getByText(text).first().waitFor({ timeout: 60_000 });
// Hydrated by the modules Vite serves (React Refresh's preamble ran).
await page.waitForFunction(() => typeof window.$RefreshReg$ === 'function', null, { timeout: 60_000 });
// Hydrated: React's props are on the page's elements.
await page.waitForFunction(() => [...document.querySelectorAll('#__docsite_root *')].some((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))), null, { timeout: 60_000 });
await page.evaluate(() => (window.__benchNotReloaded = true));

const target = path.join(work, file);
const original = fs.readFileSync(target, 'utf8');
if (!original.includes(text)) {
  console.error(`${file} does not contain ${JSON.stringify(text)}`);
  process.exit(1);
}
const times = [];
// RELOAD_OK=1: a module React Fast Refresh cannot keep (an anonymous `export default (props)
// => …`, as the standard's src/pages/community.js has) makes the page reload, in `docusaurus
// start` too; the time is then to the new text on the reloaded page.
const reloadOk = Boolean(process.env.RELOAD_OK);
let reloads = 0;
if (inPlace) process.on('exit', () => fs.writeFileSync(target, original));
for (let i = 0; i < saves; i++) {
  const shown = `${text} ${i}`;
  const t0 = performance.now();
  fs.writeFileSync(target, original.replace(text, shown));
  try {
    await page.waitForFunction((t) => document.body.innerText.includes(t), shown, { timeout: 30_000, polling: 'raf' });
  } catch {
    console.error(`save ${i}: the new text never showed on the page\n${dev.output()}`);
    process.exit(1);
  }
  times.push(performance.now() - t0);
  if (!(await page.evaluate(() => window.__benchNotReloaded))) {
    if (!reloadOk) {
      console.error(`save ${i}: the page reloaded (no hot update)\n${dev.output()}`);
      process.exit(1);
    }
    reloads++;
    await page.evaluate(() => (window.__benchNotReloaded = true));
  }
  if (process.env.VERBOSE) console.log(`save ${i}: ${times.at(-1).toFixed(0)} ms`);
  await new Promise((r) => setTimeout(r, 400));
}
const s = [...times].sort((a, b) => a - b);
const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
console.log(`${saves} saves of ${file} (${path.basename(source)})`);
console.log(`React edit -> new text on the open page: median ${q(0.5).toFixed(0)} ms, p90 ${q(0.9).toFixed(0)} ms, max ${s.at(-1).toFixed(0)} ms  (budget 1 s, ${reloadOk ? `${reloads} reloads` : 'no reload'})`);
await browser.close();
if (process.env.VERBOSE) console.log(dev.output());
dev.stop();
process.exit(0);
