// Accessibility over the site's routes: axe-core finds no serious or critical violation,
// in light and then dark mode, on every doc route of the latest version and every site
// page (home, community, get involved, training, users, versions, search), enumerated
// from the built site's route manifest. One browser, a few pages at a time.
//
// The full run (every 2.2 route) takes a few minutes on the 2-core machine, so the test
// command runs a fixed subset (`A11Y_ROUTES=ci`, the default): every site page, the first
// doc of every folder of the version and its largest docs. `bench/axe.sh`
// (`A11Y_ROUTES=all`) runs every route and prints the time.
//
// axe is injected into the page under test only (bypassing the site's CSP): it is never
// part of the site. A failure names the route, the mode, the rule and the elements.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SITE_BUILD, openPage, siteChunks, unexpected, useSite, waitForApp } from '../lib.mjs';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const MODE = process.env.A11Y_ROUTES ?? 'ci';
const PARALLEL = Number(process.env.A11Y_PARALLEL ?? 3);
/** How many of the largest pages (by pre-rendered HTML size) the CI subset adds. */
const CI_LARGEST = 6;

/** The version whose doc routes are checked: the site's latest (served under /docs). */
async function latestRoutes(base) {
  const { site, routes } = await siteChunks(base);
  const latest = site.versions.find((v) => v.isLast)?.name ?? '2.2';
  const entries = Object.entries(routes.routes);
  const docs = entries.filter(([, r]) => r.kind === 'doc' && r.version === latest).map(([p]) => p);
  const pages = entries.filter(([, r]) => r.kind === 'page' || r.kind === 'search').map(([p]) => p);
  return { latest, docs: docs.sort(), pages: pages.sort() };
}

/** Size of a route's pre-rendered HTML, to find the largest pages. */
function htmlSize(route) {
  for (const file of [path.join(SITE_BUILD, route, 'index.html'), path.join(SITE_BUILD, `${route}.html`)]) {
    if (fs.existsSync(file)) return fs.statSync(file).size;
  }
  return 0;
}

/**
 * The routes this run checks: every one (`all`), or the CI subset: every site page, the
 * first doc of every folder (one of each kind: API, context and intent references, use
 * cases with mermaid diagrams, meeting minutes with task lists, ...) and the largest docs.
 */
function selectRoutes({ docs, pages }) {
  if (MODE === 'all') return [...pages, ...docs];
  const firstOfFolder = new Map();
  for (const route of docs) {
    const folder = route.slice(0, route.lastIndexOf('/'));
    if (!firstOfFolder.has(folder)) firstOfFolder.set(folder, route);
  }
  const largest = [...docs].sort((a, b) => htmlSize(b) - htmlSize(a) || a.localeCompare(b)).slice(0, CI_LARGEST);
  const picked = new Set([...firstOfFolder.values(), ...largest]);
  return [...pages, ...docs.filter((route) => picked.has(route))];
}

/** Serious and critical violations of the page as it is now, one line per rule. */
async function audit(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    window.axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}  ${n.html.slice(0, 120)}`);
      const more = v.nodes.length > 5 ? `\n      (${v.nodes.length - 5} more)` : '';
      return `${v.impact} ${v.id}: ${v.help}\n      ${nodes.join('\n      ')}${more}`;
    });
}

/**
 * Draws every mermaid diagram of the page (they render when they near the viewport) and
 * waits for them. With `redrawn`, waits until every diagram drawn before has been drawn
 * again (after a colour-mode switch).
 */
async function drawDiagrams(page, redrawn = false) {
  const diagrams = await page.locator('.mermaid-diagram').all();
  if (diagrams.length === 0) return;
  if (redrawn) {
    await page.waitForFunction(
      () => [...document.querySelectorAll('.mermaid-diagram svg')].every((svg) => !window.__drawnSvgs.has(svg)),
      null,
      { timeout: 20_000 },
    );
    return;
  }
  for (const diagram of diagrams) await diagram.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () => [...document.querySelectorAll('.mermaid-diagram')].every((d) => d.querySelector('svg, p')),
    null,
    { timeout: 20_000 },
  );
  await page.evaluate(() => {
    window.__drawnSvgs = new Set(document.querySelectorAll('.mermaid-diagram svg'));
    window.scrollTo(0, 0);
  });
}

let routes = [];
let latest;
const ctx = useSite({
  async setup({ server }) {
    const found = await latestRoutes(server.base);
    latest = found.latest;
    routes = selectRoutes(found);
    console.log(`# axe over ${routes.length} routes (${MODE === 'all' ? 'all' : 'CI subset'} of ${found.docs.length} ${latest} docs + ${found.pages.length} site pages), ${PARALLEL} at a time`);
    if (MODE !== 'all') console.log(`# ${routes.join(' ')}`);
  },
});

/** Checks one route in light, then dark mode; returns the failures as text. */
async function checkRoute(route) {
  const { page, context, problems } = await openPage(ctx.browser, { bypassCSP: true, reducedMotion: 'reduce' });
  try {
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    const response = await page.goto(ctx.server.base + encodeURI(route), { waitUntil: 'networkidle' });
    const failures = [];
    if (!response?.ok()) failures.push(`HTTP ${response?.status()}`);
    // The switch to dark mode below is heard by the app, which starts after the first paint:
    // on a busy machine the network can be idle before then.
    await waitForApp(page);
    // Colours are measured, not their transitions (the switch below would start some).
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    await drawDiagrams(page);
    for (const mode of ['light', 'dark']) {
      if (mode === 'dark') {
        // The colour-mode context follows the choice made in another tab: switch in place.
        await page.evaluate(() => window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' })));
        await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
        await drawDiagrams(page, true);
      }
      for (const line of await audit(page)) failures.push(`[${mode}] ${line}`);
    }
    for (const problem of unexpected(problems)) failures.push(`console: ${problem}`);
    return failures;
  } finally {
    await context.close();
  }
}

test('every route checked has no serious or critical accessibility violation in light or dark mode', async () => {
  const started = Date.now();
  const failed = [];
  let next = 0;
  async function worker() {
    while (next < routes.length) {
      const route = routes[next++];
      const failures = await checkRoute(route).catch((error) => [`could not be checked: ${error.message}`]);
      if (failures.length > 0) failed.push(`${route}\n    ${failures.join('\n    ')}`);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  console.log(`# ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  assert.ok(routes.length > (MODE === 'all' ? 100 : 20), `too few routes found (${routes.length})`);
  assert.equal(failed.length, 0, `${failed.length} of ${routes.length} routes have violations:\n${failed.sort().join('\n')}`);
});
