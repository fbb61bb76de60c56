//! Server only: the stylesheet `<link>`s of an on-demand chunk of the client build, for the
//! pages that show its component pre-rendered (styled at first paint). Its code is not
//! preloaded: the client imports it before hydrating, outside the page's first-view weight.
//! Read from Vite's build manifest (`dist/client/.vite/manifest.json`); without one (tests
//! run from the sources) there are no tags.
import { readFileSync } from 'node:fs';
import { escapeHtml } from './head';

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

let cached: Manifest | null | undefined;

function readManifest(): Manifest | null {
  if (cached !== undefined) return cached;
  try {
    cached = JSON.parse(readFileSync(new URL('../client/.vite/manifest.json', import.meta.url), 'utf8')) as Manifest;
  } catch {
    cached = null;
  }
  return cached;
}

/**
 * The stylesheet tags of the chunk built from `source` (a path relative to the theme, as Vite
 * keys it), under the site's `baseUrl` (the engine copies the client's `assets/` there).
 */
export function stylesheetTags(source: string, baseUrl: string, manifest: Manifest | null = readManifest()): string[] {
  const chunk = manifest?.[source];
  if (!manifest || !chunk) return [];
  const css = new Set<string>();
  const seen = new Set<string>();
  // The chunk and the chunks it imports; the entry's own stylesheet is in the template.
  const visit = (entry: ManifestChunk) => {
    if (entry.isEntry || seen.has(entry.file)) return;
    seen.add(entry.file);
    for (const file of entry.css ?? []) css.add(file);
    for (const imported of entry.imports ?? []) {
      const next = manifest[imported];
      if (next) visit(next);
    }
  };
  visit(chunk);
  return [...css].map((file) => `<link rel="stylesheet" href="${escapeHtml(baseUrl + file)}">`);
}
