// Narrow viewports (≤ 996 px, SPEC §2 and §9): the menu button opens the navigation
// drawer, which on doc pages starts on the docs sidebar with "Back to main menu", and
// closes on navigation, on Escape and when the viewport becomes desktop-wide.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite } from '../lib.mjs';

const ctx = useSite();

const menuButton = (page) => page.getByRole('button', { name: 'Toggle navigation bar' });
const drawer = (page) => page.getByRole('dialog', { name: 'Navigation' });

test('the breakpoint is 996 px: the menu button replaces the navbar items at and below it', async () => {
  for (const [width, mobile] of [[996, true], [997, false], [400, true]]) {
    const { page, context } = await openPage(ctx.browser, { width });
    await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
    assert.equal(await menuButton(page).isVisible(), mobile, `menu button at ${width}`);
    const item = page.locator('nav[aria-label="Main"]').getByRole('link', { name: 'Community' });
    assert.equal(await item.isVisible(), !mobile, `navbar items at ${width}`);
    const sidebar = page.locator('aside nav[aria-label="Docs sidebar"]');
    assert.equal(await sidebar.isVisible(), !mobile, `sidebar column at ${width}`);
    await context.close();
  }
});

test('on a doc page the drawer shows the docs sidebar, and "Back to main menu" shows the navbar items', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 420, height: 800 });
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  assert.equal(await menuButton(page).getAttribute('aria-expanded'), 'false');
  await menuButton(page).click();
  await drawer(page).waitFor();
  assert.equal(await menuButton(page).getAttribute('aria-expanded'), 'true');
  const sidebar = drawer(page).getByRole('navigation', { name: 'Docs sidebar' });
  assert.ok(await sidebar.getByRole('link', { name: 'Why FDC3?' }).isVisible());
  assert.equal(await sidebar.locator('[aria-current="page"]').first().textContent(), 'Introduction');
  await drawer(page).getByRole('button', { name: /Back to main menu/ }).click();
  for (const name of ['Getting Started', 'Community', 'The Standard', 'Get Involved', 'App Directory', 'Training']) {
    assert.ok(await drawer(page).getByRole('link', { name, exact: true }).isVisible(), name);
  }
  // The version dropdown is a collapsible list in the drawer.
  const versions = drawer(page).getByRole('button', { name: 'Docs version: 2.2' });
  await versions.click();
  await drawer(page).getByRole('link', { name: 'All versions' }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('following a link in the drawer navigates and closes it', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 420, height: 800 });
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await menuButton(page).click();
  await drawer(page).getByRole('link', { name: 'Why FDC3?' }).click();
  await page.locator('main h1', { hasText: 'Why FDC3?' }).waitFor();
  await drawer(page).waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.body.style.overflow), '', 'the page scrolls again');
  assert.deepEqual(problems, []);
  await context.close();
});

test('outside the docs the drawer shows the navbar items directly', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 420, height: 800 });
  await page.goto(ctx.server.base + '/community', { waitUntil: 'networkidle' });
  await menuButton(page).click();
  await drawer(page).waitFor();
  assert.equal(await drawer(page).getByRole('button', { name: /Back to main menu/ }).count(), 0);
  await drawer(page).getByRole('link', { name: 'Training', exact: true }).click();
  await page.waitForURL('**/training');
  await drawer(page).waitFor({ state: 'detached' });
  assert.deepEqual(problems, []);
  await context.close();
});

test('Escape, the close button and the backdrop close the drawer, returning focus to the menu button', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 420, height: 800 });
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await menuButton(page).click();
  await drawer(page).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Close navigation bar');
  await page.keyboard.press('Escape');
  await drawer(page).waitFor({ state: 'detached' });
  assert.equal(await menuButton(page).evaluate((el) => el === document.activeElement), true);
  await menuButton(page).click();
  const close = drawer(page).getByRole('button', { name: 'Close navigation bar' });
  assert.deepEqual(await close.locator('svg').evaluate((svg) => [svg.getAttribute('width'), svg.getAttribute('height')]), ['14', '14']);
  await close.click();
  await drawer(page).waitFor({ state: 'detached' });
  await menuButton(page).click();
  await drawer(page).waitFor();
  await page.mouse.click(410, 400); // the backdrop, right of the drawer
  await drawer(page).waitFor({ state: 'detached' });
  assert.deepEqual(problems, []);
  await context.close();
});

test('the drawer closes when the viewport becomes desktop-wide', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 800, height: 800 });
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await menuButton(page).click();
  await drawer(page).waitFor();
  await page.setViewportSize({ width: 1200, height: 800 });
  await drawer(page).waitFor({ state: 'detached' });
  assert.equal(await menuButton(page).isVisible(), false);
  assert.ok(await page.locator('aside nav[aria-label="Docs sidebar"]').isVisible());
  await page.setViewportSize({ width: 800, height: 800 });
  assert.equal(await drawer(page).count(), 0, 'stays closed when narrow again');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the drawer needs no download, so it opens offline', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 420, height: 800 });
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await context.setOffline(true);
  await menuButton(page).click();
  await drawer(page).waitFor();
  assert.ok(await drawer(page).getByRole('link', { name: 'Why FDC3?' }).isVisible());
  // Only the prefetches of the links it shows fail (quietly, apart from Chromium's log line).
  assert.deepEqual(unexpected(problems, /ERR_INTERNET_DISCONNECTED/), []);
  await context.close();
});
