// Raw HTML as Docusaurus content writes it (issue 35 item 5), on the engine's
// `fixtures/docusaurus-raw-html`: what the reader sees of old and embed-code HTML, Markdown
// between HTML tags, an admonition inside `<details>`, links to files in `static/`, and an
// iframe the Docusaurus config could not list, which the pages' CSP allows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSite } from '../lib.mjs';

const ctx = useSite({ fixture: 'docusaurus-raw-html' });
const DOC = '/docs/firing';

async function open() {
  const opened = await openPage(ctx.browser);
  await opened.page.goto(ctx.server.base + DOC, { waitUntil: 'networkidle' });
  return opened;
}

test('old HTML looks as in Docusaurus: a centred line, a floated image, data attributes kept', async () => {
  const { page, context, problems } = await open();
  const article = page.locator('main .markdown');
  assert.equal(await article.locator('center').evaluate((el) => getComputedStyle(el).textAlign), '-webkit-center');
  const image = article.locator('img[alt="A kiln"]');
  assert.equal(await image.evaluate((el) => getComputedStyle(el).float), 'right');
  assert.equal(await article.locator('[data-stage="bisque"]').getAttribute('data-cone'), '04');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Markdown between HTML tags is read, and an admonition inside <details> opens with it', async () => {
  const { page, context, problems } = await open();
  const details = page.locator('main .markdown details');
  const summary = details.locator('summary');
  assert.equal(await summary.locator('em').innerText(), 'slowly');
  assert.equal(await summary.locator('strong').innerText(), 'first');
  const warning = details.locator('.theme-admonition-warning');
  assert.equal(await warning.isVisible(), false, 'closed details hide the admonition');
  await summary.click();
  await warning.waitFor({ state: 'visible' });
  assert.match(await warning.innerText(), /Steam that cannot escape/);
  // In the `.md` page (CommonMark under `format: 'detect'`) the same markup is text.
  await page.goto(ctx.server.base + '/docs/glazes', { waitUntil: 'networkidle' });
  assert.equal(await page.locator('main .markdown summary').innerText(), 'Keep _underscores_ as written');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a Markdown link to a file beside the page is published with it', async () => {
  const html = await (await fetch(ctx.server.base + '/docs/glazes')).text();
  const href = html.match(/href="(\/assets\/files\/[^"]*fire\.sh)"/)?.[1];
  assert.ok(href, 'the link points at the published file');
  assert.match(await (await fetch(ctx.server.base + href)).text(), /kiln at cone 6/);
});

test('a link to a file in static/ loads the file, not the not-found page', async () => {
  const { page, context, problems } = await open();
  await page.locator('main .markdown a', { hasText: 'firing schedule' }).click();
  await page.waitForURL(/\/files\/schedule\.html$/);
  assert.equal(await page.locator('h1').innerText(), 'Printed firing schedule');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the iframe\'s origin, which a Docusaurus config cannot list, is allowed by the pages\' CSP', async () => {
  const response = await fetch(ctx.server.base + DOC);
  const csp = response.headers.get('content-security-policy') ?? '';
  assert.match(csp, /frame-src 'self' https:\/\/www\.youtube-nocookie\.com(;|$)/, csp);
  const { page, context, problems } = await open();
  const frame = page.locator('main iframe');
  assert.equal(await frame.getAttribute('sandbox'), 'allow-scripts allow-same-origin');
  assert.ok(page.frames().some((f) => f.url().startsWith('https://www.youtube-nocookie.com/embed/kiln')), 'the frame loaded');
  assert.deepEqual(problems, [], 'no CSP violation');
  await context.close();
});
