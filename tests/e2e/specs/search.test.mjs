// Search (issue 4): the built-in offline index through the modal and the search page, the
// SPEC §8 texts for no results and fetch failures, and the hosted (DocSearch) mode with its
// request intercepted in the browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { openPage, serveFixture, unexpected, useSite, waitForApp } from '../lib.mjs';

const ctx = useSite();

/** Opens the modal on `path` with Ctrl+K and types `query`; resolves once results or a message show. */
async function searchFrom(page, path, query) {
  await page.goto(ctx.server.base + path, { waitUntil: 'networkidle' });
  const input = page.getByRole('dialog', { name: 'Search' }).getByRole('searchbox', { name: 'Search' });
  // The shortcut works once the page has hydrated, which a large page under load may not
  // have done at network idle: press again until the dialog shows.
  for (let i = 0; i < 20 && !(await input.isVisible()); i++) {
    await page.keyboard.press('Control+k');
    await input.waitFor({ timeout: 1000 }).catch(() => {});
  }
  await input.waitFor();
  assert.equal(await input.getAttribute('placeholder'), 'Search docs');
  await input.fill(query);
  return input;
}

test('the first view loads no search code; hovering the search box preloads the index', async () => {
  const { page, context } = await openPage(ctx.browser);
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  assert.ok(!requests.some((p) => p.startsWith('/pagefind/')), 'no index request on load');
  const button = page.getByRole('button', { name: 'Search', exact: true });
  assert.equal((await button.innerText()).split('\n')[0].trim(), 'Search', 'button label');
  await button.hover();
  await page.waitForRequest((r) => r.url().endsWith('/pagefind/pagefind.js'));
  await context.close();
});

test('an API name lists the pages about it before pages that mention longer names built on it', async () => {
  const { page, context } = await openPage(ctx.browser);
  // Each query names a member of DesktopAgent; the Desktop Agent Communication Protocol page
  // mentions getInfoRequest, joinUserChannelRequest… many times and must not come first.
  for (const query of ['getInfo', 'joinUserChannel']) {
    await searchFrom(page, '/docs/fdc3-intro', query);
    const list = page.getByRole('listbox', { name: 'Search results' });
    await list.getByRole('option').first().waitFor();
    const first = await list.getByRole('option').first().getAttribute('href');
    assert.match(first, /^\/docs\/api\/ref\/DesktopAgent/, `${query}: first hit ${first}`);
    await page.keyboard.press('Escape');
  }
  await context.close();
});

test('Ctrl+K opens the modal; results are grouped by page with heading paths and excerpts; arrows and Enter open one', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await searchFrom(page, '/docs/fdc3-intro', 'createPrivateChannel');
  const list = page.getByRole('listbox', { name: 'Search results' });
  await list.getByRole('option').first().waitFor();
  const groups = await list.getByRole('group').count();
  assert.ok(groups >= 2, `results grouped by page (${groups} groups)`);
  const hrefs = await list.getByRole('option').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
  assert.ok(hrefs.some((h) => h.startsWith('/docs/api/ref/DesktopAgent#')), `a DesktopAgent heading hit: ${hrefs.join(' ')}`);
  assert.ok(await list.locator('mark').count() > 0, 'excerpts highlight the query');
  const paths = await list.getByRole('option').allTextContents();
  assert.ok(paths.some((t) => t.includes(' › ')), 'a hit shows its heading path');
  // The first option is selected; ArrowDown moves, Enter opens without a full reload.
  assert.equal(await list.getByRole('option').first().getAttribute('aria-selected'), 'true');
  await page.keyboard.press('ArrowDown');
  const second = list.getByRole('option').nth(1);
  assert.equal(await second.getAttribute('aria-selected'), 'true');
  const target = await second.getAttribute('href');
  await waitForApp(page);
  await page.evaluate(() => (window.__sameDocument = true));
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname + url.hash === target);
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'client-side navigation');
  assert.equal(await page.getByRole('dialog', { name: 'Search' }).count(), 0, 'the modal closed');
  assert.deepEqual(problems, []);
  await context.close();
});

