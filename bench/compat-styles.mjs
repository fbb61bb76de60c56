// Computed-style probe of one Docusaurus site (issue 36; bench/compat-corpus.sh
// --with-docusaurus): the same routes of docsite's build and of Docusaurus's, and in each the
// computed styles of the same elements, found by the classic theme's class names (its DOM
// contract: `.navbar`, `.footer`, `.markdown`, `.menu__link--active`, `.theme-admonition`, …)
// and by the Infima classes a site's pages use (`.hero`, `.button--primary`, `.row`/`.col`).
// A probe counts when Docusaurus's page has its element; it matches when docsite's page has
// one too and every property listed is the same (colours within 3 per channel, lengths within
// 1 px, the first font family). Both colour modes, at 1280 x 900.
//
// Usage: node bench/compat-styles.mjs DOCSITE_BUILD DOCUSAURUS_BUILD [--json FILE] [--name NAME] ROUTE ...
// Prints each probe that differs (`-v`: every probe) and `score NAME: matching/total`.
// Serves the builds like bench/compat-screens.mjs, on $CORPUS_PORT (default 4500) and the next.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serveBuilds } from './compat-serve.mjs';
import { e2eLib } from './e2e-lib.mjs';

/** [name, selector, properties]: the first element of `selector` in the page's main region or the whole page. */
export const PROBES = [
  ['page background', 'html', ['backgroundColor']],
  ['body text', 'body', ['fontSize', 'fontFamily', 'color', 'lineHeight']],
  ['navbar', 'nav.navbar', ['backgroundColor', 'height', 'boxShadow']],
  ['navbar link', '.navbar__item.navbar__link', ['color', 'fontWeight', 'fontSize']],
  ['footer', 'footer.footer', ['backgroundColor', 'color']],
  ['footer link', '.footer__link-item', ['color']],
  ['content link', '.markdown a[href]:not(.hash-link)', ['color', 'textDecorationLine']],
  ['h1', '.markdown h1, main h1', ['fontSize', 'fontWeight', 'color']],
  ['h2', '.markdown h2', ['fontSize', 'fontWeight', 'color']],
  ['inline code', '.markdown p > code', ['backgroundColor', 'fontSize']],
  // The ground of a code block: its <pre>'s or the nearest box around it that has one.
  ['code block', '.markdown pre', ['shownBackground', 'fontSize']],
  ['table', '.markdown table', ['display', 'borderCollapse']],
  ['table cell', '.markdown table td', ['borderTopColor', 'paddingTop', 'paddingLeft']],
  ['striped row', '.markdown table tbody tr:nth-child(2n)', ['backgroundColor']],
  ['admonition', '.theme-admonition', ['borderLeftColor', 'borderLeftWidth', 'backgroundColor']],
  ['hero', '.hero', ['backgroundColor', 'color', 'paddingTop']],
  ['primary button', '.button--primary', ['backgroundColor', 'color', 'borderRadius', 'fontWeight']],
  // A site page's grid (a doc page's layout has rows of its own).
  ['grid row', 'html:not(.docs-wrapper) .row', ['display', 'flexWrap']],
  ['grid column', 'html:not(.docs-wrapper) .row > .col', ['flexGrow', 'maxWidth', 'paddingLeft']],
  ['card', '.card', ['backgroundColor', 'borderRadius', 'boxShadow']],
  ['sidebar link', '.menu__link:not(.menu__link--active)', ['color', 'fontSize', 'paddingLeft']],
  ['active sidebar link', '.menu__link--active:not(.menu__link--sublist)', ['color', 'backgroundColor', 'fontWeight']],
  ['top-level sidebar category', '.theme-doc-sidebar-item-category-level-1 > .menu__list-item-collapsible > .menu__link', ['fontWeight', 'color']],
  ['table of contents link', '.table-of-contents__link', ['color', 'fontSize']],
  ['breadcrumbs item', '.breadcrumbs__link', ['color', 'fontSize', 'borderRadius']],
  ['pagination link', '.pagination-nav__link', ['borderTopColor', 'borderRadius']],
];

const LENGTH = /^-?[\d.]+px$/;

