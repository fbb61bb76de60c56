#!/usr/bin/env node
// Client-side navigation to the largest reference page, /docs/api/ref/DesktopAgent, on a
// phone-class CPU: from another doc page (/docs/api/ref/Channel) the reader clicks the
// sidebar's DesktopAgent link, with Chromium's CPU slowed 4x through the DevTools protocol
// (Emulation.setCPUThrottlingRate, as Lighthouse's mobile profile). Measured in the page:
// from the click event to the first frame painted after the new article's h1 is in the DOM
// (a requestAnimationFrame, then a task after it: the frame has been produced), and the
// main thread's blocking time over that span (long tasks' time beyond 50 ms each).
//
// Two cases, RUNS times each (default 7), every run in a fresh browser context:
// - warm: the link's data chunks were prefetched before the click (the theme prefetches a
//   link's page chunk when the link shows or is hovered), so the click only renders;
// - cold: every request the page makes after it has loaded (those prefetches) is held until
//   the click, so the chunks and code arrive after it, as on a link clicked at once.
//
//   node bench/nav.mjs [--runs N] [--json] [LABEL=BUILD_DIR ...]    (default: now=site/build)
//
// Each build is served with `docsite serve` (target/release/docsite, or $DOCSITE_BIN) on its
// own port. Prints medians (and ranges) per build and case, as a table that can be pasted
// into the README. Timings are printed, never gated. Needs `npm ci` in tests/e2e (for
// playwright-core) and Debian's chromium.
import path from 'node:path';
import os from 'node:os';
import { e2eLib } from './e2e-lib.mjs';

const { launch, openPage, startServer } = await e2eLib();

const FROM = '/docs/api/ref/Channel';
const TO = '/docs/api/ref/DesktopAgent';
const TITLE = 'DesktopAgent';
const CPU_SLOWDOWN = 4;

const args = process.argv.slice(2);
let runs = Number(process.env.RUNS ?? 7);
const json = args.includes('--json');
const builds = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--json') continue;
  else {
    const match = args[i].match(/^([^=]+)=(.+)$/);
    if (!match) {
      console.error(`nav: expected LABEL=BUILD_DIR, got ${args[i]}`);
      process.exit(2);
    }
    builds.push({ label: match[1], dir: path.resolve(match[2]) });
  }
}
if (!(runs >= 1)) {
  console.error('nav: --runs needs a positive number');
  process.exit(2);
}
if (builds.length === 0) builds.push({ label: 'now', dir: path.resolve('site/build') });

const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

/** One navigation in a fresh context; returns { ms, blocking } measured in the page. */
async function navigate(browser, base, cold) {
  const { page, context, problems } = await openPage(browser, { width: 1400, height: 900 });
  try {
    await page.goto(base + FROM, { waitUntil: 'networkidle' });
    // Loaded and idle: the theme has hydrated, the sidebar link navigates client-side.
    const link = page.locator(`nav[aria-label="Docs sidebar"] a[href="${TO}"]`);
    await link.waitFor();
    const held = [];
    if (cold) {
      // Everything requested from now on is a prefetch; it is answered after the click.
      await page.route('**/*', (route) => held.push(route));
    } else {
      await link.hover();
      await page.waitForLoadState('networkidle');
    }
    await page.waitForTimeout(300);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.evaluate(
      ({ title, to }) => {
        const state = (window.__nav = { click: 0, painted: 0, tasks: [] });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) state.tasks.push([entry.startTime, entry.duration]);
        }).observe({ type: 'longtask' });
        window.addEventListener('click', (event) => (state.click = event.timeStamp), { capture: true, once: true });
        const arrived = () => location.pathname === to && document.querySelector('main article h1')?.textContent?.trim() === title;
        const observer = new MutationObserver(() => {
          if (!state.click || !arrived()) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => (state.painted = performance.now())));
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      },
      { title: TITLE, to: TO },
    );
    if (cold) {
      // Released as soon as the click has been dispatched (the click is what waits for them).
      const release = page.waitForFunction(() => window.__nav.click > 0, null, { polling: 'raf' }).then(async () => {
        await page.unroute('**/*');
        for (const route of held.splice(0)) await route.fallback().catch(() => {});
      });
      await link.click();
      await release;
    } else {
      await link.click();
    }
    await page.waitForFunction(() => !window.__nav || window.__nav.painted > 0, null, { timeout: 60_000 });
    const state = await page.evaluate(() => window.__nav);
    if (!state) throw new Error(`${base}: the click loaded a new document instead of navigating client-side`);
    const { click, painted, tasks } = state;
    const blocking = tasks
      .filter(([start, duration]) => start + duration > click && start < painted)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    const errors = problems.filter((p) => !/buttons\.github\.io|Failed to load resource/.test(p));
    if (errors.length) throw new Error(`console problems on ${base}: ${errors.join('; ')}`);
    return { ms: painted - click, blocking };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const results = [];
const browser = await launch();
try {
  for (const build of builds) {
    const server = await startServer(build.dir);
    try {
      const before = load();
      const cases = { warm: [], cold: [] };
      // Alternate the cases so that a change of machine load touches both alike.
      for (let run = 0; run < runs; run++) {
        for (const mode of ['warm', 'cold']) cases[mode].push(await navigate(browser, server.base, mode === 'cold'));
      }
      results.push({ ...build, cases, load: `${before} -> ${load()}` });
    } finally {
      server.stop();
    }
  }
} finally {
  await browser.close();
}

if (json) {
  console.log(JSON.stringify(results, null, 2));
} else {
  console.log(`Client-side navigation ${FROM} -> ${TO} (sidebar link), CPU ${CPU_SLOWDOWN}x slower, ${runs} run(s) per case; click to painted, median (range), blocking time median`);
  console.log('');
  console.log('| Build | Warm (chunks prefetched) | Cold (chunks fetched after the click) | Load (1-min average) |');
  console.log('|---|---|---|---|');
  for (const { label, cases, load } of results) {
    const cell = (list) => {
      const ms = list.map((r) => r.ms);
      return `${median(ms).toFixed(0)} ms (${Math.min(...ms).toFixed(0)}-${Math.max(...ms).toFixed(0)}), blocking ${median(list.map((r) => r.blocking)).toFixed(0)} ms`;
    };
    console.log(`| ${label} | ${cell(cases.warm)} | ${cell(cases.cold)} | ${load} |`);
  }
}
