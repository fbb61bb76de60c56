// Reader polish, round 3 (issue 39): the TOC column only where the article keeps its
// width, the back-to-top button clear of it, no `undefined` classes; the skip link landing
// in the article, heading order on site pages, no empty table header, a readable
// highlighted search term; a modal phone drawer; printing the article alone, light, with
// its diagrams.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { openPage, unexpected, useSite } from '../lib.mjs';

const ctx = useSite();
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const tocColumn = (page) => page.locator('nav[aria-label="Table of contents"]');
const onThisPage = (page) => page.locator('summary', { hasText: 'On this page' });

test('the TOC column shows from 1200 px; below, the article keeps its width and "On this page" sits above it', async () => {
  for (const [width, column] of [[1024, false], [1100, false], [1199, false], [1200, true], [1400, true]]) {
    const { page, context, problems } = await openPage(ctx.browser, { width });
    await page.goto(ctx.server.base + '/docs/api/ref/DesktopAgent', { waitUntil: 'networkidle' });
    assert.equal(await tocColumn(page).isVisible(), column, `${width} px: TOC column`);
    assert.equal(await onThisPage(page).isVisible(), !column, `${width} px: "On this page"`);
    const article = await page.locator('article').first().boundingBox();
    // 997-1100 px used to leave the article 411-514 px beside the TOC column.
    assert.ok(article.width >= 600, `${width} px: the article is ${article.width} px wide`);
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  }
});

test('the back-to-top button never covers a TOC link', async () => {
  for (const [width, height] of [[1200, 700], [1280, 800], [1440, 900]]) {
    const { page, context } = await openPage(ctx.browser, { width, height });
    await page.goto(ctx.server.base + '/docs/api/ref/DesktopAgent', { waitUntil: 'networkidle' });
    for (const at of [0.3, 0.6, 1]) {
      await page.evaluate((f) => window.scrollTo(0, document.documentElement.scrollHeight * f), at);
      await page.waitForTimeout(150);
      // The button shows when the reader scrolls back up.
      await page.evaluate(() => window.scrollBy(0, -100));
      await page.waitForTimeout(150);
      await page.evaluate(() => window.scrollBy(0, -100));
      const button = page.getByRole('button', { name: /back to top/i });
      await button.waitFor({ state: 'visible' });
      await page.waitForTimeout(400); // its scale-in transition
      // The TOC scrolls on its own too: at its end its last links sit at its bottom.
      await tocColumn(page).evaluate((nav) => nav.scrollTo(0, nav.scrollHeight));
      const overlaps = await page.evaluate(() => {
        const b = [...document.querySelectorAll('button')].find((el) => /back to top/i.test(el.getAttribute('aria-label') ?? '')).getBoundingClientRect();
        const nav = document.querySelector('nav[aria-label="Table of contents"]');
        const clip = nav.getBoundingClientRect();
        return [...nav.querySelectorAll('a')]
          .map((a) => ({ text: a.textContent, r: a.getBoundingClientRect() }))
          .filter(({ r }) => r.bottom > clip.top && r.top < clip.bottom) // shown in the column
          .filter(({ r }) => r.left < b.right && r.right > b.left && Math.min(r.bottom, clip.bottom) > b.top && r.top < b.bottom)
          .map(({ text }) => text);
      });
      assert.deepEqual(overlaps, [], `${width}x${height}, scrolled to ${at}`);
    }
    await context.close();
  }
});

test('no element has the class "undefined" (code blocks, footer) once the page is live', async () => {
  for (const route of ['/', '/docs/api/ref/DesktopAgent', '/community']) {
    const { page, context, problems } = await openPage(ctx.browser);
    await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    assert.equal(await page.locator('[class~="undefined"]').count(), 0, route);
    if (route.includes('DesktopAgent')) {
      // The copy buttons still work: the island used to find them by that class.
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const block = page.locator('article .code-block').first();
      await block.scrollIntoViewIfNeeded();
      await block.hover();
      await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
      await block.getByText('Copied').waitFor();
    }
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  }
});

