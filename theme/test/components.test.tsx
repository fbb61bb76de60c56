import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AnnouncementBar } from '../src/app/announcementBar';
import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY } from '../src/components/AnnouncementBar/keys';
import { DocFooter } from '../src/components/DocFooter';
import { renderToString } from 'react-dom/server';
import { DocSidebar } from '../src/components/DocSidebar';
import { renderHead, updateDocumentHead } from '../src/app/head';
import { errorChain, PageErrorBoundary } from '../src/components/ErrorBoundary';
import { Footer } from '../src/components/Footer';
import { buildTocTree } from '../src/components/TableOfContents';
import { useColorMode } from '../src/contexts/ColorMode';
import { usePageData, useSidebar } from '../src/contexts/PageData';
import { usePreferredVersion } from '../src/contexts/PreferredVersion';
import { useSiteData } from '../src/contexts/SiteData';
import { click, mount, withProviders } from './render';
import { page, sidebar, site } from './fixtures';

describe('contexts', () => {
  it.each([
    ['useSiteData', useSiteData, 'SiteDataProvider'],
    ['usePageData', usePageData, 'PageDataProvider'],
    ['useSidebar', useSidebar, 'PageDataProvider'],
    ['useColorMode', useColorMode, 'ColorModeProvider'],
    ['usePreferredVersion', usePreferredVersion, 'PreferredVersionProvider'],
  ])('%s() throws a clear error outside its provider', (name, hook, provider) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Probe() {
      hook();
      return null;
    }
    expect(() => mount(<Probe />)).toThrow(`${name}() must be used inside <${provider}>`);
    error.mockRestore();
  });
});

describe('page crash screen', () => {
  it('shows the message and cause chain, and "Try again" renders the page again', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    function Page() {
      if (fail) throw new Error('Cannot read the page', { cause: new Error('chunk was empty') });
      return <p>Recovered</p>;
    }
    const root = mount(
      <PageErrorBoundary>
        <Page />
      </PageErrorBoundary>,
    );
    expect(root.querySelector('h1')?.textContent).toBe('This page crashed.');
    expect(root.textContent).toContain('Cannot read the page');
    expect(root.textContent).toContain('chunk was empty');
    fail = false;
    click(Array.from(root.querySelectorAll('button')).find((b) => b.textContent === 'Try again') ?? null);
    expect(root.textContent).toBe('Recovered');
    error.mockRestore();
  });

  it('walks a cause chain without looping', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(errorChain(b)).toEqual(['b', 'a']);
  });
});

describe('announcement bar', () => {
  it('closes, remembers the dismissal, and shows again for a new id', () => {
    const root = mount(withProviders(<AnnouncementBar />));
    expect(root.textContent).toContain('FDC3 2.2 is out!');
    click(root.querySelector('button[aria-label="Close"]'));
    expect(root.textContent).toBe('');
    expect(localStorage.getItem(ANNOUNCEMENT_DISMISS_KEY)).toBe('true');
    expect(localStorage.getItem(ANNOUNCEMENT_ID_KEY)).toBe('fdc3-2.2');

    const again = mount(withProviders(<AnnouncementBar />));
    expect(again.textContent).toBe('');

    const bar = { ...site.announcementBar!, id: 'fdc3-3.0', content: 'FDC3 3.0!' };
    const fresh = mount(withProviders(<AnnouncementBar />, { site: { ...site, announcementBar: bar } }));
    expect(fresh.textContent).toContain('FDC3 3.0!');
    expect(localStorage.getItem(ANNOUNCEMENT_DISMISS_KEY)).toBeNull();
  });
});

