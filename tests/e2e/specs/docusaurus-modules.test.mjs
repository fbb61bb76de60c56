// The Docusaurus modules real sites import (issues 34, 35, 36): `fixtures/docusaurus-modules`
// has a React home page using `@docusaurus/Translate`, `interpolate`, `isInternalUrl` and
// `@theme/Icon/*`, a doc with `<TOCInline toc={toc} />` and a doc with `<head>` after its
// front matter. Each page must hydrate without console problems; the reader sees the
// messages, follows the inline table of contents, and the browser tab shows the doc's
// `<head>` title, also when the doc is reached by client-side navigation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite, waitForApp } from '../lib.mjs';

const ctx = useSite({ fixture: 'docusaurus-modules' });

test('a React page with Translate, interpolate and icons shows its messages and hydrates cleanly', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/`);
  await waitForApp(page);
  await page.waitForFunction(() => Object.keys(document.querySelector('main.kites-home') ?? {}).some((k) => k.startsWith('__reactFiber')));
  assert.equal(await page.title(), 'Kites for everyone | Kites');
  assert.equal(await page.locator('main.kites-home h1').textContent(), 'Kites on a windy day');
  assert.equal(await page.locator('p.kites-count').textContent(), '3 kites in the shop, {missing} stays');
  assert.equal(await page.locator('p.kites-interpolated').textContent(), 'Wind at 12 knots');
  assert.equal(await page.locator('p.kites-icons svg').count(), 2);
  await page.waitForLoadState('networkidle');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test("a doc's inline table of contents lists its headings and leads to them", async () => {
  const { page, context, problems } = await openPage(ctx.browser, { height: 400 });
  await page.goto(`${ctx.server.base}/docs/contents`);
  await waitForApp(page);
  const inline = page.locator('[data-article] [data-toc-inline]');
  assert.deepEqual(await inline.locator('a').allTextContents(), ['The spar and sail', 'Cross spar', 'Tails']);
  await inline.locator('a[href="#tails"]').click();
  await page.waitForFunction(() => location.hash === '#tails');
  // The page scrolled to show the heading (the last one, which may stop short of the top).
  const { top, bottom, scrolled } = await page.locator('h2#tails').evaluate((el) => ({ ...el.getBoundingClientRect().toJSON(), scrolled: window.scrollY }));
  assert.ok(scrolled > 0 && top >= 0 && bottom <= 400, `the heading is in view (${top}px to ${bottom}px, scrolled ${scrolled}px)`);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test("a doc's <head> title and description are the page's, loaded or reached by navigation", async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/docs/launch`);
  await waitForApp(page);
  assert.equal(await page.title(), 'Launch a kite: the complete guide');
  assert.equal(await page.locator('meta[name="description"]').getAttribute('content'), 'How to launch a kite in light wind');
  // From another doc, through the sidebar: the tab's title follows.
  await page.goto(`${ctx.server.base}/docs/intro`);
  await waitForApp(page);
  assert.equal(await page.title(), 'Flying kites | Kites');
  await page.locator('a[href="/docs/launch"]').filter({ visible: true }).first().click();
  await page.waitForFunction(() => document.title === 'Launch a kite: the complete guide');
  assert.equal(await page.locator('meta[name="description"]').getAttribute('content'), 'How to launch a kite in light wind');
  assert.equal(await page.locator('[data-article] p').first().textContent(), 'Run into the wind.');
  await page.waitForLoadState('networkidle');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});
