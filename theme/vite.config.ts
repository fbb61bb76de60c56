// Builds the theme twice from one config: the client bundle (`vite build`, into
// dist/client with index.html as the engine's HTML template) and the server bundle
// (`vite build --ssr src/entry-server.tsx`, into dist/server) that the engine's
// prerender workers import. Both builds must name CSS-module classes the same way, or
// the pre-rendered HTML would not match the client's stylesheet.
// `defineConfig` comes from vite, not vitest/config: a site build runs this file where only
// the theme's run-time dependencies are installed (the npm package's), and vitest is not one
// of them. The reference types the `test` block below.
/// <reference types="vitest/config" />
import { cpSync, existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { siteCode, themePackagesOutside } from './site-code.config.ts';
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from './src/app/deferredEntry.ts';
import { scopedName } from './src/lib/cssModuleNames.ts';

/**
 * react-router ships its components as `React.forwardRef(...)`/`createContext(...)`
 * calls and `X.displayName = "X"` statements without pure annotations, so the bundler
 * must keep every component of the package (framework-mode Link prefetching, Form,
 * ScrollRestoration, ...) even though the theme uses only the router and a few hooks.
 * Marking them pure lets tree-shaking drop ~7 KB gzip from the first view. A class
 * component's `X.contextType = Y;` statement is a side effect too, which kept the route
 * error boundary of `<Routes>` (and the redirect and error-digest handling it renders,
 * ~0.8 KB gzip) though the theme renders no `<Routes>`: it becomes the class's own
 * `static contextType = Y;`, the same property set when the class is defined.
 */
export function reactRouterTreeShakable(code: string): string {
  let out = code
    .replace(/(?<![.\w$])(React\d*\.(?:forwardRef|createContext|memo)\()/g, '/* @__PURE__ */ $1')
    .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"]*";$/gm, '');
  for (const [statement, name, context] of code.matchAll(/^([A-Za-z_$][\w$]*)\.contextType = ([A-Za-z_$][\w$]*);$/gm)) {
    const declaration = `var ${name} = class extends React`;
    const at = out.indexOf(declaration);
    const body = at === -1 ? -1 : out.indexOf('{', at);
    if (body === -1) continue;
    out = `${out.slice(0, body + 1)}\n  static contextType = ${context};${out.slice(body + 1)}`.replace(`\n${statement}\n`, '\n');
  }
  return out;
}

function reactRouterPureAnnotations(): Plugin {
  return {
    name: 'docsite:react-router-pure-annotations',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]/.test(id)) return null;
      return { code: reactRouterTreeShakable(code), map: null };
    },
  };
}

/**
 * The template's entry `<script>` and module preloads, held inert (a script type and a link
 * relation the browser does not know): every page's inline head script starts them once
 * the page has painted (`src/app/deferredEntry.ts`). Fails the build if the template has
 * no entry to hold, so a change in Vite's output cannot silently start the JavaScript early.
 */
