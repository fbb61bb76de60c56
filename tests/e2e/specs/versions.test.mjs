// Docs versions: the version dropdown keeps the reader on the same doc in the chosen
// version (else that version's main doc), remembers the choice under
// `docs-preferred-version-default` (forgetting a version the site no longer has), and
// /versions lists every version.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, siteChunks, useSite } from '../lib.mjs';

const KEY = 'docs-preferred-version-default';

let site;
const ctx = useSite({
  async setup({ server }) {
    ({ site } = await siteChunks(server.base));
  },
});

const dropdown = (page) => page.getByRole('button', { name: /^Docs version: / });

async function chooseVersion(page, label) {
  await dropdown(page).click();
  await page.locator('nav[aria-label="Main"] ul').getByRole('link', { name: label, exact: true }).click();
}

test('the dropdown lists every version and "All versions", labelled with the version being read', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/next/why-fdc3', { waitUntil: 'networkidle' });
  assert.equal(await dropdown(page).getAttribute('aria-label'), 'Docs version: Next');
  await dropdown(page).click();
  // The menu renders after the click: wait for it before reading its entries.
  await page.locator('nav[aria-label="Main"]').getByRole('link', { name: 'All versions' }).waitFor();
  const entries = page.locator('nav[aria-label="Main"] ul').first().getByRole('link');
  assert.deepEqual(await entries.allTextContents(), [...site.versions.map((v) => v.label), 'All versions']);
  assert.deepEqual(
    site.versions.map((v) => v.label),
    ['Next', '2.2', '2.1', '2.0', '1.2', '1.1', '1.0'],
  );
  assert.equal(await entries.last().getAttribute('href'), '/versions');
  assert.deepEqual(problems, []);
  await context.close();
});

test('choosing a version keeps the same doc when that version has it', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/why-fdc3', { waitUntil: 'networkidle' });
  await chooseVersion(page, '2.0');
  await page.waitForURL('**/docs/2.0/why-fdc3');
  // The dropdown names the version of the page shown: 2.0 once that page has loaded.
  await page.getByRole('button', { name: 'Docs version: 2.0' }).waitFor();
  assert.equal(await page.locator('main h1').first().textContent(), 'Why FDC3?');
  assert.equal(await page.evaluate((key) => localStorage.getItem(key), KEY), '2.0');
  assert.deepEqual(problems, []);
  await context.close();
});

test('choosing a version that lacks the doc goes to its main doc', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/api/specs/browserResidentDesktopAgents', { waitUntil: 'networkidle' });
  await chooseVersion(page, '2.0');
  await page.waitForURL('**/docs/2.0/fdc3-intro');
  await page.locator('main h1', { hasText: /^Welcome to FDC3/ }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('outside the docs, version-aware links follow the stored choice', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await chooseVersion(page, '1.2');
  await page.waitForURL('**/docs/1.2/fdc3-intro');
  await page.goto(ctx.server.base + '/community', { waitUntil: 'networkidle' });
  const gettingStarted = page.locator('nav[aria-label="Main"]').getByRole('link', { name: 'Getting Started' });
  assert.equal(await gettingStarted.getAttribute('href'), '/docs/1.2/fdc3-intro');
  assert.equal(await dropdown(page).getAttribute('aria-label'), 'Docs version: 1.2');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a stored version the site no longer has is cleared', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.addInitScript((key) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(key, '0.9');
      sessionStorage.setItem('seeded', '1');
    }
  }, KEY);
  await page.goto(ctx.server.base + '/community', { waitUntil: 'networkidle' });
  await page.waitForFunction((key) => localStorage.getItem(key) === null, KEY);
  const gettingStarted = page.locator('nav[aria-label="Main"]').getByRole('link', { name: 'Getting Started' });
  assert.equal(await gettingStarted.getAttribute('href'), '/docs/fdc3-intro', 'the latest version');
  assert.deepEqual(problems, []);
  await context.close();
});

test('/versions lists and links every version', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await dropdown(page).click();
  await page.getByRole('link', { name: 'All versions' }).click();
  await page.waitForURL('**/versions');
  // The address changes before the page does: wait for its heading, not any article.
  await page.locator('main h1', { hasText: 'FDC3 Versions' }).waitFor();
  const article = page.locator('main article');
  const hrefs = await article.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  for (const version of site.versions) {
    assert.ok(hrefs.includes(version.mainDocPath), `${version.label} (${version.mainDocPath}) is linked`);
    assert.match(await article.textContent(), new RegExp(version.label.replace('.', '\\.')));
  }
  assert.deepEqual(problems, []);
  await context.close();
});
