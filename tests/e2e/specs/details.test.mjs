// Details (SPEC §2, §9): external links open in a new tab, headings carry "Direct link
// to …" anchors, sidebar categories collapse with a duration that grows with their
// height (1 ms under reduced motion), and the icon sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSite } from '../lib.mjs';

const ctx = useSite({ shell: true });

/** Docusaurus's (Material Design's) auto-height duration, the expected value. */
function expectedDuration(height) {
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

test('every external link opens in a new tab with rel="noopener noreferrer"; internal links do not', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.shell.base + '/docs/guides/long', { waitUntil: 'networkidle' });
  await page.locator('aside').getByRole('button', { name: 'Links', exact: true }).click();
  const links = await page.locator('a[href]').evaluateAll((anchors) =>
    anchors.map((a) => ({ href: a.getAttribute('href'), target: a.getAttribute('target'), rel: a.getAttribute('rel') })),
  );
  const external = links.filter((l) => /^https?:/.test(l.href));
  assert.ok(external.length >= 15, `content, navbar, sidebar and footer links (${external.length})`);
  for (const link of external) {
    assert.equal(link.target, '_blank', link.href);
    assert.equal(link.rel, 'noopener noreferrer', link.href);
  }
  for (const link of links.filter((l) => l.href.startsWith('/') || l.href.startsWith('#'))) {
    assert.equal(link.target, null, link.href);
  }
  // Following one really opens a new tab.
  const popup = context.waitForEvent('page');
  await page.locator('main').getByRole('link', { name: 'the example site' }).click();
  const opened = await popup;
  // The new tab exists before its address does (it is '' for a moment): wait for it.
  await opened.waitForURL('https://example.com/docs', { waitUntil: 'commit', timeout: 5000 }).catch(() => undefined);
  assert.equal(opened.url(), 'https://example.com/docs');
  assert.equal(new URL(page.url()).pathname, '/docs/guides/long', 'the site stays open');
  assert.deepEqual(problems, []);
  await context.close();
});

test('every heading has a "Direct link to {heading}" anchor that puts its address in the bar', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  const headings = await page.locator('main article :is(h2, h3)[id]').evaluateAll((hs) =>
    hs.map((h) => {
      const a = h.querySelector('a.hash-link');
      return { id: h.id, text: h.textContent.replace(/\u200B#$/, '').trim(), href: a?.getAttribute('href'), title: a?.getAttribute('title'), label: a?.getAttribute('aria-label') };
    }),
  );
  assert.ok(headings.length >= 3);
  for (const h of headings) {
    assert.equal(h.href, `#${h.id}`);
    assert.equal(h.title, `Direct link to ${h.text}`);
    assert.equal(h.label, `Direct link to ${h.text}`);
  }
  const last = headings[headings.length - 1];
  await page.locator(`#${last.id}`).hover();
  await page.locator(`#${last.id} a.hash-link`).click();
  await page.waitForURL(`**#${last.id}`);
  const top = await page.locator(`#${last.id}`).evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 150, `scrolled to the heading (${top})`);
  assert.deepEqual(problems, []);
  await context.close();
});

/** Clicks a category toggle and returns [content height, transition duration in ms]. */
async function toggleCategory(page, label) {
  const button = page.locator('aside nav[aria-label="Docs sidebar"]').getByRole('button', { name: label, exact: true });
  const collapsible = button.locator('xpath=ancestor::li[1]/div[last()]');
  const before = await button.getAttribute('aria-expanded');
  await button.click();
  assert.notEqual(await button.getAttribute('aria-expanded'), before);
  return collapsible.evaluate((el) => [
    el.firstElementChild.scrollHeight,
    parseFloat(getComputedStyle(el).transitionDuration) * (getComputedStyle(el).transitionDuration.endsWith('ms') ? 1 : 1000),
  ]);
}

test('sidebar categories expand and collapse, taller ones taking longer', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.shell.base + '/docs/intro', { waitUntil: 'networkidle' });
  const link = page.locator('aside').getByRole('link', { name: 'Link 12' });
  assert.equal(await link.isVisible(), false, 'starts collapsed');
  const [tall, tallMs] = await toggleCategory(page, 'Links');
  await link.waitFor({ state: 'visible' });
  const [short, shortMs] = await toggleCategory(page, 'Pair');
  assert.ok(tall > short * 3, `heights ${tall} and ${short}`);
  assert.equal(tallMs, expectedDuration(tall));
  assert.equal(shortMs, expectedDuration(short));
  assert.ok(tallMs > shortMs, `${tallMs} ms > ${shortMs} ms`);
  // Collapsing takes the same time as expanding.
  const [, collapseMs] = await toggleCategory(page, 'Links');
  assert.equal(collapseMs, tallMs);
  await link.waitFor({ state: 'hidden' });
  assert.deepEqual(problems, []);
  await context.close();
});

test('with reduced motion, categories open and close in 1 ms', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { reducedMotion: 'reduce' });
  await page.goto(ctx.shell.base + '/docs/intro', { waitUntil: 'networkidle' });
  const [, openMs] = await toggleCategory(page, 'Links');
  assert.equal(openMs, 1);
  await page.locator('aside').getByRole('link', { name: 'Link 12' }).waitFor({ state: 'visible' });
  const [, closeMs] = await toggleCategory(page, 'Links');
  assert.equal(closeMs, 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('icons are 21 px by default, the menu icon 30 px and close icons 14 px', async () => {
  const size = (locator) => locator.evaluate((svg) => [svg.getBoundingClientRect().width, svg.getBoundingClientRect().height]);
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.shell.base + '/docs/intro', { waitUntil: 'networkidle' });
  const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
  assert.deepEqual(await size(toggle.locator('svg:visible')), [21, 21], 'default');
  const close = page.getByRole('region', { name: 'Announcement' }).getByRole('button', { name: 'Close' });
  assert.deepEqual(await size(close.locator('svg')), [14, 14], 'close');
  await page.setViewportSize({ width: 600, height: 900 });
  const menu = page.getByRole('button', { name: 'Toggle navigation bar' });
  assert.deepEqual(await size(menu.locator('svg')), [30, 30], 'menu');
  assert.deepEqual(problems, []);
  await context.close();
});