test('the first Tab after the skip link is inside the article, past the sidebar', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/api/spec', { waitUntil: 'networkidle' });
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to main content');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const where = await page.evaluate(() => ({
    inArticle: Boolean(document.activeElement?.closest('article')),
    inSidebar: Boolean(document.activeElement?.closest('aside, nav[aria-label="Docs sidebar"]')),
    text: document.activeElement?.textContent?.slice(0, 40),
  }));
  assert.ok(where.inArticle && !where.inSidebar, JSON.stringify(where));
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('site pages and the search page keep heading order (no level skipped)', async () => {
  for (const route of ['/community', '/training', '/users', '/search?q=intent']) {
    const { page, context, problems } = await openPage(ctx.browser);
    await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
    if (route.startsWith('/search')) await page.locator('main h2').first().waitFor();
    const levels = await page.evaluate(() =>
      [...document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')].map((h) => Number(h.tagName[1])),
    );
    assert.equal(levels[0], 1, `${route}: ${levels}`);
    for (let i = 1; i < levels.length; i += 1) {
      assert.ok(levels[i] <= levels[i - 1] + 1, `${route}: h${levels[i - 1]} then h${levels[i]} (${levels})`);
    }
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  }
});

test('no table has an empty header cell (the corner of a row-headed table is a data cell)', async () => {
  const { page, context } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/next/api/spec', { waitUntil: 'networkidle' });
  const tables = await page.locator('article table').count();
  assert.ok(tables > 0);
  const empty = await page.evaluate(() => [...document.querySelectorAll('article th')].filter((th) => th.textContent.trim() === '').length);
  assert.equal(empty, 0);
  // The channel-types table keeps its corner, as a data cell.
  const corner = page.locator('article table', { hasText: 'Private channels' }).locator('thead tr > :first-child');
  assert.equal(await corner.evaluate((cell) => cell.tagName), 'TD');
  await context.close();
});

test("the active search result's highlighted term has enough contrast in both modes", async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { page, context, problems } = await openPage(ctx.browser, { colorScheme, bypassCSP: true });
    await context.addInitScript((mode) => localStorage.setItem('theme', mode), colorScheme);
    await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const input = dialog.getByRole('searchbox', { name: 'Search' });
    // The shortcut works once the page has hydrated: press again until the dialog shows.
    for (let i = 0; i < 20 && !(await input.isVisible()); i++) {
      await page.keyboard.press('Control+k');
      await input.waitFor({ timeout: 1000 }).catch(() => {});
    }
    await input.fill('intent');
    const active = dialog.locator('[aria-selected="true"] mark').first();
    await active.waitFor();
    await page.evaluate(axeSource);
    const result = await page.evaluate(() =>
      window.axe.run(document.querySelector('[role="dialog"]'), { runOnly: { type: 'rule', values: ['color-contrast'] } }),
    );
    const marks = result.violations.flatMap((v) => v.nodes).map((n) => n.html).filter((html) => html.startsWith('<mark'));
    assert.deepEqual(marks, [], colorScheme);
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  }
});

