// A Docusaurus site's own React pages (issue 23): `fixtures/react-pages` has a home page in
// `src/pages/index.js` (Layout, Link, useBaseUrl, a component with a CSS module reading
// customFields, an imported image), a page importing a JSON data file and a nested page.
// The site is built by the release binary (its React code compiled with the theme by
// Vite); the pages must be readable without JavaScript, hydrate without console problems,
// load their code only on their route, and navigate client-side to and from the docs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fixtureReport, openPage, unexpected, useSite, waitForApp } from '../lib.mjs';

// DOCSITE_REACT_SITE: another site folder with the same pages (to try a variant).
const ctx = useSite({ fixture: process.env.DOCSITE_REACT_SITE ?? 'react-pages' });

test('the React home page is pre-rendered: readable with JavaScript disabled', async () => {
  const context = await ctx.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${ctx.server.base}/`);
  assert.equal(await page.locator('h1').textContent(), 'Lanterns for every night');
  // customFields through useDocusaurusContext, and the component's CSS module class.
  assert.equal(await page.locator('[data-testid=greeting] .motto').textContent(), 'Light travels further when shared');
  const greetingClass = await page.locator('[data-testid=greeting]').getAttribute('class');
  assert.match(greetingClass ?? '', /^_\w+$/, 'a scoped CSS-module class');
  // The theme's chrome is around it; the page's own <main> is the only one (the theme's
  // region around a React page is a plain element, as Docusaurus's main wrapper is).
  assert.ok(await page.locator('nav').first().isVisible(), 'navbar');
  assert.equal(await page.locator('main').count(), 1);
  assert.equal(await page.locator('main').getAttribute('class'), 'lanterns-home');
  // Link and useBaseUrl produce site URLs; the imported image is under the base URL.
  assert.equal(await page.locator('a', { hasText: 'Read the introduction' }).getAttribute('href'), '/docs/intro');
  assert.equal(await page.locator('img[alt="The same lantern, by its static URL"]').getAttribute('src'), '/img/lantern.svg');
  const logo = await page.locator('img[alt="A lantern"]').getAttribute('src');
  assert.match(logo ?? '', /^\/assets\/lantern-[\w-]+\.svg$/);
  assert.equal((await fetch(ctx.server.base + logo)).status, 200);
  // The CSS module's rule is styled at first paint (its stylesheet is linked).
  const border = await page.locator('[data-testid=greeting]').evaluate((el) => getComputedStyle(el).borderLeftStyle);
  assert.equal(border, 'solid');
  assert.equal(await page.locator('meta[name=description]').getAttribute('content'), 'Everything about lanterns');
  await context.close();
});

test('the page importing a JSON data file lists its entries without JavaScript', async () => {
  const context = await ctx.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${ctx.server.base}/catalogue`);
  assert.match(await page.title(), /^Catalogue/);
  assert.deepEqual(await page.locator('ul.catalogue li').allTextContents(), ['Paper lantern: burns 2 hours', 'Tin lantern: burns 6 hours', 'Storm lantern: burns 12 hours']);
  await page.goto(`${ctx.server.base}/nested`);
  assert.equal(await page.locator('h1').textContent(), 'Workshop');
  await context.close();
});