/** Whether two computed values are the same for a reader. */
export function sameValue(prop, a, b) {
  if (a === b) return true;
  if (a == null || b == null) return false;
  if (prop === 'fontFamily') return first(a) === first(b);
  if (LENGTH.test(a) && LENGTH.test(b)) return Math.abs(parseFloat(a) - parseFloat(b)) <= 1;
  const ca = rgba(a);
  const cb = rgba(b);
  if (ca && cb) return ca.every((v, i) => Math.abs(v - cb[i]) <= (i === 3 ? 0.02 : 3));
  return false;
}

const first = (family) => family.split(',')[0].trim().replace(/^["']|["']$/g, '').toLowerCase();

function rgba(value) {
  // color-mix() computes to color(srgb r g b / a), channels from 0 to 1.
  const srgb = /^color\(srgb ([^)]+)\)$/.exec(value);
  if (srgb) {
    const [r, g, b, a = 1] = srgb[1].split(/[\s/]+/).filter(Boolean).map(Number);
    return [r * 255, g * 255, b * 255, a];
  }
  const m = /^rgba?\(([^)]+)\)$/.exec(value);
  if (!m) return null;
  const parts = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
  return parts.length === 3 ? [...parts, 1] : parts;
}

/** The probes' values in the page open now: { name: { prop: value } | null }. */
async function measure(page) {
  return page.evaluate((probes) => {
    const transparent = (c) => c === 'transparent' || /^rgba\(.*, 0\)$/.test(c);
    const shown = (el) => {
      for (let e = el, i = 0; e && i < 4; e = e.parentElement, i++) {
        const bg = getComputedStyle(e).backgroundColor;
        if (!transparent(bg)) return bg;
      }
      return 'transparent';
    };
    const out = {};
    for (const [name, selector, props] of probes) {
      const el = document.querySelector(selector);
      if (!el) {
        out[name] = null;
        continue;
      }
      const style = getComputedStyle(el);
      out[name] = Object.fromEntries(props.map((p) => [p, p === 'shownBackground' ? shown(el) : style[p]]));
    }
    return out;
  }, PROBES);
}

/** Compares the probes of both builds; returns { matching, total, rows }. */
export function compare(results) {
  const rows = [];
  for (const [key, { docusaurus, docsite }] of Object.entries(results)) {
    for (const [name, , props] of PROBES) {
      const want = docusaurus[name];
      if (!want) continue;
      const got = docsite[name];
      const diffs = got ? props.filter((p) => !sameValue(p, want[p], got[p])).map((p) => `${p}: ${want[p]} | ${got[p]}`) : ['no such element'];
      rows.push({ where: key, name, ok: diffs.length === 0, diffs });
    }
  }
  return { matching: rows.filter((r) => r.ok).length, total: rows.length, rows };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (flag) => {
    const i = args.indexOf(flag);
    return i === -1 ? undefined : args.splice(i, 2)[1];
  };
  const json = opt('--json');
  const name = opt('--name') ?? 'site';
  const verbose = args.includes('-v') ? (args.splice(args.indexOf('-v'), 1), true) : false;
  const [docsiteBuild, docusaurusBuild, ...routes] = args;
  if (!docusaurusBuild || routes.length === 0) {
    console.error('usage: node bench/compat-styles.mjs DOCSITE_BUILD DOCUSAURUS_BUILD [--json FILE] [--name NAME] [-v] ROUTE ...');
    process.exit(2);
  }
  const { launch, openPage, BIN } = await e2eLib();
  const browser = await launch();
  const results = {};
  try {
    await serveBuilds(BIN, docsiteBuild, docusaurusBuild, async (label, base) => {
      for (const mode of ['light', 'dark']) {
        // Docusaurus's pages have no docsite app to wait for.
        const { page, context } = await openPage(browser, { width: 1280, height: 900, waitForApp: label === 'docsite' });
        await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
        for (const route of routes) {
          await page.goto(base + route, { waitUntil: 'networkidle' });
          await page.waitForTimeout(300);
          const key = `${route} ${mode}`;
          results[key] ??= {};
          results[key][label] = await measure(page);
        }
        await context.close();
      }
    });
  } finally {
    await browser.close();
  }
  const { matching, total, rows } = compare(results);
  for (const row of rows) {
    if (verbose || !row.ok) console.log(`${row.ok ? 'same' : 'DIFF'}  ${row.where}  ${row.name}${row.ok ? '' : `: ${row.diffs.join('; ')}`}`);
  }
  console.log(`score ${name}: ${matching}/${total} style probes match Docusaurus's build`);
  if (json) fs.writeFileSync(json, JSON.stringify({ name, matching, total, rows }, null, 2));
}
