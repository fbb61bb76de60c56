// The page frame (SPEC §2 "Navigation bar and footer", §4): skip link, announcement
// bar, the navbar hiding on scroll, the footer, and where focus goes on navigation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, sleep, useSite, appStarted, waitForApp, waitForFirstPaintStyles } from '../lib.mjs';

const ctx = useSite({ shell: true });

const bar = (page) => page.getByRole('region', { name: 'Announcement' });

test('the first Tab reaches "Skip to main content", which moves focus to the article (past the sidebar)', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  assert.equal(await skip.evaluate((el) => el === document.activeElement), true);
  assert.ok(await skip.isVisible(), 'visible while focused');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'ARTICLE');
  assert.equal(new URL(page.url()).hash, '', 'the address is unchanged');
  // The next Tab goes into the content, past the navbar.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => Boolean(document.activeElement?.closest('main'))), true);
  assert.deepEqual(problems, []);
  await context.close();
});

test('after a client navigation, focus starts again from the top of the page', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  const link = page.locator('nav[aria-label="Docs sidebar"] a', { hasText: 'Why FDC3?' });
  await link.focus();
  await page.keyboard.press('Enter');
  await page.locator('main h1', { hasText: 'Why FDC3?' }).waitFor();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to main content');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the announcement bar shows its content and colours, closes, and stays closed on later visits without a flash', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.shell.base + '/docs/intro', { waitUntil: 'networkidle' });
  assert.match(await bar(page).textContent(), /Shell 2\.0 is out: read the introduction\./);
  assert.equal(await bar(page).evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(255, 248, 197)');
  assert.equal(await bar(page).evaluate((el) => getComputedStyle(el).color), 'rgb(28, 30, 33)');
  const close = bar(page).getByRole('button', { name: 'Close' });
  assert.deepEqual(await close.locator('svg').evaluate((svg) => [svg.getAttribute('width'), svg.getAttribute('height')]), ['14', '14']);
  await close.click();
  assert.equal(await bar(page).count(), 0);
  // The next page load: hidden from the first paint, before any script of the theme ran.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(ctx.shell.base + '/docs/guides/first', { waitUntil: 'commit' });
  await page.locator('main h1').waitFor();
  // Parsed and styled, but the held-back scripts have not run (under load the bar's
  // stylesheet came after the parse, and the bar read as visible before any paint).
  await waitForFirstPaintStyles(page);
  assert.equal(await page.evaluate(appStarted), false, 'no script of the theme ran yet');
  assert.equal(await page.locator('.announcement-bar').count(), 1, 'in the pre-rendered HTML');
  assert.equal(await page.locator('.announcement-bar').isVisible(), false, 'but hidden');
  release();
  await page.waitForLoadState('networkidle');
  assert.equal(await bar(page).count(), 0, 'and gone after hydration');
  assert.deepEqual(problems, []);
  await context.close();
});

test('an announcement with a new id shows again to readers who closed an older one', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('docsite-announcement-id', 'release-1');
    localStorage.setItem('docsite-announcement-dismiss', 'true');
  });
  await page.goto(ctx.shell.base + '/docs/intro', { waitUntil: 'networkidle' });
  assert.ok(await bar(page).isVisible());
  assert.equal(await page.evaluate(() => localStorage.getItem('docsite-announcement-id')), 'release-2');
  assert.equal(await page.evaluate(() => localStorage.getItem('docsite-announcement-dismiss')), null);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the FDC3 site has no announcement bar', async () => {
  const { page, context } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/', { waitUntil: 'networkidle' });
  assert.equal(await page.locator('.announcement-bar').count(), 0);
  await context.close();
});

