// Routing (SPEC §2 "Routing behaviour", §4 page load, §9 progress bar): address
// normalisation, data loaded before the next page renders, prefetching, scrolling, the
// progress bar, the spinner, and what readers see when loading fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, recordChunkRequests, siteChunks, sleep, unexpected, useSite, waitForApp } from '../lib.mjs';

let routes;
const ctx = useSite({
  shell: true,
  async setup({ server }) {
    ({ routes } = await siteChunks(server.base));
  },
});

const chunkOf = (path) => routes.routes[path].chunk;

/** The theme's delay before a spinner replaces a page whose data is late (`ClientApp.tsx`). */
const SPINNER_DELAY_MS = 1000;

/** Opens the intro page and waits until the client has hydrated. */
async function openIntro(opts) {
  const opened = await openPage(ctx.browser, opts);
  await opened.page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await waitForApp(opened.page);
  await opened.page.evaluate(() => (window.__sameDocument = true));
  return opened;
}

const footerLink = (page, name) => page.locator('footer').getByRole('link', { name, exact: true });

test('an address ending in .html or /index.html is normalised by the client (static hosts serve both)', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  const html = await (await fetch(ctx.server.base + '/docs/why-fdc3')).text();
  // A static host answers the suffixed address with the page itself (docsite serve redirects).
  for (const suffixed of ['/docs/why-fdc3.html', '/docs/why-fdc3/index.html']) {
    await page.route(ctx.server.base + suffixed, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
    await page.goto(ctx.server.base + suffixed, { waitUntil: 'networkidle' });
    assert.equal(new URL(page.url()).pathname, '/docs/why-fdc3', suffixed);
    assert.equal(await page.locator('h1').first().textContent(), 'Why FDC3?');
  }
  const res = await fetch(ctx.server.base + '/docs/why-fdc3/index.html', { redirect: 'manual' });
  assert.equal(res.headers.get('location'), '/docs/why-fdc3', 'the server redirects too');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the next page renders only once its data has loaded; until then the old page stays', async () => {
  const { page, context, problems } = await openIntro();
  // The data is held until the test lets it go, and the page notes with its own clock when
  // the click happened and when the spinner or another page showed: how busy the machine
  // is changes nothing.
  let requested;
  const dataRequested = new Promise((resolve) => (requested = resolve));
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(ctx.server.base + chunkOf('/users'), async (route) => {
    requested();
    await held;
    await route.continue();
  });
  await page.evaluate(() => {
    const times = (window.__times = {});
    const oldTitle = document.querySelector('main h1')?.textContent;
    const spinner = () => [...document.querySelectorAll('[role="status"]')].some((s) => s.textContent.includes('Loading'));
    times.spinnerAtStart = spinner();
    document.addEventListener('click', () => (times.click ??= performance.now()), true);
    new MutationObserver(() => {
      const now = performance.now();
      if (spinner()) times.spinner ??= now;
      if (document.querySelector('main h1')?.textContent !== oldTitle) times.oldPageGone ??= now;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await footerLink(page, 'Users').click();
  await dataRequested;
  await page.waitForURL('**/users'); // the address changes at once, before the data is there
  await page.evaluate(() => (window.__times.released = performance.now()));
  release();
  await page.locator('main h1', { hasText: 'Who is using FDC3?' }).waitFor();
  const times = await page.evaluate(() => window.__times);
  assert.equal(times.spinnerAtStart, false);
  // Only the spinner may replace the old page before the data is there, and only after its delay.
  if (times.spinner !== undefined) assert.ok(times.spinner - times.click >= SPINNER_DELAY_MS, `no spinner before its delay (${times.spinner - times.click} ms)`);
  assert.ok(times.oldPageGone >= times.released || (times.spinner !== undefined && times.oldPageGone >= times.spinner), 'old page until the data is loaded (or the spinner shows)');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'client-side navigation');
  assert.deepEqual(problems, []);
  await context.close();
});

test('when the server answers without the next page\'s data, a warning is logged and the page reloads', async () => {
  const { page, context, problems } = await openIntro();
  let documentRequested = false;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === '/users') documentRequested = true;
  });
  // Gone after a redeploy: 404 until the reader's browser loads fresh HTML.
  await page.route(ctx.server.base + chunkOf('/users'), (route) =>
    documentRequested ? route.continue() : route.fulfill({ status: 404, body: 'not found' }),
  );
  const loaded = page.waitForEvent('load');
  await footerLink(page, 'Users').click();
  await loaded;
  await page.locator('main h1', { hasText: 'Who is using FDC3?' }).waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), undefined, 'the document was reloaded');
  assert.equal(new URL(page.url()).pathname, '/users');
  const warnings = problems.filter((p) => /Could not load the data of \/users; reloading the page/.test(p));
  assert.equal(warnings.length, 1, problems.join('\n'));
  assert.deepEqual(unexpected(problems, /reloading the page/, /404 \(Not Found\)/), []);
  await context.close();
});

