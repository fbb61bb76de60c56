// A Docusaurus site's own React pages (issue 23): `fixtures/react-pages` has a home page in
// `src/pages/index.js` (Layout, Link, useBaseUrl, a component with a CSS module reading
// customFields, an imported image), a page importing a JSON data file and a nested page.
// The site is built by the release binary (its React code compiled with the theme by
// Vite); the pages must be readable without JavaScript, hydrate without console problems,
// load their code only on their route, and navigate client-side to and from the docs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, launch, openPage, startServer, unexpected } from '../lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ctx = { server: undefined, browser: undefined };

before(async () => {
  // A copy: the build writes its cache (`.docsite/`) inside the site folder.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-e2e-react-'));
  const site = path.join(work, 'site');
  // DOCSITE_REACT_SITE: another site folder with the same pages (to try a variant).
  fs.cpSync(process.env.DOCSITE_REACT_SITE ?? path.join(root, 'fixtures/react-pages'), site, { recursive: true, filter: (f) => !f.includes(`${path.sep}.docsite`) });
  const out = path.join(work, 'out');
  const result = spawnSync(BIN, ['build', site, '--out', out], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`building fixtures/react-pages failed:\n${result.stderr}`);
  ctx.server = await startServer(out);
  ctx.browser = await launch();
  ctx.work = work;
});

after(async () => {
  await ctx.browser?.close();
  ctx.server?.stop();
  if (ctx.work) fs.rmSync(ctx.work, { recursive: true, force: true });
});

test('the React home page is pre-rendered: readable with JavaScript disabled', async () => {
  const context = await ctx.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${ctx.server.base}/`);
  assert.equal(await page.locator('h1').textContent(), 'Lanterns for every night');
  // customFields through useDocusaurusContext, and the component's CSS module class.
  assert.equal(await page.locator('[data-testid=greeting] .motto').textContent(), 'Light travels further when shared');
  const greetingClass = await page.locator('[data-testid=greeting]').getAttribute('class');
  assert.match(greetingClass ?? '', /^_\w+$/, 'a scoped CSS-module class');
  // The theme's chrome is around it.
  assert.ok(await page.locator('nav').first().isVisible(), 'navbar');
  // Link and useBaseUrl produce site URLs; the imported image is under the base URL.
  assert.equal(await page.locator('a', { hasText: 'Read the introduction' }).getAttribute('href'), '/docs/intro');
  assert.equal(await page.locator('img[alt="The same lantern, by its static URL"]').getAttribute('src'), '/img/lantern.svg');
  const logo = await page.locator('img[alt="A lantern"]').getAttribute('src');
  assert.match(logo ?? '', /^\/assets\/lantern-[\w-]+\.svg$/);
  assert.equal((await fetch(ctx.server.base + logo)).status, 200);
  // The CSS module's rule is styled at first paint (its stylesheet is linked).
  const border = await page.locator('[data-testid=greeting]').evaluate((el) => getComputedStyle(el).borderLeftStyle);
  assert.equal(border, 'solid');
  assert.equal(await page.locator('meta[name=description]').getAttribute('content'), 'Everything about lanterns');
  await context.close();
});

test('the page importing a JSON data file lists its entries without JavaScript', async () => {
  const context = await ctx.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${ctx.server.base}/catalogue`);
  assert.match(await page.title(), /^Catalogue/);
  assert.deepEqual(await page.locator('ul.catalogue li').allTextContents(), ['Paper lantern: burns 2 hours', 'Tin lantern: burns 6 hours', 'Storm lantern: burns 12 hours']);
  await page.goto(`${ctx.server.base}/nested`);
  assert.equal(await page.locator('h1').textContent(), 'Workshop');
  await context.close();
});

test('the home page hydrates without console problems and is interactive', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/`);
  await page.locator('button', { hasText: 'Unlit' }).click();
  await page.locator('button', { hasText: 'Lit' }).waitFor();
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('a React page loads its code only on its route (or when a link to it is prefetched)', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  const scripts = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${ctx.server.base}/catalogue`);
  await page.locator('ul.catalogue li').first().waitFor();
  const chunk = scripts.find((s) => /\/assets\/catalogue-[\w-]+\.js$/.test(s));
  assert.ok(chunk, `the catalogue has a chunk of its own: ${scripts.join(', ')}`);
  // A doc page's HTML neither loads nor preloads it: it is outside the doc's first view.
  const docHtml = await (await fetch(`${ctx.server.base}/docs/care`)).text();
  assert.ok(!docHtml.includes(path.basename(chunk)), 'the doc page does not reference the page chunk');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('client-side navigation goes from a React page to the docs and back', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/`);
  await page.locator('button', { hasText: 'Unlit' }).waitFor();
  // A marker on the window survives client-side navigation only.
  await page.evaluate(() => {
    window.__stayed = true;
  });
  await page.locator('a', { hasText: 'Read the introduction' }).click();
  await page.waitForURL(`${ctx.server.base}/docs/intro`);
  await page.locator('article h1, h1', { hasText: 'Introduction' }).first().waitFor();
  await page.locator('a', { hasText: 'catalogue' }).first().click();
  await page.waitForURL(`${ctx.server.base}/catalogue`);
  await page.locator('ul.catalogue li').first().waitFor();
  await page.locator('a', { hasText: 'How to care for them' }).click();
  await page.waitForURL(`${ctx.server.base}/docs/care`);
  await page.goBack();
  await page.waitForURL(`${ctx.server.base}/catalogue`);
  await page.locator('ul.catalogue li').first().waitFor();
  assert.equal(await page.evaluate(() => window.__stayed), true, 'no full page load');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('the search finds a React page by a word of its text, at its heading', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/search?q=wickwright`, { waitUntil: 'networkidle' });
  const results = page.locator('main').getByRole('region', { name: 'Search results' });
  const first = results.getByRole('link').first();
  await first.waitFor();
  assert.match(await first.getAttribute('href'), /^\/catalogue(#makers)?$/);
  assert.match(await results.innerText(), /wickwright/i);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('a doc links to an anchor of a React page (its id read from the pre-rendered page)', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/docs/care`);
  await page.locator('a', { hasText: 'lantern makers' }).click();
  await page.waitForURL(`${ctx.server.base}/catalogue#makers`);
  await page.locator('#makers').waitFor();
  assert.ok(await page.locator('#makers').isVisible(), 'the section is shown');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});