describe('doc sidebar', () => {
  it('highlights the current page and expands the category holding it', () => {
    const root = mount(withProviders(<DocSidebar />));
    const current = root.querySelector('a[aria-current="page"]');
    expect(current?.textContent).toBe('API Specification');
    const toggles = root.querySelectorAll('button[aria-expanded]');
    expect(toggles[0]?.getAttribute('aria-expanded')).toBe('true'); // API: holds the page
    expect(toggles[1]?.getAttribute('aria-label')).toBe("Expand sidebar category 'Context Data'");
    expect(toggles[1]?.getAttribute('aria-expanded')).toBe('false');
    expect(root.querySelector('a[href="/docs/context/spec"]')?.textContent).toBe('Context Data');
    click(toggles[1] ?? null);
    expect(toggles[1]?.getAttribute('aria-expanded')).toBe('true');
  });

  it("renders a closed category's items once it opens, and keeps them when it closes (as Docusaurus's lazy categories)", () => {
    const root = mount(withProviders(<DocSidebar />));
    expect(root.querySelector('a[href="/docs/api/supported-platforms"]')).not.toBeNull(); // on the path to the page
    expect(root.querySelector('a[href="/docs/context/ref/Instrument"]')).toBeNull(); // closed, never opened
    const toggle = root.querySelectorAll('button[aria-expanded]')[1] ?? null;
    click(toggle);
    expect(toggle?.getAttribute('aria-expanded')).toBe('true');
    expect(root.querySelector('a[href="/docs/context/ref/Instrument"]')?.textContent).toBe('Instrument');
    click(toggle);
    expect(toggle?.getAttribute('aria-expanded')).toBe('false');
    expect(root.querySelector('a[href="/docs/context/ref/Instrument"]')).not.toBeNull();
  });

  it('pre-renders the top level and the path to the page, not the items of closed categories', () => {
    const html = renderToString(withProviders(<DocSidebar />));
    expect(html).toContain('Introduction');
    expect(html).toContain('Supported Platforms');
    expect(html).toContain('Context Data');
    expect(html).not.toContain('Instrument');
  });
});

