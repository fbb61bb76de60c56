// Pages of `next` that the draft moved keep answering at their old address: a small static page
// under site/static/docs/next/<old route>/index.html sends the reader on to the new route (meta
// refresh, plus a script that keeps the #anchor; the engine has no server-side redirects). This
// check makes sure each moved route has such a page, that every such page points at a page of
// next that exists, and that no such page hides a real page.
//
//   node check-next-redirects.mjs
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const site = path.resolve(here, '../../site');
const staticNext = path.join(site, 'static/docs/next');

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

function redirectPages(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...redirectPages(full));
    else if (entry === 'index.html') out.push(full);
  }
  return out;
}

const problems = [];
const found = new Map();
for (const file of redirectPages(staticNext)) {
  const route = '/docs/next/' + path.relative(staticNext, path.dirname(file)).split(path.sep).join('/');
  const html = readFileSync(file, 'utf8');
  const rel = path.relative(path.resolve(site, '..'), file);
  const targets = new Set(
    [
      /http-equiv="refresh" content="0; url=([^"]+)"/.exec(html)?.[1],
      /rel="canonical" href="([^"]+)"/.exec(html)?.[1],
      /location\.replace\('([^']+)'/.exec(html)?.[1],
    ].filter(Boolean),
  );
  if (targets.size !== 1) {
    problems.push(`${rel}: needs one target in its meta refresh, canonical link and script (found ${[...targets].join(', ') || 'none'})`);
    continue;
  }
  const [target] = targets;
  found.set(route, target);
  if (!docFile(target)) problems.push(`${rel}: target ${target} is not a page of next`);
  if (docFile(route)) problems.push(`${rel}: ${route} is a page of next, the redirect would hide it`);
}
for (const [from, to] of Object.entries(MOVED)) {
  if (!found.has(from)) problems.push(`${from}: moved in the draft but has no redirect page (site/static${from}/index.html)`);
  else if (found.get(from) !== to) problems.push(`${from}: redirects to ${found.get(from)}, expected ${to}`);
}

console.log(`next: ${found.size} redirect pages checked, ${problems.length} problems`);
for (const p of problems) console.log(`  ${p}`);
process.exitCode = problems.length > 0 ? 1 : 0;
