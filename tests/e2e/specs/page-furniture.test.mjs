// Reader polish, second part (issue 16, items 7 and 15): the back-to-top button of long
// pages, the "Version: 2.2" badge above a doc's title, the word-wrap toggle of code
// blocks, the drawer's backdrop over the whole navbar, site pages in one column, the home
// page's card grids without holes at any width, and mermaid notes inside their boxes in
// dark mode.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite } from '../lib.mjs';

const ctx = useSite();

test('a back-to-top button appears when the reader scrolls back up a long page and takes them to the top', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { reducedMotion: 'reduce' });
  await page.goto(ctx.server.base + '/docs/api/ref/DesktopAgent', { waitUntil: 'networkidle' });
  const button = page.getByRole('button', { name: 'Scroll back to top' });
  assert.equal(await button.count(), 0, 'hidden at the top of the page');
  await page.evaluate(() => window.scrollTo(0, 3000));
  await page.waitForTimeout(100);
  assert.equal(await button.count(), 0, 'hidden while scrolling down');
  await page.evaluate(() => window.scrollTo(0, 2500));
  await button.waitFor({ state: 'visible' });
  await button.click();
  await page.waitForFunction(() => window.scrollY === 0);
  await page.waitForFunction(() => getComputedStyle(document.querySelector('button[aria-label="Scroll back to top"]')).visibility === 'hidden');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('doc pages show their version in a badge above the title; site pages do not', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  for (const [route, label] of [['/docs/fdc3-intro', 'Version: 2.2'], ['/docs/next/fdc3-intro', 'Version: Next'], ['/docs/1.2/fdc3-intro', 'Version: 1.2']]) {
    await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
    const badge = page.locator('article .doc-version-badge');
    assert.equal((await badge.textContent()).trim(), label, route);
    const [badgeBottom, titleTop] = await page.evaluate(() => [
      document.querySelector('.doc-version-badge').getBoundingClientRect().bottom,
      document.querySelector('article h1').getBoundingClientRect().top,
    ]);
    assert.ok(badgeBottom <= titleTop, `${route}: the badge is above the title`);
  }
  await page.goto(ctx.server.base + '/community', { waitUntil: 'networkidle' });
  assert.equal(await page.locator('.doc-version-badge').count(), 0);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('a code block wider than its box has a word-wrap toggle that wraps its lines and back', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 400 });
  await page.goto(ctx.server.base + '/docs/api/ref/DesktopAgent', { waitUntil: 'networkidle' });
  const overflowing = (pre) => pre.scrollWidth > pre.clientWidth;
  const blocks = page.locator('article .code-block');
  const flags = await blocks.evaluateAll((all) => all.map((b) => b.querySelector('pre').scrollWidth > b.querySelector('pre').clientWidth));
  const wide = flags.indexOf(true);
  const narrow = flags.indexOf(false);
  assert.ok(wide >= 0, 'a code block scrolls sideways at 400 px');
  const block = blocks.nth(wide);
  const toggle = block.getByRole('button', { name: 'Toggle word wrap' });
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  await block.hover();
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  assert.equal(await block.locator('pre').evaluate(overflowing), false, 'wrapped: no sideways scroll');
  await toggle.click();
  assert.equal(await block.locator('pre').evaluate(overflowing), true, 'unwrapped again');
  if (narrow >= 0) assert.equal(await blocks.nth(narrow).getByRole('button', { name: 'Toggle word wrap' }).count(), 0, 'nothing to wrap, no toggle');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test("the drawer's backdrop covers the navbar's toggle, colour switch and search", async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 400 });
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  const nav = page.locator('nav[aria-label="Main"]');
  const boxes = {};
  for (const name of ['Toggle navigation bar', 'Search']) boxes[name] = await nav.getByRole('button', { name }).first().boundingBox();
  boxes.colour = await nav.getByRole('button', { name: /Switch between dark and light mode/ }).boundingBox();
  await nav.getByRole('button', { name: 'Toggle navigation bar' }).click();
  await page.getByRole('dialog', { name: 'Navigation' }).waitFor();
  await page.waitForTimeout(300);
  const covered = await page.evaluate((rects) => Object.entries(rects).map(([name, r]) => {
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return [name, !!hit && !hit.closest('nav > div > div button, nav > div > div input')];
  }), boxes);
  for (const [name, isCovered] of covered) if (name !== 'Toggle navigation bar') assert.ok(isCovered, `${name} is under the backdrop`);
  // A click where the search button is closes the drawer and opens nothing.
  await page.mouse.click(boxes.Search.x + boxes.Search.width / 2, boxes.Search.y + boxes.Search.height / 2);
  await page.getByRole('dialog', { name: 'Navigation' }).waitFor({ state: 'detached' });
  assert.equal(await page.getByRole('dialog').count(), 0);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('site pages are one column: paragraphs, lists and card grids end at the same right edge', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 1400 });
  for (const route of ['/get-involved', '/community', '/training']) {
    await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
    const edges = await page.evaluate(() =>
      [...document.querySelectorAll('article.markdown > :is(p, ul, ol, div, h2)')].map((el) => Math.round(el.getBoundingClientRect().right)),
    );
    assert.ok(edges.length > 3, route);
    assert.equal(new Set(edges).size, 1, `${route}: right edges ${[...new Set(edges)]}`);
  }
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('the home page is a landing page: full-bleed hero, card grids without holes at 400-1400 px', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 1400 });
  await page.goto(ctx.server.base + '/', { waitUntil: 'networkidle' });
  const failures = [];
  for (const width of [400, 600, 800, 1024, 1200, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    const rows = await page.evaluate(() =>
      [...document.querySelectorAll('article.markdown > div:has(> section)')].map((grid) => {
        const g = grid.getBoundingClientRect();
        const byRow = new Map();
        for (const card of grid.children) {
          const r = card.getBoundingClientRect();
          const row = byRow.get(Math.round(r.top)) ?? [];
          row.push(r);
          byRow.set(Math.round(r.top), row);
        }
        return [...byRow.values()].map((row) => [row.length, Math.round(row[0].left - g.left), Math.round(g.right - row.at(-1).right)]);
      }),
    );
    assert.ok(rows.length >= 3, 'the home page has its card grids');
    rows.forEach((grid, i) => grid.forEach(([cards, left, right]) => {
      if (Math.abs(left) > 1 || Math.abs(right) > 1) failures.push(`${width}px, grid ${i}: a row of ${cards} leaves ${left}px left, ${right}px right`);
    }));
    // The hero's ground reaches both edges of the window.
    const hero = await page.evaluate(() => {
      const el = document.querySelector('article.markdown > :first-child');
      const style = getComputedStyle(el);
      return { outset: style.borderImageOutset, left: el.getBoundingClientRect().left };
    });
    if (!/100vmax|\d{3,}px/.test(hero.outset) && hero.left > 0) failures.push(`${width}px: the hero is not full-bleed (${JSON.stringify(hero)})`);
  }
  assert.deepEqual(failures, []);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('in dark mode every text of a sequence diagram stays inside its note or actor box', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { colorScheme: 'dark' });
  await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
  let boxes = 0;
  for (const route of ['/docs/use-cases/uc-1', '/docs/api/specs/webConnectionProtocol', '/docs/agent-bridging/spec']) {
    await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
    // Diagrams draw as they near the viewport: visit each.
    for (const diagram of await page.locator('article .mermaid-diagram').all()) {
      await diagram.scrollIntoViewIfNeeded();
      await diagram.locator('svg').first().waitFor();
    }
    const result = await page.evaluate(() => {
      const spills = [];
      let count = 0;
      for (const rect of document.querySelectorAll('.mermaid-diagram svg[aria-roledescription="sequence"] :is(rect.note, rect.actor)')) {
        const texts = [...rect.parentElement.querySelectorAll(':scope > text')];
        if (texts.length === 0) continue;
        count += 1;
        const r = rect.getBoundingClientRect();
        for (const t of texts) {
          const b = t.getBoundingClientRect();
          if (b.left < r.left - 1 || b.right > r.right + 1 || b.top < r.top - 1 || b.bottom > r.bottom + 1) spills.push(t.textContent);
        }
      }
      return { count, spills };
    });
    boxes += result.count;
    assert.deepEqual(result.spills, [], route);
  }
  assert.ok(boxes > 10, `${boxes} boxes checked`);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});
