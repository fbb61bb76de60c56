// The site pages built from data files: home, community, get involved, training, users and
// versions. Each is pre-rendered with its content, hydrates without console problems, fits
// a 400 px screen and has no serious or critical accessibility violation; the community
// filter shows Adopters first and one type at a time, sorted by title.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { openPage, unexpected, useSite } from '../lib.mjs';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const ctx = useSite();

/** Route, its visible h1, and texts its pre-rendered HTML must contain. */
const PAGES = [
  ['/', 'FDC3', ['Read the standard', 'https://github.com/finos/FDC3', 'Agent Bridging', 'Experimental', '/docs/use-cases/overview', 'FDC3 Sail 1.0', 'io.Connect Desktop v10.0', '/users', '/training', '/get-involved']],
  ['/community', 'FDC3 Community', ['Add your details', 'Bank of Montreal', 'Connectifi v1.1.0', 'Open Source', 'More info', 'Documentation']],
  ['/get-involved', 'Get Involved', ['Working groups', 'label%3A%22Standard+WG+Meeting%22', 'fdc3-participants+subscribe@finos.org', 'General Meeting', 'calendar.google.com']],
  ['/training', 'FDC3 Training', ['Introduction to FDC3 (LFEL1000)', 'Developing Solutions with FDC3 (LFD237)', 'FDC3 Certified Practitioner (FCFP)', 'More info']],
  ['/users', 'Who is using FDC3?', ['Morgan Stanley', 'https://www.natwestgroup.com/', 'Add your company']],
  ['/versions', 'FDC3 Versions', ['Release notes', '/docs/2.1/fdc3-intro', '/docs/next/fdc3-intro', 'releases/tag/v2.2', '12 March 2025']],
];

/** Titles of the visible showcase cards, in page order. */
async function visibleCards(page) {
  return page.locator('[data-showcase="community"] article:visible').evaluateAll((cards) =>
    cards.map((card) => ({ title: card.querySelector('h3')?.textContent ?? '', category: card.dataset.category })),
  );
}

