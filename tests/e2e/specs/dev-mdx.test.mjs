// `docsite dev` on a Docusaurus site with docs on the MDX path (`fixtures/mdx-path`: docs
// that need JavaScript, compiled by MDX as modules of the site's code): an edit of one
// reaches the open page from Vite's dev server, without a reload and without building the
// site's code first (that build used to come first: 16-37 s a save); the engine checks the
// doc's links at once, and the page is pre-rendered again once edits settle.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appStarted, launch, openPage, startDev, unexpected } from '../lib.mjs';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/mdx-path');

let dev;
let browser;
const output = () => dev.output();

before(async () => {
  // The first start builds the site's code (a Vite build): up to a few minutes.
  dev = await startDev(FIXTURE, { timeout: 200_000 });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  dev?.stop();
});

const doc = () => path.join(dev.dir, 'docs/expressions.mdx');
const edit = (from, to) => {
  const text = fs.readFileSync(doc(), 'utf8');
  assert.ok(text.includes(from), `the doc has ${from}`);
  fs.writeFileSync(doc(), text.replace(from, to));
};

/** Waits until the dev server has printed nothing for `quiet` ms: no rebuild is under way. */
async function settled(quiet = 1500) {
  let last = -1;
  for (let still = 0; still < quiet; still += 100) {
    if (output().length !== last) [last, still] = [output().length, 0];
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the dev server's output since `from` matches `re`. */
async function printed(from, re, ms = 120_000) {
  for (let waited = 0; waited < ms && !re.test(output().slice(from)); waited += 100) await new Promise((r) => setTimeout(r, 100));
  assert.match(output().slice(from), re);
}

test('an edit of a doc on the MDX path shows on the open page without a reload, and its page is pre-rendered again after', async () => {
  const { page, context, problems } = await openPage(browser);
  await page.goto(`${dev.base}/docs/expressions`, { waitUntil: 'load' });
  await page.waitForFunction(appStarted, null, { timeout: 30_000 });
  // The doc's island has taken its module from Vite.
  await page.waitForFunction(() => Object.keys(document.querySelector('[data-module="docs/expressions.mdx"]') ?? {}).some((k) => k.startsWith('__reactContainer')), null, { timeout: 30_000 });
  await page.evaluate(() => (window.__notReloaded = true));
  await settled();
  const from = output().length;
  const saved = performance.now();
  edit('One plus one is', 'One and one make');
  await page.getByText('One and one make 2.').waitFor({ timeout: 10_000 });
  const ms = performance.now() - saved;
  assert.equal(await page.evaluate(() => window.__notReloaded), true, 'the page was not reloaded');
  await printed(from, /docs\/expressions\.mdx: sent to the open pages as a hot update/, 10_000);
  assert.doesNotMatch(output().slice(from).split('sent to the open pages')[0], /vite build/, `no build of the site code came before it; the whole session:\n${output()}`);
  // The site build's warning (packages.mdx's `<CodeBlock>`) is still there: nothing "fixed".
  assert.match(output().slice(from), /docs\/expressions\.mdx: sent to the open pages as a hot update \(its module from Vite's dev server\)\n/);
  console.log(`save -> new text on the open page: ${ms.toFixed(0)} ms`);

  // Once edits settle, the code is built again and the page pre-rendered with the edit.
  await printed(from, /the site's React code rebuilt for pre-rendering in \d+ ms/);
  assert.match(await (await fetch(`${dev.base}/docs/expressions`)).text(), /One and one make/);
  assert.equal(await page.evaluate(() => window.__notReloaded), true, 'still not reloaded (its data did not change)');
  assert.deepEqual(unexpected(problems, /\[vite\]/), []);
  await context.close();
});

test("a broken link written in a doc on the MDX path is reported at once, at its line", async () => {
  const from = output().length;
  edit('One and one make', '[Broken](./missing.md). One and one make');
  await printed(from, /docs\/expressions\.mdx:\d+:\d+: broken link `\.\/missing\.md`/, 10_000);
  edit('[Broken](./missing.md). ', '');
  await printed(from, /docs\/expressions\.mdx: sent to the open pages as a hot update/, 10_000);
});

test('an edit of a partial shows on the open page of the doc importing it, without a reload', async () => {
  const { page, context, problems } = await openPage(browser);
  await page.goto(`${dev.base}/docs/partials`, { waitUntil: 'load' });
  await page.waitForFunction(appStarted, null, { timeout: 30_000 });
  await page.waitForFunction(() => Object.keys(document.querySelector('[data-module="docs/partials.mdx"]') ?? {}).some((k) => k.startsWith('__reactContainer')), null, { timeout: 30_000 });
  await page.evaluate(() => (window.__notReloaded = true));
  const from = output().length;
  const part = path.join(dev.dir, 'docs/_part.mdx');
  fs.writeFileSync(part, fs.readFileSync(part, 'utf8').replace('This text lives in', 'This text now lives in'));
  await page.getByText('This text now lives in').waitFor({ timeout: 10_000 });
  assert.equal(await page.evaluate(() => window.__notReloaded), true, 'the page was not reloaded');
  await printed(from, /docs\/_part\.mdx: sent to the open pages as a hot update/, 10_000);
  assert.doesNotMatch(output().slice(from).split('sent to the open pages')[0], /vite build/, 'no build of the site code came before it');
  await printed(from, /the site's React code rebuilt for pre-rendering in \d+ ms/);
  assert.match(await (await fetch(`${dev.base}/docs/partials`)).text(), /This text now lives in/);
  assert.deepEqual(unexpected(problems, /\[vite\]/), []);
  await context.close();
});

test("a doc importing a package, opened first, is not reloaded by Vite's pre-bundling of that package", async () => {
  // Vite's dependency scan cannot read `.mdx`: a package only a doc imports (here the
  // site's `tiny-badge`, CommonJS, linked into its node_modules from `packages/`) was found
  // on the page's first visit and pre-bundled then, which reloads the page when the bundles
  // change; and a linked package was served as source, its CommonJS export missing. It is
  // pre-bundled as the session starts, before any page asks for it.
  const metadata = path.join(dev.dir, '.docsite/vite/deps/_metadata.json');
  const prebundled = () => {
    try {
      return Object.keys(JSON.parse(fs.readFileSync(metadata, 'utf8')).optimized ?? {});
    } catch {
      return [];
    }
  };
  for (let waited = 0; waited < 60_000 && !prebundled().includes('tiny-badge'); waited += 200) await new Promise((r) => setTimeout(r, 200));
  assert.ok(prebundled().includes('tiny-badge'), `pre-bundled at start: ${prebundled().join(', ')}`);
  const { page, context, problems } = await openPage(browser);
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.goto(`${dev.base}/docs/packages`, { waitUntil: 'load' });
  await page.waitForFunction(appStarted, null, { timeout: 30_000 });
  await page.waitForFunction(() => Object.keys(document.querySelector('[data-module="docs/packages.mdx"]') ?? {}).some((k) => k.startsWith('__reactContainer')), null, { timeout: 30_000 });
  // Vite reloads once its optimizer has run: give it the time it takes.
  await page.waitForTimeout(5_000);
  assert.equal(loads, 1, 'the page was loaded once');
  const badge = page.locator('.tiny-badge');
  await badge.click();
  assert.equal(await badge.textContent(), 'certified ✓', 'the package component is live');
  assert.deepEqual(unexpected(problems, /\[vite\]/), []);
  await context.close();
});
