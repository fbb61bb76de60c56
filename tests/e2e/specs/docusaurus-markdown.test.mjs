// Docusaurus Markdown constructs as a reader meets them (issue 22, items 7-10), on the
// engine's `fixtures/compat` site: pathname:/// links load the file as a document, JSX
// attributes become real attributes, admonitions stay inside their list items, code
// blocks show line numbers and magic-comment highlights, tabs take their labels from
// `values`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSite, waitForApp } from '../lib.mjs';

const ctx = useSite({ fixture: 'compat' });

test('a pathname:/// link is a plain link to the static file, loaded as a document', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/links', { waitUntil: 'networkidle' });
  const link = page.locator('main').getByRole('link', { name: 'rendered page' });
  assert.equal(await link.getAttribute('href'), '/schemas/v1/index.html#top');
  assert.equal(await link.getAttribute('target'), null, 'same tab');
  await waitForApp(page);
  await page.evaluate(() => {
    window.__stillHere = true;
  });
  // The server answers /x/index.html with a redirect to /x.
  await Promise.all([page.waitForURL(/\/schemas\/v1(\/index\.html)?#top$/), link.click()]);
  assert.equal(await page.evaluate(() => window.__stillHere ?? false), false, 'a new document, not a client-side route');
  assert.match(await page.locator('body').innerText(), /static/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('JSX attributes render as attributes and no JSX is shown as text', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/guide/jsx', { waitUntil: 'networkidle' });
  const badge = page.locator('main img[alt="Badge"]');
  assert.equal(await badge.getAttribute('src'), '/img/badge.png');
  assert.equal(await badge.evaluate((img) => getComputedStyle(img).width), '200px');
  const diagram = page.locator('main img[alt="Diagram"]');
  assert.match(await diagram.getAttribute('src'), /^\/assets\/images\/[0-9a-f]+-diagram\.png$/);
  assert.ok(await diagram.evaluate((img) => img.complete && img.naturalWidth > 0), 'the copied image loads');
  const text = await page.locator('main').innerText();
  assert.doesNotMatch(text, /require\(|useBaseUrl|style=|\/\*/);
  assert.match(text, /\{not an expression\}/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('admonitions stay inside their list items and every type has its own title', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/guide/admonitions', { waitUntil: 'networkidle' });
  assert.equal(await page.locator('main ol > li > .theme-admonition-warning').count(), 1);
  assert.equal(await page.locator('main ol > li ul > li > .theme-admonition-tip').count(), 1);
  for (const kind of ['important', 'success', 'secondary', 'caution']) {
    const box = page.locator(`main .theme-admonition-${kind}`);
    assert.equal(await box.count(), 1, kind);
    assert.match(await box.innerText(), new RegExp(`^${kind}`, 'i'));
  }
  const colours = await page.locator('main .theme-admonition').evaluateAll((boxes) => boxes.map((b) => getComputedStyle(b).borderInlineStartColor));
  assert.ok(new Set(colours).size >= 5, `distinct accents: ${colours}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('code blocks number their lines and highlight the lines magic comments mark', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/guide/code', { waitUntil: 'networkidle' });
  const blocks = page.locator('main pre code');
  // The numbers are a CSS counter (never copied): reset before the first line, one per line.
  const first = await blocks.nth(0).evaluate((code) => Array.from(code.querySelectorAll('.line'), (l) => [getComputedStyle(l, '::before').content, l.classList.contains('highlighted'), l.textContent]));
  assert.deepEqual(first, [
    ['counter(line)', false, 'const a = 1;'],
    ['counter(line)', true, 'const b = 2;'],
    ['counter(line)', false, 'const c = 3;'],
  ]);
  assert.equal(await blocks.nth(0).evaluate((code) => getComputedStyle(code).counterReset), 'line 0');
  assert.equal(await blocks.nth(1).evaluate((code) => getComputedStyle(code).counterReset), 'line 9', 'showLineNumbers=10');
  const third = await blocks.nth(2).evaluate((code) => getComputedStyle(code.querySelector('.line'), '::before').content);
  assert.equal(third, 'none', 'no numbers without showLineNumbers');
  const tabs = await page.locator('main [role="tab"]').allInnerTexts();
  assert.deepEqual(tabs, ['Apple', 'Orange']);
  assert.match(await page.locator('main [role="tabpanel"]:visible').innerText(), /This is an apple\./);
  assert.deepEqual(problems, []);
  await context.close();
});

test('an iframe from an origin of security.frameSrc is shown and the page CSP allows that origin', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  // openPage answers every request that leaves 127.0.0.1 itself: the video is never fetched.
  const framed = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document' && r.url().startsWith('https://www.youtube-nocookie.com/')) framed.push(r.url());
  });
  const response = await page.goto(ctx.server.base + '/docs/guide/jsx', { waitUntil: 'networkidle' });
  const csp = response.headers()['content-security-policy'] ?? '';
  assert.match(csp, /(^|; )frame-src 'self' https:\/\/www\.youtube-nocookie\.com(;|$)/, csp);
  const frame = page.locator('main iframe');
  assert.equal(await frame.count(), 1);
  assert.equal(await frame.getAttribute('src'), 'https://www.youtube-nocookie.com/embed/fdc3-demo');
  assert.equal(await frame.getAttribute('title'), 'A demo');
  assert.equal(await frame.getAttribute('srcdoc'), null);
  // `loading="lazy"`: the frame is requested once it comes near the viewport.
  await frame.scrollIntoViewIfNeeded();
  for (let i = 0; i < 50 && framed.length === 0; i++) await page.waitForTimeout(100);
  assert.deepEqual(framed, ['https://www.youtube-nocookie.com/embed/fdc3-demo'], 'the browser was allowed to request the frame');
  assert.deepEqual(problems, [], 'no CSP violation or hydration warning');
  await context.close();
});

test('at 400 px a wide iframe shrinks to the column, keeping its shape, and nothing scrolls sideways', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 400 });
  await page.goto(ctx.server.base + '/docs/guide/jsx', { waitUntil: 'networkidle' });
  const frame = page.locator('main iframe');
  assert.equal(await frame.getAttribute('width'), '560', 'the fixture frame is wider than the column');
  const [box, column] = await Promise.all([frame.boundingBox(), page.locator('main .markdown').boundingBox()]);
  assert.ok(box.x >= column.x && box.x + box.width <= column.x + column.width + 0.5, `frame ${JSON.stringify(box)} inside the column ${JSON.stringify(column)}`);
  assert.ok(Math.abs(box.width / box.height - 560 / 315) < 0.02, `16:9 kept: ${box.width} x ${box.height}`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scroll');
  assert.deepEqual(problems, []);
  await context.close();
});

test('DocCardList on a category page shows a linked card for each page of the category', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/guide', { waitUntil: 'networkidle' });
  const cards = page.locator('main section:has(h3)');
  const titles = await cards.locator('h3').allInnerTexts();
  assert.deepEqual(titles.map((t) => t.trim()), ['Admonitions', 'Code blocks', 'JSX in Markdown']);
  const jsx = cards.filter({ hasText: 'JSX in Markdown' });
  assert.equal(await jsx.getByRole('link').getAttribute('href'), '/docs/guide/jsx');
  assert.match(await jsx.innerText(), /A diagram next to the doc/, "the doc's first paragraph");
  // A first paragraph inside an admonition or a tab is read without its `:::` lines or tags.
  assert.match(await cards.filter({ hasText: 'Admonitions' }).innerText(), /Indented two spaces, outside any list\.$/);
  assert.match(await cards.filter({ hasText: 'Code blocks' }).innerText(), /This is an apple\.$/);
  assert.doesNotMatch(await cards.allInnerTexts().then((t) => t.join('\n')), /:::|<Tabs|defaultValue/);
  await jsx.getByRole('link').click();
  await page.waitForURL('**/docs/guide/jsx');
  assert.deepEqual(problems, []);
  await context.close();
});
