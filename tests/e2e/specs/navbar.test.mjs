// The navbar (SPEC §2, §4, §5): the FDC3 items, all nine item types from configuration
// (on the shell fixture), the active state, errors naming the failing item (at build
// time and at render time), and dropdowns closing on an outside mouse press, touch or
// focus.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage, siteChunks, unexpected, useSite } from '../lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const BIN = process.env.DOCSITE_BIN ?? path.resolve(here, '../../../target/release/docsite');

const ctx = useSite({ shell: true });

const mainNav = (page) => page.locator('nav[aria-label="Main"]');
const navLink = (page, name) => mainNav(page).getByRole('link', { name, exact: true });

test('the FDC3 navbar has its items in order, the directory link opening a new tab', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/', { waitUntil: 'networkidle' });
  const labels = await mainNav(page).locator('a:visible').allTextContents();
  assert.deepEqual(labels, ['FDC3', 'Getting Started', 'Community', 'The Standard', 'Get Involved', 'App Directory', 'Training']);
  const expected = {
    'Getting Started': '/docs/fdc3-intro',
    Community: '/community',
    'The Standard': '/docs/fdc3-standard',
    'Get Involved': '/get-involved',
    Training: '/training',
  };
  for (const [name, href] of Object.entries(expected)) assert.equal(await navLink(page, name).getAttribute('href'), href, name);
  const directory = navLink(page, 'App Directory');
  assert.equal(await directory.getAttribute('href'), 'https://directory.fdc3.finos.org');
  assert.equal(await directory.getAttribute('target'), '_blank');
  assert.equal(await directory.getAttribute('rel'), 'noopener noreferrer');
  // On the right: the version dropdown, with "All versions".
  const dropdown = mainNav(page).getByRole('button', { name: 'Docs version: 2.2' });
  const navBox = await mainNav(page).boundingBox();
  assert.ok((await dropdown.boundingBox()).x > navBox.width / 2, 'the dropdown is on the right');
  await dropdown.click();
  assert.equal(await navLink(page, 'All versions').getAttribute('href'), '/versions');
  assert.deepEqual(problems, []);
  await context.close();
});

test('an FDC3 navbar item is active on its pages', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/why-fdc3', { waitUntil: 'networkidle' });
  assert.equal(await navLink(page, 'Getting Started').getAttribute('aria-current'), 'page', 'active across its sidebar');
  assert.equal(await navLink(page, 'Community').getAttribute('aria-current'), null);
  await navLink(page, 'Community').click();
  await page.locator('main h1').filter({ hasText: /Community/ }).first().waitFor();
  assert.equal(await navLink(page, 'Community').getAttribute('aria-current'), 'page');
  assert.equal(await navLink(page, 'Getting Started').getAttribute('aria-current'), null);
  assert.deepEqual(problems, []);
  await context.close();
});

test('all nine item types render from configuration, left and right', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.shell.base + '/docs/guides/first', { waitUntil: 'networkidle' });
  const nav = mainNav(page);
  const navBox = await nav.boundingBox();
  const side = async (locator) => ((await locator.boundingBox()).x < navBox.width / 2 ? 'left' : 'right');
  // default link (internal), doc, docSidebar, docsVersion, dropdown, default link (regex): left.
  assert.equal(await navLink(page, 'Guides').getAttribute('href'), '/docs/guides/first');
  assert.equal(await navLink(page, 'Intro').getAttribute('href'), '/docs/intro');
  assert.equal(await navLink(page, 'API').getAttribute('href'), '/docs/api/overview');
  assert.equal(await navLink(page, 'Docs home').getAttribute('href'), '/docs/intro');
  assert.equal(await navLink(page, 'Company').getAttribute('href'), '/contact');
  const more = nav.getByRole('button', { name: 'More' });
  for (const item of [navLink(page, 'Guides'), navLink(page, 'Intro'), navLink(page, 'API'), navLink(page, 'Docs home'), more, navLink(page, 'Company')]) {
    assert.equal(await side(item), 'left');
  }
  await more.click();
  await navLink(page, 'About').waitFor();
  assert.equal(await navLink(page, 'About').getAttribute('href'), '/about');
  const example = navLink(page, 'Example site');
  assert.equal(await example.getAttribute('href'), 'https://example.com/');
  assert.equal(await example.getAttribute('target'), '_blank');
  await page.keyboard.press('Escape');
  await navLink(page, 'About').waitFor({ state: 'hidden' });
  // html, external link, locale dropdown, docs version dropdown, search: right.
  const badge = nav.locator('.shell-badge');
  assert.equal(await badge.textContent(), 'beta');
  const source = navLink(page, 'Source');
  assert.equal(await source.getAttribute('href'), 'https://example.com/source');
  assert.equal(await source.getAttribute('rel'), 'noopener noreferrer');
  const locale = nav.getByRole('button', { name: 'Language: English' });
  const versions = nav.getByRole('button', { name: 'Docs version: 2.0' });
  const search = nav.getByRole('button', { name: /Search/ }).first();
  for (const item of [badge, source, locale, versions, search]) assert.equal(await side(item), 'right');
  await locale.click();
  await nav.getByRole('link', { name: 'English' }).waitFor();
  await page.keyboard.press('Escape');
  await nav.getByRole('link', { name: 'English' }).waitFor({ state: 'hidden' });
  await versions.click();
  await navLink(page, 'All versions').waitFor();
  const versionLinks = await nav.locator('ul:visible').getByRole('link').allTextContents();
  assert.deepEqual(versionLinks, ['Next', '2.0', '1.0', 'All versions']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('version-aware items follow the version being read', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.shell.base + '/docs/next/guides/first', { waitUntil: 'networkidle' });
  assert.equal(await navLink(page, 'Intro').getAttribute('href'), '/docs/next/intro');
  assert.equal(await navLink(page, 'API').getAttribute('href'), '/docs/next/api/overview');
  assert.equal(await navLink(page, 'Docs home').getAttribute('href'), '/docs/next/intro');
  await page.goto(ctx.shell.base + '/docs/1.0/guides/first', { waitUntil: 'networkidle' });
  assert.equal(await navLink(page, 'Intro').getAttribute('href'), '/docs/1.0/intro');
  assert.equal(await navLink(page, 'Docs home').getAttribute('href'), '/docs/1.0/intro');
  assert.deepEqual(problems, []);
  await context.close();
});