test('"/" opens search except while typing; Escape and Cancel close it', async () => {
  const { page, context } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  // On the search page, "/" typed into its field stays in the field.
  await page.goto(ctx.server.base + '/search', { waitUntil: 'networkidle' });
  const field = page.locator('main').getByRole('searchbox', { name: 'Search' });
  await field.click();
  await page.keyboard.type('a/b');
  assert.equal(await field.inputValue(), 'a/b');
  assert.equal(await dialog.count(), 0);
  await context.close();
});

test('results come from the docs version being read, plus the site pages', async () => {
  const { page, context } = await openPage(ctx.browser);
  await searchFrom(page, '/docs/2.1/api/ref/DesktopAgent', 'joinUserChannel');
  const options = page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
  await options.first().waitFor();
  const hrefs = await options.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
  for (const href of hrefs) {
    assert.ok(href.startsWith('/docs/2.1/') || !href.startsWith('/docs'), `${href} is in 2.1 or a site page`);
  }
  await context.close();
});

test('a query without results shows the no-results help', async () => {
  const { page, context } = await openPage(ctx.browser);
  await searchFrom(page, '/docs/fdc3-intro', 'xylophonequokka');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByText('No results for').waitFor();
  assert.match(await dialog.textContent(), /No results for "xylophonequokka"/);
  assert.ok(await dialog.getByText('Try searching for').isVisible());
  assert.ok(await dialog.getByText('Believe this query should return results?').isVisible());
  const report = dialog.getByRole('link', { name: 'Let us know.' });
  assert.match(await report.getAttribute('href'), /^https:\/\/github\.com\/finos\/FDC3\/issues\/new\?.*xylophonequokka/);
  // A suggestion runs its query.
  await dialog.getByRole('button', { name: 'raiseIntent' }).click();
  await dialog.getByRole('option').first().waitFor();
  await context.close();
});

test('an unreachable index shows the fetch-failure texts', async () => {
  const { page, context } = await openPage(ctx.browser);
  await page.route('**/pagefind/**', (route) => route.abort('internetdisconnected'));
  await searchFrom(page, '/docs/fdc3-intro', 'intent');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByText('Unable to fetch results').waitFor();
  assert.ok(await dialog.getByText('You might want to check your network connection.').isVisible());
  await context.close();
});

test('"See all results" leads to the search page, whose field and ?q= stay in sync', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await searchFrom(page, '/docs/fdc3-intro', 'Instrument');
  const seeAll = page.getByRole('link', { name: /^See all \d+ results$/ });
  await seeAll.waitFor();
  const count = Number((await seeAll.textContent()).match(/\d+/)[0]);
  await seeAll.click();
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'Instrument');
  const main = page.locator('main');
  await main.getByText(`${count} results for "Instrument"`).waitFor();
  const field = main.getByRole('searchbox', { name: 'Search' });
  assert.equal(await field.inputValue(), 'Instrument');
  assert.ok(await main.getByRole('region', { name: 'Search results' }).getByRole('link').count() > 0);
  await field.fill('PrivateChannel');
  await page.waitForURL((url) => url.searchParams.get('q') === 'PrivateChannel');
  await main.getByText(/results for "PrivateChannel"/).waitFor();
  // The version choice changes where results come from, and is kept in the URL.
  await main.getByRole('combobox', { name: 'Version' }).selectOption('2.0');
  await page.waitForURL((url) => url.searchParams.get('version') === '2.0' && url.searchParams.get('q') === 'PrivateChannel');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main [aria-label="Search results"] a')].some((a) => a.getAttribute('href').startsWith('/docs/2.0/')),
  );
  // Opened directly, the page reads its query from the URL.
  await page.goto(ctx.server.base + '/search?q=broadcast', { waitUntil: 'networkidle' });
  await main.getByText(/results for "broadcast"/).waitFor();
  assert.equal(await main.getByRole('searchbox', { name: 'Search' }).inputValue(), 'broadcast');
  assert.deepEqual(problems, []);
  await context.close();
});

/** A pagefind record of a bundle's folder: its first fragment (gzip, after pagefind's signature). */
function firstRecord(dir) {
  const name = fs.readdirSync(path.join(dir, 'fragment')).filter((f) => f.endsWith('.pf_fragment')).sort()[0];
  return JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'fragment', name))).toString().replace(/^pagefind_dcd/, ''));
}

