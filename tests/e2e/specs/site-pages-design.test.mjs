// Site pages a designer would ship (issue 39, item 8): the adopters wall grouped by kind of
// organization with no name left alone on a line, each name an outbound link with a cue;
// the home page's title large on phones beside a diagram of apps sharing context through
// the Desktop Agent, use cases and training told in cards; no showcase card beside an
// empty cell; the versions tables lined up; the next version's pages titled "(next)".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite } from '../lib.mjs';

const ctx = useSite();

/** Per group of the wall on the page: its label and its names' line numbers. */
const wallLines = (page) =>
  page.locator('ul[aria-label]').evaluateAll((lists) =>
    lists
      .filter((ul) => ul.querySelector('a[href^="http"]'))
      .map((ul) => {
        const tops = [...ul.querySelectorAll('a')].map((a) => Math.round(a.getBoundingClientRect().top));
        const rows = [...new Set(tops)].sort((x, y) => x - y);
        return { label: ul.getAttribute('aria-label'), lines: tops.map((top) => rows.indexOf(top)) };
      }),
  );

test('the adopters wall groups organizations by kind, and no width leaves a name alone on a line', async () => {
  for (const route of ['/users', '/']) {
    for (const width of [320, 360, 400, 600, 800, 1024, 1400, 1920]) {
      const { page, context, problems } = await openPage(ctx.browser, { width });
      await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
      const groups = await wallLines(page);
      assert.deepEqual(
        groups.map((g) => g.label),
        ['Banks and asset managers', 'Data and news providers', 'Desktop platforms', 'Applications and trading software', 'Consultancies'],
        `${route} at ${width} px`,
      );
      for (const { label, lines } of groups) {
        // An orphan: one name on the last line under a line of several (a column of names,
        // one a line because no two fit, is not).
        const last = Math.max(...lines);
        const on = (line) => lines.filter((l) => l === line).length;
        assert.ok(last === 0 || on(last) >= 2 || on(last - 1) === 1, `${route} at ${width} px: "${label}" leaves one name on its last line (${JSON.stringify(lines)})`);
      }
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0, `${route} at ${width} px: nothing scrolls sideways`);
      assert.deepEqual(unexpected(problems), []);
      await context.close();
    }
  }
  const { page, context } = await openPage(ctx.browser, { width: 1024 });
  await page.goto(ctx.server.base + '/users', { waitUntil: 'networkidle' });
  const links = page.locator('ul[aria-label] a[href^="http"]');
  assert.equal(await links.count(), 29, 'every organization of the list, once');
  assert.equal(await page.getByRole('link', { name: 'BlackRock', exact: true }).count(), 1);
  // The link cue: an arrow after each name; hover changes its colour and underlines it.
  const name = page.getByRole('link', { name: 'UBS', exact: true });
  assert.equal(await name.evaluate((a) => getComputedStyle(a, '::after').content), '"↗" / ""');
  const before = await name.evaluate((a) => [getComputedStyle(a).color, getComputedStyle(a).textDecorationLine]);
  await name.hover();
  const after = await name.evaluate((a) => [getComputedStyle(a).color, getComputedStyle(a).textDecorationLine]);
  assert.notEqual(after[0], before[0], 'hover changes the colour');
  assert.equal(after[1], 'underline');
  await context.close();
});

