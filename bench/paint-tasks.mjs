#!/usr/bin/env node
// The main-thread tasks after a page's first contentful paint, the ones Lighthouse's total
// blocking time is made of, measured quicker and steadier than Lighthouse's own runs: each
// run loads the page unthrottled in a fresh context (412x823, a phone's viewport) with a
// Chromium trace, and adds up, for every task that starts after the first contentful paint,
// its time beyond 50 ms once multiplied by 4 (Lighthouse's mobile CPU slowdown). Prints each
// run's long tasks with what they spent their time on, then the median.
//
//   node bench/paint-tasks.mjs [--runs N] [--no-js] [--css TEXT] [PATH] [BUILD_DIR]
//
// PATH defaults to /docs/api/ref/DesktopAgent and BUILD_DIR to site/build (served with
// `docsite serve`). `--no-js` aborts every script request: what parsing and layout alone
// cost. `--css TEXT` adds a stylesheet to the page's HTML, to try a CSS change without a
// rebuild. An estimate for comparing variants on one machine, never a gate: Lighthouse
// simulates the network as well and orders the tasks its own way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2eLib } from './e2e-lib.mjs';

const { launch, startServer } = await e2eLib();

const args = process.argv.slice(2);
let runs = 5;
let noJs = false;
let css = null;
const rest = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--no-js') noJs = true;
  else if (args[i] === '--css') css = args[++i] ?? '';
  else rest.push(args[i]);
}
if (!(runs >= 1)) {
  console.error('paint-tasks: --runs needs a positive number');
  process.exit(2);
}
const [route = '/docs/api/ref/DesktopAgent', build = 'site/build'] = rest;
if (!fs.existsSync(path.join(build, 'index.html'))) {
  console.error(`paint-tasks: ${build} holds no built site (run ./target/release/docsite build site)`);
  process.exit(2);
}

const CPU_SLOWDOWN = 4;
const BLOCKING_MS = 50;
/** Trace events worth naming in a task's breakdown. */
const PARTS = new Set(['ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'FunctionCall', 'EvaluateScript', 'v8.evaluateModule', 'RunMicrotasks', 'MinorGC', 'MajorGC', 'TimerFire', 'EventDispatch']);

const server = await startServer(path.resolve(build));
const browser = await launch();
const trace = path.join(os.tmpdir(), `paint-tasks-${process.pid}.json`);
const totals = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    if (noJs) await context.route(/\.m?js(\?|$)/, (r) => r.abort());
    if (css !== null) {
      await context.route(
        (url) => url.pathname === route,
        async (r) => {
          const response = await r.fetch();
          const body = (await response.text()).replace('</head>', `<style>${css}</style></head>`);
          await r.fulfill({ response, body });
        },
      );
    }
    const page = await context.newPage();
    await browser.startTracing(page, { path: trace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
    await page.goto(server.base + route, { waitUntil: 'load' });
    await page.waitForTimeout(2500);
    await browser.stopTracing();
    await context.close();
    const data = JSON.parse(fs.readFileSync(trace, 'utf8'));
    const events = data.traceEvents ?? data;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint');
    if (!fcp) throw new Error(`run ${run + 1}: the trace has no first contentful paint`);
    const main = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X');
    const tasks = main.filter((e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.ts >= fcp.ts).sort((a, b) => a.ts - b.ts);
    let end = 0;
    let blocking = 0;
    const lines = [];
    for (const task of tasks) {
      if (task.ts < end) continue; // a task nested in the one before
      end = task.ts + task.dur;
      const slowed = (task.dur / 1000) * CPU_SLOWDOWN;
      if (slowed <= BLOCKING_MS) continue;
      blocking += slowed - BLOCKING_MS;
      const parts = new Map();
      for (const e of main) if (PARTS.has(e.name) && e.ts > task.ts && e.ts < end) parts.set(e.name, (parts.get(e.name) ?? 0) + e.dur / 1000);
      const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
      lines.push(`    +${((task.ts - fcp.ts) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(1)} ms (${top.join(', ')})`);
    }
    totals.push(blocking);
    console.log(`run ${run + 1}: ${blocking.toFixed(0)} ms blocking at ${CPU_SLOWDOWN}x`);
    for (const line of lines) console.log(line);
  }
} finally {
  fs.rmSync(trace, { force: true });
  await browser.close();
  server.stop();
}
totals.sort((a, b) => a - b);
console.log(`${route}${noJs ? ' (no JS)' : ''}${css !== null ? ' (with the added CSS)' : ''}: median ${totals[Math.floor(totals.length / 2)].toFixed(0)} ms blocking at ${CPU_SLOWDOWN}x over ${runs} runs (range ${totals[0].toFixed(0)}-${totals[totals.length - 1].toFixed(0)}), load ${os.loadavg()[0].toFixed(1)}`);
