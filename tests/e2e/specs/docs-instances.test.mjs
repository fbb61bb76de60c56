// Several docs instances (issue 34 item 3), on the engine's `fixtures/docusaurus-docs-instances`:
// the preset's docs, a versioned `community` instance (its own sidebar, versions and
// dropdown, named by `docsPluginId`) and an unversioned `api` one. The navbar leads into each,
// the dropdown lists the community's versions only, and links cross instances.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSite } from '../lib.mjs';

const ctx = useSite({ fixture: 'docusaurus-docs-instances' });
const navbar = (page) => page.locator('nav[aria-label="Main"]');
const dropdown = (page) => page.getByRole('button', { name: /^Docs version: / });

test('the navbar leads into the second instance at its latest version, with its own sidebar', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/intro', { waitUntil: 'networkidle' });
  // On a page of the default docs the dropdown still shows the community's latest release.
  assert.equal(await dropdown(page).getAttribute('aria-label'), 'Docs version: 1.0');
  await navbar(page).getByRole('link', { name: 'Community', exact: true }).click();
  await page.waitForURL('**/community/meetups');
  // The address changes before the new page has rendered: wait for its heading.
  await page.locator('main h1', { hasText: 'Meetups' }).waitFor();
  assert.equal(await dropdown(page).getAttribute('aria-label'), 'Docs version: 1.0');
  // The community's 1.0 sidebar (one doc), not the handbook's.
  const sidebar = page.locator('aside nav, nav.menu').first();
  assert.deepEqual(await sidebar.getByRole('link').allTextContents(), ['Meetups']);
  assert.equal(await page.locator('[role="note"]').count(), 0, 'the latest release has no banner');
  assert.deepEqual(await navbar(page).locator('a[aria-current="page"]:visible').allTextContents(), ['Community']);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the second instance's dropdown lists its versions only and keeps the doc", async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/community/meetups', { waitUntil: 'networkidle' });
  await dropdown(page).click();
  const menu = navbar(page).locator('ul').first();
  await menu.getByRole('link', { name: 'Upcoming', exact: true }).waitFor();
  assert.deepEqual(await menu.getByRole('link').allTextContents(), ['Upcoming', '1.0']);
  await menu.getByRole('link', { name: 'Upcoming', exact: true }).click();
  await page.waitForURL('**/community/next/meetups');
  await page.getByRole('button', { name: 'Docs version: Upcoming' }).waitFor();
  // The unreleased banner points to the same doc in the instance's latest release.
  const banner = page.locator('[role="note"]');
  await banner.waitFor();
  assert.match(await banner.textContent(), /unreleased/);
  assert.equal(await banner.getByRole('link').last().getAttribute('href'), '/community/meetups');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link across instances leads to the other docs, which keep their own navbar item active', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/community/next/meetups', { waitUntil: 'networkidle' });
  await page.locator('main article').getByRole('link', { name: 'handbook' }).click();
  await page.waitForURL('**/docs/intro');
  await page.locator('main h1', { hasText: 'Introduction' }).waitFor();
  // The default docs have one version: no version badge, and no banner.
  assert.equal(await page.locator('.doc-version-badge').count(), 0);
  assert.equal(await page.locator('[role="note"]').count(), 0);
  const active = () => navbar(page).locator('a[aria-current="page"]:visible').allTextContents();
  assert.deepEqual(await active(), ['Handbook']);
  // And on to the unversioned third instance by a route link.
  await page.locator('main article').getByRole('link', { name: 'API overview' }).click();
  await page.waitForURL('**/api/overview');
  // The address changes before the new page has rendered: wait for its heading.
  await page.locator('main h1', { hasText: 'Overview' }).waitFor();
  assert.equal(await page.locator('.doc-version-badge').count(), 0, 'one version in its instance');
  assert.deepEqual(await active(), ['API']);
  assert.deepEqual(problems, []);
  await context.close();
});
