// `docsite dev`'s Vite dev server for a site with its own React code (React pages, or site
// components its docs use): the theme and the site's code are served as modules, with React
// Fast Refresh (`@vitejs/plugin-react`), so an edit of a React page or component reaches the
// open page as a hot update that keeps its state, and a syntax error shows in Vite's error
// overlay (file:line and a code frame) until it is fixed.
//
// The engine (`crates/docsite-core/src/dev_vite.rs`) starts it with the variables of a site
// build (`site-code.config.ts`: DOCSITE_SITE_DIR, DOCSITE_SITE_PAGES,
// DOCSITE_SITE_COMPONENTS, DOCSITE_MDX) and:
//   DOCSITE_VITE_BASE   the URL path the dev server proxies to Vite (`<baseUrl>_docsite/vite/`)
//   DOCSITE_VITE_HOST   the address to listen on (the one `docsite dev` listens on)
//   DOCSITE_VITE_ALLOW  a JSON list of the folders Vite may serve files from (the theme, the
//                       site, the content folders the configuration names beside it)
// and reads one line from its standard output: `docsite-vite: {"port":N}` once it listens.
// Pages load their modules through the `docsite dev` server (same origin, `base`), whose
// proxy forwards them here; the browser's HMR WebSocket connects to this port directly.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as listen } from 'node:net';
import path from 'node:path';
import { createServer } from 'vite';

const theme = import.meta.dirname;
const site = process.env.DOCSITE_SITE_DIR;
const base = process.env.DOCSITE_VITE_BASE ?? '/_docsite/vite/';
const host = process.env.DOCSITE_VITE_HOST ?? '127.0.0.1';
const allow = JSON.parse(process.env.DOCSITE_VITE_ALLOW ?? '[]');
if (!site) {
  console.error('docsite dev-server: DOCSITE_SITE_DIR is not set');
  process.exit(2);
}

/** A free port on `host` (Vite's HMR client must know it before the server starts). */
const port = await new Promise((resolve, reject) => {
  const probe = listen();
  probe.once('error', reject);
  probe.listen(0, host, () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});

// What the pages import: the client entry, and the site's pages and components, so that the
// packages they use are pre-bundled at start instead of found (with a full reload) later.
const listed = (variable) => {
  try {
    return process.env[variable] ? JSON.parse(readFileSync(process.env[variable], 'utf8')) : [];
  } catch {
    return [];
  }
};
const listedModules = [...listed('DOCSITE_SITE_PAGES'), ...listed('DOCSITE_SITE_COMPONENTS')];
const siteModules = listedModules.filter((rel) => !/\.mdx?$/.test(rel)).map((rel) => path.join(site, rel));

/**
 * The packages the site's MDX docs import (`import Embed from 'react-lite-youtube-embed'`),
 * as a module of bare imports in the site's cache folder: Vite's dependency scan cannot read
 * `.mdx`, so without it a package met first on an open page is pre-bundled then, and Vite
 * reloads the page. Imports are resolved from the site, as the docs' own are. Null when the
 * docs import no package.
 */
function mdxPackageImports() {
  const packages = new Set();
  for (const rel of listedModules.filter((m) => /\.mdx?$/.test(m))) {
    let text;
    try {
      text = readFileSync(path.join(site, rel), 'utf8');
    } catch {
      continue;
    }
    for (const [, spec] of text.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
      // Bare package names only: not relative or absolute paths, aliases (`@site/`, `@theme/`,
      // `@docusaurus/`, `@generated/`) or loader prefixes (`!!raw-loader!`).
      if (/^(?:[./]|@(?:site|theme|theme-original|theme-init|docusaurus|generated)\/|!)/.test(spec)) continue;
      packages.add(spec);
    }
  }
  if (packages.size === 0) return null;
  const file = path.join(site, '.docsite/dev/mdx-packages.js');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, [...packages].map((p) => `import ${JSON.stringify(p)};\n`).join(''));
  return file;
}
const mdxPackages = mdxPackageImports();

/**
 * A file the site's code imports (`import logo from './logo.svg'`) gets the URL the site
 * build gave it (its client manifest, `<site>/.docsite/theme/client/.vite/manifest.json`),
 * under the base URL as `renderBuiltUrl` writes it: the pre-rendered HTML has that URL, so
 * the page hydrates without a mismatch, and `docsite dev` serves the built file. A file no
 * build has yet keeps Vite's URL until the next code build.
 */
function builtAssetUrls() {
  const manifestFile = path.join(site, '.docsite/theme/client/.vite/manifest.json');
  return {
    name: 'docsite:built-asset-urls',
    enforce: 'pre',
    load(id) {
      if (id.startsWith('\0') || /[?&](?:raw|inline|url|worker|sharedworker)\b/.test(id)) return null;
      const file = id.replace(/[?#].*$/, '');
      if (/\.(?:[cm]?[jt]sx?|css|scss|sass|json|mdx?|html)$/.test(file) || !path.isAbsolute(file)) return null;
      let manifest;
      try {
        manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      } catch {
        return null;
      }
      const built = manifest[path.relative(theme, file).split(path.sep).join('/')]?.file;
      return built ? `export default (globalThis.__docsiteBaseUrl ?? "/") + ${JSON.stringify(built)};\n` : null;
    },
  };
}

const server = await createServer({
  plugins: [builtAssetUrls()],
  configFile: path.join(theme, 'vite.config.ts'),
  root: theme,
  // The optimizer's cache in the site's own cache folder: sites do not overwrite each
  // other's pre-bundled packages, and a site's next session starts from its own.
  cacheDir: path.join(site, '.docsite/vite'),
  base,
  mode: 'development',
  appType: 'custom',
  clearScreen: false,
  // `DOCSITE_VITE_LOG=info` shows Vite's own log (each hot update) when looking into one.
  logLevel: process.env.DOCSITE_VITE_LOG ?? 'warn',
  server: {
    host,
    port,
    strictPort: true,
    // The browser's HMR socket comes straight here (the page's origin is `docsite dev`'s).
    hmr: { clientPort: port, port },
    // Files only from the folders `docsite dev` was given, never from elsewhere (`/@fs/`).
    fs: { strict: true, allow: [theme, site, ...allow] },
    // `docsite dev` checks the Host of every request it proxies; the socket is checked here.
    allowedHosts: ['localhost', '127.0.0.1', '[::1]'],
  },
  // A site's package linked into its node_modules (`file:`, a workspace) stays a package
  // there, so that it is pre-bundled like the others (CommonJS included) rather than served
  // as source from where the link points.
  resolve: { preserveSymlinks: true },
  optimizeDeps: {
    entries: [path.join(theme, 'src/entry-client.tsx'), ...siteModules, ...(mdxPackages ? [mdxPackages] : [])],
    // The scan reads the site's `.js` files, which hold JSX (as `jsxInJs` compiles them).
    rolldownOptions: { moduleTypes: { '.js': 'jsx' } },
  },
});
await server.listen();
process.stdout.write(`docsite-vite: ${JSON.stringify({ port })}\n`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The engine holds our standard input: when it goes away, so do we.
process.stdin.on('end', stop);
process.stdin.resume();