test('an index in parts (DOCSITE_SEARCH_PART_PAGES) finds a page of every part', async () => {
  // The small fixture site with two searchable pages per part: its seven pages in four parts.
  const split = await serveFixture('basic', { env: { DOCSITE_SEARCH_PART_PAGES: '2' } });
  const { page, context, problems } = await openPage(ctx.browser);
  try {
    const bundle = path.join(split.site, 'pagefind');
    const others = fs.readdirSync(bundle).filter((n) => /^part-\d+$/.test(n)).sort();
    assert.deepEqual(others, ['part-1', 'part-2', 'part-3']);
    const entries = new Set();
    const failed = new Set();
    page.on('response', (r) => {
      const at = new URL(r.url()).pathname;
      const m = at.match(/^\/pagefind\/(part-\d+\/)?pagefind-entry\.json$/);
      if (m) entries.add(m[1] ?? '');
      if (r.status() >= 400) failed.add(at);
    });
    for (const dir of [bundle, ...others.map((n) => path.join(bundle, n))]) {
      const record = firstRecord(dir);
      const url = record.url.split('#')[0];
      await page.goto(`${split.base}/search?q=${encodeURIComponent(record.meta.title)}&version=all`, { waitUntil: 'networkidle' });
      await page.waitForFunction(
        (want) => [...document.querySelectorAll('main [aria-label="Search results"] a')].some((a) => a.getAttribute('href').split('#')[0] === want),
        url,
      );
    }
    assert.deepEqual([...entries].sort(), ['', 'part-1/', 'part-2/', 'part-3/'], 'every part loaded');
    // The fixture's own script `js/late.js` is missing (it tests a script list, not a file).
    assert.deepEqual([...failed], ['/js/late.js']);
    assert.deepEqual(unexpected(problems, /late\.js/, /status of 404/), []);
  } finally {
    await context.close();
    split.stop();
  }
});

test('hosted mode: the same UI POSTs to DocSearch with contextual facet filters', async () => {
  // The small fixture site with DocSearch configured.
  const hosted = await serveFixture('basic', {
    append: {
      'docsite.toml': '\n[search.algolia]\nappId = "TESTAPP"\napiKey = "public-key"\nindexName = "fixture"\nexternalUrlRegex = "external\\\\.example"\nreplaceSearchResultPathname = { from = "^/legacy/", to = "/docs/" }\n',
    },
  });
  const { page, context } = await openPage(ctx.browser);
  const bodies = [];
  await page.route('https://*.algolia.net/**', async (route) => {
    bodies.push({ url: route.request().url(), method: route.request().method(), body: JSON.parse(route.request().postData()) });
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        results: [{
          nbHits: 2,
          hits: [
            { url: 'https://example.org/legacy/intro#welcome', hierarchy: { lvl0: 'Docs', lvl1: 'Introduction', lvl2: 'Welcome' }, _snippetResult: { content: { value: 'hello <mark>world</mark>' } } },
            { url: 'https://external.example/page', hierarchy: { lvl0: 'Elsewhere', lvl1: 'External page' } },
          ],
        }],
      }),
    });
  });
  try {
    await page.goto(hosted.base + '/docs/intro', { waitUntil: 'networkidle' });
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Search' }).getByRole('searchbox').fill('world');
    const options = page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
    await options.first().waitFor();
    assert.equal(bodies[0].method, 'POST');
    const url = new URL(bodies[0].url);
    assert.equal(url.host, 'testapp-dsn.algolia.net');
    assert.equal(url.pathname, '/1/indexes/*/queries');
    const request = bodies[0].body.requests[0];
    assert.equal(request.indexName, 'fixture');
    assert.equal(request.query, 'world');
    assert.deepEqual(request.facetFilters, ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-1.0']]);
    assert.equal(await options.nth(0).getAttribute('href'), '/docs/intro#welcome', 'replaceSearchResultPathname applied');
    assert.equal(await options.nth(1).getAttribute('href'), 'https://external.example/page', 'external URL kept');
    assert.equal(await options.nth(1).getAttribute('target'), '_blank');
  } finally {
    await context.close();
    hosted.stop();
  }
});
