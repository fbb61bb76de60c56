// Islands (ARCHITECTURE "Theme runtime"): the pre-rendered article is adopted as it is on
// load (React neither re-renders nor replaces it), its interactive parts attach on their
// own, and after a client navigation the new article's parts work, once each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, siteChunks, unexpected, useSite, waitForApp, waitForArticleLaidOut } from '../lib.mjs';

const ctx = useSite();

const ROUTE = '/docs/api/ref/DesktopAgent';

/** Records, from the first parse on, every node added to or removed from the article outside its islands. */
function watchArticle() {
  window.__articleChanges = [];
  document.addEventListener('DOMContentLoaded', () => {
    const article = document.querySelector('[data-article]');
    window.__article = article;
    window.__firstParagraph = article?.querySelector('p');
    if (!article) return;
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type !== 'childList' || record.target.closest('[data-island]')) continue;
        window.__articleChanges.push(`${record.target.nodeName}: +${record.addedNodes.length} -${record.removedNodes.length}`);
      }
    }).observe(article, { childList: true, subtree: true });
  });
}

/** Clipboard writes, counted (a listener attached twice would copy twice). */
function recordCopies() {
  window.__copies = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text) => (window.__copies.push(text), Promise.resolve()) },
  });
}

test('the article is adopted as the server wrote it, not re-rendered, and its parts still work', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.addInitScript(watchArticle);
  await page.addInitScript(recordCopies);
  await page.goto(ctx.server.base + ROUTE, { waitUntil: 'networkidle' });
  // The app has hydrated: the sidebar's links route client-side (React attached them).
  assert.equal(await page.evaluate(() => Object.keys(document.querySelector('nav[aria-label="Docs sidebar"] a')).some((k) => k.startsWith('__react'))), true);
  assert.equal(await page.evaluate(() => document.querySelector('[data-article]') === window.__article), true, 'the same article element');
  assert.equal(await page.evaluate(() => window.__firstParagraph?.isConnected && document.querySelector('[data-article] p') === window.__firstParagraph), true, 'the same paragraph');
  assert.equal(await page.evaluate(() => Object.keys(window.__firstParagraph).some((k) => k.startsWith('__react'))), false, 'React never hydrated the content');
  assert.deepEqual(await page.evaluate(() => window.__articleChanges), [], 'no node of the article replaced');
  // An island: the copy button.
  const copy = page.locator('[data-article] button[aria-label="Copy code to clipboard"]:visible').first();
  await copy.click();
  await page.waitForFunction(() => window.__copies.length > 0);
  assert.equal(await copy.textContent(), 'Copied');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('after client navigation the new article arrives whole and its islands attach once', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.addInitScript(recordCopies);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await waitForApp(page);
  await page.evaluate(() => (window.__sameDocument = true));
  const go = (path) =>
    page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  // There, back, and there again: the islands of the first visit must be gone.
  await go(ROUTE);
  await page.locator('main h1', { hasText: 'DesktopAgent' }).waitFor();
  await go('/docs/fdc3-intro');
  await page.locator('main h1', { hasText: 'FDC3' }).first().waitFor();
  await go(ROUTE);
  await page.locator('main h1', { hasText: 'DesktopAgent' }).waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no page load');

  // Tabs: a synced group switches every group of the page, and is remembered.
  const dotnet = page.locator('[data-article]').getByRole('tab', { name: '.NET' });
  assert.ok((await dotnet.count()) >= 2);
  await dotnet.first().click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-article] [role="tab"]')].filter((t) => t.textContent === '.NET').every((t) => t.getAttribute('aria-selected') === 'true'));
  const stored = await page.evaluate(() => Object.entries(localStorage).filter(([key]) => key.startsWith('docusaurus.tab.')));
  assert.ok(stored.some(([, value]) => value === 'dotnet' || value === '.NET'), JSON.stringify(stored));

  // Copy: one click, one copy.
  const copy = page.locator('[data-article] button[aria-label="Copy code to clipboard"]:visible').first();
  await copy.click();
  await page.waitForFunction(() => window.__copies.length > 0);
  await page.waitForTimeout(100);
  assert.equal(await page.evaluate(() => window.__copies.length), 1);

  // A link inside the article navigates client-side.
  const link = page.locator('[data-article] a[href^="/docs/api/ref/"]:not([href^="/docs/api/ref/DesktopAgent"]):visible').first();
  const href = await link.getAttribute('href');
  await link.click();
  await page.waitForURL((url) => url.pathname === href.split('#')[0]);
  await page.locator('main h1').first().waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'routed, not loaded');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test("a page's first load reads its data without the content its HTML already shows, and comes back whole", async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  const { boot, routes } = await siteChunks(ctx.server.base, ROUTE);
  const whole = routes.routes[ROUTE].chunk;
  assert.notEqual(boot.page, whole, 'the boot record names the shell chunk');
  const shell = await (await fetch(ctx.server.base + boot.page)).json();
  assert.deepEqual(shell.content, []);
  assert.equal(shell.title, 'DesktopAgent');
  const fetched = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(ctx.server.base + ROUTE, { waitUntil: 'networkidle' });
  assert.ok(fetched.includes(boot.page));
  assert.ok(!fetched.includes(whole), 'the whole chunk is not fetched on load');
  // The text as laid out (a block not laid out yet has no rendered text to read).
  await waitForArticleLaidOut(page);
  const text = await page.locator('[data-article]').innerText();
  // Away and back client-side: the whole chunk is read then, and the article is the same.
  await waitForApp(page);
  await page.evaluate(() => (window.__sameDocument = true));
  await page.evaluate(() => {
    history.pushState(null, '', '/docs/fdc3-intro');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.locator('main h1', { hasText: 'FDC3' }).first().waitFor();
  await page.goBack();
  await page.locator('main h1', { hasText: 'DesktopAgent' }).waitFor();
  assert.ok(fetched.includes(whole), 'the whole chunk, on coming back');
  await waitForArticleLaidOut(page);
  assert.equal(await page.locator('[data-article]').innerText(), text);
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no page load');
  // A page whose content needs React on the client (the home page's cards) reads it whole.
  const home = await siteChunks(ctx.server.base, '/');
  assert.equal(home.boot.page, home.routes.routes['/'].chunk);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('the article keeps its elements and what its islands drew when the page renders again (a hash change, a colour switch)', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.addInitScript(watchArticle);
  await page.goto(`${ctx.server.base}/docs/use-cases/uc-1`, { waitUntil: 'networkidle' });
  const diagram = page.locator('[data-article] .mermaid-diagram').first();
  await diagram.scrollIntoViewIfNeeded();
  await diagram.locator('svg').first().waitFor();
  await page.evaluate(() => {
    window.__svg = document.querySelector('[data-article] .mermaid-diagram svg');
  });
  // A heading's "#" link: the router sees a new location, and everything reading it renders again.
  await page.locator('[data-article] a.hash-link[href="#workflow-1"]').click();
  await page.waitForURL(/#workflow-1$/);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__svg.isConnected), true, 'the drawn diagram stays');
  // The colour switch: the diagram is drawn again in the article's same element.
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  await page.waitForFunction(() => !window.__svg.isConnected && document.querySelector('[data-article] .mermaid-diagram svg') !== null);
  assert.equal(await page.evaluate(() => window.__firstParagraph?.isConnected && document.querySelector('[data-article] p') === window.__firstParagraph), true, 'the same paragraph');
  assert.deepEqual(await page.evaluate(() => window.__articleChanges), [], 'no node of the article replaced');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});
