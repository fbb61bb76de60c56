// A Docusaurus site looks like itself (issue 36), on the engine's `fixtures/docusaurus-infima`:
// Infima's variables and classes are there (its brand colour from custom CSS, the hero,
// buttons, the grid, cards, dark navbar and footer, admonition colours) and the theme's
// components carry the classic theme's class names. The values are those of Docusaurus's
// own build of such a site (Infima 0.2.0-alpha.45 defaults).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useSite } from '../lib.mjs';

const ctx = useSite({ fixture: 'docusaurus-infima' });

async function open(route, mode = 'light') {
  const opened = await openPage(ctx.browser, { width: 1280, height: 900 });
  await opened.page.addInitScript((m) => localStorage.setItem('theme', m), mode);
  await opened.page.goto(ctx.server.base + route, { waitUntil: 'networkidle' });
  return opened;
}

function styles(page, selector, props) {
  return page.locator(selector).first().evaluate((el, ps) => Object.fromEntries(ps.map((p) => [p, getComputedStyle(el)[p]])), props);
}

test('Infima comes before the theme\'s stylesheet, the theme\'s bridge after it, the site\'s CSS last', async () => {
  const html = await (await fetch(ctx.server.base + '/docs/intro')).text();
  const sheets = [...html.matchAll(/<link rel="stylesheet"([^>]*) href="([^"]+)"/g)].filter((m) => !/media=/.test(m[1])).map((m) => m[2]);
  assert.equal(sheets.length, 4, sheets.join(' '));
  assert.match(sheets[0], /^\/assets\/infima-[\w-]+\.css$/);
  assert.match(sheets[1], /^\/assets\/index-[\w-]+\.css$/);
  assert.match(sheets[2], /^\/assets\/docusaurus-[\w-]+\.css$/);
  assert.match(sheets[3], /^\/_docsite\/custom\/[0-9a-f]+-custom\.css$/);
  // A site page's own stylesheets come after Infima (and before the theme's).
  const home = await (await fetch(ctx.server.base + '/')).text();
  const homeSheets = [...home.matchAll(/<link rel="stylesheet"([^>]*) href="([^"]+)"/g)].filter((m) => !/media=/.test(m[1])).map((m) => m[2]);
  assert.match(homeSheets[0], /^\/assets\/infima-[\w-]+\.css$/, homeSheets.join(' '));
  const theme = homeSheets.findIndex((s) => /^\/assets\/index-[\w-]+\.css$/.test(s));
  assert.ok(theme > 1, homeSheets.join(' '));
});

test('the home page\'s hero, buttons, grid and cards are Infima\'s, in the site\'s brand colour', async () => {
  const { page, context, problems } = await open('/');
  assert.deepEqual(await styles(page, '.hero.hero--primary', ['backgroundColor', 'color', 'paddingTop']), {
    backgroundColor: 'rgb(46, 133, 85)',
    color: 'rgb(255, 255, 255)',
    // The page's own CSS module (`padding: 3rem 0`) over Infima's `.hero` (4rem): a page's
    // stylesheets come after Infima, as in Docusaurus.
    paddingTop: '48px',
  });
  assert.deepEqual(await styles(page, '.hero__title', ['fontSize']), { fontSize: '48px' });
  assert.deepEqual(await styles(page, '.button--primary', ['backgroundColor', 'color', 'borderRadius', 'fontWeight']), {
    backgroundColor: 'rgb(46, 133, 85)',
    color: 'rgb(255, 255, 255)',
    borderRadius: '6.4px',
    fontWeight: '700',
  });
  assert.deepEqual(await styles(page, '.row', ['display', 'flexWrap']), { display: 'flex', flexWrap: 'wrap' });
  // Three `col--4` side by side, each a third of the row.
  const boxes = await page.locator('.row:not(.footer__links) > .col').evaluateAll((cols) => cols.map((c) => c.getBoundingClientRect().toJSON()));
  assert.equal(boxes.length, 3);
  assert.equal(new Set(boxes.map((b) => Math.round(b.top))).size, 1, 'one line');
  const row = await page.locator('.row:not(.footer__links)').first().evaluate((r) => r.getBoundingClientRect().width);
  for (const b of boxes) assert.ok(Math.abs(b.width - row / 3) < 1, `${b.width} of ${row}`);
  assert.deepEqual(await styles(page, '.card', ['borderRadius', 'backgroundColor']), { borderRadius: '12.8px', backgroundColor: 'rgb(255, 255, 255)' });
  assert.deepEqual(problems, []);
  await context.close();
});

test('dark navbar and footer have Infima\'s grounds; links and text take the brand colour and Infima\'s type', async () => {
  for (const [mode, primary, text] of [
    ['light', 'rgb(46, 133, 85)', 'rgb(28, 30, 33)'],
    ['dark', 'rgb(37, 194, 160)', 'rgb(227, 227, 227)'],
  ]) {
    const { page, context, problems } = await open('/docs/intro', mode);
    assert.equal((await styles(page, 'nav.navbar.navbar--dark', ['backgroundColor'])).backgroundColor, 'rgb(36, 37, 38)', mode);
    assert.equal((await styles(page, 'footer.footer.footer--dark', ['backgroundColor'])).backgroundColor, 'rgb(48, 56, 70)', mode);
    assert.deepEqual(await styles(page, 'body', ['fontSize', 'color']), { fontSize: '16px', color: text }, mode);
    assert.equal((await styles(page, '.theme-doc-markdown.markdown p a', ['color'])).color, primary, mode);
    assert.equal((await styles(page, '.markdown h2', ['fontSize'])).fontSize, '32px', mode);
    assert.equal((await styles(page, '.menu__link.menu__link--active', ['color'])).color, primary, mode);
    assert.equal((await styles(page, '.navbar__item.navbar__link.navbar__link--active', ['color'])).color, primary, mode);
    assert.deepEqual(problems, [], mode);
    await context.close();
  }
});