test('the phone drawer is modal: Tab and Shift+Tab stay inside it, and closing returns focus to the menu button', async () => {
  for (const route of ['/docs/api/spec', '/community']) {
    const { page, context, problems } = await openPage(ctx.browser, { width: 400, height: 800 });
    await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
    const menu = page.getByRole('button', { name: 'Toggle navigation bar' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.waitFor();
    const scrollY = await page.evaluate(() => window.scrollY);
    const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"][aria-label="Navigation"]')));
    const stops = await drawer.locator('a[href], button').count();
    for (let i = 0; i < stops + 5; i += 1) {
      await page.keyboard.press('Tab');
      assert.ok(await inside(), `${route}: Tab ${i + 1} left the drawer`);
    }
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Shift+Tab');
      assert.ok(await inside(), `${route}: Shift+Tab ${i + 1} left the drawer`);
    }
    assert.equal(await page.evaluate(() => window.scrollY), scrollY, `${route}: the page behind scrolled`);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Toggle navigation bar');
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  }
});

test('a printed doc shows the article alone, in light colours, with link addresses and wrapped code', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { colorScheme: 'dark' });
  await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await page.emulateMedia({ media: 'print' });
  for (const selector of ['nav[aria-label="Main"]', 'nav[aria-label="Breadcrumbs"]', 'nav[aria-label="Table of contents"]', 'footer', 'aside']) {
    const shown = await page.locator(selector).evaluateAll((els) => els.filter((el) => el.getClientRects().length > 0).length);
    assert.equal(shown, 0, `${selector} prints`);
  }
  assert.equal(await onThisPage(page).isVisible(), false, '"On this page" prints');
  const print = await page.evaluate(() => {
    const luminance = (colour) => {
      const [r, g, b] = colour.match(/[\d.]+/g).map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    const p = document.querySelector('article p');
    const external = [...document.querySelectorAll('article a[href^="http"]')][0];
    return {
      text: luminance(getComputedStyle(p).color),
      background: luminance(getComputedStyle(document.body).backgroundColor),
      after: external ? getComputedStyle(external, '::after').content : null,
      href: external?.getAttribute('href'),
    };
  });
  // Code, on a page of long signatures and examples.
  await page.goto(ctx.server.base + '/docs/api/ref/DesktopAgent', { waitUntil: 'networkidle' });
  Object.assign(print, await page.evaluate(() => ({
    wrap: getComputedStyle(document.querySelector('article pre code .line')).whiteSpace,
    overflowing: [...document.querySelectorAll('article pre')].filter((pre) => pre.scrollWidth > pre.clientWidth + 1).length,
  })));
  assert.ok(print.text < 0.3, `text prints light (luminance ${print.text})`);
  assert.ok(print.background > 0.9, `background prints dark (luminance ${print.background})`);
  assert.ok(print.href, 'the page has an external link');
  assert.match(print.after, /attr\(href\)|http/, `link address after the text: ${print.after}`);
  assert.equal(print.wrap, 'pre-wrap');
  assert.equal(print.overflowing, 0, 'code blocks scroll sideways in print');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('printing draws the diagrams not drawn yet, and until then prints their source instead of blank space', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/use-cases/uc-1', { waitUntil: 'networkidle' });
  const diagrams = page.locator('article [data-island="Mermaid"]');
  const count = await diagrams.count();
  assert.ok(count > 0);
  const last = diagrams.nth(count - 1);
  // Far below the first screen, and within the 5 s before idle drawing: not drawn yet.
  assert.equal(await last.locator('svg').count(), 0);
  await page.emulateMedia({ media: 'print' });
  const source = last.locator(':scope > pre');
  assert.ok((await source.boundingBox()).height > 20, 'an undrawn diagram prints its source');
  assert.match(await source.textContent(), /sequenceDiagram|graph|flowchart/);
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await last.locator('svg').first().waitFor({ timeout: 4000 });
  assert.equal(await diagrams.evaluateAll((els) => els.filter((el) => !el.querySelector('svg')).length), 0);
  assert.equal(await source.evaluate((pre) => pre.getClientRects().length > 0 && pre.getBoundingClientRect().height > 2), false, 'a drawn diagram prints its drawing only');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('signature blocks wrap between their parameters: none scrolls sideways at 1280 or 400 px', async () => {
  for (const width of [1280, 400]) {
    const { page, context, problems } = await openPage(ctx.browser, { width });
    await page.goto(ctx.server.base + '/docs/api/ref/DesktopAgent', { waitUntil: 'networkidle' });
    const found = await page.evaluate(async () => {
      // Lay the whole article out (long pages reveal their blocks on idle).
      document.documentElement.setAttribute('data-article-whole', '');
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const blocks = [...document.querySelectorAll('article pre[data-signature]')];
      return {
        count: blocks.length,
        scrolling: blocks.filter((pre) => pre.scrollWidth > pre.clientWidth + 1).map((pre) => pre.textContent.slice(0, 60)),
        params: document.querySelectorAll('article pre[data-signature] .pa').length,
      };
    });
    // DesktopAgent declares some 30 members, each shown by its TypeScript and C# signature.
    assert.ok(found.count >= 40, `${width} px: ${found.count} signature blocks`);
    assert.ok(found.params >= found.count, `${width} px: ${found.params} parameters`);
    assert.deepEqual(found.scrolling, [], `${width} px`);
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  }
});

test('a long signature wraps over several lines, between its parameters, its return type in view', async () => {
  const { page, context } = await openPage(ctx.browser, { width: 400 });
  await page.goto(ctx.server.base + '/docs/api/ref/DesktopAgent', { waitUntil: 'networkidle' });
  const block = page.locator('article pre[data-signature]', { hasText: 'raiseIntent(intent: Intent, context: Context, app?' }).first();
  await block.scrollIntoViewIfNeeded();
  const lines = await block.evaluate((pre) => {
    const params = [...pre.querySelectorAll('.pa')];
    return params.map((p) => Math.round(p.getBoundingClientRect().top));
  });
  assert.ok(lines.length >= 3, String(lines));
  assert.ok(new Set(lines).size > 1, `wrapped over several lines: ${lines}`);
  await context.close();
});

/** Draws every diagram of the page (as printing does) and waits for them. */
async function drawAll(page) {
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.waitForFunction(() => [...document.querySelectorAll('article [data-island="Mermaid"]')].every((d) => d.querySelector('svg') || d.querySelector('p')), null, { timeout: 20_000 });
}

const DIAGRAM_ROUTES = ['/docs/use-cases/uc-1', '/docs/use-cases/uc-3', '/docs/api/spec', '/docs/next/api/spec'];

test('every diagram of the use cases and the API spec fits its column at 1280 and 400 px, nothing scrolling sideways', async () => {
  for (const width of [1280, 400]) {
    for (const route of DIAGRAM_ROUTES) {
      const { page, context, problems } = await openPage(ctx.browser, { width });
      await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
      await drawAll(page);
      const result = await page.evaluate(() => {
        const article = document.querySelector('article');
        const column = article.getBoundingClientRect();
        const out = { diagrams: 0, wide: [], scrolling: [] };
        for (const svg of article.querySelectorAll('[data-island="Mermaid"] svg[id^="docsite-mermaid"]')) {
          out.diagrams += 1;
          const r = svg.getBoundingClientRect();
          if (r.left < column.left - 1 || r.right > column.right + 1) out.wide.push(Math.round(r.width));
          for (let el = svg.parentElement; el && el !== article; el = el.parentElement) {
            if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') out.scrolling.push(el.className);
          }
        }
        return out;
      });
      assert.ok(result.diagrams > 0, `${route}: no diagrams`);
      assert.deepEqual(result.wide, [], `${route} at ${width} px: diagrams wider than the column`);
      assert.deepEqual(result.scrolling, [], `${route} at ${width} px: boxes scrolling sideways`);
      assert.deepEqual(unexpected(problems), []);
      await context.close();
    }
  }
});

test('a diagram scaled too small to read offers its full size, in a dialog that Escape closes', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { page, context, problems } = await openPage(ctx.browser, { width: 1280, colorScheme });
    await context.addInitScript((mode) => localStorage.setItem('theme', mode), colorScheme);
    await page.goto(ctx.server.base + '/docs/use-cases/uc-1', { waitUntil: 'networkidle' });
    await drawAll(page);
    const button = page.getByRole('button', { name: 'Show the diagram at full size' }).first();
    await button.scrollIntoViewIfNeeded();
    assert.ok(await button.isVisible(), 'a visible affordance');
    const inArticle = await page.locator('article svg[aria-roledescription]').count();
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Diagram at full size' });
    await dialog.waitFor();
    const size = await dialog.locator('svg').first().evaluate((svg) => ({ svg: svg.getBoundingClientRect().width, view: window.innerWidth }));
    assert.ok(size.svg > size.view * 0.9, `drawn at full size: ${JSON.stringify(size)}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Back in the article: at once, or, when the column's width changed while the dialog
    // was open (the page's scrollbar hidden under the modal) and the diagram was redrawn, once
    // that redraw is done.
    await page
      .waitForFunction((n) => document.querySelectorAll('article svg[aria-roledescription]').length === n, inArticle, { timeout: 15_000 })
      .catch(() => assert.fail(`the diagram is back in the article (expected ${inArticle})`));
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Show the diagram at full size');
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  }
});

test('every table of the context and error references fits a 400 px screen, rows as cards', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 400 });
  await page.goto(ctx.server.base + '/docs/context/ref/Instrument', { waitUntil: 'networkidle' });
  const routes = await page.evaluate(() =>
    [...new Set([...document.querySelectorAll('nav[aria-label="Docs sidebar"] a[href^="/docs/context/ref/"]')].map((a) => a.getAttribute('href')))],
  );
  assert.ok(routes.length >= 20, `${routes.length} context reference pages`);
  for (const route of [...routes, '/docs/api/ref/Errors', '/docs/api/ref/Metadata']) {
    await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
    const result = await page.evaluate(() => {
      document.documentElement.setAttribute('data-article-whole', '');
      return [...document.querySelectorAll('article table')].map((table) => {
        const r = table.getBoundingClientRect();
        return { right: Math.round(r.right), scrolls: table.scrollWidth > table.clientWidth + 1, cards: getComputedStyle(table.querySelector('tr:last-child')).display === 'block' };
      });
    });
    for (const [i, t] of result.entries()) {
      assert.ok(t.right <= 400 && !t.scrolls, `${route} table ${i + 1}: ${JSON.stringify(t)}`);
    }
  }
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test("on desktop a reference table's description column gets the width the identifiers do not need", async () => {
  const { page, context } = await openPage(ctx.browser, { width: 1280 });
  await page.goto(ctx.server.base + '/docs/context/ref/Instrument', { waitUntil: 'networkidle' });
  const share = await page.evaluate(() => {
    const table = [...document.querySelectorAll('article table')].find((t) => /Description/.test(t.querySelector('thead')?.textContent ?? ''));
    const heads = [...table.querySelectorAll('thead th')];
    const description = heads.find((th) => th.textContent.trim() === 'Description');
    return description.getBoundingClientRect().width / table.getBoundingClientRect().width;
  });
  // It was 169 of 686 px (25 %).
  assert.ok(share >= 0.4, `description column: ${Math.round(share * 100)} % of the table`);
  await context.close();
});
