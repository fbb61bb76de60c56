// Locales in the browser (issue 35 item 7), on `fixtures/rtl-site` (one locale, Arabic):
// the head names the page in every locale as Docusaurus's SiteMetadata does, and the locale
// dropdown links the same page keeping the address's query and hash (added once the page
// has started, and again when clicked).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite, waitForApp } from '../lib.mjs';

const ctx = useSite({ fixture: 'rtl-site' });

test('every page names itself in each locale in its head, x-default and og:locale included, also after client-side navigation', async () => {
  const html = await (await fetch(ctx.server.base + '/docs/guide/first')).text();
  assert.match(html, /<link rel="alternate" href="https:\/\/example\.org\/docs\/guide\/first" hreflang="ar">/);
  assert.match(html, /<link rel="alternate" href="https:\/\/example\.org\/docs\/guide\/first" hreflang="x-default">/);
  assert.match(html, /<meta property="og:locale" content="ar">/);
  assert.doesNotMatch(html, /og:locale:alternate/, 'no other locale');

  const { page, context, problems } = await openPage(ctx.browser, { width: 1280 });
  await page.goto(ctx.server.base + '/docs/guide/first', { waitUntil: 'networkidle' });
  await waitForApp(page);
  await page.locator('nav[aria-label="Docs pages"]').getByRole('link', { name: /الخطوة الثانية/ }).click();
  await page.waitForURL(/\/docs\/guide\/second$/);
  await page.getByRole('heading', { level: 1, name: 'الخطوة الثانية' }).waitFor();
  const alternates = await page.evaluate(() => [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.hreflang, l.href]));
  assert.deepEqual(alternates, [
    ['ar', 'https://example.org/docs/guide/second'],
    ['x-default', 'https://example.org/docs/guide/second'],
  ]);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('the locale dropdown lists the locale by its label and links the same page with the query and hash', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { width: 1280 });
  await page.goto(ctx.server.base + '/docs/guide/first?tab=ts#البداية', { waitUntil: 'networkidle' });
  await waitForApp(page);
  const toggle = page.locator('nav.navbar').getByRole('button', { name: 'Language: العربية' });
  await toggle.click();
  const link = page.locator('nav.navbar').getByRole('link', { name: 'العربية' });
  await link.waitFor();
  assert.equal(await link.getAttribute('aria-current'), 'page');
  assert.equal(decodeURIComponent(await link.getAttribute('href')), '/docs/guide/first?tab=ts#البداية');
  // A heading followed since: the click takes the address as it is then.
  await page.evaluate(() => history.replaceState(null, '', '/docs/guide/first?tab=js#' + encodeURIComponent('النهاية')));
  await link.click();
  await page.waitForURL((url) => url.search === '?tab=js' && decodeURIComponent(url.hash) === '#النهاية');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

// A site in three locales built as Docusaurus builds them (`fixtures/docusaurus-i18n`:
// English at the root, French translated under /fr/, Arabic untranslated and right to left
// under /ar/): each page names the others, the dropdown goes to the same page in another
// locale, and each locale shows its own labels and direction.
const three = useSite({ fixture: 'docusaurus-i18n' });

test('in a site of three locales each page names its translations and the dropdown goes to the same page in another locale', async () => {
  const html = await (await fetch(three.server.base + '/docs/nibs')).text();
  for (const [lang, href] of [['en', 'https://quill.example.org/docs/nibs'], ['fr', 'https://quill.example.org/fr/docs/nibs'], ['ar', 'https://quill.example.org/ar/docs/nibs'], ['x-default', 'https://quill.example.org/docs/nibs']]) {
    assert.match(html, new RegExp(`<link rel="alternate" href="${href}" hreflang="${lang}">`));
  }
  assert.match(html, /<meta property="og:locale:alternate" content="fr">/);

  const { page, context, problems } = await openPage(three.browser, { width: 1280 });
  await page.goto(three.server.base + '/docs/nibs?pen=fine#top', { waitUntil: 'networkidle' });
  await waitForApp(page);
  await page.locator('nav.navbar').getByRole('button', { name: 'Language: English' }).click();
  await page.locator('nav.navbar').getByRole('link', { name: 'Français' }).click();
  await page.waitForURL((url) => url.pathname === '/fr/docs/nibs' && url.search === '?pen=fine' && url.hash === '#top');
  // The French build: its labels from the translation files, the untranslated doc as written.
  assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
  await page.locator('nav.navbar').getByRole('link', { name: "Guide de l'utilisateur" }).waitFor();
  await page.locator('nav.menu, aside').getByText('Les bases').first().waitFor();
  assert.match(await page.locator('article').innerText(), /A nib sets the width/);
  await page.locator('article').getByRole('link', { name: 'getting started' }).click();
  await page.waitForURL((url) => url.pathname === '/fr/docs/intro');
  await page.getByRole('heading', { level: 1, name: 'Premiers pas' }).waitFor();
  await page.getByRole('link', { name: /Suivant/ }).waitFor();
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('the right-to-left locale of a Docusaurus site lays its docs out right to left', async () => {
  const { page, context, problems } = await openPage(three.browser, { width: 1280 });
  await page.goto(three.server.base + '/ar/docs/intro', { waitUntil: 'networkidle' });
  await waitForApp(page);
  assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
  const sidebar = await page.locator('aside').first().boundingBox();
  const article = await page.locator('article').first().boundingBox();
  assert.ok(sidebar && article && sidebar.x > article.x, `sidebar ${JSON.stringify(sidebar)} right of article ${JSON.stringify(article)}`);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});
