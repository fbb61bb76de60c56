// Deploying anywhere (issue 17): the built FDC3 site served by stock static servers that know
// nothing about docsite, at the root and under a sub-path (`docsite build --base-url /FDC3/`),
// passes the key checks of the other specs (deep links, 404, clean URLs, client navigation,
// search, schemas with CORS); and the host files (`_headers`, `_redirects`, sitemap, robots)
// and the crawler tags of the pre-rendered heads say what `docsite serve` does.
//
// Servers: Debian's nginx with the minimal configuration the guide's Deploying page gives,
// plus the one Content-Security-Policy of the build's `_headers` (skipped with a note when
// nginx is not installed; .ci/run installs it), and Python's `http.server` (no
// configuration at all: no 404 page, directory redirects only).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, SITE_BUILD, freePort, launch, openPage, startServer, unexpected, waitForApp } from '../lib.mjs';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const SITE_DIR = path.resolve(SITE_BUILD, '..');

/**
 * The nginx server block of the guide (guide/docs/deploying.md), for a site at `prefix`,
 * sending `csp` (the policy of the build's `_headers`) with every page.
 */
function nginxConfig(port, webRoot, prefix, tmp, csp) {
  return `daemon off;
pid ${tmp}/nginx.pid;
error_log ${tmp}/error.log;
events {}
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${webRoot};
    gzip_static on;
    error_page 404 ${prefix}404.html;
    location ${prefix} {
      add_header Content-Security-Policy "${csp}" always;
      try_files $uri $uri/index.html =404;
    }
    location ${prefix}schemas/ {
      add_header Access-Control-Allow-Origin "*" always;
      try_files $uri =404;
    }
  }
}
`;
}

/** Waits until `url` answers. */
async function waitFor(url, proc, what) {
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      if (proc.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`${what} did not start`);
}

/** Serves `webRoot` with nginx (config of the guide) or python's http.server. */
async function staticServer(kind, webRoot, prefix) {
  const port = await freePort();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `docsite-${kind}-`));
  let proc;
  if (kind === 'nginx') {
    const rules = parseHeaders(fs.readFileSync(path.join(webRoot, prefix, '_headers'), 'utf8'));
    const csp = headersFor(rules, `${prefix}docs/x`)['content-security-policy'];
    fs.writeFileSync(path.join(tmp, 'nginx.conf'), nginxConfig(port, webRoot, prefix, tmp, csp));
    proc = spawn(NGINX, ['-c', path.join(tmp, 'nginx.conf'), '-p', tmp], { stdio: 'ignore' });
  } else {
    proc = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', webRoot], { stdio: 'ignore' });
  }
  const base = `http://127.0.0.1:${port}`;
  await waitFor(base + prefix, proc, kind);
  return { base, stop: () => (proc.kill(), fs.rmSync(tmp, { recursive: true, force: true })) };
}

let browser;
let prefixed; // { webRoot, out }: the FDC3 site built with --base-url /FDC3/, at webRoot/FDC3
const servers = [];
before(async () => {
  browser = await launch();
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'docsite-base-url-'));
  // nginx's workers run as another user: the folder must be readable (mkdtemp makes it 0700).
  fs.chmodSync(webRoot, 0o755);
  const out = path.join(webRoot, 'FDC3');
  const built = spawnSync(BIN, ['build', SITE_DIR, '--out', out, '--base-url', '/FDC3/'], { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  prefixed = { webRoot, out };
});
after(async () => {
  await browser?.close();
  for (const s of servers) s.stop();
  if (prefixed) fs.rmSync(prefixed.webRoot, { recursive: true, force: true });
});

const setups = [
  { name: 'nginx at the root', kind: 'nginx', prefix: '/', root: () => SITE_BUILD },
  // The theme is built once with a relative base; the engine puts the template's asset URLs
  // under the base URL, and chunks find each other relative to themselves.
  { name: 'nginx under /FDC3/ (--base-url)', kind: 'nginx', prefix: '/FDC3/', root: () => prefixed.webRoot },
  { name: 'python http.server under /FDC3/ (--base-url)', kind: 'python', prefix: '/FDC3/', root: () => prefixed.webRoot },
];

