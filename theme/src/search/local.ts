//! The built-in backend: the pagefind index the engine writes to `<baseUrl>pagefind/`.
//! `pagefind.js` is loaded on the first search (or preload), never with the page.
import { ALL_VERSIONS, SearchUnavailableError, type SearchBackend, type SearchHit, type SearchPageResult, type SearchQuery } from './types';

import { isConceptQuery, isSpecPage, namesQuery, rankSections, recordPage, Tier, type PagefindFragment, type RankedSection } from './sections';

/** The parts of pagefind's browser API that we use. */
export type PagefindData = PagefindFragment;
export type PagefindApi = {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  /** Adds the index of another bundle (a part of an index in parts) to every search. */
  mergeIndex(url: string, options: Record<string, unknown>): Promise<void>;
  search(
    query: string,
    options: { filters?: Record<string, unknown> },
  ): Promise<{ results: { id: string; score?: number; data(): Promise<PagefindData> }[] } | null>;
};

/** Filter value of stand-alone pages (home, community…), always searched with any version. */
export const PAGES_FILTER = 'pages';

/** `id=A › B|…` entries of the `headings` meta field -> id -> heading path. */
export function parseHeadingPaths(meta: string | undefined): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  for (const entry of (meta ?? '').split('|')) {
    const eq = entry.indexOf('=');
    if (eq > 0) paths.set(entry.slice(0, eq), entry.slice(eq + 1).split(' › '));
  }
  return paths;
}

/**
 * The records found of one page (pagefind's order) -> the page, its matched sections best
 * first, and its rank tier (that of its best section).
 */
export function toPageResult(records: PagefindData | PagefindData[], query: string): SearchPageResult & { tier: Tier; inbound: number; standalone: boolean } {
  const list = Array.isArray(records) ? records : [records];
  const data = list[0]!;
  const url = recordPage(data.url);
  const paths = new Map<string, string[]>();
  const sections: RankedSection[] = [];
  for (const record of list) {
    for (const [id, path] of parseHeadingPaths(record.meta.headings)) paths.set(id, path);
    sections.push(...rankSections(record, query).sections);
  }
  sections.sort((a, b) => a.tier - b.tier || b.score - a.score);
  const hits: SearchHit[] = sections.map((s) => ({
    url: s.anchor ? `${url}#${s.anchor}` : url,
    headings: s.anchor ? (paths.get(s.anchor) ?? []) : [],
    excerpt: s.excerpt,
    external: false,
  }));
  const version = data.filters?.version?.[0];
  const best = sections[0];
  return {
    url,
    title: data.meta.title ?? url,
    hits,
    tier: best?.tier ?? Tier.Text,
    inbound: best?.inbound ?? 0,
    standalone: version === PAGES_FILTER,
    ...(version && version !== PAGES_FILTER ? { version } : {}),
  };
}

/** Records -> their pages' records, in the order each page first appears. */
export function groupByPage(records: PagefindData[]): PagefindData[][] {
  const pages = new Map<string, PagefindData[]>();
  for (const record of records) {
    const url = recordPage(record.url);
    const group = pages.get(url);
    if (group) group.push(record);
    else pages.set(url, [record]);
  }
  return [...pages.values()];
}

/**
 * Whether a page really matched the query. When a word has no match, pagefind retries with
 * ever shorter prefixes of it, down to one letter, so a nonsense query still "finds" pages
 * through a stray "x". A page counts only if a matched word is at least three letters long
 * (or as long as the longest query word, if shorter).
 */
