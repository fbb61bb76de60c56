// Reader polish (issue 16): what readers see of the smaller fixes. Admonition titles
// render their Markdown; JSON keys, strings, numbers, literals and punctuation are told
// apart; Escape in the version dropdown returns focus to its button and "All versions"
// sits below a rule; the 404 page says it once and offers ways on; the footer stands
// apart from the page in dark mode; the mobile "On this page" box closes when an entry
// is followed; "Last updated" shows on docs of a site built from a relative path (the
// FDC3 build does so).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, unexpected, useSite } from '../lib.mjs';

const ctx = useSite();

test('admonition titles render inline Markdown instead of showing it raw', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/api/specs/desktopAgentCommunicationProtocol', { waitUntil: 'networkidle' });
  const title = page.locator('.theme-admonition').first().locator('div').first();
  assert.equal((await title.textContent()).trim().toUpperCase(), '@EXPERIMENTAL');
  assert.equal(await title.locator('em').count(), 1);
  assert.doesNotMatch(await page.locator('article').textContent(), /_@EXPERIMENTAL_/i);
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('JSON keys, strings, numbers and punctuation have distinct colours in both modes', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { page, context } = await openPage(ctx.browser, { colorScheme });
    await context.addInitScript((mode) => localStorage.setItem('theme', mode), colorScheme);
    await page.goto(ctx.server.base + '/docs/context/ref/Instrument', { waitUntil: 'networkidle' });
    const colours = await page.evaluate(() => {
      const code = document.querySelector('code.language-json');
      const colour = (cls) => {
        const el = code.querySelector(`.${cls}`);
        return el ? getComputedStyle(el).color : null;
      };
      return { key: colour('pr'), string: colour('s'), punctuation: colour('p') };
    });
    assert.ok(colours.key && colours.string && colours.punctuation, `${colorScheme}: ${JSON.stringify(colours)}`);
    assert.equal(new Set(Object.values(colours)).size, 3, `${colorScheme}: ${JSON.stringify(colours)}`);
    await context.close();
  }
});

test('Escape in the version dropdown closes it and puts focus back on its button; All versions is set apart', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  const button = page.getByRole('button', { name: 'Docs version: 2.2' });
  await button.focus();
  await page.keyboard.press('Enter');
  const all = page.getByRole('link', { name: 'All versions' });
  await all.waitFor({ state: 'visible' });
  const rule = await all.evaluate((a) => getComputedStyle(a.closest('li')).borderTopWidth);
  assert.equal(rule, '1px');
  await all.focus();
  await page.keyboard.press('Escape');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Docs version: 2.2');
  assert.deepEqual(unexpected(problems), []);
  await context.close();
});

test('the 404 page says it once and links to the home page, the docs and search', async () => {
  const { page, context } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/no/such/page', { waitUntil: 'networkidle' });
  const text = await page.locator('main').textContent();
  assert.equal(text.split('We could not find').length - 1, 1, text);
  const main = page.locator('main');
  assert.equal(await main.getByRole('link', { name: /^Home page/ }).getAttribute('href'), '/');
  assert.equal(await main.getByRole('link', { name: /^Documentation/ }).getAttribute('href'), '/docs/fdc3-intro');
  assert.equal(await main.getByRole('link', { name: /^Search/ }).getAttribute('href'), '/search');
  await context.close();
});

test('in dark mode the footer stands apart from the page', async () => {
  const { page, context } = await openPage(ctx.browser, { colorScheme: 'dark' });
  await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  const [footer, body] = await page.evaluate(() => [getComputedStyle(document.querySelector('footer')).backgroundColor, getComputedStyle(document.body).backgroundColor]);
  assert.notEqual(footer, body);
  await context.close();
});

test('the mobile "On this page" box closes when an entry is followed', async () => {
  const { page, context } = await openPage(ctx.browser, { width: 400 });
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  const box = page.locator('details', { hasText: 'On this page' });
  await box.locator('summary').click();
  assert.equal(await box.evaluate((d) => d.open), true);
  await box.locator('a').nth(1).click();
  assert.equal(await box.evaluate((d) => d.open), false);
  await context.close();
});

test('"Last updated" shows on docs of the FDC3 site, built from a relative path', async () => {
  const { page, context } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  assert.match(await page.locator('article').textContent(), /Last updated on \w{3} \d{1,2}, \d{4}/);
  await context.close();
});