for (const setup of setups) {
  const skip = setup.kind === 'nginx' && !NGINX ? 'nginx is not installed (apt-get install nginx)' : false;
  test(`${setup.name}: deep links, clean URLs, 404, client navigation, search and schemas work`, { skip }, async () => {
    const server = await staticServer(setup.kind, setup.root(), setup.prefix);
    servers.push(server);
    const at = (p) => server.base + setup.prefix + p;
    const { page, context, problems } = await openPage(browser);
    const requests = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.hostname === '127.0.0.1') requests.push(url.pathname);
    });

    // A deep link, without and with the final slash (the folder redirect of a plain server).
    for (const deep of ['docs/api/ref/DesktopAgent', 'docs/api/ref/DesktopAgent/']) {
      const res = await page.goto(at(deep), { waitUntil: 'networkidle' });
      assert.equal(res.status(), 200, deep);
      assert.equal(await page.locator('h1').first().textContent(), 'DesktopAgent');
    }
    assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `https://fdc3.finos.org${setup.prefix}docs/api/ref/DesktopAgent`);
    // Every request the page made stayed under the prefix.
    assert.deepEqual(requests.filter((p) => !p.startsWith(setup.prefix)), [], 'requests outside the base URL');
    assert.equal(await page.locator('#__docsite-base-url-issue-banner').count(), 0, 'no base URL banner');

    // Client navigation: a sidebar link changes the page without a document load.
    await waitForApp(page);
    await page.evaluate(() => (window.__sameDocument = true));
    await page.locator('nav[aria-label="Docs sidebar"] a[href$="/docs/api/ref/Channel"]').first().click();
    await page.waitForURL((u) => u.pathname === `${setup.prefix}docs/api/ref/Channel`);
    await page.locator('h1', { hasText: 'Channel' }).first().waitFor();
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'client-side navigation');

    // Search: the pagefind index under the prefix answers, results link under the prefix.
    await page.keyboard.press('Control+k');
    const input = page.getByRole('dialog', { name: 'Search' }).getByRole('searchbox', { name: 'Search' });
    await input.fill('raiseIntent');
    const first = page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first();
    await first.waitFor();
    assert.ok((await first.getAttribute('href')).startsWith(`${setup.prefix}docs/`), await first.getAttribute('href'));
    await page.keyboard.press('Escape');

    // Nothing failed so far; the missing page below is the one expected 404.
    assert.deepEqual(problems, []);
    // A missing page: status 404; nginx shows the site's 404 page (python has no such config).
    const missing = await page.goto(at('docs/no-such-page'), { waitUntil: 'networkidle' });
    assert.equal(missing.status(), 404);
    if (setup.kind === 'nginx') assert.equal(await page.locator('h1').first().textContent(), 'Page Not Found');

    // Schemas: served as JSON, `$id` under the prefix; nginx sends CORS as the guide says.
    const schemaUrl = at('schemas/2.2/context/instrument.schema.json');
    const schema = await fetch(schemaUrl);
    assert.equal(schema.status, 200);
    assert.equal((await schema.json()).$id, `https://fdc3.finos.org${setup.prefix}schemas/2.2/context/instrument.schema.json`);
    if (setup.kind === 'nginx') assert.equal(schema.headers.get('access-control-allow-origin'), '*');

    if (setup.kind === 'nginx') {
      // A missing schema gets the site's 404 page as well (the guide's `error_page` is the
      // server's, so `location /schemas/` has it too).
      const noSchema = await page.goto(at('schemas/2.2/no-such.schema.json'), { waitUntil: 'networkidle' });
      assert.equal(noSchema.status(), 404);
      assert.equal(await page.locator('h1').first().textContent(), 'Page Not Found');
    }

    // A moved route: the page the build writes there sends readers on with the anchor, its
    // script allowed by the one policy the host sends every page (no CSP violation).
    await page.goto(at('docs/next/api/ref/Metadata/#properties'));
    await page.waitForURL((u) => u.pathname.replace(/\/$/, '') === `${setup.prefix}docs/next/api/ref/Types`, { timeout: 10000 });
    assert.equal(new URL(page.url()).hash, '#properties');
    await page.locator('h1').first().waitFor();

    // nginx says "Not Found", python "File not found".
    assert.deepEqual(unexpected(problems, /status of 404 \((?:Not Found|File not found)\)/), []);
    await context.close();
  });
}

