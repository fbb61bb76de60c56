// Shared setup for the browser tests: build a site (the FDC3 site, already built into
// site/build, or a fixture site of tests/e2e/fixtures/ or the engine's fixtures/), serve it with `docsite serve` on a free
// port, and drive Debian's Chromium through playwright-core (which never downloads a
// browser).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { after, before } from 'node:test';
import { BIN, freePort } from './dev-server.mjs';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE_BUILD = process.env.DOCSITE_BUILD ?? path.join(root, 'site/build');
export { BIN, freePort, startDev } from './dev-server.mjs';
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const ENGINE_FIXTURES = path.join(root, 'fixtures');

function hashTree(hash, dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    // The cache of an earlier in-place build, and packages it installed (from the lockfile).
    if (entry.name === '.docsite' || entry.name === 'node_modules') continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, file);
    else hash.update(entry.name).update(fs.readFileSync(file));
  }
}

/** The folder of fixture `name`: the browser tests' own, the engine's, or a path. */
function fixtureDir(name) {
  if (path.isAbsolute(name)) return name;
  for (const dir of [FIXTURES, ENGINE_FIXTURES]) {
    if (fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  throw new Error(`no fixture site "${name}" in ${FIXTURES} or ${ENGINE_FIXTURES}`);
}

/**
 * Builds fixture site `name` with the release binary into a temporary folder and returns
 * it. `name` is a folder of `tests/e2e/fixtures/` (the shell), of the engine's `fixtures/`
 * (compat, compat-docs, react-pages, ...) or an absolute path. The build reads a copy of
 * the fixture (a site with React pages writes its build cache into the site folder) and
 * its output is reused while the fixture, the options, the binary and the built theme are
 * unchanged (every spec file runs in its own process).
 *
 * Options: `env`, extra environment variables for the build; `append`, text to add to
 * files of the copy (`{ 'docsite.toml': '[search.algolia]…' }`), to try a setting the
 * fixture lacks; `site`, the site's folder inside the fixture when it is not the fixture
 * itself (`website`, with content beside it).
 */
export function buildFixture(name, { env = {}, append = {}, site: siteFolder = '.' } = {}) {
  const source = fixtureDir(name);
  const hash = createHash('sha256');
  hashTree(hash, source);
  hash.update(JSON.stringify([env, append, siteFolder]));
  const bin = fs.statSync(BIN);
  hash.update(`${bin.size}:${bin.mtimeMs}`);
  const themeStamp = path.join(root, 'theme/dist/.docsite-theme-hash');
  if (fs.existsSync(themeStamp)) hash.update(fs.readFileSync(themeStamp));
  const variant = `${path.basename(source)}${Object.keys(env).length + Object.keys(append).length > 0 ? '-variant' : ''}`;
  const prefix = `docsite-e2e-${variant}-`;
  const out = path.join(os.tmpdir(), `${prefix}${hash.digest('hex').slice(0, 12)}`);
  if (fs.existsSync(path.join(out, '404.html'))) return out;
  // Built beside the final folder and renamed into place: spec files run in parallel, and
  // another one may be reading (or building) the same fixture.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-e2e-work-'));
  try {
    const site = path.join(work, 'site');
    fs.cpSync(source, site, { recursive: true, filter: (file) => !['.docsite', 'node_modules'].includes(path.basename(file)) });
    for (const [file, text] of Object.entries(append)) fs.appendFileSync(path.join(site, file), text);
    const result = spawnSync(BIN, ['build', path.join(site, siteFolder), '--out', path.join(work, 'out')], { encoding: 'utf8', env: { ...process.env, ...env } });
    if (result.status !== 0) throw new Error(`building fixture ${name} failed:\n${result.stderr}`);
    // The build's report (warnings), beside the output rather than served in it.
    fs.writeFileSync(path.join(work, 'report.txt'), result.stderr);
    try {
      fs.renameSync(path.join(work, 'report.txt'), `${out}.report.txt`);
      fs.renameSync(path.join(work, 'out'), out);
    } catch (error) {
      if (!fs.existsSync(path.join(out, '404.html'))) throw error; // else: built meanwhile by another spec file
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  // Outputs of earlier fixture, binary or theme versions are of no further use.
  for (const entry of fs.readdirSync(os.tmpdir())) {
    const stale = path.join(os.tmpdir(), entry);
    if (entry.startsWith(prefix) && /^[0-9a-f]{12}(?:\.report\.txt)?$/.test(entry.slice(prefix.length)) && !stale.startsWith(out)) fs.rmSync(stale, { recursive: true, force: true });
  }
  return out;
}

/** What `docsite build` printed when it built the fixture output `out` (its warnings). */
export function fixtureReport(out) {
  return fs.readFileSync(`${out}.report.txt`, 'utf8');
}

/**
 * Builds fixture site `name` (see `buildFixture`, same options) and serves it with
 * `docsite serve`: `{ base, site, stop }`, as `startServer`.
 */
export async function serveFixture(name, options) {
  return startServer(buildFixture(name, options));
}

/** Starts `docsite serve` over a built site and resolves once it answers. */
export async function startServer(site = SITE_BUILD) {
  const port = await freePort();
  const proc = spawn(BIN, ['serve', site, '--port', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(base + '/');
      return { base, site, stop: () => proc.kill() };
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  proc.kill();
  throw new Error(`docsite serve did not start: ${stderr}`);
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * The setup most spec files share, as node:test hooks of the calling file: before its
 * tests, `docsite serve` over the FDC3 site (`server`), with `shell: true` over the shell
 * fixture too (`shell`), and one Chromium (`browser`); after them, all of it is closed.
 * With `fixture`, `server` serves that fixture site instead of the FDC3 site
 * (`serveFixture(fixture, fixtureOptions)`). Returns the object the `before` hook fills
 * in, so tests read `ctx.server.base` and `openPage(ctx.browser)`. What a spec needs
 * besides (the route manifest, say) goes in `setup`, called with that object at the end
 * of the same hook: a second top-level `before` would not wait for this one (node:test
 * runs a top-level hook as soon as it is registered).
 */
export function useSite({ shell = false, fixture, fixtureOptions, setup } = {}) {
  const ctx = { server: undefined, shell: undefined, browser: undefined };
  before(async () => {
    ctx.server = fixture ? await serveFixture(fixture, fixtureOptions) : await startServer();
    if (shell) ctx.shell = await serveFixture('shell');
    ctx.browser = await launch();
    await setup?.(ctx);
  });
  after(async () => {
    await ctx.browser?.close();
    ctx.server?.stop();
    ctx.shell?.stop();
  });
  return ctx;
}

/**
 * A page that records console errors, warnings and uncaught exceptions. Requests that
 * leave 127.0.0.1 (analytics, third-party scripts) never reach the network: they are
 * answered with an empty script, unless a test routes them itself (routes added later
 * take precedence).
 *
 * Options: width, height, colorScheme, reducedMotion, hasTouch, bypassCSP (to inject
 * test tools such as axe-core into a page whose CSP forbids inline scripts), waitForApp
 * (default true: navigations wait for the app, see `settleAfterNavigation`; false for a
 * page whose app is meant not to start).
 */
export async function openPage(browser, opts = {}) {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1400, height: opts.height ?? 900 },
    colorScheme: opts.colorScheme ?? 'light',
    reducedMotion: opts.reducedMotion ?? 'no-preference',
    hasTouch: opts.hasTouch ?? false,
    bypassCSP: opts.bypassCSP ?? false,
  });
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  const page = await context.newPage();
  if (opts.waitForApp ?? true) settleAfterNavigation(page);
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { page, context, problems };
}

/** The console problems not matched by any of `expected` (regexes). */
export function unexpected(problems, ...expected) {
  return problems.filter((p) => !expected.some((re) => re.test(p)));
}

/**
 * Whether the theme's app has started on the page (run inside the page): React has taken the
 * root and hydrated its first link. The app starts only once the page has painted
 * (`theme/src/app/deferredEntry.ts`), so a test that clicks or marks the window to detect a
 * full page load waits for this first. With `orNoApp`, also true on a page that has no app
 * to start (no held entry script: not a docsite page).
 */
export function appStarted(orNoApp = false) {
  if (orNoApp && !document.querySelector('script[type="docsite/module"]')) return true;
  const root = document.getElementById('__docsite_root');
  const link = root?.querySelector('a');
  const isReact = (node, prefix) => Object.keys(node ?? {}).some((k) => k.startsWith(prefix));
  return isReact(root, '__reactContainer') && (!link || isReact(link, '__reactFiber'));
}

/**
 * Makes `page.goto` and `page.reload` that wait for `load` or `networkidle` also wait, up to
 * 5 s, for the theme's app to start on a docsite page (one with the held entry script). The
 * app starts after the first paint, on a busy machine after the network is idle; a test that
 * clicks a button or dispatches an event the app listens for would otherwise race it. A page
 * whose app cannot start (its data refused on purpose) only costs the wait. Navigations
 * that stop earlier (`commit`, `domcontentloaded`) are left as they are: tests that hold the
 * scripts back use them.
 */
function settleAfterNavigation(page) {
  for (const method of ['goto', 'reload']) {
    const navigate = page[method].bind(page);
    page[method] = async (...args) => {
      const options = (method === 'goto' ? args[1] : args[0]) ?? {};
      const response = await navigate(...args);
      if (options.waitUntil === undefined || options.waitUntil === 'load' || options.waitUntil === 'networkidle') {
        await page.waitForFunction(appStarted, true, { timeout: 5000 }).catch(() => undefined);
      }
      return response;
    };
  }
}

/** Waits until the theme's app has started (see `appStarted`). */
export async function waitForApp(page, timeout = 10_000) {
  await page.waitForFunction(appStarted, null, { timeout });
}

/** Resolves after `ms` milliseconds. */
/**
 * Waits until the article's progressive layout (theme `lib/reveal.ts`) has laid out every
 * block: for a test about something else on a long page, on a machine slow enough that the
 * page is not idle by the time the network is.
 */
export async function waitForArticleLaidOut(page, timeout = 30_000) {
  await page.waitForFunction(() => {
    const article = document.querySelector('[data-article]');
    return article !== null && [...article.children].every((block) => block.hasAttribute('data-laid-out'));
  }, null, { timeout });
}

/**
 * Waits until the page is parsed and its stylesheets (but print ones) are loaded, as its first
 * paint does: a check of what a reader sees before the scripts ran (the held-back entry) must
 * not read the styles of a page whose stylesheet is still on its way.
 */
export async function waitForFirstPaintStyles(page) {
  await page.waitForFunction(() => document.readyState !== 'loading' && [...document.querySelectorAll('link[rel="stylesheet"]:not([media="print"])')].every((link) => link.sheet));
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Chunk URLs (`/_docsite/...`) the page has requested so far, recorded from now on. */
export function recordChunkRequests(page) {
  const urls = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/_docsite/')) urls.push(url.pathname);
  });
  return urls;
}

/** The site's route manifest and site data, as the theme loads them. */
export async function siteChunks(base, pagePath = '/') {
  const html = await (await fetch(base + pagePath)).text();
  const boot = JSON.parse(html.match(/<script id="__docsite" type="application\/json">(.*?)<\/script>/)[1]);
  const [site, routes] = await Promise.all([
    fetch(base + boot.site).then((r) => r.json()),
    fetch(base + boot.routes).then((r) => r.json()),
  ]);
  return { boot, site, routes };
}
