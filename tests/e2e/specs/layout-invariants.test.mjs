// Layout invariants (issue 16): at every width from 320 to 1920 px the navbar's controls
// never overlap and each is clickable at its centre, and no page scrolls sideways; inline
// code in reference tables is never broken inside a word; choosing a synced tab keeps the
// clicked tab where it was on screen; a deep link to a heading below diagrams stays put
// while they are drawn, and every diagram of the site has its space reserved; exactly one
// navbar item is current. One browser, one page per
// test, resized rather than reopened, so the whole file stays fast.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { SITE_BUILD, openPage, unexpected, useSite, waitForArticleLaidOut } from '../lib.mjs';

const ctx = useSite();

/** 320..1920 in steps of 40, plus both sides of the mobile breakpoint. */
const WIDTHS = [...Array.from({ length: 41 }, (_, i) => 320 + i * 40), 996, 997].sort((a, b) => a - b);

/** In the page: the navbar's visible controls that overlap or are covered at their centre. */
function navbarProblems() {
  const nav = document.querySelector('nav[aria-label="Main"]');
  const controls = [...nav.querySelectorAll('a, button, input')].filter((el) => {
    if (el.closest('[role="menu"]')) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  const name = (el) => (el.getAttribute('aria-label') || el.textContent || el.tagName).trim();
  const problems = [];
  const rects = controls.map((el) => el.getBoundingClientRect());
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      if (controls[i].contains(controls[j]) || controls[j].contains(controls[i])) continue;
      const a = rects[i];
      const b = rects[j];
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (x > 0.5 && y > 0.5) problems.push(`"${name(controls[i])}" overlaps "${name(controls[j])}"`);
    }
    const r = rects[i];
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    if (cx < 0 || cx > innerWidth) {
      problems.push(`"${name(controls[i])}" is off screen`);
      continue;
    }
    const hit = document.elementFromPoint(cx, cy);
    if (!hit || !controls[i].contains(hit)) problems.push(`"${name(controls[i])}" is covered at its centre by ${hit?.outerHTML.slice(0, 80)}`);
  }
  const scroll = document.documentElement.scrollWidth - innerWidth;
  if (scroll > 0) problems.push(`the page scrolls sideways by ${scroll}px`);
  return problems;
}

for (const route of ['/', '/docs/fdc3-intro', '/docs/api/specs/desktopAgentCommunicationProtocol', '/community']) {
  test(`navbar controls never overlap and ${route} never scrolls sideways, 320-1920 px`, async () => {
    const { page, context, problems } = await openPage(ctx.browser, { width: 1400 });
    await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
    const failures = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const p of await page.evaluate(navbarProblems)) failures.push(`${width}px: ${p}`);
    }
    assert.deepEqual(failures, []);
    assert.deepEqual(unexpected(problems), []);
    await context.close();
  });
}

/** In the page: inline code tokens in tables that wrap inside a word. */
function brokenTableCode() {
  const broken = [];
  for (const code of document.querySelectorAll('article table code')) {
    const range = document.createRange();
    range.selectNodeContents(code);
    const lines = [...range.getClientRects()].filter((r) => r.width > 0);
    const tops = new Set(lines.map((r) => Math.round(r.top)));
    if (tops.size < 2) continue;
    // Wrapped: allowed only right after `.` `_` `/` `-`, between the humps of camelCase
    // (where the engine puts a `<wbr>`) or at a space (a line-break opportunity the
    // stylesheet offers on purpose).
    const text = code.textContent;
    const characters = [];
    for (const node of code.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) for (let i = 0; i < node.length; i++) characters.push([node, i]);
      else if (node.nodeName !== 'WBR') broken.push(`${text} (markup inside)`);
    }
    let previousTop = null;
    for (const [index, [node, i]] of characters.entries()) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const r = range.getClientRects()[0];
      if (!r) continue;
      const top = Math.round(r.top);
      const before = text[index - 1];
      const hump = /[a-z]/.test(before ?? '') && /[A-Z]/.test(text[index]);
      if (previousTop !== null && top > previousTop + 2 && !/[._/\- ]/.test(before) && text[index] !== ' ' && !hump) {
        broken.push(`${text} (at ${index})`);
        break;
      }
      previousTop = top;
    }
  }
  return broken;
}

test('inline code in reference tables is never broken inside a word at 1400 and 800 px', async () => {
  const { page, context } = await openPage(ctx.browser, { width: 1400 });
  for (const route of ['/docs/api/specs/desktopAgentCommunicationProtocol', '/docs/api/ref/Metadata', '/docs/context/spec']) {
    await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
    for (const width of [1400, 800]) {
      await page.setViewportSize({ width, height: 900 });
      assert.deepEqual(await page.evaluate(brokenTableCode), [], `${route} at ${width}px`);
    }
  }
  await context.close();
});