function deferEntry(): Plugin {
  return {
    name: 'docsite:defer-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const held = html
          .replace(/<script type="module"/g, `<script type="${DEFERRED_MODULE_TYPE}"`)
          .replace(/<link rel="modulepreload"/g, `<link rel="${DEFERRED_PRELOAD_REL}"`);
        if (!held.includes(`<script type="${DEFERRED_MODULE_TYPE}"`)) throw new Error('docsite:defer-entry: the template has no <script type="module"> entry');
        return held;
      },
    },
  };
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every compressible file of at least
 * 512 bytes under dist/client/assets, the kinds and threshold the engine uses (`emit.rs`,
 * `precompress`). The engine copies them into every site it builds and compresses only files
 * that have no siblings yet, so these hashed files are compressed once per theme build, at
 * settings too slow for every site build (quality 11 makes the JS ~8% smaller than the
 * engine's quality 6).
 *
 * A site build (`siteBuild`) compresses only its chunks that hold the theme's or the site's own
 * code, and its stylesheets. A chunk of packages alone (a package a site's pages import on
 * demand) is left to the engine, which compresses it at its own settings in parallel and
 * reuses it in the next build while its bytes are the same: quality 11 costs ~1 s of CPU
 * per MB, for ~9% fewer brotli bytes (measured on mermaid's chunks, 807 KB instead of 884 KB,
 * when site builds still bundled them: ~4 s of every build of the standard's site). The
 * theme's own compressed files cannot be reused: every chunk that imports the entry's preload
 * helper names the entry's export, which changes with the site's code, so no file keeps its
 * name or bytes.
 */
export function precompressAssets(siteBuild: boolean, prefix = 'assets/'): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  const packagesOnly = (item: Rollup.OutputBundle[string] | undefined) => item?.type === 'chunk' && item.moduleIds.length > 0 && item.moduleIds.every((id) => id.includes('/node_modules/'));
  return {
    name: 'docsite:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? path.join(site.outDir ?? 'dist', 'client');
      const files = Object.keys(bundle).filter((name) => name.startsWith(prefix) && /\.(?:html|js|css|json|svg|xml|txt|map|mjs)$/.test(name) && !(siteBuild && packagesOnly(bundle[name])));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const bytes = await readFile(file);
          if (bytes.length < 512) return;
          const [br, gzipped] = await Promise.all([
            brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gz(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/** The folder of `dist/client/assets` (and of a site build's `client/assets`) that holds the mermaid bundle (`vite.mermaid.config.ts`). */
export const MERMAID_DIR = 'mermaid';

/**
 * A client build imports mermaid from its own bundle, built once with the theme
 * (`vite.mermaid.config.ts`), at `./mermaid/mermaid.js` beside the importing chunk (every
 * chunk is in `assets/`), instead of bundling it. A site build (`copyFrom`: the theme's
 * `dist/client/assets/mermaid`) copies that bundle, with its compressed siblings, into its
 * own `assets/`.
 */
function mermaidOutside(copyFrom: string | null): Plugin {
  const entry = `./${MERMAID_DIR}/mermaid.js`;
  return {
    name: 'docsite:mermaid-outside',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === 'mermaid' ? { id: entry, external: 'absolute' } : null;
    },
    writeBundle(options) {
      if (!copyFrom) return;
      if (!existsSync(path.join(copyFrom, 'mermaid.js'))) this.error(`the theme's mermaid bundle is not in ${copyFrom}: build the theme (npm run build in ${import.meta.dirname})`);
      cpSync(copyFrom, path.join(options.dir ?? '', 'assets', MERMAID_DIR), { recursive: true });
    },
  };
}

/** The link tags' marker: the engine keeps such links for a Docusaurus site only (`build/site.rs`). */
export const DOCUSAURUS_SKIN_ATTR = 'data-docsite-docusaurus';

/**
 * The Docusaurus skin (issue 36): Infima, the classic theme's CSS framework (the `infima`
 * package, MIT, its minified stylesheet, as Docusaurus ships it), and `src/styles/docusaurus.css`, which
 * points the theme's tokens at Infima's variables, emitted as stylesheets of their own and
 * linked by the template with `data-docsite-docusaurus`: Infima before the theme's
 * stylesheet (Docusaurus's order: Infima, then the theme's components), the bridge after it.
 * The engine keeps these links for a site read from a Docusaurus config and drops them for
 * any other, whose pages never load them.
 */
function docusaurusSkin(): Plugin {
  const sources = {
    infima: createRequire(import.meta.url).resolve('infima/dist/css/default/default.min.css'),
    docusaurus: path.join(import.meta.dirname, 'src/styles/docusaurus.css'),
  };
  return {
    name: 'docsite:docusaurus-skin',
    apply: 'build',
    async buildStart() {
      for (const [name, file] of Object.entries(sources)) {
        this.addWatchFile(file);
        const css = await readFile(file, 'utf8');
        // The bridge's comments are for its readers, not for every page load (it has no strings).
        const source = name === 'docusaurus' ? css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\n\s*\n/g, '\n').trim() + '\n' : css;
        this.emitFile({ type: 'asset', name: `${name}.css`, source });
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const url = (name: string) => {
          const asset = Object.values(ctx.bundle ?? {}).find((a) => a.type === 'asset' && (a.names ?? []).includes(`${name}.css`));
          if (!asset) throw new Error(`docsite:docusaurus-skin: ${name}.css is not in the bundle`);
          return `./${asset.fileName}`;
        };
        const link = (name: string) => `<link rel="stylesheet" ${DOCUSAURUS_SKIN_ATTR} href="${url(name)}">`;
        if (!html.includes('<!--docsite:head-->') || !html.includes('</head>')) throw new Error('docsite:docusaurus-skin: the template has no <!--docsite:head--> or </head>');
        // Infima before the page's own head (a site page's stylesheets, which win over
        // Infima at equal specificity, as in Docusaurus, where a page's CSS modules come
        // after Infima: a `.hero` padding of the page's own wins over Infima's `.hero`).
        return html.replace('<!--docsite:head-->', `${link('infima')}<!--docsite:head-->`).replace('</head>', `${link('docusaurus')}</head>`);
      },
    },
  };
}

// A site build (`DOCSITE_SITE_DIR` set by the engine, `site-code.config.ts`) compiles the
// site's own React pages and components with the theme, into the site's `.docsite/` folder.
const site = siteCode(import.meta.dirname);

export default defineConfig(({ isSsrBuild }) => ({
  // Relative: chunks import each other and their preloads by URLs relative to the importing
  // module (`new URL(dep, import.meta.url)`), so one theme build serves any base URL. The
  // template's `./assets/` URLs are relative to the template only: the engine rewrites them
  // to `<baseUrl>assets/` (`build/site.rs`, `Site::template`), and the SSR bundle links
  // on-demand stylesheets under the site's `baseUrl` (`app/chunkAssets.ts`).
  base: './',
  plugins: [...site.plugins, react(), reactRouterPureAnnotations(), ...(isSsrBuild ? (site.dir ? [themePackagesOutside(import.meta.dirname)] : []) : [mermaidOutside(site.outDir ? path.join(import.meta.dirname, 'dist/client/assets', MERMAID_DIR) : null), deferEntry(), docusaurusSkin(), precompressAssets(site.outDir !== null)])],
  resolve: site.resolve,
  experimental: site.experimental,
  // A site build bundles its dependencies into the server bundle: it lives in the site's
  // `.docsite/` folder, where the theme's `node_modules` would not be found by a bare import.
  // The theme's own packages are the exception: imported by absolute path
  // (`themePackagesOutside`).
  ...(site.dir && isSsrBuild ? { ssr: { noExternal: true } } : {}),
  css: {
    modules: {
      generateScopedName: (local: string, file: string) => scopedName(local, file, import.meta.dirname),
    },
  },
  build: isSsrBuild
    ? {
        outDir: site.outDir ? path.join(site.outDir, 'server') : 'dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { ...site.rolldownOptions, output: { entryFileNames: 'entry-server.js' } },
      }
    : {
        outDir: site.outDir ? path.join(site.outDir, 'client') : 'dist/client',
        emptyOutDir: true,
        assetsDir: 'assets',
        manifest: true,
        rolldownOptions: site.rolldownOptions,
        // Every browser with module scripts supports modulepreload (or ignores it
        // harmlessly); the polyfill would only cost first-view bytes. A chunk imported on
        // demand brings its stylesheets, but its scripts load as the browser finds their
        // imports: each preload is a `<link>` added to the page, and on a long reference
        // page adding a few of them for every kind of island cost more main-thread time
        // (milliseconds each) than the round trip they save.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps),
        },
        // Mermaid's chunks are large but load only when a page has a diagram.
        chunkSizeWarningLimit: 1500,
        // The print stylesheet (index.html) is a file of its own, fetched without holding up
        // the page (`media="print"`), never a `data:` URL in every page's head.
        assetsInlineLimit: (file) => (file.endsWith('.css') ? false : undefined),
      },
  test: {
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
  },
}));
