// Screenshot pairs of one corpus site (bench/compat-corpus.sh --with-docusaurus): each route
// given, as docsite built it and as Docusaurus built it, at 1280 and 400 px wide (WIDTHS=…),
// in light and dark mode (MODES=…; the mode is localStorage `theme`, which both read). The
// builds are served by bench/compat-serve.mjs.
//
// Usage: node bench/compat-screens.mjs DOCSITE_BUILD DOCUSAURUS_BUILD OUT_DIR NAME=/route ...
// Writes OUT_DIR/NAME-WIDTH-MODE-docsite.png and …-docusaurus.png and prints each path.
import fs from 'node:fs';
import path from 'node:path';
import { serveBuilds } from './compat-serve.mjs';
import { e2eLib } from './e2e-lib.mjs';

const { launch, openPage, BIN } = await e2eLib();
const [docsiteBuild, docusaurusBuild, out, ...pairs] = process.argv.slice(2);
if (!out || pairs.length === 0) {
  console.error('usage: node bench/compat-screens.mjs DOCSITE_BUILD DOCUSAURUS_BUILD OUT_DIR NAME=/route ...');
  process.exit(2);
}
const widths = (process.env.WIDTHS ?? '1280 400').split(/\s+/).filter(Boolean).map(Number);
const modes = (process.env.MODES ?? 'light dark').split(/\s+/).filter(Boolean);

fs.mkdirSync(out, { recursive: true });
const browser = await launch();
try {
  await serveBuilds(BIN, docsiteBuild, docusaurusBuild, async (label, base) => {
    for (const width of widths) {
      for (const mode of modes) {
        // Docusaurus's pages have no docsite app to wait for.
        const { page, context } = await openPage(browser, { width, height: 900, waitForApp: label === 'docsite' });
        await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
        for (const pair of pairs) {
          const [name, route] = pair.split('=');
          await page.goto(base + route, { waitUntil: 'networkidle' });
          await page.waitForTimeout(500);
          const file = path.join(out, `${name}-${width}-${mode}-${label}.png`);
          await page.screenshot({ path: file });
          console.log(file);
        }
        await context.close();
      }
    }
  });
} finally {
  await browser.close();
}
