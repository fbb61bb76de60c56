// `docsite dev` (issue 10): a maintainer edits a page and sees the change without reloading
// by hand, at the same scroll position; pages the edit did not touch stay as they are;
// while the site does not build every page shows the error, and fixing it brings the
// page back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openPage, startDev, unexpected } from '../lib.mjs';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/shell');

let site;
let dev;
let base;
let browser;
const output = () => dev.output();

/** Paragraphs enough to scroll: the test edits the first and reads at the tenth. */
const filler = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of the long page, long enough to need scrolling.`).join('\n\n');

before(async () => {
  dev = await startDev(FIXTURE, {
    prepare: (dir) => {
      fs.writeFileSync(path.join(dir, 'docs/long.md'), `---\ntitle: A long page\n---\n\n${filler}\n`);
      const sidebars = JSON.parse(fs.readFileSync(path.join(dir, 'sidebars.json'), 'utf8'));
      const first = Object.keys(sidebars)[0];
      sidebars[first].push('long');
      fs.writeFileSync(path.join(dir, 'sidebars.json'), JSON.stringify(sidebars, null, 2));
    },
    timeout: 30_000,
  });
  ({ dir: site, base } = dev);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  dev?.stop();
});

const longPage = () => path.join(site, 'docs/long.md');
const edit = (from, to) => fs.writeFileSync(longPage(), fs.readFileSync(longPage(), 'utf8').replace(from, to));

test('saving a page reloads it in the browser, at the same scroll position; other pages are left alone', async () => {
  const { page, context, problems } = await openPage(browser, { height: 600 });
  await page.goto(base + '/docs/next/long', { waitUntil: 'load' });
  await page.getByText('Paragraph 20 of the long page').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 100));
  const scrolled = await page.evaluate(() => window.scrollY);
  assert.ok(scrolled > 300, `the page scrolled (${scrolled})`);

  // Another open page whose content the edit does not touch.
  const other = await context.newPage();
  await other.goto(base + '/docs/next/intro', { waitUntil: 'load' });
  await other.evaluate(() => (window.__untouched = true));

  const reloaded = page.waitForEvent('load');
  edit('Paragraph 1 of the long page', 'The first paragraph, edited');
  await reloaded;
  await page.getByText('The first paragraph, edited').waitFor();
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, scrolled, { timeout: 5000 });
  assert.equal(await other.evaluate(() => window.__untouched), true, 'the intro page was not reloaded');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('while the site does not build, pages show the error; fixing it brings the page back', async () => {
  const { page, context } = await openPage(browser);
  await page.goto(base + '/docs/next/long', { waitUntil: 'load' });

  let reloaded = page.waitForEvent('load');
  edit('Paragraph 2 of the long page', '[a link to nowhere](./missing-page.md)');
  await reloaded;
  await page.getByRole('heading', { name: 'The site does not build' }).waitFor();
  // The error comes first, with its place and the lines around it.
  const error = page.locator('.error').first();
  assert.match(await error.textContent(), /^docs\/long\.md:\d+:\d+: broken link `\.\/missing-page\.md`/);
  assert.match(await error.locator('.frame').textContent(), /^> +\d+ \| \[a link to nowhere\]\(\.\/missing-page\.md\)/m);
  // The terminal printed the new error once, and a one-line summary of the save.
  assert.match(output(), /docsite: docs\/long\.md: the site does not build \(1 error\); 1 new problem, 0 fixed/);

  reloaded = page.waitForEvent('load');
  edit('[a link to nowhere](./missing-page.md)', 'Paragraph 2, repaired');
  await reloaded;
  await page.getByText('Paragraph 2, repaired').waitFor();
  assert.equal(await page.getByRole('heading', { name: 'The site does not build' }).count(), 0);
  await context.close();
});

test('a new page is served after it is saved and added to the sidebar', async () => {
  fs.writeFileSync(path.join(site, 'docs/added.md'), '---\ntitle: Added while running\n---\n\nWritten while the server runs.\n');
  const sidebars = JSON.parse(fs.readFileSync(path.join(site, 'sidebars.json'), 'utf8'));
  sidebars[Object.keys(sidebars)[0]].push('added');
  fs.writeFileSync(path.join(site, 'sidebars.json'), JSON.stringify(sidebars, null, 2));
  const { page, context } = await openPage(browser);
  for (let i = 0; i < 100; i++) {
    const response = await fetch(base + '/docs/next/added');
    if (response.status === 200 && (await response.text()).includes('Written while the server runs')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await page.goto(base + '/docs/next/added', { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1, name: 'Added while running' }).waitFor();
  await page.locator('nav').getByRole('link', { name: 'Added while running' }).first().waitFor();
  await context.close();
});

test('a sidebar edit renders no Markdown again and reloads the open page before writing the others', async () => {
  const { page, context, problems } = await openPage(browser);
  await page.goto(base + '/docs/next/long', { waitUntil: 'load' });
  const before = output().length;
  const reloaded = page.waitForEvent('load');
  const sidebars = JSON.parse(fs.readFileSync(path.join(site, 'sidebars.json'), 'utf8'));
  sidebars[Object.keys(sidebars)[0]].push({ type: 'link', label: 'Added by a sidebar edit', href: 'https://example.org/guide' });
  fs.writeFileSync(path.join(site, 'sidebars.json'), JSON.stringify(sidebars, null, 2));
  await reloaded;
  await page.locator('nav').getByRole('link', { name: 'Added by a sidebar edit' }).first().waitFor();
  for (let i = 0; i < 100 && !/sidebars\.json rebuilt/.test(output().slice(before)); i++) await new Promise((r) => setTimeout(r, 50));
  assert.match(output().slice(before), /sidebars\.json rebuilt in \d+ ms \(0 rendered from Markdown, \d+ pages written; the \d+ open first, in \d+ ms\)/);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('after a sidebar edit every page shows the new sidebar, not only the open one; a sidebar naming a missing doc is reported', async () => {
  const { page, context, problems } = await openPage(browser);
  await page.goto(base + '/docs/next/long', { waitUntil: 'load' });
  const sidebarsFile = path.join(site, 'sidebars.json');
  const original = fs.readFileSync(sidebarsFile, 'utf8');
  const renamed = original.replace('"label": "Guides"', '"label": "Guides, renamed"');
  assert.notEqual(renamed, original);
  const before = output().length;
  let reloaded = page.waitForEvent('load');
  fs.writeFileSync(sidebarsFile, renamed);
  await reloaded;
  await page.locator('nav').getByText('Guides, renamed').first().waitFor();
  for (let i = 0; i < 100 && !/sidebars\.json rebuilt/.test(output().slice(before)); i++) await new Promise((r) => setTimeout(r, 50));
  // The pages behind the open one were written too: their HTML, and the breadcrumbs in
  // their data, name the category as the sidebar now does.
  for (const route of ['/docs/next/intro', '/docs/next/guides/first', '/docs/next/guides/long']) {
    const html = await (await fetch(base + route)).text();
    assert.match(html, /Guides, renamed/, `${route} shows the renamed category`);
  }
  const routes = await (await fetch(base + JSON.parse((await (await fetch(base + '/docs/next/intro')).text()).match(/<script id="__docsite" type="application\/json">(.*?)<\/script>/)[1]).routes)).json();
  const first = await (await fetch(base + routes.routes['/docs/next/guides/first'].chunk)).json();
  assert.deepEqual(first.breadcrumbs.map((c) => c.label).slice(0, 1), ['Guides, renamed']);
  assert.deepEqual(unexpected(problems), []);

  // A doc id the version lacks fails the build, as a full build would: the open page shows
  // the error; mending the sidebar brings the page back.
  reloaded = page.waitForEvent('load');
  const broken = JSON.parse(renamed);
  broken[Object.keys(broken)[0]].find((item) => item.label === 'Guides, renamed').items.push('guides/missing');
  fs.writeFileSync(sidebarsFile, JSON.stringify(broken, null, 2));
  await reloaded;
  await page.getByRole('heading', { name: 'The site does not build' }).waitFor();
  assert.match(await page.locator('.error').first().textContent(), /sidebars\.json.*guides\/missing/s);
  reloaded = page.waitForEvent('load');
  fs.writeFileSync(sidebarsFile, original);
  await reloaded;
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  assert.equal(await page.getByRole('heading', { name: 'The site does not build' }).count(), 0);
  assert.equal(await page.locator('nav').getByText('Guides, renamed').count(), 0);
  await context.close();
});

test('a redirect of the config works in dev too, also one added while the server runs', async () => {
  // `docsite dev` serves no `_redirects`: it writes the redirect pages the build writes.
  fs.appendFileSync(path.join(site, 'docsite.toml'), '\n[[redirects]]\nfrom = "/docs/next/old-long"\nto = "/docs/next/long"\n');
  let status = 0;
  for (let i = 0; i < 100 && status !== 200; i++) {
    status = (await fetch(base + '/docs/next/old-long')).status;
    if (status !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(status, 200, `the redirect page is served:\n${output()}`);
  const { page, context, problems } = await openPage(browser);
  await page.goto(base + '/docs/next/old-long#top', { waitUntil: 'load' });
  await page.waitForURL(base + '/docs/next/long#top');
  await page.getByRole('heading', { level: 1, name: 'A long page' }).waitFor();
  assert.deepEqual(unexpected(problems), []);
  await context.close();

  // Removing it removes the page.
  const config = path.join(site, 'docsite.toml');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace(/\n\[\[redirects\]\]\nfrom = "\/docs\/next\/old-long"\nto = "\/docs\/next\/long"\n$/, '\n'));
  for (let i = 0; i < 100 && status !== 404; i++) {
    status = (await fetch(base + '/docs/next/old-long')).status;
    if (status !== 404) await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(status, 404, 'the redirect is gone with its config');
});