test('hovering a link prefetches its data', async () => {
  const { page, context } = await openPage(ctx.browser);
  // Without IntersectionObserver there is no prefetch on visibility: only hover is left.
  await page.addInitScript(() => delete window.IntersectionObserver);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  const requests = recordChunkRequests(page);
  await footerLink(page, 'Users').scrollIntoViewIfNeeded();
  await sleep(200);
  assert.ok(!requests.includes(chunkOf('/users')), 'not fetched before the hover');
  const prefetched = page.waitForRequest(ctx.server.base + chunkOf('/users'));
  await footerLink(page, 'Users').hover();
  await prefetched;
  await context.close();
});

test('a link that scrolls into view prefetches its data', async () => {
  const { page, context } = await openIntro();
  const requests = recordChunkRequests(page);
  await sleep(200);
  assert.ok(!requests.includes(chunkOf('/users')), 'the footer is below the fold');
  const prefetched = page.waitForRequest(ctx.server.base + chunkOf('/users'));
  await page.mouse.move(5, 5);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await prefetched;
  await context.close();
});

for (const [name, connection] of [
  ['a data-saver connection', { saveData: true, effectiveType: '4g' }],
  ['a 2g connection', { saveData: false, effectiveType: '2g' }],
  ['a slow-2g connection', { saveData: false, effectiveType: 'slow-2g' }],
]) {
  test(`nothing is prefetched on ${name}, and links still work`, async () => {
    const { page, context, problems } = await openPage(ctx.browser);
    await page.addInitScript((value) => {
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => value });
    }, connection);
    await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
    const requests = recordChunkRequests(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await footerLink(page, 'Users').hover();
    await sleep(400);
    assert.deepEqual(requests, [], 'no chunk fetched by visibility or hover');
    await footerLink(page, 'Users').click();
    await page.locator('main h1', { hasText: 'Who is using FDC3?' }).waitFor();
    assert.deepEqual(requests, [chunkOf('/users')], 'fetched on click');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('after navigation the page scrolls to the hash target, or to the top without one', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.shell.base + '/', { waitUntil: 'networkidle' });
  await page.locator('main').getByRole('link', { name: 'long guide' }).click();
  await page.waitForURL('**/docs/guides/long#section-3');
  const heading = page.locator('h2#section-3');
  await heading.waitFor();
  const top = await heading.evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 120, `section 3 is at the top of the viewport (${top})`);
  assert.ok((await page.evaluate(() => window.scrollY)) > 500, 'scrolled down to it');
  await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: 'First guide' }).click();
  await page.locator('main h1', { hasText: 'First guide' }).waitFor();
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'a page without a hash starts at the top');
  // Back restores where the reader was.
  await page.goBack();
  await page.locator('main h1', { hasText: 'Long guide' }).waitFor();
  assert.ok((await page.evaluate(() => window.scrollY)) > 500, 'back restores the position');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the progress bar appears only when a navigation takes over 200 ms, with the nprogress defaults', async () => {
  const { page, context, problems } = await openIntro();
  // The bar's code is fetched when the page is idle; wait for it so timings are the bar's own.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /nprogress/.test(e.name)));
  await page.route(ctx.server.base + chunkOf('/users'), async (route) => {
    await sleep(1500);
    await route.continue();
  });
  // Both times are taken in the page, the click's and the bar's: the test's own clock, across
  // the protocol, lags by tens of milliseconds when the machine is busy.
  await page.evaluate(() => {
    window.__times = {};
    document.addEventListener('click', () => (window.__times.click ??= performance.now()), { capture: true });
    new MutationObserver(() => {
      if (document.getElementById('nprogress')) window.__times.bar ??= performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await footerLink(page, 'Users').click();
  await page.locator('#nprogress .bar').waitFor({ state: 'attached' });
  const times = await page.evaluate(() => window.__times);
  const appearedAfter = Math.round(times.bar - times.click);
  assert.ok(appearedAfter >= 200, `no bar before 200 ms: it appeared ${appearedAfter} ms after the click`);
  const style = await page.locator('#nprogress .bar').getAttribute('style');
  assert.match(style, /translate3d\(-92%, 0px, 0px\)|translate3d\(-92%,0,0\)/, `starts at minimum 0.08: ${style}`);
  assert.match(style, /transition: [^;]*\b200ms\b/, `speed 200 ms: ${style}`);
  assert.equal(await page.locator('#nprogress .spinner').count(), 0, 'no nprogress spinner');
  // It trickles (every 800 ms) while waiting.
  await sleep(900);
  const later = await page.locator('#nprogress .bar').getAttribute('style');
  assert.notEqual(later.match(/translate3d\([^)]*\)/)[0], style.match(/translate3d\([^)]*\)/)[0], 'the bar moved on');
  await page.locator('main h1', { hasText: 'Who is using FDC3?' }).waitFor();
  await page.locator('#nprogress').waitFor({ state: 'detached' });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a fast navigation and a same-page anchor show no progress bar', async () => {
  const { page, context, problems } = await openIntro();
  let seen = false;
  await page.exposeFunction('__barSeen', () => (seen = true));
  await page.evaluate(() =>
    new MutationObserver(() => document.getElementById('nprogress') && window.__barSeen()).observe(document.body, {
      childList: true,
    }),
  );
  await page.locator('a[href="#motivation"]:visible').first().click();
  await page.waitForURL('**#motivation');
  await footerLink(page, 'Users').click();
  await page.locator('main h1', { hasText: 'Who is using FDC3?' }).waitFor();
  await sleep(400);
  assert.equal(seen, false);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a slow page shows a spinner after a delay, then the page', async () => {
  const { page, context, problems } = await openIntro();
  await page.route(ctx.server.base + chunkOf('/users'), async (route) => {
    await sleep(2500);
    await route.continue();
  });
  const started = Date.now();
  await footerLink(page, 'Users').click();
  await sleep(500);
  assert.equal(await page.getByRole('status').count(), 0, 'no spinner yet');
  await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor();
  const after = Date.now() - started;
  assert.ok(after >= 900 && after < 2400, `spinner after ${after} ms`);
  assert.equal(await page.locator('main h1').count(), 0, 'the stale page is gone');
  await page.locator('main h1', { hasText: 'Who is using FDC3?' }).waitFor();
  assert.equal(await page.getByRole('status').count(), 0, 'spinner gone');
  assert.deepEqual(problems, []);
  await context.close();
});

