// Colour mode (SPEC §4): light by default, the switch persists the choice under
// localStorage `theme`, another tab's change is followed, and the right mode is there
// on first paint (inline head script), even before the theme's JavaScript has loaded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, sleep, useSite, appStarted, waitForFirstPaintStyles } from '../lib.mjs';

const ctx = useSite();

const theme = (page) => page.evaluate(() => document.documentElement.dataset.theme);
const background = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const toggle = (page) => page.getByRole('button', { name: /Switch between dark and light mode/ });

test('the site is light by default, even when the system prefers dark', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { colorScheme: 'dark' });
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  assert.equal(await theme(page), 'light');
  assert.equal(await background(page), 'rgb(255, 255, 255)');
  assert.match(await toggle(page).getAttribute('aria-label'), /currently light mode/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the switch toggles the mode and remembers it under "theme" across pages and reloads', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await toggle(page).click();
  assert.equal(await theme(page), 'dark');
  assert.notEqual(await background(page), 'rgb(255, 255, 255)');
  assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
  assert.match(await toggle(page).getAttribute('aria-label'), /currently dark mode/);
  await page.locator('nav a', { hasText: 'Why FDC3?' }).first().click();
  await page.locator('main h1', { hasText: 'Why FDC3?' }).waitFor();
  assert.equal(await theme(page), 'dark', 'kept on client navigation');
  await page.reload({ waitUntil: 'networkidle' });
  assert.equal(await theme(page), 'dark', 'kept after a reload');
  await toggle(page).click();
  assert.equal(await theme(page), 'light');
  assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'light');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a change made in another tab is followed', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  const other = await context.newPage();
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await other.goto(ctx.server.base + '/community', { waitUntil: 'networkidle' });
  await toggle(other).click();
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  assert.match(await toggle(page).getAttribute('aria-label'), /currently dark mode/);
  // Clearing the choice elsewhere falls back to the default (the system preference is not followed).
  await other.evaluate(() => localStorage.removeItem('theme'));
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a stored dark mode is applied before the first paint, without waiting for the scripts', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  // Hold the theme's JavaScript back: what shows meanwhile is the pre-rendered page alone.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Record the mode at the first paint-relevant moment: when <body> starts.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.body) {
        window.__themeAtBody = document.documentElement.dataset.theme;
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  // The held-back scripts may hold the load event back: wait for the parsed article instead.
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'commit' });
  await page.locator('main h1').waitFor();
  await sleep(300);
  // Parsed and painted, but the held-back scripts have not run: nothing is hydrated.
  await waitForFirstPaintStyles(page);
  assert.equal(await page.evaluate(appStarted), false, 'not hydrated yet');
  assert.equal(await page.evaluate(() => window.__themeAtBody), 'dark', 'dark when the body was parsed');
  assert.equal(await theme(page), 'dark');
  assert.notEqual(await background(page), 'rgb(255, 255, 255)', 'styled dark before the scripts ran');
  release();
  await page.waitForLoadState('networkidle');
  assert.equal(await theme(page), 'dark', 'unchanged after hydration');
  assert.deepEqual(problems, []);
  await context.close();
});