test('a React page can import an .mdx file, a plain stylesheet and named CSS-module classes', async () => {
  const context = await ctx.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${ctx.server.base}/nested`);
  // The .mdx file is rendered in place: Markdown, a link under the site, an @theme module.
  const main = page.locator('main.workshop');
  assert.equal(await main.locator('h2').textContent(), 'Mending a wick');
  assert.equal(await main.locator('h2').getAttribute('id'), 'mending-a-wick', 'a heading id, as Docusaurus gives it');
  assert.equal(await main.locator('ol li strong').textContent(), 'straight');
  assert.equal(await main.locator('a', { hasText: 'an hour' }).getAttribute('href'), '/docs/care');
  const tip = main.locator('.theme-admonition-tip');
  assert.match(await tip.textContent(), /Spare wicks.*Keep two spares in the lantern's base\./s);
  // The plain stylesheet is applied at first paint; its default import is an empty object.
  assert.equal(await main.getAttribute('data-plain-css'), 'object');
  const spacing = await main.locator('h1').evaluate((el) => parseFloat(getComputedStyle(el).letterSpacing) / parseFloat(getComputedStyle(el).fontSize));
  assert.ok(Math.abs(spacing - 0.2) < 0.01, `letter-spacing 0.2em from the plain stylesheet, got ${spacing}em`);
  // Infima's layout classes (Docusaurus's CSS framework) have Infima's sizes.
  const box = await main.evaluate((el) => ({ maxWidth: getComputedStyle(el).maxWidth, paddingTop: getComputedStyle(el).paddingTop }));
  assert.deepEqual(box, { maxWidth: '1140px', paddingTop: '32px' });
  // A class named in a CSS module, imported by name, is the module's scoped class.
  const tool = page.locator('[data-testid=tool]');
  assert.match((await tool.getAttribute('class')) ?? '', /^_\w+$/);
  assert.equal(await tool.evaluate((el) => getComputedStyle(el).fontStyle), 'italic');
  // A name the CSS module does not define is undefined, and the build warned at its import.
  assert.equal(await tool.getAttribute('data-lamp'), 'undefined');
  assert.match(fixtureReport(ctx.server.site), /warning: src\/pages\/nested\/index\.tsx:3: imports `lamp` from src\/components\/Greeting\/styles\.module\.css, which does not export it/);
  await context.close();
  // With JavaScript, the page hydrates without console problems.
  const { page: live, context: liveContext, problems } = await openPage(ctx.browser);
  await live.goto(`${ctx.server.base}/nested`);
  await live.locator('main.workshop h2').waitFor();
  await live.waitForLoadState('networkidle');
  assert.deepEqual(unexpected(problems), []);
  await liveContext.close();
});

test('the home page hydrates without console problems and is interactive', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/`);
  await page.locator('button', { hasText: 'Unlit' }).click();
  await page.locator('button', { hasText: 'Lit' }).waitFor();
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('a React page loads its code only on its route (or when a link to it is prefetched)', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  const scripts = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`${ctx.server.base}/catalogue`);
  await page.locator('ul.catalogue li').first().waitFor();
  await waitForApp(page);
  const chunk = scripts.find((s) => /\/assets\/catalogue-[\w-]+\.js$/.test(s));
  assert.ok(chunk, `the catalogue has a chunk of its own: ${scripts.join(', ')}`);
  // A doc page's HTML neither loads nor preloads it: it is outside the doc's first view.
  const docHtml = await (await fetch(`${ctx.server.base}/docs/care`)).text();
  assert.ok(!docHtml.includes(path.basename(chunk)), 'the doc page does not reference the page chunk');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('client-side navigation goes from a React page to the docs and back', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/`);
  await page.locator('button', { hasText: 'Unlit' }).waitFor();
  // A marker on the window survives client-side navigation only.
  await waitForApp(page);
  await page.evaluate(() => {
    window.__stayed = true;
  });
  await page.locator('a', { hasText: 'Read the introduction' }).click();
  await page.waitForURL(`${ctx.server.base}/docs/intro`);
  await page.locator('article h1, h1', { hasText: 'Introduction' }).first().waitFor();
  await page.locator('a', { hasText: 'catalogue' }).first().click();
  await page.waitForURL(`${ctx.server.base}/catalogue`);
  await page.locator('ul.catalogue li').first().waitFor();
  await page.locator('a', { hasText: 'How to care for them' }).click();
  await page.waitForURL(`${ctx.server.base}/docs/care`);
  await page.goBack();
  await page.waitForURL(`${ctx.server.base}/catalogue`);
  await page.locator('ul.catalogue li').first().waitFor();
  assert.equal(await page.evaluate(() => window.__stayed), true, 'no full page load');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('the search finds a React page by a word of its text, at its heading', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/search?q=wickwright`, { waitUntil: 'networkidle' });
  const results = page.locator('main').getByRole('region', { name: 'Search results' });
  const first = results.getByRole('link').first();
  await first.waitFor();
  assert.match(await first.getAttribute('href'), /^\/catalogue(#makers)?$/);
  assert.match(await results.innerText(), /wickwright/i);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('a doc links to an anchor of a React page (its id read from the pre-rendered page)', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/docs/care`);
  await page.locator('a', { hasText: 'lantern makers' }).click();
  await page.waitForURL(`${ctx.server.base}/catalogue#makers`);
  await page.locator('#makers').waitFor();
  assert.ok(await page.locator('#makers').isVisible(), 'the section is shown');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

// Site components in docs: docs/lighting.mdx imports WickCounter (default) and Flame (named)
// from src/components/WickCounter and a JSON data file, and uses WickCounter with props and
// Markdown children.

/** Clicks the counter's button until a click counts (the island hydrates after load). */
async function clickUntilCounted(page, from) {
  const button = page.locator('[data-testid=wick-counter] button');
  for (let i = 0; i < 100; i += 1) {
    await button.click();
    if ((await button.textContent()) !== `Wicks trimmed: ${from}`) break;
    await page.waitForTimeout(100);
  }
  assert.equal(await button.textContent(), `Wicks trimmed: ${from + 1}`);
}

test('a doc using a site component has its output pre-rendered in place: readable without JavaScript', async () => {
  const context = await ctx.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${ctx.server.base}/docs/lighting`);
  const counter = page.locator('article [data-testid=wick-counter]');
  assert.equal(await counter.locator('h3').textContent(), 'Before lighting');
  assert.deepEqual(await counter.locator('ul.colours li').allTextContents(), ['amber', 'red']);
  assert.equal(await counter.locator('p.wicks').textContent(), 'Cotton (12 cm), Hemp (9 cm)');
  // The Markdown between the tags is the component's children, links and emphasis kept.
  assert.equal(await counter.locator('.notes strong').textContent(), 'five millimetres');
  assert.equal(await counter.locator('.notes a', { hasText: 'care page' }).getAttribute('href'), '/docs/care');
  assert.equal(await counter.locator('button').textContent(), 'Wicks trimmed: 2');
  // The page's contexts (useDocusaurusContext, Link) reach it.
  assert.equal(await counter.locator('p.site').textContent(), 'Lanterns');
  assert.equal(await counter.locator('a', { hasText: 'See the catalogue' }).getAttribute('href'), '/catalogue');
  // The named export, and the text around both uses in order.
  assert.equal(await page.locator('article [data-testid=flame]').textContent(), '***');
  const text = await page.locator('article').textContent();
  assert.ok(text.indexOf('Light a lantern from below') < text.indexOf('Before lighting'), text);
  assert.ok(text.indexOf('Wicks trimmed') < text.indexOf('A steady flame'), text);
  // The component's CSS module is styled at first paint (its stylesheet is linked).
  assert.equal(await counter.evaluate((el) => getComputedStyle(el).borderTopStyle), 'double');
  await context.close();
});

test('a site component in a doc hydrates without console problems and keeps its state', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/docs/lighting`);
  await clickUntilCounted(page, 2);
  await page.locator('[data-testid=wick-counter] button').click();
  assert.equal(await page.locator('[data-testid=wick-counter] button').textContent(), 'Wicks trimmed: 4');
  // Hydrated, not rendered again: one counter, the children as the server wrote them.
  assert.equal(await page.locator('[data-testid=wick-counter]').count(), 1);
  assert.equal(await page.locator('[data-testid=wick-counter] .notes strong').textContent(), 'five millimetres');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test("a site component's code loads only on a page that uses it", async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  const scripts = new Map();
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') scripts.set(new URL(r.url()).pathname, await r.text().catch(() => ''));
  });
  await page.goto(`${ctx.server.base}/docs/care`);
  await page.locator('h1', { hasText: 'Care' }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const onCare = [...scripts].filter(([, body]) => body.includes('Wicks trimmed')).map(([name]) => name);
  assert.deepEqual(onCare, [], 'no script with the component on a doc without it');
  const docHtml = await (await fetch(`${ctx.server.base}/docs/care`)).text();
  scripts.clear();
  await page.goto(`${ctx.server.base}/docs/lighting`);
  await clickUntilCounted(page, 2);
  const chunk = [...scripts].find(([, body]) => body.includes('Wicks trimmed'));
  assert.ok(chunk, 'the doc using it loads its chunk');
  assert.ok(!docHtml.includes(path.basename(chunk[0])), 'the other doc does not preload it');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('a site component works after client-side navigation to its doc and is unmounted on leaving', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(`${ctx.server.base}/docs/intro`);
  await page.locator('article h1, h1', { hasText: 'Introduction' }).first().waitFor();
  await waitForApp(page);
  await page.evaluate(() => {
    window.__stayed = true;
  });
  await page.getByRole('link', { name: 'lighting', exact: true }).click();
  await page.waitForURL(`${ctx.server.base}/docs/lighting`);
  await page.locator('[data-testid=wick-counter] button').waitFor();
  assert.equal(await page.locator('[data-testid=wick-counter] .notes strong').textContent(), 'five millimetres');
  await clickUntilCounted(page, 2);
  // A link in the children routes client-side; the component goes with the page.
  await page.locator('[data-testid=wick-counter] .notes a', { hasText: 'care page' }).click();
  await page.waitForURL(`${ctx.server.base}/docs/care`);
  await page.locator('h1', { hasText: 'Care' }).first().waitFor();
  assert.equal(await page.locator('[data-testid=wick-counter]').count(), 0);
  await page.goBack();
  await page.waitForURL(`${ctx.server.base}/docs/lighting`);
  // A fresh mount: the state starts from the doc's prop again.
  await page.locator('[data-testid=wick-counter] button', { hasText: 'Wicks trimmed: 2' }).waitFor();
  await clickUntilCounted(page, 2);
  assert.equal(await page.evaluate(() => window.__stayed), true, 'no full page load');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('a site component in a doc follows the colour mode: hydrated in dark mode, then switched', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { colorScheme: 'dark' });
  await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto(`${ctx.server.base}/docs/lighting`);
  const flame = page.locator('article [data-testid=flame]');
  // Pre-rendered in the site's default mode, hydrated as such (no mismatch), then dark.
  await page.locator('article [data-testid=flame][data-mode=dark]').waitFor();
  await clickUntilCounted(page, 2);
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  await page.locator('article [data-testid=flame][data-mode=light]').waitFor();
  assert.equal(await flame.count(), 1);
  // The other island of the page kept its state through both renders.
  assert.equal(await page.locator('[data-testid=wick-counter] button').textContent(), 'Wicks trimmed: 3');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});
