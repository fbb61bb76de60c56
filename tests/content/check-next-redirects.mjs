// Pages of `next` that the draft moved keep answering at their old address: each moved route
// has a `[[redirects]]` entry in site/docsite.toml (the engine writes a page there that sends the
// reader on, refuses a redirect that would hide a page, and checks its target like any link).
// This check makes sure each moved route has its redirect, to the expected page of next.
//
//   node check-next-redirects.mjs
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const site = path.resolve(here, '../../site');

/** Old routes of next (the specification's list) whose pages the draft moved, and where to. */
const MOVED = {
  '/docs/next/api/ref/Metadata': '/docs/next/api/ref/Types',
  '/docs/next/context/ref/ChatInitSettings': '/docs/next/context/ref/chat/ChatInitSettings',
  '/docs/next/context/ref/ChatMessage': '/docs/next/context/ref/chat/ChatMessage',
  '/docs/next/context/ref/ChatRoom': '/docs/next/context/ref/chat/ChatRoom',
  '/docs/next/context/ref/ChatSearchCriteria': '/docs/next/context/ref/chat/ChatSearchCriteria',
};

/** The Markdown file of a next route, or null (routes here follow file paths: no slugs involved). */
function docFile(route) {
  const rel = route.replace(/^\/docs\/next\//, '');
  for (const ext of ['.md', '.mdx']) {
    const file = path.join(site, 'docs', rel + ext);
    if (existsSync(file)) return file;
  }
  return null;
}

const problems = [];
const found = new Map();
// `[[redirects]]` tables of the config: `from = "…"` then `to = "…"`.
const config = readFileSync(path.join(site, 'docsite.toml'), 'utf8');
for (const m of config.matchAll(/^\[\[redirects\]\]\s*\nfrom = "([^"]+)"\s*\nto = "([^"]+)"/gm)) {
  const [, from, to] = m;
  found.set(from, to);
  if (!docFile(to)) problems.push(`redirect ${from}: target ${to} is not a page of next`);
  if (docFile(from)) problems.push(`redirect ${from}: is a page of next, the redirect would hide it`);
}
for (const [from, to] of Object.entries(MOVED)) {
  if (!found.has(from)) problems.push(`${from}: moved in the draft but has no [[redirects]] entry in site/docsite.toml`);
  else if (found.get(from) !== to) problems.push(`${from}: redirects to ${found.get(from)}, expected ${to}`);
}

console.log(`next: ${found.size} redirects checked, ${problems.length} problems`);
for (const p of problems) console.log(`  ${p}`);
process.exitCode = problems.length > 0 ? 1 : 0;
