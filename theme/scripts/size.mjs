// First-view weight of the theme, gzipped like `gzip -c file | wc -c` (level 6).
// Budget (DESIGN.md §8): 90 KB of JS+CSS for a page's first view.
//
//   npm run size                          the HTML template of dist/client (entry script,
//                                         modulepreloads, stylesheets)
//   npm run size -- --site ../site/build  built pages (default: a doc page, the home page
//                                         and the biggest API reference page); the gate
//                                         run by .ci/run after the site build
//
// A page's first view is every same-origin script, modulepreload and stylesheet its HTML
// links (but a `media="print"` stylesheet, which waits for nothing on screen), plus,
// recursively, every module those scripts import statically (`import … from`,
// `export … from`, `import "…"`) and every stylesheet `@import`: what the browser fetches
// before the page is interactive. Dynamic `import()` chunks are not in it.
//
// The page check also fails when code that must load on first use is in a first view or not
// split out at all: the search modal and both search backends (the local one loads pagefind),
// mermaid (a bundle of its own: `MERMAID`), analytics, the blog views, the article serializer, the React content renderer and
// the head update a client navigation makes. "Split out" is read from Vite's manifest
// (dist/client/.vite/manifest.json): each of those modules must be a dynamic entry with a
// chunk of its own; had something imported it statically, it would be merged into an eager
// chunk instead.
// test/size.test.ts runs the same checks.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 90 * 1024;

/** Routes checked by default: a doc page, the home page, the biggest API reference page. */
export const DEFAULT_ROUTES = ['/docs/fdc3-intro', '/', '/docs/api/ref/DesktopAgent'];

/** Modules that must load on first use only (Vite manifest keys, relative to theme/). */
export const LAZY_MODULES = [
  { name: 'search modal', source: 'src/components/SearchModal/index.tsx' },
  { name: 'local search backend (loads pagefind)', source: 'src/search/local.ts' },
  { name: 'hosted search backend', source: 'src/search/hosted.ts' },
  { name: 'analytics', source: 'src/lib/analytics.ts' },
  { name: 'blog views', source: 'src/components/Blog/index.tsx' },
  // In the first view of a site with a bar only (the FDC3 site has none).
  { name: 'announcement bar', source: 'src/components/AnnouncementBar/index.tsx' },
];

/**
 * Mermaid is a bundle of its own, built with the theme (`vite.mermaid.config.ts`) and imported
 * by client builds as `./mermaid/mermaid.js`: none of its modules may be in the theme's
 * chunks, and none of its files in a first view.
 */
export const MERMAID = { name: 'mermaid', module: 'node_modules/mermaid/', files: 'assets/mermaid/' };

/**
 * Modules loaded once through `loadOnce` (`lib/loadOnce.ts`), whose chunks Vite's manifest
 * lists by chunk name (`_html-….js`), not by source: each must be a chunk of its own that
 * `import()` loads, and in no first view (other on-demand chunks may import it).
 */
export const LAZY_CHUNKS = [
  { name: 'article serializer', chunk: 'html' },
  { name: 'React content renderer', chunk: 'Nodes' },
  { name: 'head update after a client navigation', chunk: 'head' },
];

const gzipSize = (bytes) => gzipSync(bytes, { level: 6 }).length;

/** `src`/`href` of the tags that load JS or CSS, in document order (an entry held until the first paint included). */
function linkedAssets(html, { docusaurusSkin = true } = {}) {
  const urls = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    // The Docusaurus skin's stylesheets (Infima and the theme's bridge, `vite.config.ts`): the
    // engine links them for a site read from a Docusaurus config only.
    if (!docusaurusSkin && /\sdata-docsite-docusaurus[\s>]/.test(tag)) continue;
    // The entry and its module preloads wait for the first paint under their own type and
    // relation (`src/app/deferredEntry.ts`); they are loaded all the same.
    const attr = (name) => tag.match(new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))?.slice(1).find((v) => v !== undefined);
    if (/^<script/i.test(tag)) {
      const src = attr('src');
      if (src) urls.push(src);
    } else if (/^(?:modulepreload|docsite-modulepreload|stylesheet)$/i.test(attr('rel') ?? '')) {
      // A print stylesheet is fetched at the lowest priority and holds up nothing on screen.
      if (/^\s*print\s*$/i.test(attr('media') ?? '')) continue;
      const href = attr('href');
      if (href) urls.push(href);
    }
  }
  return urls;
}

