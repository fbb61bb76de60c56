// Navbar items the way Docusaurus accepts them (issue 34 item 4), on the engine's
// `fixtures/docusaurus-template`: an icon link (no label; `className` and `aria-label`) and an
// `html` item inside a dropdown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSite } from '../lib.mjs';

const ctx = useSite({ fixture: 'docusaurus-template' });
const DOC = '/handbook/intro';
const ICON = 'a[href="https://example.org/lanterns"]';

test('an icon link has its class, its aria-label as accessible name and the site CSS\'s icon', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + DOC, { waitUntil: 'networkidle' });
  const link = page.locator(`nav.navbar ${ICON}`);
  assert.equal(await link.count(), 1);
  assert.match(await link.getAttribute('class'), /(^| )header-source-link( |$)/);
  assert.equal(await link.getAttribute('aria-label'), 'Source repository');
  assert.equal(await page.getByRole('link', { name: 'Source repository' }).count(), 1, 'named for screen readers');
  assert.equal((await link.innerText()).trim(), '', 'no text, as in Docusaurus');
  // The site's `.header-source-link::before` draws the icon: the link is not empty on screen.
  const box = await link.boundingBox();
  assert.ok(box && box.width >= 24 && box.height >= 24, JSON.stringify(box));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a dropdown shows its html item beside its links', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + DOC, { waitUntil: 'networkidle' });
  await page.locator('nav.navbar').getByRole('button', { name: 'More' }).click();
  const wicks = page.locator('nav.navbar').getByRole('link', { name: 'Wicks' });
  await wicks.waitFor();
  // Docusaurus's HtmlNavbarItem in a dropdown: the HTML as the content of an `<li>`.
  const html = page.locator('nav.navbar li:has(> hr.dropdown-separator)');
  assert.equal(await html.count(), 1);
  assert.ok(await html.isVisible(), 'shown in the open menu');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the mobile drawer\'s icon link keeps its class and accessible name', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 400, height: 800 });
  await page.goto(ctx.server.base + DOC, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await drawer.waitFor();
  // The drawer opens on the docs sidebar; its "back" button leads to the navbar items.
  const back = drawer.getByRole('button', { name: /main menu|back/i });
  if (await back.count()) await back.first().click();
  const link = drawer.locator(ICON);
  await link.waitFor();
  assert.match(await link.getAttribute('class'), /(^| )header-source-link( |$)/);
  assert.equal(await drawer.getByRole('link', { name: 'Source repository' }).count(), 1);
  assert.deepEqual(problems, []);
  await context.close();
});