test('the home page: a large title on phones and a diagram of apps sharing context through the Desktop Agent, at every width', async () => {
  for (const width of [360, 400, 800, 1024, 1400]) {
    for (const colorScheme of ['light', 'dark']) {
      const { page, context, problems } = await openPage(ctx.browser, { width, colorScheme });
      await page.goto(ctx.server.base + '/', { waitUntil: 'networkidle' });
      const size = await page.locator('h1').evaluate((h) => parseFloat(getComputedStyle(h).fontSize));
      assert.ok(size >= 44, `${width} px: the title is ${size} px`);
      const diagram = page.getByRole('img', { name: /Desktop Agent delivers it to a chart app and a news app/ });
      assert.ok(await diagram.isVisible(), `${width} px ${colorScheme}: the diagram shows`);
      const box = await diagram.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= width, `${width} px: the diagram fits the screen`);
      const text = await diagram.evaluate((svg) => [...svg.querySelectorAll('text')].map((t) => t.textContent));
      for (const label of ['Blotter', 'Chart', 'News', 'fdc3.instrument', 'Desktop Agent']) assert.ok(text.includes(label), `it names ${label}`);
      // Its text is drawn in the theme's colours: readable against its ground in both modes.
      const [ink, ground] = await diagram.evaluate((svg) => {
        const title = [...svg.querySelectorAll('text')].find((t) => t.textContent === 'Blotter');
        return [getComputedStyle(title).fill, getComputedStyle(title.parentElement.querySelector('rect')).fill];
      });
      assert.notEqual(ink, ground);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, `${width} px: nothing scrolls sideways`);
      assert.deepEqual(unexpected(problems), []);
      await context.close();
    }
  }
});

test('the home page tells the use cases and the training in cards linking on', async () => {
  const { page, context } = await openPage(ctx.browser, { width: 1400 });
  await page.goto(ctx.server.base + '/', { waitUntil: 'networkidle' });
  const section = (title) => page.locator('h2', { hasText: title }).locator('xpath=following-sibling::*[1]/following-sibling::*[1]');
  const useCases = await section('Use cases').locator('a').evaluateAll((links) => links.map((a) => new URL(a.href).pathname));
  assert.deepEqual(useCases, ['/docs/use-cases/uc-1', '/docs/use-cases/uc-2', '/docs/use-cases/uc-4', '/docs/use-cases/uc-6']);
  const training = await section('Training and certification').locator('a').evaluateAll((links) => links.map((a) => a.textContent));
  assert.deepEqual(training, ['Introduction to FDC3', 'Developing Solutions with FDC3', 'FDC3 Certified Practitioner']);
  await context.close();
});

test('no showcase card sits beside an empty cell (training, community filters)', async () => {
  for (const width of [400, 1024, 1400]) {
    const { page, context } = await openPage(ctx.browser, { width });
    for (const route of ['/training', '/community', '/community#platform-provider', '/community#demos']) {
      await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
      const rows = await page.locator('[data-showcase] article:not([hidden])').evaluateAll((cards) => {
        const grid = cards[0].parentElement.getBoundingClientRect();
        const byTop = new Map();
        for (const c of cards) {
          const r = c.getBoundingClientRect();
          byTop.set(Math.round(r.top), [...(byTop.get(Math.round(r.top)) ?? []), Math.round(r.width)]);
        }
        return { width: Math.round(grid.width), rows: [...byTop.values()] };
      });
      for (const row of rows.rows) {
        const used = row.reduce((a, b) => a + b, 0) + 16 * (row.length - 1);
        assert.ok(used >= rows.width - 2, `${route} at ${width} px: a row of ${row.length} card(s) fills ${used} of ${rows.width} px`);
      }
    }
    await context.close();
  }
});

test('the versions tables line up: same width, same columns', async () => {
  const { page, context } = await openPage(ctx.browser, { width: 1400 });
  await page.goto(ctx.server.base + '/versions', { waitUntil: 'networkidle' });
  const tables = await page.locator('article table').evaluateAll((ts) => ts.map((t) => [...t.rows[0].cells].map((c) => Math.round(c.getBoundingClientRect().left)).concat(Math.round(t.getBoundingClientRect().width))));
  assert.equal(tables.length, 3);
  assert.deepEqual(tables[1], tables[0]);
  assert.deepEqual(tables[2], tables[0]);
  await context.close();
});

test("the next version's overview pages are titled (next), not with the release's number", async () => {
  const { page, context } = await openPage(ctx.browser);
  for (const [route, title] of [
    ['/docs/next/api/spec', 'API Overview (next)'],
    ['/docs/next/context/spec', 'Context Data (next)'],
    ['/docs/api/spec', 'API Overview (2.2)'],
  ]) {
    await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
    assert.equal(await page.locator('h1').textContent(), title, route);
  }
  await context.close();
});
