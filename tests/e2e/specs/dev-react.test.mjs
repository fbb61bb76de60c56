// `docsite dev` on a site with its own React code (issue 38): an edit of a React page's
// component reaches the open page as a hot update through Vite's dev server (React Fast
// Refresh): the new text shows without a reload and the page's state is kept; no Markdown
// is rendered again for it. A syntax error shows in Vite's error overlay with its file and
// line, and goes away when the file is fixed, the page still live.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openPage, startDev, unexpected } from '../lib.mjs';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/react-pages');

let site;
let dev;
let base;
let browser;
const output = () => dev.output();

before(async () => {
  // The first start builds the site's React code (a Vite build): up to a few minutes.
  dev = await startDev(FIXTURE, { timeout: 200_000 });
  ({ dir: site, base } = dev);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  dev?.stop();
});

const greeting = () => path.join(site, 'src/components/Greeting/index.js');
const edit = (from, to) => {
  const text = fs.readFileSync(greeting(), 'utf8');
  assert.ok(text.includes(from), `Greeting has ${from}`);
  fs.writeFileSync(greeting(), text.replace(from, to));
};

/** The home page, hydrated by the modules Vite serves, its button pressed (state: "Lit"). */
async function litHome() {
  const opened = await openPage(browser);
  const { page } = opened;
  await page.goto(base + '/', { waitUntil: 'load' });
  await page.waitForFunction(() => typeof window.__vite_plugin_react_preamble_installed__ !== 'undefined' || !!window.$RefreshReg$, null, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Unlit' }).waitFor();
  // Hydrated: the click changes the state.
  await page.waitForFunction(() => document.querySelector('#__docsite_root') && Object.keys(document.querySelector('main button') ?? {}).some((k) => k.startsWith('__react')), null, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Unlit' }).click();
  await page.getByRole('button', { name: 'Lit' }).waitFor();
  await page.evaluate(() => (window.__notReloaded = true));
  return opened;
}

test('a component edit reaches the open page as a hot update: new text, same state, no reload, no Markdown rendered', async () => {
  const { page, context, problems } = await litHome();
  const before = output().length;
  const saved = performance.now();
  edit('Welcome, {name}', 'Welcome back, {name}');
  await page.getByText('Welcome back').first().waitFor({ timeout: 5000 });
  const ms = performance.now() - saved;
  assert.equal(await page.evaluate(() => window.__notReloaded), true, 'the page was not reloaded');
  assert.equal(await page.getByRole('button', { name: 'Lit' }).count(), 1, "the page's state is kept");
  assert.match(output().slice(before), /src\/components\/Greeting\/index\.js: sent to the open pages as a hot update/);
  assert.doesNotMatch(output().slice(before), /rendered from Markdown/, 'no Markdown page was rendered for it');
  console.log(`save -> new text on the open page: ${ms.toFixed(0)} ms`);
  assert.deepEqual(unexpected(problems, /\[vite\]/), []);
  // The pre-rendered HTML follows once edits settle, without reloading the page.
  for (let i = 0; i < 1200 && !/React code rebuilt for pre-rendering/.test(output().slice(before)); i++) await new Promise((r) => setTimeout(r, 100));
  assert.match(output().slice(before), /the site's React code rebuilt for pre-rendering in \d+ ms/);
  assert.match(await (await fetch(base + '/')).text(), /Welcome back/);
  assert.equal(await page.evaluate(() => window.__notReloaded), true, 'still not reloaded');
  await context.close();
});

test('an edit of a page whose component has no name (`export default () => …`) is a hot update too, its state kept', async () => {
  const { page, context, problems } = await openPage(browser);
  await page.goto(base + '/lamplighters', { waitUntil: 'load' });
  await page.waitForFunction(() => !!window.$RefreshReg$, null, { timeout: 30_000 });
  const button = (n) => page.getByRole('button', { name: `Rounds walked: ${n}` });
  await button(0).waitFor();
  await page.waitForFunction(() => Object.keys(document.querySelector('main button') ?? {}).some((k) => k.startsWith('__react')), null, { timeout: 30_000 });
  await button(0).click();
  await button(1).waitFor();
  await page.evaluate(() => (window.__notReloaded = true));
  const file = path.join(site, 'src/pages/lamplighters.js');
  const before = output().length;
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('the same streets', 'the same lanes'));
  await page.getByText('walks the same lanes').waitFor({ timeout: 5000 });
  assert.equal(await page.evaluate(() => window.__notReloaded), true, 'the page was not reloaded');
  assert.equal(await button(1).count(), 1, "the page's state is kept");
  assert.match(output().slice(before), /src\/pages\/lamplighters\.js: sent to the open pages as a hot update/);
  assert.deepEqual(unexpected(problems, /\[vite\]/), []);
  await context.close();
});

test('a syntax error shows in the error overlay with its file and line, and goes away when fixed', async () => {
  const { page, context } = await litHome();
  edit('Welcome back', 'Welcome {back');
  const overlay = page.locator('vite-error-overlay');
  await overlay.waitFor({ timeout: 10_000 });
  const text = await overlay.evaluate((el) => el.shadowRoot.textContent);
  assert.match(text, /src\/components\/Greeting\/index\.js:\d+:\d+/, `the overlay names the file and line:\n${text}`);
  edit('Welcome {back', 'Welcome again');
  await page.getByText('Welcome again').first().waitFor({ timeout: 10_000 });
  assert.equal(await overlay.count(), 0, 'the overlay is gone');
  assert.equal(await page.evaluate(() => window.__notReloaded), true, 'the page was not reloaded');
  assert.equal(await page.getByRole('button', { name: 'Lit' }).count(), 1, "the page's state is kept");
  await context.close();
});

test("Vite serves no file outside the folders docsite dev was given, and the build's CSP stays as it was", async () => {
  const outside = await fetch(`${base}/_docsite/vite/@fs/etc/passwd`);
  assert.equal(outside.status, 403);
  const home = await fetch(base + '/');
  assert.match(home.headers.get('content-security-policy'), /connect-src 'self' ws:\/\/127\.0\.0\.1:\d+/);
});
