// A right-to-left locale lays the page out mirrored, as Docusaurus and Infima do
// (`fixtures/rtl-site`: Arabic, `[locale] direction = "rtl"`): the sidebar on the right,
// the table of contents on the left, text aligned right, breadcrumbs and previous/next
// running right to left, the drawer coming in from the right; code stays left to right.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite } from '../lib.mjs';

const ctx = useSite({ fixture: 'rtl-site' });

const box = async (locator) => {
  const b = await locator.boundingBox();
  assert.ok(b, 'the element is laid out');
  return { left: b.x, right: b.x + b.width, top: b.y, width: b.width };
};

for (const colorScheme of ['light', 'dark']) {
  test(`a right-to-left doc page puts the sidebar right of the article and the table of contents left of it at 1280 px (${colorScheme})`, async () => {
    const { page, context, problems } = await openPage(ctx.browser, { width: 1280, colorScheme });
    await page.addInitScript((mode) => localStorage.setItem('theme', mode), colorScheme);
    await page.goto(ctx.server.base + '/docs/guide/first', { waitUntil: 'networkidle' });
    assert.deepEqual(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang]), ['rtl', 'ar']);
    const article = await box(page.locator('article').first());
    const sidebar = await box(page.locator('nav[aria-label="Docs sidebar"]'));
    const toc = await box(page.locator('nav[aria-label="Table of contents"]'));
    assert.ok(sidebar.left >= article.right, `sidebar (${sidebar.left}) right of the article (${article.right})`);
    assert.ok(toc.right <= article.left, `table of contents (${toc.right}) left of the article (${article.left})`);

    // Text starts at the right: the title's right edge is the article's, its left edge is not.
    const title = await box(page.locator('article h1').first());
    const titleText = await page.locator('article h1').first().evaluate((h) => {
      const range = document.createRange();
      range.selectNodeContents(h);
      const r = range.getBoundingClientRect();
      return { left: r.left, right: r.right };
    });
    assert.ok(Math.abs(titleText.right - title.right) < 2, 'the title ends at the right edge');
    assert.ok(titleText.left > title.left + 20, 'the title does not start at the left edge');

    // Breadcrumbs run right to left: home first, at the right.
    const crumbs = page.locator('nav[aria-label="Breadcrumbs"] li');
    const home = await box(crumbs.first());
    const current = await box(crumbs.last());
    assert.ok(home.left > current.right, 'home is right of the current page');
    const separator = await crumbs.last().evaluate((li) => getComputedStyle(li, '::before').transform);
    assert.notEqual(separator, 'none');
    // rotate(-45deg): matrix(cos, sin, …) with a negative sine, the chevron pointing left.
    assert.ok(Number(separator.split(/[(,]/)[2]) < 0, `the separator points left (${separator})`);

    // Previous is on the right, next on the left.
    const pager = page.locator('nav[aria-label="Docs pages"]');
    const previous = await box(pager.getByRole('link', { name: /مقدمة/ }));
    const next = await box(pager.getByRole('link', { name: /الخطوة الثانية/ }));
    assert.ok(previous.left >= next.right, 'previous right of next');

    // The navbar's first item sits at the right, the colour-mode toggle at the left.
    const docs = await box(page.locator('nav.navbar').getByRole('link', { name: 'الوثائق' }));
    const toggle = await box(page.locator('nav.navbar').getByRole('button', { name: /dark and light mode/ }));
    assert.ok(docs.left > toggle.right, 'navbar items mirrored');
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });
}

test('code blocks stay left to right on a right-to-left page', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 1280 });
  await page.goto(ctx.server.base + '/docs/intro', { waitUntil: 'networkidle' });
  const pre = page.locator('article pre').first();
  assert.equal(await pre.evaluate((el) => getComputedStyle(el).direction), 'ltr');
  const block = await box(pre);
  const code = await pre.locator('code').evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el.querySelector('.line') ?? el);
    return range.getBoundingClientRect().left;
  });
  assert.ok(code - block.left < 40, 'the code starts at the left');
  // An admonition's bar is on its inline start: the right.
  const note = page.locator('article .theme-admonition').first();
  const borders = await note.evaluate((el) => [getComputedStyle(el).borderRightWidth, getComputedStyle(el).borderLeftWidth].map(parseFloat));
  assert.ok(borders[0] > borders[1], `the bar is on the right (${borders})`);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('the mobile drawer opens at the right edge on a right-to-left page', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 400 });
  await page.goto(ctx.server.base + '/docs/guide/first', { waitUntil: 'networkidle' });
  const menu = await box(page.getByRole('button', { name: 'Toggle navigation bar' }));
  assert.ok(menu.left > 200, 'the menu button is at the right');
  await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await drawer.waitFor();
  await page.waitForFunction(() => document.querySelector('[role="dialog"]')?.getAnimations().every((a) => a.playState === 'finished'));
  const b = await box(drawer);
  assert.ok(Math.abs(b.right - 400) < 1, `the drawer touches the right edge (${b.right})`);
  assert.ok(b.left > 0, 'and leaves the left of the page uncovered');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});
