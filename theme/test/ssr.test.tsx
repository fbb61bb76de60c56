import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../src/entry-server';
import { stylesheetTags } from '../src/app/chunkAssets';
import { homePage, notFoundPage, page, routes, sidebar, site } from './fixtures';
import { hydrateServerHtml } from './render';

vi.mock('mermaid', () => ({
  default: {
    initialize: () => undefined,
    render: async (id: string) => ({ svg: `<svg id="${id}"></svg>` }),
  },
}));

describe('server render', () => {
  it('renders the doc page: h1, article text, sidebar, TOC, pager, last update', () => {
    const { html } = render(page.path, site, routes, page, sidebar);
    expect(html).toContain('<h1>API Specification</h1>');
    expect(html).toContain('The Desktop Agent API is the core of FDC3.');
    expect(html).toContain('id="__docsite_main"');
    expect(html).toContain('Skip to main content');
    expect(html).toContain('aria-label="Docs sidebar"');
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('aria-label="Table of contents"');
    expect(html).toContain('aria-label="Breadcrumbs"');
    expect(html).toContain('Last updated<!-- --> on <b><time dateTime="2025-03-01T10:00:00Z">Mar 1, 2025</time></b> by <b>Jane Doe</b>');
    expect(html).toContain('Previous');
    expect(html).toContain('class="mermaid-diagram');
  });

  it('renders the head tags', () => {
    const { head } = render(page.path, site, routes, page, sidebar);
    expect(head).toContain('<title>API Specification | FDC3</title>');
    expect(head).toContain('<meta name="description" content="The FDC3 Desktop Agent API.">');
    expect(head).toContain('<link rel="canonical" href="https://fdc3.finos.org/docs/api/spec">');
    expect(head).toContain('<meta property="og:title" content="API Specification | FDC3">');
  });

  it('titles the home page with the site title alone', () => {
    const { head, html } = render('/', site, routes, homePage, null);
    expect(head).toContain('<title>FDC3</title>');
    expect(html).toContain('Welcome to FDC3.');
  });

  it('renders the not-found page', () => {
    const { html } = render('/404', site, routes, notFoundPage, null);
    expect(html).toContain('<h1>Page Not Found</h1>');
  });

  it('shows the unreleased banner on next docs', () => {
    const next = { ...page, path: '/docs/next/api/spec', version: 'current' };
    const { html } = render(next.path, site, routes, next, sidebar);
    expect(html).toContain('This is unreleased documentation for FDC3 Next version.');
    expect(html).toContain('href="/docs/api/spec"');
    expect(html).toContain('latest version');
  });

  it('shows the unmaintained banner on old docs', () => {
    const old = { ...page, path: '/docs/1.2/fdc3-intro', version: '1.2' };
    const { html } = render(old.path, site, routes, old, sidebar);
    expect(html).toContain('This is documentation for FDC3 1.2, which is no longer actively maintained.');
  });

  it("says the version's configured banner text instead of the default sentence, still linking the latest version", () => {
    const next = { ...page, path: '/docs/next/fdc3-intro', version: 'current' };
    const text = 'This is the draft of the next version of the standard.';
    const configured = { ...site, versions: site.versions.map((v) => (v.name === 'current' ? { ...v, bannerText: text } : v)) };
    const { html } = render(next.path, configured, routes, next, sidebar);
    expect(html).toContain(text);
    expect(html).not.toContain('This is unreleased documentation');
    expect(html).toContain('latest version');
  });

  it('links on-demand stylesheets under the base URL', () => {
    const manifest = {
      'src/entry-client.tsx': { file: 'assets/index-a.js', isEntry: true, css: ['assets/index-a.css'] },
      'src/content/home.ts': { file: 'assets/home-b.js', css: ['assets/home-b.css'], imports: ['src/entry-client.tsx', '_shared.js'] },
      '_shared.js': { file: 'assets/shared-c.js', css: ['assets/shared-c.css'] },
    };
    expect(stylesheetTags('src/content/home.ts', '/FDC3/', manifest)).toEqual([
      '<link rel="stylesheet" href="/FDC3/assets/home-b.css">',
      '<link rel="stylesheet" href="/FDC3/assets/shared-c.css">',
    ]);
    expect(stylesheetTags('src/content/home.ts', '/', manifest)[0]).toBe('<link rel="stylesheet" href="/assets/home-b.css">');
  });

  it('is deterministic', () => {
    expect(render(page.path, site, routes, page, sidebar)).toEqual(render(page.path, site, routes, page, sidebar));
  });
});

describe('hydration', () => {
  let root: Root | null = null;
  afterEach(() => {
    if (root) act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  it('hydrates the server HTML without warnings, in either colour mode', () => {
    for (const mode of ['light', 'dark'] as const) {
      document.documentElement.dataset.theme = mode;
      const hydrated = hydrateServerHtml(site, routes, page, sidebar);
      root = hydrated.root;
      expect(hydrated.errors).toEqual([]);
      expect(hydrated.warnings).toEqual([]);
      expect(document.querySelector('h1')?.textContent).toBe('API Specification');
      act(() => root?.unmount());
      root = null;
    }
  });
});