function assertSortedByTitle(cards) {
  const titles = cards.map((c) => c.title);
  const sorted = [...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  assert.deepEqual(titles, sorted, 'cards are sorted by title');
}

test('each site page is pre-rendered with its content', async () => {
  for (const [path, , texts] of PAGES) {
    const res = await fetch(ctx.server.base + path);
    assert.equal(res.status, 200, path);
    const html = await res.text();
    for (const text of texts) assert.ok(html.includes(text), `${path} contains ${JSON.stringify(text)}`);
    assert.ok(!html.includes('data-unknown-component'), `${path}: every component is known to the theme`);
  }
});

test('each site page renders its content in the browser without console errors', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  for (const [path, h1] of PAGES) {
    await page.goto(ctx.server.base + path, { waitUntil: 'networkidle' });
    assert.equal((await page.locator('h1').first().textContent())?.trim(), h1, `${path} shows its h1`);
    assert.ok(await page.locator('main').first().isVisible(), `${path} shows its main content`);
  }
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('the community page shows the adopters first, sorted by title', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/community', { waitUntil: 'networkidle' });
  const adopters = page.getByRole('button', { name: /^Adopters/ });
  assert.equal(await adopters.getAttribute('aria-pressed'), 'true');
  const cards = await visibleCards(page);
  assert.ok(cards.length >= 2, 'several adopters');
  assert.ok(cards.every((c) => c.category === 'adopter'), 'only adopters are shown');
  assertSortedByTitle(cards);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('clicking a type shows only that type, sorted by title', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/community', { waitUntil: 'networkidle' });
  for (const [label, category, includes] of [
    ['Platform Providers', 'platform-provider', 'FDC3 Sail'],
    ['Demos', 'demos', 'FDC3 eXplained'],
    ['Tools & Training', 'tools-and-training', 'FDC3 Workbench'],
  ]) {
    const button = page.getByRole('button', { name: new RegExp(`^${label.replace(/[&]/g, '\\$&')}`) });
    await button.click();
    assert.equal(await button.getAttribute('aria-pressed'), 'true', `${label} is selected`);
    assert.equal(new URL(page.url()).hash, `#${category}`, `the choice of ${label} is in the address`);
    assert.equal(await page.getByRole('button', { name: /^Adopters/ }).getAttribute('aria-pressed'), 'false');
    const cards = await visibleCards(page);
    assert.ok(cards.length > 0, `${label} has entries`);
    assert.ok(cards.every((c) => c.category === category), `only ${label} are shown: ${JSON.stringify(cards)}`);
    assert.ok(cards.some((c) => c.title === includes), `${label} include ${includes}`);
    assertSortedByTitle(cards);
    const count = Number((await button.textContent()).match(/\((\d+)\)/)?.[1]);
    assert.equal(cards.length, count, `${label} shows as many cards as its button counts`);
  }
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('a platform provider card shows its badges, conformance and links', async () => {
  const { page, context } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/community#platform-provider', { waitUntil: 'networkidle' });
  const sail = page.locator('article#fdc3-sail');
  await sail.waitFor({ state: 'visible' });
  assert.match(await sail.textContent(), /Open Source/);
  assert.match(await sail.textContent(), /FDC3 Sail 1\.0 certified for FDC3 1\.2 on 6 December 2022/);
  assert.equal(await sail.getByRole('link', { name: 'More info: FDC3 Sail' }).getAttribute('href'), 'https://github.com/finos/FDC3-Sail');
  assert.equal(await sail.getByRole('link', { name: 'Documentation: FDC3 Sail' }).getAttribute('target'), '_blank');
  await context.close();
});

test('a link to /community#demos opens the page with the demos selected', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/training', { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: 'Demos' }).click();
  await page.waitForURL('**/community#demos');
  await page.locator('article[data-category="demos"]:visible').first().waitFor();
  const cards = await visibleCards(page);
  assert.ok(cards.length > 0 && cards.every((c) => c.category === 'demos'), JSON.stringify(cards));
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('navigating client-side from a doc to the community and home pages loads their components', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await page.getByRole('navigation').getByRole('link', { name: 'Community', exact: true }).first().click();
  await page.waitForURL('**/community');
  await page.getByRole('button', { name: /^Adopters/ }).waitFor();
  assert.ok((await visibleCards(page)).length > 0, 'cards are shown');
  assert.ok(await page.evaluate(() => getComputedStyle(document.querySelector('[data-showcase] article')).borderTopStyle === 'solid'), 'cards are styled');
  await page.locator('nav a[href="/"]').first().click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('link', { name: 'Read the standard' }).first().waitFor();
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('the site pages fit a 400 px wide screen', async () => {
  const { page, context } = await openPage(ctx.browser, { width: 400, height: 800 });
  for (const [path] of PAGES) {
    await page.goto(ctx.server.base + path, { waitUntil: 'networkidle' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${path} scrolls sideways by ${overflow}px`);
  }
  await context.close();
});

/**
 * Serious and critical violations in the page's main content (the navbar and footer are
 * audited by accessibility.test.mjs), one line each with the offending elements.
 */
async function audit(page) {
  await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(() =>
    window.axe.run({ include: [['main']] }, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join('\n    ')}`);
}

for (const mode of ['light', 'dark']) {
  test(`the site pages have no serious or critical accessibility violation in ${mode} mode`, async () => {
    const { page, context } = await openPage(ctx.browser, { bypassCSP: true });
    await page.addInitScript((value) => localStorage.setItem('theme', value), mode);
    for (const [path] of PAGES) {
      await page.goto(ctx.server.base + path, { waitUntil: 'networkidle' });
      assert.deepEqual(await audit(page), [], path);
    }
    await context.close();
  });
}
