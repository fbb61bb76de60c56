// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUDGET_BYTES, checkPages, firstViewSize, pageFirstView, staticImports } from '../scripts/size.mjs';

const clientDir = fileURLToPath(new URL('../dist/client', import.meta.url));
const siteBuild = fileURLToPath(new URL('../../site/build', import.meta.url));
const built = existsSync(`${clientDir}/index.html`);
const siteBuilt = built && existsSync(`${siteBuild}/docs/fdc3-intro/index.html`);
if (!built) console.warn('[size.test] Skipping the bundle size budget: dist/client is missing. Run `npm run build` first.');
if (built && !siteBuilt) console.warn('[size.test] Skipping the built-page checks: site/build is missing. Run `docsite build site` first.');

describe.skipIf(!built)('first-view bundle', () => {
  it('stays within the 90 KB gzip budget and keeps mermaid out', () => {
    const { files, gzip } = firstViewSize(clientDir);
    expect(files.some((file) => file.url.endsWith('.css'))).toBe(true);
    expect(files.some((file) => /mermaid|nprogress|MobileDrawer/.test(file.url))).toBe(false);
    expect(gzip).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});

describe.skipIf(!siteBuilt)('first view of the built FDC3 pages', () => {
  it('is within budget for a doc page, the home page and the API reference, with search, mermaid and analytics lazy', () => {
    const { pages, failures } = checkPages({ buildDir: siteBuild, clientDir });
    expect(failures).toEqual([]);
    expect(pages.map((page) => page.route)).toEqual(['/docs/fdc3-intro', '/', '/docs/api/ref/DesktopAgent']);
  });
});

/** A tiny client build + site build: an entry that imports `shared.js` statically and `Lazy.js` dynamically. */
function fakeBuild(html: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsite-size-'));
  const client = path.join(dir, 'client');
  const site = path.join(dir, 'site');
  for (const root of [client, site]) {
    mkdirSync(path.join(root, 'assets'), { recursive: true });
    mkdirSync(path.join(root, 'docs/page'), { recursive: true });
    writeFileSync(path.join(root, 'assets/entry.js'), 'import{a as b}from"./shared.js";import"./side.js";const l=()=>import("./Lazy.js");');
    writeFileSync(path.join(root, 'assets/shared.js'), 'export const a=1;');
    writeFileSync(path.join(root, 'assets/side.js'), 'console.log(1);');
    writeFileSync(path.join(root, 'assets/Lazy.js'), 'export default "x".repeat(9);');
    writeFileSync(path.join(root, 'assets/main.css'), '@import "./more.css";body{color:red}');
    writeFileSync(path.join(root, 'assets/more.css'), 'p{margin:0}');
    writeFileSync(path.join(root, 'docs/page/index.html'), html);
  }
  mkdirSync(path.join(client, '.vite'));
  const lazy = { file: 'assets/Lazy.js', isDynamicEntry: true };
  writeFileSync(
    path.join(client, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/entry.js', isEntry: true, dynamicImports: ['_html-1.js', '_Nodes-1.js', '_head-1.js'] },
      'src/components/SearchModal/index.tsx': lazy,
      'src/search/local.ts': lazy,
      'src/search/hosted.ts': lazy,
      'src/lib/analytics.ts': lazy,
      'src/components/Blog/index.tsx': lazy,
      'src/components/AnnouncementBar/index.tsx': lazy,
      '_html-1.js': { file: 'assets/html-1.js', name: 'html' },
      '_Nodes-1.js': { file: 'assets/Nodes-1.js', name: 'Nodes' },
      '_head-1.js': { file: 'assets/head-1.js', name: 'head' },
    }),
  );
  return { client, site };
}

describe('the first-view checker', () => {
  it('follows static imports and stylesheet imports, not import()', () => {
    expect(staticImports('import{a as b}from"./x.js";export*from"./y.js";import"./z.js";import("./lazy.js");x.import("./no.js")')).toEqual([
      './x.js',
      './y.js',
      './z.js',
    ]);
    const { client, site } = fakeBuild(
      '<script type="module" src="/assets/entry.js"></script><link rel="stylesheet" href="/assets/main.css"><script src="https://third.party/x.js" async></script>',
    );
    const view = pageFirstView(site, '/docs/page');
    expect(view.files.map((file) => file.url).sort()).toEqual(['/assets/entry.js', '/assets/main.css', '/assets/more.css', '/assets/shared.js', '/assets/side.js']);
    expect(view.external).toEqual(['https://third.party/x.js']);
    // A print stylesheet waits for nothing on screen: not in the first view.
    const printed = fakeBuild('<script type="module" src="/assets/entry.js"></script><link rel="stylesheet" media="print" href="/assets/main.css">');
    expect(pageFirstView(printed.site, '/docs/page').files.map((file) => file.url).sort()).toEqual(['/assets/entry.js', '/assets/shared.js', '/assets/side.js']);
    expect(checkPages({ buildDir: site, clientDir: client, routes: ['/docs/page'] }).failures).toEqual([]);
  });

  it('fails when a lazy module is preloaded, or when the page is over budget', () => {
    const { client, site } = fakeBuild('<script type="module" src="/assets/entry.js"></script><link rel="modulepreload" href="/assets/Lazy.js">');
    const { failures } = checkPages({ buildDir: site, clientDir: client, routes: ['/docs/page'], budget: 10 });
    expect(failures.some((f) => /over the 0\.0 KB budget/.test(f))).toBe(true);
    expect(failures.filter((f) => /is in the first view/.test(f))).toHaveLength(6);
  });

  it("fails when mermaid is bundled into the theme's chunks or its own bundle is in a first view", () => {
    const { client, site } = fakeBuild('<script type="module" src="/assets/entry.js"></script><link rel="modulepreload" href="/assets/mermaid/mermaid.js">');
    mkdirSync(path.join(site, 'assets/mermaid'));
    writeFileSync(path.join(site, 'assets/mermaid/mermaid.js'), 'export default {};');
    const manifest = JSON.parse(readFileSync(path.join(client, '.vite/manifest.json'), 'utf8'));
    manifest['node_modules/mermaid/dist/mermaid.core.mjs'] = { file: 'assets/mermaid.core-1.js', isDynamicEntry: true };
    writeFileSync(path.join(client, '.vite/manifest.json'), JSON.stringify(manifest));
    const { failures } = checkPages({ buildDir: site, clientDir: client, routes: ['/docs/page'] });
    expect(failures).toEqual([
      "mermaid is bundled into the theme's chunks: import it from its own bundle (assets/mermaid/)",
      'mermaid (assets/mermaid/mermaid.js) is in the first view',
    ]);
  });

  it('fails when a lazy module has no chunk of its own', () => {
    const { client, site } = fakeBuild('<script type="module" src="/assets/entry.js"></script>');
    writeFileSync(path.join(client, '.vite/manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/entry.js', isEntry: true } }));
    const { failures } = checkPages({ buildDir: site, clientDir: client, routes: ['/docs/page'] });
    expect(failures).toHaveLength(9);
    expect(failures[0]).toMatch(/search modal .* has no chunk of its own/);
    expect(failures[5]).toMatch(/announcement bar .* has no chunk of its own/);
    expect(failures[8]).toMatch(/head update after a client navigation has no chunk named head/);
  });

  it('fails when a chunk loaded once on demand is in a first view or not loaded with import()', () => {
    const { client, site } = fakeBuild('<script type="module" src="/assets/entry.js"></script><link rel="modulepreload" href="/assets/head-1.js">');
    writeFileSync(path.join(site, 'assets/head-1.js'), 'export const h=1;');
    const manifest = JSON.parse(readFileSync(path.join(client, '.vite/manifest.json'), 'utf8'));
    manifest['index.html'].dynamicImports = ['_html-1.js', '_head-1.js'];
    writeFileSync(path.join(client, '.vite/manifest.json'), JSON.stringify(manifest));
    const { failures } = checkPages({ buildDir: site, clientDir: client, routes: ['/docs/page'] });
    expect(failures).toEqual([
      'React content renderer (assets/Nodes-1.js) is not loaded with import()',
      'head update after a client navigation (assets/head-1.js) is in the first view',
    ]);
  });
});
