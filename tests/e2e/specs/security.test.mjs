// The Content-Security-Policy that `docsite serve` sends (crates/docsite-server/src/csp.rs)
// lets every part of the real site work: the inline head script (allowed by its hash),
// hydration and client navigation, mermaid diagrams, and the local search (pagefind, which
// compiles WebAssembly) — with no violation reported in the page or the console.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite } from '../lib.mjs';

const ctx = useSite();

/** Opens a page that records `securitypolicyviolation` events from the first script on. */
async function openWatched() {
  const opened = await openPage(ctx.browser);
  await opened.page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__violations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return opened;
}

const violations = (page) => page.evaluate(() => window.__violations);

test('pages are served with a policy that allows only the site and its own inline script', async () => {
  const res = await fetch(ctx.server.base + '/docs/fdc3-intro');
  const policy = res.headers.get('content-security-policy');
  assert.ok(policy, 'no Content-Security-Policy header');
  const scriptSrc = policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
  assert.match(scriptSrc, /'self'/);
  assert.match(scriptSrc, /'wasm-unsafe-eval'/);
  assert.match(scriptSrc, /'sha256-[A-Za-z0-9+/]+=*'/);
  assert.doesNotMatch(scriptSrc, /'unsafe-inline'|'unsafe-eval'|\*/);
  // This site configures analytics (gtag.js and its collection hosts) and no hosted search.
  assert.doesNotMatch(policy, /algolia/);
  assert.match(scriptSrc, /https:\/\/www\.googletagmanager\.com/);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
});

test('home, doc, API reference and not-found pages load and hydrate without a policy violation', async () => {
  const { page, context, problems } = await openWatched();
  for (const path of ['/', '/docs/fdc3-intro', '/docs/api/ref/DesktopAgent', '/docs/next/fdc3-intro', '/no/such/page']) {
    await page.goto(ctx.server.base + path, { waitUntil: 'networkidle' });
    // The inline head script ran (it sets the colour mode before first paint).
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light', path);
    await page.locator('h1').first().waitFor();
    assert.deepEqual(await violations(page), [], path);
  }
  // Client navigation keeps working under the policy.
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link').nth(2).click();
  await page.waitForURL((url) => url.pathname !== '/docs/fdc3-intro');
  assert.deepEqual(await violations(page), []);
  // The policy is in force: a script injected at run time is refused and reported.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.head.append(script);
  });
  assert.equal(await page.evaluate(() => window.__injected), undefined);
  assert.equal((await violations(page)).length, 1);
  assert.deepEqual(unexpected(problems, /status of 404/, /Executing inline script violates|Refused to execute inline script/), []);
  await context.close();
});

test('mermaid diagrams render under the policy', async () => {
  const { page, context, problems } = await openWatched();
  await page.goto(ctx.server.base + '/docs/use-cases/uc-1', { waitUntil: 'networkidle' });
  await page.locator('.mermaid-diagram svg').first().waitFor({ timeout: 20_000 });
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('local search (pagefind WebAssembly in a worker) finds results under the policy', async () => {
  const { page, context, problems } = await openWatched();
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('searchbox', { name: 'Search' }).fill('raiseIntent');
  await dialog.getByRole('option').first().waitFor({ timeout: 20_000 });
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});
