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
import { readFileSync } from 'node:fs';
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
const siteModules = [...listed('DOCSITE_SITE_PAGES'), ...listed('DOCSITE_SITE_COMPONENTS')].filter((rel) => !/\.mdx?$/.test(rel)).map((rel) => path.join(site, rel));

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
  optimizeDeps: {
    entries: [path.join(theme, 'src/entry-client.tsx'), ...siteModules],
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