test('exactly one navbar item is current, on docs of both navbar doc items and on site pages', async () => {
  const { page, context } = await openPage(ctx.browser, { width: 1400 });
  const cases = {
    '/docs/fdc3-intro': 'Getting Started',
    '/docs/why-fdc3': 'Getting Started',
    '/docs/fdc3-standard': 'The Standard',
    '/docs/api/spec': 'The Standard',
    '/community': 'Community',
    '/training': 'Training',
  };
  for (const [route, label] of Object.entries(cases)) {
    await page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
    // Items of the bar itself: the entries of a dropdown menu (the version being read)
    // are not navbar items.
    const current = await page.locator('nav[aria-label="Main"] [aria-current="page"]:not(li *)').allTextContents();
    assert.deepEqual(current, [label], route);
  }
  await context.close();
});

test('choosing a synced tab keeps the clicked tab where it was on screen', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 1400, height: 900 });
  await page.goto(ctx.server.base + '/docs/api/ref/DesktopAgent', { waitUntil: 'networkidle' });
  // Once the article is laid out: a block the browser lays out as it comes near the
  // viewport would move the tab between the test's scroll and its click.
  await waitForArticleLaidOut(page);
  // A .NET tab far down the page, below other synced groups that change height.
  const tabs = page.getByRole('tab', { name: '.NET' });
  const count = await tabs.count();
  assert.ok(count >= 4, `synced .NET tabs: ${count}`);
  const tab = tabs.nth(count - 2);
  await tab.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 200);
  await page.waitForTimeout(100);
  const before = (await tab.boundingBox()).y;
  await tab.click();
  await page.waitForTimeout(150);
  const after = (await tab.boundingBox()).y;
  assert.equal(await tab.getAttribute('aria-selected'), 'true');
  assert.ok(Math.abs(after - before) <= 2, `the tab moved from ${before} to ${after}`);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('a deep link below diagrams stays at the top of the screen once they are drawn (CLS 0)', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 1400, height: 900 });
  await page.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The Web Connection Protocol: sequence diagrams between its sections.
  const route = '/docs/api/specs/webConnectionProtocol';
  await page.goto(ctx.server.base + route, { waitUntil: 'domcontentloaded' });
  const headingId = await page.evaluate(() => {
    const diagrams = document.querySelectorAll('article .mermaid-diagram');
    const second = diagrams[1] ?? diagrams[0];
    const headings = [...document.querySelectorAll('article h2[id], article h3[id]')];
    return headings.find((h) => second && second.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING)?.id;
  });
  assert.ok(headingId, 'a heading below the diagram');
  // A new document (the query makes it one; a hash alone would only scroll), not by way of
  // about:blank: from its null origin, a request the first page still had in flight (its
  // icon) is refused with a console error that is not the site's.
  await page.goto(`${ctx.server.base}${route}?deep-link#${headingId}`, { waitUntil: 'networkidle' });
  // Every diagram above the target drawn (they draw within a screen of the viewport).
  await page.waitForFunction((id) => {
    const target = document.getElementById(id);
    return [...document.querySelectorAll('article .mermaid-diagram')]
      .filter((d) => d.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING)
      .every((d) => d.querySelector('svg'));
  }, headingId);
  await page.waitForTimeout(300);
  const top = await page.evaluate((id) => document.getElementById(id).getBoundingClientRect().top, headingId);
  assert.ok(top >= 0 && top < 200, `the target heading is at the top of the viewport (${top}px)`);
  // Every diagram's box had its final size before it was drawn (the engine's placeholder,
  // from data/diagram-sizes.json): nothing moved.
  const cls = await page.evaluate(() => window.__cls);
  assert.equal(cls, 0, `cumulative layout shift ${cls}`);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('every diagram of the site has its drawn size reserved (data/diagram-sizes.json is complete and current)', () => {
  // The pre-rendered HTML: each diagram comes with an empty box of its final size.
  const missing = [];
  let diagrams = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['_docsite', 'assets', 'pagefind', 'schemas'].includes(entry.name)) walk(file);
      } else if (entry.name === 'index.html') {
        const html = fs.readFileSync(file, 'utf8');
        const count = html.split('class="mermaid-diagram').length - 1;
        const reserved = html.split('class="mermaid-placeholder').length - 1;
        diagrams += count;
        if (reserved < count) missing.push(`${path.relative(SITE_BUILD, dir) || '/'}: ${count - reserved} of ${count}`);
      }
    }
  };
  walk(SITE_BUILD);
  assert.ok(diagrams > 100, `${diagrams} diagrams`);
  assert.deepEqual(missing, [], 'run `node tests/e2e/diagram-sizes.mjs` after a build to measure new or changed diagrams');
});
