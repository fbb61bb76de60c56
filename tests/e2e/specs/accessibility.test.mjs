// Accessibility: axe-core finds no serious or critical violation on the home page, a
// doc, an API reference page, a context reference page, /versions and the not-found
// page, in light and dark mode (and on the shell fixture's announcement bar and navbar).
// axe is injected into the page under test only (bypassing the site's CSP): it is never
// part of the site.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { openPage, unexpected, useSite } from '../lib.mjs';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const ctx = useSite({ shell: true });

/** Serious and critical violations, one line each with the offending elements. */
async function audit(page) {
  await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(() =>
    window.axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join('\n    ')}`);
}

const PAGES = [
  ['home page', '/'],
  ['doc page', '/docs/fdc3-intro'],
  ['API reference page', '/docs/api/ref/DesktopAgent'],
  ['context reference page', '/docs/context/ref/Instrument'],
  ['versions page', '/versions'],
  ['not-found page', '/docs/no-such-page'],
];

for (const mode of ['light', 'dark']) {
  for (const [name, path] of PAGES) {
    test(`the ${name} has no serious or critical accessibility violation in ${mode} mode`, async () => {
      const { page, context, problems } = await openPage(ctx.browser, { bypassCSP: true });
      await page.addInitScript((value) => localStorage.setItem('theme', value), mode);
      await page.goto(ctx.server.base + path, { waitUntil: 'networkidle' });
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode);
      assert.deepEqual(await audit(page), []);
      assert.deepEqual(unexpected(problems, /404 \(Not Found\)/), []);
      await context.close();
    });
  }
}

test('the open version dropdown and the mobile drawer have no serious or critical violation', async () => {
  const { page, context } = await openPage(ctx.browser, { bypassCSP: true });
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Docs version: 2.2' }).click();
  await page.getByRole('link', { name: 'All versions' }).waitFor();
  assert.deepEqual(await audit(page), []);
  await page.setViewportSize({ width: 420, height: 800 });
  await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
  await page.getByRole('dialog', { name: 'Navigation' }).waitFor();
  assert.deepEqual(await audit(page), []);
  await context.close();
});

for (const mode of ['light', 'dark']) {
  test(`the shell fixture (announcement bar, every navbar item type) has no serious or critical violation in ${mode} mode`, async () => {
    const { page, context } = await openPage(ctx.browser, { bypassCSP: true });
    await page.addInitScript((value) => localStorage.setItem('theme', value), mode);
    await page.goto(ctx.shell.base + '/docs/guides/long', { waitUntil: 'networkidle' });
    assert.deepEqual(await audit(page), []);
    await context.close();
  });
}
