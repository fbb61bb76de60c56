// The error catalogue (SPEC §8): the crash screen and its "Page Error" title, the
// not-found page on client navigation, the base-URL banner, and storage that throws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, siteChunks, unexpected, useSite, waitForApp } from '../lib.mjs';

let routes;
const ctx = useSite({
  async setup({ server }) {
    ({ routes } = await siteChunks(server.base));
  },
});

const CRASH_LOGS = [/A component crashed/, /The above error occurred/, /heading could not be measured/, /Cannot read properties of null/];

test('a page that crashes shows "This page crashed." with the message and its causes; "Try again" renders it again', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  const target = await (await fetch(ctx.server.base + routes.routes['/docs/why-fdc3'].chunk)).json();
  const headingId = target.toc[0].id;
  // Make the next page throw while it measures its headings (an effect inside the page),
  // with an error that has a cause chain, until the test says otherwise.
  await page.evaluate((id) => {
    window.__crash = true;
    const original = Document.prototype.getElementById;
    Document.prototype.getElementById = function (wanted) {
      if (window.__crash && wanted === id) {
        throw new Error('The heading could not be measured', {
          cause: new Error('No layout for the table of contents', { cause: new RangeError('Offset out of range') }),
        });
      }
      return original.call(this, wanted);
    };
  }, headingId);
  await page.locator('nav[aria-label="Docs sidebar"] a', { hasText: 'Why FDC3?' }).click();
  const crash = page.getByRole('alert').filter({ hasText: 'This page crashed.' });
  await crash.waitFor();
  assert.equal(await crash.locator('h1').textContent(), 'This page crashed.');
  const text = await crash.textContent();
  assert.match(text, /The heading could not be measured/);
  assert.match(text, /Cause: No layout for the table of contents/);
  assert.match(text, /Cause: Offset out of range/);
  assert.equal(await page.title(), 'Page Error');
  assert.ok(await page.locator('nav[aria-label="Main"]').isVisible(), 'the navbar is still there');
  await page.evaluate(() => (window.__crash = false));
  await crash.getByRole('button', { name: 'Try again' }).click();
  await page.locator('main h1', { hasText: 'Why FDC3?' }).waitFor();
  assert.equal(await crash.count(), 0);
  assert.match(await page.title(), /^Why FDC3\? \| FDC3$/);
  assert.deepEqual(unexpected(problems, ...CRASH_LOGS), []);
  await context.close();
});

test('a page whose data cannot be rendered shows the crash screen, and other pages still work', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  const chunk = routes.routes['/docs/why-fdc3'].chunk;
  const data = await (await fetch(ctx.server.base + chunk)).json();
  await page.route(ctx.server.base + chunk, (route) => route.fulfill({ json: { ...data, toc: null } }));
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await page.locator('nav[aria-label="Docs sidebar"] a', { hasText: 'Why FDC3?' }).click();
  const crash = page.getByRole('alert').filter({ hasText: 'This page crashed.' });
  await crash.waitFor();
  assert.match(await crash.textContent(), /Cannot read properties of null/);
  await page.locator('nav[aria-label="Main"]').getByRole('link', { name: 'Community' }).click();
  await page.waitForURL('**/community');
  await page.locator('main h1').first().waitFor();
  assert.equal(await crash.count(), 0);
  assert.deepEqual(unexpected(problems, ...CRASH_LOGS), []);
  await context.close();
});

test('a client navigation to an unknown path shows the not-found page', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await waitForApp(page);
  await page.evaluate(() => {
    window.__sameDocument = true;
    history.pushState(null, '', '/docs/no-such-page');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.locator('main h1', { hasText: 'Page Not Found' }).waitFor();
  assert.match(await page.locator('main').textContent(), /We could not find what you were looking for/);
  assert.equal(await page.evaluate(() => window.__sameDocument), true);
  assert.ok(await page.locator('nav[aria-label="Main"]').isVisible(), 'with the navbar');
  await page.goBack();
  await page.locator('main h1', { hasText: 'Welcome to FDC3 2.2' }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

/** Serves the site under /sub/ only, as a host would after deploying with the wrong baseUrl. */
async function underSubPath(page) {
  await page.route(
    (url) => url.hostname === '127.0.0.1',
    async (route) => {
      const url = new URL(route.request().url());
      if (!url.pathname.startsWith('/sub/')) return route.fulfill({ status: 404, body: 'Not found' });
      const response = await route.fetch({ url: `${ctx.server.base}${url.pathname.slice(4)}${url.search}` });
      return route.fulfill({ response });
    },
  );
}

for (const [address, label] of [['/sub/', 'home page'], ['/sub/docs/fdc3-intro', 'doc page']]) {
  test(`served under a path the configuration does not expect, the ${label} shows the base-URL banner with a suggestion`, async () => {
    // The theme's files are not where the page looks for them: no app starts to wait for.
    const { page, context, problems } = await openPage(ctx.browser, { waitForApp: false });
    await underSubPath(page);
    await page.goto(ctx.server.base + address, { waitUntil: 'load' });
    const banner = page.getByRole('alert').filter({ hasText: 'Your Docusaurus site did not load properly.' });
    await banner.waitFor();
    const text = await banner.textContent();
    assert.match(text, /A very common reason is a wrong site baseUrl configuration\./);
    assert.match(text, /Current configured baseUrl = \/ \(default value\)/);
    assert.match(text, /We suggest trying baseUrl = \/sub\//);
    // The theme's own files are missing there, so only the inline script could have said so.
    assert.deepEqual(unexpected(problems, /404 \(Not Found\)/), []);
    await context.close();
  });
}

test('served where the configuration expects, no banner shows', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  for (const address of [
    '/',
    '/docs/fdc3-intro',
    '/docs/fdc3-intro/',
    '/docs',
    '/docs/next',
    '/docs/use-cases/',
    '/docs/use-cases/meeting-minutes/2020-01-16%20uc-wg%20meeting%20notes',
    '/docs/no-such-page',
  ]) {
    await page.goto(ctx.server.base + address, { waitUntil: 'networkidle' });
    assert.equal(await page.getByText('Your Docusaurus site did not load properly.').count(), 0, address);
  }
  assert.deepEqual(unexpected(problems, /404 \(Not Found\)/), []);
  await context.close();
});

test('when localStorage throws, the site works without persistence and warns once', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
  await toggle.click();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the switch still works');
  const versions = page.getByRole('button', { name: 'Docs version: 2.2' });
  await versions.click();
  await page.locator('nav[aria-label="Main"] ul').getByRole('link', { name: '2.0', exact: true }).click();
  await page.waitForURL('**/docs/2.0/fdc3-intro');
  await page.getByRole('button', { name: 'Docs version: 2.0' }).waitFor();
  const warnings = problems.filter((p) => p.includes('localStorage is unavailable'));
  assert.equal(warnings.length, 1, problems.join('\n'));
  assert.deepEqual(unexpected(problems, /localStorage is unavailable/), []);
  await page.reload({ waitUntil: 'networkidle' });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light', 'nothing was remembered');
  await context.close();
});
