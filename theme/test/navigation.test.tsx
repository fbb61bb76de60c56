import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageData, RouteManifest } from '../src/generated/contract';
import { ClientApp, SPINNER_DELAY_MS } from '../src/app/ClientApp';
import { clearChunkCache } from '../src/lib/chunks';
import { click, mount } from './render';
import { homePage, notFoundPage, page, routes, sidebar, site } from './fixtures';

const start: PageData = {
  ...homePage,
  path: '/start',
  title: 'Start',
  hideTitle: false,
  content: [
    { t: 'a', a: { href: '/docs/fdc3-intro' }, c: ['intro'] },
    { t: 'a', a: { href: '/nowhere' }, c: ['nowhere'] },
    { t: 'a', a: { href: '/docs/fdc3-intro/' }, c: ['slash'] },
    { t: 'a', a: { href: '/broken' }, c: ['broken'] },
    { t: 'a', a: { href: '/offline' }, c: ['offline'] },
    { t: 'a', a: { href: '/start#part' }, c: ['part'] },
  ],
};
const intro: PageData = { ...page, path: '/docs/fdc3-intro', title: 'Introduction', content: ['Intro text'] };
const testRoutes: RouteManifest = {
  ...routes,
  routes: {
    ...routes.routes,
    '/start': { kind: 'page', version: null, chunk: '/data/start.json', sidebar: null },
    '/broken': { kind: 'page', version: null, chunk: '/data/broken.json', sidebar: null },
    '/offline': { kind: 'page', version: null, chunk: '/data/offline.json', sidebar: null },
  },
};
const chunks: Record<string, unknown> = {
  '/data/intro.json': intro,
  '/data/sidebar-2.2.json': sidebar,
  '/data/404.json': notFoundPage,
};

type Deferred = { url: string; resolve: () => void };
let pending: Deferred[] = [];
/** While true, `/data/offline.json` fails like a fetch without network. */
let offline = true;
const offlinePage: PageData = { ...start, path: '/offline', title: 'Offline page', content: ['Back online'] };

