// Moved routes of `next` (issue 18: the `[[redirects]]` of site/docsite.toml). Under
// `docsite serve` each old route answers 301 with the new route as `Location` (with and
// without the final slash, the query kept), and Chromium lands on the new page with the
// old URL's `#anchor`. On a host without redirect rules (Python's `http.server`) the page
// the build writes at the old route sends readers on with the anchor kept: its script is
// the engine's file `_docsite/redirect.js`, not inline, so the site's one policy allows it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SITE_BUILD, freePort, openPage, unexpected, useSite } from '../lib.mjs';

/** The `[[redirects]]` of the site's config, as { from, to }. */
function configRedirects() {
  const toml = fs.readFileSync(path.resolve(SITE_BUILD, '../docsite.toml'), 'utf8');
  return [...toml.matchAll(/\[\[redirects\]\]\s*\nfrom\s*=\s*"([^"]+)"\s*\nto\s*=\s*"([^"]+)"/g)].map((m) => ({ from: m[1], to: m[2] }));
}

const redirects = configRedirects();
let python;
const ctx = useSite({
  setup: async () => {
    const port = await freePort();
    const proc = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', SITE_BUILD], { stdio: 'ignore' });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      try {
        await fetch(base + '/');
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    python = { base, stop: () => proc.kill() };
  },
});
after(() => python?.stop());

before(() => {
  assert.ok(redirects.some((r) => r.from === '/docs/next/api/ref/Metadata'), 'the config moves next routes');
});

test('every old route of next answers 301 under docsite serve, the query kept', async () => {
  for (const { from, to } of redirects) {
    for (const url of [from, `${from}/`, `${from}/index.html`]) {
      let res = await fetch(ctx.server.base + url, { redirect: 'manual' });
      // `/x/index.html` first goes to its clean form, which is the redirect.
      if (url.endsWith('/index.html')) {
        assert.equal(res.status, 301, url);
        assert.equal(res.headers.get('location'), from, url);
        res = await fetch(ctx.server.base + from, { redirect: 'manual' });
      }
      assert.equal(res.status, 301, url);
      assert.equal(res.headers.get('location'), to, url);
    }
    const res = await fetch(`${ctx.server.base}${from}?lang=ts`, { redirect: 'manual' });
    assert.equal(res.headers.get('location'), `${to}?lang=ts`);
    const landed = await fetch(ctx.server.base + to);
    assert.equal(landed.status, 200, to);
  }
});

test('Chromium lands on the new page with the old anchor, under serve and on a host without redirects', async () => {
  for (const base of [ctx.server.base, python.base]) {
    for (const { from, to } of redirects.slice(0, 3)) {
      const { page, context, problems } = await openPage(ctx.browser);
      await page.goto(`${base}${from}/#properties`);
      await page.waitForURL((u) => u.pathname.replace(/\/$/, '') === to, { timeout: 10000 });
      const url = new URL(page.url());
      assert.equal(url.hash, '#properties', `${base}${from}`);
      await page.locator('h1').first().waitFor();
      assert.deepEqual(unexpected(problems), [], `${base}${from}`);
      await context.close();
    }
  }
});

test('the refresh page at an old route has no inline script: the site-wide CSP of any host lets it run', async () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(SITE_BUILD, '_docsite/csp.json'), 'utf8'));
  for (const { from, to } of redirects) {
    const rel = `${from.replace(/^\//, '')}/index.html`;
    const html = fs.readFileSync(path.join(SITE_BUILD, rel), 'utf8');
    assert.deepEqual([...html.matchAll(/<script>([^<]*)<\/script>/g)], [], rel);
    assert.match(html, new RegExp(`<script src="/_docsite/redirect\\.js" data-to="${to}"></script>`), rel);
    assert.deepEqual(manifest.pages[rel], [], rel);
    // Without JavaScript the meta refresh still moves readers on.
    assert.match(html, new RegExp(`<meta http-equiv="refresh" content="0; url=${to}">`), rel);
  }
  assert.ok(fs.existsSync(path.join(SITE_BUILD, '_docsite/redirect.js')));
});