describe('footer', () => {
  it('renders columns, opens external links in a new tab, and the copyright HTML', () => {
    const root = mount(withProviders(<Footer />));
    expect(root.textContent).toContain('Docs');
    const finos = Array.from(root.querySelectorAll('a')).find((a) => a.textContent === 'FINOS');
    expect(finos?.getAttribute('target')).toBe('_blank');
    expect(finos?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(root.innerHTML).toContain('Copyright © 2019-2025 <a href="https://www.finos.org">FINOS</a>');
  });

  it('renders html items as they are configured', () => {
    const footer = site.footer ? { ...site.footer, columns: [{ title: 'More', items: [{ html: '<img src="/badge.svg" alt="Badge">' }] }] } : null;
    const root = mount(withProviders(<Footer />, { site: { ...site, footer } }));
    expect(root.querySelector('li img[alt="Badge"]')?.getAttribute('src')).toBe('/badge.svg');
  });

  it('marks external links only: an href to a path of the site has no external mark (as in Docusaurus)', () => {
    const link = (label: string, href: string) => ({ label, to: null, href, activeBasePath: null, activeBaseRegex: null });
    const footer = site.footer ? { ...site.footer, columns: [{ title: 'More', items: [link('Training', '/training'), link('Slack', 'https://slack.example.org')] }] } : null;
    const root = mount(withProviders(<Footer />, { site: { ...site, footer } }));
    const anchors = Array.from(root.querySelectorAll('a'));
    expect(anchors.find((a) => a.textContent === 'Training')?.querySelector('svg')).toBeNull();
    expect(anchors.find((a) => a.textContent === 'Slack')?.querySelector('svg')).not.toBeNull();
  });
});

describe('doc footer', () => {
  it('lists the tags as links and links "Edit this page" to the edit URL', () => {
    const tagged = { ...page, tags: [{ label: 'Intents', href: '/docs/tags/intents' }], editUrl: 'https://github.com/o/r/edit/main/docs/api/spec.md' };
    const root = mount(withProviders(<DocFooter />, { page: tagged }));
    expect(root.querySelector('a[href="/docs/tags/intents"]')?.textContent).toBe('Intents');
    const edit = Array.from(root.querySelectorAll('a')).find((a) => a.textContent === 'Edit this page');
    expect(edit?.getAttribute('href')).toBe('https://github.com/o/r/edit/main/docs/api/spec.md');
    expect(edit?.getAttribute('target')).toBe('_blank');
  });

  it('renders nothing without tags or edit URL', () => {
    const root = mount(withProviders(<DocFooter />));
    expect(root.innerHTML).toBe('');
  });
});

describe('sidebar classes and unlisted pages', () => {
  it('gives an item its className and never the text "undefined"', () => {
    const items = sidebar.items.map((i) => (i.type === 'doc' ? { ...i, className: 'red' } : i));
    const root = mount(withProviders(<DocSidebar />, { sidebar: { ...sidebar, items } }));
    expect(root.querySelector('li.red a')?.textContent).toBe('Introduction');
    expect(root.innerHTML).not.toContain('undefined');
  });

  it('shows an unlisted doc only on its own page, and a category whose page is unlisted without a link', () => {
    const items = [
      ...sidebar.items,
      { type: 'doc' as const, label: 'Hidden', href: '/docs/hidden', docId: 'hidden', className: null, unlisted: true },
      {
        type: 'category' as const,
        label: 'Secret group',
        href: '/docs/secret-index',
        linkUnlisted: true,
        collapsed: false,
        collapsible: true,
        className: null,
        items: [{ type: 'doc' as const, label: 'Secret child', href: '/docs/secret-child', docId: 'secret-child', className: null, unlisted: true }],
      },
    ];
    const elsewhere = mount(withProviders(<DocSidebar />, { sidebar: { ...sidebar, items } }));
    expect(elsewhere.textContent).not.toContain('Hidden');
    expect(elsewhere.textContent).not.toContain('Secret group');
    const own = mount(withProviders(<DocSidebar />, { sidebar: { ...sidebar, items }, page: { ...page, path: '/docs/hidden' } }));
    expect(own.querySelector('a[aria-current="page"]')?.textContent).toBe('Hidden');
    const child = mount(withProviders(<DocSidebar />, { sidebar: { ...sidebar, items }, page: { ...page, path: '/docs/secret-child' } }));
    expect(child.textContent).toContain('Secret group');
    expect(child.querySelector('a[href="/docs/secret-index"]')).toBeNull();
    expect(child.querySelector('a[aria-current="page"]')?.textContent).toBe('Secret child');
  });

  it('marks an unlisted page noindex in its head', () => {
    expect(renderHead(site, { ...page, unlisted: true })).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(renderHead(site, page)).not.toContain('robots');
  });

  it('adds and removes the robots and keywords tags when the client navigates', () => {
    const listed = { ...page, keywords: [] };
    document.head.innerHTML = renderHead(site, listed);
    const robots = () => Array.from(document.head.querySelectorAll('meta[name="robots"]')).map((m) => m.getAttribute('content'));
    updateDocumentHead(site, { ...listed, unlisted: true, keywords: ['intents'] });
    expect(robots()).toEqual(['noindex, nofollow']);
    expect(document.head.querySelector('meta[name="keywords"]')?.getAttribute('content')).toBe('intents');
    updateDocumentHead(site, { ...listed, unlisted: true });
    expect(robots()).toEqual(['noindex, nofollow']);
    updateDocumentHead(site, listed);
    expect(robots()).toEqual([]);
    expect(document.head.querySelector('meta[name="keywords"]')).toBeNull();
    // The tags stay in the order the server writes them.
    const server = document.createElement('head');
    server.innerHTML = renderHead(site, listed);
    expect(document.head.innerHTML.replace(/\n/g, '')).toBe(server.innerHTML.replace(/\n/g, ''));
  });
});

describe('table of contents', () => {
  it('nests entries by level', () => {
    const tree = buildTocTree([
      { id: 'a', text: 'A', level: 2 },
      { id: 'b', text: 'B', level: 3 },
      { id: 'c', text: 'C', level: 3 },
      { id: 'd', text: 'D', level: 2 },
    ]);
    expect(tree.map((node) => [node.id, node.children.map((child) => child.id)])).toEqual([
      ['a', ['b', 'c']],
      ['d', []],
    ]);
  });
});