export function matchesQuery(data: PagefindData, query: string): boolean {
  const longest = Math.max(0, ...query.split(/\s+/).map((w) => w.length));
  const needed = Math.min(3, longest);
  const words = (data.raw_content ?? data.content ?? '').split(/[^\S\uFEFF]+/);
  const locations = data.weighted_locations?.map((l) => l.location) ?? data.locations ?? [];
  const terms = query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return locations.some((at) => {
    const runs = (words[at] ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    return runs.some((r) => r.length >= needed && terms.some((t) => r.startsWith(t.slice(0, Math.max(needed, 1))) || t.startsWith(r)));
  });
}

/**
 * Page order: pages with a section that defines the query (its title, the page's own name,
 * a heading, a table key) come first. Among those, for a concept a specification page's
 * heading leads; then the section the site's own pages link to most (the reference entry
 * of a name, not a page that shares it), then the tier; pagefind's order decides the rest.
 * A stand-alone page (home, community) introduces what the docs define: its sections never
 * count as defining a name (`conformance` is the conformance overview, not the home page's
 * paragraph about it).
 */
export function orderPages<T extends { url: string; tier: Tier; inbound: number; standalone?: boolean }>(pages: T[], query: string): T[] {
  const concept = isConceptQuery(query);
  const defines = (p: T) => p.tier < Tier.Text && !p.standalone;
  const spec = (p: T) => (concept && p.tier <= Tier.Heading && isSpecPage(p.url) ? 0 : 1);
  return pages
    .map((p, i) => ({ p, i }))
    .sort((a, b) => {
      const da = defines(a.p);
      const db = defines(b.p);
      if (da !== db) return da ? -1 : 1;
      if (!da) return a.i - b.i;
      return spec(a.p) - spec(b.p) || b.p.inbound - a.p.inbound || a.p.tier - b.p.tier || a.i - b.i;
    })
    .map(({ p }) => p);
}

/**
 * Records (pages, or runs of a long page's sections) whose sections are read to re-rank
 * pagefind's order: a pool beyond the shown pages. Each costs a download (its fragment, 1-3
 * KB): the first search must stay within 150 KB (DESIGN §8, bench/search-relevance.mjs).
 */
const RERANK_POOL = 8;
/**
 * A concept that no heading or title of the version's concept list names (`raise an intent`)
 * may still be defined by a section that pagefind ranks below shorter pages using the same
 * words: such a query reads a batch of records, and a few records holding the words as a
 * phrase join it. Every record read is a fragment of the first search's budget (the concept
 * list, index chunks for several words and these fragments stay within 150 KB): 7, since the
 * words of `raise an intent` came to span three index chunks instead of two (pagefind's
 * chunks follow the text; `bench/search-relevance.mjs --gate` measures it).
 */
const CONCEPT_PAGES = 7;
const CONCEPT_RECORDS = 7;
const PHRASE_PAGES = 3;
const PHRASE_RECORDS = 4;
const BATCH = 12;

type Found = { id: string; data(): Promise<PagefindData> };

/**
 * Reads records of `found` in order, a batch at a time, until `pages` holds `wantPages` more
 * pages than before or `most` records were read; returns them.
 */
async function readRecords(found: Found[], pages: Set<string>, wantPages: number, most: number): Promise<PagefindData[]> {
  const before = pages.size;
  const read: PagefindData[] = [];
  for (let at = 0; at < Math.min(found.length, most) && pages.size - before < wantPages; at += BATCH) {
    const batch = found.slice(at, Math.min(most, at + BATCH));
    for (const data of await Promise.all(batch.map((r) => r.data()))) {
      read.push(data);
      pages.add(recordPage(data.url));
    }
  }
  return read;
}

/**
 * What pagefind is asked: `Channel.broadcast` (an owner and its member) as two words, since
 * pagefind reads the dotted token as one word that pages spell apart; the ranking still
 * matches the whole name against `Owner.member` headings.
 */
export function pagefindQuery(query: string): string {
  const q = query.trim().replace(/^([A-Z][\p{L}\p{N}_$]*)\.([\p{L}_$][\p{L}\p{N}_$]*)$/u, '$1 $2');
  // Articles and the like rank nothing, and each word costs its index chunk on the first
  // search: `raise an intent` asks for `raise intent`.
  const words = q.split(/\s+/);
  const kept = words.filter((w) => !STOP_WORDS.has(w.toLowerCase()));
  return kept.length > 0 && kept.length < words.length ? kept.join(' ') : q;
}

/** Words left out of a query sent to pagefind when it has others. */
const STOP_WORDS = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'and', 'or', 'with', 'by']);

