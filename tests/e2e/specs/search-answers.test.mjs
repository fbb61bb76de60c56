// Search that answers (issue 19) and the search polish of issue 16: a name's reference
// section comes first, hits point at sections with their heading path, excerpts read as a
// person would write them, the dialog keeps Tab inside itself, the search page keeps its
// version in the URL, has no serious accessibility violation with results, and its title
// keeps a tight line height at 400 px. Ranking over many queries is measured by
// bench/search-relevance.mjs (a gate in .ci/run), not here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { openPage, useSite } from '../lib.mjs';

const ctx = useSite();
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Opens the modal on `path`, types `query` and waits for its results; returns the listbox. */
async function modalSearch(page, path, query) {
  // Straight to the site's page when not on it yet (a new page's first document is
  // about:blank, which is never navigated back to: from its null origin Chromium refuses a
  // request still in flight, as in layout-invariants).
  const here = page.url().startsWith(ctx.server.base) ? new URL(page.url()).pathname : null;
  if (here !== path) await page.goto(ctx.server.base + path, { waitUntil: 'networkidle' });
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('searchbox').fill(query);
  await dialog.locator(`[data-query="${query}"][aria-busy="false"]`).waitFor();
  return dialog.getByRole('listbox', { name: 'Search results' });
}

/** Each hit of the modal: href, heading path, excerpt text and the texts of its marks. */
async function hits(list) {
  return list.getByRole('option').evaluateAll((els) =>
    els.map((a) => ({
      href: a.getAttribute('href'),
      path: a.children[0]?.textContent ?? '',
      excerpt: a.children[1]?.textContent ?? '',
      marks: [...a.querySelectorAll('mark')].map((m) => m.textContent),
    })),
  );
}

test('an API name puts its reference section first, with the heading path, before the bridging message of the same name', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  const list = await modalSearch(page, '/docs/fdc3-intro', 'raiseIntent');
  const [first, ...rest] = await hits(list);
  assert.equal(first.href, '/docs/api/ref/DesktopAgent#raiseintent');
  assert.equal(first.path, 'Functions › raiseIntent');
  assert.ok(rest.some((h) => h.href.startsWith('/docs/agent-bridging/')), 'the bridging page is still found');
  // The page's group is labelled with its title, like DocSearch.
  assert.equal(await list.getByRole('group').first().getAttribute('aria-label'), 'DesktopAgent');
  await page.keyboard.press('Escape');
  // An error string leads to its enumeration; a context type to its page.
  assert.equal((await hits(await modalSearch(page, '/docs/fdc3-intro', 'NoAppsFound')))[0].href, '/docs/api/ref/Errors#resolveerror');
  await page.keyboard.press('Escape');
  assert.equal((await hits(await modalSearch(page, '/docs/fdc3-intro', 'fdc3.instrument')))[0].href, '/docs/context/ref/Instrument');
  await page.keyboard.press('Escape');
  // A concept leads to the specification section that defines it.
  assert.equal((await hits(await modalSearch(page, '/docs/fdc3-intro', 'private channel')))[0].href, '/docs/api/spec#private-channels');
  assert.deepEqual(problems, []);
  await context.close();
});

