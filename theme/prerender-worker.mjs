// Prerender worker: a long-lived Node process the docsite engine drives over NDJSON
// on stdin/stdout (one per core). It renders pages with the theme's server bundle.
//
//   in:  {"type":"init","site":SiteData,"routes":RouteManifest}      (first; no reply)
//   in:  {"type":"render","id":n,"url":"/x","page":PageData,"sidebarKey":string|null,"sidebar"?:SidebarData}
//        (the engine sends a sidebar once, the first time a page of it comes to this worker;
//        the worker keeps it by its key, a hash of its JSON, until the next `init`)
//   out: {"id":n,"html":"...","head":"...","contentInHtml":bool}   or   {"id":n,"error":"message and stack"}
//        (contentInHtml: the page's first load can read its data without its content)
//
// stdout carries only reply lines: everything the theme or React logs goes to stderr.
// One bad page answers with an error and the worker carries on. It exits when stdin
// closes.
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';

const out = process.stdout;
for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace']) {
  console[level] = (...args) => {
    process.stderr.write(`${format(...args)}\n`);
  };
}

// React picks its production build from NODE_ENV at import time.
process.env.NODE_ENV ??= 'production';

// The theme's own build, or a site build (`DOCSITE_THEME_DIST`, set by the engine: the
// site's React code compiled with the theme, `crates/docsite-core/src/site_code.rs`).
const dist = process.env.DOCSITE_THEME_DIST ? pathToFileURL(`${process.env.DOCSITE_THEME_DIST}/`) : new URL('./dist/', import.meta.url);
const { render, prepare } = await import(new URL('server/entry-server.js', dist).href);

/** @type {{ site: unknown, routes: unknown } | null} */
let context = null;
/** The sidebars sent so far, by key: one parsed object per sidebar, shared by its pages. */
let sidebars = new Map();
/** Settles once the server bundle has loaded the site's own React pages (after `init`). */
let ready = Promise.resolve();

function reply(message) {
  out.write(`${JSON.stringify(message)}\n`);
}

function describe(error) {
  if (error instanceof Error) {
    let text = error.stack ?? `${error.name}: ${error.message}`;
    let cause = error.cause;
    for (let depth = 0; cause !== undefined && depth < 5; depth += 1) {
      text += `\nCaused by: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`;
      cause = cause instanceof Error ? cause.cause : undefined;
    }
    return text;
  }
  return String(error);
}

function handle(line) {
  if (line.trim() === '') return;
  let message;
  try {
    message = JSON.parse(line);
  } catch (error) {
    process.stderr.write(`prerender-worker: ignoring a line that is not JSON: ${describe(error)}\n`);
    return;
  }
  if (message.type === 'init') {
    context = { site: message.site, routes: message.routes };
    sidebars = new Map();
    ready = prepare ? prepare(message.site) : Promise.resolve();
    return;
  }
  if (message.type === 'render') {
    const id = message.id;
    const current = context;
    const key = message.sidebarKey ?? null;
    if (key !== null && message.sidebar != null) sidebars.set(key, message.sidebar);
    const sidebar = key === null ? null : (sidebars.get(key) ?? null);
    ready.then(
      () => {
        try {
          if (!current) throw new Error('render before init: the first message must be {"type":"init",...}');
          const { html, head, contentInHtml } = render(message.url, current.site, current.routes, message.page, sidebar);
          reply({ id, html, head, contentInHtml });
        } catch (error) {
          reply({ id, error: describe(error) });
        }
      },
      (error) => reply({ id, error: `the site's React pages could not be loaded: ${describe(error)}` }),
    );
    return;
  }
  process.stderr.write(`prerender-worker: unknown message type ${JSON.stringify(message.type)}\n`);
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', handle);
lines.on('close', () => {
  // Let pending stdout writes drain, then leave.
  out.write('', () => process.exit(0));
});