test('items are active by route, activeBasePath, activeBaseRegex and sidebar', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  const active = () => mainNav(page).locator('a[aria-current="page"]:visible').allTextContents();
  await page.goto(ctx.shell.base + '/docs/guides/long', { waitUntil: 'networkidle' });
  // Only one item is current: the link matching the page (by its base path) wins over the
  // doc item whose sidebar the page is in.
  assert.deepEqual(await active(), ['Guides'], 'base path over the docs sidebar');
  await page.goto(ctx.shell.base + '/docs/api/reference', { waitUntil: 'networkidle' });
  assert.deepEqual(await active(), ['API'], 'doc sidebar item on a later page of its sidebar');
  await page.goto(ctx.shell.base + '/about', { waitUntil: 'networkidle' });
  assert.deepEqual(await active(), ['Company'], 'regex');
  await page.goto(ctx.shell.base + '/contact', { waitUntil: 'networkidle' });
  assert.deepEqual(await active(), ['Company'], 'regex and its own route');
  assert.deepEqual(problems, []);
  await context.close();
});

test('an item that fails to render shows an error naming its configuration item; the rest still works', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  const { boot, site } = await siteChunks(ctx.shell.base, '/about');
  // A site chunk the theme cannot render: a dropdown without items, and a type it does not know.
  site.navbar.items[4].items = null;
  site.navbar.items.push({ type: 'fancy', configPath: 'navbar.items[11]', position: 'left' });
  await page.route(ctx.shell.base + boot.site, (route) => route.fulfill({ json: site }));
  await page.goto(ctx.shell.base + '/about', { waitUntil: 'networkidle' });
  const errors = mainNav(page).getByRole('alert');
  await errors.first().waitFor();
  assert.deepEqual(await errors.allTextContents(), [
    'Navbar item navbar.items[4] (type dropdown) failed to render',
    'Navbar item navbar.items[11] (type fancy) failed to render',
  ]);
  assert.ok(await navLink(page, 'Guides').isVisible(), 'other items still render');
  await navLink(page, 'Guides').click();
  await page.locator('main h1', { hasText: 'First guide' }).waitFor();
  assert.deepEqual(unexpected(problems, /A component crashed/, /Cannot read properties of null/, /hydrat|server rendered HTML|did not match/i), []);
  await context.close();
});

test('a docSidebar item with nothing to link to, or an unknown type, fails the build naming the item', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-bad-navbar-'));
  fs.cpSync(path.join(here, '../fixtures/shell'), dir, { recursive: true });
  const config = path.join(dir, 'docsite.toml');
  fs.appendFileSync(config, ''); // keep the fixture's content, then insert bad items at the front
  const text = fs.readFileSync(config, 'utf8').replace(
    '# 0: default link',
    '[[navbar.items]]\ntype = "docSidebar"\nsidebarId = "nowhere"\nlabel = "Broken"\n\n[[navbar.items]]\ntype = "fancy"\nlabel = "What"\n\n# 0: default link',
  );
  fs.writeFileSync(config, text);
  const result = spawnSync(BIN, ['build', dir, '--out', path.join(dir, 'build')], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  assert.notEqual(result.status, 0);
  assert.match(result.stderr, /`navbar\.items\[0\]`: sidebar "nowhere" has no doc to link to/);
  assert.match(result.stderr, /`navbar\.items\[1\]\.type`: unknown navbar item type "fancy"/);
});

test('a dropdown closes on a mouse press, a touch or focus outside it', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { hasTouch: true });
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  const toggle = mainNav(page).getByRole('button', { name: 'Docs version: 2.2' });
  const open = async () => {
    // Opened from the keyboard, so that no pointer hovers it.
    await toggle.focus();
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await navLink(page, 'All versions').waitFor({ state: 'visible' });
  };
  // A point outside the dropdown with nothing clickable under it: the article's title.
  const box = await page.locator('main h1').first().boundingBox();
  const [x, y] = [box.x + 20, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await open();
  await page.mouse.down();
  await page.mouse.up();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'mouse press outside');
  await navLink(page, 'All versions').waitFor({ state: 'hidden' });
  await open();
  await page.touchscreen.tap(x, y);
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'touch outside');
  await open();
  await page.locator('footer a').first().focus();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'focus outside');
  await open();
  await page.keyboard.press('Escape');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'Escape');
  // Focus moving inside the menu keeps it open.
  await open();
  await page.keyboard.press('Tab');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true', 'focus inside');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a dropdown opened by hovering stays open when its toggle is then clicked', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  const toggle = mainNav(page).getByRole('button', { name: 'Docs version: 2.2' });
  // The state follows the pointer a render later: wait for it rather than read it at once
  // (reading at once failed on a busy machine).
  const expanded = (value) => page.waitForFunction(([el, v]) => el.getAttribute('aria-expanded') === v, [handle, value], { timeout: 5000 });
  const handle = await toggle.elementHandle();
  await toggle.hover();
  await expanded('true');
  await toggle.click();
  await page.waitForTimeout(100);
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true', 'the click keeps it open');
  await toggle.click();
  await expanded('false');
  assert.deepEqual(problems, []);
  await context.close();
});