test('excerpts read as prose: no heading prefix, no table headers, no code, no Markdown, whole words marked', async () => {
  const { page, context } = await openPage(ctx.browser);
  for (const query of ['raiseIntent', 'NoAppsFound', 'experimental', 'fdc3.instrument', 'payload']) {
    const found = await hits(await modalSearch(page, '/docs/fdc3-intro', query));
    assert.ok(found.length > 0, `${query}: results`);
    for (const hit of found) {
      const heading = hit.path.split(' › ').at(-1);
      if (hit.path.includes(' › ')) assert.ok(!hit.excerpt.startsWith(`${heading} `), `${query}: excerpt repeats its heading "${heading}": ${hit.excerpt}`);
      assert.doesNotMatch(hit.excerpt, /FieldType|PropertyType|TypeRequired/, `${query}: glued table header: ${hit.excerpt}`);
      assert.doesNotMatch(hit.excerpt, /_@|@EXPERIMENTAL_|\*\*|`/, `${query}: raw Markdown: ${hit.excerpt}`);
      assert.doesNotMatch(hit.excerpt, /[\uE000\uE001]|=>|\bawait\b.*\(|\bconst \w+ =/, `${query}: code in the excerpt: ${hit.excerpt}`);
      assert.ok(hit.excerpt.split(/\s+/).length <= 34, `${query}: excerpt too long: ${hit.excerpt}`);
      for (const mark of hit.marks) {
        assert.match(mark, /^[\p{L}\p{N}_$](?:.*[\p{L}\p{N}_$])?$/u, `${query}: mark with punctuation at its ends: "${mark}" in ${hit.excerpt}`);
      }
    }
    await page.keyboard.press('Escape');
  }
  await context.close();
});

test('the search dialog keeps Tab and Shift+Tab inside itself', async () => {
  const { page, context } = await openPage(ctx.browser);
  await modalSearch(page, '/docs/fdc3-intro', 'broadcast');
  const inside = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    assert.ok(await inside(), `Tab ${i + 1} left the dialog for ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))}`);
  }
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Shift+Tab');
    assert.ok(await inside(), `Shift+Tab ${i + 1} left the dialog`);
  }
  await context.close();
});

test('other versions are one click away; the search page keeps the version in its URL', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await modalSearch(page, '/docs/fdc3-intro', 'getInfo');
  await page.getByRole('link', { name: 'Search all versions' }).click();
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('version') === 'all' && url.searchParams.get('q') === 'getInfo');
  const main = page.locator('main');
  const select = main.getByRole('combobox', { name: 'Version' });
  await main.getByText(/results for "getInfo"/).waitFor();
  assert.equal(await select.inputValue(), 'all');
  const results = main.getByRole('region', { name: 'Search results' });
  const hrefs = await results.getByRole('link').evaluateAll((els) => els.map((a) => a.getAttribute('href')));
  assert.ok(hrefs.some((h) => h.startsWith('/docs/2.1/')) && hrefs.some((h) => h.startsWith('/docs/api/')), `several versions: ${hrefs.slice(0, 12).join(' ')}`);
  // Opened from a link, the page reads the version too.
  await page.goto(ctx.server.base + '/search?q=broadcast&version=2.1', { waitUntil: 'networkidle' });
  await main.getByText(/results for "broadcast"/).waitFor();
  assert.equal(await select.inputValue(), '2.1');
  const first = await results.getByRole('link').first().getAttribute('href');
  assert.match(first, /^\/docs\/2\.1\/|^\/(?!docs)/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the search page with results has no serious or critical axe violation, in light and dark mode', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { page, context } = await openPage(ctx.browser, { bypassCSP: true, colorScheme });
    await page.goto(ctx.server.base + '/search?q=Intent', { waitUntil: 'networkidle' });
    await page.locator('main').getByText(/results for "Intent"/).waitFor();
    await page.evaluate(axeSource);
    const results = await page.evaluate(() =>
      window.axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }),
    );
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.nodes[0]?.html.slice(0, 120)}`);
    assert.deepEqual(bad, [], colorScheme);
    await context.close();
  }
});

test('the search page title keeps a tight line height at 400 px', async () => {
  const { page, context } = await openPage(ctx.browser, { width: 400, height: 800 });
  await page.goto(ctx.server.base + '/search', { waitUntil: 'networkidle' });
  const { lineHeight, fontSize, height } = await page.locator('main h1').evaluate((h) => {
    const style = getComputedStyle(h);
    return { lineHeight: parseFloat(style.lineHeight), fontSize: parseFloat(style.fontSize), height: h.getBoundingClientRect().height };
  });
  assert.ok(lineHeight / fontSize <= 1.3, `line height ${lineHeight}px for ${fontSize}px text`);
  const lines = Math.round(height / lineHeight);
  assert.ok(lines <= 2, `${lines} lines`);
  await context.close();
});
