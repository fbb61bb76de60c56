// First-view size of the theme: the JS and CSS the HTML template loads (entry
// script, modulepreloads, stylesheets), gzipped like `gzip -c file | wc -c`.
// Budget (DESIGN.md §8): 90 KB for a doc page. `npm run size` prints the figure and
// fails above budget; test/size.test.ts checks it too.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 90 * 1024;

/** Files the built template loads, with their raw and gzipped sizes. */
export function firstViewSize(clientDir) {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => match[1]);
  const files = urls.map((url) => {
    const bytes = fs.readFileSync(path.join(clientDir, url.replace(/^\//, '')));
    return { url, raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
  });
  return { files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const clientDir = fileURLToPath(new URL('../dist/client', import.meta.url));
  const { files, gzip } = firstViewSize(clientDir);
  for (const file of files) console.log(`${(file.gzip / 1024).toFixed(1).padStart(6)} KB gzip  ${file.url}`);
  console.log(`${(gzip / 1024).toFixed(1).padStart(6)} KB gzip  first view (budget ${BUDGET_BYTES / 1024} KB)`);
  if (gzip > BUDGET_BYTES) {
    console.error('First-view JS+CSS is over budget.');
    process.exit(1);
  }
}