test('the theme\'s components carry the classic theme\'s class names on the same elements', async () => {
  const { page, context, problems } = await open('/docs/care/glass');
  for (const selector of [
    'nav.navbar .navbar__item.navbar__link',
    'footer.footer a.footer__link-item',
    'footer.footer .row.footer__links > .col.footer__col a.footer__link-item',
    'ul.menu__list > li.theme-doc-sidebar-item-category.menu__list-item > .menu__list-item-collapsible > .menu__link.menu__link--sublist.menu__link--active',
    'li.theme-doc-sidebar-item-category ul.menu__list > li.menu__list-item > a.menu__link.menu__link--active[aria-current="page"]',
    'nav a.breadcrumbs__link[href="/docs/care/wicks"]',
    // The home icon and the current page are Infima's pills too.
    'nav a.breadcrumbs__link[href="/"] svg',
    'nav span.breadcrumbs__link[aria-current="page"]',
    // The sidebar's level classes, which a site's CSS targets (in the sidebar's data: a
    // docsite.toml site's sidebar has none).
    'ul.menu__list > li.theme-doc-sidebar-item-link.theme-doc-sidebar-item-link-level-1 > a.menu__link[href="/docs/intro"]',
    'li.theme-doc-sidebar-item-category.theme-doc-sidebar-item-category-level-1 > .menu__list-item-collapsible > .menu__link',
    'li.theme-doc-sidebar-item-category-level-1 li.theme-doc-sidebar-item-link.theme-doc-sidebar-item-link-level-2 > a.menu__link--active',
    'article .theme-doc-markdown.markdown',
    'nav.pagination-nav a.pagination-nav__link',
  ]) {
    assert.equal(await page.locator(selector).count() > 0, true, selector);
  }
  // The footer's columns are Infima's row and columns, as the classic theme's.
  assert.deepEqual(await styles(page, 'footer .footer__links', ['display', 'flexWrap']), { display: 'flex', flexWrap: 'wrap' });
  assert.deepEqual(await styles(page, 'footer .footer__col', ['flexGrow', 'maxWidth', 'paddingLeft']), { flexGrow: '1', maxWidth: '100%', paddingLeft: '16px' });
  // Infima's breadcrumb at the classic theme's size (0.8): the home icon's pill, and the
  // current page's filled in the active colour.
  assert.deepEqual(await styles(page, 'nav a.breadcrumbs__link[href="/"]', ['color', 'fontSize', 'borderRadius', 'paddingLeft']), {
    color: 'rgb(28, 30, 33)',
    fontSize: '12.8px',
    borderRadius: '24px',
    paddingLeft: '10.24px',
  });
  assert.deepEqual(await styles(page, 'nav .breadcrumbs__link[aria-current="page"]', ['color', 'backgroundColor', 'fontWeight']), {
    color: 'rgb(46, 133, 85)',
    backgroundColor: 'rgba(0, 0, 0, 0.05)',
    fontWeight: '400',
  });
  assert.deepEqual(problems, []);
  await context.close();
});

test('an admonition is Infima\'s alert of its kind', async () => {
  const { page, context, problems } = await open('/docs/intro');
  assert.equal(await page.locator('.theme-admonition.theme-admonition-info.alert.alert--info').count(), 1);
  // alert--info: --ifm-color-info-contrast-background and its dark border.
  assert.deepEqual(await styles(page, '.theme-admonition', ['backgroundColor', 'borderLeftColor', 'borderLeftWidth']), {
    backgroundColor: 'rgb(238, 249, 253)',
    borderLeftColor: 'rgb(76, 179, 212)',
    borderLeftWidth: '5px',
  });
  assert.deepEqual(await styles(page, '.table-of-contents .table-of-contents__link', ['fontSize']), { fontSize: '12.8px' });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a `# ` heading after other content is the doc\'s title where it stands, at Infima\'s title size', async () => {
  // docs/spark.md: an `&nbsp;` paragraph, then `# Striking a spark` (its first heading).
  const { page, context, problems } = await open('/docs/spark');
  // The page draws no title of its own: the heading is the one h1, in a <header> after the
  // paragraph, without an anchor, as Docusaurus shows its content title.
  assert.equal(await page.locator('main h1').count(), 1);
  assert.equal(await page.locator('.theme-doc-markdown.markdown > p + header > h1:not([id])').innerText(), 'Striking a spark');
  assert.deepEqual(await styles(page, '.markdown h1', ['fontSize']), { fontSize: '48px' });
  assert.deepEqual(await styles(page, '.markdown h2', ['fontSize']), { fontSize: '32px' });
  assert.deepEqual(problems, []);
  await context.close();
});
