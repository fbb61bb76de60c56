//! The built-in backend: the pagefind index the engine writes to `<baseUrl>pagefind/`.
//! `pagefind.js` is loaded on the first search (or preload), never with the page.
import { SearchUnavailableError, type SearchBackend, type SearchHit, type SearchPageResult, type SearchQuery } from './types';

/** The parts of pagefind's browser API that we use. */
export type PagefindSubResult = {
  title: string;
  url: string;
  excerpt: string;
  anchor?: { id?: string; element?: string };
};
export type PagefindData = {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  sub_results: PagefindSubResult[];
};
export type PagefindApi = {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(
    query: string,
    options: { filters?: Record<string, unknown> },
  ): Promise<{ results: { id: string; data(): Promise<PagefindData> }[] } | null>;
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

/** One pagefind result -> the page and its heading hits. */
export function toPageResult(data: PagefindData): SearchPageResult {
  const paths = parseHeadingPaths(data.meta.headings);
  const hits: SearchHit[] = data.sub_results.map((sub) => {
    const id = sub.anchor?.id;
    const isPage = !sub.url.includes('#');
    return {
      url: sub.url,
      headings: isPage ? [] : ((id ? paths.get(id) : undefined) ?? [sub.title]),
      excerpt: sub.excerpt,
      external: false,
    };
  });
  if (hits.length === 0) hits.push({ url: data.url, headings: [], excerpt: data.excerpt, external: false });
  return { url: data.url, title: data.meta.title ?? data.url, hits };
}

/**
 * Whether a page really matched the query. When a word has no match, pagefind retries with
 * ever shorter prefixes of it, down to one letter, so a nonsense query still "finds" pages
 * through a stray "x". A page counts only if a highlighted word is at least as long as three
 * letters (or the longest query word, if shorter).
 */
export function matchesQuery(page: SearchPageResult, query: string): boolean {
  const longest = Math.max(0, ...query.split(/\s+/).map((w) => w.length));
  const needed = Math.min(3, longest);
  const marks = /<mark>([^<]*)<\/mark>/g;
  return page.hits.some((hit) => {
    for (const m of hit.excerpt.matchAll(marks)) {
      if ((m[1] ?? '').replace(/[^\p{L}\p{N}]/gu, '').length >= needed) return true;
    }
    return false;
  });
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
        await pagefind.options({ baseUrl: '/', excerptLength: 22, ranking: { pageLength: 0.2, termSimilarity: 6 } });
        await pagefind.init();
        return pagefind;
      });
      // A failed load (offline) is retried by the next search.
      api.catch(() => (api = null));
    }
    return api;
  };
  return {
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
        const found = await pagefind.search(query, {
          filters: { version: { any: [version, PAGES_FILTER] }, language },
        });
        const results = found?.results ?? [];
        const loaded = await Promise.all(results.slice(0, limit).map(async (r) => toPageResult(await r.data())));
        const pages = loaded.filter((p) => matchesQuery(p, query));
        return { pages, total: pages.length === 0 ? 0 : results.length - (loaded.length - pages.length) };
      } catch (cause) {
        throw new SearchUnavailableError('Could not fetch search results', { cause });
      }
    },
  };
}