test('when the network fails, the error shows with Retry, and Retry works once the network is back', async () => {
  const { page, context, problems } = await openIntro();
  let online = false;
  let attempts = 0;
  await page.route(ctx.server.base + chunkOf('/users'), async (route) => {
    attempts += 1;
    if (online) return route.continue();
    await sleep(1500);
    return route.abort('internetdisconnected');
  });
  await footerLink(page, 'Users').click();
  const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' });
  await alert.waitFor();
  assert.match(await alert.textContent(), /Failed to fetch/);
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload: it would only show the browser error page');
  // Still offline: Retry goes back to loading (spinner after its delay), then the error again.
  await alert.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('button', { name: 'Retrying…' }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor();
  await page.getByRole('button', { name: 'Retry' }).waitFor();
  // Back online.
  online = true;
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.locator('main h1', { hasText: 'Who is using FDC3?' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/users');
  assert.ok(attempts >= 3, `${attempts} requests`);
  assert.equal(await page.evaluate(() => window.__sameDocument), true);
  assert.deepEqual(unexpected(problems, /Could not load the data of \/users/, /ERR_INTERNET_DISCONNECTED/), []);
  await context.close();
});

test('when a page cannot load its own data, it stays readable with the error and a Retry that works', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  let online = false;
  const intro = await siteChunks(ctx.server.base, '/docs/fdc3-intro');
  await page.route(ctx.server.base + intro.boot.page, (route) => (online ? route.continue() : route.abort('internetdisconnected')));
  await page.goto(ctx.server.base + '/docs/fdc3-intro');
  const bar = page.getByRole('alert').filter({ hasText: 'This page could not load its data' });
  await bar.waitFor();
  assert.equal(await page.locator('main h1').first().textContent(), 'Welcome to FDC3 2.2', 'the pre-rendered page stays');
  online = true;
  await bar.getByRole('button', { name: 'Retry' }).click();
  await bar.waitFor({ state: 'detached' });
  // Hydrated: links now navigate client-side.
  await waitForApp(page);
  await page.evaluate(() => (window.__sameDocument = true));
  await page.locator('nav a', { hasText: 'Why FDC3?' }).first().click();
  await page.locator('main h1', { hasText: 'Why FDC3?' }).waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), true);
  assert.deepEqual(unexpected(problems, /The page could not start/, /ERR_INTERNET_DISCONNECTED/, /preload/), []);
  await context.close();
});
