// Docs that need JavaScript (issue 35): `fixtures/mdx-path` has docs with a partial, with
// expressions and exports, and with a component from a package of the site. They take the
// MDX path (compiled by MDX in the site build, pre-rendered by the SSR bundle, hydrated on
// the client from the doc's own chunk); the page must hydrate without console problems, its
// component must be interactive, its heading anchors and table of contents must work, and it
// must render when reached by client-side navigation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite, waitForApp } from '../lib.mjs';

const ctx = useSite({ fixture: 'mdx-path' });

test('an MDX-path doc hydrates without console problems and its package component works', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/docs/packages`);
  await waitForApp(page);
  const badge = page.locator('button.tiny-badge');
  // The island hydrates the server's HTML: clicking changes state only once it has.
  await page.waitForFunction(() => Object.keys(document.querySelector('button.tiny-badge') ?? {}).some((k) => k.startsWith('__reactFiber')));
  await badge.click();
  assert.equal(await badge.textContent(), 'certified ✓');
  await page.waitForLoadState('networkidle');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test("an MDX-path doc's table of contents and heading anchors lead to its headings", async () => {
  // A low window, so that the short page can scroll its heading to the top.
  const { page, context, problems } = await openPage(ctx.browser, { height: 400 });
  await page.goto(`${ctx.server.base}/docs/expressions`);
  await waitForApp(page);
  assert.equal(await page.locator('[data-article] h2#styled').count(), 1);
  // The TOC link (the desktop one) moves the address to the heading.
  await page.locator('a[href="#styled"]').filter({ visible: true }).first().click();
  await page.waitForFunction(() => location.hash === '#styled');
  const top = await page.locator('h2#styled').evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 120, `the heading is at the top of the viewport, at ${top}px`);
  // The heading's own direct link.
  assert.equal(await page.locator('h2#code a.hash-link').getAttribute('href'), '#code');
  // A closing `{/* #window */}` names its heading's id (Docusaurus 3.10), in the TOC too.
  assert.match(await page.locator('[data-article] h2#window').textContent(), /^When to fly[^A-Za-z{}]*$/);
  assert.ok((await page.locator('.table-of-contents a[href="#window"]').count()) > 0, 'the TOC links to #window');
  assert.equal(await page.locator('a[href="#when-to-fly"]').count(), 0);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('an MDX-path doc reached by client-side navigation renders its content', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/docs/intro`);
  await waitForApp(page);
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  await page.locator('[data-article] a', { hasText: 'partials' }).click();
  await page.locator('[data-article] h2#from-the-partial').waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
  assert.match(await page.locator('[data-article]').textContent(), /Hello, kite flyer!/);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test("an MDX-path doc's search record holds its text as rendered: words of its body, of its partials and of its expressions", async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/docs/intro`);
  await waitForApp(page);
  // The site's search bundle, queried as the search modal queries it.
  const found = await page.evaluate(async (base) => {
    const pagefind = await import(`${base}/pagefind/pagefind.js`);
    await pagefind.init();
    const urls = async (query) => {
      const search = await pagefind.search(query);
      return Promise.all(search.results.map(async (r) => (await r.data()).url));
    };
    // `founded` is written in the doc's body, `flyer` is the prop a partial shows, `colours`
    // is in a JSX block.
    return { founded: await urls('founded'), flyer: await urls('flyer'), colours: await urls('colours') };
  }, ctx.server.base);
  assert.ok(found.founded.some((u) => u.includes('/docs/expressions')), JSON.stringify(found));
  assert.ok(found.flyer.some((u) => u.includes('/docs/partials')), JSON.stringify(found));
  assert.ok(found.colours.some((u) => u.includes('/docs/expressions')), JSON.stringify(found));
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test("DocCardList on an MDX-path doc is in the pre-rendered page, hydrates, and its cards lead to their docs", async () => {
  // Before any script: the cards of the doc's sidebar category are in the HTML.
  const html = await (await fetch(`${ctx.server.base}/docs/gear/`)).text();
  for (const href of ['/docs/gear/lines', '/docs/gear/compare', '/docs/gear/spools/wooden', 'https://example.org/kite-law']) {
    assert.match(html, new RegExp(`<section class="[^"]*\\bcard"><h3[^>]*><a href="${href}"`), `a card leading to ${href}`);
  }
  assert.doesNotMatch(html, /href="\/docs\/gear\/tails"[^>]*>Tails<\/a><\/h3>/, 'the unlisted doc has no card');

  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/docs/gear/`);
  await waitForApp(page);
  const cards = page.locator('[data-article] section.card');
  // The category's four, `<DocCard item>`, and the two of `<DocCardList items>`.
  assert.deepEqual(
    (await cards.locator('h3').allInnerTexts()).map((t) => t.trim()),
    ['Lines', 'Comparing gear', 'Spools', 'Kite law', 'Flying kites', 'Partials', 'Tricks'],
  );
  assert.match(await cards.filter({ hasText: 'Lines' }).innerText(), /Braided or plain, which line for which wind\./);
  assert.match(await cards.filter({ hasText: 'Spools' }).innerText(), /1 item/);
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  await cards.filter({ hasText: 'Lines' }).getByRole('link').click();
  await page.waitForURL('**/docs/gear/lines');
  await page.locator('[data-article] h1', { hasText: 'Lines' }).waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no full page load');
  // Back by client-side navigation: the page's data brings its cards along.
  await page.goBack();
  await page.locator('[data-article] section.card', { hasText: 'Kite law' }).waitFor();
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});
