// Analytics and third-party scripts (SPEC §7): with `[gtag]` configured (the shell
// fixture), gtag.js loads async and every client navigation that changes the path,
// query or hash sends a page view, with IP anonymisation; the FDC3 site does so with the
// standard's own measurement id; built with DOCSITE_ANALYTICS=off, nothing of the kind
// loads. The third-party buttons script loads async and a slow or
// failing one never holds up or breaks the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, serveFixture, sleep, unexpected, useSite, waitForApp } from '../lib.mjs';

const ctx = useSite({ shell: true });

/** gtag's queue as plain arrays (gtag.js itself is stubbed: the test runs offline). */
const dataLayer = (page) => page.evaluate(() => (window.dataLayer ?? []).map((args) => JSON.parse(JSON.stringify(Array.from(args)))));
const pageViews = async (page) =>
  (await dataLayer(page)).filter((args) => args[0] === 'event' && args[1] === 'page_view').map((args) => args[2].page_path);

test('with a tracking id, gtag.js loads async and is configured with IP anonymisation', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  const loaded = page.waitForRequest((r) => r.url().startsWith('https://www.googletagmanager.com/gtag/js?id=G-SHELLTEST'));
  await page.goto(ctx.shell.base + '/docs/intro', { waitUntil: 'networkidle' });
  await loaded;
  assert.equal(await page.locator('script[src^="https://www.googletagmanager.com/gtag/js"]').getAttribute('async'), '');
  const calls = await dataLayer(page);
  assert.deepEqual(calls[0][0], 'js');
  assert.deepEqual(calls[1], ['config', 'G-SHELLTEST', { anonymize_ip: true }]);
  assert.deepEqual(await pageViews(page), [], 'the first page view is the config call itself');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a page view is sent on every navigation that changes the path, the query or the hash', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.shell.base + '/docs/intro', { waitUntil: 'networkidle' });
  await waitForApp(page);
  await page.evaluate(() => (window.__sameDocument = true));
  // Path.
  await page.locator('main').getByRole('link', { name: 'first guide', exact: true }).click();
  await page.locator('main h1', { hasText: 'First guide' }).waitFor();
  await page.waitForFunction(() => window.dataLayer.some((a) => a[1] === 'page_view'));
  assert.deepEqual(await pageViews(page), ['/docs/guides/first']);
  const view = (await dataLayer(page)).find((args) => args[1] === 'page_view')[2];
  assert.equal(view.page_title, 'First guide | Shell');
  assert.equal(view.page_location, `${ctx.shell.base}/docs/guides/first`);
  assert.ok((await dataLayer(page)).some((args) => args[0] === 'set' && args[1] === 'page_path' && args[2] === '/docs/guides/first'));
  // Hash.
  await page.locator('a[href="#steps"]:visible').first().click();
  await page.waitForFunction(() => window.dataLayer.filter((a) => a[1] === 'page_view').length === 2);
  // Query.
  await page.evaluate(() => {
    history.pushState(null, '', '/docs/guides/first?tab=2#steps');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.waitForFunction(() => window.dataLayer.filter((a) => a[1] === 'page_view').length === 3);
  // The same address again: nothing new.
  await page.evaluate(() => {
    history.pushState(null, '', '/docs/guides/first?tab=2#steps');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await sleep(400);
  assert.deepEqual(await pageViews(page), ['/docs/guides/first', '/docs/guides/first#steps', '/docs/guides/first?tab=2#steps']);
  assert.equal(await page.evaluate(() => window.__sameDocument), true);
  assert.deepEqual(problems, []);
  await context.close();
});

test('when gtag.js is blocked, navigation still works and page views queue up', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.route(/googletagmanager\.com/, (route) => route.abort('blockedbyclient'));
  await page.goto(ctx.shell.base + '/docs/intro', { waitUntil: 'networkidle' });
  await page.locator('main').getByRole('link', { name: 'first guide', exact: true }).click();
  await page.locator('main h1', { hasText: 'First guide' }).waitFor();
  await page.waitForFunction(() => window.dataLayer.some((a) => a[1] === 'page_view'));
  assert.deepEqual(unexpected(problems, /ERR_BLOCKED_BY_CLIENT/), []);
  await context.close();
});

test('the FDC3 site sends page views to the standard\'s measurement id, with IP anonymisation', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  const loaded = page.waitForRequest((r) => r.url().startsWith('https://www.googletagmanager.com/gtag/js?id=G-EY9BQJ55YQ'));
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await loaded;
  assert.deepEqual((await dataLayer(page))[1], ['config', 'G-EY9BQJ55YQ', { anonymize_ip: true }]);
  await page.locator('nav a', { hasText: 'Why FDC3?' }).first().click();
  await page.locator('main h1', { hasText: 'Why FDC3?' }).waitFor();
  await page.waitForFunction(() => window.dataLayer.some((a) => a[1] === 'page_view'));
  assert.deepEqual(await pageViews(page), ['/docs/why-fdc3']);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('DOCSITE_ANALYTICS=off at build time: no analytics code or request is made', async () => {
  const server = await serveFixture('shell', { env: { DOCSITE_ANALYTICS: 'off' } });
  const { page, context, problems } = await openPage(ctx.browser);
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  try {
    const html = await (await fetch(server.base + '/docs/intro')).text();
    assert.doesNotMatch(html, /googletagmanager/);
    await page.goto(server.base + '/docs/intro', { waitUntil: 'networkidle' });
    await page.locator('main').getByRole('link', { name: 'first guide', exact: true }).click();
    await page.locator('main h1', { hasText: 'First guide' }).waitFor();
    await sleep(300);
    assert.equal(await page.evaluate(() => typeof window.gtag), 'undefined');
    assert.equal(await page.evaluate(() => window.dataLayer), undefined);
    assert.deepEqual(requests.filter((url) => /googletagmanager|google-analytics|\/analytics-/.test(url)), []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    server.stop();
  }
});

test('the FDC3 site loads the GitHub buttons script async on every page', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  for (const path of ['/', '/docs/fdc3-intro', '/community']) {
    const html = await (await fetch(ctx.server.base + path)).text();
    assert.match(html, /<script src="https:\/\/buttons\.github\.io\/buttons\.js" async><\/script>/, path);
  }
  const requested = page.waitForRequest('https://buttons.github.io/buttons.js');
  await page.goto(ctx.server.base + '/', { waitUntil: 'networkidle' });
  await requested;
  assert.deepEqual(problems, []);
  await context.close();
});

test('a third-party script that never answers does not hold the page back', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.route('https://buttons.github.io/buttons.js', () => undefined); // never answered
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'domcontentloaded' });
  // The app starts once the page has painted, whatever the pending script (the load event never comes).
  await waitForApp(page, 5000);
  await page.evaluate(() => (window.__sameDocument = true));
  await page.locator('nav a', { hasText: 'Why FDC3?' }).first().click();
  await page.locator('main h1', { hasText: 'Why FDC3?' }).waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'hydrated and navigating client-side');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a third-party script that fails to load or throws does not break the page', async () => {
  for (const failure of ['abort', 'throw']) {
    const { page, context, problems } = await openPage(ctx.browser);
    await page.route('https://buttons.github.io/buttons.js', (route) =>
      failure === 'abort'
        ? route.abort('connectionrefused')
        : route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("buttons exploded")' }),
    );
    await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
    await waitForApp(page);
    await page.evaluate(() => (window.__sameDocument = true));
    await page.locator('nav a', { hasText: 'Why FDC3?' }).first().click();
    await page.locator('main h1', { hasText: 'Why FDC3?' }).waitFor();
    assert.equal(await page.evaluate(() => window.__sameDocument), true, failure);
    assert.deepEqual(unexpected(problems, /ERR_CONNECTION_REFUSED/, /buttons exploded/), [], failure);
    await context.close();
  }
});