beforeEach(() => {
  clearChunkCache();
  pending = [];
  offline = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string) =>
        new Promise<Response>((resolve, reject) => {
          pending.push({
            url,
            resolve: () => {
              if (url === '/data/offline.json') {
                if (offline) reject(new TypeError('Failed to fetch'));
                else resolve(new Response(JSON.stringify(offlinePage), { status: 200 }));
                return;
              }
              resolve(
                url in chunks
                  ? new Response(JSON.stringify(chunks[url]), { status: 200 })
                  : new Response('missing', { status: 500 }),
              );
            },
          });
        }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function settle(): Promise<void> {
  await act(async () => {
    for (const request of pending.splice(0)) request.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function app() {
  return mount(
    <MemoryRouter initialEntries={['/start']}>
      <ClientApp site={site} routes={testRoutes} initial={{ path: '/start', page: start, sidebar: null }} />
    </MemoryRouter>,
  );
}

function link(root: HTMLElement, text: string): HTMLAnchorElement {
  const found = Array.from(root.querySelectorAll('a')).find((a) => a.textContent === text);
  if (!found) throw new Error(`no link ${text}`);
  return found;
}

describe('client navigation', () => {
  it('keeps the old page until the new page and sidebar chunks have loaded', async () => {
    const root = app();
    click(link(root, 'intro'));
    expect(root.querySelector('h1')?.textContent).toBe('Start');
    expect(pending.map((request) => request.url).sort()).toEqual(['/data/intro.json', '/data/sidebar-2.2.json']);
    await settle();
    expect(root.querySelector('h1')?.textContent).toBe('Introduction');
    expect(root.textContent).toContain('Intro text');
    expect(document.title).toBe('Introduction | FDC3');
  });

  it('leaves a link to a path that is no route to the browser (a file in static/, a redirect page)', async () => {
    const root = app();
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      link(root, 'nowhere').dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(false);
    expect(pending).toEqual([]);
    await settle();
    expect(root.querySelector('h1')?.textContent).toBe('Start');
  });

  it('normalises a trailing slash to the route', async () => {
    const root = app();
    click(link(root, 'slash'));
    await settle();
    expect(root.querySelector('h1')?.textContent).toBe('Introduction');
  });

  it('reuses chunks it has already loaded', async () => {
    const root = app();
    click(link(root, 'intro'));
    await settle();
    const calls = vi.mocked(fetch).mock.calls.length;
    click(root.querySelector('a[href="/docs/api/supported-platforms"]'));
    await settle();
    click(root.querySelector('a[href="/docs/fdc3-intro"]'));
    await settle();
    // Back on the intro page: its chunk came from the cache, not the network.
    expect(vi.mocked(fetch).mock.calls.slice(calls).map((call) => call[0])).not.toContain('/data/intro.json');
  });

  it('warns and reloads the page when a chunk fails to load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as unknown as Location);
    const root = app();
    click(link(root, 'broken'));
    await settle();
    expect(warn).toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith('/broken');
    expect(root.querySelector('h1')?.textContent).toBe('Start');
  });

  it('shows the error with Retry when the network fails, and Retry loads the page once it is back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as unknown as Location);
    const root = app();
    click(link(root, 'offline'));
    await settle();
    expect(assign).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    expect(root.querySelector('[role="alert"] h1')?.textContent).toBe('This page could not be loaded.');
    expect(root.textContent).toContain('Failed to fetch');
    offline = false;
    const retry = Array.from(root.querySelectorAll('button')).find((b) => b.textContent === 'Retry');
    click(retry ?? null);
    expect(root.querySelector('[role="alert"] button')?.textContent).toBe('Retrying…');
    await settle();
    expect(root.querySelector('h1')?.textContent).toBe('Offline page');
    expect(root.textContent).toContain('Back online');
  });

  it('replaces the old page with a spinner once a load takes longer than the spinner delay', async () => {
    vi.useFakeTimers();
    try {
      const root = app();
      click(link(root, 'intro'));
      act(() => {
        vi.advanceTimersByTime(SPINNER_DELAY_MS - 10);
      });
      expect(root.querySelector('[role="status"]')).toBeNull();
      expect(root.querySelector('h1')?.textContent).toBe('Start');
      act(() => {
        vi.advanceTimersByTime(20);
      });
      expect(root.querySelector('[role="status"]')?.textContent).toBe('Loading…');
      expect(root.querySelector('h1')).toBeNull();
      vi.useRealTimers();
      await settle();
      expect(root.querySelector('[role="status"]')).toBeNull();
      expect(root.querySelector('h1')?.textContent).toBe('Introduction');
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a page view for each new address when analytics is configured, and none otherwise', async () => {
    const gtag = vi.fn();
    vi.stubGlobal('gtag', gtag);
    const analyticsSite = { ...site, analytics: { trackingId: 'G-TEST', anonymizeIp: true } };
    const root = mount(
      <MemoryRouter initialEntries={['/start']}>
        <ClientApp site={analyticsSite} routes={testRoutes} initial={{ path: '/start', page: start, sidebar: null }} />
      </MemoryRouter>,
    );
    click(link(root, 'part'));
    await settle();
    await vi.waitFor(() => expect(gtag).toHaveBeenCalledWith('event', 'page_view', expect.objectContaining({ page_path: '/start#part' })));
    click(link(root, 'intro'));
    await settle();
    await vi.waitFor(() => expect(gtag).toHaveBeenCalledWith('set', 'page_path', '/docs/fdc3-intro'));
    expect(gtag.mock.calls.filter((call) => call[1] === 'page_view')).toHaveLength(2);

    gtag.mockClear();
    const plain = app();
    click(link(plain, 'intro'));
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gtag).not.toHaveBeenCalled();
  });
});
