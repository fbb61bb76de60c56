// Ad-hoc: load a route N times in Chromium with 4x CPU throttling (DevTools protocol) and
// print long tasks after first contentful paint (TBT-like: sum of time over 50 ms) and the
// total long-task time. Usage: node /tmp/islands-trace.mjs <base> <route> [runs]
import { chromium } from 'playwright-core';
const [base, route, runs = '3'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const results = [];
for (let i = 0; i < Number(runs); i += 1) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Performance.enable');
  await page.goto(base + route, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  const r = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const after = window.__long.filter(([s]) => s >= fcp);
    return { fcp: Math.round(fcp), tbt: Math.round(after.reduce((t, [, d]) => t + Math.max(0, d - 50), 0)), longTasks: window.__long.map(([s, d]) => `${Math.round(s)}+${Math.round(d)}`).join(' ') };
  });
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
  r.scriptMs = Math.round(m.ScriptDuration * 1000);
  r.taskMs = Math.round(m.TaskDuration * 1000);
  r.layoutMs = Math.round(m.LayoutDuration * 1000);
  r.nodes = m.Nodes;
  results.push(r);
  await context.close();
}
await browser.close();
for (const r of results) console.log(JSON.stringify(r));
const tbts = results.map((r) => r.tbt).sort((a, b) => a - b);
const med = (k) => results.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
console.log('median TBT', med('tbt'), 'script ms', med('scriptMs'), 'task ms', med('taskMs'), 'layout ms', med('layoutMs'));
