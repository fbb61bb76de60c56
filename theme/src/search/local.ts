//! The built-in backend: the pagefind index the engine writes to `<baseUrl>pagefind/`.
//! `pagefind.js` is loaded on the first search (or preload), never with the page.
import { ALL_VERSIONS, SearchUnavailableError, type SearchBackend, type SearchHit, type SearchPageResult, type SearchQuery } from './types';

import { isConceptQuery, isSpecPage, rankSections, Tier, type PagefindFragment } from './sections';

/** The parts of pagefind's browser API that we use. */
export type PagefindData = PagefindFragment;
export type PagefindApi = {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
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

/** One pagefind page -> the page, its matched sections best first, and its rank tier. */
export function toPageResult(data: PagefindData, query: string): SearchPageResult & { tier: Tier; inbound: number } {
  const paths = parseHeadingPaths(data.meta.headings);
  const { tier, inbound, sections } = rankSections(data, query);
  const hits: SearchHit[] = sections.map((s) => ({
    url: s.anchor ? `${data.url}#${s.anchor}` : data.url,
    headings: s.anchor ? (paths.get(s.anchor) ?? []) : [],
    excerpt: s.excerpt,
    external: false,
  }));
  const version = data.filters?.version?.[0];
  return { url: data.url, title: data.meta.title ?? data.url, hits, tier, inbound, ...(version && version !== PAGES_FILTER ? { version } : {}) };
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
 */
export function orderPages<T extends { url: string; tier: Tier; inbound: number }>(pages: T[], query: string): T[] {
  const concept = isConceptQuery(query);
  const defines = (p: T) => p.tier < Tier.Text;
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

/** Pages whose sections are read to re-rank pagefind's order (a pool beyond the shown ones). */
const RERANK_POOL = 8;
/**
 * A concept's defining section is often a heading of a long specification page that pagefind
 * ranks below shorter pages using both words: concepts read a larger pool, and pages holding
 * the words as a phrase join it.
 */
const CONCEPT_POOL = 12;
const PHRASE_POOL = 4;

/**
 * What pagefind is asked: `Channel.broadcast` (an owner and its member) as two words, since
 * pagefind reads the dotted token as one word that pages spell apart; the ranking still
 * matches the whole name against `Owner.member` headings.
 */
export function pagefindQuery(query: string): string {
  return query.trim().replace(/^([A-Z][\p{L}\p{N}_$]*)\.([\p{L}_$][\p{L}\p{N}_$]*)$/u, '$1 $2');
}

export type Loader = (url: string) => Promise<PagefindApi>;

const importModule: Loader = (url) => import(/* @vite-ignore */ url) as Promise<PagefindApi>;

export function createLocalBackend(bundle: string, load: Loader = importModule): SearchBackend {
  let api: Promise<PagefindApi> | null = null;
  const ready = () => {
    if (!api) {
      api = load(`${bundle}pagefind.js`).then(async (pagefind) => {
        // Reference pages are long; do not let length bury the page that defines a term.
        // API names are compound words: `raiseIntent` must rank the pages about raiseIntent
        // above one that mentions raiseIntentRequest, raiseIntentResponse… many times, so
        // exact matches count far more than longer words that merely start with the query.
        await pagefind.options({ baseUrl: '/', ranking: { pageLength: 0.2, termSimilarity: 6 } });
        await pagefind.init();
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
        const filters = version === ALL_VERSIONS ? { language } : { version: { any: [version, PAGES_FILTER] }, language };
        const found = await pagefind.search(pagefindQuery(query), { filters });
        const results = found?.results ?? [];
        const concept = isConceptQuery(query);
        const pool = results.slice(0, Math.max(limit, concept ? CONCEPT_POOL : RERANK_POOL));
        // A concept is often defined by a heading that says it word for word on a long page
        // that pagefind ranks low among the many pages using both words: pages holding the
        // exact phrase join the pool.
        if (concept) {
          const phrase = await pagefind.search(`"${query.trim()}"`, { filters });
          const seen = new Set(pool.map((r) => r.id));
          pool.push(...(phrase?.results ?? []).filter((r) => !seen.has(r.id)).slice(0, PHRASE_POOL));
        }
        const datas = await Promise.all(pool.map((r) => r.data()));
        const kept = datas.filter((d) => matchesQuery(d, query));
        const pages = orderPages(
          kept.map((d) => toPageResult(d, query)),
          query,
        )
          .slice(0, limit)
          .map(({ tier: _tier, inbound: _inbound, ...page }) => page);
        return { pages, total: kept.length === 0 ? 0 : results.length - (datas.length - kept.length) };
      } catch (cause) {
        throw new SearchUnavailableError('Could not fetch search results', { cause });
      }
    },
  };
}
