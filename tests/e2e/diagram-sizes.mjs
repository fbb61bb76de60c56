// Measures the size every mermaid diagram of a built site is drawn at and writes them to
// the site's `data/diagram-sizes.json` (kind `diagram-sizes`), from which the engine gives
// each diagram's placeholder its final size: a page then does not move when a diagram is
// drawn. Run after changing a diagram (the layout test fails while a size is missing or
// stale):
//   ./target/release/docsite build site && node tests/e2e/diagram-sizes.mjs [site]
// Sizes are measured in Debian's Chromium at 1400 px in light mode (sequence diagrams keep
// their natural size; the others scale to the column and keep their proportions).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openPage, startServer } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const site = path.resolve(process.argv[2] ?? path.join(root, 'site'));
const build = process.env.DOCSITE_BUILD ?? path.join(site, 'build');

/** Routes of the built site whose HTML holds a diagram. */
function diagramRoutes() {
  const routes = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['_docsite', 'assets', 'pagefind', 'schemas'].includes(entry.name)) walk(file);
      } else if (entry.name === 'index.html' && fs.readFileSync(file, 'utf8').includes('mermaid-diagram')) {
        routes.push('/' + path.relative(build, dir).split(path.sep).join('/'));
      }
    }
  };
  walk(build);
  return routes.sort();
}

/** In the page: draws every diagram (they draw near the viewport) and returns their sizes. */
async function measure(page) {
  for (const diagram of await page.locator('article .mermaid-diagram').all()) {
    await diagram.scrollIntoViewIfNeeded();
    await diagram.locator('svg, p').first().waitFor({ timeout: 30000 });
  }
  return page.evaluate(() =>
    [...document.querySelectorAll('article .mermaid-diagram')].flatMap((diagram) => {
      const svg = diagram.querySelector(':scope > div > svg');
      if (!svg) return [];
      const code = diagram.querySelector(':scope > pre').textContent;
      const fit = svg.getAttribute('width') === '100%';
      const box = svg.viewBox.baseVal;
      if (fit) {
        const width = parseFloat(svg.style.maxWidth) || box.width;
        return [{ code, width, height: (width * box.height) / box.width, fit }];
      }
      const r = svg.getBoundingClientRect();
      return [{ code, width: r.width, height: r.height, fit }];
    }),
  );
}

const routes = diagramRoutes();
const server = await startServer(build);
const browser = await launch();
const sizes = {};
try {
  const { page, context } = await openPage(browser, { width: 1400, height: 900 });
  for (const route of routes) {
    await page.goto(server.base + route, { waitUntil: 'networkidle' });
    for (const { code, width, height, fit } of await measure(page)) {
      const key = crypto.createHash('sha256').update(code).digest('hex').slice(0, 16);
      sizes[key] = { width: Math.round(width * 1000) / 1000, height: Math.round(height * 1000) / 1000, fit };
    }
    process.stdout.write('.');
  }
  await context.close();
} finally {
  await browser.close();
  server.stop();
}
const sorted = Object.fromEntries(Object.entries(sizes).sort(([a], [b]) => a.localeCompare(b)));
const out = path.join(site, 'data', 'diagram-sizes.json');
const file = {
  kind: 'diagram-sizes',
  $comment: ['Written by tests/e2e/diagram-sizes.mjs: the size each mermaid diagram is drawn at, by the first 16 hex digits of the SHA-256 of its source. Do not edit by hand.'],
  sizes: sorted,
};
fs.writeFileSync(out, JSON.stringify(file, null, 2) + '\n');
console.log(`\n${Object.keys(sorted).length} diagrams on ${routes.length} pages -> ${path.relative(process.cwd(), out)}`);