/** One page of a version's concept list (the engine's `search::concepts`). */
export type ConceptPage = [route: string, title: string, links: number, headings: [anchor: string, text: string, links: number][]];

/** The concept list of `version` under the bundle (the engine's `concepts_file`). */
export function conceptsFile(version: string): string {
  let name = version.replace(/[^A-Za-z0-9._-]/g, '_');
  if (name === '' || name.startsWith('.')) name = `_${name}`;
  return `concepts/${name}.json`;
}

/**
 * The pages of a concept list with a section whose heading (or the page's title) names the
 * concept `query`, that section first: specification pages first, then by the links of the
 * site's pages to the section (as `orderPages` orders defining sections). No excerpts: the
 * records read from the index supply them where they hold the section.
 */
export function conceptPages(list: ConceptPage[], query: string, version: string): (SearchPageResult & { spec: boolean; inbound: number })[] {
  const found: (SearchPageResult & { spec: boolean; inbound: number })[] = [];
  for (const [route, title, links, headings] of list) {
    const hits: SearchHit[] = [];
    let inbound = 0;
    // "App Directory Overview (2.2)" is the page about the app directory.
    if (namesQuery(title, query) || namesQuery(title.replace(/\s+Overview(\s*\(\d+(\.\d+)*\))?$/, ''), query)) {
      hits.push({ url: route, headings: [], excerpt: '', external: false });
      inbound = links;
    }
    for (const [anchor, text, count] of headings) {
      if (!namesQuery(text, query)) continue;
      hits.push({ url: `${route}#${anchor}`, headings: [text], excerpt: '', external: false });
      inbound = Math.max(inbound, count);
    }
    if (hits.length > 0) found.push({ url: route, title, hits, version, spec: isSpecPage(route), inbound });
  }
  return found.sort((a, b) => Number(b.spec) - Number(a.spec) || b.inbound - a.inbound);
}

/**
 * The defined sections first, then the pages found through the index; a page in both keeps
 * its defined sections first (with the index's excerpt where it has one) and then its other
 * sections.
 */
export function withConceptPages(defined: SearchPageResult[], found: SearchPageResult[]): SearchPageResult[] {
  const byUrl = new Map(found.map((p) => [p.url, p]));
  const merged = defined.map((page) => {
    const other = byUrl.get(page.url);
    if (!other) return page;
    const excerpts = new Map(other.hits.map((h) => [h.url, h.excerpt]));
    const mine = new Set(page.hits.map((h) => h.url));
    return {
      ...other,
      hits: [...page.hits.map((h) => ({ ...h, excerpt: excerpts.get(h.url) ?? h.excerpt })), ...other.hits.filter((h) => !mine.has(h.url))],
    };
  });
  const taken = new Set(defined.map((p) => p.url));
  return [...merged, ...found.filter((p) => !taken.has(p.url))];
}

export type Loader = (url: string) => Promise<PagefindApi>;

const importModule: Loader = (url) => import(/* @vite-ignore */ url) as Promise<PagefindApi>;

export type JsonLoader = (url: string) => Promise<unknown>;

const fetchJson: JsonLoader = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
};

/**
 * The backend over the index at `bundle`. A site with many pages has its index in parts
 * (the engine's `search::PART_PAGES`): `parts` are the other parts' bundles, merged into the
 * first one's pagefind on first use, so that every search reads every part (pagefind sorts
 * the parts' results together by score). Each part is fetched only then: its entry file,
 * then for a search its page list, filters and the index chunks of the query's words.
 */
