// Mermaid, built once with the theme into dist/client/assets/mermaid/ (`npm run build`), as
// a bundle of its own: the theme's client build and every site's build of its React code
// import it there (`./mermaid/mermaid.js`, `mermaidOutside` in vite.config.ts) instead of
// bundling its ~3.5 MB of diagrams again. Its files import only each other, so they are the
// same bytes, under the same names, in every site and every build: a site's code build no
// longer spends seconds and ~350 MB on them, and readers' caches keep them across releases.
import path from 'node:path';
import { defineConfig } from 'vite';
import { MERMAID_DIR, precompressAssets } from './vite.config.ts';

export default defineConfig({
  // Chunks import each other by relative URLs, wherever the bundle is served.
  base: './',
  plugins: [precompressAssets(false, '')],
  build: {
    outDir: path.join('dist/client/assets', MERMAID_DIR),
    emptyOutDir: true,
    copyPublicDir: false,
    // As in the theme's build (vite.config.ts): a chunk's scripts load as the browser finds their imports.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps) },
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: { mermaid: 'src/components/Mermaid/bundle.ts' },
      // The entry keeps its default export (a library's entry, not an app's).
      preserveEntrySignatures: 'strict',
      output: { entryFileNames: 'mermaid.js', chunkFileNames: '[name]-[hash].js', assetFileNames: '[name]-[hash][extname]' },
    },
  },
});
