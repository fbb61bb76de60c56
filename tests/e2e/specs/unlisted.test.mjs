// Unlisted docs (front matter `unlisted: true`) as in Docusaurus: reachable by their link,
// shown in the sidebar only on their own page, with a notice, out of previous/next, and
// `noindex` in the head, also after client-side navigation to and from a listed page
// (`fixtures/compat-docs`: `guides/advanced/secret` is unlisted, `tuning` beside it is not).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite, waitForApp } from '../lib.mjs';

const ctx = useSite({ fixture: 'compat-docs' });

const robots = (page) => page.evaluate(() => [...document.head.querySelectorAll('meta[name="robots"]')].map((m) => m.content));
const sidebar = (page) => page.locator('nav[aria-label="Docs sidebar"]');

test('an unlisted doc shows in the sidebar only on its own page, and the robots tag follows client-side navigation', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/guides/advanced/tuning', { waitUntil: 'networkidle' });
  assert.deepEqual(await robots(page), []);
  assert.equal(await sidebar(page).getByRole('link', { name: 'Secret' }).count(), 0, 'not listed on another page');
  assert.equal(await sidebar(page).getByRole('link', { name: 'Tuning' }).count(), 1);
  await waitForApp(page);
  await page.evaluate(() => (window.__samePage = true));

  await page.locator('main').getByRole('link', { name: 'the secret page' }).click();
  await page.waitForURL(/\/docs\/guides\/advanced\/secret$/);
  await page.getByRole('heading', { level: 1, name: 'Secret' }).waitFor();
  assert.equal(await page.evaluate(() => window.__samePage), true, 'a client-side navigation');
  assert.deepEqual(await robots(page), ['noindex, nofollow'], 'noindex on the unlisted page');
  const current = sidebar(page).getByRole('link', { name: 'Secret' });
  assert.equal(await current.getAttribute('aria-current'), 'page', 'shown, as the current page');
  assert.match(await page.locator('article').innerText(), /Unlisted page/i);

  await page.locator('article .markdown').getByRole('link', { name: 'tuning', exact: true }).click();
  await page.waitForURL(/\/docs\/guides\/advanced\/tuning$/);
  await page.getByRole('heading', { level: 1, name: 'Tuning' }).waitFor();
  assert.deepEqual(await robots(page), [], 'the robots tag is gone on the listed page');
  assert.equal(await sidebar(page).getByRole('link', { name: 'Secret' }).count(), 0);
  assert.doesNotMatch(await page.locator('article').innerText(), /Unlisted page/i);
  assert.equal(await page.evaluate(() => window.__samePage), true);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('the pre-rendered unlisted page has its robots tag, sidebar item and notice, and no previous/next', async () => {
  const html = await (await fetch(ctx.server.base + '/docs/guides/advanced/secret')).text();
  assert.match(html, /<meta name="robots" content="noindex, nofollow">/);
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/guides/advanced/secret', { waitUntil: 'networkidle' });
  assert.equal(await sidebar(page).getByRole('link', { name: 'Secret' }).getAttribute('aria-current'), 'page');
  assert.equal(await page.locator('nav[aria-label="Docs pages"]').count(), 0, 'no previous/next on an unlisted doc');
  // No listed page leads to it by previous/next either.
  await page.goto(ctx.server.base + '/docs/guides/advanced/tuning', { waitUntil: 'networkidle' });
  const pager = await page.locator('nav[aria-label="Docs pages"]').innerText().catch(() => '');
  assert.doesNotMatch(pager, /Secret/);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});
