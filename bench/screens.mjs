// Screenshots of the key pages of a built site at 400/800/1024/1400 px in light and dark
// mode, for a designer's review (`bench/screens.sh`). Uses the e2e helpers: `docsite serve`
// over the build and the Debian chromium.
import fs from 'node:fs';
import path from 'node:path';
import { e2eLib } from './e2e-lib.mjs';

const { launch, openPage, serveFixture, startServer, SITE_BUILD } = await e2eLib();

const out = process.argv[2] ?? 'bench/screens';
const widths = (process.env.WIDTHS ?? '400,800,1024,1400').split(',').map(Number);
const only = process.env.PAGES ? process.env.PAGES.split(',') : null;
// ROUTES=name=/route,… replaces the list (with FIXTURE=<fixture site>, the pages of a
// fixture site of the browser tests or the engine, built and served like in the e2e tests).
const routes = process.env.ROUTES?.split(',').map((entry) => entry.split('='));
const pages = routes ? Object.fromEntries(routes) : {
  home: '/',
  intro: '/docs/fdc3-intro',
  'dacp-table': '/docs/api/specs/desktopAgentCommunicationProtocol',
  'api-tabs': '/docs/api/ref/DesktopAgent',
  'uc-1-diagram': '/docs/use-cases/uc-1',
  'agent-bridging': '/docs/agent-bridging/spec',
  'json-context': '/docs/context/ref/Instrument',
  community: '/community',
  users: '/users',
  search: '/search?q=Intent',
  'not-found': '/no-such-page',
};

fs.mkdirSync(out, { recursive: true });
const server = process.env.FIXTURE ? await serveFixture(process.env.FIXTURE) : await startServer(process.env.DOCSITE_BUILD ?? SITE_BUILD);
const browser = await launch();
try {
  for (const mode of ['light', 'dark']) {
    for (const width of widths) {
      const { page, context } = await openPage(browser, { width, height: 900, colorScheme: mode });
      await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
      for (const [name, route] of Object.entries(pages)) {
        if (only && !only.includes(name)) continue;
        await page.goto(server.base + route, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        const file = path.join(out, `${name}-${width}-${mode}.png`);
        if (process.env.FULL === '1') {
          // Parts far from the viewport skip their rendering (content-visibility: auto) until
          // a reader scrolls near them; a full-page capture does not scroll, so show them all.
          await page.evaluate(() => {
            for (const element of document.querySelectorAll('.code-block')) element.style.contentVisibility = 'visible';
          });
        }
        await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
        console.log(file);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.stop();
}