export function createLocalBackend(bundle: string, load: Loader = importModule, loadJson: JsonLoader = fetchJson, parts: readonly string[] = []): SearchBackend {
  let api: Promise<PagefindApi> | null = null;
  // Concept lists by version; a list that cannot be read counts as empty (the index still answers).
  const concepts = new Map<string, Promise<ConceptPage[]>>();
  const conceptList = (version: string) => {
    let list = concepts.get(version);
    if (!list) {
      list = loadJson(`${bundle}${conceptsFile(version)}`).then(
        (v) => (Array.isArray(v) ? (v as ConceptPage[]) : []),
        () => [],
      );
      concepts.set(version, list);
    }
    return list;
  };
  const ready = () => {
    if (!api) {
      api = load(`${bundle}pagefind.js`).then(async (pagefind) => {
        // Reference pages are long; do not let length bury the page that defines a term.
        // API names are compound words: `raiseIntent` must rank the pages about raiseIntent
        // above one that mentions raiseIntentRequest, raiseIntentResponse… many times, so
        // exact matches count far more than longer words that merely start with the query.
        const options = { baseUrl: '/', ranking: { pageLength: 0.2, termSimilarity: 6 } };
        await pagefind.options(options);
        await pagefind.init();
        // Each part ranks with the same options; pagefind keeps them in the order asked.
        await Promise.all(parts.map((part) => pagefind.mergeIndex(part, options)));
        return pagefind;
      });
      // A failed load (offline) is retried by the next search.
      api.catch(() => (api = null));
    }
    return api;
  };
  return {
    // Searching the local index costs no request worth saving: search on every keystroke.
    debounceMs: 0,
    preload() {
      ready().catch(() => {
        // Reported when a search actually runs.
      });
    },
    async search({ query, version, language, limit }: SearchQuery) {
      let pagefind: PagefindApi;
      try {
        pagefind = await ready();
      } catch (cause) {
        throw new SearchUnavailableError('Could not load the search index', { cause });
      }
      try {
        // The index holds one language (the engine builds it for the site's locale), so the
        // language filter would only cost its filter file on the first search.
        void language;
        const filters = version === ALL_VERSIONS ? {} : { version: { any: [version, PAGES_FILTER] } };
        // A concept's defining sections come from the version's concept list, read beside
        // the index; the index then only has to supply the other pages, as for a name.
        const list = isConceptQuery(query) && version !== ALL_VERSIONS ? conceptList(version) : Promise.resolve([]);
        const [found, listed] = await Promise.all([pagefind.search(pagefindQuery(query), { filters }), list]);
        const results = found?.results ?? [];
        const defined = conceptPages(listed, query, version).map(({ spec: _spec, inbound: _inbound, ...page }) => page);
        const concept = isConceptQuery(query) && defined.length === 0;
        const seenPages = new Set<string>();
        const datas = concept
          ? await readRecords(results, seenPages, Math.max(limit, CONCEPT_PAGES), Math.max(limit, CONCEPT_RECORDS))
          : await Promise.all(results.slice(0, Math.max(limit, RERANK_POOL)).map((r) => r.data()));
        const readOfResults = datas.length;
        // A concept is often defined by a heading that says it word for word on a long page
        // that pagefind ranks low among the many pages using both words: pages holding the
        // exact phrase join the pool.
        // (Not when words were left out of the query: the phrase would fetch their chunks.)
        if (concept && pagefindQuery(query) === query.trim()) {
          const phrase = await pagefind.search(`"${query.trim()}"`, { filters });
          const seen = new Set(results.slice(0, readOfResults).map((r) => r.id));
          datas.push(...(await readRecords((phrase?.results ?? []).filter((r) => !seen.has(r.id)), seenPages, PHRASE_PAGES, PHRASE_RECORDS)));
        }
        const matched = datas.filter((d) => matchesQuery(d, query));
        const kept = groupByPage(matched);
        const ordered = orderPages(
          kept.map((records) => toPageResult(records, query)),
          query,
        ).map(({ tier: _tier, inbound: _inbound, standalone: _standalone, ...page }) => page);
        const pages = withConceptPages(defined, ordered).slice(0, limit);
        // The records found (a page, or a run of a page's sections, each; those holding a
        // phrase are among them), less those read that did not really match: the same count
        // for the modal and the search page, which read different numbers of records.
        const dropped = datas.slice(0, readOfResults).filter((d) => !matchesQuery(d, query)).length;
        const total = matched.length === 0 ? 0 : results.length - dropped;
        return { pages, total: Math.max(total, pages.length) };
      } catch (cause) {
        throw new SearchUnavailableError('Could not fetch search results', { cause });
      }
    },
  };
}
