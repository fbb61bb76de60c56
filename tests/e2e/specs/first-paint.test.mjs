// What a page's first paint waits for, and what waits for it (ARCHITECTURE "Theme runtime"):
// only the HTML and the stylesheet come before it; the theme's JavaScript and the data
// chunks are requested once it is on screen, and the page then hydrates as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite, waitForApp } from '../lib.mjs';

const ctx = useSite();

const ROUTE = '/docs/api/ref/DesktopAgent';

test('the JavaScript and the data chunks are requested only once the first contentful paint is on screen', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 412, height: 823 });
  await page.goto(ctx.server.base + ROUTE, { waitUntil: 'networkidle' });
  await waitForApp(page);
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    // The site's own files (third-party scripts the configuration adds are not the theme's).
    resources: performance
      .getEntriesByType('resource')
      .filter((r) => new URL(r.name).origin === window.location.origin)
      .map((r) => [new URL(r.name).pathname, r.startTime]),
  }));
  assert.notEqual(timing.paint, null, 'the browser reported a first contentful paint');
  const before = (pattern) => timing.resources.filter(([path, start]) => pattern.test(path) && start < timing.paint).map(([path]) => path);
  const all = (pattern) => timing.resources.filter(([path]) => pattern.test(path));
  assert.ok(all(/^\/assets\/index-.*\.js$/).length === 1, 'the entry loaded');
  assert.ok(all(/^\/_docsite\/.*\.json$/).length >= 3, 'the data chunks loaded');
  assert.deepEqual(before(/\.js$|^\/_docsite\//), [], 'no script or data chunk requested before the first paint');
  assert.ok(before(/^\/assets\/index-.*\.css$/).length === 1, 'the stylesheet was requested before it');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});
