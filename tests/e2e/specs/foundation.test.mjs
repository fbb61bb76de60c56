// The foundation's reader-visible guarantees: pre-rendered pages, hydration without
// warnings, client-side navigation, the not-found page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite, waitForApp } from '../lib.mjs';

const ctx = useSite();

test('the served HTML already contains the h1 and the article text', async () => {
  for (const [path, h1, text] of [
    ['/docs/fdc3-intro', 'Welcome to FDC3 2.2', 'shared vocabularies (taxonomies)'],
    ['/docs/next/context/ref/Instrument', 'Instrument', 'fdc3.instrument'],
    ['/docs/1.0/fdc3-intro', 'Welcome to FDC3', 'FDC3'],
  ]) {
    const res = await fetch(ctx.server.base + path);
    assert.equal(res.status, 200, path);
    const html = await res.text();
    assert.match(html, new RegExp(`<h1[^>]*>${h1}</h1>`), `${path} has its h1`);
    assert.ok(html.includes(text), `${path} has its article text`);
  }
});

test('a doc page shows navbar, sidebar, table of contents and hydrates without console errors', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await page.getByRole('navigation').first().waitFor();
  assert.equal(await page.locator('h1').first().textContent(), 'Welcome to FDC3 2.2');
  assert.ok(await page.getByRole('link', { name: 'Getting Started' }).first().isVisible(), 'navbar item');
  assert.ok(await page.locator('[aria-current="page"]').first().isVisible(), 'current page marked in the sidebar');
  assert.ok(await page.locator('a[href="#motivation"]:not(.hash-link):visible').first().isVisible(), 'TOC links to the Motivation heading');
  const anchor = page.locator('h2#motivation a.hash-link');
  assert.equal(await anchor.getAttribute('title'), 'Direct link to Motivation');
  // Give hydration a moment, then require a clean console.
  await page.waitForTimeout(300);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a sidebar click changes page without reloading the document', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await waitForApp(page);
  await page.evaluate(() => (window.__noReload = true));
  await page.locator('nav a', { hasText: 'Why FDC3?' }).first().click();
  await page.waitForURL('**/docs/why-fdc3');
  await page.locator('h1', { hasText: 'Why FDC3?' }).waitFor();
  assert.equal(await page.evaluate(() => window.__noReload), true, 'the document was not reloaded');
  assert.deepEqual(problems, []);
  await context.close();
});

test('an unknown path gets the not-found page with HTTP 404', async () => {
  const res = await fetch(ctx.server.base + '/docs/no-such-page');
  assert.equal(res.status, 404);
  assert.match(await res.text(), /Page Not Found/);
  const { page, context } = await openPage(ctx.browser);
  const response = await page.goto(ctx.server.base + '/docs/no-such-page');
  assert.equal(response.status(), 404);
  await page.locator('h1', { hasText: 'Page Not Found' }).waitFor();
  await context.close();
});

test('routes with spaces and folder indexes are served', async () => {
  for (const path of ['/docs/use-cases/meeting-minutes/2020-01-16%20uc-wg%20meeting%20notes', '/docs/use-cases/', '/docs/next']) {
    const res = await fetch(ctx.server.base + path);
    assert.equal(res.status, 200, path);
  }
});

test('older versions carry the unmaintained banner linking to the latest version', async () => {
  const { page, context } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/2.0/fdc3-intro', { waitUntil: 'networkidle' });
  await page.getByText('which is no longer actively maintained').waitFor();
  const latest = page.getByRole('link', { name: 'latest version' });
  assert.equal(await latest.getAttribute('href'), '/docs/fdc3-intro');
  await context.close();
});

test("next's banner says what the config's bannerText says: the standard's unreleased working draft", async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/next', { waitUntil: 'networkidle' });
  const banner = page.getByRole('note').filter({ hasText: 'latest version' });
  const text = await banner.textContent();
  // site/docsite.toml: [docs.versions.current] bannerText.
  // The specification labels the version "Next (unreleased)": the banner uses that word.
  assert.match(text, /^This is the unreleased working draft of the next version of the FDC3 standard, from the main branch of the finos\/FDC3 repository: it can still change before it is released\./);
  assert.doesNotMatch(text, /not released|unreleased documentation/);
  const latest = banner.getByRole('link', { name: 'latest version' });
  assert.match(await latest.getAttribute('href'), /^\/docs(\/|$)/);
  assert.doesNotMatch(await latest.getAttribute('href'), /^\/docs\/next/);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('.html suffixes redirect to the clean URL', async () => {
  const res = await fetch(ctx.server.base + '/docs/fdc3-intro.html', { redirect: 'manual' });
  assert.equal(res.status, 301);
  assert.equal(res.headers.get('location'), '/docs/fdc3-intro');
});

test('pages revalidate with ETag, hashed chunks are immutable, and br is preferred', async () => {
  const first = await fetch(ctx.server.base + '/docs/fdc3-intro', { headers: { 'accept-encoding': 'br, gzip' } });
  assert.equal(first.headers.get('content-encoding'), 'br');
  assert.equal(first.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
  assert.equal(first.headers.get('x-content-type-options'), 'nosniff');
  const html = await first.text();
  const etag = first.headers.get('etag');
  const again = await fetch(ctx.server.base + '/docs/fdc3-intro', { headers: { 'accept-encoding': 'br, gzip', 'if-none-match': etag } });
  assert.equal(again.status, 304);
  const chunk = html.match(/"page":"([^"]+)"/)[1];
  const data = await fetch(ctx.server.base + chunk);
  assert.equal(data.status, 200);
  assert.match(data.headers.get('cache-control'), /immutable/);
  assert.equal((await data.json()).title, 'Welcome to FDC3 2.2');
});

test('requests outside the site folder are refused', async () => {
  for (const path of ['/../Cargo.toml', '/%2e%2e/Cargo.toml', '/%252e%252e/Cargo.toml', '/..%5cCargo.toml']) {
    const res = await fetch(ctx.server.base + path);
    assert.equal(res.status, 404, path);
  }
  const post = await fetch(ctx.server.base + '/', { method: 'POST' });
  assert.equal(post.status, 405);
});
