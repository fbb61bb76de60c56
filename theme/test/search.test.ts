import { describe, expect, it, vi } from 'vitest';
import { createHostedBackend, facetFilters, groupHits, hosts, resultUrl, type DocSearchHit } from '../src/search/hosted';
import { conceptsFile, createLocalBackend, groupByPage, matchesQuery, orderPages, pagefindQuery, parseHeadingPaths, toPageResult, type PagefindApi } from '../src/search/local';
import { buildExcerpt, markWord, namesQuery, Tier } from '../src/search/sections';
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

  it('turns a page into its matched sections, the defining heading first, with the page title path', () => {
    // Words: 0 DesktopAgent | 1 intro… | 5 raiseIntent (h3) …
    const raw = 'DesktopAgent The agent API. Use raiseIntent here. raiseIntent Raises an intent. Then resolve.';
    const page = toPageResult(
      {
        url: '/docs/api/ref/DesktopAgent',
        raw_content: raw,
        meta: { title: 'DesktopAgent', headings: 'raiseintent=Functions › raiseIntent', links: 'raiseintent=9' },
        anchors: [{ element: 'h3', id: 'raiseintent', text: 'raiseIntent', location: 7 }],
        weighted_locations: [
          { weight: 1, balanced_score: 5, location: 5 },
          { weight: 8, balanced_score: 40, location: 7 },
        ],
      },
      'raiseIntent',
    );
    expect(page.tier).toBe(Tier.Heading);
    expect(page.inbound).toBe(9);
    expect(page.hits.map((h) => [h.url, h.headings])).toEqual([
      ['/docs/api/ref/DesktopAgent#raiseintent', ['Functions', 'raiseIntent']],
      ['/docs/api/ref/DesktopAgent', []],
    ]);
    // No heading text as a prefix: the section's first sentence.
    expect(page.hits[0]?.excerpt).toBe('Raises an intent.');
    expect(page.hits[1]?.excerpt).toBe('Use <mark>raiseIntent</mark> here.');
  });

  it('merges the records of a long page: a later record has no page top, its sections join the page', () => {
    const first = {
      url: '/docs/api/ref/DesktopAgent',
      raw_content: 'DesktopAgent The agent API. Use raiseIntent here.',
      meta: { title: 'DesktopAgent', headings: '', links: '=3' },
      weighted_locations: [{ weight: 1, balanced_score: 5, location: 5 }],
    };
    const later = {
      url: '/docs/api/ref/DesktopAgent#raiseintent',
      raw_content: 'raiseIntent Raises an intent. Then resolve.',
      meta: { title: 'DesktopAgent', headings: 'raiseintent=Functions › raiseIntent', links: 'raiseintent=9' },
      anchors: [{ element: 'h3', id: 'raiseintent', text: 'raiseIntent', location: 0 }],
      weighted_locations: [{ weight: 8, balanced_score: 40, location: 0 }],
    };
    const other = { url: '/docs/other', raw_content: 'Other raiseIntent', meta: { title: 'Other' }, locations: [1] };
    const groups = groupByPage([later, other, first]);
    expect(groups.map((g) => g.map((r) => r.url))).toEqual([[later.url, first.url], [other.url]]);
    const page = toPageResult(groups[0]!, 'raiseIntent');
    expect(page.url).toBe('/docs/api/ref/DesktopAgent');
    expect(page.title).toBe('DesktopAgent');
    expect(page.tier).toBe(Tier.Heading);
    expect(page.inbound).toBe(9);
    expect(page.hits.map((h) => [h.url, h.headings, h.excerpt])).toEqual([
      ['/docs/api/ref/DesktopAgent#raiseintent', ['Functions', 'raiseIntent'], 'Raises an intent.'],
      ['/docs/api/ref/DesktopAgent', [], 'Use <mark>raiseIntent</mark> here.'],
    ]);
    // A later record alone: no hit at the page top although its first words match the title.
    const alone = toPageResult({ ...later, meta: { ...later.meta, title: 'raiseIntent' } }, 'raiseIntent');
    expect(alone.hits.map((h) => h.url)).toEqual(['/docs/api/ref/DesktopAgent#raiseintent']);
  });

  it('orders pages that define the query first, the most linked-to first, and concepts at the spec', () => {
    const p = (url: string, tier: Tier, inbound = 0) => ({ url, tier, inbound });
    const bridging = p('/docs/agent-bridging/ref/raiseIntent', Tier.Title, 1);
    const reference = p('/docs/api/ref/DesktopAgent', Tier.Heading, 12);
    const mention = p('/docs/guides/x', Tier.Text, 50);
    expect(orderPages([mention, bridging, reference], 'raiseIntent').map((x) => x.url)).toEqual([reference.url, bridging.url, mention.url]);
    const channel = p('/docs/api/ref/Channel', Tier.Heading, 8);
    const spec = p('/docs/api/spec', Tier.Heading, 2);
    expect(orderPages([channel, spec], 'private channel').map((x) => x.url)).toEqual([spec.url, channel.url]);
  });

  it('recognises names: headings, owner.member, context types and concepts', () => {
    expect(namesQuery('raiseIntent', 'raiseintent')).toBe(true);
    expect(namesQuery('raiseIntent (deprecated)', 'raiseIntent')).toBe(false);
    expect(namesQuery('fdc3.instrument', 'fdc3.instrument')).toBe(true);
    expect(namesQuery('fdc3.instrumentList', 'fdc3.instrument')).toBe(false);
    expect(namesQuery('Private Channels', 'private channel')).toBe(true);
    expect(namesQuery('PrivateChannel', 'private channel')).toBe(false);
    expect(namesQuery('Context Data (2.2)', 'context data')).toBe(true);
  });

  it('writes excerpts a person would: whole words marked without punctuation, sentences, no code', () => {
    expect(markWord('fdc3.raiseIntent(intent,', ['raiseIntent'])).toBe('fdc3.<mark>raiseIntent</mark>(intent,');
    expect(markWord('"fdc3.instrument",', ['fdc3.instrument', 'fdc3', 'instrument'])).toBe('&quot;<mark>fdc3.instrument</mark>&quot;,');
    expect(markWord('payload.instrument', ['instrument'])).toBe('payload.<mark>instrument</mark>');
    expect(markWord('(NoAppsFound)', ['noappsfound'])).toBe('(<mark>NoAppsFound</mark>)');
    const words = 'Channel First sentence here. The second names Channel in it. Third one.'.split(' ');
    expect(buildExcerpt(words, { start: 1, end: words.length }, new Set([0, 7]), ['Channel'])).toBe('The second names <mark>Channel</mark> in it.');
    expect(buildExcerpt(words, { start: 1, end: words.length }, new Set([0]), ['Channel'])).toBe('First sentence here.');
  });

  it('searches the version being read plus the site pages, and loads pagefind once', async () => {
    const search = vi.fn<PagefindApi['search']>(async () => ({
      results: [1, 2, 3].map((n) => ({
        id: String(n),
        data: async () => ({ url: `/docs/p${n}`, raw_content: `P${n} an intent`, meta: { title: `P${n}` }, weighted_locations: [{ weight: 1, balanced_score: 1, location: 2 }] }),
      })),
    }));
    const api: PagefindApi = { options: async () => undefined, init: async () => undefined, mergeIndex: async () => undefined, search };
    const load = vi.fn(async () => api);
    const backend = createLocalBackend('/pagefind/', load);
    const response = await backend.search({ query: 'intent', version: '2.1', language: 'en', limit: 2 });
    await backend.search({ query: 'channel', version: '2.1', language: 'en', limit: 2 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('/pagefind/pagefind.js');
    expect(search.mock.calls[0]?.[1]).toEqual({ filters: { version: { any: ['2.1', 'pages'] } } });
    expect(response.total).toBe(3);
    expect(response.pages.map((p) => p.title)).toEqual(['P1', 'P2']);
  });

  it('merges the other parts of an index in parts into the first, once, with the same ranking, before searching', async () => {
    const order: string[] = [];
    const options = vi.fn<PagefindApi['options']>(async () => void order.push('options'));
    const mergeIndex = vi.fn<PagefindApi['mergeIndex']>(async (url) => void order.push(`merge ${url}`));
    const search = vi.fn<PagefindApi['search']>(async () => {
      order.push('search');
      return { results: [] };
    });
    const load = vi.fn(async () => ({ options, init: async () => void order.push('init'), mergeIndex, search }));
    const backend = createLocalBackend('/pagefind/', load, async () => [], ['/pagefind/part-1/', '/pagefind/part-2/']);
    await backend.search({ query: 'intent', version: '2.2', language: 'en', limit: 5 });
    await backend.search({ query: 'channel', version: '2.2', language: 'en', limit: 5 });
    expect(load).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['options', 'init', 'merge /pagefind/part-1/', 'merge /pagefind/part-2/', 'search', 'search']);
    expect(mergeIndex.mock.calls.map((c) => c[1])).toEqual([options.mock.calls[0]?.[0], options.mock.calls[0]?.[0]]);
    // An index of one part merges nothing.
    const single = vi.fn(async () => ({ options, init: async () => undefined, mergeIndex, search }));
    mergeIndex.mockClear();
    await createLocalBackend('/pagefind/', single, async () => []).search({ query: 'intent', version: '2.2', language: 'en', limit: 5 });
    expect(mergeIndex).not.toHaveBeenCalled();
  });

  it('does not count pages found only through a one-letter fallback of a nonsense word', () => {
    const page = (raw: string, location: number) => ({ url: '/p', raw_content: raw, meta: {}, locations: [location] });
    expect(matchesQuery(page('BMO X 9.0', 1), 'xylophonequokka')).toBe(false);
    expect(matchesQuery(page('the broadcast call', 1), 'broadcst')).toBe(true);
    expect(matchesQuery(page('axis x', 1), 'x')).toBe(true);
  });

  it('asks pagefind for an owner and its member as two words, and adds pages holding a concept word for word', async () => {
    expect(pagefindQuery('Channel.broadcast')).toBe('Channel broadcast');
    expect(pagefindQuery('fdc3.instrument')).toBe('fdc3.instrument');
    expect(pagefindQuery('raise an intent')).toBe('raise intent');
    expect(pagefindQuery('the')).toBe('the');
    const page = (id: string) => ({ id, data: async () => ({ url: `/docs/${id}`, raw_content: `${id} context channels`, meta: { title: id }, locations: [1, 2] }) });
    const search = vi.fn<PagefindApi['search']>(async (q) => ({ results: q.startsWith('"') ? [page('b'), page('spec')] : [page('a'), page('b')] }));
    const backend = createLocalBackend('/pagefind/', async () => ({ options: async () => undefined, init: async () => undefined, mergeIndex: async () => undefined, search }), async () => []);
    const response = await backend.search({ query: 'context channels', version: '2.2', language: 'en', limit: 5 });
    expect(search.mock.calls.map((c) => c[0])).toEqual(['context channels', '"context channels"']);
    expect(response.pages.map((p) => p.url)).toEqual(['/docs/a', '/docs/b', '/docs/spec']);
  });

  it("finds a concept's defining sections in the version's concept list, specification pages first, and reads few records", async () => {
    const page = (id: string, n: number) => ({
      id,
      data: async () => ({ url: `/docs/${id}`, raw_content: `${id} desktop agent text`, meta: { title: id }, locations: [1, 2] }),
      n,
    });
    const results = Array.from({ length: 40 }, (_, i) => page(`p${i}`, i));
    const search = vi.fn<PagefindApi['search']>(async () => ({ results }));
    const loadJson = vi.fn(async () => [
      ['/docs/api/ref/DesktopAgent', 'DesktopAgent', 90, [['desktop-agent-api', 'Desktop Agent', 3]]],
      ['/docs/api/spec', 'API Overview (2.2)', 40, [['desktop-agent', 'Desktop Agent', 1], ['standards', 'Standards vs. Implementation', 0]]],
      ['/docs/p3', 'P3', 0, [['x', 'Desktop agents', 0]]],
    ]);
    const backend = createLocalBackend('/pagefind/', async () => ({ options: async () => undefined, init: async () => undefined, mergeIndex: async () => undefined, search }), loadJson);
    const response = await backend.search({ query: 'desktop agent', version: '2.2', language: 'en', limit: 5 });
    expect(loadJson).toHaveBeenCalledWith('/pagefind/concepts/2.2.json');
    expect(response.pages.map((p) => p.hits[0]?.url)).toEqual([
      '/docs/api/spec#desktop-agent',
      '/docs/api/ref/DesktopAgent#desktop-agent-api',
      '/docs/p3#x',
      '/docs/p0',
      '/docs/p1',
    ]);
    // p3 was also found through the index: its defined section leads, its text hit follows.
    expect(response.pages[2]?.hits.map((h) => h.url)).toEqual(['/docs/p3#x', '/docs/p3']);
    // No phrase search and no deep read: the pool of a name query.
    expect(search).toHaveBeenCalledTimes(1);
    expect(conceptsFile('../x y')).toBe('concepts/_.._x_y.json');
    expect(conceptsFile('next')).toBe('concepts/next.json');
  });

  it('ranks a stand-alone page heading with the pages that only mention a name', () => {
    const home = { url: '/', tier: Tier.Heading, inbound: 0, standalone: true };
    const overview = { url: '/docs/conformance/Overview', tier: Tier.Text, inbound: 5, standalone: false };
    const other = { url: '/docs/compliance', tier: Tier.Text, inbound: 9, standalone: false };
    expect(orderPages([overview, home, other], 'conformance').map((p) => p.url)).toEqual([overview.url, home.url, other.url]);
  });

  it('searches every version with "all"', async () => {
    const search = vi.fn<PagefindApi['search']>(async () => ({ results: [] }));
    const backend = createLocalBackend('/pagefind/', async () => ({ options: async () => undefined, init: async () => undefined, mergeIndex: async () => undefined, search }));
    await backend.search({ query: 'intent', version: 'all', language: 'en', limit: 2 });
    expect(search.mock.calls[0]?.[1]).toEqual({ filters: {} });
    expect(facetFilters('en', 'all')).toEqual(['language:en']);
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
