// A Docusaurus site's own look (issue 36), on the engine's `fixtures/docusaurus-skin`: its
// custom CSS wins over the theme's at equal specificity, its Prism themes colour the code
// blocks in light and dark mode, and its navbar and footer styles and logo variants show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureReport, openPage, serveFixture, useSite } from '../lib.mjs';

const ctx = useSite({ fixture: 'docusaurus-skin' });
const DOC = '/docs/intro';

/** A page of the fixture in `mode` (the site follows localStorage `theme`, as Docusaurus does). */
async function open(mode) {
  const opened = await openPage(ctx.browser);
  if (mode === 'dark') await opened.page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await opened.page.goto(ctx.server.base + DOC, { waitUntil: 'networkidle' });
  assert.equal(await opened.page.evaluate(() => document.documentElement.dataset.theme), mode);
  return opened;
}

function style(page, selector, property) {
  return page.locator(selector).first().evaluate((el, p) => getComputedStyle(el)[p], property);
}

test('the site\'s custom CSS is linked after the theme\'s and wins at equal specificity', async () => {
  // As written by the build: the theme's stylesheet first, the site's at the end of the head
  // (the Prism colours, then customCss).
  const html = await (await fetch(ctx.server.base + DOC)).text();
  const links = [...html.matchAll(/<link rel="stylesheet"([^>]*) href="([^"]+)"/g)];
  // The theme's print stylesheet applies to paper only: it decides nothing on screen.
  assert.deepEqual(links.filter((m) => /media="print"/.test(m[1])).map((m) => m[2].replace(/-[\w-]+\.css$/, '')), ['/assets/print']);
  // Infima and the theme's bridge onto its variables around the theme's own (issue 36,
  // docusaurus-infima.test.mjs).
  const sheets = links.filter((m) => !/media=/.test(m[1])).map((m) => m[2]);
  assert.equal(sheets.length, 5, sheets.join(' '));
  assert.match(sheets[0], /^\/assets\/infima-[\w-]+\.css$/);
  assert.match(sheets[1], /^\/assets\/index-[\w-]+\.css$/);
  assert.match(sheets[2], /^\/assets\/docusaurus-[\w-]+\.css$/);
  assert.match(sheets[3], /^\/_docsite\/custom\/[0-9a-f]+-prism\.css$/);
  assert.match(sheets[4], /^\/_docsite\/custom\/[0-9a-f]+-custom\.css$/);
  assert.match(html, /-custom\.css">(<[^>]+>)*<\/head>/, 'nothing after the site\'s stylesheets but the end of the head');
  const { page, context, problems } = await open('light');
  // `.footer { background-color: #252525 }` against the theme's own one-class footer rule.
  assert.equal(await style(page, 'footer.footer', 'backgroundColor'), 'rgb(37, 37, 37)');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the Prism themes colour code blocks: `theme` in light mode, `darkTheme` in dark mode', async () => {
  const expected = {
    light: { bg: 'rgb(251, 247, 233)', text: 'rgb(42, 42, 64)', keyword: 'rgb(177, 16, 90)', weight: '700', string: 'rgb(28, 122, 52)', comment: 'italic' },
    dark: { bg: 'rgb(26, 16, 51)', text: 'rgb(216, 216, 240)', keyword: 'rgb(255, 179, 71)', weight: '400', string: 'rgb(127, 224, 194)', comment: 'normal' },
  };
  for (const [mode, want] of Object.entries(expected)) {
    const { page, context, problems } = await open(mode);
    const block = 'main .code-block';
    assert.equal(await style(page, block, 'backgroundColor'), want.bg, mode);
    assert.equal(await style(page, `${block} pre`, 'color'), want.text, mode);
    assert.equal(await page.locator(`${block} .k`).first().innerText(), 'const');
    assert.equal(await style(page, `${block} .k`, 'color'), want.keyword, mode);
    assert.equal(await style(page, `${block} .k`, 'fontWeight'), want.weight, mode);
    assert.equal(await style(page, `${block} .s`, 'color'), want.string, mode);
    assert.equal(await style(page, `${block} .c`, 'fontStyle'), want.comment, mode);
    // An identifier has the plain colour, as Prism leaves it untokenised.
    assert.equal(await style(page, `${block} .v`, 'color'), want.text, mode);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('navbar.style dark and footer.style dark give dark bars in both modes, with Docusaurus\'s classes', async () => {
  for (const mode of ['light', 'dark']) {
    const { page, context, problems } = await open(mode);
    assert.equal(await page.locator('nav.navbar.navbar--dark').count(), 1);
    assert.equal(await style(page, 'nav.navbar', 'backgroundColor'), 'rgb(36, 37, 38)', mode);
    assert.equal(await style(page, 'nav.navbar', 'color-scheme'), 'dark', mode);
    assert.equal(await style(page, 'nav.navbar b', 'color'), 'rgb(227, 232, 238)', `the title, light on dark in ${mode} mode`);
    assert.equal(await page.locator('footer.footer.footer--dark').count(), 1);
    // The custom CSS sets the footer's ground; its text is the dark footer's, light.
    const [r, g, b] = (await style(page, 'footer.footer', 'color')).match(/\d+/g).map(Number);
    assert.ok(r > 190 && g > 190 && b > 190, `light footer text in ${mode} mode: ${r},${g},${b}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('navbar.style primary is the site\'s primary colour (Infima\'s variable) with light text', async () => {
  const server = await serveFixture('docusaurus-skin', {
    append: {
      'docusaurus.config.js': "\nmodule.exports.themeConfig.navbar.style = 'primary';\n",
      'src/css/custom.css': '\n:root { --ifm-color-primary: #2e8555; }\n',
    },
  });
  try {
    const { page, context, problems } = await openPage(ctx.browser);
    await page.goto(server.base + DOC, { waitUntil: 'networkidle' });
    assert.equal(await page.locator('nav.navbar.navbar--primary').count(), 1);
    assert.equal(await style(page, 'nav.navbar', 'backgroundColor'), 'rgb(46, 133, 85)');
    // The active item too is white on the primary ground.
    assert.equal(await style(page, 'nav.navbar a[aria-current="page"]', 'color'), 'rgb(255, 255, 255)');
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    server.stop();
  }
});

test('the navbar logo has its configured size and its dark variant in dark mode', async () => {
  for (const [mode, file] of [['light', '/img/lantern.svg'], ['dark', '/img/lantern-dark.svg']]) {
    const { page, context, problems } = await open(mode);
    const shown = page.locator('nav.navbar img[alt="Lanterns logo"]').filter({ visible: true });
    assert.equal(await shown.count(), 1, mode);
    assert.equal(new URL(await shown.evaluate((img) => img.src)).pathname, file, mode);
    assert.deepEqual(await shown.evaluate((img) => [img.getBoundingClientRect().width, img.getBoundingClientRect().height]), [40, 24], mode);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('the build honours these keys without a warning', () => {
  const report = fixtureReport(ctx.server.site);
  assert.doesNotMatch(report, /prism|navbar|footer|logo|customCss/, report);
});