test('with hideOnScroll, the navbar hides on scroll down and shows on scroll up, at the top and on navigation', async () => {
  const { page, context, problems } = await openPage(ctx.browser, { height: 700 });
  await page.goto(ctx.shell.base + '/docs/guides/long', { waitUntil: 'networkidle' });
  const navbar = page.locator('nav[aria-label="Main"]');
  const shown = async () => {
    await sleep(350); // the slide transition
    const box = await navbar.boundingBox();
    return box.y + box.height > 1;
  };
  assert.equal(await shown(), true, 'at the top');
  await page.mouse.move(700, 400);
  await page.mouse.wheel(0, 1200);
  assert.equal(await shown(), false, 'scrolling down');
  await page.mouse.wheel(0, -300);
  assert.equal(await shown(), true, 'scrolling up');
  await page.mouse.wheel(0, 600);
  assert.equal(await shown(), false, 'down again');
  await page.evaluate(() => window.scrollTo(0, 10));
  assert.equal(await shown(), true, 'near the top');
  // An anchor: the navbar stays out of the way of the target.
  await page.locator('main').getByRole('link', { name: 'section 8', exact: true }).click();
  await page.waitForURL('**#section-8');
  assert.equal(await shown(), false, 'after jumping to an anchor');
  // A page without an anchor: shown.
  await page.locator('nav[aria-label="Docs sidebar"]').getByRole('link', { name: 'First guide' }).click();
  await page.locator('main h1', { hasText: 'First guide' }).waitFor();
  assert.equal(await shown(), true, 'on a new page');
  assert.deepEqual(problems, []);
  await context.close();
});

test('without hideOnScroll (the FDC3 site), the navbar stays at the top while scrolling', async () => {
  const { page, context } = await openPage(ctx.browser, { height: 700 });
  await page.goto(ctx.server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  await page.mouse.move(700, 400);
  await page.mouse.wheel(0, 2000);
  await sleep(350);
  const box = await page.locator('nav[aria-label="Main"]').boundingBox();
  assert.equal(Math.round(box.y), 0);
  await context.close();
});

test('the FDC3 footer has its link columns, the community links and the copyright', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.server.base + '/', { waitUntil: 'networkidle' });
  const footer = page.locator('footer');
  const link = (name) => footer.getByRole('link', { name, exact: true });
  const internal = {
    'Getting Started': '/docs/fdc3-intro',
    'Supported Platforms': '/docs/next/api/supported-platforms',
    'API Reference': '/docs/api/ref/DesktopAgent',
    'Use Cases': '/docs/use-cases/overview',
    Training: '/training',
    Trademarks: '/docs/next/trademarks',
    Users: '/users',
    Versions: '/versions',
  };
  for (const [name, href] of Object.entries(internal)) {
    assert.equal(await link(name).getAttribute('href'), href, name);
    assert.equal(await link(name).getAttribute('target'), null, `${name} stays in the tab`);
  }
  const external = {
    FINOS: 'https://www.finos.org',
    'Slack (#fdc3)': 'https://finos-lf.slack.com/messages/fdc3/',
    'Stack Overflow': 'https://stackoverflow.com/questions/tagged/fdc3',
    'Mailing list': 'https://groups.google.com/a/finos.org/g/fdc3',
  };
  for (const [name, href] of Object.entries(external)) {
    assert.equal(await link(name).getAttribute('href'), href, name);
    assert.equal(await link(name).getAttribute('target'), '_blank', name);
    assert.equal(await link(name).getAttribute('rel'), 'noopener noreferrer', name);
  }
  assert.match(await footer.textContent(), /Copyright © 2019-2025 FINOS/);
  // A footer link navigates client-side.
  await waitForApp(page);
  await page.evaluate(() => (window.__sameDocument = true));
  await link('Users').click();
  await page.locator('main h1', { hasText: 'Who is using FDC3?' }).waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), true);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a footer can be a flat list of links with a logo (light and dark image, link, size)', async () => {
  const { page, context, problems } = await openPage(ctx.browser);
  await page.goto(ctx.shell.base + '/about', { waitUntil: 'networkidle' });
  const footer = page.locator('footer');
  assert.deepEqual(await footer.locator('li a').allTextContents(), ['About', 'Versions', 'Chat']);
  assert.equal(await footer.getByRole('link', { name: 'Chat' }).getAttribute('target'), '_blank');
  const logoLink = footer.getByRole('link', { name: 'Shell foundation' });
  assert.equal(await logoLink.getAttribute('href'), 'https://example.com/foundation');
  const visibleLogo = () =>
    footer.locator('img:visible').evaluate((img) => [img.getAttribute('src'), img.width, img.height, img.alt]);
  assert.deepEqual(await visibleLogo(), ['/img/logo.svg', 120, 40, 'Shell foundation']);
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  assert.deepEqual(await visibleLogo(), ['/img/logo-dark.svg', 120, 40, 'Shell foundation']);
  assert.match(await footer.textContent(), /Copyright © 2019-2025 Shell contributors/);
  assert.deepEqual(problems, []);
  await context.close();
});
