// Content that needs JavaScript beyond the docs folder (issues 34, 35):
// `fixtures/mdx-path-beside` has its docs beside the site folder (`path: '../docs'`), blog
// posts and a `.mdx` page that take the MDX path, and a component from a package installed
// in the site's node_modules. Each must hydrate without console problems and its component
// must be interactive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite, waitForApp } from '../lib.mjs';

const ctx = useSite({ fixture: 'mdx-path-beside', fixtureOptions: { site: 'website' } });

/** Opens `route`, waits for the kite card to hydrate, clicks it and returns its text. */
async function clickCard(route) {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}${route}`);
  await waitForApp(page);
  // The island hydrates the server's HTML: clicking changes state only once it has.
  await page.waitForFunction(() => Object.keys(document.querySelector('button.kite-card') ?? {}).some((k) => k.startsWith('__reactFiber')));
  await page.locator('button.kite-card').click();
  const text = await page.locator('button.kite-card').textContent();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
  return text;
}

test("a doc beside the site folder hydrates and its package's component works", async () => {
  assert.equal(await clickCard('/docs/meetings'), 'Kite 7: a red delta');
});

test("a blog post on the MDX path hydrates and its package's component works", async () => {
  assert.equal(await clickCard('/blog/2024/06/01/card'), 'Kite 42: a red delta');
});

test('a blog post with a template-literal prop and a .mdx page show what MDX computes', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/blog/2024/05/01/playground`);
  await waitForApp(page);
  assert.match(await page.locator('pre.kite-playground').textContent(), /^<Layout config=\{\{useWebDefaults: true\}\}>/);
  await page.goto(`${ctx.server.base}/facts`);
  await waitForApp(page);
  assert.match(await page.locator('main').textContent(), /A kite has 4 corners\./);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});
