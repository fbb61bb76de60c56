// The React pages of a built Docusaurus site (bench/compat.sh builds the standard's
// website/ unchanged) in headless Chromium: each route is readable without JavaScript
// (pre-rendered: an h1 or a heading in the page's content), hydrates without console
// errors or warnings, and navigates client-side to a doc and back (no full page load).
// Screenshots at 1280 and 400 px go to bench/work/react-pages/ for a look.
// CI has no copy of the website: tests/e2e/specs/react-pages.test.mjs covers the same
// behaviours on fixtures/react-pages.
//
// Usage: node bench/react-pages.mjs BUILD_DIR [ROUTE...]
//   (default routes: / /community /users /training /get-involved /versions)
// Exits 1 when a page fails a check.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eLib } from './e2e-lib.mjs';

const [build, ...rest] = process.argv.slice(2);
if (!build) {
  console.error('usage: node bench/react-pages.mjs BUILD_DIR [ROUTE...]');
  process.exit(2);
}
const routes = rest.length ? rest : ['/', '/community', '/users', '/training', '/get-involved', '/versions'];
const shots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'work/react-pages');
fs.mkdirSync(shots, { recursive: true });

const { startServer, launch, openPage, unexpected } = await e2eLib();
const server = await startServer(path.resolve(build));
const browser = await launch();
let failed = 0;
const fail = (route, why) => {
  failed++;
  console.log(`${route}: FAIL: ${why}`);
};
const name = (route) => (route === '/' ? 'home' : route.replace(/^\/|\/$/g, '').replace(/\//g, '-'));

try {
  for (const route of routes) {
    const url = server.base + route;
    // Without JavaScript: the pre-rendered page.
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const still = await bare.newPage();
    const response = await still.goto(url);
    const headings = await still.locator('main h1, main h2, h1').allTextContents();
    // Links of the page's own content: not in the navbar or the footer.
    const links = await still.locator('a[href]:not(nav a, footer a)').count();
    if (response?.status() !== 200) fail(route, `status ${response?.status()}`);
    else if (!headings.length) fail(route, 'no heading without JavaScript');
    await bare.close();

    // With JavaScript: hydration, screenshots, a client-side round trip to a doc.
    for (const width of [1280, 400]) {
      const { page, context, problems } = await openPage(browser, { width, height: 900 });
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.screenshot({ path: path.join(shots, `${name(route)}-${width}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 1) console.log(`${route} at ${width} px: scrolls sideways by ${overflow} px`);
      if (width === 1280) {
        await page.evaluate(() => {
          window.__stayed = true;
        });
        const doc = page.locator('a[href^="/docs/"]').first();
        if (!(await doc.count())) {
          console.log(`${route}: no link to a doc on the page; the round trip goes through history`);
          await page.evaluate(() => window.history.pushState(null, '', '/docs/fdc3-intro'));
          await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
        } else {
          await doc.click();
        }
        await page.waitForURL(/\/docs\//);
        await page.locator('article h1').first().waitFor({ timeout: 15000 });
        await page.goBack();
        await page.waitForURL(url);
        await page.waitForLoadState('networkidle');
        const stayed = await page.evaluate(() => window.__stayed === true);
        if (!stayed) fail(route, 'the round trip to a doc reloaded the page');
        const back = await page.locator('h1, main h2').first().textContent();
        if (!back) fail(route, 'no heading after coming back');
      }
      const bad = unexpected(problems);
      if (bad.length) fail(route, `console at ${width} px:\n  ${bad.join('\n  ')}`);
      await context.close();
    }
    console.log(`${route}: pre-rendered (${headings.length} headings, ${links} links outside navbar and footer), hydrated, round trip to a doc`);
  }
} finally {
  await browser.close();
  server.stop();
}
console.log(`screenshots: ${shots}`);
console.log(failed ? `${failed} problem(s)` : `all ${routes.length} React pages pass`);
process.exit(failed ? 1 : 0);