/** What Netlify and Cloudflare Pages send as `Cache-Control` when no rule sets it. */
const HOST_DEFAULT_CACHE = 'public, max-age=0, must-revalidate';

test('_headers is one rule per distinct policy, and docsite serve sends what it gives every page, asset, chunk and schema', async () => {
  const text = fs.readFileSync(path.join(SITE_BUILD, '_headers'), 'utf8');
  const rules = parseHeaders(text);
  // Cloudflare Pages applies at most 100 rules; one policy for every page keeps it to a few.
  assert.ok(rules.length <= 20, `${rules.length} rules`);
  assert.ok(text.length < 8 * 1024, `${text.length} bytes`);
  assert.equal(new Set(rules.map(([pattern]) => pattern)).size, rules.length, 'no pattern twice');
  // No two matching rules set the same header (hosts would join their values), but for the
  // sitemap's lockdown policy, which joined to the page policy only narrows it.
  const csp = rules.filter(([, h]) => h['content-security-policy']);
  assert.deepEqual(csp.map(([p]) => p), ['/*', '/sitemap.xml']);
  assert.deepEqual(rules.filter(([, h]) => h['cache-control']).map(([p]) => p).sort(), [
    '/_docsite/custom/*', '/_docsite/pages/*', '/_docsite/routes/*', '/_docsite/sidebars/*', '/_docsite/site/*', '/assets/*',
  ]);

  const server = await startServer();
  servers.push(server);
  const schema = await fetch(server.base + '/schemas/2.2/context/instrument.schema.json');
  assert.equal(schema.headers.get('access-control-allow-origin'), '*');
  assert.equal(headersFor(rules, '/schemas/2.2/context/instrument.schema.json')['access-control-allow-origin'], '*');
  const home = await fetch(server.base + '/docs/fdc3-intro');
  assert.equal(home.headers.get('access-control-allow-origin'), null, 'pages are not CORS');

  // Every page of the sitemap, the 404 page, a theme asset, a data chunk and the CSP manifest.
  const sitemap = fs.readFileSync(path.join(SITE_BUILD, 'sitemap.xml'), 'utf8');
  const routes = [...sitemap.matchAll(/<loc>https:\/\/fdc3\.finos\.org(.*?)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  assert.ok(routes.length > 500, `${routes.length} routes`);
  const asset = fs.readdirSync(path.join(SITE_BUILD, 'assets')).find((f) => f.endsWith('.js'));
  const chunk = fs.readdirSync(path.join(SITE_BUILD, '_docsite/pages'))[0];
  const checked = [...routes, '/docs/no-such-page', `/assets/${asset}`, `/_docsite/pages/${chunk}`, '/_docsite/csp.json'];
  const mismatches = [];
  for (const route of checked) {
    const res = await fetch(server.base + route);
    await res.arrayBuffer();
    const written = headersFor(rules, route);
    const html = (res.headers.get('content-type') ?? '').startsWith('text/html');
    const expected = {
      // docsite serve sends a policy with HTML only; hosts send `/*`'s with every file.
      'content-security-policy': html ? written['content-security-policy'] : res.headers.get('content-security-policy'),
      'cache-control': written['cache-control'] ?? HOST_DEFAULT_CACHE,
      'x-content-type-options': written['x-content-type-options'],
      'referrer-policy': written['referrer-policy'],
      'x-frame-options': written['x-frame-options'],
    };
    for (const [name, value] of Object.entries(expected)) {
      if (res.headers.get(name) !== value) mismatches.push(`${route}: ${name}: serve sends ${res.headers.get(name)}, _headers gives ${value}`);
    }
  }
  assert.deepEqual(mismatches.slice(0, 5), []);
  assert.equal((await fetch(server.base + '/_docsite/csp.json')).headers.get('cache-control'), HOST_DEFAULT_CACHE, 'the manifest is rewritten under the same name');
  assert.equal((await fetch(`${server.base}/assets/${asset}`)).headers.get('cache-control'), 'public, max-age=31536000, immutable');
});

test('the home page head has the crawler tags and WebSite data, and runs with no CSP violation', async () => {
  const server = await startServer();
  servers.push(server);
  const { page, context, problems } = await openPage(browser);
  await page.goto(server.base + '/', { waitUntil: 'networkidle' });
  const meta = (sel) => page.locator(sel).first().getAttribute('content');
  assert.equal(await meta('meta[property="og:type"]'), 'website');
  assert.ok(await meta('meta[property="og:title"]'));
  assert.ok(await meta('meta[property="og:description"]'));
  assert.match(await meta('meta[name="twitter:card"]'), /^summary/);
  const data = JSON.parse(await page.locator('script[type="application/ld+json"]').textContent());
  assert.equal(data['@type'], 'WebSite');
  assert.equal(data.url, 'https://fdc3.finos.org/');
  await page.goto(server.base + '/docs/fdc3-intro', { waitUntil: 'networkidle' });
  assert.equal(await meta('meta[property="og:type"]'), 'article');
  assert.equal(await page.locator('script[type="application/ld+json"]').count(), 0, 'WebSite data on the home page only');
  assert.deepEqual(problems.filter((p) => /Content Security Policy/i.test(p)), []);
  await context.close();
});

test('sitemap.xml lists every route once with absolute URLs, robots.txt names it, _redirects sends .html forms to clean URLs', async () => {
  const sitemap = fs.readFileSync(path.join(SITE_BUILD, 'sitemap.xml'), 'utf8');
  const locs = [...sitemap.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
  assert.ok(locs.includes('https://fdc3.finos.org/'));
  assert.ok(locs.includes('https://fdc3.finos.org/docs/api/ref/DesktopAgent'));
  assert.equal(new Set(locs).size, locs.length, 'no duplicates');
  assert.ok(!locs.some((l) => /\/search$|404/.test(l)), 'no search or 404 page');
  assert.match(sitemap, /<lastmod>\d{4}-\d\d-\d\dT/);
  const robots = fs.readFileSync(path.join(SITE_BUILD, 'robots.txt'), 'utf8');
  assert.match(robots, /^Sitemap: https:\/\/fdc3\.finos\.org\/sitemap\.xml$/m);
  const redirects = fs.readFileSync(path.join(SITE_BUILD, '_redirects'), 'utf8');
  assert.match(redirects, /^\/docs\/fdc3-intro\.html \/docs\/fdc3-intro 301!$/m);
  assert.match(redirects, /^\/docs\/fdc3-intro\/index\.html \/docs\/fdc3-intro 301!$/m);
  // The --base-url build: everything under /FDC3/.
  const prefixedMap = fs.readFileSync(path.join(prefixed.out, 'sitemap.xml'), 'utf8');
  const prefixedLocs = [...prefixedMap.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
  assert.deepEqual(prefixedLocs.filter((l) => !/^https:\/\/fdc3\.finos\.org\/FDC3(\/|$)/.test(l)), []);
  assert.equal(prefixedLocs.length, locs.length, 'the same routes');
  const prefixedHome = fs.readFileSync(path.join(prefixed.out, 'index.html'), 'utf8');
  assert.match(prefixedHome, /"@type":"WebSite","name":"FDC3","url":"https:\/\/fdc3\.finos\.org\/FDC3\/"/);
  const schema = JSON.parse(fs.readFileSync(path.join(prefixed.out, 'schemas/2.2/context/instrument.schema.json'), 'utf8'));
  assert.equal(schema.$id, 'https://fdc3.finos.org/FDC3/schemas/2.2/context/instrument.schema.json');
  assert.match(fs.readFileSync(path.join(prefixed.out, '_headers'), 'utf8'), /^\/FDC3\/schemas\/\*$/m);
});

/** `_headers` as [pattern, {name: value}] in file order. */
function parseHeaders(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push([line.trim(), {}]);
    else {
      const i = line.indexOf(':');
      rules.at(-1)[1][line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
  }
  return rules;
}

/** The headers the rules give a path (a host applies every matching rule). */
function headersFor(rules, p) {
  const out = {};
  for (const [pattern, headers] of rules) {
    const match = pattern.endsWith('*') ? p.startsWith(pattern.slice(0, -1)) : pattern === p;
    if (match) Object.assign(out, headers);
  }
  return out;
}