/** Relative specifiers a JS module imports statically (never `import()`). */
export function staticImports(code) {
  const found = [];
  const re = /(?:^|[^.\w$])(?:import|export)\s*(?:[\w$*\s{},]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const match of code.matchAll(re)) found.push(match[1]);
  return found;
}

/** Relative URLs a stylesheet `@import`s. */
function cssImports(css) {
  return [...css.matchAll(/@import\s+(?:url\(\s*)?["']?([^"')\s;]+)/g)].map((m) => m[1]).filter((u) => !/^[a-z]+:|^\/\//i.test(u));
}

const isExternal = (url) => /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(url);

/**
 * First view of one built page: `{ route, files: [{ url, raw, gzip }], gzip, external,
 * document }`. `external` lists third-party scripts (not counted: not ours to size);
 * `document` is the gzipped HTML (informational).
 */
export function pageFirstView(buildDir, route, baseUrl = '/', { docusaurusSkin = true } = {}) {
  const htmlFile = path.join(buildDir, route.replace(/^\/+|\/+$/g, ''), 'index.html');
  if (!fs.existsSync(htmlFile)) throw new Error(`no built page for ${route} (${htmlFile} is missing)`);
  const html = fs.readFileSync(htmlFile);
  const toFile = (url) => {
    const pathname = decodeURIComponent(url.split(/[?#]/)[0]);
    const rel = pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length) : pathname.replace(/^\/+/, '');
    return path.join(buildDir, rel);
  };
  const seen = new Map();
  const external = [];
  const visit = (url) => {
    if (isExternal(url)) {
      external.push(url);
      return;
    }
    const pathname = new URL(url, 'http://site/').pathname;
    if (seen.has(pathname)) return;
    const file = toFile(pathname);
    if (!fs.existsSync(file)) throw new Error(`${route} loads ${pathname}, which is not in ${buildDir}`);
    const bytes = fs.readFileSync(file);
    seen.set(pathname, { url: pathname, raw: bytes.length, gzip: gzipSize(bytes) });
    const text = bytes.toString('utf8');
    const children = /\.m?js$/.test(pathname) ? staticImports(text) : /\.css$/.test(pathname) ? cssImports(text) : [];
    for (const child of children) visit(new URL(child, `http://site${pathname}`).pathname);
  };
  for (const url of linkedAssets(html.toString('utf8'), { docusaurusSkin })) visit(isExternal(url) ? url : new URL(url, `http://site${route}`).pathname);
  const files = [...seen.values()];
  return { route, files, gzip: files.reduce((sum, f) => sum + f.gzip, 0), external, document: gzipSize(html) };
}

/**
 * Files the built template loads for a `docsite.toml` site, with their raw and gzipped sizes
 * (a Docusaurus site's pages add the skin's stylesheets: `--site` measures those).
 */
export function firstViewSize(clientDir) {
  const { files, gzip } = pageFirstView(clientDir, '/', '/', { docusaurusSkin: false });
  return { files, gzip };
}

/** Vite's manifest of a client build, or null when the build has none. */
export function readManifest(clientDir) {
  const file = path.join(clientDir, '.vite/manifest.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

/**
 * Checks built pages against the budget and the lazy-loading rules. Returns
 * `{ pages, failures }`; `failures` is empty when everything passes.
 */
export function checkPages({ buildDir, clientDir, routes = DEFAULT_ROUTES, baseUrl = '/', budget = BUDGET_BYTES }) {
  const failures = [];
  const pages = routes.map((route) => pageFirstView(buildDir, route, baseUrl));
  const eager = new Set(pages.flatMap((p) => p.files.map((f) => f.url.slice(baseUrl.length))));
  for (const page of pages) {
    if (page.gzip > budget) failures.push(`${page.route}: first-view JS+CSS is ${kb(page.gzip)} gzip, over the ${kb(budget)} budget`);
    for (const file of page.files) {
      if (/\/pagefind\//.test(file.url)) failures.push(`${page.route}: loads ${file.url} (pagefind) in its first view`);
    }
  }
  const manifest = readManifest(clientDir);
  if (!manifest) {
    failures.push(`no Vite manifest in ${clientDir}/.vite: cannot tell which modules are split out (build the theme with build.manifest)`);
    return { pages, failures };
  }
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry || !fs.existsSync(path.join(buildDir, entry.file))) {
    failures.push(`${buildDir} was not built from the theme build in ${clientDir} (its entry ${entry?.file} is missing); rebuild the site`);
    return { pages, failures };
  }
  for (const { name, source } of LAZY_MODULES) {
    const chunk = manifest[source];
    if (!chunk) {
      failures.push(`${name} (${source}) has no chunk of its own: something imports it statically, so it ships in an eager chunk`);
      continue;
    }
    if (!chunk.isDynamicEntry) failures.push(`${name} (${source}) is not loaded with import() only`);
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      if (eager.has(file)) failures.push(`${name} (${file}) is in the first view`);
    }
  }
  if (Object.keys(manifest).some((key) => key.includes(MERMAID.module))) failures.push(`${MERMAID.name} is bundled into the theme's chunks: import it from its own bundle (${MERMAID.files})`);
  for (const file of eager) if (file.startsWith(MERMAID.files)) failures.push(`${MERMAID.name} (${file}) is in the first view`);
  const chunks = Object.entries(manifest);
  for (const { name, chunk: chunkName } of LAZY_CHUNKS) {
    const found = chunks.filter(([, chunk]) => chunk.name === chunkName && !chunk.src);
    if (found.length !== 1) {
      failures.push(`${name} has ${found.length === 0 ? 'no chunk' : 'more than one chunk'} named ${chunkName} in the manifest`);
      continue;
    }
    const [key, chunk] = found[0];
    if (!chunks.some(([, other]) => other.dynamicImports?.includes(key))) failures.push(`${name} (${chunk.file}) is not loaded with import()`);
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      if (eager.has(file)) failures.push(`${name} (${file}) is in the first view`);
    }
  }
  return { pages, failures };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const clientDir = fileURLToPath(new URL('../dist/client', import.meta.url));
  const args = process.argv.slice(2);
  const siteAt = args.indexOf('--site');
  if (siteAt === -1) {
    const { files, gzip } = firstViewSize(clientDir);
    for (const file of files) console.log(`${kb(file.gzip).padStart(9)} gzip  ${file.url}`);
    console.log(`${kb(gzip).padStart(9)} gzip  first view of the template (budget ${kb(BUDGET_BYTES)})`);
    if (gzip > BUDGET_BYTES) {
      console.error('First-view JS+CSS is over budget.');
      process.exit(1);
    }
  } else {
    const buildDir = path.resolve(args[siteAt + 1] ?? '../site/build');
    const routes = args.flatMap((arg, i) => (args[i - 1] === '--route' ? [arg] : []));
    let result;
    try {
      result = checkPages({ buildDir, clientDir, routes: routes.length ? routes : DEFAULT_ROUTES });
    } catch (error) {
      console.error(`page-weight check could not run: ${error.message}`);
      process.exit(2);
    }
    for (const page of result.pages) {
      console.log(`${page.route}`);
      for (const file of page.files) console.log(`${kb(file.gzip).padStart(9)} gzip  ${file.url}`);
      console.log(`${kb(page.gzip).padStart(9)} gzip  first-view JS+CSS (budget ${kb(BUDGET_BYTES)}); HTML ${kb(page.document)} gzip` +
        (page.external.length ? `; third-party, not counted: ${page.external.join(', ')}` : ''));
    }
    if (result.failures.length) {
      for (const failure of result.failures) console.error(`FAIL ${failure}`);
      process.exit(1);
    }
    console.log(`ok: ${result.pages.length} pages within budget; ${[...LAZY_MODULES, MERMAID, ...LAZY_CHUNKS].map((m) => m.name).join(', ')} load on first use only`);
  }
}
