import { describe, expect, it, vi } from 'vitest';
import { createHostedBackend, facetFilters, groupHits, hosts, resultUrl, type DocSearchHit } from '../src/search/hosted';
import { createLocalBackend, matchesQuery, parseHeadingPaths, toPageResult, type PagefindApi } from '../src/search/local';
import { sanitizeExcerpt } from '../src/search/sanitize';
import { SearchUnavailableError } from '../src/search/types';
import { isSearchShortcut } from '../src/components/SearchBar';
import type { HostedSearchData } from '../src/generated/contract';

const hosted: HostedSearchData = {
  appId: 'APP',
  apiKey: 'KEY',
  indexName: 'fdc3',
  contextualSearch: true,
  externalUrlRegex: 'github\\.com',
  replaceFrom: '^/old-docs/',
  replaceTo: '/docs/',
};

describe('excerpts', () => {
  it('keeps <mark> and escapes everything else', () => {
    expect(sanitizeExcerpt('call <mark>raiseIntent</mark> <img src=x onerror=alert(1)> &amp; go')).toBe(
      'call <mark>raiseIntent</mark>  &amp; go',
    );
    expect(sanitizeExcerpt('a &lt;b&gt; <script>x</script>')).toBe('a &lt;b&gt; x');
  });
});

describe('local (pagefind) backend', () => {
  it('reads heading paths from the headings meta', () => {
    const paths = parseHeadingPaths('functions=Functions|raiseintent=Functions › raiseIntent');
    expect(paths.get('raiseintent')).toEqual(['Functions', 'raiseIntent']);
  });

  it('maps sub-results to hits with their heading path', () => {
    const page = toPageResult({
      url: '/docs/api/ref/DesktopAgent',
      excerpt: 'the <mark>intent</mark>',
      meta: { title: 'DesktopAgent', headings: 'raiseintent=Functions › raiseIntent' },
      sub_results: [
        { title: 'raiseIntent', url: '/docs/api/ref/DesktopAgent#raiseintent', excerpt: 'raise an <mark>intent</mark>', anchor: { id: 'raiseintent' } },
        { title: 'DesktopAgent', url: '/docs/api/ref/DesktopAgent', excerpt: 'page text' },
      ],
    });
    expect(page.title).toBe('DesktopAgent');
    expect(page.hits.map((h) => [h.url, h.headings])).toEqual([
      ['/docs/api/ref/DesktopAgent#raiseintent', ['Functions', 'raiseIntent']],
      ['/docs/api/ref/DesktopAgent', []],
    ]);
  });

  it('searches the version being read plus the site pages, and loads pagefind once', async () => {
    const search = vi.fn<PagefindApi['search']>(async () => ({
      results: [1, 2, 3].map((n) => ({
        id: String(n),
        data: async () => ({ url: `/docs/p${n}`, excerpt: 'an <mark>intent</mark>', meta: { title: `P${n}` }, sub_results: [] }),
      })),
    }));
    const api: PagefindApi = { options: async () => undefined, init: async () => undefined, search };
    const load = vi.fn(async () => api);
    const backend = createLocalBackend('/pagefind/', load);
    const response = await backend.search({ query: 'intent', version: '2.1', language: 'en', limit: 2 });
    await backend.search({ query: 'channel', version: '2.1', language: 'en', limit: 2 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('/pagefind/pagefind.js');
    expect(search.mock.calls[0]?.[1]).toEqual({ filters: { version: { any: ['2.1', 'pages'] }, language: 'en' } });
    expect(response.total).toBe(3);
    expect(response.pages.map((p) => p.title)).toEqual(['P1', 'P2']);
  });

  it('does not count pages found only through a one-letter fallback of a nonsense word', () => {
    const page = (excerpt: string) => ({ url: '/p', title: 'P', hits: [{ url: '/p', headings: [], excerpt, external: false }] });
    expect(matchesQuery(page('BMO <mark>X</mark> 9.0'), 'xylophonequokka')).toBe(false);
    expect(matchesQuery(page('the <mark>broadcast</mark> call'), 'broadcst')).toBe(true);
    expect(matchesQuery(page('axis <mark>x</mark>'), 'x')).toBe(true);
  });

  it('reports an unreachable index and retries the load on the next search', async () => {
    const load = vi.fn(async (): Promise<PagefindApi> => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const backend = createLocalBackend('/pagefind/', load);
    await expect(backend.search({ query: 'a', version: '2.2', language: 'en', limit: 5 })).rejects.toBeInstanceOf(SearchUnavailableError);
    await expect(backend.search({ query: 'a', version: '2.2', language: 'en', limit: 5 })).rejects.toBeInstanceOf(SearchUnavailableError);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('hosted (DocSearch) backend', () => {
  it('filters by language and the Docusaurus docs version tag', () => {
    expect(facetFilters('en', '2.2')).toEqual(['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-2.2']]);
  });

  it('rewrites result paths and keeps external URLs absolute', () => {
    expect(resultUrl('https://fdc3.finos.org/old-docs/api/spec#intents', hosted, 'https://fdc3.finos.org')).toEqual({
      url: '/docs/api/spec#intents',
      external: false,
    });
    expect(resultUrl('https://github.com/finos/FDC3', hosted, 'https://fdc3.finos.org')).toEqual({
      url: 'https://github.com/finos/FDC3',
      external: true,
    });
  });

  it('groups hits by page with their heading path', () => {
    const hits: DocSearchHit[] = [
      { url: 'https://x.org/docs/api/ref/Channel#broadcast', hierarchy: { lvl0: 'Docs', lvl1: 'Channel', lvl2: 'Functions', lvl3: 'broadcast' }, _snippetResult: { content: { value: 'send <mark>context</mark>' } } },
      { url: 'https://x.org/docs/api/ref/Channel', hierarchy: { lvl0: 'Docs', lvl1: 'Channel' } },
      { url: 'https://x.org/docs/context/spec', hierarchy: { lvl0: 'Docs', lvl1: 'Context Data' } },
    ];
    const pages = groupHits(hits, hosted, 'https://x.org');
    expect(pages.map((p) => [p.url, p.title, p.hits.length])).toEqual([
      ['/docs/api/ref/Channel', 'Channel', 2],
      ['/docs/context/spec', 'Context Data', 1],
    ]);
    expect(pages[0]?.hits[0]?.headings).toEqual(['Functions', 'broadcast']);
    expect(pages[0]?.hits[0]?.excerpt).toBe('send <mark>context</mark>');
  });

  it('POSTs to the multi-index queries path, falling back host by host', async () => {
    const calls: string[] = [];
    const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push(String(url));
      if (calls.length === 1) throw new TypeError('network down');
      expect(init?.method).toBe('POST');
      const body = JSON.parse(String(init?.body)) as { requests: { indexName: string; query: string; facetFilters: unknown }[] };
      expect(body.requests[0]).toMatchObject({ indexName: 'fdc3', query: 'broadcast', facetFilters: facetFilters('en', 'current') });
      return new Response(JSON.stringify({ results: [{ hits: [], nbHits: 0 }] }), { status: 200 });
    });
    const backend = createHostedBackend(hosted, fetchImpl as typeof fetch, 'https://x.org');
    const response = await backend.search({ query: 'broadcast', version: 'current', language: 'en', limit: 5 });
    expect(response.total).toBe(0);
    expect(calls.map((c) => new URL(c).host)).toEqual(hosts('app').slice(0, 2));
    expect(new URL(calls[1] ?? '').pathname).toBe('/1/indexes/*/queries');
  });

  it('is unavailable when every host is unreachable', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('network down');
    });
    const backend = createHostedBackend(hosted, fetchImpl as unknown as typeof fetch, 'https://x.org');
    await expect(backend.search({ query: 'a', version: '2.2', language: 'en', limit: 5 })).rejects.toBeInstanceOf(SearchUnavailableError);
    expect(fetchImpl).toHaveBeenCalledTimes(4);
  });
});

describe('shortcuts', () => {
  const key = (init: KeyboardEventInit, target?: HTMLElement) => {
    const event = new KeyboardEvent('keydown', init);
    if (target) Object.defineProperty(event, 'target', { value: target });
    return event;
  };
  it('opens on Ctrl+K, Cmd+K and "/", but not "/" while typing', () => {
    expect(isSearchShortcut(key({ key: 'k', ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ key: 'K', metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ key: '/' }, document.body))).toBe(true);
    expect(isSearchShortcut(key({ key: '/' }, document.createElement('input')))).toBe(false);
    expect(isSearchShortcut(key({ key: 'k' }))).toBe(false);
  });
});
